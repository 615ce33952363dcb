//! Boards as cells and units.
//!
//! Every sudoku this crate knows is the same abstract object: a set of cells, each
//! taking a digit `1..=N`, and a list of *units*, each of exactly N cells that must
//! hold every digit once. Rows, columns and boxes are units; so are the diagonals of
//! sudoku X, the disjoint groups, the extra slices of a hypercube, the windows of
//! windoku, the regions of a jigsaw, and the lines and blocks of a 3-D cube. The
//! solver, validator and counter only ever see units, which is why every variant
//! combines with every other for free.

use std::fmt;

use crate::bits::MAX_DIGITS;

/// The six orders of three things (bands, stacks, the rows of a band), in
/// lexicographic order: `ORDERS_OF_THREE[p][i]` is where order `p` puts
/// item `i`. Canonical forms, pattern counts and the 9×9 solver's band
/// tables all index permutations this way.
pub(crate) const ORDERS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The shape of one box: `rows × cols` cells; N = rows · cols.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoxShape {
    pub rows: usize,
    pub cols: usize,
}

impl BoxShape {
    pub const fn new(rows: usize, cols: usize) -> Self {
        BoxShape { rows, cols }
    }

    /// The number of digits (and the side of the board).
    pub const fn n(&self) -> usize {
        self.rows * self.cols
    }

    /// The usual box shape for a board of side `n`: as square as possible, with
    /// the shorter side vertical (6 → 2×3, 8 → 2×4, 12 → 3×4, 9 → 3×3).
    ///
    /// ```
    /// use sudokit::BoxShape;
    /// assert_eq!(BoxShape::for_side(6), Some(BoxShape::new(2, 3)));
    /// assert_eq!(BoxShape::for_side(400), Some(BoxShape::new(20, 20)));
    /// assert_eq!(BoxShape::for_side(0), None);
    /// ```
    pub fn for_side(n: usize) -> Option<Self> {
        if n == 0 {
            return None;
        }
        let mut r = (n as f64).sqrt() as usize + 1;
        while r * r > n {
            r -= 1;
        }
        while n % r != 0 {
            r -= 1;
        }
        Some(BoxShape::new(r, n / r))
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl std::str::FromStr for BoxShape {
    type Err = String;
    /// Parses `RxC` (also `R×C`, `R*C` or `R C`).
    fn from_str(s: &str) -> Result<Self, String> {
        let parts: Vec<&str> = s
            .split(|c: char| c == 'x' || c == 'X' || c == '×' || c == '*' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let bad = || format!("expected a box shape like 3x3 or 2x3, found {s:?}");
        if parts.len() != 2 {
            return Err(bad());
        }
        let r: usize = parts[0].parse().map_err(|_| bad())?;
        let c: usize = parts[1].parse().map_err(|_| bad())?;
        if r == 0 || c == 0 {
            return Err(bad());
        }
        if !matches!(r.checked_mul(c), Some(n) if n <= MAX_DIGITS) {
            return Err(format!(
                "box shape {s:?} gives more than {MAX_DIGITS} digits, the most supported"
            ));
        }
        Ok(BoxShape::new(r, c))
    }
}

/// A rule that adds units to the plain row/column/box board.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Variant {
    /// Sudoku X: both main diagonals are units.
    Diagonals,
    /// The cells at the same position inside every box form a unit.
    DisjointGroups,
    /// For square boxes (R = C): the board as an R×R×R×R hypercube whose every
    /// 2-D slice is a unit. Adds the disjoint groups and two further families.
    Hypercube,
    /// Windoku / NRC: extra boxes offset by one cell from the edges, one cell apart.
    Windows,
    /// Irregular regions replace the boxes: one region label per cell, in
    /// row-major order, labels `0..N`.
    Jigsaw(Vec<u16>),
}

impl Variant {
    /// The short name used by `--variant` and the `variant:` header.
    pub fn name(&self) -> &'static str {
        match self {
            Variant::Diagonals => "x",
            Variant::DisjointGroups => "disjoint",
            Variant::Hypercube => "hypercube",
            Variant::Windows => "windoku",
            Variant::Jigsaw(_) => "jigsaw",
        }
    }

    /// Parses variant names, each possibly a list separated by commas or
    /// spaces (`x,disjoint`); `none` and empty names add nothing. The one
    /// parser behind `--variant`, the `variant:` directive, JSON input and
    /// the web API.
    ///
    /// ```
    /// use sudokit::Variant;
    /// assert_eq!(Variant::parse_list(["x,disjoint"]), Ok(vec![Variant::Diagonals, Variant::DisjointGroups]));
    /// assert_eq!(Variant::parse_list(["none"]), Ok(vec![]));
    /// assert!(Variant::parse_list(["diagonalz"]).unwrap_err().contains("unknown variant"));
    /// ```
    pub fn parse_list<S: AsRef<str>>(
        names: impl IntoIterator<Item = S>,
    ) -> Result<Vec<Variant>, String> {
        let mut out = Vec::new();
        for list in names {
            for name in list.as_ref().split(|c: char| c == ',' || c.is_whitespace()) {
                match name.trim().to_ascii_lowercase().as_str() {
                    "" | "none" => {}
                    "jigsaw" => {
                        return Err(
                            "jigsaw regions come from the input: use a `regions:` block".into()
                        )
                    }
                    _ => {
                        let v = Variant::from_name(name).ok_or_else(|| {
                            format!("unknown variant {name:?} (x, disjoint, hypercube, windoku)")
                        })?;
                        if !out.contains(&v) {
                            out.push(v);
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Parses one variant name (not `jigsaw`, whose regions come from the input).
    pub fn from_name(s: &str) -> Option<Variant> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "x" | "diagonal" | "diagonals" | "sudoku-x" => Variant::Diagonals,
            "disjoint" | "disjoint-groups" | "dg" => Variant::DisjointGroups,
            "hypercube" | "4d" => Variant::Hypercube,
            "windoku" | "windows" | "nrc" | "hyper" => Variant::Windows,
            _ => return None,
        })
    }
}

/// The overall layout of the cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Layout {
    /// An N×N board.
    Square,
    /// An N×N×N cube: every line along each axis and every box of every
    /// axis-aligned plane is a unit.
    Cube,
}

/// What a unit is, for messages and rendering.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum UnitKind {
    Row,
    Column,
    Box,
    Diagonal,
    AntiDiagonal,
    DisjointGroup,
    /// Hypercube slice fixing the band and the column inside a box.
    HyperBandColumn,
    /// Hypercube slice fixing the row inside a box and the stack.
    HyperRowStack,
    Window,
    Region,
    /// Cube: a line along the x, y or z axis (`axis` 0, 1, 2).
    CubeLine(u8),
    /// Cube: a box of a plane perpendicular to an axis.
    CubeBox(u8),
}

/// One unit: N cells that must hold every digit once.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unit {
    pub kind: UnitKind,
    /// 0-based index among the units of its kind.
    pub index: usize,
    pub cells: Vec<u32>,
}

/// A board: its shape, its cells and its units, with each cell's units indexed.
///
/// ```
/// use sudokit::{BoxShape, Geometry, Variant};
/// let g = Geometry::square(BoxShape::new(3, 3), &[Variant::Diagonals]).unwrap();
/// assert_eq!(g.n(), 9);
/// assert_eq!(g.cell_count(), 81);
/// assert_eq!(g.units().len(), 27 + 2);
/// assert_eq!(g.unit_name(27), "main diagonal");
/// ```
#[derive(Clone)]
pub struct Geometry {
    box_shape: BoxShape,
    layout: Layout,
    variants: Vec<Variant>,
    n: usize,
    units: Vec<Unit>,
    /// Units of cell `c` are `cell_units[cell_unit_start[c]..cell_unit_start[c + 1]]`.
    cell_units: Vec<u32>,
    cell_unit_start: Vec<u32>,
}

/// Why a geometry cannot be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GeometryError {
    #[error("box shape {0} gives {1} digits; at most {MAX_DIGITS} are supported")]
    TooLarge(BoxShape, usize),
    #[error("box shape {0} is empty")]
    Empty(BoxShape),
    #[error("variant {variant} needs {needs}")]
    Unsupported {
        variant: &'static str,
        needs: &'static str,
    },
    #[error("jigsaw regions: {0}")]
    BadRegions(String),
}

impl Geometry {
    /// A square N×N board with boxes of `box_shape` plus the given variants.
    pub fn square(box_shape: BoxShape, variants: &[Variant]) -> Result<Self, GeometryError> {
        let n = check_size(box_shape)?;
        let (br, bc) = (box_shape.rows, box_shape.cols);
        let at = |r: usize, c: usize| (r * n + c) as u32;
        let mut units = Vec::new();
        let mut push = |kind: UnitKind, index: usize, cells: Vec<u32>| {
            units.push(Unit { kind, index, cells });
        };
        for r in 0..n {
            push(UnitKind::Row, r, (0..n).map(|c| at(r, c)).collect());
        }
        for c in 0..n {
            push(UnitKind::Column, c, (0..n).map(|r| at(r, c)).collect());
        }
        let jigsaw = variants.iter().find_map(|v| match v {
            Variant::Jigsaw(regions) => Some(regions),
            _ => None,
        });
        match jigsaw {
            Some(regions) => {
                for (i, cells) in jigsaw_regions(regions, n)?.into_iter().enumerate() {
                    push(UnitKind::Region, i, cells);
                }
            }
            None => {
                // Box b covers band b / (n / bc) (br rows) and stack b % (n / bc) (bc columns).
                let stacks = n / bc;
                for b in 0..n {
                    let (r0, c0) = ((b / stacks) * br, (b % stacks) * bc);
                    let cells = (0..n).map(|i| at(r0 + i / bc, c0 + i % bc)).collect();
                    push(UnitKind::Box, b, cells);
                }
            }
        }
        let mut seen_disjoint = false;
        for v in variants {
            match v {
                Variant::Diagonals => {
                    push(UnitKind::Diagonal, 0, (0..n).map(|i| at(i, i)).collect());
                    push(
                        UnitKind::AntiDiagonal,
                        0,
                        (0..n).map(|i| at(i, n - 1 - i)).collect(),
                    );
                }
                Variant::DisjointGroups | Variant::Hypercube => {
                    if jigsaw.is_some() {
                        return Err(GeometryError::Unsupported {
                            variant: v.name(),
                            needs: "regular boxes, not jigsaw regions",
                        });
                    }
                    if !seen_disjoint {
                        seen_disjoint = true;
                        // Position p inside a box: row p / bc, column p % bc.
                        for p in 0..n {
                            let (dr, dc) = (p / bc, p % bc);
                            let cells = (0..n)
                                .map(|b| at((b / (n / bc)) * br + dr, (b % (n / bc)) * bc + dc))
                                .collect();
                            push(UnitKind::DisjointGroup, p, cells);
                        }
                    }
                    if *v == Variant::Hypercube {
                        if br != bc {
                            return Err(GeometryError::Unsupported {
                                variant: "hypercube",
                                needs: "square boxes (R = C)",
                            });
                        }
                        let k = br;
                        // Row = k·w + x, column = k·y + z; rows fix (w,x), columns (y,z),
                        // boxes (w,y), disjoint groups (x,z); these fix (w,z) and (x,y).
                        for w in 0..k {
                            for z in 0..k {
                                let cells =
                                    (0..n).map(|i| at(k * w + i / k, k * (i % k) + z)).collect();
                                push(UnitKind::HyperBandColumn, w * k + z, cells);
                            }
                        }
                        for x in 0..k {
                            for y in 0..k {
                                let cells =
                                    (0..n).map(|i| at(k * (i / k) + x, k * y + i % k)).collect();
                                push(UnitKind::HyperRowStack, x * k + y, cells);
                            }
                        }
                    }
                }
                Variant::Windows => {
                    let mut index = 0;
                    let mut r0 = 1;
                    while r0 + br < n {
                        let mut c0 = 1;
                        while c0 + bc < n {
                            let cells = (0..n).map(|i| at(r0 + i / bc, c0 + i % bc)).collect();
                            push(UnitKind::Window, index, cells);
                            index += 1;
                            c0 += bc + 1;
                        }
                        r0 += br + 1;
                    }
                    if index == 0 {
                        return Err(GeometryError::Unsupported {
                            variant: "windoku",
                            needs: "a board wide enough for an inner window",
                        });
                    }
                }
                Variant::Jigsaw(_) => {}
            }
        }
        Ok(Self::finish(
            box_shape,
            Layout::Square,
            variants.to_vec(),
            n,
            n * n,
            units,
        ))
    }

    /// An N×N×N cube whose planes have boxes of `box_shape`.
    ///
    /// Cell `(x, y, z)` has index `x·N² + y·N + z`; in output, `x` is the layer,
    /// `y` the row and `z` the column. Units: the 3N² lines along the axes and the
    /// 3N² boxes of the planes perpendicular to each axis.
    pub fn cube(box_shape: BoxShape) -> Result<Self, GeometryError> {
        let n = check_size(box_shape)?;
        let (br, bc) = (box_shape.rows, box_shape.cols);
        let at = |x: usize, y: usize, z: usize| (x * n * n + y * n + z) as u32;
        // Coordinates of a point from (axis value, first plane coordinate, second).
        let place = |axis: u8, a: usize, u: usize, v: usize| match axis {
            0 => at(a, u, v),
            1 => at(u, a, v),
            _ => at(u, v, a),
        };
        let mut units = Vec::new();
        for axis in 0..3u8 {
            // Lines along `axis`: fix the two other coordinates.
            for u in 0..n {
                for v in 0..n {
                    let cells = (0..n).map(|a| place(axis, a, u, v)).collect();
                    units.push(Unit {
                        kind: UnitKind::CubeLine(axis),
                        index: u * n + v,
                        cells,
                    });
                }
            }
        }
        let stacks = n / bc;
        for axis in 0..3u8 {
            for a in 0..n {
                for b in 0..n {
                    let (u0, v0) = ((b / stacks) * br, (b % stacks) * bc);
                    let cells = (0..n)
                        .map(|i| place(axis, a, u0 + i / bc, v0 + i % bc))
                        .collect();
                    units.push(Unit {
                        kind: UnitKind::CubeBox(axis),
                        index: a * n + b,
                        cells,
                    });
                }
            }
        }
        Ok(Self::finish(
            box_shape,
            Layout::Cube,
            Vec::new(),
            n,
            n * n * n,
            units,
        ))
    }

    fn finish(
        box_shape: BoxShape,
        layout: Layout,
        variants: Vec<Variant>,
        n: usize,
        cells: usize,
        units: Vec<Unit>,
    ) -> Self {
        let mut counts = vec![0u32; cells + 1];
        for u in &units {
            for &c in &u.cells {
                counts[c as usize + 1] += 1;
            }
        }
        for i in 0..cells {
            counts[i + 1] += counts[i];
        }
        let cell_unit_start = counts.clone();
        let mut fill = counts;
        let mut cell_units = vec![0u32; *cell_unit_start.last().unwrap() as usize];
        for (ui, u) in units.iter().enumerate() {
            for &c in &u.cells {
                cell_units[fill[c as usize] as usize] = ui as u32;
                fill[c as usize] += 1;
            }
        }
        Geometry {
            box_shape,
            layout,
            variants,
            n,
            units,
            cell_units,
            cell_unit_start,
        }
    }

    /// Number of digits; also the number of cells in every unit.
    pub fn n(&self) -> usize {
        self.n
    }
    pub fn box_shape(&self) -> BoxShape {
        self.box_shape
    }
    pub fn layout(&self) -> Layout {
        self.layout
    }
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }
    /// The region label of every cell (row-major) on a jigsaw board; `None`
    /// where the boxes are the regions.
    pub fn jigsaw_regions(&self) -> Option<&[u16]> {
        self.variants.iter().find_map(|v| match v {
            Variant::Jigsaw(r) => Some(r.as_slice()),
            _ => None,
        })
    }
    pub fn cell_count(&self) -> usize {
        self.cell_unit_start.len() - 1
    }
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    /// Indices (into [`Geometry::units`]) of the units containing `cell`.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[u32] {
        let (a, b) = (self.cell_unit_start[cell], self.cell_unit_start[cell + 1]);
        &self.cell_units[a as usize..b as usize]
    }

    /// `(row, column)` of a cell of a square board, 0-based; for a cube, the
    /// row and column inside its layer.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let n = self.n;
        ((cell / n) % n, cell % n)
    }

    /// The cell's name as players write it: `r3c5`, or `l2r3c5` in a cube (1-based).
    pub fn cell_name(&self, cell: usize) -> String {
        let (r, c) = self.row_col(cell);
        match self.layout {
            Layout::Square => format!("r{}c{}", r + 1, c + 1),
            Layout::Cube => format!("l{}r{}c{}", cell / (self.n * self.n) + 1, r + 1, c + 1),
        }
    }

    /// A unit's name for messages: `row 3`, `box 5`, `main diagonal`, …
    pub fn unit_name(&self, unit: usize) -> String {
        let u = &self.units[unit];
        let i = u.index + 1;
        let n = self.n;
        let axis = |a: u8| ["x", "y", "z"][a as usize];
        match u.kind {
            UnitKind::Row => format!("row {i}"),
            UnitKind::Column => format!("column {i}"),
            UnitKind::Box => format!("box {i}"),
            UnitKind::Diagonal => "main diagonal".into(),
            UnitKind::AntiDiagonal => "anti-diagonal".into(),
            UnitKind::DisjointGroup => format!("disjoint group {i}"),
            UnitKind::HyperBandColumn => format!("hypercube band-column group {i}"),
            UnitKind::HyperRowStack => format!("hypercube row-stack group {i}"),
            UnitKind::Window => format!("window {i}"),
            UnitKind::Region => format!("region {i}"),
            UnitKind::CubeLine(a) => format!(
                "{}-line through {}",
                axis(a),
                self.cell_name(u.cells[0] as usize)
            ),
            UnitKind::CubeBox(a) => format!(
                "box {} of {}-plane {}",
                u.index % n + 1,
                axis(a),
                u.index / n + 1
            ),
        }
    }
    /// The first digit met twice in one unit of `values` (one value per
    /// cell, `0` for empty), scanning units in order: the unit's index, the
    /// digit, and the cells of its first and second occurrence. Here rather
    /// than in `validate` so that `Grid::is_solved` needs only the geometry.
    pub(crate) fn first_duplicate(&self, values: &[u16]) -> Option<(usize, u16, usize, usize)> {
        // stamp[v] == unit index + 1 when v was already met in the current unit,
        // at cell first_cell[v]; stamping avoids clearing per unit.
        let mut stamp = vec![0u32; self.n + 1];
        let mut first_cell = vec![0u32; self.n + 1];
        for (ui, unit) in self.units.iter().enumerate() {
            let mark = ui as u32 + 1;
            for &c in &unit.cells {
                let v = values[c as usize] as usize;
                if v == 0 {
                    continue;
                }
                if stamp[v] == mark {
                    return Some((ui, v as u16, first_cell[v] as usize, c as usize));
                }
                stamp[v] = mark;
                first_cell[v] = c;
            }
        }
        None
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geometry")
            .field("box_shape", &self.box_shape)
            .field("layout", &self.layout)
            .field("variants", &self.variants)
            .field("units", &self.units.len())
            .finish()
    }
}

/// Two geometries are equal when built from the same description; their units
/// follow from it.
impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        self.box_shape == other.box_shape
            && self.layout == other.layout
            && self.variants == other.variants
    }
}
impl Eq for Geometry {}

fn check_size(shape: BoxShape) -> Result<usize, GeometryError> {
    let n = shape.n();
    if n == 0 {
        return Err(GeometryError::Empty(shape));
    }
    if n > MAX_DIGITS {
        return Err(GeometryError::TooLarge(shape, n));
    }
    Ok(n)
}

fn jigsaw_regions(regions: &[u16], n: usize) -> Result<Vec<Vec<u32>>, GeometryError> {
    if regions.len() != n * n {
        return Err(GeometryError::BadRegions(format!(
            "{} labels given, {} cells on the board",
            regions.len(),
            n * n
        )));
    }
    let mut cells = vec![Vec::with_capacity(n); n];
    for (i, &r) in regions.iter().enumerate() {
        let r = r as usize;
        if r >= n {
            // Reported as given: labels count from 0.
            return Err(GeometryError::BadRegions(format!(
                "region label {r} out of range: labels are 0 to {} ({n} regions)",
                n - 1
            )));
        }
        cells[r].push(i as u32);
    }
    if let Some((i, c)) = cells.iter().enumerate().find(|(_, c)| c.len() != n) {
        return Err(GeometryError::BadRegions(format!(
            "region {} has {} cells, needs {n}",
            i + 1,
            c.len()
        )));
    }
    Ok(cells)
}

/// The cells touching `x` on an N×N board: orthogonally, and with
/// `diagonal` also diagonally.
pub(crate) fn touching_cells(x: usize, n: usize, diagonal: bool) -> Vec<usize> {
    let (r, c) = ((x / n) as isize, (x % n) as isize);
    let mut out = Vec::new();
    for dr in -1..=1isize {
        for dc in -1..=1isize {
            if (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0) {
                continue;
            }
            let (r2, c2) = (r + dr, c + dc);
            if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                out.push(r2 as usize * n + c2 as usize);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_unit_has_n_distinct_cells(g: &Geometry) {
        for u in g.units() {
            let mut cells = u.cells.clone();
            cells.sort();
            cells.dedup();
            assert_eq!(cells.len(), g.n(), "{:?}", u.kind);
        }
    }

    #[test]
    fn classic_counts() {
        let g = Geometry::square(BoxShape::new(3, 3), &[]).unwrap();
        assert_eq!(g.units().len(), 27);
        every_unit_has_n_distinct_cells(&g);
        for c in 0..81 {
            assert_eq!(g.units_of(c).len(), 3);
        }
        // Box 5 (index 4) is the centre box: rows 4-6, columns 4-6.
        assert!(g.units()[18 + 4].cells.contains(&(4 * 9 + 4)));
    }

    #[test]
    fn rectangular_boxes() {
        let g = Geometry::square(BoxShape::new(2, 3), &[]).unwrap();
        every_unit_has_n_distinct_cells(&g);
        // Box 2 (index 1) is rows 1-2, columns 4-6.
        let b = &g.units()[12 + 1].cells;
        assert_eq!(b, &vec![3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn variants_add_units() {
        let all = [
            Variant::Diagonals,
            Variant::Hypercube,
            Variant::Windows,
            Variant::DisjointGroups,
        ];
        let g = Geometry::square(BoxShape::new(3, 3), &all).unwrap();
        every_unit_has_n_distinct_cells(&g);
        assert_eq!(g.units().len(), 27 + 2 + 27 + 4);
        assert!(Geometry::square(BoxShape::new(2, 3), &[Variant::Hypercube]).is_err());
    }

    #[test]
    fn cube_units() {
        let g = Geometry::cube(BoxShape::new(2, 2)).unwrap();
        assert_eq!(g.cell_count(), 64);
        assert_eq!(g.units().len(), 6 * 16);
        every_unit_has_n_distinct_cells(&g);
        for c in 0..64 {
            assert_eq!(g.units_of(c).len(), 6);
        }
    }

    #[test]
    fn jigsaw_regions_are_checked() {
        let mut regions: Vec<u16> = (0..16).map(|i| ((i / 4) % 4) as u16).collect();
        let g = Geometry::square(BoxShape::new(2, 2), &[Variant::Jigsaw(regions.clone())]).unwrap();
        assert_eq!(g.units()[8].kind, UnitKind::Region);
        regions[0] = 1;
        assert!(Geometry::square(BoxShape::new(2, 2), &[Variant::Jigsaw(regions)]).is_err());
    }
}
