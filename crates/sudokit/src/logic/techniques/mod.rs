//! The techniques, one module each, and their order, scores and levels.
//!
//! Scores and levels are HoDoKu's published defaults, so grades are
//! comparable with that program's; the search order follows the same idea
//! (cheapest and most natural first), so the first step found is the one a
//! person would most likely see.

/// Sets `$s.explanation` to `format!($fmt…)` when the candidates `$c` want
/// texts ([`Candidates::texts`]); otherwise the arguments are not evaluated.
macro_rules! explain {
    ($c:expr, $s:expr, $($fmt:tt)+) => {
        if $c.texts() {
            $s.explanation = format!($($fmt)+);
        }
    };
}

mod adjacency;
mod als;
mod als_xy_chain;
mod als_xy_wing;
mod assumptions;
mod avoidable_rectangle;
mod bug;
mod chains;
mod colouring;
mod continuous_nice_loop;
mod empty_rectangle;
#[cfg(test)]
mod explanations;
mod fish;
mod forcing;
mod forcing_chain_contradiction;
mod franken_fish;
mod full_house;
mod grouped_aic;
mod hidden_single;
mod hidden_subsets;
mod kite;
mod locked_candidates;
mod locked_subsets;
mod memo;
mod multi_colours;
mod naked_single;
mod naked_subsets;
#[cfg(test)]
mod published_examples;
mod remote_pairs;
mod skyscraper;
mod sue_de_coq;
mod trial;
mod turbot_fish;
mod unique_rectangle;
mod variants;
mod w_wing;
mod xy_wing;
mod xyz_wing;

use std::cell::RefCell;
use std::sync::Arc;

use super::candidates::{bits, Candidates, Ctx};
use super::{Cand, Level, Step};

pub(crate) use trial::propagate_singles;
pub(crate) use variants::Rules;

/// Every technique the engine knows.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Technique {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    /// A naked pair in a box-line overlap, clearing both units.
    LockedPair,
    /// A naked triple in a box-line overlap, clearing both units.
    LockedTriple,
    /// Locked candidates type 1: a box's candidates confined to one line.
    Pointing,
    /// Locked candidates type 2: a line's candidates confined to one box.
    Claiming,
    /// Locked candidates between any other two overlapping units (variants).
    LockedCandidates,
    NakedPair,
    NakedTriple,
    NakedQuad,
    HiddenPair,
    HiddenTriple,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    SashimiXWing,
    SashimiSwordfish,
    SashimiJellyfish,
    Skyscraper,
    TwoStringKite,
    /// Two strong links on one digit joined by a weak link (the general
    /// form of skyscrapers and kites).
    TurbotFish,
    EmptyRectangle,
    WWing,
    XYWing,
    XYZWing,
    SimpleColours,
    /// Two colour clusters: colours that see each other (HoDoKu's type 1).
    MultiColours1,
    /// Two colour clusters: a colour seeing both colours of the other.
    MultiColours2,
    RemotePair,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    UniqueRectangle5,
    UniqueRectangle6,
    HiddenRectangle,
    /// A unique rectangle of solved (not given) cells, one corner open.
    AvoidableRectangle1,
    /// A unique rectangle of two solved (not given) cells and two open
    /// corners sharing one extra digit.
    AvoidableRectangle2,
    BugPlusOne,
    SueDeCoq,
    XChain,
    XYChain,
    /// A closed alternating loop: every weak link also holds as strong.
    ContinuousNiceLoop,
    Aic,
    /// A continuous nice loop through at least one group node.
    GroupedContinuousNiceLoop,
    /// An AIC with group nodes (a digit's candidates where two units overlap).
    GroupedAic,
    AlsXz,
    /// Three almost locked sets: a pivot linked to two others by different
    /// restricted common digits.
    AlsXyWing,
    /// Four or more almost locked sets in a row, linked by restricted
    /// common digits.
    AlsXyChain,
    /// A fish with boxes among its base or cover sets.
    FrankenXWing,
    FrankenSwordfish,
    /// A Franken fish with fins: cells seeing every fin lose the digit.
    FinnedFrankenXWing,
    FinnedFrankenSwordfish,
    /// Every branch of a cell (or every place of a digit in a unit) leads,
    /// by singles, to the same conclusion.
    ForcingChain,
    /// Assume a candidate true (or false), follow static links (each step
    /// from the one before) to a candidate both true and false.
    ForcingChainContradiction,
    /// Assume a candidate, fill in the singles that follow, reach a
    /// contradiction: the candidate is false. (Called trial and error
    /// before; the reasoning is a forcing net.)
    ForcingNetContradiction,
    /// A guess. No finder produces it any more (the old trial and error is
    /// [`Technique::ForcingNetContradiction`]); kept so that saved steps
    /// still read.
    TrialAndError,
    /// Place the digit of the solution found by search. Only when nothing
    /// else, not even trial and error with singles, makes progress.
    BruteForce,
    /// Odd and even cells lose the digits of the other parity.
    Parity,
    /// A digit leaves the cells a knight's move away.
    AntiKnight,
    /// A digit leaves the cells a king's move away.
    AntiKing,
    /// Orthogonal neighbours lose the digits next to a cell's.
    NonConsecutive,
    /// An extra region (or a cage without a sum) holds no digit twice.
    ExtraRegion,
    /// The digits a kropki dot (or the absence of one) allows its pair.
    KropkiDot,
    /// The digits an X or V (or the absence of one) allows its pair.
    XvPair,
    /// The digit combinations a killer cage can hold.
    CageCombination,
    /// Strictly increasing digits along a thermometer.
    ThermoBounds,
    /// The circle is the sum of its arrow.
    ArrowSum,
    /// Neighbours on a German whisper line differ by at least 5 (9×9).
    GermanWhisper,
    /// A renban line holds consecutive digits.
    Renban,
    /// A palindrome line reads the same from either end.
    Palindrome,
    /// Digits on a between line lie between its ends.
    BetweenLine,
    /// Innies and outies: a row, column or box sums to 45 (9×9), so the
    /// cells its cages leave over have a known sum.
    RuleOf45,
    /// The sum along a little-killer diagonal.
    LittleKiller,
    /// The sum between 1 and N in a row or column.
    SandwichSum,
    /// Assume a candidate, follow singles and every constraint to a
    /// contradiction: the candidate is false.
    ConstraintForcingNet,
}

/// A step finder: the first instance of its technique(s), if any.
pub(crate) type Finder = fn(&Candidates) -> Option<Step>;

/// One row of [`TABLE`]: everything the engine knows about a technique
/// besides its finder's code.
pub struct Row {
    pub technique: Technique,
    /// The name players use.
    pub name: &'static str,
    /// Score of one step (HoDoKu's default).
    pub score: u32,
    /// Level of the technique (HoDoKu's default).
    pub level: Level,
    /// The finder, or `None` when the finder of an earlier row also returns
    /// this technique's steps (e.g. one search finds pointing and claiming).
    pub(crate) find: Option<Finder>,
}

const fn row(
    technique: Technique,
    name: &'static str,
    score: u32,
    level: Level,
    find: Option<Finder>,
) -> Row {
    Row {
        technique,
        name,
        score,
        level,
        find,
    }
}

use Level::{Easy, Extreme, Hard, Medium, Unfair};
use Technique as T;

/// Every technique, in search order: `find` runs the finders top to
/// bottom and the first step found wins, so a row's position is its
/// priority. The order is HoDoKu's default (locked pairs before locked
/// candidates, naked before hidden subsets of one size, remote pairs and
/// BUG+1 before the single-digit patterns, Sue de Coq before colouring), so
/// paths and scores follow that program's. Adding a technique is its module plus one row here (and its
/// enum variant); names, scores and levels are read from this table only.
pub const TABLE: &[Row] = &[
    row(T::FullHouse, "Full House", 4, Easy, Some(full_house::find)),
    row(
        T::NakedSingle,
        "Naked Single",
        4,
        Easy,
        Some(naked_single::find),
    ),
    row(
        T::HiddenSingle,
        "Hidden Single",
        14,
        Easy,
        Some(hidden_single::find),
    ),
    row(
        T::Parity,
        "Odd/Even Cell",
        4,
        Easy,
        Some(variants::parity::find),
    ),
    row(
        T::AntiKnight,
        "Anti-Knight",
        10,
        Easy,
        Some(variants::neighbours::knight),
    ),
    row(
        T::AntiKing,
        "Anti-King",
        10,
        Easy,
        Some(variants::neighbours::king),
    ),
    row(
        T::ExtraRegion,
        "Extra Region",
        10,
        Easy,
        Some(variants::lines::region),
    ),
    row(
        T::NonConsecutive,
        "Non-Consecutive",
        20,
        Easy,
        Some(variants::neighbours::non_consecutive),
    ),
    row(
        T::KropkiDot,
        "Kropki Dot",
        30,
        Medium,
        Some(variants::dots::kropki),
    ),
    row(T::XvPair, "XV Pair", 30, Medium, Some(variants::dots::xv)),
    row(
        T::Palindrome,
        "Palindrome",
        30,
        Medium,
        Some(variants::lines::palindrome),
    ),
    row(
        T::CageCombination,
        "Cage Combination",
        40,
        Medium,
        Some(variants::cage::find),
    ),
    row(
        T::ThermoBounds,
        "Thermometer Bounds",
        40,
        Medium,
        Some(variants::lines::thermo),
    ),
    row(
        T::GermanWhisper,
        "German Whisper",
        40,
        Medium,
        Some(variants::lines::whisper),
    ),
    row(
        T::ArrowSum,
        "Arrow Sum",
        50,
        Medium,
        Some(variants::lines::arrow),
    ),
    row(
        T::Renban,
        "Renban",
        50,
        Medium,
        Some(variants::lines::renban),
    ),
    row(
        T::BetweenLine,
        "Between Line",
        50,
        Medium,
        Some(variants::lines::between),
    ),
    row(
        T::RuleOf45,
        "Rule of 45",
        60,
        Medium,
        Some(variants::rule_of_45::find),
    ),
    row(
        T::LittleKiller,
        "Little Killer Sum",
        80,
        Hard,
        Some(variants::sums::little_killer),
    ),
    row(
        T::SandwichSum,
        "Sandwich Sum",
        80,
        Hard,
        Some(variants::sums::sandwich),
    ),
    row(
        T::LockedPair,
        "Locked Pair",
        40,
        Medium,
        Some(|c| locked_subsets::find(c, 2)),
    ),
    row(
        T::LockedTriple,
        "Locked Triple",
        60,
        Medium,
        Some(|c| locked_subsets::find(c, 3)),
    ),
    row(
        T::Pointing,
        "Locked Candidates (Pointing)",
        50,
        Medium,
        Some(locked_candidates::find),
    ),
    row(
        T::Claiming,
        "Locked Candidates (Claiming)",
        50,
        Medium,
        None,
    ),
    row(T::LockedCandidates, "Locked Candidates", 50, Medium, None),
    row(
        T::NakedPair,
        "Naked Pair",
        60,
        Medium,
        Some(|c| naked_subsets::find(c, 2)),
    ),
    row(
        T::NakedTriple,
        "Naked Triple",
        80,
        Medium,
        Some(|c| naked_subsets::find(c, 3)),
    ),
    row(
        T::HiddenPair,
        "Hidden Pair",
        70,
        Medium,
        Some(|c| hidden_subsets::find(c, 2)),
    ),
    row(
        T::HiddenTriple,
        "Hidden Triple",
        100,
        Medium,
        Some(|c| hidden_subsets::find(c, 3)),
    ),
    row(
        T::NakedQuad,
        "Naked Quad",
        120,
        Hard,
        Some(|c| naked_subsets::find(c, 4)),
    ),
    row(
        T::HiddenQuad,
        "Hidden Quad",
        150,
        Hard,
        Some(|c| hidden_subsets::find(c, 4)),
    ),
    row(
        T::XWing,
        "X-Wing",
        140,
        Hard,
        Some(|c| fish::find_basic(c, 2)),
    ),
    row(
        T::Swordfish,
        "Swordfish",
        150,
        Hard,
        Some(|c| fish::find_basic(c, 3)),
    ),
    row(
        T::Jellyfish,
        "Jellyfish",
        160,
        Hard,
        Some(|c| fish::find_basic(c, 4)),
    ),
    row(
        T::RemotePair,
        "Remote Pair",
        110,
        Hard,
        Some(remote_pairs::find),
    ),
    row(T::BugPlusOne, "BUG+1", 100, Hard, Some(bug::find)),
    row(
        T::Skyscraper,
        "Skyscraper",
        130,
        Hard,
        Some(skyscraper::find),
    ),
    row(
        T::TwoStringKite,
        "2-String Kite",
        150,
        Hard,
        Some(kite::find),
    ),
    row(
        T::TurbotFish,
        "Turbot Fish",
        120,
        Hard,
        Some(turbot_fish::find),
    ),
    row(
        T::EmptyRectangle,
        "Empty Rectangle",
        120,
        Hard,
        Some(empty_rectangle::find),
    ),
    row(T::WWing, "W-Wing", 150, Hard, Some(w_wing::find)),
    row(T::XYWing, "XY-Wing", 160, Hard, Some(xy_wing::find)),
    row(T::XYZWing, "XYZ-Wing", 180, Hard, Some(xyz_wing::find)),
    row(
        T::UniqueRectangle1,
        "Unique Rectangle Type 1",
        100,
        Hard,
        Some(unique_rectangle::find),
    ),
    row(
        T::UniqueRectangle2,
        "Unique Rectangle Type 2",
        100,
        Hard,
        None,
    ),
    row(
        T::UniqueRectangle3,
        "Unique Rectangle Type 3",
        100,
        Hard,
        None,
    ),
    row(
        T::UniqueRectangle4,
        "Unique Rectangle Type 4",
        100,
        Hard,
        None,
    ),
    row(
        T::UniqueRectangle5,
        "Unique Rectangle Type 5",
        100,
        Hard,
        None,
    ),
    row(
        T::UniqueRectangle6,
        "Unique Rectangle Type 6",
        100,
        Hard,
        None,
    ),
    row(T::HiddenRectangle, "Hidden Rectangle", 100, Hard, None),
    row(
        T::AvoidableRectangle1,
        "Avoidable Rectangle Type 1",
        100,
        Hard,
        Some(|c| avoidable_rectangle::find(c, 1)),
    ),
    row(
        T::AvoidableRectangle2,
        "Avoidable Rectangle Type 2",
        100,
        Hard,
        Some(|c| avoidable_rectangle::find(c, 2)),
    ),
    row(
        T::FinnedXWing,
        "Finned X-Wing",
        130,
        Hard,
        Some(|c| fish::find_finned(c, 2)),
    ),
    row(T::SashimiXWing, "Sashimi X-Wing", 150, Hard, None),
    row(
        T::FinnedSwordfish,
        "Finned Swordfish",
        200,
        Unfair,
        Some(|c| fish::find_finned(c, 3)),
    ),
    row(T::SashimiSwordfish, "Sashimi Swordfish", 240, Unfair, None),
    row(
        T::FinnedJellyfish,
        "Finned Jellyfish",
        250,
        Unfair,
        Some(|c| fish::find_finned(c, 4)),
    ),
    row(T::SashimiJellyfish, "Sashimi Jellyfish", 260, Unfair, None),
    row(
        T::SueDeCoq,
        "Sue de Coq",
        250,
        Unfair,
        Some(sue_de_coq::find),
    ),
    row(
        T::SimpleColours,
        "Simple Colours",
        150,
        Hard,
        Some(colouring::find),
    ),
    row(
        T::MultiColours1,
        "Multi Colours 1",
        200,
        Hard,
        Some(multi_colours::find_linked),
    ),
    row(
        T::MultiColours2,
        "Multi Colours 2",
        200,
        Hard,
        Some(multi_colours::find_sees_both),
    ),
    row(
        T::XChain,
        "X-Chain",
        260,
        Unfair,
        Some(chains::find_x_chain),
    ),
    row(
        T::XYChain,
        "XY-Chain",
        260,
        Unfair,
        Some(chains::find_xy_chain),
    ),
    row(
        T::ContinuousNiceLoop,
        "Continuous Nice Loop",
        280,
        Unfair,
        Some(continuous_nice_loop::find),
    ),
    row(T::Aic, "AIC", 280, Unfair, Some(chains::find_aic)),
    row(
        T::GroupedContinuousNiceLoop,
        "Grouped Continuous Nice Loop",
        300,
        Unfair,
        Some(grouped_aic::find_loop),
    ),
    row(
        T::GroupedAic,
        "Grouped AIC",
        300,
        Unfair,
        Some(grouped_aic::find),
    ),
    row(T::AlsXz, "ALS-XZ", 300, Unfair, Some(als::find_xz)),
    row(
        T::AlsXyWing,
        "ALS-XY-Wing",
        320,
        Unfair,
        Some(als_xy_wing::find),
    ),
    row(
        T::AlsXyChain,
        "ALS-XY-Chain",
        340,
        Unfair,
        Some(als_xy_chain::find),
    ),
    row(
        T::FrankenXWing,
        "Franken X-Wing",
        300,
        Unfair,
        Some(|c| franken_fish::find(c, 2, false)),
    ),
    row(
        T::FrankenSwordfish,
        "Franken Swordfish",
        350,
        Unfair,
        Some(|c| franken_fish::find(c, 3, false)),
    ),
    row(
        T::FinnedFrankenXWing,
        "Finned Franken X-Wing",
        390,
        Unfair,
        Some(|c| franken_fish::find(c, 2, true)),
    ),
    row(
        T::FinnedFrankenSwordfish,
        "Finned Franken Swordfish",
        410,
        Unfair,
        Some(|c| franken_fish::find(c, 3, true)),
    ),
    row(
        T::ForcingChainContradiction,
        "Forcing Chain Contradiction",
        500,
        Extreme,
        Some(forcing_chain_contradiction::find),
    ),
    row(
        T::ForcingChain,
        "Forcing Chain",
        500,
        Extreme,
        Some(forcing::find),
    ),
    row(
        T::ForcingNetContradiction,
        "Forcing Net Contradiction",
        700,
        Extreme,
        Some(trial::find),
    ),
    row(
        T::ConstraintForcingNet,
        "Constraint Forcing Net",
        700,
        Extreme,
        Some(variants::forcing::find),
    ),
    row(T::TrialAndError, "Trial and Error", 10000, Extreme, None),
    row(
        T::BruteForce,
        "Brute Force",
        10000,
        Extreme,
        Some(trial::brute_force),
    ),
];

/// `ROW_OF[t as usize]`: the index of technique `t`'s row in [`TABLE`].
/// Built at compile time; a technique listed twice fails the build.
const ROW_OF: [u8; 128] = {
    let mut idx = [u8::MAX; 128];
    let mut i = 0;
    while i < TABLE.len() {
        let t = TABLE[i].technique as usize;
        assert!(idx[t] == u8::MAX, "a technique has two rows in TABLE");
        idx[t] = i as u8;
        i += 1;
    }
    idx
};

impl Technique {
    /// This technique's row of [`TABLE`].
    pub fn row(self) -> &'static Row {
        let i = ROW_OF[self as usize];
        assert!(i != u8::MAX, "{self:?} has no row in TABLE");
        &TABLE[i as usize]
    }

    /// Position of the technique's row in [`TABLE`]: its search priority.
    pub fn order(self) -> usize {
        ROW_OF[self as usize] as usize
    }

    /// The name players use.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Score of one step (HoDoKu's defaults).
    pub fn score(self) -> u32 {
        self.row().score
    }

    /// Level of the technique (HoDoKu's defaults).
    pub fn level(self) -> Level {
        self.row().level
    }

    /// True for the steps that guess rather than reason.
    pub fn is_guess(self) -> bool {
        matches!(self, Technique::TrialAndError | Technique::BruteForce)
    }
}

/// Tries every technique in [`TABLE`] order; the first step found wins.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    TABLE
        .iter()
        .filter_map(|r| r.find)
        .take_while(|_| !c.out_of_time())
        .find_map(|f| f(c))
}

/// Techniques that look at one digit at a time, for [`per_digit`].
#[derive(Clone, Copy)]
pub(crate) enum DigitSlot {
    Basic(usize),
    Finned(usize),
    Skyscraper,
    Kite,
    EmptyRectangle,
    Colouring,
    XChain,
    /// Franken fish of a size, finned or not.
    Franken(usize, bool),
    TurbotFish,
}

impl DigitSlot {
    const COUNT: usize = 16;
    fn index(self) -> Option<usize> {
        Some(match self {
            DigitSlot::Basic(k @ 2..=4) => k - 2,
            DigitSlot::Finned(k @ 2..=4) => 3 + k - 2,
            DigitSlot::Basic(_) | DigitSlot::Finned(_) => return None,
            DigitSlot::Skyscraper => 6,
            DigitSlot::Kite => 7,
            DigitSlot::EmptyRectangle => 8,
            DigitSlot::Colouring => 9,
            DigitSlot::XChain => 10,
            DigitSlot::Franken(k @ 2..=3, finned) => 11 + k - 2 + 2 * finned as usize,
            DigitSlot::Franken(..) => return None,
            DigitSlot::TurbotFish => 15,
        })
    }
}

/// For each digit of the last board seen on this thread and each
/// single-digit technique: the digit's candidate cells when that technique
/// last found nothing for it.
struct DigitMemo {
    ctx: Arc<Ctx>,
    /// `[slot * n + digit - 1]`.
    failed: Vec<Option<u128>>,
}

thread_local! {
    static DIGIT_MEMO: RefCell<Option<DigitMemo>> = const { RefCell::new(None) };
}

/// Runs `find_digit` for digits 1..=n in order and returns the first step,
/// skipping digits for which this technique found nothing before with
/// exactly the same candidate cells.
///
/// Why this is exact: the techniques of [`DigitSlot`] look only at one
/// digit's candidates (and the fixed board), so the same cells give the
/// same answer. Why it pays: hard puzzles take hundreds of steps, each
/// touching few digits, and every step reruns the whole technique ladder;
/// most digits are unchanged since the previous run. Boards of more than 128
/// cells are not memoised.
pub(crate) fn per_digit(
    c: &Candidates,
    slot: DigitSlot,
    mut find_digit: impl FnMut(u16) -> Option<Step>,
) -> Option<Step> {
    let n = c.ctx.n;
    let Some(slot) = slot.index().filter(|_| c.cell_count() <= 128) else {
        return (1..=n as u16)
            .take_while(|_| !c.out_of_time())
            .find_map(find_digit);
    };
    let mut cells_of = [0u128; 64];
    for x in 0..c.cell_count() {
        for d in bits(c.mask(x)) {
            cells_of[d] |= 1 << x;
        }
    }
    let base = slot * n;
    DIGIT_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if !m.as_ref().is_some_and(|m| Arc::ptr_eq(&m.ctx, &c.ctx)) {
            *m = Some(DigitMemo {
                ctx: c.ctx.clone(),
                failed: vec![None; DigitSlot::COUNT * n],
            });
        }
    });
    for d in 1..=n as u16 {
        let key = cells_of[d as usize - 1];
        let known = DIGIT_MEMO.with(|m| {
            m.borrow()
                .as_ref()
                .is_some_and(|m| m.failed[base + d as usize - 1] == Some(key))
        });
        if known {
            continue;
        }
        if let Some(s) = find_digit(d) {
            return Some(s);
        }
        if c.out_of_time() {
            return None;
        }
        DIGIT_MEMO.with(|m| {
            if let Some(m) = m.borrow_mut().as_mut() {
                if Arc::ptr_eq(&m.ctx, &c.ctx) {
                    m.failed[base + d as usize - 1] = Some(key);
                }
            }
        });
    }
    None
}

/// Unit indices in the order HoDoKu searches subsets: boxes (and jigsaw
/// regions) first, then rows, columns and any other units, each in index
/// order. Which instance is found first changes the path, hence the score.
pub(crate) fn box_first_units(c: &Candidates) -> Vec<usize> {
    let units = c.geometry().units();
    let boxy = |u: usize| {
        matches!(
            units[u].kind,
            crate::UnitKind::Box | crate::UnitKind::Region
        )
    };
    (0..units.len())
        .filter(|&u| boxy(u))
        .chain((0..units.len()).filter(|&u| !boxy(u)))
        .collect()
}

/// `7 from r1c2 and r1c3; 4 from r5c5`: eliminations for explanations.
pub(crate) fn elim_text(c: &Candidates, elims: &[Cand]) -> String {
    let mut by_digit: Vec<(u16, Vec<u32>)> = Vec::new();
    let mut sorted = elims.to_vec();
    sorted.sort_by_key(|e| (e.digit, e.cell));
    for e in sorted {
        match by_digit.last_mut() {
            Some((d, cells)) if *d == e.digit => cells.push(e.cell),
            _ => by_digit.push((e.digit, vec![e.cell])),
        }
    }
    by_digit
        .iter()
        .map(|(d, cells)| format!("{d} from {}", list_and(c, cells)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A chain of link states in Eureka notation, `(5)r1c1 - (5)r1c4 = (5)r2c6`:
/// state `2v + 1` is node `v` on (entered by a strong link, written `=`),
/// `2v` off (a weak link, `-`). `name` writes a node.
pub(crate) fn eureka(states: &[u32], name: impl Fn(u32) -> String) -> String {
    let mut s = name(states[0] / 2);
    for &st in &states[1..] {
        s.push_str(if st % 2 == 1 { " = " } else { " - " });
        s.push_str(&name(st / 2));
    }
    s
}

/// `r1c2, r1c3 and r4c4`.
pub(crate) fn list_and(c: &Candidates, cells: &[u32]) -> String {
    let names: Vec<String> = cells.iter().map(|&x| c.cn(x as usize)).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        k => format!("{} and {}", names[..k - 1].join(", "), names[k - 1]),
    }
}

/// Digits of a mask as `3/7`.
pub(crate) fn digits_text(m: u64) -> String {
    super::candidates::bits(m)
        .map(|d| (d + 1).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Candidates of `digit` in cells (other than `except`) that see every cell
/// of `targets`.
pub(crate) fn seeing_all(c: &Candidates, digit: u16, targets: &[u32], except: &[u32]) -> Vec<Cand> {
    let ctx = &c.ctx;
    let Some(&first) = targets.first() else {
        return Vec::new();
    };
    ctx.peers[first as usize]
        .iter()
        .copied()
        .filter(|&p| {
            c.has(p as usize, digit)
                && !except.contains(&p)
                && !targets.contains(&p)
                && targets.iter().all(|&t| ctx.sees(p as usize, t as usize))
        })
        .map(|p| Cand::new(p as usize, digit))
        .collect()
}

/// All k-subsets of `items`, in lexicographic order, until `f` returns true
/// (then true) or `c`'s limits expire (then false: nothing found). On big
/// boards the subsets number in the billions, so the deadline is read here
/// rather than between techniques; every 256 subsets keeps the clock's cost
/// out of sight.
pub(crate) fn combinations(
    c: &Candidates,
    items: &[u32],
    k: usize,
    mut f: impl FnMut(&[u32]) -> bool,
) -> bool {
    struct Walk<'a> {
        c: &'a Candidates,
        items: &'a [u32],
        /// The subset being built: `cur[..len]` (`cur` holds `k` items).
        cur: &'a mut [u32],
        len: usize,
        visited: u32,
        stopped: bool,
    }
    fn rec(w: &mut Walk, start: usize, f: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        let k = w.cur.len();
        if w.len == k {
            w.visited = w.visited.wrapping_add(1);
            if w.visited % 256 == 0 && w.c.out_of_time() {
                w.stopped = true;
                return true;
            }
            return f(w.cur);
        }
        for i in start..w.items.len() {
            if w.items.len() - i < k - w.len {
                break;
            }
            w.cur[w.len] = w.items[i];
            w.len += 1;
            if rec(w, i + 1, f) {
                return true;
            }
            w.len -= 1;
        }
        false
    }
    if c.out_of_time() || k > items.len() {
        return false;
    }
    // On the stack: callers run this in inner loops (Sue de Coq for each
    // line side, the ALS table for each unit).
    let (mut small, mut large) = ([0u32; 64], Vec::new());
    let cur = if k <= small.len() {
        &mut small[..k]
    } else {
        large.resize(k, 0);
        &mut large[..]
    };
    let mut w = Walk {
        c,
        items,
        cur,
        len: 0,
        visited: 0,
        stopped: false,
    };
    rec(&mut w, 0, &mut f) && !w.stopped
}

/// The k-subsets of `items` whose masks (`mask_of`) together with `base`
/// have at most `limit` bits, in the order of [`combinations`], each with
/// that union, until `f` returns true (then true) or `c`'s limits expire
/// (then false). Unions only grow as items are added, so a start already
/// over the limit is left with every subset it begins: the subset searches
/// that use this want few digits (naked and locked subsets, Sue de Coq's
/// sides) or few places (hidden subsets), and most starts have too many.
pub(crate) fn subsets_within(
    c: &Candidates,
    items: &[u32],
    k: usize,
    (base, limit): (u64, usize),
    mask_of: impl Fn(u32) -> u64,
    mut f: impl FnMut(&[u32], u64) -> bool,
) -> bool {
    struct Walk<'a, M> {
        c: &'a Candidates,
        items: &'a [u32],
        mask_of: M,
        k: usize,
        limit: u32,
        cur: [u32; 64],
        len: usize,
        visited: u32,
        stopped: bool,
    }
    fn rec<M: Fn(u32) -> u64>(
        w: &mut Walk<M>,
        start: usize,
        union: u64,
        f: &mut dyn FnMut(&[u32], u64) -> bool,
    ) -> bool {
        for i in start..w.items.len() {
            if w.items.len() - i < w.k - w.len {
                break;
            }
            let u = union | (w.mask_of)(w.items[i]);
            if u.count_ones() > w.limit {
                continue;
            }
            w.cur[w.len] = w.items[i];
            w.len += 1;
            let stop = if w.len == w.k {
                w.visited = w.visited.wrapping_add(1);
                if w.visited % 256 == 0 && w.c.out_of_time() {
                    w.stopped = true;
                    return true;
                }
                f(&w.cur[..w.k], u)
            } else {
                rec(w, i + 1, u, f)
            };
            if stop {
                return true;
            }
            w.len -= 1;
        }
        false
    }
    if c.out_of_time() || k > items.len() || k > 64 || base.count_ones() as usize > limit {
        return false;
    }
    let mut w = Walk {
        c,
        items,
        mask_of,
        k,
        limit: limit.min(64) as u32,
        cur: [0; 64],
        len: 0,
        visited: 0,
        stopped: false,
    };
    rec(&mut w, 0, base, &mut f) && !w.stopped
}

#[cfg(test)]
mod subsets_tests {
    use super::test_util::cands;
    use super::*;

    /// The subsets met are those of [`combinations`] within the limit, in
    /// the same order, with their unions.
    #[test]
    fn subsets_within_keeps_the_order_of_combinations() {
        let c = cands(&".".repeat(81), &[]);
        // Masks of 1 to 4 bits out of 9, by a small fixed generator.
        let masks: Vec<u64> = (0..12u64)
            .map(|i| {
                let m = (i * 0x9e37 + 0x51) % 511 + 1;
                [m & 0x1f, m & 0x3, m & 0x1f0, m][i as usize % 4].max(1 << (i % 9))
            })
            .collect();
        let items: Vec<u32> = (0..masks.len() as u32).collect();
        let mask_of = |i: u32| masks[i as usize];
        let (mut met, mut left) = (0, 0);
        for k in 1..=5 {
            for base in [0u64, 1, 0b1_0010_0000] {
                for limit in 0..=9 {
                    let mut want = Vec::new();
                    combinations(&c, &items, k, |s| {
                        let u = s.iter().fold(base, |m, &i| m | mask_of(i));
                        if u.count_ones() as usize <= limit {
                            want.push((s.to_vec(), u));
                        }
                        false
                    });
                    let mut got = Vec::new();
                    subsets_within(&c, &items, k, (base, limit), mask_of, |s, u| {
                        got.push((s.to_vec(), u));
                        false
                    });
                    assert_eq!(got, want, "k {k}, base {base:b}, limit {limit}");
                    met += got.len();
                    left += combinations_count(items.len(), k) - got.len();
                }
            }
        }
        assert!(met > 1000 && left > 1000, "{met} met, {left} left");
    }

    fn combinations_count(n: usize, k: usize) -> usize {
        (0..k).fold(1, |a, i| a * (n - i) / (i + 1))
    }
}

#[cfg(test)]
thread_local! {
    /// Set by tests to run the plain copies of the searches compiled twice
    /// (plain and with `popcnt`: the fish base walk, Franken fish's cover
    /// search).
    static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a test asked for the plain copies (see `PLAIN`).
#[cfg(target_arch = "x86_64")]
fn plain_in_tests() -> bool {
    #[cfg(test)]
    return PLAIN.with(|p| p.get());
    #[cfg(not(test))]
    false
}

#[cfg(test)]
pub(crate) mod test_util {
    use super::*;
    use crate::grid::Grid;

    /// Candidates of a puzzle line after removing the given candidates.
    pub fn cands(line: &str, removed: &[(usize, u16)]) -> Candidates {
        let g = Grid::from_line(line).unwrap();
        let mut c = Candidates::from_grid(&g).unwrap();
        for &(cell, d) in removed {
            c.eliminate(cell, d);
        }
        c.set_unique(true);
        c
    }

    /// An empty 9×9 board's candidates with each named cell cut down to its
    /// digits: `[("r1c1", &[1, 2]), …]`.
    pub fn keeping(keep: &[(&str, &[u16])]) -> Candidates {
        let mut removed = Vec::new();
        for (name, digits) in keep {
            for d in (1..=9).filter(|d| !digits.contains(d)) {
                removed.push((cell(name) as usize, d));
            }
        }
        cands(&".".repeat(81), &removed)
    }

    /// `r1c2` → cell index (9×9).
    pub fn cell(name: &str) -> u32 {
        let b = name.as_bytes();
        ((b[1] - b'1') as u32) * 9 + (b[3] - b'1') as u32
    }

    /// Two hard top1465 puzzles whose solving paths run through most of the
    /// chain, ALS and fish techniques.
    pub const HARD: [&str; 2] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ];

    /// Calls `check` on each board along the solving paths of `lines` (at
    /// most 80 steps each, so each board is a few candidates away from the
    /// last, as the kept caches meet them) and returns on how many it
    /// returned true.
    pub fn along_paths(lines: &[&str], mut check: impl FnMut(&Candidates) -> bool) -> usize {
        let mut boards = 0;
        for line in lines {
            let mut c = cands(line, &[]);
            for _ in 0..80 {
                if check(&c) {
                    boards += 1;
                }
                let Some(s) = crate::logic::next_step(&c) else {
                    break;
                };
                crate::logic::apply(&mut c, &s);
            }
        }
        boards
    }

    /// Sorted eliminations as `r1c2<>7` strings.
    pub fn elims(c: &Candidates, s: &Step) -> Vec<String> {
        let mut v: Vec<String> = s
            .eliminations
            .iter()
            .map(|e| format!("{}<>{}", c.cn(e.cell as usize), e.digit))
            .collect();
        v.sort();
        v
    }
}
