//! Compiles the built web app (the page with its engine as WebAssembly, from
//! `scripts/build-site.sh`) into the crate when there is one, so that
//! `sudokit serve` offers the offline app with no flags.
//!
//! Where from: `SUDOKIT_SITE_DIR` when set (empty: none), else the build
//! script's default folder `target/site` of this workspace. A folder counts
//! as a built site when it holds `index.html`, `sw.js` and a `.wasm`; without
//! one the crate serves its page sources, whose engine is the server's API
//! (`site.rs` says so when `serve` starts).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-env-changed=SUDOKIT_SITE_DIR");
    println!("cargo::rerun-if-changed=build.rs");
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = match env::var_os("SUDOKIT_SITE_DIR") {
        Some(d) if d.is_empty() => None,
        Some(d) => Some(PathBuf::from(d)),
        // Only inside this repository's checkout (not a packaged crate).
        None => {
            let root = manifest.join("../..");
            root.join("Cargo.toml")
                .is_file()
                .then(|| root.join("target/site"))
        }
    };
    let mut files = Vec::new();
    if let Some(dir) = &dir {
        // Watched even while empty, so that a site built after this crate
        // was compiled is picked up by the next build (a missing path would
        // make cargo rerun this script on every build).
        let _ = fs::create_dir_all(dir);
        println!("cargo::rerun-if-changed={}", dir.display());
        files = built_site(dir);
    }
    let mut code = String::from(
        "/// The built site's files (name, bytes); empty when none was built.\n\
         pub(crate) const BUILT: &[(&str, &[u8])] = &[\n",
    );
    for (name, path) in &files {
        let _ = writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            path.display()
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    fs::write(out.join("built_site.rs"), code).expect("OUT_DIR is writable");
}

/// The files of `dir` if it holds a whole built site, else none.
fn built_site(dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let path = fs::canonicalize(e.path()).ok()?;
            Some((name, path))
        })
        .collect();
    files.sort();
    let has = |f: &dyn Fn(&str) -> bool| files.iter().any(|(n, _)| f(n));
    if has(&|n| n == "index.html") && has(&|n| n == "sw.js") && has(&|n| n.ends_with(".wasm")) {
        files
    } else {
        Vec::new()
    }
}
