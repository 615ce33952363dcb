//! Where puzzles come from: files or standard input, with shared parse options.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sudokit::format::{InputFormat, ParseOptions, Reader, Record};
use sudokit::{BoxShape, Variant};

/// Input options shared by every command that reads puzzles.
#[derive(clap::Args, Clone, Debug)]
pub struct InputArgs {
    /// Puzzle files (any supported format, many puzzles per file); none or `-`
    /// reads standard input.
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
}

/// A named input (empty name for standard input) and its reader.
type Source = (Arc<str>, Box<dyn BufRead + Send>);

/// One raw input line (for line-based inputs such as pencilmarks).
pub struct Line {
    pub source: Arc<str>,
    pub number: usize,
    pub text: std::result::Result<String, String>,
}

/// A record with the name of the input it came from.
pub struct Item {
    pub source: Arc<str>,
    pub record: Record,
}

impl Item {
    /// `file: ` prefix for messages (empty for standard input).
    pub fn prefix(&self) -> String {
        if self.source.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.source)
        }
    }
}

impl InputArgs {
    pub fn options(&self) -> Result<ParseOptions> {
        let mut variants = Vec::new();
        for name in &self.variant {
            match name.as_str() {
                "" | "none" => {}
                "jigsaw" => bail!("jigsaw regions come from the input: use a `regions:` block"),
                _ => variants.push(Variant::from_name(name).with_context(|| {
                    format!("unknown variant {name:?} (x, disjoint, hypercube, windoku)")
                })?),
            }
        }
        Ok(ParseOptions {
            format: self.format,
            box_shape: self.box_shape,
            variants,
            cube: self.cube,
        })
    }

    /// The inputs as buffered readers with their names (empty for stdin).
    fn sources(&self) -> Result<Vec<Source>> {
        let mut sources: Vec<Source> = Vec::new();
        if self.files.is_empty() {
            sources.push(("".into(), Box::new(BufReader::new(io::stdin()))));
        }
        for path in &self.files {
            if path.as_os_str() == "-" {
                sources.push(("".into(), Box::new(BufReader::new(io::stdin()))));
                continue;
            }
            let f = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            let name: Arc<str> = path.display().to_string().into();
            sources.push((name, Box::new(BufReader::with_capacity(1 << 16, f))));
        }
        Ok(sources)
    }

    /// The non-blank, non-comment (`#`) lines of every input, in order, with
    /// their source and 1-based line number; streamed, never loaded whole. A
    /// read error ends its input and is reported as a line error.
    pub fn lines(&self) -> Result<impl Iterator<Item = Line>> {
        Ok(self.sources()?.into_iter().flat_map(|(source, src)| {
            src.lines()
                .enumerate()
                .map(move |(i, text)| Line {
                    source: source.clone(),
                    number: i + 1,
                    text: text.map_err(|e| e.to_string()),
                })
                .scan(false, |failed, l| {
                    // Stop after the first read error (it is still yielded).
                    if *failed {
                        return None;
                    }
                    *failed = l.text.is_err();
                    Some(l)
                })
                .filter(|l| {
                    l.text.as_ref().map_or(true, |t| {
                        !t.trim().is_empty() && !t.trim_start().starts_with('#')
                    })
                })
        }))
    }

    /// Every record of every input, in order. Files are opened lazily; a file
    /// that cannot be opened is an error before any output.
    pub fn items(&self) -> Result<impl Iterator<Item = Item>> {
        let opts = self.options()?;
        let sources = self.sources()?;
        Ok(sources.into_iter().flat_map(move |(source, src)| {
            Reader::new(src, opts.clone()).map(move |record| Item {
                source: source.clone(),
                record,
            })
        }))
    }
}

/// Parses `--timeout SECS`: a finite, non-negative number of seconds.
pub fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.0..1e9).contains(&x) => Ok(x),
        _ => Err(format!("not a number of seconds: {s}")),
    }
}

/// The search limits for one puzzle under `--timeout SECS`, starting now.
pub fn limits(secs: f64) -> sudokit::solve::Limits {
    sudokit::solve::Limits::timeout(std::time::Duration::from_secs_f64(secs))
}
