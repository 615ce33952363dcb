//! Ordered parallel batches: each input gets exactly one output, in input order.
//!
//! Records are read in chunks and each chunk is processed on the rayon pool;
//! while the pool works on one chunk, the calling thread writes the results
//! of the previous chunk and reads (parses) the next, so that neither waits
//! for the other (on the hardest 9×9 set, reading and writing are about a
//! tenth of the work, and doing them in between chunks cost a sixth of the
//! two-thread speed-up). Memory stays bounded by three chunks however long
//! the input is.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// Tally of a batch, for the exit status and the summary line.
#[derive(Default, Debug, Clone, Copy)]
pub struct Tally {
    pub total: u64,
    pub failed: u64,
    /// Counts stopped at the time limit: proven lower bounds, not counts.
    pub bounds: u64,
}

/// Result of processing one item: its text output and whether it succeeded.
pub struct Output {
    pub text: String,
    pub ok: bool,
    /// The board of the grid(s) in `text`, with the output format and name:
    /// the writer puts the directives the reader needs before `text`, in
    /// output order (what one needs depends on what came before).
    pub board: Option<Board>,
}

/// What the writer needs to know about the grids of an output.
pub struct Board {
    pub geometry: std::sync::Arc<sudokit::Geometry>,
    pub format: crate::output::OutputFormat,
    pub name: Option<String>,
    /// Constraint directive lines (`cage: …`) that go right before the
    /// grid: they govern only the next puzzle.
    pub constraints: Vec<String>,
}

impl Output {
    pub fn ok(text: String) -> Self {
        Output {
            text,
            ok: true,
            board: None,
        }
    }
    pub fn failed(text: String) -> Self {
        Output {
            text,
            ok: false,
            board: None,
        }
    }
    /// A successful output of grids drawn on `grid`'s board in `format`.
    pub fn grids(
        text: String,
        grid: &sudokit::Grid,
        format: crate::output::OutputFormat,
        name: Option<&str>,
    ) -> Self {
        Output {
            text,
            ok: true,
            board: Some(Board {
                geometry: grid.geometry().clone(),
                format,
                name: name.map(str::to_string),
                constraints: Vec::new(),
            }),
        }
    }

    /// The same output with `puzzle`'s constraints written before its grid,
    /// so that converting a puzzle keeps its cages, thermos and dots.
    pub fn with_constraints(mut self, puzzle: &sudokit::Puzzle) -> Self {
        if let Some(b) = &mut self.board {
            let n = puzzle.grid().n();
            b.constraints = puzzle
                .constraints()
                .iter()
                .map(|c| c.to_directive(n))
                .collect();
        }
        self
    }
}

/// Runs `work` over `items` on `threads` threads (0 = all cores), writing each
/// output followed by a newline to stdout in input order. With more than one
/// thread, reading and writing run beside the workers on the calling thread.
pub fn run<T: Send, I: Iterator<Item = T>>(
    items: I,
    threads: usize,
    work: impl Fn(T) -> Output + Sync + Send,
) -> anyhow::Result<Tally> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let chunk = 4096 * pool.current_num_threads().max(1);
    let progress = progress_bar(match items.size_hint() {
        (lo, Some(hi)) if lo == hi => Some(lo as u64),
        _ => None,
    });
    // Counted as each item finishes, not as chunks are written, so that a
    // few slow items (generation) still show progress and an estimate.
    // After Ctrl-C, items not started are skipped (None): the outputs
    // written stay a complete prefix of the input's.
    let interrupted = interrupt_flag();
    let work = |item: T| {
        if interrupted.load(Ordering::Relaxed) {
            return None;
        }
        let out = work(item);
        progress.inc(1);
        Some(out)
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut writer: Option<sudokit::format::Writer> = None;
    let mut stopped = false;
    let mut write = |results: Vec<Option<Output>>| -> io::Result<()> {
        for r in results {
            let Some(r) = r else {
                stopped = true;
                break;
            };
            if stopped {
                break;
            }
            tally.total += 1;
            if !r.ok {
                tally.failed += 1;
            }
            if let Some(b) = &r.board {
                let w = writer.get_or_insert_with(|| sudokit::format::Writer::new(b.format));
                out.write_all(w.prelude(&b.geometry, b.name.as_deref()).as_bytes())?;
                if b.format != sudokit::format::OutputFormat::Json {
                    for line in &b.constraints {
                        writeln!(out, "{line}")?;
                    }
                }
            }
            out.write_all(r.text.as_bytes())?;
            if !r.text.ends_with('\n') {
                out.write_all(b"\n")?;
            }
        }
        out.flush()?;
        Ok(())
    };
    let mut items = items.fuse();
    if pool.current_num_threads() == 1 {
        // One thread asked for: everything on this one, nothing overlapped.
        loop {
            let results: Vec<Option<Output>> = items
                .by_ref()
                .take_while(|_| !interrupted.load(Ordering::Relaxed))
                .take(chunk)
                .map(&work)
                .collect();
            if results.is_empty() {
                break;
            }
            write(results)?;
        }
        progress.finish_and_clear();
        return finish(tally, interrupted.load(Ordering::Relaxed));
    }
    // The first chunk is read before any work can start: small, and the
    // next ones grow to the full size.
    let mut size = chunk / 16;
    let mut next: Vec<T> = items.by_ref().take(size).collect();
    let mut done: Option<Vec<Option<Output>>> = None;
    while !next.is_empty() {
        let current = std::mem::take(&mut next);
        size = (size * 2).min(chunk);
        let (results, written) = std::thread::scope(|s| {
            let worker =
                s.spawn(|| pool.install(|| current.into_par_iter().map(&work).collect::<Vec<_>>()));
            let written = done.take().map_or(Ok(()), &mut write);
            if written.is_ok() && !interrupted.load(Ordering::Relaxed) {
                next.extend(items.by_ref().take(size));
            }
            let results = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (results, written)
        });
        written?;
        done = Some(results);
    }
    if let Some(results) = done {
        write(results)?;
    }
    progress.finish_and_clear();
    finish(tally, interrupted.load(Ordering::Relaxed))
}

/// The batch's tally; a summary on stderr after Ctrl-C; an error for an
/// input without a single puzzle (an empty file is more likely a mistake
/// than an empty batch, and silence would hide it).
fn finish(tally: Tally, interrupted: bool) -> anyhow::Result<Tally> {
    if interrupted {
        eprintln!(
            "sudokit: interrupted: the first {} puzzles were answered ({} failed), \
             their output is complete; the rest were not read",
            tally.total, tally.failed
        );
        return Err(Interrupted.into());
    }
    anyhow::ensure!(
        tally.total > 0,
        "no puzzles found in the input (it is empty, or holds only blank lines, comments or notes)"
    );
    Ok(tally)
}

/// Progress on stderr, only when stderr is a terminal: a bar with an
/// estimate of the time left when the number of items is known in advance
/// (generation), otherwise a spinner with a count (a stream of puzzles).
fn progress_bar(total: Option<u64>) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let template = match total {
        Some(_) => "{bar:30} {pos}/{len} puzzles, {elapsed} spent, about {eta} left",
        None => "{spinner} {pos} puzzles, {per_sec}, {elapsed}",
    };
    let pb = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    pb.set_style(ProgressStyle::with_template(template).expect("valid template"));
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    pb
}

/// A batch stopped by Ctrl-C (exit status 130, as a shell reports SIGINT).
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Set by the first Ctrl-C of the process (the handler is installed on the
/// first call); a second Ctrl-C ends the process at once. Shared, so that
/// it can also serve as the cancel flag of a count's limits.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
    static INSTALL: std::sync::Once = std::sync::Once::new();
    #[cfg(unix)]
    INSTALL.call_once(|| {
        use tokio::signal::unix::{signal, SignalKind};
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build();
        let Ok(runtime) = runtime else { return };
        // Registered here, before the batch starts, so that no Ctrl-C is
        // missed (and none kills the process half-way through a line).
        let Ok(mut sigint) = runtime.block_on(async { signal(SignalKind::interrupt()) }) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("ctrl-c".into())
            .spawn(move || {
                runtime.block_on(async {
                    if sigint.recv().await.is_some() {
                        FLAG.store(true, Ordering::Relaxed);
                        if sigint.recv().await.is_some() {
                            std::process::exit(130);
                        }
                    }
                })
            });
    });
    #[cfg(not(unix))]
    INSTALL.call_once(|| {});
    FLAG.clone()
}
