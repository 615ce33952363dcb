//! The line shapes of other tools' files, read apart from the reader: a
//! CSV header's columns, a line's fields, and the cells field of a HoDoKu
//! library line. The reader asks these while it detects a format; the
//! records are read in `foreign`.

/// The columns of a CSV file, from its header line.
#[derive(Clone, Debug)]
pub(super) struct Csv {
    pub(super) sep: char,
    pub(super) puzzle: usize,
    pub(super) solution: Option<usize>,
}

impl Csv {
    /// A header such as `quizzes,solutions` or `id,puzzle,solution,clues`
    /// (any case, optionally quoted; `,`, `;` or tab separated).
    pub(super) fn header(t: &str) -> Option<Csv> {
        let sep = [',', ';', '\t'].into_iter().find(|&c| t.contains(c))?;
        let names: Vec<String> = t
            .split(sep)
            .map(|f| f.trim().trim_matches('"').to_ascii_lowercase())
            .collect();
        let find = |keys: &[&str]| names.iter().position(|n| keys.contains(&n.as_str()));
        let puzzle = find(&["quizzes", "quiz", "puzzle", "puzzles", "givens", "grid"])?;
        let solution = find(&["solutions", "solution", "answer"]);
        Some(Csv {
            sep,
            puzzle,
            solution,
        })
    }
}

/// Fields of a line with their 0-based start columns (quotes stripped).
pub(super) fn fields(line: &str, sep: char) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = 0;
    for f in line.split(sep) {
        let lead = f.len() - f.trim_start().len();
        let inner = f.trim();
        let quoted = inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"');
        let (start, text) = if quoted {
            (col + lead + 1, &inner[1..inner.len() - 1])
        } else {
            (col + lead, inner)
        };
        out.push((start, text));
        col += f.chars().count() + 1;
    }
    out
}

/// The cells field of a HoDoKu library line `:0000:x:<cells>:<deleted>:…:`,
/// with its 0-based column.
pub(super) fn hodoku_cells(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    if !t.starts_with(':') {
        return None;
    }
    let lead = line.len() - t.len();
    let parts: Vec<&str> = t.split(':').collect();
    // "", technique code, candidate(s), cells, …
    if parts.len() < 4 || parts[1].is_empty() || parts[3].is_empty() {
        return None;
    }
    let col = lead
        + parts[..3]
            .iter()
            .map(|p| p.chars().count() + 1)
            .sum::<usize>();
    Some((col, parts[3]))
}
