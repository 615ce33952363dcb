//! Candidate states: bytes shaped into a 729-character pencilmark line and
//! into a printed candidate grid. The reader must never panic, yield one
//! record per input record with numbers counting up, and every state it
//! accepts must keep a placed digit as its cell's only candidate.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::{parse_all, ParseOptions};

fuzz_target!(|data: &[u8]| {
    // A pencilmark line: each byte picks a mark or blank for its slot.
    let mut line = String::with_capacity(729);
    for i in 0..729 {
        let b = data.get(i % data.len().max(1)).copied().unwrap_or(0) ^ (i as u8);
        line.push(match b % 4 {
            0 => '.',
            1 => char::from(b'1' + (i % 9) as u8),
            2 => char::from(b'1' + (i % 9) as u8),
            _ => char::from(b'0' + (b % 10)),
        });
    }
    // A candidate grid: the raw bytes as text, between box lines.
    let raw = String::from_utf8_lossy(data);
    let text = format!("{line}\n+---+---+\n{raw}\n{line}\n");
    let records = parse_all(&text, &ParseOptions::default());
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.number, i + 1);
        let Ok(p) = &r.result else { continue };
        if let Some(masks) = p.candidates() {
            for (cell, &v) in p.grid().cells().iter().enumerate() {
                if v != 0 {
                    assert_eq!(masks[cell], 1 << (v - 1));
                }
            }
        }
    }
});
