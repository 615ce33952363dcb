//! Anti-knight and anti-king: cells a chess knight's or king's move apart
//! hold different digits. Both compile to "differ" pairs; pairs that
//! already share a unit are kept too, which costs little and keeps the
//! rule independent of the board's units.

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
