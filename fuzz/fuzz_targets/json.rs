//! JSON lines: any bytes, alone and inside a grid object, must never panic
//! the reader; an accepted grid has one value per cell, each at most N.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::{parse_all, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let raw = String::from_utf8_lossy(data).replace('\n', " ");
    let text = format!(
        "{raw}\n{{\"box\":{raw}}}\n{{\"puzzle\":{{\"line\":\"{raw}\"}},\"solution\":{raw}}}\n{{\"rows\":{raw},\"regions\":{raw},\"layout\":\"cube\"}}\n"
    );
    for (i, r) in parse_all(&text, &ParseOptions::default()).iter().enumerate() {
        assert_eq!(r.number, i + 1);
        let Ok(p) = &r.result else { continue };
        let n = p.geometry().n();
        assert!(p.grid().cells().iter().all(|&v| v as usize <= n));
    }
});
