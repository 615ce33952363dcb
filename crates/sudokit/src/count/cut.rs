//! Where band composition (`frontier`) cuts the board: per band its cells
//! in the chosen orientation, the digits forbidden from other bands, and the
//! roles (outer band A, inner B and C) picked by a cost estimate from the
//! givens per band.

use super::bands::{self, Plan};
use crate::geometry::{Geometry, Layout};

/// Which way [`super::completions_by_bands`] cuts the board into bands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// The cheaper of the two by the cost estimate.
    #[default]
    Auto,
    /// Bands are groups of rows (boxes must be at least as tall as wide).
    Rows,
    /// Bands are groups of columns: the transposed board (boxes must be at
    /// least as wide as tall).
    Columns,
}

/// Box shapes (`w`, `h`) the method covers: their key tables build in about
/// a second or less.
const SHAPES: [(usize, usize); 4] = [(2, 2), (2, 3), (2, 4), (3, 3)];

/// Number of fillings of one band without givens, per shape (`n!` times the
/// first-row-fixed bands); used only by the cost estimate.
pub(super) fn total_bands(plan: Plan) -> f64 {
    match (plan.w, plan.h) {
        (2, 2) => 96.0,
        (2, 3) => 460_800.0,
        (2, 4) => 828_396_011_520.0,
        _ => 948_109_639_680.0,
    }
}

/// The board cut into bands: per band its `h × N` cells (0 empty, else
/// digit), in the orientation of `plan`.
pub(super) struct Cut {
    pub(super) plan: Plan,
    pub(super) bands: Vec<Vec<u8>>,
    pub(super) givens: Vec<usize>,
    /// Per band and column: the digits given in that column in other bands.
    pub(super) forbid: Vec<Vec<u32>>,
    /// Digits (bits) that appear in no given.
    pub(super) free: u32,
    /// Roles: `roles[0]` is A, then B (and C).
    pub(super) roles: Vec<usize>,
    pub(super) cost: f64,
}

/// The band plan of a plain square geometry covered by this method.
pub(crate) fn plan_of(geo: &Geometry) -> Option<Plan> {
    if geo.layout() != Layout::Square || !geo.variants().is_empty() {
        return None;
    }
    let plan = bands::plan(geo.box_shape())?;
    SHAPES
        .contains(&(plan.w, plan.h))
        .then_some(plan)
        .filter(|p| p.n == geo.n() && geo.cell_count() == p.n * p.n)
}

fn cut(geo: &Geometry, values: &[u16], plan: Plan, transpose: bool) -> Cut {
    let Plan { w, h, n } = plan;
    let oriented = |r: usize, c: usize| {
        let v = if transpose {
            values[c * n + r]
        } else {
            values[r * n + c]
        };
        v.min(n as u16) as u8
    };
    let stacks = stack_order(plan, &oriented);
    let at = |r: usize, c: usize| oriented(r, stacks[c / w] * w + c % w);
    let _ = geo;
    let mut bands_cells = Vec::with_capacity(w);
    let mut givens = Vec::with_capacity(w);
    let mut present = 0u32;
    for b in 0..w {
        let cells: Vec<u8> = (0..h * n).map(|i| at(b * h + i / n, i % n)).collect();
        givens.push(cells.iter().filter(|&&v| v != 0).count());
        for &v in &cells {
            if v != 0 {
                present |= 1 << (v - 1);
            }
        }
        bands_cells.push(cells);
    }
    let free = ((1u32 << n) - 1) & !present;
    let forbid: Vec<Vec<u32>> = (0..w)
        .map(|b| {
            (0..n)
                .map(|c| {
                    (0..w)
                        .filter(|&o| o != b)
                        .flat_map(|o| (0..h).map(move |r| (o, r)))
                        .fold(0u32, |m, (o, r)| match bands_cells[o][r * n + c] {
                            0 => m,
                            v => m | 1 << (v - 1),
                        })
                })
                .collect()
        })
        .collect();
    let est: Vec<f64> = (0..w)
        .map(|b| estimate(plan, givens[b], &forbid[b]))
        .collect();
    let (roles, cost) = best_roles(plan, &givens, &est, free.count_ones());
    Cut {
        plan,
        bands: bands_cells,
        givens,
        forbid,
        free,
        roles,
        cost,
    }
}

/// The stacks of a cut in the order the join takes them: fewest givens
/// last. The join keys its buckets by the first two stacks and walks the
/// third densely, so givens in the keyed stacks split the bands into more,
/// smaller buckets with fewer compatible pairs. Stacks may be permuted
/// freely (the count does not change). On the 22 slowest test positions
/// the six orders differ by 7× and more, and this one was the fastest or
/// within 1.8× of it (`docs/notes/counting.md`). Ties keep the board's
/// order, so the cut stays a function of the grid (shards agree).
fn stack_order(plan: Plan, at: &impl Fn(usize, usize) -> u8) -> Vec<usize> {
    let Plan { w, h, n } = plan;
    let givens = |s: usize| {
        (0..n)
            .flat_map(|r| (s * w..(s + 1) * w).map(move |c| (r, c)))
            .filter(|&(r, c)| at(r, c) != 0)
            .count()
    };
    let mut order: Vec<usize> = (0..h).collect();
    // Stable: equal counts keep their order.
    order.sort_by_key(|&s| std::cmp::Reverse(givens(s)));
    order
}

/// Estimated fillings above which a 9×9 band is filled box by box
/// (`band_boxes`). Below, the walk is small and the box fill's set-up
/// (lists for 1,680 partitions, 11 MB of counts) is not worth paying; the
/// value is not tuned.
pub(super) const BOXES_FROM: f64 = 1e5;

/// [`estimate`] for a band's cells.
pub(super) fn estimate_cells(plan: Plan, cells: &[u8], forbid: &[u32]) -> f64 {
    estimate(plan, cells.iter().filter(|&&v| v != 0).count(), forbid)
}

/// Rough number of fillings of a band with `g` givens and these digits
/// forbidden per column: a given matches a random band with probability
/// `1/N`, a column avoids `f` digits with probability `C(N-f, h)/C(N, h)`.
fn estimate(plan: Plan, g: usize, forbid: &[u32]) -> f64 {
    let binom = |a: usize, b: usize| -> f64 {
        if b > a {
            return 0.0;
        }
        (0..b).map(|i| (a - i) as f64 / (i + 1) as f64).product()
    };
    let mut e = total_bands(plan) / (plan.n as f64).powi(g as i32);
    for &f in forbid {
        let f = f.count_ones() as usize;
        e *= binom(plan.n - f.min(plan.n), plan.h) / binom(plan.n, plan.h);
    }
    e
}

/// Cheapest role assignment by the estimates: the outer band is reduced by
/// the interchangeable digits; a materialised inner band costs its fillings.
fn best_roles(plan: Plan, givens: &[usize], est: &[f64], free: u32) -> (Vec<usize>, f64) {
    let reduce: f64 = (1..=free).map(f64::from).product();
    let orders: Vec<Vec<usize>> = if plan.w == 2 {
        vec![vec![0, 1], vec![1, 0]]
    } else {
        bands::permutations(3)
    };
    let mut best: Option<(Vec<usize>, f64)> = None;
    for o in orders {
        let (a, b) = (o[0], o[1]);
        if plan.w == 3 && givens[b] == 0 && givens[o[2]] > 0 {
            continue;
        }
        let outer = est[a] / reduce;
        let mut cost = outer;
        for &x in &o[1..] {
            if givens[x] > 0 {
                cost += est[x];
            }
        }
        // Joining costs a scan of B's index per outer group; with no givens
        // below, a table look-up per key (included in the enumeration).
        if plan.w == 3 && givens[b] > 0 {
            cost += outer * (56.0 + est[b] / 30.0);
        } else if givens[b] > 0 {
            cost += outer;
        }
        if best.as_ref().map_or(true, |(_, c)| cost < *c) {
            best = Some((o, cost));
        }
    }
    best.unwrap_or((vec![0, 1], f64::INFINITY))
}

/// The cuts `orientation` allows for this geometry.
pub(super) fn cuts(
    geo: &Geometry,
    values: &[u16],
    plan: Plan,
    orientation: Orientation,
) -> Vec<Cut> {
    let shape = geo.box_shape();
    let rows_ok = shape.rows >= shape.cols;
    let cols_ok = shape.cols >= shape.rows;
    let mut out = Vec::new();
    if rows_ok && orientation != Orientation::Columns {
        out.push(cut(geo, values, plan, false));
    }
    if cols_ok && orientation != Orientation::Rows {
        out.push(cut(geo, values, plan, true));
    }
    out
}
