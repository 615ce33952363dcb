//! The text form: one directive per constraint, `key: value`, cells named
//! `r1c1`. Read by the puzzle reader, written by the writer.

use super::{Constraint, Direction, Line};

/// Directive keys that carry a constraint.
pub(crate) const KEYS: &[&str] = &[
    "cage",
    "killer",
    "thermo",
    "arrow",
    "kropki-white",
    "kropki-black",
    "kropki",
    "xv",
    "sandwich",
    "little-killer",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "odd",
    "even",
    "whisper",
    "renban",
    "palindrome",
    "between",
    "region",
];

/// Keys that stand alone on a line (board-wide rules).
pub(crate) const FLAGS: &[&str] = &["anti-knight", "anti-king", "non-consecutive"];

/// What is wrong with a directive: a message and the byte offset in the
/// value where the trouble starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct TextError {
    pub(crate) at: usize,
    pub(crate) message: String,
}

fn err<T>(at: usize, message: impl Into<String>) -> Result<T, TextError> {
    Err(TextError {
        at,
        message: message.into(),
    })
}

/// Whitespace-separated tokens with their byte offsets.
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in s.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(a)) => {
                out.push((a, &s[a..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(a) = start {
        out.push((a, &s[a..]));
    }
    out
}

/// `r3c5` → cell index on an N×N board.
fn cell(at: usize, t: &str, n: usize) -> Result<usize, TextError> {
    let lower = t.to_ascii_lowercase();
    let parsed = lower.strip_prefix('r').and_then(|rest| {
        let (r, c) = rest.split_once('c')?;
        Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?))
    });
    match parsed {
        Some((r, c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => Ok((r - 1) * n + c - 1),
        Some((r, c)) => err(at, format!("cell r{r}c{c} is off the {n}×{n} board")),
        None => err(at, format!("expected a cell such as r1c1, found {t:?}")),
    }
}

fn cells(toks: &[(usize, &str)], n: usize) -> Result<Vec<usize>, TextError> {
    toks.iter().map(|&(at, t)| cell(at, t, n)).collect()
}

fn number(at: usize, t: &str) -> Result<u32, TextError> {
    t.parse()
        .or_else(|_| err(at, format!("expected a number, found {t:?}")))
}

pub(crate) fn name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

fn names(cells: &[usize], n: usize) -> String {
    cells
        .iter()
        .map(|&c| name(c, n))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads one directive (`key` lower-case, `value` after the colon).
pub(crate) fn parse(key: &str, value: &str, n: usize) -> Result<Constraint, TextError> {
    let toks = tokens(value);
    let end = value.len();
    let need_cells = |min: usize, what: &str| -> Result<Vec<usize>, TextError> {
        let cs = cells(&toks, n)?;
        if cs.len() < min {
            return err(end, format!("{what} needs at least {min} cells"));
        }
        Ok(cs)
    };
    let pair = |what: &str| -> Result<(usize, usize), TextError> {
        let cs = cells(&toks, n)?;
        if cs.len() != 2 {
            return err(0, format!("{what} needs exactly two cells"));
        }
        Ok((cs[0], cs[1]))
    };
    let c = match key {
        "cage" | "killer" => {
            let (sum, rest) = match toks.first() {
                Some(&(at, t)) if t.starts_with(|c: char| c.is_ascii_digit()) => {
                    (Some(number(at, t)?), &toks[1..])
                }
                _ => (None, &toks[..]),
            };
            let cs = cells(rest, n)?;
            if cs.is_empty() {
                return err(end, "a cage needs cells");
            }
            Constraint::Cage { sum, cells: cs }
        }
        "thermo" => Constraint::Thermo(need_cells(2, "a thermometer")?),
        "arrow" => {
            let Some(bar) = toks.iter().position(|&(_, t)| t == "|") else {
                return err(0, "an arrow is `circle cells | arrow cells`");
            };
            let circle = cells(&toks[..bar], n)?;
            let arrow = cells(&toks[bar + 1..], n)?;
            if circle.is_empty() || arrow.is_empty() {
                return err(0, "an arrow needs circle cells and arrow cells");
            }
            Constraint::Arrow { circle, arrow }
        }
        "kropki-white" => {
            let (a, b) = pair("a white dot")?;
            Constraint::KropkiWhite(a, b)
        }
        "kropki-black" => {
            let (a, b) = pair("a black dot")?;
            Constraint::KropkiBlack(a, b)
        }
        "kropki" => match toks.as_slice() {
            [(_, t)] if t.eq_ignore_ascii_case("all") => Constraint::KropkiAll,
            [(at, t), rest @ ..]
                if t.eq_ignore_ascii_case("white") || t.eq_ignore_ascii_case("black") =>
            {
                let cs = cells(rest, n)?;
                if cs.len() != 2 {
                    return err(*at, "a dot needs exactly two cells");
                }
                if t.eq_ignore_ascii_case("white") {
                    Constraint::KropkiWhite(cs[0], cs[1])
                } else {
                    Constraint::KropkiBlack(cs[0], cs[1])
                }
            }
            _ => {
                return err(
                    0,
                    "expected `kropki: all`, `kropki: white r1c1 r1c2` or `kropki: black …`",
                )
            }
        },
        "xv" => match toks.as_slice() {
            [(_, t)] if t.eq_ignore_ascii_case("all") => Constraint::XvAll,
            [(at, t), rest @ ..] if t.eq_ignore_ascii_case("x") || t.eq_ignore_ascii_case("v") => {
                let cs = cells(rest, n)?;
                if cs.len() != 2 {
                    return err(*at, "an X or V needs exactly two cells");
                }
                if t.eq_ignore_ascii_case("x") {
                    Constraint::X(cs[0], cs[1])
                } else {
                    Constraint::V(cs[0], cs[1])
                }
            }
            _ => return err(0, "expected `xv: x r1c1 r1c2`, `xv: v …` or `xv: all`"),
        },
        "sandwich" => {
            // `row 3 = 15`, `column 2 = 0` (`col`, `r3`, `c2` too).
            let text: String = value.split_whitespace().collect::<Vec<_>>().join(" ");
            let Some((line, sum)) = text.split_once('=') else {
                return err(0, "expected `sandwich: row 1 = 15`");
            };
            let at_sum = value.find('=').unwrap_or(0) + 1;
            let sum = number(at_sum, sum.trim())?;
            let line = line.trim().to_ascii_lowercase();
            let (kind, idx) = if let Some(x) = line.strip_prefix("row") {
                ("row", x)
            } else if let Some(x) = line.strip_prefix("column").or(line.strip_prefix("col")) {
                ("column", x)
            } else if let Some(x) = line.strip_prefix('r') {
                ("row", x)
            } else if let Some(x) = line.strip_prefix('c') {
                ("column", x)
            } else {
                return err(0, "a sandwich clue names `row K` or `column K`");
            };
            let k = number(0, idx.trim())? as usize;
            if !(1..=n).contains(&k) {
                return err(0, format!("{kind} {k} is off the {n}×{n} board"));
            }
            let line = if kind == "row" {
                Line::Row(k - 1)
            } else {
                Line::Column(k - 1)
            };
            Constraint::Sandwich { line, sum }
        }
        "little-killer" => {
            let [(a0, s), (a1, c), (a2, d)] = toks.as_slice() else {
                return err(0, "expected `little-killer: SUM CELL DIRECTION` (down-right, down-left, up-right, up-left)");
            };
            let sum = number(*a0, s)?;
            let start = cell(*a1, c, n)?;
            let direction = match d.to_ascii_lowercase().as_str() {
                "down-right" | "dr" => Direction::DownRight,
                "down-left" | "dl" => Direction::DownLeft,
                "up-right" | "ur" => Direction::UpRight,
                "up-left" | "ul" => Direction::UpLeft,
                _ => {
                    return err(
                        *a2,
                        format!(
                            "unknown direction {d:?} (down-right, down-left, up-right, up-left)"
                        ),
                    )
                }
            };
            Constraint::LittleKiller {
                sum,
                start,
                direction,
            }
        }
        "anti-knight" | "anti-king" | "non-consecutive" => {
            if let Some(&(at, t)) = toks.first() {
                if !matches!(t.to_ascii_lowercase().as_str(), "yes" | "on" | "true") {
                    return err(at, format!("`{key}` takes no value"));
                }
            }
            match key {
                "anti-knight" => Constraint::AntiKnight,
                "anti-king" => Constraint::AntiKing,
                _ => Constraint::NonConsecutive,
            }
        }
        "odd" => Constraint::Odd(need_cells(1, "an odd clue")?),
        "even" => Constraint::Even(need_cells(1, "an even clue")?),
        "whisper" => Constraint::Whisper(need_cells(2, "a whisper line")?),
        "renban" => Constraint::Renban(need_cells(1, "a renban line")?),
        "palindrome" => Constraint::Palindrome(need_cells(2, "a palindrome")?),
        "between" => Constraint::Between(need_cells(2, "a between line")?),
        "region" => Constraint::Region(need_cells(1, "a region")?),
        _ => return err(0, format!("unknown constraint {key:?}")),
    };
    validate(&c, n).map_err(|message| TextError { at: 0, message })?;
    Ok(c)
}

/// Rules every constraint must meet, however it was built.
pub(crate) fn validate(c: &Constraint, n: usize) -> Result<(), String> {
    let cells = c.cells(n);
    if let Some(&bad) = cells.iter().find(|&&x| x >= n * n) {
        return Err(format!("cell {bad} is off the {n}×{n} board"));
    }
    let no_repeat = |cs: &[usize], what: &str| -> Result<(), String> {
        for (i, a) in cs.iter().enumerate() {
            if cs[i + 1..].contains(a) {
                return Err(format!("{what} names {} twice", name(*a, n)));
            }
        }
        Ok(())
    };
    let adjacent = |a: usize, b: usize| {
        let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
        r1.abs_diff(r2) + c1.abs_diff(c2) == 1
    };
    use Constraint::*;
    match c {
        Cage { cells, .. } => no_repeat(cells, "a cage"),
        Thermo(cs) | Whisper(cs) | Renban(cs) | Palindrome(cs) | Between(cs) => {
            no_repeat(cs, "a line")
        }
        Region(cs) => no_repeat(cs, "a region"),
        Arrow { .. } => no_repeat(&cells, "an arrow"),
        KropkiWhite(a, b) | KropkiBlack(a, b) | X(a, b) | V(a, b) => {
            if adjacent(*a, *b) {
                Ok(())
            } else {
                Err(format!(
                    "{} and {} are not orthogonal neighbours",
                    name(*a, n),
                    name(*b, n)
                ))
            }
        }
        Sandwich { line, .. } => match line {
            Line::Row(k) | Line::Column(k) if *k < n => Ok(()),
            _ => Err("sandwich line off the board".into()),
        },
        LittleKiller { start, .. } if *start < n * n => Ok(()),
        LittleKiller { .. } => Err("little-killer start off the board".into()),
        _ => Ok(()),
    }
}

/// The directive line for a constraint (without the newline).
pub(crate) fn write(c: &Constraint, n: usize) -> String {
    use Constraint::*;
    match c {
        Cage {
            sum: Some(s),
            cells,
        } => format!("cage: {s} {}", names(cells, n)),
        Cage { sum: None, cells } => format!("cage: {}", names(cells, n)),
        Thermo(cs) => format!("thermo: {}", names(cs, n)),
        Arrow { circle, arrow } => format!("arrow: {} | {}", names(circle, n), names(arrow, n)),
        KropkiWhite(a, b) => format!("kropki-white: {} {}", name(*a, n), name(*b, n)),
        KropkiBlack(a, b) => format!("kropki-black: {} {}", name(*a, n), name(*b, n)),
        KropkiAll => "kropki: all".into(),
        X(a, b) => format!("xv: x {} {}", name(*a, n), name(*b, n)),
        V(a, b) => format!("xv: v {} {}", name(*a, n), name(*b, n)),
        XvAll => "xv: all".into(),
        Sandwich {
            line: Line::Row(k),
            sum,
        } => format!("sandwich: row {} = {sum}", k + 1),
        Sandwich {
            line: Line::Column(k),
            sum,
        } => format!("sandwich: column {} = {sum}", k + 1),
        LittleKiller {
            sum,
            start,
            direction,
        } => {
            let d = match direction {
                Direction::DownRight => "down-right",
                Direction::DownLeft => "down-left",
                Direction::UpRight => "up-right",
                Direction::UpLeft => "up-left",
            };
            format!("little-killer: {sum} {} {d}", name(*start, n))
        }
        AntiKnight => "anti-knight".into(),
        AntiKing => "anti-king".into(),
        NonConsecutive => "non-consecutive".into(),
        Odd(cs) => format!("odd: {}", names(cs, n)),
        Even(cs) => format!("even: {}", names(cs, n)),
        Whisper(cs) => format!("whisper: {}", names(cs, n)),
        Renban(cs) => format!("renban: {}", names(cs, n)),
        Palindrome(cs) => format!("palindrome: {}", names(cs, n)),
        Between(cs) => format!("between: {}", names(cs, n)),
        Region(cs) => format!("region: {}", names(cs, n)),
    }
}

impl Constraint {
    /// Reads a constraint from its directive: `key` as in `cage`, `thermo`,
    /// `kropki-white`, … and `value` the text after the colon.
    ///
    /// ```
    /// use sudokit::constraints::Constraint;
    /// let c = Constraint::parse("cage", "15 r1c1 r1c2 r2c1", 9).unwrap();
    /// assert_eq!(c, Constraint::Cage { sum: Some(15), cells: vec![0, 1, 9] });
    /// assert_eq!(c.to_directive(9), "cage: 15 r1c1 r1c2 r2c1");
    /// assert!(Constraint::parse("thermo", "r1c1 r1c10", 9).is_err());
    /// ```
    pub fn parse(key: &str, value: &str, n: usize) -> Result<Constraint, String> {
        parse(&key.to_ascii_lowercase(), value, n).map_err(|e| e.message)
    }

    /// The directive line that [`Constraint::parse`] reads back.
    pub fn to_directive(&self, n: usize) -> String {
        write(self, n)
    }
}
