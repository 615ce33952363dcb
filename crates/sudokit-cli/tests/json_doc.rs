//! `docs/json.md` is the JSON schema's documentation: every `$ sudokit …`
//! line in its console blocks is run here and must print exactly the lines
//! written under it.

mod support;

use support::sudokit;

#[test]
fn documented_json_output_is_what_the_cli_prints() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/json.md"))
        .expect("docs/json.md");
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_block = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ sudokit ") {
            examples.push((cmd.to_string(), Vec::new()));
        } else if let Some((_, out)) = examples.last_mut() {
            out.push(line.to_string());
        }
    }
    assert!(examples.len() >= 9, "{} examples", examples.len());
    for (cmd, expected) in &examples {
        let args: Vec<&str> = cmd.split_whitespace().collect();
        let out = sudokit(&args);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let got: Vec<&str> = stdout.lines().collect();
        assert_eq!(got, *expected, "sudokit {cmd}");
        for line in got {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            // The common fields of the schema.
            assert!(v["puzzle"].as_u64().is_some_and(|p| p >= 1), "{line}");
            // Generated puzzles have no input line.
            assert!(v.get("line").is_none_or(|l| l.is_u64()), "{line}");
            if let Some(c) = v.get("count") {
                assert!(c.is_string(), "counts are strings: {line}");
            }
        }
    }
}
