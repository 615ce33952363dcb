//! Any bytes, read as puzzles in every input mode: the reader must never panic,
//! every puzzle it accepts must print and read back unchanged, and the
//! contradiction check and (on boards of at most 81 cells) the solver must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::{self, parse_all, parse_one, InputFormat, ParseOptions};
use sudokit::{solve, validate};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let modes = [
        ParseOptions::default(),
        ParseOptions {
            format: InputFormat::Header,
            ..Default::default()
        },
        ParseOptions {
            format: InputFormat::Grid,
            ..Default::default()
        },
        ParseOptions {
            cube: true,
            ..Default::default()
        },
    ];
    for opts in &modes {
        for record in parse_all(&text, opts) {
            let Ok(puzzle) = record.result else { continue };
            let grid = puzzle.into_grid();
            let _ = validate::check_givens(&grid);
            let layout = grid.geometry().layout();
            let variants = grid.geometry().variants().to_vec();
            if layout == sudokit::Layout::Square && variants.is_empty() && grid.geometry().n() >= 2 {
                let back = parse_one(&format::write_rc(&grid), &ParseOptions::default())
                    .expect("written grid reads back");
                assert_eq!(back, grid);
            }
            if grid.cells().len() <= 81 {
                let _ = solve::count(&grid, 2);
            }
        }
    }
});
