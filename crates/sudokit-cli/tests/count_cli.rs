//! End-to-end tests of `sudokit count --exact`, `sudokit grids` and
//! `sudokit merge`.

mod support;

use std::process::Output;

use support::sudokit_stdin as sudokit;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokit-count-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn exact_counts_in_input_order() {
    let input = "1...............\n1..............1\n11..............\n";
    let o = sudokit(&["count", "--exact", "--threads", "2"], input);
    assert_eq!(o.status.code(), Some(1), "the contradiction fails");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "72 exact");
    assert_eq!(lines[1], "18 exact");
    assert!(lines[2].starts_with("error:"), "{}", lines[2]);
}

#[test]
fn exact_json_and_timeout() {
    let o = sudokit(&["count", "--exact", "-o", "json"], &".".repeat(16));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    // Counts are decimal strings: they outgrow every JSON number type.
    assert_eq!(v["count"], "288");
    assert_eq!(v["exact"], true);
    assert_eq!(v["puzzle"], 1);
    // The empty 9×9 cannot be enumerated in no time: a lower bound, flagged.
    // Exit status 3: a lower bound, not a count.
    let o = sudokit(&["count", "--exact", "--timeout", "0"], &".".repeat(81));
    assert_eq!(o.status.code(), Some(3));
    assert!(stdout(&o).contains("lower bound"), "{}", stdout(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("1 of 1 counts stopped at the time limit"),
        "{err}"
    );
}

#[test]
fn long_exact_counts_report_progress_when_not_on_a_terminal() {
    // The empty 16×16: far too many completions to finish (a sparse 9×9
    // can take only seconds).
    let sparse = ".".repeat(256);
    let o = sudokit(
        &[
            "count",
            "--exact",
            "--timeout",
            "1.5",
            "--progress-every",
            "0.3",
        ],
        &sparse,
    );
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("sudokit: count, puzzle 1: "))
        .collect();
    assert!(lines.len() >= 2, "{err}");
    // The clock moves from line to line.
    assert_ne!(lines[0], lines[lines.len() - 1], "{err}");
    assert!(stdout(&o).contains("lower bound"), "{}", stdout(&o));
}

#[test]
fn estimates_are_labelled_and_near_a_known_count() {
    // The 4×4 board: 288 completions.
    let o = sudokit(
        &["count", "--estimate", "--probes", "4000"],
        &".".repeat(16),
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.starts_with('~') && out.contains("estimate") && out.contains("not a count"),
        "{out}"
    );
    let o = sudokit(
        &["count", "--estimate", "--probes", "4000", "-o", "json"],
        &".".repeat(16),
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["status"], "estimate");
    assert!(v.get("count").is_none(), "{v}");
    let (e, se) = (
        v["estimate"].as_f64().unwrap(),
        v["std_error"].as_f64().unwrap(),
    );
    assert!((e - 288.0).abs() <= 4.0 * se && se < 288.0, "{v}");
    // Never mixed with exact output.
    let o = sudokit(&["count", "--estimate", "--exact"], &".".repeat(16));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn grids_small_shapes_and_variants() {
    let o = sudokit(&["grids", "2x2"], "");
    assert_eq!(stdout(&o).trim(), "288");
    let o = sudokit(&["grids", "2x3"], "");
    assert_eq!(stdout(&o).trim(), "28200960");
    let o = sudokit(&["grids", "2x2", "--variant", "x"], "");
    assert_eq!(stdout(&o).trim(), "48");
    let o = sudokit(&["grids", "2x2", "--cube"], "");
    assert_eq!(stdout(&o).trim(), "768");
}

#[test]
fn shards_merge_to_the_total() {
    let mut files = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let o = sudokit(&["grids", "2x3", "--shard", &shard], "");
        assert!(o.status.success());
        files.push(temp_file(&format!("grids-{i}.json"), &stdout(&o)));
    }
    let mut args = vec!["merge".to_string()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = sudokit(&args, "");
    assert_eq!(stdout(&o).trim(), "28200960");
    // A missing shard is an error, not a smaller total.
    let o = sudokit(&args[..3], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing shards: 2/3"));
}

#[test]
fn completion_shards_merge() {
    let puzzle = "1.....2.....3.....4.....5.....6.....\n";
    let whole = sudokit(&["count", "--exact"], puzzle);
    let total = stdout(&whole)
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let mut text = String::new();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let o = sudokit(&["count", "--exact", "--shard", &shard], puzzle);
        text.push_str(&stdout(&o));
    }
    // Both shards in one file, one per line.
    let f = temp_file("completions.json", &text);
    let o = sudokit(&["merge", f.to_str().unwrap()], "");
    assert_eq!(stdout(&o).trim(), total);
}

/// Ctrl-C during a long `count --exact`: exit status 130, the answers
/// before it complete on stdout, and on stderr how far the count got (its
/// parts and the lower bound so far), as a batch says how far it got.
#[cfg(unix)]
#[test]
fn ctrl_c_during_a_long_count_says_how_far_it_got() {
    // A 4×4 (72 completions), the empty 16×16 (far too many to finish),
    // then one more 4×4 that must not be reached.
    let input = format!("1...............\n{}\n1...............\n", ".".repeat(256));
    let path = temp_file("ctrl-c.txt", &input);
    let o = support::sudokit_interrupted(
        &["count", "--exact", "--progress-every", "0"],
        &path,
        std::time::Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    assert_eq!(stdout(&o), "72 exact\n");
    let err = String::from_utf8_lossy(&o.stderr);
    let summary = err
        .lines()
        .find(|l| l.starts_with("sudokit: interrupted: puzzle 2 stopped at "))
        .unwrap_or_else(|| panic!("no summary: {err}"));
    assert!(
        summary.contains("parts done") || summary.contains("no parts announced yet"),
        "{summary}"
    );
    let bound = summary
        .split("at least ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no bound: {summary}"));
    assert!(bound.bytes().all(|b| b.is_ascii_digit()), "{summary}");
    assert!(summary.contains("1 puzzle(s) before it"), "{summary}");
}
