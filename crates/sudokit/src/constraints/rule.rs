//! The rules themselves: [`Constraint`], one value per rule on the board,
//! and the clue of the families that keep their numbers and cells
//! ([`Clue`]). Plain data: what a rule means lives in its family's file.

/// A row or a column of the board (0-based index), for sandwich clues.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Line {
    Row(usize),
    Column(usize),
}

impl Line {
    /// The line's cells in order (left to right, top to bottom).
    pub fn cells(self, n: usize) -> Vec<usize> {
        match self {
            Line::Row(r) => (0..n).map(|c| r * n + c).collect(),
            Line::Column(c) => (0..n).map(|r| r * n + c).collect(),
        }
    }
}

/// The direction a little-killer diagonal runs from its first cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    DownRight,
    DownLeft,
    UpRight,
    UpLeft,
}

impl Direction {
    /// Row and column steps.
    pub(crate) fn steps(self) -> (isize, isize) {
        match self {
            Direction::DownRight => (1, 1),
            Direction::DownLeft => (1, -1),
            Direction::UpRight => (-1, 1),
            Direction::UpLeft => (-1, -1),
        }
    }

    /// The cells from `start` to the board's edge in this direction.
    pub fn cells_from(self, start: usize, n: usize) -> Vec<usize> {
        let (dr, dc) = self.steps();
        let (mut r, mut c) = ((start / n) as isize, (start % n) as isize);
        let mut out = Vec::new();
        while (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
            out.push(r as usize * n + c as usize);
            r += dr;
            c += dc;
        }
        out
    }
}

/// One rule on top of the units. See the module docs for the cell numbering.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Constraint {
    /// Killer cage: no digit twice; the digits sum to `sum` when given.
    Cage { sum: Option<u32>, cells: Vec<usize> },
    /// Thermometer from the bulb: digits strictly increase along the line.
    Thermo(Vec<usize>),
    /// Arrow: the digits on the arrow sum to the circle's number. A circle
    /// of several cells reads as a decimal number (two cells `1`, `2`: 12).
    Arrow {
        circle: Vec<usize>,
        arrow: Vec<usize>,
    },
    /// White dot: the two digits differ by 1.
    KropkiWhite(usize, usize),
    /// Black dot: one digit is twice the other.
    KropkiBlack(usize, usize),
    /// Every dot is given: orthogonal neighbours without a dot are neither
    /// consecutive nor in ratio 2.
    KropkiAll,
    /// Every white dot is given: orthogonal neighbours without a dot (of
    /// either colour) are not consecutive (f-puzzles' `negative:
    /// ["difference"]`, or its non-consecutive rule on a board with dots).
    KropkiWhiteAll,
    /// Every black dot is given: orthogonal neighbours without a dot (of
    /// either colour) are not in ratio 2 (f-puzzles' `negative: ["ratio"]`).
    KropkiBlackAll,
    /// X: the two digits sum to 10.
    X(usize, usize),
    /// V: the two digits sum to 5.
    V(usize, usize),
    /// Every X and V is given: orthogonal neighbours without one sum to
    /// neither 10 nor 5.
    XvAll,
    /// The digits between 1 and N in this row or column sum to `sum`.
    Sandwich { line: Line, sum: u32 },
    /// The digits on the diagonal from `start` in `direction` sum to `sum`
    /// (repeats allowed where the units allow them).
    LittleKiller {
        sum: u32,
        start: usize,
        direction: Direction,
    },
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart (diagonal touch included) differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// These cells hold odd digits.
    Odd(Vec<usize>),
    /// These cells hold even digits.
    Even(Vec<usize>),
    /// German whispers: neighbours on the line differ by at least
    /// [`whisper_gap`] (5 on 9×9).
    Whisper(Vec<usize>),
    /// Renban: the line holds a set of consecutive digits, no repeats.
    Renban(Vec<usize>),
    /// The line reads the same from either end.
    Palindrome(Vec<usize>),
    /// Between line: the digits strictly between the two ends lie strictly
    /// between the ends' digits.
    Between(Vec<usize>),
    /// Extra region: no repeats (and every digit once when it has N cells).
    Region(Vec<usize>),
    /// A rule of a family that keeps its clue as numbers and cells
    /// (minimum/maximum, quadruples, X-sums, skyscrapers, zipper, entropic
    /// and modular lines, Dutch whispers, clones): see [`Clue`].
    Clue(Clue),
}

/// The smallest difference between neighbours on a German whisper line:
/// 5 for N = 9, generally ⌈N/2⌉, so that (as on 9×9) the middle digit has
/// no partner and the low and high halves alternate.
///
/// ```
/// assert_eq!(sudokit::constraints::whisper_gap(9), 5);
/// assert_eq!(sudokit::constraints::whisper_gap(6), 3);
/// ```
pub fn whisper_gap(n: usize) -> u32 {
    n.div_ceil(2) as u32
}

/// A constraint of a family that keeps its clue as numbers and cells: the
/// families added through the registry (X-sums, skyscrapers, zipper lines,
/// …). The numbers (a sum, a count, a difference, digits) and the cells
/// (in the order the rule reads them) mean what the family's file says;
/// [`Constraint::parse`] makes one and [`Constraint::to_directive`] writes
/// it back.
#[derive(Clone)]
pub struct Clue {
    /// The family's first directive key, which names it in the registry.
    pub(crate) key: &'static str,
    pub(crate) numbers: Vec<i64>,
    pub(crate) cells: Vec<usize>,
}

impl Clue {
    /// The family's directive key (`x-sum`, `zipper`, …).
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The clue's numbers, as the family reads them.
    pub fn numbers(&self) -> &[i64] {
        &self.numbers
    }

    /// The clue's cells (`row * N + column`), in the order the rule reads
    /// them.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn parts(&self) -> (&'static str, &[i64], &[usize]) {
        (self.key(), &self.numbers, &self.cells)
    }
}

impl PartialEq for Clue {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl Eq for Clue {}

impl std::hash::Hash for Clue {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

impl std::fmt::Debug for Clue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clue")
            .field("family", &self.key())
            .field("numbers", &self.numbers)
            .field("cells", &self.cells)
            .finish()
    }
}
