//! Inputs of the human-style commands (`explain`, `hint`): puzzles in any
//! format the reader knows, plus mid-solve states given as a 729-character
//! pencilmark line or as a printed 9×9 grid of candidates.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use sudokit::format::{ParseOptions, Reader};
use sudokit::logic::Candidates;
use sudokit::Puzzle;

use crate::input::InputArgs;

/// One thing to explain: where it came from and either a candidate grid
/// ready to solve or the reason it cannot be.
pub struct State {
    /// `puzzle 3, line 7` or `file: puzzle 1, line 1`, for messages.
    pub at: String,
    pub result: Result<Puzzle, String>,
}

/// Every state in `args.files`; an argument that is not an existing file is
/// read as the puzzle text itself, so `sudokit hint 4...3....` works.
pub fn states(args: &InputArgs) -> Result<Vec<State>> {
    let opts = args.options()?;
    let mut out = Vec::new();
    let mut sources: Vec<(String, String)> = Vec::new();
    if args.files.is_empty() {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        sources.push((String::new(), text));
    }
    for f in &args.files {
        let s = f.to_string_lossy();
        if s == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            sources.push((String::new(), text));
        } else if Path::new(f).is_dir() {
            anyhow::bail!("{} is a directory, not a puzzle file", f.display());
        } else if Path::new(f).is_file() || crate::input::looks_like_path(f) {
            let text = std::fs::read_to_string(f)
                .with_context(|| format!("cannot read {}", f.display()))?;
            sources.push((format!("{}: ", f.display()), text));
        } else {
            sources.push((String::new(), s.into_owned()));
        }
    }
    for (prefix, text) in sources {
        read_text(&prefix, &text, &opts, &mut out);
    }
    Ok(out)
}

fn read_text(prefix: &str, text: &str, opts: &ParseOptions, out: &mut Vec<State>) {
    if let Some(states) = candidate_states(prefix, text) {
        out.extend(states);
        return;
    }
    for rec in Reader::new(text.as_bytes(), opts.clone()) {
        let at = format!("{prefix}puzzle {}, line {}", rec.number, rec.line);
        let result = match &rec.result {
            Err(e) => Err(format!("error: {prefix}{e}")),
            Ok(p) => Ok(p.clone()),
        };
        out.push(State { at, result });
    }
}

/// Pencilmark lines (one state per line) or one printed candidate grid;
/// `None` when the text looks like neither.
fn candidate_states(prefix: &str, text: &str) -> Option<Vec<State>> {
    let is_mark = |c: char| c.is_ascii_digit() || c == '.';
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if !lines.is_empty()
        && lines
            .iter()
            .all(|l| l.len() == 729 && l.chars().all(is_mark))
    {
        return Some(
            lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    finish(
                        format!("{prefix}state {}", i + 1),
                        Candidates::from_pencilmarks(l),
                    )
                })
                .collect(),
        );
    }
    // A candidate grid has 81 groups of digits and at least one group with
    // two or more digits (otherwise it is a plain puzzle).
    let groups: Vec<&str> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .collect();
    if groups.len() == 81 && groups.iter().any(|g| g.len() > 1) {
        return Some(vec![finish(
            format!("{prefix}state 1"),
            Candidates::from_candidate_grid(text),
        )]);
    }
    None
}

/// A mid-solve state as a puzzle: its placed digits and candidates.
fn finish(at: String, c: Result<Candidates, sudokit::logic::CandidatesError>) -> State {
    let result = c.map_err(|e| format!("error: {at}: {e}")).and_then(|c| {
        let masks = (0..c.values().len()).map(|cell| c.mask(cell)).collect();
        Puzzle::with_candidates(c.to_grid(), masks).map_err(|e| format!("error: {at}: {e}"))
    });
    State { at, result }
}
