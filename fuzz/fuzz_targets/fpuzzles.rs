//! f-puzzles JSON: any bytes, as the JSON text and inside the fields the
//! importer reads, must never panic; an imported puzzle has one value per
//! cell, each at most N, and its constraints validate or are refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::from_fpuzzles;

fuzz_target!(|data: &[u8]| {
    let raw = String::from_utf8_lossy(data);
    let shaped = format!(
        "{{\"size\":9,\"grid\":[[{{\"value\":1}}]],\"killercage\":[{{\"cells\":{raw},\"value\":\"10\"}}],\"thermometer\":[{{\"lines\":[{raw}]}}]}}"
    );
    for text in [raw.as_ref(), shaped.as_str()] {
        let Ok(p) = from_fpuzzles(text) else { continue };
        let n = p.geometry().n();
        assert!(p.grid().cells().iter().all(|&v| v as usize <= n));
    }
});
