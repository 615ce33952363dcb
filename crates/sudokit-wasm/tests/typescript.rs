//! The npm package's `types.d.ts` is generated from the Rust types
//! (`sudokit::view::typescript`, ts-rs) and kept in the repository so the
//! package builds without a native compile; this test fails when the types
//! change and the file was not regenerated:
//!
//! ```sh
//! SUDOKIT_WRITE_TYPES=1 cargo test -p sudokit-wasm --test typescript
//! ```

use std::path::Path;

#[test]
fn npm_types_are_generated_from_the_rust_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("npm/types.d.ts");
    let want = sudokit::view::typescript();
    if std::env::var_os("SUDOKIT_WRITE_TYPES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is not what the Rust types give; regenerate it with\n  \
         SUDOKIT_WRITE_TYPES=1 cargo test -p sudokit-wasm --test typescript",
        path.display()
    );
    for name in [
        "StepView",
        "PathView",
        "CountView",
        "VerdictView",
        "ErrorView",
        "PuzzleInfoView",
        "GeneratedView",
    ] {
        assert!(have.contains(&format!("export type {name} = ")), "{name}");
    }
}

/// Every field of every answer type is documented in `docs/json.md` (as
/// `` `field` `` or `"field"`), so the schema's page cannot fall behind the
/// types it describes.
#[test]
fn json_doc_names_every_field_of_the_answer_types() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md"))
            .unwrap();
    let types = strip_comments(&sudokit::view::typescript());
    let mut checked = 0;
    let mut missing = Vec::new();
    for decl in types.split("export type ").skip(1) {
        let Some((name, rest)) = decl.split_once(" = ") else {
            continue;
        };
        let Some(body) = rest.strip_prefix('{').and_then(|b| b.split_once('}')) else {
            continue;
        };
        for field in body.0.split(',') {
            let Some((key, _)) = field.split_once(':') else {
                continue;
            };
            let key = key.trim().trim_end_matches('?');
            checked += 1;
            if !doc.contains(&format!("`{key}`")) && !doc.contains(&format!("\"{key}\"")) {
                missing.push(format!("{name}.{key}"));
            }
        }
    }
    assert!(checked >= 40, "only {checked} fields found");
    assert!(missing.is_empty(), "docs/json.md does not name {missing:?}");
}

/// The declarations without their `/** … */` doc comments.
fn strip_comments(ts: &str) -> String {
    let mut out = String::new();
    let mut rest = ts;
    while let Some(i) = rest.find("/**") {
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once("*/").map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out
}

/// The hand-written `index.d.ts` names the generator's rules and the
/// opt-in techniques as string unions; they are the library's lists, so a
/// new family or technique cannot be missing from the package's types.
#[test]
fn index_types_list_the_library_names() {
    let index =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("npm/index.d.ts"))
            .unwrap();
    let rules: Vec<String> = ["killer", "thermo"]
        .iter()
        .chain(sudokit::generate::LINE_FAMILIES)
        .chain(sudokit::generate::CLUE_FAMILIES)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(union(&index, "GenerateRules"), rules);
    let opt_ins: Vec<String> = sudokit::logic::Technique::opt_ins()
        .map(|t| t.key())
        .collect();
    assert_eq!(union(&index, "OptInTechnique"), opt_ins);
}

/// The quoted members of `export type NAME = | "a" | "b";`.
fn union(ts: &str, name: &str) -> Vec<String> {
    let start = ts
        .find(&format!("export type {name} ="))
        .unwrap_or_else(|| panic!("index.d.ts has no type {name}"));
    let body = ts[start..].split_once(';').unwrap().0;
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}
