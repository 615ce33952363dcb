//! Anti-knight and anti-king: cells a chess knight's or king's move apart
//! hold different digits. Both compile to "differ" pairs; pairs that
//! already share a unit are kept too, which costs little and keeps the
//! rule independent of the board's units.

use super::family::Family;
use super::mask::orthogonal_pairs;
use super::model::Model;
use super::prop::Relation;
use super::rule::Constraint;
use super::text::{err, tokens, TextError};
use crate::marks::Pen;

/// The board-wide neighbour rules: `anti-knight`, `anti-king` and
/// `non-consecutive`, each a line of its own.
pub(crate) struct Neighbours;

impl Family for Neighbours {
    fn keys(&self) -> &'static [&'static str] {
        &["anti-knight", "anti-king", "non-consecutive"]
    }

    fn flags(&self) -> &'static [&'static str] {
        self.keys()
    }

    fn parse(&self, key: &str, value: &str, _n: usize) -> Result<Constraint, TextError> {
        if let Some(&(at, t)) = tokens(value).first() {
            if !matches!(t.to_ascii_lowercase().as_str(), "yes" | "on" | "true") {
                return err(at, format!("`{key}` takes no value"));
            }
        }
        Ok(match key {
            "anti-knight" => Constraint::AntiKnight,
            "anti-king" => Constraint::AntiKing,
            _ => Constraint::NonConsecutive,
        })
    }

    fn write(&self, c: &Constraint, _n: usize) -> String {
        self.caption(c).unwrap_or_default().into()
    }

    fn cells(&self, _c: &Constraint, _n: usize) -> Vec<usize> {
        Vec::new()
    }

    fn satisfied(&self, c: &Constraint, values: &[u16], n: usize, _all: &[Constraint]) -> bool {
        let v = |c: usize| values[c] as u32;
        match c {
            Constraint::AntiKnight => knight_pairs(n).into_iter().all(|(a, b)| v(a) != v(b)),
            Constraint::AntiKing => king_pairs(n).into_iter().all(|(a, b)| v(a) != v(b)),
            _ => orthogonal_pairs(n)
                .into_iter()
                .all(|(a, b)| v(a).abs_diff(v(b)) != 1),
        }
    }

    fn compile(&self, c: &Constraint, m: &mut Model, _all: &[Constraint]) {
        let (pairs, rel) = match c {
            Constraint::AntiKnight => (knight_pairs(m.n), Relation::Differ),
            Constraint::AntiKing => (king_pairs(m.n), Relation::Differ),
            _ => (orthogonal_pairs(m.n), Relation::NotConsecutive),
        };
        for (a, b) in pairs {
            m.pair(a, b, rel);
        }
    }

    fn rule_text(&self, c: &Constraint, _n: usize, _names: &dyn Fn(&[usize]) -> String) -> String {
        match c {
            Constraint::AntiKnight => "cells a knight's move away hold other digits".into(),
            Constraint::AntiKing => "cells a king's move away hold other digits".into(),
            _ => "orthogonal neighbours are not consecutive".into(),
        }
    }

    fn draw(&self, _c: &Constraint, _pen: &mut Pen) {}

    fn caption(&self, c: &Constraint) -> Option<&'static str> {
        match c {
            Constraint::AntiKnight => Some("anti-knight"),
            Constraint::AntiKing => Some("anti-king"),
            Constraint::NonConsecutive => Some("non-consecutive"),
            _ => None,
        }
    }
}

fn pairs(n: usize, moves: &[(isize, isize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n as isize {
        for c in 0..n as isize {
            for &(dr, dc) in moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                    let (a, b) = (
                        (r * n as isize + c) as usize,
                        (r2 * n as isize + c2) as usize,
                    );
                    if a < b {
                        out.push((a, b));
                    }
                }
            }
        }
    }
    out
}

/// Cell pairs a knight's move apart, each once.
pub(crate) fn knight_pairs(n: usize) -> Vec<(usize, usize)> {
    pairs(
        n,
        &[
            (1, 2),
            (2, 1),
            (1, -2),
            (2, -1),
            (-1, 2),
            (-2, 1),
            (-1, -2),
            (-2, -1),
        ],
    )
}

/// Cell pairs a king's move apart (orthogonal and diagonal), each once.
pub(crate) fn king_pairs(n: usize) -> Vec<(usize, usize)> {
    pairs(
        n,
        &[
            (0, 1),
            (1, 0),
            (1, 1),
            (1, -1),
            (0, -1),
            (-1, 0),
            (-1, -1),
            (-1, 1),
        ],
    )
}
