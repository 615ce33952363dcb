//! Reads puzzle files with the library's streaming reader (what every CLI
//! command does before solving) and prints the number of records and of
//! errors: the reader's cost alone, for instruction counts.
//!
//! ```text
//! cargo build --release -p sudokit --example read_bench
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/read_bench FILE [REPEAT]
//! ```
//!
//! Instructions per line = (count on FILE − count on an empty file) / lines.
//! `REPEAT` reads the file that many times (default 1).

use std::fs::File;
use std::io::BufReader;

use sudokit::format::{ParseOptions, Reader};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: read_bench FILE [REPEAT]");
    let repeat: usize = args.next().map_or(1, |s| s.parse().expect("REPEAT"));
    let (mut records, mut errors, mut cells) = (0usize, 0usize, 0usize);
    for _ in 0..repeat {
        let f = File::open(&path).expect("open");
        let reader = Reader::new(
            BufReader::with_capacity(1 << 16, f),
            ParseOptions::default(),
        );
        for r in reader {
            records += 1;
            match &r.result {
                Ok(p) => cells += p.grid().cells().len(),
                Err(_) => errors += 1,
            }
        }
    }
    println!("{records} records, {errors} errors, {cells} cells");
}
