//! Where puzzles come from: files or standard input, with shared parse options.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sudokit::format::{InputFormat, ParseOptions, Reader, Record};
use sudokit::{BoxShape, Variant};

use crate::batch::{self, Output, Tally};

/// Input options shared by every command that reads puzzles.
#[derive(clap::Args, Clone, Debug)]
pub struct InputArgs {
    /// Puzzle files (any supported format, many puzzles per file), or puzzles
    /// given as text: an argument naming an existing file is read as that
    /// file, any other as the puzzle itself (`sudokit solve 4...3....`).
    /// None, or `-`, reads standard input.
    #[arg(value_name = "FILE|PUZZLE")]
    pub files: Vec<PathBuf>,
    /// Input format: auto, line, header (`R C` + rows), grid (rows, with or
    /// without box separators).
    #[arg(long, default_value = "auto", value_name = "FORMAT")]
    pub format: InputFormat,
    /// Box shape, e.g. 2x3; by default read from the input or derived from N.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<BoxShape>,
    /// Extra units: x, disjoint, hypercube, windoku (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    pub variant: Vec<String>,
    /// Read 3-D cubes (N×N×N cells; give the plane box shape with --box).
    #[arg(long)]
    pub cube: bool,
    /// How digits are written on 16×16 boards: auto (1-9 then A-G, `0` or
    /// `.` for blank), 0-f (0 to F, `.` blank) or 1-g.
    #[arg(long, default_value = "auto", value_name = "STYLE")]
    pub digits: sudokit::format::DigitStyle,
}

/// A named input (empty name for standard input) and its reader.
/// An input: its file name (empty for standard input and puzzle
/// arguments), what messages call it, and its reader.
type Source = (Arc<str>, Arc<str>, Box<dyn BufRead + Send>);

/// A missing file rather than puzzle text: it has a directory part or a
/// file extension, and is neither a link nor JSON text (an f-puzzles or
/// SudokuPad link holds `/` and `.`, and is the puzzle itself).
pub fn looks_like_path(path: &std::path::Path) -> bool {
    let s = path.to_string_lossy();
    let t = s.trim_start();
    // A compressed share string (lz-string base64) may hold `/` too.
    let packed = t.len() > 100
        && t.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='));
    let puzzle_text = t.starts_with('{')
        || packed
        || t.contains("://")
        || t.contains('\n')
        || [
            "sudokupad",
            "crackingthecryptic",
            "f-puzzles.com",
            "?load=",
            "puzzleid=",
        ]
        .iter()
        .any(|k| t.contains(k));
    if puzzle_text {
        return false;
    }
    s.contains(std::path::MAIN_SEPARATOR)
        || path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            (1..=5).contains(&e.len()) && e.chars().all(|c| c.is_ascii_alphabetic())
        })
}

/// A record with the name of the input it came from.
pub struct Item {
    /// The file (empty for standard input and puzzle arguments).
    pub source: Arc<str>,
    /// The input as messages name it: the file, `standard input` or
    /// `argument K`.
    pub label: Arc<str>,
    pub record: Record,
}

impl Item {
    /// `file: ` before a puzzle's header lines (empty for standard input
    /// and puzzle arguments).
    pub fn prefix(&self) -> String {
        if self.source.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.source)
        }
    }

    /// `file: `, `standard input: ` or `argument 2: ` before an error, so
    /// that each names its input.
    pub fn error_prefix(&self) -> String {
        format!("{}: ", self.label)
    }
}

impl InputArgs {
    pub fn options(&self) -> Result<ParseOptions> {
        let variants = Variant::parse_list(&self.variant).map_err(anyhow::Error::msg)?;
        Ok(ParseOptions {
            format: self.format,
            box_shape: self.box_shape,
            digits: self.digits,
            variants,
            cube: self.cube,
        })
    }

    /// The inputs as buffered readers with their names.
    fn sources(&self) -> Result<Vec<Source>> {
        let mut sources: Vec<Source> = Vec::new();
        let stdin = || -> Source {
            let reader = Box::new(BufReader::new(io::stdin()));
            ("".into(), "standard input".into(), reader)
        };
        if self.files.is_empty() {
            sources.push(stdin());
        }
        for (k, path) in self.files.iter().enumerate() {
            if path.as_os_str() == "-" {
                sources.push(stdin());
                continue;
            }
            if path.is_dir() {
                bail!("{} is a directory, not a puzzle file", path.display());
            }
            if !path.exists() && !looks_like_path(path) {
                // Puzzle text given on the command line.
                let text = path.to_string_lossy().into_owned().into_bytes();
                let label = format!("argument {}", k + 1);
                sources.push(("".into(), label.into(), Box::new(io::Cursor::new(text))));
                continue;
            }
            let f = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            let name: Arc<str> = path.display().to_string().into();
            let reader = Box::new(BufReader::with_capacity(1 << 16, f));
            sources.push((name.clone(), name, reader));
        }
        Ok(sources)
    }

    /// Every record of every input, in order. Files are opened lazily; a file
    /// that cannot be opened is an error before any output.
    pub fn items(&self) -> Result<impl Iterator<Item = Item>> {
        let opts = self.options()?;
        let sources = self.sources()?;
        Ok(sources.into_iter().flat_map(move |(source, label, src)| {
            Reader::new(src, opts.clone()).map(move |record| Item {
                source: source.clone(),
                label: label.clone(),
                record,
            })
        }))
    }
}

/// The options every batch subcommand shares: worker threads and the
/// per-puzzle time limit.
#[derive(clap::Args, Debug)]
pub struct BatchArgs {
    /// Worker threads (0 = one per core).
    #[arg(long, short = 'j', default_value_t = 0)]
    pub threads: usize,
    /// Give up on a puzzle after this many seconds (reported as an error).
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<f64>,
}

impl BatchArgs {
    /// The library options for one puzzle (one thread each: the batch
    /// spreads puzzles over the workers).
    pub fn options(&self) -> sudokit::Options {
        options(self.timeout, 1)
    }

    /// The worker threads, capped at the machine's cores (see [`threads`]).
    pub fn threads(&self) -> usize {
        threads(self.threads)
    }

    /// Runs `one` on every puzzle of `input` with these threads and
    /// per-puzzle options: the whole loop of the subcommands that answer
    /// puzzle by puzzle.
    pub fn each_puzzle(
        &self,
        input: &InputArgs,
        one: impl Fn(&Item, &sudokit::Options) -> Output + Sync + Send,
    ) -> anyhow::Result<Tally> {
        self.each_puzzle_with(input, self.options(), one)
    }

    /// [`BatchArgs::each_puzzle`] with these per-puzzle options.
    pub fn each_puzzle_with(
        &self,
        input: &InputArgs,
        opts: sudokit::Options,
        one: impl Fn(&Item, &sudokit::Options) -> Output + Sync + Send,
    ) -> anyhow::Result<Tally> {
        batch::run(input.items()?, self.threads(), move |item| {
            one(&item, &opts)
        })
    }
}

/// `--with`: techniques off by default to search too.
#[derive(clap::Args, Debug, Default)]
pub struct TechniqueArgs {
    // The help names the library's opt-ins, so a new one needs no edit here.
    #[arg(long = "with", value_name = "TECHNIQUE", value_delimiter = ',', value_parser = sudokit::logic::Technique::opt_in_from_key, help = with_help())]
    pub with: Vec<sudokit::logic::Technique>,
}

fn with_help() -> String {
    let keys: Vec<String> = sudokit::logic::Technique::opt_ins()
        .map(|t| t.key())
        .collect();
    format!(
        "Also search these techniques, off by default as in HoDoKu, in their place in the order (comma-separated): {}.",
        keys.join(", ")
    )
}

/// Parses `--timeout SECS`: a finite, non-negative number of seconds.
pub fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..1e9).contains(&x) => Ok(x),
        _ => Err(format!("not a number of seconds: {s}")),
    }
}

impl Item {
    /// The common fields of every JSON output object: the 1-based puzzle
    /// number, its line, the file it came from (absent for standard input)
    /// and its name.
    pub fn json_base(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut m = serde_json::Map::new();
        m.insert("puzzle".into(), self.record.number.into());
        m.insert("line".into(), self.record.line.into());
        if !self.source.is_empty() {
            m.insert("source".into(), self.source.to_string().into());
        }
        if let Some(name) = self.record.name() {
            m.insert("name".into(), name.into());
        }
        if let Ok(p) = self.record.result.as_ref() {
            if !p.ignored().is_empty() {
                m.insert("warnings".into(), p.ignored().into());
            }
        }
        m
    }

    /// The output for a failed puzzle: an `error:` line naming the file,
    /// puzzle, line and column, or in JSON the common fields plus `error`
    /// (the message) and `code` (a stable identifier).
    pub fn fail(&self, json: bool, code: &str, message: impl std::fmt::Display) -> Output {
        let text = if json {
            let mut m = self.json_base();
            m.insert("error".into(), message.to_string().into());
            m.insert("code".into(), code.into());
            serde_json::Value::Object(m).to_string()
        } else {
            format!("error: {}{message}", self.error_prefix())
        };
        Output::failed(text)
    }

    /// The puzzle, or the output reporting why the record could not be read.
    pub fn puzzle(&self, json: bool) -> std::result::Result<&sudokit::Puzzle, Output> {
        self.record
            .result
            .as_ref()
            .map_err(|e| self.fail(json, "parse", e))
    }

    /// As [`Item::puzzle`], for the setter's commands (check, candidates,
    /// suggest), whose text output calls an unreadable puzzle `invalid:`
    /// like a contradictory one.
    pub fn puzzle_or_invalid(&self, json: bool) -> std::result::Result<&sudokit::Puzzle, Output> {
        match &self.record.result {
            Ok(p) => Ok(p),
            Err(e) if json => Err(self.fail(true, "parse", e)),
            Err(e) => Err(Output::failed(format!(
                "invalid: {}{e}",
                self.error_prefix()
            ))),
        }
    }

    /// The warning for a puzzle read only in part (drawings, a rules
    /// text, unknown keys: [`sudokit::Puzzle::ignored`]), in plain words;
    /// `None` for a puzzle read completely.
    pub fn ignored_warning(&self) -> Option<String> {
        let p = self.record.result.as_ref().ok()?;
        if p.ignored().is_empty() {
            return None;
        }
        Some(format!(
            "warning: {}puzzle {}, line {}: not read as rules: {}; the puzzle may have rules \
             beyond those sudokit read",
            self.error_prefix(),
            self.record.number,
            self.record.line,
            p.ignored().join("; ")
        ))
    }

    /// Prints [`Item::ignored_warning`] on standard error, if any.
    pub fn warn_ignored(&self) {
        if let Some(w) = self.ignored_warning() {
            eprintln!("{w}");
        }
    }

    /// The output for a use case's error, located at this record.
    pub fn fail_with(&self, json: bool, error: sudokit::Error) -> Output {
        let code = error.code();
        self.fail(json, code, self.record.locate(error))
    }

    /// A JSON success object: the common fields plus `fields`.
    pub fn json_ok(&self, fields: serde_json::Value) -> String {
        let mut m = self.json_base();
        if let serde_json::Value::Object(f) = fields {
            m.extend(f);
        }
        serde_json::Value::Object(m).to_string()
    }
}

/// `--engine`: which search solves ([`sudokit::solve::Engine`]).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineArg {
    /// Propagation and backtracking, clause learning when it stalls; the
    /// constraint search on puzzles with constraints.
    #[default]
    Auto,
    /// Propagation and backtracking only.
    Backtrack,
    /// Clause learning from the start, constraints included.
    Learning,
}

impl From<EngineArg> for sudokit::solve::Engine {
    fn from(e: EngineArg) -> Self {
        match e {
            EngineArg::Auto => Self::Auto,
            EngineArg::Backtrack => Self::Backtrack,
            EngineArg::Learning => Self::Learning,
        }
    }
}

/// The use-case options of one command: `--timeout` and threads.
pub fn options(timeout: Option<f64>, threads: usize) -> sudokit::Options {
    let mut o = sudokit::Options::default().with_threads(threads);
    if let Some(secs) = timeout {
        o = o.with_timeout(std::time::Duration::from_secs_f64(secs));
    }
    o
}

/// `-j N` capped at the machine's parallelism (0 = one per core): more
/// threads than cores only costs memory, and a huge N would stall on
/// thread creation. Says so on standard error when it caps.
pub fn threads(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if asked > cores {
        eprintln!("sudokit: -j {asked} is more than the {cores} cores here; using {cores}");
        cores
    } else {
        asked
    }
}
