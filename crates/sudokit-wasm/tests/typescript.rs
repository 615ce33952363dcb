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
