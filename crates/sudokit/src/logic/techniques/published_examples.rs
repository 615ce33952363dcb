//! Every technique on a published example position, with the exact
//! eliminations (or placement) the publisher lists.
//!
//! Source: the HoDoKu regression test library (`reglib-1.4.txt`, HoDoKu by
//! Bernhard Hobiger, hodoku.sourceforge.net), where each line is one
//! technique example: the grid (`+` marks placed, non-given digits), the
//! candidates deleted before the step, and the step's eliminations or
//! placements. The positions and eliminations are facts taken from those
//! lines; the parser and the tests are ours. Each line is checked against
//! the finder of the technique (not the whole ladder, which may find an
//! easier step first).

use super::*;
use crate::grid::Grid;

/// Cells named `rXcY<>d`, sorted, from a library field of `dXY` entries.
fn library_cands(field: &str) -> Vec<String> {
    let mut v: Vec<String> = field
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            format!("r{}c{}<>{}", b[1] as char, b[2] as char, b[0] as char)
        })
        .collect();
    v.sort();
    v
}

/// The candidate grid of a library line, and its expected eliminations.
pub(super) fn parse(line: &str) -> (Candidates, Vec<String>) {
    let f: Vec<&str> = line.split(':').collect();
    // Givens first, then the placed (`+`) digits on top, so that placed
    // cells are not givens (avoidable rectangles tell them apart).
    let (mut givens, mut placed) = (String::new(), Vec::new());
    let mut plus = false;
    for ch in f[3].chars() {
        match ch {
            '+' => plus = true,
            _ if plus => {
                placed.push((givens.len(), ch as u16 - '0' as u16));
                givens.push('.');
                plus = false;
            }
            _ => givens.push(ch),
        }
    }
    let mut c = Candidates::from_grid(&Grid::from_line(&givens).unwrap()).unwrap();
    for (cell, d) in placed {
        c.place(cell, d);
    }
    for t in f[4].split_whitespace() {
        let b = t.as_bytes();
        let (d, r, col) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
        c.eliminate(r * 9 + col, d as u16);
    }
    // The library's uniqueness examples come from unique puzzles.
    c.set_unique(true);
    (c, library_cands(f[5]))
}

/// The finder's first step has technique `t` and exactly the eliminations of
/// the library line. A placement (BUG+1) counts as eliminating the cell's
/// other candidates, which is how the library records it.
fn check(find: fn(&Candidates) -> Option<Step>, t: Technique, line: &str) {
    let (c, expected) = parse(line);
    assert!(!expected.is_empty());
    let s = find(&c).expect("the finder finds the published step");
    assert_eq!(s.technique, t, "{}", s.explanation);
    assert_eq!(as_eliminations(&c, &s), expected, "{}", s.explanation);
}

/// The step's eliminations as `r1c2<>7`, sorted, a placement counting as
/// the removal of its cell's other digits (how the library writes BUG+1).
fn as_eliminations(c: &Candidates, s: &Step) -> Vec<String> {
    let mut got = test_util::elims(c, s);
    for p in &s.placements {
        let cell = p.cell as usize;
        for d in c.digits(cell) {
            if d != p.digit {
                got.push(format!("{}<>{d}", c.cn(cell)));
            }
        }
    }
    got.sort();
    got
}

/// Like [`check`] for finders that choose the most-eliminating instance:
/// the step removes at least as many candidates as the library's (which
/// fixes one digit), and none of them is in the solution.
fn check_at_least(find: fn(&Candidates) -> Option<Step>, t: Technique, line: &str) {
    let (c, expected) = parse(line);
    let s = find(&c).expect("the finder finds a step");
    assert_eq!(s.technique, t, "{}", s.explanation);
    assert!(s.eliminations.len() >= expected.len(), "{}", s.explanation);
    let f: Vec<&str> = line.split(':').collect();
    let givens: String = f[3].chars().filter(|&ch| ch != '+').collect();
    let sol = crate::solve::solve(&Grid::from_line(&givens).unwrap())
        .unwrap()
        .unwrap();
    for e in &s.eliminations {
        assert_ne!(sol.get(e.cell as usize), e.digit, "{}", s.explanation);
    }
}

/// What one library line gave.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    /// The library's step: same technique, same eliminations or placements.
    Exact,
    /// Another instance of the technique (the finder met it first): sound,
    /// but not the line's eliminations.
    Other,
    /// No step of the technique (a miss), or a step on a "no instance" line.
    Missed,
    /// An elimination of a solution digit or a wrong placement.
    Unsound,
}

/// The techniques a library line of `code` may report, for the codes we
/// have a finder for; the first one's finder checks the line. Codes are
/// matched on their four-digit base (a `-x` suffix marks "no instance
/// here"); Siamese fish (five digits), dual kites and dual empty rectangles
/// combine two steps into one and are left out.
fn library_techniques(code: &str) -> Option<&'static [Technique]> {
    use Technique as T;
    let base = code.split('-').next().unwrap_or(code);
    Some(match base {
        "0000" => &[T::FullHouse],
        "0002" => &[T::HiddenSingle],
        "0003" => &[T::NakedSingle],
        "0100" => &[T::Pointing],
        "0101" => &[T::Claiming],
        "0110" => &[T::LockedPair],
        "0111" => &[T::LockedTriple],
        "0200" => &[T::NakedPair],
        "0201" => &[T::NakedTriple],
        "0202" => &[T::NakedQuad],
        "0210" => &[T::HiddenPair],
        "0211" => &[T::HiddenTriple],
        "0212" => &[T::HiddenQuad],
        "0300" => &[T::XWing],
        "0301" => &[T::Swordfish],
        "0302" => &[T::Jellyfish],
        "0310" | "0320" => &[T::FinnedXWing, T::SashimiXWing],
        "0311" | "0321" => &[T::FinnedSwordfish, T::SashimiSwordfish],
        "0312" | "0322" => &[T::FinnedJellyfish, T::SashimiJellyfish],
        "0330" => &[T::FrankenXWing],
        "0331" => &[T::FrankenSwordfish],
        "0340" => &[T::FinnedFrankenXWing],
        "0341" => &[T::FinnedFrankenSwordfish],
        "0400" => &[T::Skyscraper],
        "0401" => &[T::TwoStringKite],
        "0402" => &[T::EmptyRectangle],
        "0403" => &[T::TurbotFish],
        "0500" | "0501" => &[T::SimpleColours],
        "0502" => &[T::MultiColours1],
        "0503" => &[T::MultiColours2],
        "0600" => &[T::UniqueRectangle1],
        "0601" => &[T::UniqueRectangle2],
        "0602" => &[T::UniqueRectangle3],
        "0603" => &[T::UniqueRectangle4],
        "0604" => &[T::UniqueRectangle5],
        "0605" => &[T::UniqueRectangle6],
        "0606" => &[T::HiddenRectangle],
        "0607" => &[T::AvoidableRectangle1],
        "0608" => &[T::AvoidableRectangle2],
        "0610" => &[T::BugPlusOne],
        "0701" => &[T::XChain],
        "0702" => &[T::XYChain],
        "0703" => &[T::RemotePair],
        "0706" => &[T::ContinuousNiceLoop],
        "0707" | "0708" => &[T::Aic],
        "0709" => &[T::GroupedContinuousNiceLoop],
        "0710" | "0711" => &[T::GroupedAic],
        "0800" => &[T::XYWing],
        "0801" => &[T::XYZWing],
        "0803" => &[T::WWing],
        "0901" => &[T::AlsXz],
        "0902" => &[T::AlsXyWing],
        "0903" => &[T::AlsXyChain],
        "1101" => &[T::SueDeCoq],
        _ => return None,
    })
}

/// The finder that checks a line of technique `t`: the engine's own, from
/// [`TABLE`] (a row without one is served by the nearest row above it that
/// has one). Unique rectangles are the exception: their finder reports the
/// best type on the whole board, so a line of one type is checked against
/// that type alone.
fn library_finder(t: Technique) -> Finder {
    use Technique as T;
    match t {
        T::UniqueRectangle1 => |c| unique_rectangle::find_type(c, T::UniqueRectangle1),
        T::UniqueRectangle2 => |c| unique_rectangle::find_type(c, T::UniqueRectangle2),
        T::UniqueRectangle3 => |c| unique_rectangle::find_type(c, T::UniqueRectangle3),
        T::UniqueRectangle4 => |c| unique_rectangle::find_type(c, T::UniqueRectangle4),
        T::UniqueRectangle5 => |c| unique_rectangle::find_type(c, T::UniqueRectangle5),
        T::UniqueRectangle6 => |c| unique_rectangle::find_type(c, T::UniqueRectangle6),
        T::HiddenRectangle => |c| unique_rectangle::find_type(c, T::HiddenRectangle),
        T::Claiming => |c| locked_candidates::find_kind(c, T::Claiming),
        _ => TABLE[..=t.order()]
            .iter()
            .rev()
            .find_map(|r| r.find)
            .expect("the first row of TABLE has a finder"),
    }
}

/// Runs one library line through the finder of its code; `None` for codes
/// we have no finder for.
fn library_outcome(line: &str) -> Option<Outcome> {
    let f: Vec<&str> = line.split(':').collect();
    let techniques = library_techniques(f[1])?;
    let find = library_finder(techniques[0]);
    let (c, expected) = parse(line);
    let step = find(&c).filter(|s| techniques.contains(&s.technique));
    let Some(s) = step else {
        return Some(if f[1].ends_with("-x") {
            Outcome::Exact
        } else {
            Outcome::Missed
        });
    };
    let givens: String = f[3].chars().filter(|&ch| ch != '+').collect();
    let sol = crate::solve::solve(&Grid::from_line(&givens).unwrap())
        .unwrap()
        .expect("library positions have one solution");
    let sound = s
        .eliminations
        .iter()
        .all(|e| sol.get(e.cell as usize) != e.digit)
        && s.placements
            .iter()
            .all(|p| sol.get(p.cell as usize) == p.digit);
    if !sound {
        return Some(Outcome::Unsound);
    }
    if f[1].ends_with("-x") {
        return Some(Outcome::Missed);
    }
    // Placements as the library writes them (`dRC`), or eliminations.
    let mut placed: Vec<String> = s
        .placements
        .iter()
        .map(|p| {
            format!(
                "{}{}",
                p.digit,
                &c.cn(p.cell as usize).replace(['r', 'c'], "")
            )
        })
        .collect();
    placed.sort();
    let mut library_placed: Vec<String> = f
        .get(6)
        .unwrap_or(&"")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    library_placed.sort();
    let got = as_eliminations(&c, &s);
    let exact = if library_placed.is_empty() {
        got == expected
    } else {
        placed == library_placed
    };
    Some(if exact {
        Outcome::Exact
    } else {
        Outcome::Other
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointing() {
        // HoDoKu library, Locked Candidates Type 1 (0100).
        check(
            locked_candidates::find,
            Technique::Pointing,
            ":0100:3:.7.+4..1+58...6759..5+3....4+7+6...3....4+7.59248..3....1.....3.....7..7549.+8.2.8....4.:222 223 133 243 263 171 671 172 672 277 278 687 189 192 692:397 399::",
        );
    }

    #[test]
    fn claiming() {
        // HoDoKu library, Locked Candidates Type 2 (0101).
        check(
            locked_candidates::find,
            Technique::Claiming,
            ":0101:1:..7+1+2+3+5..3+5+16497..6+295+78+3+4+1..+6+4.2.35.+32...4..59+43..+2.....9.61.4.+65214..3......6..:818 819 758 768 791 792 798 799:151::",
        );
    }

    #[test]
    fn locked_pair() {
        // HoDoKu library, Locked Pair (0110).
        check(
            |c| locked_subsets::find(c, 2),
            Technique::LockedPair,
            ":0110-1:47:6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...::477 479 487 488 491 498 777 779 787 792::",
        );
    }

    #[test]
    fn locked_triple() {
        // HoDoKu library, Locked Triple (0111).
        check(
            |c| locked_subsets::find(c, 3),
            Technique::LockedTriple,
            ":0111-1:678:....4.3...8...1429..15......76.....8.....2.....9.5..7...8......3.........9.1.863.::618 619 631 632 635 636 719 731 735 736 818 835::",
        );
    }

    #[test]
    fn turbot_fish() {
        // HoDoKu library, Turbot Fish (0403).
        check(
            turbot_fish::find,
            Technique::TurbotFish,
            ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::",
        );
    }

    #[test]
    fn als_xy_wing() {
        // HoDoKu library, ALS-XY-Wing (0902), digit 7 (the library fixes the
        // digit; other digits may give other wings first).
        check(
            |c| als_xy_wing::find_digit(c, Some(7)),
            Technique::AlsXyWing,
            ":0902-1:7:+8...43..+1.+3+1.5+7..8.721......9+3+5+1......5....1.18.3..........1.67..7..91..3+1+8+76592+4:441 247 451 254 454 854 255 257 265 267 471 274 875 481 284 885:768::",
        );
    }

    #[test]
    fn als_xy_wing_most_eliminating() {
        // The same line without fixing the digit: the wing chosen removes at
        // least as many candidates, none of them in the solution.
        check_at_least(
            als_xy_wing::find,
            Technique::AlsXyWing,
            ":0902-1:7:+8...43..+1.+3+1.5+7..8.721......9+3+5+1......5....1.18.3..........1.67..7..91..3+1+8+76592+4:441 247 451 254 454 854 255 257 265 267 471 274 875 481 284 885:768::",
        );
    }

    #[test]
    fn multi_colours_1() {
        // HoDoKu library, Multi-Colors 1 (0502).
        check(
            multi_colours::find_linked,
            Technique::MultiColours1,
            ":0502:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832 843 845 863 865::",
        );
    }

    #[test]
    fn multi_colours_2() {
        // HoDoKu library, Multi-Colors 2 (0503), the same position.
        check(
            multi_colours::find_sees_both,
            Technique::MultiColours2,
            ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::",
        );
    }

    #[test]
    fn naked_pair() {
        // HoDoKu library, Naked Pair (0200).
        check(
            |c| naked_subsets::find(c, 2),
            Technique::NakedPair,
            ":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::",
        );
    }

    #[test]
    fn naked_triple() {
        // HoDoKu library, Naked Triple (0201).
        check(
            |c| naked_subsets::find(c, 3),
            Technique::NakedTriple,
            ":0201:258:.1.......3.45......76.9...47+2+14+8+9+563.3.627+41+946+9+3+15+8+276...3.94...+3..82.6.......3.:714 819 728 829 573 581 785 591 593 795 196 296:211 216 511 518 811 818::",
        );
    }

    #[test]
    fn naked_quad() {
        // HoDoKu library, Naked Quadruple (0202).
        check(
            |c| naked_subsets::find(c, 4),
            Technique::NakedQuad,
            ":0202:4679:+53+2+78+6...9+78+241.+6...19+5+32+87.254..6+7...3+617.5+27..+5........+1........+8.51.6...3...98::471 472 481 491 492 671 672 691 692 972::",
        );
    }

    #[test]
    fn hidden_pair() {
        // HoDoKu library, Hidden Pair (0210).
        check(
            |c| hidden_subsets::find(c, 2),
            Technique::HiddenPair,
            ":0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6.....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::",
        );
    }

    #[test]
    fn hidden_triple() {
        // HoDoKu library, Hidden Triple (0211).
        check(
            |c| hidden_subsets::find(c, 3),
            Technique::HiddenTriple,
            ":0211:458:....+23.9.82.9...+5.4.9.1..+2..8.+25+94+7..9+4671.8+5..5.3..1...+8.9.5+42+9.+2..5+837+54+73+8+2.+6.::112 119 612 619 712 714::",
        );
    }

    #[test]
    fn hidden_quad() {
        // HoDoKu library, Hidden Quadruple (0212).
        check(
            |c| hidden_subsets::find(c, 4),
            Technique::HiddenQuad,
            ":0212:4579:...........5.2....9.7...1.....94.5.........6....5.78.16....5..2..43...163.9.1..8+5::151 152 251 252 257 352 357 359 851 852::",
        );
    }

    #[test]
    fn x_wing() {
        // HoDoKu library, X-Wing (0300).
        check(
            |c| fish::find_basic(c, 2),
            Technique::XWing,
            ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::",
        );
    }

    #[test]
    fn swordfish() {
        // HoDoKu library, Swordfish (0301).
        check(
            |c| fish::find_basic(c, 3),
            Technique::Swordfish,
            ":0301:9:+931+2+46+7+856+8+5+3+17..+4+4+7+259+8+1+3+68+5+31....27+1......3+24...38..12763...+8+3.+4..1...+5.84..3..::956 957 958 968 987 988 996 998::",
        );
    }

    #[test]
    fn jellyfish() {
        // HoDoKu library, Jellyfish (0302).
        check(
            |c| fish::find_basic(c, 4),
            Technique::Jellyfish,
            ":0302:7:2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4.......1::712 715 721 729 751 752 759 792 795::",
        );
    }

    #[test]
    fn finned_x_wing() {
        // HoDoKu library, Finned X-Wing (0310).
        check(
            |c| fish::find_finned(c, 2),
            Technique::FinnedXWing,
            ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::",
        );
    }

    #[test]
    fn finned_swordfish() {
        // HoDoKu library, Finned Swordfish (0311).
        check(
            |c| fish::find_finned(c, 3),
            Technique::FinnedSwordfish,
            ":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6.+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::",
        );
    }

    #[test]
    fn finned_jellyfish() {
        // HoDoKu library, Finned Jellyfish (0312).
        check(
            |c| fish::find_finned(c, 4),
            Technique::FinnedJellyfish,
            ":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3.61.+2.+7+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879::",
        );
    }

    #[test]
    fn sashimi_x_wing() {
        // HoDoKu library, Sashimi X-Wing (0320).
        check(
            |c| fish::find_finned(c, 2),
            Technique::SashimiXWing,
            ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::",
        );
    }

    #[test]
    fn sashimi_swordfish() {
        // HoDoKu library, Sashimi Swordfish (0321).
        check(
            |c| fish::find_finned(c, 3),
            Technique::SashimiSwordfish,
            ":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 373 678 679 699:638::",
        );
    }

    #[test]
    fn sashimi_jellyfish() {
        // HoDoKu library, Sashimi Jellyfish (0322).
        check(
            |c| fish::find_finned(c, 4),
            Technique::SashimiJellyfish,
            ":0322:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49..:331 638 373 678 679 699:637::",
        );
    }

    #[test]
    fn skyscraper() {
        // HoDoKu library, Skyscraper (0400).
        check(
            skyscraper::find,
            Technique::Skyscraper,
            ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::",
        );
    }

    #[test]
    fn two_string_kite() {
        // HoDoKu library, 2-String Kite (0401).
        check(
            kite::find,
            Technique::TwoStringKite,
            ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::",
        );
    }

    #[test]
    fn empty_rectangle() {
        // HoDoKu library, Empty Rectangle (0402).
        check(
            empty_rectangle::find,
            Technique::EmptyRectangle,
            ":0402:2:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::293::",
        );
    }

    #[test]
    fn simple_colours_trap() {
        // HoDoKu library, Simple Colors Trap (0500).
        check(
            colouring::find,
            Technique::SimpleColours,
            ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::",
        );
    }

    #[test]
    fn simple_colours_wrap() {
        // HoDoKu library, Simple Colors Wrap (0501).
        check(
            colouring::find,
            Technique::SimpleColours,
            ":0501:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6..+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819 821 824 832 844 853 867 876 892 895::",
        );
    }

    #[test]
    fn unique_rectangle_type_1() {
        // HoDoKu library, Uniqueness Test 1 (0600).
        check(
            unique_rectangle::find,
            Technique::UniqueRectangle1,
            ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::",
        );
    }

    #[test]
    fn unique_rectangle_type_2() {
        // HoDoKu library, Uniqueness Test 2 (0601).
        check(
            unique_rectangle::find,
            Technique::UniqueRectangle2,
            ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::",
        );
    }

    #[test]
    fn unique_rectangle_type_3() {
        // HoDoKu library, Uniqueness Test 3 (0602).
        check(
            unique_rectangle::find,
            Technique::UniqueRectangle3,
            ":0602-1:15:.8+2+73+51...+7+5.+623.+8.+364..+2753.9+82....+62+45.1.8+3+8.7.4...27+9.6...+2.+2+6....8..54.+2....7::488 698 988 998::",
        );
    }

    #[test]
    fn unique_rectangle_type_4() {
        // HoDoKu library, Uniqueness Test 4 (0603).
        check(
            unique_rectangle::find,
            Technique::UniqueRectangle4,
            ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::",
        );
    }

    #[test]
    fn hidden_rectangle() {
        // HoDoKu library, Hidden Rectangle (0606).
        check(
            unique_rectangle::find,
            Technique::HiddenRectangle,
            ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::",
        );
    }

    #[test]
    fn bug_plus_one() {
        // HoDoKu library, BUG+1 (0610).
        check(
            bug::find,
            Technique::BugPlusOne,
            ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::",
        );
    }

    #[test]
    fn x_chain() {
        // HoDoKu library, X-Chain (0701).
        check(
            chains::find_x_chain,
            Technique::XChain,
            ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5::742::5",
        );
    }

    #[test]
    fn xy_chain() {
        // HoDoKu library, XY-Chain (0702). The library fixes the digit (2,
        // three eliminations); the finder takes the chain with the most
        // eliminations of any digit, as HoDoKu's solver does, and finds one
        // removing five 8s.
        check_at_least(
            chains::find_xy_chain,
            Technique::XYChain,
            ":0702:2:+57.4.+169.+9+482+7+6+1536.....+7+4...+9...+3.4+4...9+35.+63.+5...+9.12+5+4367+8+1+9......2+651+96+5+284+3+7::219 232 233::13",
        );
    }

    #[test]
    fn remote_pair() {
        // HoDoKu library, Remote Pair (0703).
        check(
            remote_pairs::find,
            Technique::RemotePair,
            ":0703:45:+7+9845+2+3+16+6.3+7+81.+9+2.+1+2.+3.87.+3+7.+2+6+5.48+82.1+437+6..6.+89+7.+2+39+8..14+23+71.7.2+8.5.2...+7..+8+1::567::7",
        );
    }

    #[test]
    fn aic_discontinuous_nice_loop() {
        // HoDoKu library, Discontinuous Nice Loop (0707).
        check(
            chains::find_aic,
            Technique::Aic,
            ":0707-2:7:....8.2....5....4..2...5...+9+6+2+8+37.....+321+4+6971+74+5..+83+2..+1......+6973+4+852+1+2+48+75136+9::718::8",
        );
    }

    #[test]
    fn xy_wing() {
        // HoDoKu library, XY-Wing (0800).
        check(
            xy_wing::find,
            Technique::XYWing,
            ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::",
        );
    }

    #[test]
    fn xyz_wing() {
        // HoDoKu library, XYZ-Wing (0801).
        check(
            xyz_wing::find,
            Technique::XYZWing,
            ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::",
        );
    }

    #[test]
    fn w_wing() {
        // HoDoKu library, W-Wing (0803).
        check(
            w_wing::find,
            Technique::WWing,
            ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::",
        );
    }

    #[test]
    fn als_xz() {
        // HoDoKu library, ALS-XZ (0901).
        check(
            als::find_xz,
            Technique::AlsXz,
            ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::",
        );
    }

    #[test]
    fn als_xz_doubly_linked() {
        // HoDoKu library, doubly linked ALS-XZ (0901-2): both sets locked
        // on their other digits, both restricted digits removed around them.
        check(
            als::find_xz,
            Technique::AlsXz,
            ":0901-2:12357:9..17....4.1....7..7...31..14...6.98.9248173.38.5.......48...2.......6.7....6...3:793:172 244 385 571 572 796::",
        );
    }
    #[test]
    fn sue_de_coq() {
        // HoDoKu library, Sue de Coq (1101).
        check(
            sue_de_coq::find,
            Technique::SueDeCoq,
            ":1101:789:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::748 852 949 967 969::",
        );
    }
    #[test]
    fn grouped_aic_same_digit_ends() {
        // HoDoKu library, Grouped AIC type 1 (0711-1).
        check(
            grouped_aic::find,
            Technique::GroupedAic,
            ":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1::612 616 619 626 634 636::7",
        );
        check(
            grouped_aic::find,
            Technique::GroupedAic,
            ":0711-1:2:.+78..169..+6...+935..9..+6....+85.9....+67.+962+8+5..+64.+1..98.+9+2641.+8.54...82.+6+9.87.+96...:514 223 233 534 447 448:211 224::11",
        );
    }

    #[test]
    fn grouped_aic_different_digit_ends() {
        // HoDoKu library, Grouped AIC type 2 (0711-2): r2c5<>1 and r1c4<>4.
        // The finder no longer stops at the first chain; a later start
        // proves r2c5 = 4 by a grouped loop, a placement that implies both
        // (r1c4 is in box 2 with r2c5), so it is taken.
        let line = ":0711-2:14:+2...5+376.7+65.....3..+3+786.2...43..+2.+6+3+26.9.14....+62+4...+6.+2.+3..5...7.6...2839...+6..:819 141 142 746 769 584 586 194 494 196 796 799:125 414::7";
        let (c, expected) = parse(line);
        assert_eq!(expected, ["r1c4<>4", "r2c5<>1"]);
        let s = grouped_aic::find(&c).unwrap();
        assert_eq!(s.technique, Technique::GroupedAic);
        assert_eq!(
            s.placements,
            [Cand::new(test_util::cell("r2c5") as usize, 4)]
        );
        assert!(c.has(test_util::cell("r1c4") as usize, 4));
    }

    #[test]
    fn continuous_nice_loop() {
        // HoDoKu library, Continuous Nice Loop (0706): r8c4<>3, r2c6<>8,
        // r2c7<>8 and r6c3<>9, all from one loop.
        check(
            continuous_nice_loop::find,
            Technique::ContinuousNiceLoop,
            ":0706::6.752.4..54..6..7..2.497.5..7524...1..41895.78....5.4.48...2.9575..1...4..6.547.8:112 316 318 123 323 327 329 137 647 364 374 684 288 391:384 826 827 963:",
        );
    }

    /// Library lines whose step we reproduce exactly (see `every_library_line`).
    const EXACT: usize = 796;

    /// Every line of the HoDoKu library whose technique we have, through
    /// that technique's finder alone: no unsound step on any line, and per
    /// code how many give exactly the library's step. A line may show
    /// another instance first (most finders stop at the first they meet;
    /// the library only promises that no other instance *for its digit*
    /// differs), so "other" is allowed, counted, and printed.
    #[test]
    fn every_library_line() {
        let text = include_str!("../../../tests/data/hodoku-reglib.txt");
        let mut by_code: std::collections::BTreeMap<String, [usize; 4]> = Default::default();
        for line in text.lines().filter(|l| l.starts_with(':')) {
            let code = line.split(':').nth(1).unwrap();
            let Some(outcome) = library_outcome(line) else {
                continue;
            };
            assert_ne!(outcome, Outcome::Unsound, "{line}");
            if outcome == Outcome::Missed {
                eprintln!("missed: {line}");
            }
            by_code.entry(code.to_string()).or_default()[outcome as usize] += 1;
        }
        for (code, [exact, other, missed, _]) in &by_code {
            eprintln!("{code}\texact {exact}\tother {other}\tmissed {missed}");
        }
        // Lines we miss, and why (docs/notes/logic.md, "The HoDoKu library").
        let known: &[(&str, usize)] = &[
            // Overlapping ALS (off in HoDoKu's default set).
            ("0902-2", 2),
            // ALS-XY-Chain: one chain beyond the walk's budget.
            ("0903-1", 1),
            // Grouped continuous nice loop: one long loop (the search keeps
            // one path per node state).
            ("0709-1", 1),
            // Grouped nice loops and AICs through ALS nodes (off in
            // HoDoKu's default set).
            ("0709-2", 7),
            ("0710-3", 5),
            ("0710-4", 3),
            ("0711-3", 3),
            ("0711-4", 6),
        ];
        for (code, n) in &by_code {
            let allowed = known.iter().find(|(k, _)| k == code).map_or(0, |k| k.1);
            assert!(n[2] <= allowed, "{code}: {} missed, {allowed} known", n[2]);
        }
        // Exact matches only go up: a drop means a finder now takes another
        // instance (or none) where it took the library's.
        let exact: usize = by_code.values().map(|n| n[0]).sum();
        let other: usize = by_code.values().map(|n| n[1]).sum();
        let missed: usize = by_code.values().map(|n| n[2]).sum();
        println!("all\texact {exact}\tother {other}\tmissed {missed}");
        assert!(exact >= EXACT, "{exact} lines exact, {EXACT} before");
    }
}
