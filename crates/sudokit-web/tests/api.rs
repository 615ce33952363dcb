//! The API over real HTTP on a loopback port: answers, bad input, oversized
//! bodies, the time budget and the concurrency limit.

use std::time::Duration;

use serde_json::{json, Value};
use sudokit_web::Config;

mod support;
use support::{post, request, start, WIKI, WIKI_SOLUTION};

/// The first Frisch 25×25 puzzle: far beyond any small time budget for the
/// plain search.
fn hard_puzzle() -> String {
    let path = std::env::var_os("SUDOKIT_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"))
        })
        .join("frisch_25x25.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find("5 5").unwrap();
    text[start..]
        .lines()
        .take(26)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn page_and_answers() {
    let addr = start(Config::default());
    let (status, _, page) = request(addr, "GET", "/", b"");
    assert_eq!(status, 200);
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains("<title>sudokit</title>"));

    let (status, v) = post(addr, "/api/solve", json!({"puzzle": WIKI}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["solution"]["line"], WIKI_SOLUTION);
    assert_eq!(v["unique"], true);

    let (status, v) = post(addr, "/api/count", json!({"puzzle": ".".repeat(16)}));
    assert_eq!(status, 200);
    assert_eq!(v, json!({"count": "288", "exact": true, "status": "exact"}));

    let rc = "2 3\n2 0 0 0 0 3\n4 0 0 5 2 1\n3 0 6 0 0 0\n0 0 0 3 0 2\n6 3 4 0 0 5\n5 0 0 0 0 6\n";
    let (status, v) = post(addr, "/api/parse", json!({"puzzle": rc}));
    assert_eq!(status, 200);
    assert_eq!(v["grid"]["box"], "2x3");
    assert_eq!(v["givens"], 16);

    let (status, v) = post(addr, "/api/generate", json!({"box": "2x3", "seed": 5}));
    assert_eq!(status, 200, "{v}");
    let puzzle = v["grid"]["line"].as_str().unwrap().to_string();
    let (_, again) = post(addr, "/api/generate", json!({"box": "2x3", "seed": 5}));
    assert_eq!(again["grid"]["line"], puzzle.as_str());
    let (status, v) = post(addr, "/api/solve", json!({"puzzle": puzzle, "box": "2x3"}));
    assert_eq!(status, 200);
    assert_eq!(v["unique"], true);

    let (status, head, svg) = request(
        addr,
        "POST",
        "/api/render",
        json!({"puzzle": WIKI, "solution": true})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("image/svg+xml"));
    assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
}

#[test]
fn bad_input_gets_a_clear_json_error() {
    let addr = start(Config::default());
    let cases = [
        (
            json!({"puzzle": WIKI.replacen('.', "x", 1)}),
            422,
            "bad character 'x'",
        ),
        (json!({"puzzle": &WIKI[..40]}), 422, "wrong cell count"),
        (
            json!({"puzzle": format!("55{}", &WIKI[2..])}),
            422,
            "digit 5 appears twice in row 1",
        ),
        (
            json!({"puzzle": format!("{WIKI}\n{WIKI}")}),
            400,
            "one puzzle per request",
        ),
        (json!({"puzzle": ""}), 400, "no puzzle"),
        (
            json!({"puzzle": WIKI, "colour": "red"}),
            422,
            "unknown field",
        ),
        (json!({"puzzle": WIKI, "box": "0x3"}), 400, "box shape"),
    ];
    for (body, want_status, want_text) in cases {
        let (status, v) = post(addr, "/api/solve", body.clone());
        assert_eq!(status, want_status, "{body} -> {v}");
        let msg = v["error"].as_str().unwrap_or_default();
        assert!(
            msg.contains(want_text),
            "{body}: {msg:?} should say {want_text:?}"
        );
    }
    let (status, _, payload) = request(addr, "POST", "/api/solve", b"{not json");
    assert_eq!(status, 400);
    let v: Value = serde_json::from_slice(&payload).unwrap();
    assert!(v["error"].as_str().unwrap().contains("bad request body"));

    let (status, _, payload) = request(addr, "GET", "/api/nothing", b"");
    assert_eq!(status, 404);
    assert!(serde_json::from_slice::<Value>(&payload).unwrap()["error"].is_string());
}

#[test]
fn oversized_bodies_are_refused() {
    let addr = start(Config {
        max_body: 1024,
        ..Config::default()
    });
    let big = json!({"puzzle": ".".repeat(4096)}).to_string();
    let (status, _, payload) = request(addr, "POST", "/api/solve", big.as_bytes());
    assert_eq!(status, 413);
    let v: Value = serde_json::from_slice(&payload).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("request body too large"),
        "{v}"
    );
}

#[test]
fn counting_stops_at_the_budget_with_a_lower_bound() {
    let addr = start(Config {
        budget: Duration::from_millis(200),
        ..Config::default()
    });
    // Five givens spread over every band and stack: neither band
    // composition nor enumeration finishes it in 0.2 s (nor in 3 s:
    // benchmarks/counting.md).
    let sparse =
        "........37............2......................................4.6.................";
    let (status, v) = post(addr, "/api/count", json!({"puzzle": sparse}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["exact"], false);
    assert!(v["count"].as_str().unwrap().parse::<u128>().is_ok());
}

/// The server counts the empty 9×9's total when it starts, so the live
/// counter's blank board is answered exactly from then on (asked until it
/// is, for at most a minute: this asserts the number, not a time).
#[test]
fn the_empty_board_is_counted_exactly() {
    let addr = start(Config::default());
    for _ in 0..60 {
        let (status, v) = post(addr, "/api/count", json!({"puzzle": ".".repeat(81)}));
        assert_eq!(status, 200, "{v}");
        if v["exact"] == true {
            assert_eq!(v["count"], "6670903752021072936960");
            return;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    panic!("the empty 9×9 was never counted exactly");
}

#[test]
fn over_budget_and_busy_requests_get_503() {
    let addr = start(Config {
        budget: Duration::from_millis(300),
        max_heavy: 1,
        ..Config::default()
    });
    let hard = hard_puzzle();
    let (status, v) = post(addr, "/api/solve", json!({"puzzle": hard}));
    assert_eq!(status, 503, "{v}");
    assert!(v["error"].as_str().unwrap().contains("over budget"), "{v}");
}

/// The over-budget request's work is cancelled: its permit comes back, so
/// with one heavy slot the next request is served instead of refused busy.
#[test]
fn over_budget_work_is_cancelled() {
    let addr = start(Config {
        budget: Duration::from_millis(300),
        max_heavy: 1,
        ..Config::default()
    });
    let (status, _) = post(addr, "/api/solve", json!({"puzzle": hard_puzzle()}));
    assert_eq!(status, 503);
    let served = (0..100).any(|_| {
        let (status, v) = post(addr, "/api/solve", json!({"puzzle": WIKI}));
        if status == 200 {
            assert_eq!(v["solution"]["line"], WIKI_SOLUTION);
            return true;
        }
        assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
        std::thread::sleep(Duration::from_millis(100));
        false
    });
    assert!(served, "the cancelled search never gave its slot back");
}

#[test]
fn hint_explain_and_rate() {
    let addr = start(Config::default());
    // A wrong entry is pointed out first (r1c3 is 4 in the solution).
    let mut entries = vec![0u16; 81];
    entries[2] = 2;
    let (status, v) = post(
        addr,
        "/api/hint",
        json!({"puzzle": WIKI, "entries": entries}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["mistake"], json!({"cell": 2, "digit": 2}));
    assert!(v["explanation"].as_str().unwrap().starts_with("r1c3 = 2"));

    // With a right entry, the next step: its placement agrees with the
    // solution and it names the cells to highlight.
    entries[2] = 4;
    let (status, v) = post(
        addr,
        "/api/hint",
        json!({"puzzle": WIKI, "entries": entries}),
    );
    assert_eq!(status, 200, "{v}");
    let step = &v["step"];
    assert!(!step["explanation"].as_str().unwrap().is_empty(), "{v}");
    assert!(!step["name"].as_str().unwrap().is_empty());
    let placed = step["placements"].as_array().unwrap();
    assert!(
        !placed.is_empty(),
        "a singles puzzle starts with a placement: {v}"
    );
    for p in placed {
        let cell = p["cell"].as_u64().unwrap() as usize;
        assert_ne!(cell, 2);
        let digit = p["digit"].as_u64().unwrap() as u8;
        assert_eq!(WIKI_SOLUTION.as_bytes()[cell], b'0' + digit);
    }
    for u in step["unit_cells"].as_array().unwrap() {
        assert_eq!(u.as_array().unwrap().len(), 9);
    }
    let (status, v) = post(
        addr,
        "/api/hint",
        json!({"puzzle": WIKI, "entries": [1, 2]}),
    );
    assert_eq!(status, 400);
    assert!(v["error"].as_str().unwrap().contains("81 cells"), "{v}");

    // The whole path ends in the solution; singles only, so Easy.
    let (status, v) = post(addr, "/api/explain", json!({"puzzle": WIKI}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["solved"], true);
    let mut grid: Vec<u8> = WIKI.bytes().collect();
    for s in v["steps"].as_array().unwrap() {
        for p in s["placements"].as_array().unwrap() {
            let cell = p["cell"].as_u64().unwrap() as usize;
            assert_eq!(grid[cell], b'.', "placed twice");
            grid[cell] = b'0' + p["digit"].as_u64().unwrap() as u8;
        }
    }
    assert_eq!(String::from_utf8(grid).unwrap(), WIKI_SOLUTION);
    assert_eq!(v["grade"]["level"], "Easy");

    let (status, v) = post(addr, "/api/rate", json!({"puzzle": WIKI}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["level"], "Easy");
    assert!(v["score"].as_u64().unwrap() > 0);

    let (status, v) = post(
        addr,
        "/api/rate",
        json!({"puzzle": "11".to_string() + &".".repeat(79)}),
    );
    assert_eq!(status, 422, "{v}");
}

/// The second puzzle of top1465: with the finned Franken jellyfish turned
/// on, its path takes one (step 9) and its score drops from 49500.
const FRANKEN: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

#[test]
fn opt_in_techniques_join_explain_rate_and_hint() {
    let addr = start(Config::default());
    let with = json!(["finned-franken-jellyfish"]);
    let (status, plain) = post(addr, "/api/rate", json!({"puzzle": FRANKEN}));
    assert_eq!(status, 200, "{plain}");
    let (status, more) = post(
        addr,
        "/api/rate",
        json!({"puzzle": FRANKEN, "techniques": with}),
    );
    assert_eq!(status, 200, "{more}");
    assert_eq!(plain["score"], 49500);
    assert!(more["score"].as_u64().unwrap() < 49500, "{more}");

    let (status, v) = post(
        addr,
        "/api/explain",
        json!({"puzzle": FRANKEN, "techniques": with}),
    );
    assert_eq!(status, 200, "{v}");
    let steps = v["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .any(|s| s["technique"] == "finned-franken-jellyfish"));
    let (_, v) = post(addr, "/api/explain", json!({"puzzle": FRANKEN}));
    assert!(!v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["technique"] == "finned-franken-jellyfish"));

    // A name that is not an opt-in is refused in words, on every case.
    for path in ["/api/explain", "/api/rate", "/api/hint"] {
        let (status, v) = post(
            addr,
            path,
            json!({"puzzle": FRANKEN, "techniques": ["naked-single"]}),
        );
        assert_eq!(status, 400, "{path}: {v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.contains("naked-single is always searched"), "{error}");
        assert!(error.contains("death-blossom"), "{error}");
    }
    let (status, v) = post(
        addr,
        "/api/hint",
        json!({"puzzle": FRANKEN, "techniques": ["template-set"]}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["kind"], "step");

    // The list the server offers is the list it takes, one by one.
    let (status, _, body) = request(addr, "GET", "/api/techniques", b"");
    assert_eq!(status, 200);
    let offered: Vec<Value> = serde_json::from_slice(&body).unwrap();
    assert!(
        offered
            .iter()
            .any(|t| t["key"] == "finned-franken-jellyfish"
                && t["name"] == "Finned Franken Jellyfish")
    );
    assert!(!offered.iter().any(|t| t["key"] == "naked-single"));
    for t in &offered {
        let (status, v) = post(
            addr,
            "/api/rate",
            json!({"puzzle": WIKI, "techniques": [t["key"]]}),
        );
        assert_eq!(status, 200, "{t}: {v}");
    }
}

#[test]
fn generate_by_difficulty_and_pdf() {
    let addr = start(Config {
        budget: Duration::from_secs(20),
        ..Config::default()
    });
    let (status, v) = post(
        addr,
        "/api/generate",
        json!({"box": "3x3", "seed": 3, "difficulty": "medium"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["grade"]["level"], "Medium");
    // The grade is the grader's, recomputed.
    let puzzle = v["grid"]["line"].as_str().unwrap().to_string();
    let (_, rated) = post(addr, "/api/rate", json!({"puzzle": puzzle}));
    assert_eq!(rated["level"], "Medium");
    let (status, v) = post(addr, "/api/generate", json!({"difficulty": "tricky"}));
    assert_eq!(status, 400);
    assert!(v["error"].as_str().unwrap().contains("unknown difficulty"));

    let (status, head, pdf) = request(
        addr,
        "POST",
        "/api/render",
        json!({"puzzle": WIKI, "format": "pdf", "solution": true, "title": "Wiki"})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("application/pdf"));
    assert!(pdf.starts_with(b"%PDF"));
    let pages =
        |pdf: &[u8], needle: &[u8]| pdf.windows(needle.len()).filter(|w| *w == needle).count();
    let count = |pdf: &[u8]| pages(pdf, b"/Type /Page") - pages(pdf, b"/Type /Pages");
    // The puzzle page and the solution page.
    assert_eq!(count(&pdf), 2);
    let (status, _, pdf) = request(
        addr,
        "POST",
        "/api/render",
        json!({"puzzle": WIKI, "format": "pdf"})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(status, 200);
    // Without `solution`, the puzzle page alone.
    assert_eq!(count(&pdf), 1);
}

/// A hint from the player's pencil marks: every empty cell narrowed to its
/// solution digit and one wrong digit. The step must agree with the
/// solution; malformed marks get a 400.
#[test]
fn hint_starts_from_pencil_marks() {
    let addr = start(Config::default());
    let pencil: Vec<Vec<u8>> = WIKI
        .bytes()
        .zip(WIKI_SOLUTION.bytes())
        .map(|(given, sol)| {
            if given != b'.' {
                vec![]
            } else {
                let d = sol - b'0';
                vec![d, d % 9 + 1]
            }
        })
        .collect();
    let (status, v) = post(addr, "/api/hint", json!({"puzzle": WIKI, "pencil": pencil}));
    assert_eq!(status, 200, "{v}");
    let step = &v["step"];
    let digit_at = |cell: u64| (WIKI_SOLUTION.as_bytes()[cell as usize] - b'0') as u64;
    for p in step["placements"].as_array().unwrap() {
        assert_eq!(
            p["digit"].as_u64().unwrap(),
            digit_at(p["cell"].as_u64().unwrap()),
            "{v}"
        );
    }
    for e in step["eliminations"].as_array().unwrap() {
        assert_ne!(
            e["digit"].as_u64().unwrap(),
            digit_at(e["cell"].as_u64().unwrap()),
            "{v}"
        );
        // Only the wrong digit the player kept can be eliminated.
        let cell = e["cell"].as_u64().unwrap() as usize;
        assert_eq!(
            e["digit"].as_u64().unwrap(),
            digit_at(cell as u64) % 9 + 1,
            "{v}"
        );
    }

    let (status, v) = post(addr, "/api/hint", json!({"puzzle": WIKI, "pencil": [[1]]}));
    assert_eq!(status, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("pencil"), "{v}");
    let mut bad = vec![Vec::<u8>::new(); 81];
    bad[2] = vec![10];
    let (status, v) = post(addr, "/api/hint", json!({"puzzle": WIKI, "pencil": bad}));
    assert_eq!(status, 400, "{v}");
}

/// `sudokit serve --site DIR`: the built static site at `/`, its files with
/// their types, nothing outside the folder, and the API beside it.
#[test]
fn serves_a_built_site_beside_the_api() {
    let dir = std::env::temp_dir().join(format!("sudokit-site-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<title>static sudokit</title>").unwrap();
    std::fs::write(dir.join("sudokit_wasm_bg.wasm"), b"\0asm").unwrap();
    let addr = start(Config {
        site: Some(dir.clone()),
        ..Config::default()
    });
    let (status, _, page) = request(addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert_eq!(page, b"<title>static sudokit</title>");
    let (status, head, wasm) = request(addr, "GET", "/sudokit_wasm_bg.wasm", b"");
    assert_eq!(status, 200);
    assert!(
        head.to_ascii_lowercase().contains("application/wasm"),
        "{head}"
    );
    assert_eq!(wasm, b"\0asm");
    for path in ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/missing.js"] {
        assert_eq!(request(addr, "GET", path, b"").0, 404, "{path}");
    }
    let (status, v) = post(addr, "/api/count", json!({"puzzle": ".".repeat(16)}));
    assert_eq!((status, v["count"].as_str()), (200, Some("288")));
    std::fs::remove_dir_all(&dir).ok();
}

/// `sudokit serve --server-engine`: the site's sources compiled in, no
/// WebAssembly among them, `engine.json` telling the worker to use the API,
/// and the service worker's cache named after the files.
#[test]
fn serves_the_compiled_in_site_with_the_http_engine() {
    let addr = start(Config {
        server_engine: true,
        ..Config::default()
    });
    let (status, head, page) = request(addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("text/html"), "{head}");
    let page = String::from_utf8(page).unwrap();
    // The page's scripts, each its own file in the sources.
    let scripts: Vec<&str> = page
        .split(r#"<script src=""#)
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert_eq!(scripts.first(), Some(&"app/state.js"), "{page}");
    assert!(scripts.contains(&"app/main.js"), "{scripts:?}");
    for script in &scripts {
        let (status, head, body) = request(addr, "GET", &format!("/{script}"), b"");
        assert_eq!(status, 200, "{script}");
        assert!(
            head.to_ascii_lowercase().contains("text/javascript"),
            "{script}: {head}"
        );
        assert!(
            String::from_utf8(body).unwrap().contains("\"use strict\";"),
            "{script}"
        );
    }
    for (path, kind) in [
        ("/worker.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/icon-192.png", "image/png"),
    ] {
        let (status, head, body) = request(addr, "GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(head.to_ascii_lowercase().contains(kind), "{path}: {head}");
        assert!(!body.is_empty(), "{path}");
    }
    let (status, _, config) = request(addr, "GET", "/engine.json", b"");
    assert_eq!(status, 200);
    let config: Value = serde_json::from_slice(&config).unwrap();
    assert_eq!(config["engine"], "http");
    let (_, _, sw) = request(addr, "GET", "/sw.js", b"");
    let sw = String::from_utf8(sw).unwrap();
    assert!(sw.contains("const VERSION = \"embedded-"), "{sw}");
    for path in ["/sudokit_wasm_bg.wasm", "/../Cargo.toml", "/api/nothing"] {
        assert_eq!(request(addr, "GET", path, b"").0, 404, "{path}");
    }
}
