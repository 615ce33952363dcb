//! A dedicated solver for plain 9×9 sudoku (3×3 boxes, no variants).
//!
//! Candidates are band bitboards (see [`board`] for the layout and the
//! propagation rules); the search is depth-first, saving a 160-byte
//! snapshot of the board at each branch point, with an explicit stack so
//! that enumeration streams and can stop at any solution. The generic solver
//! is the reference: the tests in `tests/nine_differential.rs` check that
//! both agree.

#[cfg(target_arch = "x86_64")]
mod avx2;
mod board;
mod tables;

use super::limits::Limits;
use crate::geometry::{BoxShape, Geometry, Layout};

use std::cell::Cell;
use std::mem::ManuallyDrop;

use board::{Board, Build, Givens, Snapshot, Split, PLAIN, WIDE, WIDE_PEXT};

/// Whether `geo` is the plain 9×9 board this solver handles.
pub(crate) fn applies(geo: &Geometry) -> bool {
    geo.layout() == Layout::Square
        && geo.box_shape() == BoxShape::new(3, 3)
        && geo.variants().is_empty()
}

/// A branch point on the stack: the board before branching, where, and the
/// alternatives (configurations, or digits of a cell) not tried yet.
struct Frame {
    board: Snapshot,
    split: Split,
    untried: u32,
}

/// Depth-first search over one 9×9 puzzle, resumable: each
/// [`NineSearch::advance`] finds the next solution.
pub(crate) struct NineSearch {
    stack: Vec<Frame>,
    /// The board being worked on; see `at`. Boxed (it is 64-byte aligned,
    /// which makes its allocation slow) and handed to the next search on
    /// this thread when this one is dropped, with `stack`; see [`SPARE`].
    board: ManuallyDrop<Box<Board>>,
    at: At,
    guesses: u64,
    /// Deadline / cancel flag, checked every 4096 guesses when set.
    limits: Option<Limits>,
    interrupted: bool,
    /// The build of the hot loop this CPU runs (see [`NineSearch::advance`]).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    build: Build,
    /// The givens of the last [`NineSearch::load`], updated cell by cell.
    givens: Option<Box<Givens>>,
}

impl NineSearch {
    /// `values`: 81 cells row-major, `0` = empty, `1..=9` = given.
    pub(crate) fn new(values: &[u16]) -> Self {
        let (mut board, mut stack) = match SPARE.try_with(Cell::take) {
            Ok(Some(spare)) => (spare.board, spare.stack),
            _ => (Box::new(Board::empty()), Vec::with_capacity(16)),
        };
        stack.clear();
        let build = cpu_build();
        #[cfg(target_arch = "x86_64")]
        let given = if build >= WIDE {
            // SAFETY: as in `advance`: the CPU has the build's features.
            unsafe { from_values_wide(values) }
        } else {
            Board::from_values::<PLAIN>(values)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let given = Board::from_values::<PLAIN>(values);
        let at = match given {
            Some(b) => {
                *board = b;
                At::Start
            }
            None => {
                *board = Board::empty();
                At::Done
            }
        };
        NineSearch {
            stack,
            board: ManuallyDrop::new(board),
            at,
            guesses: 0,
            limits: None,
            interrupted: false,
            build,
            givens: None,
        }
    }

    /// `masks`: 81 candidate sets row-major, bit `d` = digit `d + 1` allowed.
    pub(crate) fn with_candidates(masks: &[u16]) -> Self {
        let mut s = Self::new(&[0; 81]);
        **s.board = Board::from_candidates(masks);
        s
    }

    /// Alternatives tried at branch points (configurations or cell digits).
    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Restarts this search on the givens `values` (as [`NineSearch::new`]),
    /// keeping its allocations. For a stream of unrelated puzzles this is
    /// cheaper than [`NineSearch::load`], which updates its givens cell by
    /// cell. Limits stay as they were.
    pub(crate) fn reset(&mut self, values: &[u16]) {
        self.stack.clear();
        self.guesses = 0;
        self.interrupted = false;
        // `load` keeps the givens it last saw; they are stale now.
        self.givens = None;
        #[cfg(target_arch = "x86_64")]
        let given = if self.build >= WIDE {
            // SAFETY: as in `advance`: the CPU has the build's features.
            unsafe { from_values_wide(values) }
        } else {
            Board::from_values::<PLAIN>(values)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let given = Board::from_values::<PLAIN>(values);
        self.at = match given {
            Some(b) => {
                **self.board = b;
                At::Start
            }
            None => At::Done,
        };
    }

    /// Restarts this search on a new puzzle, keeping its allocations: the
    /// givens `values` (81 cells row-major, `0` = empty) with each
    /// `(cell, digit)` of `exclude` struck from the cell's candidates. The
    /// board is propagated on the first [`NineSearch::advance`] (by the fast
    /// build where the CPU has it). Limits stay as they were.
    pub(crate) fn load(&mut self, values: &[u16], exclude: &[(usize, u16)]) {
        debug_assert_eq!(values.len(), 81);
        self.stack.clear();
        self.guesses = 0;
        self.interrupted = false;
        let givens = self.givens.get_or_insert_with(|| Box::new(Givens::new()));
        let board = if !givens.update(values) {
            None
        } else {
            #[cfg(target_arch = "x86_64")]
            if self.build >= WIDE {
                // SAFETY: as in `advance`: the CPU has the build's features.
                unsafe { from_givens_wide(givens, exclude) }
            } else {
                Board::from_givens(givens, exclude)
            }
            #[cfg(not(target_arch = "x86_64"))]
            Board::from_givens(givens, exclude)
        };
        self.at = match board {
            Some(b) => {
                **self.board = b;
                At::Start
            }
            None => At::Done,
        };
    }

    /// Gives up (resumably) once `limits` expire; see [`NineSearch::interrupted`].
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = Some(limits);
    }

    /// Whether the last `advance` returned false because the limits expired.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupted
    }

    pub(crate) fn solution_values(&self) -> Option<Vec<u16>> {
        (self.at == At::Solution).then(|| self.board.values())
    }

    /// The solution just found into `out` (81 cells); false (and `out`
    /// untouched) when the search is not at a solution.
    pub(crate) fn write_solution(&self, out: &mut [u16]) -> bool {
        if self.at != At::Solution || out.len() != 81 {
            return false;
        }
        self.board.write_values(out);
        true
    }

    /// Finds the next solution; false when the search space is exhausted.
    ///
    /// The search loop and the whole board code (all `#[inline(always)]`) are
    /// compiled three times: for the baseline target, and twice with AVX2,
    /// BMI1/2, POPCNT and LZCNT enabled, which turns the many bit counts and
    /// scans into single instructions, with and without `pext` (see the
    /// board's "Builds"). The CPU is checked at run time, so one binary runs
    /// anywhere and uses the fastest build it can.
    pub(crate) fn advance(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        match self.build {
            // SAFETY: `cpu_build` picks a wide build only when it found every
            // feature that `advance_wide` is compiled for on this CPU.
            WIDE_PEXT => return unsafe { self.advance_wide::<WIDE_PEXT>() },
            WIDE => return unsafe { self.advance_wide::<WIDE>() },
            _ => {}
        }
        self.advance_plain::<PLAIN>()
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn advance_wide<const B: Build>(&mut self) -> bool {
        self.advance_plain::<B>()
    }

    #[inline(always)]
    fn advance_plain<const B: Build>(&mut self) -> bool {
        if self.at == At::Solution {
            self.at = At::Backtrack;
        }
        self.interrupted = false;
        loop {
            match self.at {
                At::Start => {
                    if !self.board.propagate::<B>() {
                        self.at = At::Done;
                        return false;
                    }
                    self.at = At::Expand;
                }
                At::Expand => {
                    if self.board.solved() {
                        self.at = At::Solution;
                        return true;
                    }
                    if self.guesses & 4095 == 4095
                        && self.limits.as_ref().is_some_and(Limits::expired)
                    {
                        self.interrupted = true;
                        return false;
                    }
                    // Save the board with the other alternatives, try the first.
                    let br = self.board.branch::<B>();
                    let k = br.alts.trailing_zeros() as usize;
                    self.stack.push(Frame {
                        board: self.board.snapshot(),
                        split: br.split,
                        untried: br.alts & (br.alts - 1),
                    });
                    self.guesses += 1;
                    if !(self.board.try_alternative(br.split, k) && self.board.propagate::<B>()) {
                        self.at = At::Backtrack;
                    }
                }
                At::Backtrack => {
                    let Some(frame) = self.stack.last_mut() else {
                        self.at = At::Done;
                        return false;
                    };
                    let k = frame.untried.trailing_zeros() as usize;
                    frame.untried &= frame.untried - 1;
                    let split = frame.split;
                    if frame.untried == 0 {
                        let frame = self.stack.pop().expect("frame");
                        self.board.restore(&frame.board);
                    } else {
                        self.board.restore(&frame.board);
                    }
                    self.guesses += 1;
                    if self.board.try_alternative(split, k) && self.board.propagate::<B>() {
                        self.at = At::Expand;
                    }
                }
                At::Solution | At::Done => return false,
            }
        }
    }
}

/// [`Board::from_givens`] compiled with the fast build's features (hardware bit
/// counts), see [`NineSearch::advance`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn from_givens_wide(givens: &Givens, exclude: &[(usize, u16)]) -> Option<Board> {
    Board::from_givens(givens, exclude)
}

/// [`Board::from_values`] compiled with the fast build's features, see
/// [`NineSearch::advance`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn from_values_wide(values: &[u16]) -> Option<Board> {
    Board::from_values::<WIDE>(values)
}

/// The allocations of a dropped search, for the next [`NineSearch::new`] on
/// the same thread: the API makes a search per puzzle, and allocating the
/// aligned board and the stack cost about as much as solving an easy puzzle.
struct Spare {
    board: Box<Board>,
    stack: Vec<Frame>,
}

thread_local! {
    static SPARE: Cell<Option<Spare>> = const { Cell::new(None) };
}

impl Drop for NineSearch {
    fn drop(&mut self) {
        // SAFETY: `board` is taken exactly once, here, and not used after.
        let board = unsafe { ManuallyDrop::take(&mut self.board) };
        let spare = Spare {
            board,
            stack: std::mem::take(&mut self.stack),
        };
        // During thread teardown the slot may be gone: then `spare` is
        // simply dropped with the closure.
        let _ = SPARE.try_with(move |s| s.set(Some(spare)));
    }
}

/// Where the search stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    /// `board` holds givens placed but not propagated yet (see
    /// [`NineSearch::load`]).
    Start,
    /// `board` is propagated and consistent, not yet expanded.
    Expand,
    /// `board` is a dead end: resume from the stack.
    Backtrack,
    /// `board` is the solution just returned.
    Solution,
    /// Search space exhausted.
    Done,
}

/// The fastest build of the hot loop this CPU runs (see
/// [`NineSearch::advance`]). Detected once per process.
fn cpu_build() -> Build {
    static BUILD: std::sync::OnceLock<Build> = std::sync::OnceLock::new();
    *BUILD.get_or_init(|| {
        if !wide_cpu() {
            PLAIN
        } else if pext_is_fast() {
            WIDE_PEXT
        } else {
            WIDE
        }
    })
}

/// Whether the CPU has the features of the wide builds. The standard library
/// caches the detection.
fn wide_cpu() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether `pext` is a single fast instruction here: on AMD (and Hygon)
/// before family 19h (Zen 3) it is microcode taking tens of cycles.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let amd = matches!(
        (vendor.ebx, vendor.edx, vendor.ecx),
        // "AuthenticAMD", "HygonGenuine"
        (0x6874_7541, 0x6974_6e65, 0x444d_4163) | (0x6f67_7948, 0x6e65_476e, 0x656e_6975)
    );
    if !amd {
        return true;
    }
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((eax >> 20) & 0xff)
    } else {
        base
    };
    family >= 0x19
}

#[cfg(not(target_arch = "x86_64"))]
fn pext_is_fast() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str, build: Build, limit: usize) -> (Vec<Vec<u16>>, u64) {
        let values: Vec<u16> = line
            .bytes()
            .map(|b| {
                if b.is_ascii_digit() {
                    (b - b'0') as u16
                } else {
                    0
                }
            })
            .collect();
        let mut s = NineSearch::new(&values);
        s.build = build;
        let mut out = Vec::new();
        while out.len() < limit && s.advance() {
            out.push(s.solution_values().unwrap());
        }
        (out, s.guesses())
    }

    /// Sparse grids must not send the search into large dead subtrees: the
    /// branching and the triad rule keep filling an empty grid nearly
    /// backtrack-free (configuration branching without the triad rule took
    /// ~122,000 guesses here).
    #[test]
    fn empty_grid_fills_with_few_guesses() {
        let empty = ".".repeat(81);
        for build in builds() {
            let (sols, guesses) = run(&empty, build, 1);
            assert_eq!(sols.len(), 1);
            assert!(guesses < 500, "{guesses} guesses");
        }
    }

    fn parse(line: &str) -> Vec<u16> {
        line.bytes()
            .map(|b| {
                if b.is_ascii_digit() {
                    (b - b'0') as u16
                } else {
                    0
                }
            })
            .collect()
    }

    fn all(s: &mut NineSearch, limit: usize) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        while out.len() < limit && s.advance() {
            out.push(s.solution_values().unwrap());
        }
        out
    }

    /// `load` (all givens placed at once, reusing the search) finds what a
    /// fresh search finds, and rejects clashing givens.
    #[test]
    fn load_agrees_with_new() {
        let lines = [
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ".................................................................................",
            "1...............................................................................1",
            "123456789........................................................................",
        ];
        let mut reused = NineSearch::new(&[0; 81]);
        for line in lines {
            let v = parse(line);
            reused.load(&v, &[]);
            assert_eq!(
                all(&mut reused, 3),
                all(&mut NineSearch::new(&v), 3),
                "{line}"
            );
        }
        for clash in [
            "11...............................................................................",
            "1........1.......................................................................",
            "1.........1......................................................................",
            "1...1............................................................................",
        ] {
            reused.load(&parse(clash), &[]);
            assert!(!reused.advance(), "{clash}");
            assert!(!NineSearch::new(&parse(clash)).advance(), "{clash}");
        }
        // Striking the solution's digit from an empty cell of a unique
        // puzzle leaves no solution; striking another digit changes nothing.
        let v = parse(lines[0]);
        let sol = all(&mut NineSearch::new(&v), 2).remove(0);
        let cell = v.iter().position(|&x| x == 0).unwrap();
        reused.load(&v, &[(cell, sol[cell])]);
        assert!(!reused.advance());
        let other = if sol[cell] == 1 { 2 } else { 1 };
        reused.load(&v, &[(cell, other)]);
        assert_eq!(all(&mut reused, 2), vec![sol]);
    }

    /// The builds this CPU can run (the `pext` one even where it is slow).
    fn builds() -> Vec<Build> {
        if wide_cpu() {
            vec![PLAIN, WIDE, WIDE_PEXT]
        } else {
            vec![PLAIN]
        }
    }

    /// The baseline build and the AVX2/BMI builds take the same path (when
    /// this CPU has the features; otherwise only the baseline build runs).
    #[test]
    fn plain_and_wide_agree() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/puzzles3_magictour_top1465"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            return; // data not present: covered by the integration tests
        };
        for line in text.lines().filter(|l| l.len() >= 81).take(300) {
            let a = run(&line[..81], PLAIN, 2);
            assert_eq!(a.0.len(), 1, "{line}");
            for build in builds() {
                assert_eq!(a, run(&line[..81], build, 2), "{line}");
            }
        }
        let empty = ".".repeat(81);
        for build in builds() {
            assert_eq!(run(&empty, PLAIN, 50), run(&empty, build, 50));
        }
    }
}
