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
    let o = sudokit(&["count", "--exact", "--timeout", "0"], &".".repeat(81));
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("lower bound"), "{}", stdout(&o));
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
