//! The text form: one directive per constraint, `key: value`, cells named
//! `r1c1`. Read by the puzzle reader, written by the writer.

/// What is wrong with a directive: a message and the byte offset in the
/// value where the trouble starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct TextError {
    pub(crate) at: usize,
    pub(crate) message: String,
}

pub(crate) fn err<T>(at: usize, message: impl Into<String>) -> Result<T, TextError> {
    Err(TextError {
        at,
        message: message.into(),
    })
}

/// Whitespace-separated tokens with their byte offsets.
pub(crate) fn tokens(s: &str) -> Vec<(usize, &str)> {
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
pub(crate) fn cell(at: usize, t: &str, n: usize) -> Result<usize, TextError> {
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

pub(crate) fn cells(toks: &[(usize, &str)], n: usize) -> Result<Vec<usize>, TextError> {
    toks.iter().map(|&(at, t)| cell(at, t, n)).collect()
}

pub(crate) fn number(at: usize, t: &str) -> Result<u32, TextError> {
    t.parse()
        .or_else(|_| err(at, format!("expected a number, found {t:?}")))
}

pub(crate) fn name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

pub(crate) fn names(cells: &[usize], n: usize) -> String {
    cells
        .iter()
        .map(|&c| name(c, n))
        .collect::<Vec<_>>()
        .join(" ")
}

/// At least `min` cells (`what` names the clue in the message).
pub(crate) fn need_cells(
    value: &str,
    n: usize,
    min: usize,
    what: &str,
) -> Result<Vec<usize>, TextError> {
    let cs = cells(&tokens(value), n)?;
    if cs.len() < min {
        return err(value.len(), format!("{what} needs at least {min} cells"));
    }
    Ok(cs)
}

/// Exactly two cells.
pub(crate) fn pair(value: &str, n: usize, what: &str) -> Result<(usize, usize), TextError> {
    let cs = cells(&tokens(value), n)?;
    if cs.len() != 2 {
        return err(0, format!("{what} needs exactly two cells"));
    }
    Ok((cs[0], cs[1]))
}

/// No cell twice in `cs`.
pub(crate) fn no_repeat(cs: &[usize], what: &str, n: usize) -> Result<(), String> {
    for (i, a) in cs.iter().enumerate() {
        if cs[i + 1..].contains(a) {
            return Err(format!("{what} names {} twice", name(*a, n)));
        }
    }
    Ok(())
}

/// `a` and `b` are orthogonal neighbours.
pub(crate) fn adjacent(a: usize, b: usize, n: usize) -> Result<(), String> {
    let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
    if r1.abs_diff(r2) + c1.abs_diff(c2) == 1 {
        Ok(())
    } else {
        Err(format!(
            "{} and {} are not orthogonal neighbours",
            name(a, n),
            name(b, n)
        ))
    }
}
