//! The page's files as the server sends them: pre-compressed copies chosen
//! by `Accept-Encoding`, answers compressed on the fly otherwise, caching by
//! file name (content-hashed names for good, the entry page and the service
//! worker revalidated, with a 304 when unchanged), and the built app
//! compiled into the binary when it was built first.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use sudokit_web::Config;

mod support;
use support::{dechunk, start};

/// One GET (or POST with `body`) with extra header lines; status, lower-case
/// head, body (de-chunked, still encoded).
fn get(addr: SocketAddr, path: &str, extra: &str, body: Option<&str>) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let (method, body) = match body {
        Some(b) => ("POST", b),
        None => ("GET", ""),
    };
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut payload = raw[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        payload = dechunk(&payload);
    }
    (status, head, payload)
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .map(str::trim)
}

const BR_GZ: &str = "Accept-Encoding: gzip, deflate, br\r\n";

/// A built folder with pre-compressed copies (fake bytes, so which copy was
/// sent is plain to see).
#[test]
fn a_built_folder_sends_its_precompressed_copies_and_caching_by_name() {
    let dir = std::env::temp_dir().join(format!("sudokit-site-enc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in [
        ("index.html", &b"<title>plain</title>"[..]),
        ("index.html.br", b"BROTLI"),
        ("index.html.gz", b"GZIP"),
        ("app.0123abcd45.js", b"let a = 1;"),
        ("sudokit_wasm_bg.89abcdef01.wasm", b"\0asm"),
        ("sudokit_wasm_bg.89abcdef01.wasm.gz", b"GZWASM"),
        ("icon.svg", b"<svg/>"),
    ] {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let addr = start(Config {
        site: Some(dir.clone()),
        ..Config::default()
    });

    let (status, head, body) = get(addr, "/", BR_GZ, None);
    assert_eq!((status, &body[..]), (200, &b"BROTLI"[..]), "{head}");
    assert_eq!(header(&head, "content-encoding"), Some("br"));
    assert_eq!(
        header(&head, "content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    assert_eq!(header(&head, "vary"), Some("accept-encoding"));
    let etag = header(&head, "etag").expect("an ETag").to_string();

    // Unchanged since the browser's copy: 304, no body.
    let (status, _, body) = get(
        addr,
        "/",
        &format!("{BR_GZ}If-None-Match: {etag}\r\n"),
        None,
    );
    assert_eq!((status, body.len()), (304, 0));
    let (status, _, _) = get(
        addr,
        "/",
        &format!("{BR_GZ}If-None-Match: \"other\"\r\n"),
        None,
    );
    assert_eq!(status, 200);

    let (_, head, body) = get(addr, "/index.html", "Accept-Encoding: gzip\r\n", None);
    assert_eq!(
        (body, header(&head, "content-encoding")),
        (b"GZIP".to_vec(), Some("gzip"))
    );
    let (_, head, body) = get(
        addr,
        "/index.html",
        "Accept-Encoding: br;q=0, identity\r\n",
        None,
    );
    assert_eq!(body, b"<title>plain</title>");
    assert_eq!(header(&head, "content-encoding"), None);
    // No brotli copy of the engine: its gzip one.
    let (status, head, body) = get(addr, "/sudokit_wasm_bg.89abcdef01.wasm", BR_GZ, None);
    assert_eq!((status, body), (200, b"GZWASM".to_vec()));
    assert_eq!(header(&head, "content-type"), Some("application/wasm"));
    assert_eq!(
        header(&head, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let (_, head, _) = get(addr, "/app.0123abcd45.js", "", None);
    assert_eq!(
        header(&head, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let (_, head, _) = get(addr, "/icon.svg", "", None);
    assert_eq!(
        header(&head, "cache-control"),
        Some("public, max-age=86400")
    );
    // The copies are not files of the site by their own names.
    for path in ["/index.html.br", "/index.html.gz", "/missing.js"] {
        assert_eq!(get(addr, path, BR_GZ, None).0, 404, "{path}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The page's sources (engine over the API) and the API's JSON answers are
/// compressed on the fly for clients that accept it.
#[test]
fn sources_and_api_answers_are_compressed_on_the_fly() {
    let addr = start(Config {
        server_engine: true,
        ..Config::default()
    });
    let (status, plain_head, plain) = get(addr, "/app/board.js", "", None);
    assert_eq!(status, 200);
    assert_eq!(header(&plain_head, "content-encoding"), None);
    assert_eq!(header(&plain_head, "cache-control"), Some("no-cache"));
    let (status, head, br) = get(addr, "/app/board.js", BR_GZ, None);
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-encoding"), Some("br"), "{head}");
    assert!(
        br.len() * 3 < plain.len(),
        "{} of {} bytes",
        br.len(),
        plain.len()
    );

    let body = format!(r#"{{"puzzle":"{}"}}"#, support::WIKI);
    let (status, head, gz) = get(addr, "/api/solve", "Accept-Encoding: gzip\r\n", Some(&body));
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-encoding"), Some("gzip"), "{head}");
    assert_eq!(&gz[..2], [0x1f, 0x8b], "a gzip stream");
    let (_, head, json) = get(addr, "/api/solve", "", Some(&body));
    assert_eq!(header(&head, "content-encoding"), None);
    assert!(String::from_utf8(json)
        .unwrap()
        .contains(support::WIKI_SOLUTION));
}

/// Plain `Config::default()`: the built app when it was compiled in (the
/// engine as WebAssembly, its files under hashed names, pre-compressed),
/// else the sources with the server as engine.
#[test]
fn the_default_page_is_the_offline_app_when_it_was_built_first() {
    let addr = start(Config::default());
    let (status, _, page) = get(addr, "/", "", None);
    assert_eq!(status, 200);
    let page = String::from_utf8(page).unwrap();
    if !sudokit_web::offline_app_compiled_in() {
        eprintln!(
            "no built site compiled in (run scripts/build-site.sh first): checking the fallback"
        );
        assert!(page.contains(r#"<script src="app/state.js">"#), "{page}");
        assert_eq!(get(addr, "/engine.json", "", None).0, 200);
        return;
    }
    // index.html → app.HASH.js → worker.HASH.js → the engine's name.
    let name_after = |text: &str, before: &str, end: char| -> String {
        let at = text.find(before).unwrap_or_else(|| panic!("no {before:?}")) + before.len();
        text[at..].split(end).next().unwrap().to_string()
    };
    let app = name_after(&page, r#"<script src=""#, '"');
    assert!(
        app.starts_with("app.") && app.ends_with(".js") && app.len() > 10,
        "{app}"
    );
    let (status, head, js) = get(addr, &format!("/{app}"), "", None);
    assert_eq!(status, 200);
    assert!(header(&head, "cache-control")
        .unwrap()
        .contains("immutable"));
    let worker = name_after(&String::from_utf8(js).unwrap(), r#"new Worker(""#, '"');
    let (status, _, js) = get(addr, &format!("/{worker}"), "", None);
    assert_eq!(status, 200);
    let js = String::from_utf8(js).unwrap();
    let wasm = name_after(&js, "const WASM = \"", '"');
    assert!(js.contains("wasm_bindgen"), "the glue is in the worker");
    let (status, head, bytes) = get(addr, &format!("/{wasm}"), "", None);
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-type"), Some("application/wasm"));
    assert!(header(&head, "cache-control")
        .unwrap()
        .contains("immutable"));
    assert_eq!(&bytes[..4], b"\0asm");
    let (status, head, br) = get(addr, &format!("/{wasm}"), BR_GZ, None);
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-encoding"), Some("br"), "{head}");
    assert!(
        br.len() * 2 < bytes.len(),
        "{} of {} bytes",
        br.len(),
        bytes.len()
    );
    // The service worker knows the engine and the shell by their names.
    let (_, head, sw) = get(addr, "/sw.js", "", None);
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    let sw = String::from_utf8(sw).unwrap();
    assert!(
        sw.contains(&wasm) && sw.contains(&app) && sw.contains(&worker),
        "{sw}"
    );
    // No engine choice to ask for: the worker knows.
    assert_eq!(get(addr, "/engine.json", "", None).0, 404);
}
