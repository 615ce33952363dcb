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
mod death_blossom;
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
mod kraken_fish;
mod locked_candidates;
mod locked_subsets;
mod memo;
mod multi_colours;
mod mutant_fish;
mod naked_single;
mod naked_subsets;
mod propagation;
#[cfg(test)]
mod published_examples;
mod remote_pairs;
mod skyscraper;
mod sue_de_coq;
mod templates;
#[cfg(test)]
pub(crate) mod test_util;
mod toolkit;
mod trial;
mod turbot_fish;
mod unique_rectangle;
mod variants;
mod w_wing;
mod xy_wing;
mod xyz_wing;

use super::candidates::{Candidates, Ctx};
use super::{Cand, Level, Step};

pub(crate) use propagation::propagate_singles;
#[cfg(target_arch = "x86_64")]
use toolkit::plain_in_tests;
#[cfg(test)]
use toolkit::PLAIN;
pub(crate) use toolkit::{
    box_first_units, combinations, digits_text, elim_text, eureka, list_and, per_digit,
    per_digit_since, seeing_all, subsets_within, DigitSlot,
};

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
    /// Fish of five, six and seven base lines, plain, finned and sashimi.
    /// Off unless asked for, as in HoDoKu (on 9×9 a plain one is the
    /// complement of a smaller fish, found first).
    Squirmbag,
    Whale,
    Leviathan,
    FinnedSquirmbag,
    SashimiSquirmbag,
    FinnedWhale,
    SashimiWhale,
    FinnedLeviathan,
    SashimiLeviathan,
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
    /// A stem cell and, for each of its digits, an almost locked set that
    /// loses the digit if the stem takes it: a digit every set holds leaves
    /// the cells seeing all of its copies. Off unless asked for, as in HoDoKu.
    DeathBlossom,
    /// A fish with boxes among its base or cover sets.
    FrankenXWing,
    FrankenSwordfish,
    /// Off unless asked for, as in HoDoKu.
    FrankenJellyfish,
    /// A Franken fish with fins: cells seeing every fin lose the digit.
    FinnedFrankenXWing,
    FinnedFrankenSwordfish,
    /// Off unless asked for, as in HoDoKu.
    FinnedFrankenJellyfish,
    /// A fish mixing rows, columns and boxes beyond Franken fish (rows on
    /// both sides, say). Off unless asked for, as in HoDoKu.
    MutantXWing,
    MutantSwordfish,
    MutantJellyfish,
    /// A mutant fish with fins: cells seeing every fin lose the digit.
    /// Off unless asked for, as in HoDoKu.
    FinnedMutantXWing,
    FinnedMutantSwordfish,
    FinnedMutantJellyfish,
    /// A finned fish whose fins each lead, by singles, to removing the
    /// digit from a cell of the cover lines the fish alone would clear.
    /// Off unless asked for, as in HoDoKu.
    KrakenFish,
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
    /// Every placement of a digit once per row, column and box that the
    /// candidates allow (its templates) holds a cell: the digit goes there.
    /// Off unless asked for, as in HoDoKu.
    TemplateSet,
    /// A candidate no template of its digit holds goes. Off unless asked
    /// for, as in HoDoKu.
    TemplateDelete,
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
    /// A rule of a family added through the constraint registry (X-sums,
    /// skyscrapers, zipper lines, …), worded by its family.
    VariantRule,
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
    /// Wherever a digit goes in a unit (whichever digit a cell takes), a
    /// unit or a pair rule rules out the same candidate in one link.
    ConstraintPointing,
    /// The fillings of one constraint's cells that keep its rule and hold
    /// different digits where its cells share a unit.
    ConstraintCombination,
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
    /// Searched unless asked otherwise (HoDoKu's "enabled"); the others only
    /// when enabled on the candidates ([`Candidates::enable`]).
    pub default: bool,
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
        default: true,
    }
}

/// A row searched only when asked for ([`Row::default`] false).
const fn opt_in(
    technique: Technique,
    name: &'static str,
    score: u32,
    level: Level,
    find: Finder,
) -> Row {
    Row {
        default: false,
        ..row(technique, name, score, level, Some(find))
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
        T::VariantRule,
        "Variant Rule",
        50,
        Medium,
        Some(variants::lines::family_rule),
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
    opt_in(T::Squirmbag, "Squirmbag", 470, Unfair, |c| {
        fish::find_basic(c, 5)
    }),
    opt_in(T::Whale, "Whale", 470, Unfair, |c| fish::find_basic(c, 6)),
    opt_in(T::Leviathan, "Leviathan", 470, Unfair, |c| {
        fish::find_basic(c, 7)
    }),
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
    opt_in(T::FinnedSquirmbag, "Finned Squirmbag", 470, Unfair, |c| {
        fish::find_one_form(c, 5, false)
    }),
    opt_in(T::SashimiSquirmbag, "Sashimi Squirmbag", 470, Unfair, |c| {
        fish::find_one_form(c, 5, true)
    }),
    opt_in(T::FinnedWhale, "Finned Whale", 470, Unfair, |c| {
        fish::find_one_form(c, 6, false)
    }),
    opt_in(T::SashimiWhale, "Sashimi Whale", 470, Unfair, |c| {
        fish::find_one_form(c, 6, true)
    }),
    opt_in(T::FinnedLeviathan, "Finned Leviathan", 470, Unfair, |c| {
        fish::find_one_form(c, 7, false)
    }),
    opt_in(T::SashimiLeviathan, "Sashimi Leviathan", 470, Unfair, |c| {
        fish::find_one_form(c, 7, true)
    }),
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
    opt_in(
        T::DeathBlossom,
        "Death Blossom",
        360,
        Unfair,
        death_blossom::find,
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
    opt_in(T::FrankenJellyfish, "Franken Jellyfish", 370, Unfair, |c| {
        franken_fish::find(c, 4, false)
    }),
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
    opt_in(
        T::FinnedFrankenJellyfish,
        "Finned Franken Jellyfish",
        430,
        Unfair,
        |c| franken_fish::find(c, 4, true),
    ),
    opt_in(T::MutantXWing, "Mutant X-Wing", 450, Extreme, |c| {
        mutant_fish::find(c, 2, false)
    }),
    opt_in(T::MutantSwordfish, "Mutant Swordfish", 450, Extreme, |c| {
        mutant_fish::find(c, 3, false)
    }),
    opt_in(T::MutantJellyfish, "Mutant Jellyfish", 450, Extreme, |c| {
        mutant_fish::find(c, 4, false)
    }),
    opt_in(
        T::FinnedMutantXWing,
        "Finned Mutant X-Wing",
        470,
        Extreme,
        |c| mutant_fish::find(c, 2, true),
    ),
    opt_in(
        T::FinnedMutantSwordfish,
        "Finned Mutant Swordfish",
        470,
        Extreme,
        |c| mutant_fish::find(c, 3, true),
    ),
    opt_in(
        T::FinnedMutantJellyfish,
        "Finned Mutant Jellyfish",
        470,
        Extreme,
        |c| mutant_fish::find(c, 4, true),
    ),
    opt_in(
        T::KrakenFish,
        "Kraken Fish",
        500,
        Extreme,
        kraken_fish::find,
    ),
    row(
        T::ConstraintPointing,
        "Constraint Pointing",
        150,
        Hard,
        Some(variants::pointing::find),
    ),
    row(
        T::ConstraintCombination,
        "Constraint Combinations",
        150,
        Hard,
        Some(variants::combinations::find),
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
    opt_in(
        T::TemplateSet,
        "Template Set",
        10000,
        Extreme,
        templates::set,
    ),
    opt_in(
        T::TemplateDelete,
        "Template Delete",
        10000,
        Extreme,
        templates::delete,
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

    /// The technique named `key`: its name with words joined by hyphens,
    /// in any case (`template-delete`, `finned-x-wing`; for the opt-ins the
    /// same as the `technique` of JSON steps).
    ///
    /// ```
    /// use sudokit::logic::Technique;
    /// assert_eq!(Technique::from_key("template-delete"), Some(Technique::TemplateDelete));
    /// assert_eq!(Technique::from_key("X-Wing"), Some(Technique::XWing));
    /// assert_eq!(Technique::from_key("x wing"), None);
    /// ```
    pub fn from_key(key: &str) -> Option<Technique> {
        TABLE
            .iter()
            .find(|r| r.name.replace(' ', "-").eq_ignore_ascii_case(key))
            .map(|r| r.technique)
    }

    /// The techniques searched only when asked for (HoDoKu's opt-ins).
    pub fn opt_ins() -> impl Iterator<Item = Technique> {
        TABLE.iter().filter(|r| !r.default).map(|r| r.technique)
    }

    /// This technique's key: its name in lower case, words joined by
    /// hyphens ([`Technique::from_key`] reads it back).
    pub fn key(self) -> String {
        self.name().replace(' ', "-").to_lowercase()
    }

    /// The opt-in technique named `key` ([`Technique::from_key`]), or a
    /// sentence saying why not and listing the opt-ins.
    ///
    /// ```
    /// use sudokit::logic::Technique;
    /// assert_eq!(Technique::opt_in_from_key("death-blossom"), Ok(Technique::DeathBlossom));
    /// let why = Technique::opt_in_from_key("x-wing").unwrap_err();
    /// assert!(why.contains("always searched") && why.contains("template-delete"));
    /// ```
    pub fn opt_in_from_key(key: &str) -> Result<Technique, String> {
        let keys = || {
            Technique::opt_ins()
                .map(Technique::key)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match Technique::from_key(key) {
            Some(t) if !t.row().default => Ok(t),
            Some(_) => Err(format!(
                "{key} is always searched; the opt-ins are: {}",
                keys()
            )),
            None => Err(format!(
                "no technique is called {key}; the opt-ins are: {}",
                keys()
            )),
        }
    }

    /// The opt-in techniques named by `keys`, or the refusal of the first
    /// name that is not one ([`Technique::opt_in_from_key`]): what the web
    /// API's and Python's `techniques` lists are read with.
    ///
    /// ```
    /// use sudokit::logic::Technique;
    /// let t = Technique::opt_ins_from_keys(&["kraken-fish", "template-set"]).unwrap();
    /// assert_eq!(t, [Technique::KrakenFish, Technique::TemplateSet]);
    /// assert!(Technique::opt_ins_from_keys(&["x-wing"]).is_err());
    /// ```
    pub fn opt_ins_from_keys<S: AsRef<str>>(keys: &[S]) -> Result<Vec<Technique>, String> {
        keys.iter()
            .map(|k| Technique::opt_in_from_key(k.as_ref()))
            .collect()
    }

    /// True for the steps that guess rather than reason.
    pub fn is_guess(self) -> bool {
        matches!(self, Technique::TrialAndError | Technique::BruteForce)
    }

    /// True for the steps on rules beyond rows, columns and boxes (cages,
    /// lines, dots, sums, board-wide rules).
    ///
    /// ```
    /// use sudokit::logic::Technique;
    /// assert!(Technique::CageCombination.is_variant());
    /// assert!(!Technique::XWing.is_variant());
    /// ```
    pub fn is_variant(self) -> bool {
        use Technique as T;
        matches!(
            self,
            T::Parity
                | T::AntiKnight
                | T::AntiKing
                | T::NonConsecutive
                | T::ExtraRegion
                | T::KropkiDot
                | T::XvPair
                | T::CageCombination
                | T::ThermoBounds
                | T::ArrowSum
                | T::GermanWhisper
                | T::Renban
                | T::Palindrome
                | T::BetweenLine
                | T::VariantRule
                | T::RuleOf45
                | T::LittleKiller
                | T::SandwichSum
                | T::ConstraintForcingNet
                | T::ConstraintPointing
                | T::ConstraintCombination
        )
    }
}

/// Tries every technique in [`TABLE`] order; the first step found wins.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    TABLE
        .iter()
        .filter(|r| r.default || c.is_enabled(r.technique))
        .filter_map(|r| r.find)
        .take_while(|_| !c.out_of_time())
        .find_map(|f| f(c))
}

/// Drops the memos the finders keep on this thread for the board they saw
/// last (see [`crate::logic::forget_thread_memos`]).
pub(crate) fn forget_memos() {
    drop(toolkit::DIGIT_MEMO.with(std::cell::RefCell::take));
    als::forget_memos();
    assumptions::forget_memos();
    chains::forget_memos();
    forcing_chain_contradiction::forget_memos();
    grouped_aic::forget_memos();
    memo::forget_memos();
    multi_colours::forget_memos();
}
