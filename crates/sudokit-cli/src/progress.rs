//! Progress of long counts on stderr: a live line on a terminal, otherwise
//! a plain line every few seconds (so a log shows that a count that runs
//! for hours is alive, and how far it is).

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudokit::count::Progress;

/// Progress of one count: parts done of the parts announced, elapsed time,
/// rate and (once a part is done) the time left at that rate. Moves with
/// the clock even while no part finishes.
pub struct CountProgress {
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
    bar: ProgressBar,
    started: Instant,
}

impl CountProgress {
    /// Starts reporting. `every`: seconds between lines when stderr is not
    /// a terminal (0: none).
    pub fn start(what: &str, every: f64) -> Self {
        let terminal = io::stderr().is_terminal();
        let bar = if terminal {
            let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            pb.set_style(ProgressStyle::with_template("{spinner} {msg}").expect("valid template"));
            pb
        } else {
            ProgressBar::hidden()
        };
        let (done, total) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let stop = Arc::new(AtomicBool::new(false));
        let lines = !terminal && every > 0.0;
        let ticker = (terminal || lines).then(|| {
            let (done, total, stop, bar) = (done.clone(), total.clone(), stop.clone(), bar.clone());
            let what = what.to_string();
            let every = Duration::from_secs_f64(every.max(0.1));
            std::thread::spawn(move || {
                let start = Instant::now();
                let mut last_line = Instant::now();
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(200));
                    let msg = status(
                        done.load(Ordering::Relaxed),
                        total.load(Ordering::Relaxed),
                        start.elapsed(),
                    );
                    if terminal {
                        bar.set_message(format!("{what}: {msg}"));
                        bar.tick();
                    } else if last_line.elapsed() >= every {
                        eprintln!("sudokit: {what}: {msg}");
                        last_line = Instant::now();
                    }
                }
            })
        });
        CountProgress {
            done,
            total,
            stop,
            ticker,
            bar,
            started: Instant::now(),
        }
    }

    /// The counter's report.
    pub fn update(&self, p: Progress) {
        self.total.store(p.total, Ordering::Relaxed);
        self.done.store(p.done, Ordering::Relaxed);
    }

    /// How far the count has got, as the progress line says it.
    pub fn summary(&self) -> String {
        status(
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
            self.started.elapsed(),
        )
    }

    /// Stops reporting and clears the line.
    pub fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
        self.bar.finish_and_clear();
    }
}

/// `3/120 parts done, 1m 20s, 2.3 parts/min, about 41m left at this rate`.
pub fn status(done: usize, total: usize, elapsed: Duration) -> String {
    let t = elapsed.as_secs_f64();
    if total == 0 {
        return format!("counting, {} (no parts announced yet)", clock(t));
    }
    let mut s = format!("{done}/{total} parts done, {}", clock(t));
    if done == 0 {
        s.push_str(", no part finished yet (no estimate of the time left)");
    } else if done < total {
        let per_min = done as f64 / t * 60.0;
        let left = t / done as f64 * (total - done) as f64;
        s.push_str(&format!(
            ", {per_min:.1} parts/min, about {} left at this rate",
            clock(left)
        ));
    }
    s
}

/// `45s`, `3m 05s`, `2h 10m`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::status;
    use std::time::Duration;

    #[test]
    fn status_lines() {
        assert_eq!(
            status(0, 0, Duration::from_secs(5)),
            "counting, 5s (no parts announced yet)"
        );
        assert_eq!(
            status(0, 10, Duration::from_secs(65)),
            "0/10 parts done, 1m 05s, no part finished yet (no estimate of the time left)"
        );
        assert_eq!(
            status(2, 10, Duration::from_secs(60)),
            "2/10 parts done, 1m 00s, 2.0 parts/min, about 4m 00s left at this rate"
        );
    }
}
