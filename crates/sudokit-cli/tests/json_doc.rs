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

/// One presentation form: `explain --json` prints the steps and the grade
/// that the web API (`sudokit::service`, also behind the WebAssembly
/// binding) answers, byte for byte.
#[test]
fn explain_json_is_the_service_answer() {
    use sudokit::service::{self, PuzzleRequest};
    for puzzle in [
        "..1..3....2.4...",
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    ] {
        let out = sudokit(&["explain", "--json", puzzle]);
        let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let req = PuzzleRequest {
            puzzle: puzzle.into(),
            ..Default::default()
        };
        let api = service::explain(&req.puzzle().unwrap(), &req, &Default::default()).unwrap();
        for key in ["steps", "grade", "solved", "solution"] {
            assert_eq!(
                cli[key].to_string(),
                api[key].to_string(),
                "{key} of {puzzle}"
            );
        }
        assert!(!cli["steps"].as_array().unwrap().is_empty());
        // And `hint --json` prints the first of those steps.
        let out = sudokit(&["hint", "--json", puzzle]);
        let hint: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(hint["step"].to_string(), api["steps"][0].to_string());
    }
}
