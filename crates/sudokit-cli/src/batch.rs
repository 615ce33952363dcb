//! Ordered parallel batches: each input gets exactly one output, in input order.
//!
//! Records are read in chunks, each chunk is processed on the rayon pool, and
//! the results are written in order before the next chunk is read, so memory
//! stays bounded by the chunk size however long the input is.

use std::io::{self, IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// Tally of a batch, for the exit status and the summary line.
#[derive(Default, Debug, Clone, Copy)]
pub struct Tally {
    pub total: u64,
    pub failed: u64,
}

/// Result of processing one item: its text output and whether it succeeded.
pub struct Output {
    pub text: String,
    pub ok: bool,
}

/// Runs `work` over `items` on `threads` threads (0 = all cores), writing each
/// output followed by a newline to stdout in input order.
pub fn run<T: Send, I: Iterator<Item = T>>(
    items: I,
    threads: usize,
    work: impl Fn(T) -> Output + Sync + Send,
) -> anyhow::Result<Tally> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let chunk = 4096 * pool.current_num_threads().max(1);
    let progress = progress_bar();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut items = items.peekable();
    let mut buf: Vec<T> = Vec::with_capacity(chunk);
    while items.peek().is_some() {
        buf.extend(items.by_ref().take(chunk));
        let results: Vec<Output> = pool.install(|| buf.par_drain(..).map(&work).collect());
        for r in results {
            tally.total += 1;
            if !r.ok {
                tally.failed += 1;
            }
            out.write_all(r.text.as_bytes())?;
            if !r.text.ends_with('\n') {
                out.write_all(b"\n")?;
            }
        }
        out.flush()?;
        progress.set_position(tally.total);
    }
    progress.finish_and_clear();
    Ok(tally)
}

/// A spinner with a count on stderr, only when stderr is a terminal.
fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{spinner} {pos} puzzles, {per_sec}, {elapsed}")
            .expect("valid template"),
    );
    pb
}
