//! Attack sets of the pieces that do not slide, and the geometry of lines,
//! all computed by `const` evaluation at compile time.

/// The one-square set of square index `sq`.
#[inline(always)]
pub(super) const fn bit(sq: usize) -> u64 {
    1 << (sq & 63)
}

/// The a-file.
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub(super) const FILE_H: u64 = FILE_A << 7;
/// The first rank.
pub(super) const RANK_1: u64 = 0xff;
/// The eighth rank.
pub(super) const RANK_8: u64 = RANK_1 << 56;

/// The rook's four directions as (file, rank) steps.
pub(super) const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
/// The bishop's four directions as (file, rank) steps.
pub(super) const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The square `(df, dr)` away from `sq`, or `None` off the board.
const fn step(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 { Some((r * 8 + f) as usize) } else { None }
}

const fn leaper(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = step(sq, steps[i].0, steps[i].1) {
                table[sq] |= bit(to);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a slider on `sq` reaches in `dirs`, each ray stopping on the
/// first member of `occupied` (included). The slow reference the magic
/// tables are built from.
pub(super) const fn slide(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < dirs.len() {
        let mut at = sq;
        while let Some(next) = step(at, dirs[d].0, dirs[d].1) {
            attacks |= bit(next);
            if occupied & bit(next) != 0 {
                break;
            }
            at = next;
        }
        d += 1;
    }
    attacks
}

/// `RAYS[dir][sq]`: the squares from `sq` to the edge of the empty board
/// in direction `dir` ([`direction`]), `sq` left out.
static RAYS: [[u64; 64]; 9] = {
    let mut rays = [[0; 64]; 9];
    let mut df = -1;
    while df <= 1 {
        let mut dr = -1;
        while dr <= 1 {
            // (0, 0) is no direction: its rays stay empty.
            let mut sq = if df == 0 && dr == 0 { 64 } else { 0 };
            while sq < 64 {
                let mut at = sq;
                while let Some(next) = step(at, df, dr) {
                    rays[direction(df, dr)][sq] |= bit(next);
                    at = next;
                }
                sq += 1;
            }
            dr += 1;
        }
        df += 1;
    }
    rays
};

/// The index of the direction `(df, dr)` in [`RAYS`].
const fn direction(df: i8, dr: i8) -> usize {
    ((df + 1) * 3 + dr + 1) as usize
}

/// [`slide`] from whole rays: each ray cut at its first member of
/// `occupied` by the ray beyond it, with no step-by-step walk. Some ten
/// times fewer steps than [`slide`] in `const` evaluation, which builds
/// the `pext` table with it at compile time.
pub(super) const fn slide_by_rays(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < dirs.len() {
        let (df, dr) = dirs[d];
        let ray = RAYS[direction(df, dr)][sq & 63];
        let blockers = ray & occupied;
        attacks |= if blockers == 0 {
            ray
        } else {
            // The first blocker is the lowest square on a ray whose squares
            // rise, the highest on one whose squares fall.
            let first = if dr * 8 + df > 0 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
            ray ^ RAYS[direction(df, dr)][first as usize]
        };
        d += 1;
    }
    attacks
}

/// Knight attacks from each square.
pub(super) static KNIGHT: [u64; 64] = leaper(&KNIGHT_STEPS);
/// King attacks from each square.
pub(super) static KING: [u64; 64] = leaper(&KING_STEPS);
/// `PAWN[color][sq]`: the squares a pawn of `color` on `sq` attacks.
pub(super) static PAWN: [[u64; 64]; 2] = [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])];
/// Rook attacks from each square on an empty board.
pub(super) static ROOK_RAYS: [u64; 64] = empty_board(&ROOK_DIRS);
/// Bishop attacks from each square on an empty board.
pub(super) static BISHOP_RAYS: [u64; 64] = empty_board(&BISHOP_DIRS);

const fn empty_board(dirs: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = slide(sq, 0, dirs);
        sq += 1;
    }
    table
}

/// For each square, the squares a piece whose empty-board attacks are
/// `table` must stand on to reach a neighbour of it: the only pieces that
/// can deny a king on that square a step.
const fn near_king(table: &[u64; 64]) -> [u64; 64] {
    let mut near = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut from = 0;
        while from < 64 {
            if table[from] & KING[sq] != 0 {
                near[sq] |= bit(from);
            }
            from += 1;
        }
        sq += 1;
    }
    near
}

/// The squares a knight reaches a king's neighbour from ([`near_king`]).
pub(super) static KNIGHT_NEAR: [u64; 64] = near_king(&leaper(&KNIGHT_STEPS));
/// The squares a bishop's empty-board lines reach a king's neighbour from.
pub(super) static BISHOP_NEAR: [u64; 64] = near_king(&empty_board(&BISHOP_DIRS));
/// The squares a rook's empty-board lines reach a king's neighbour from.
pub(super) static ROOK_NEAR: [u64; 64] = near_king(&empty_board(&ROOK_DIRS));

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share
/// a rank, file or diagonal; else empty.
pub(super) static BETWEEN: [[u64; 64]; 64] = geometry().0;
/// `LINE[a][b]`: the whole rank, file or diagonal through `a` and `b`, edge
/// to edge, when they share one; else empty.
pub(super) static LINE: [[u64; 64]; 64] = geometry().1;

const fn geometry() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < KING_STEPS.len() {
            let (df, dr) = KING_STEPS[d];
            let whole = bit(a) | slide(a, 0, &[(df, dr)]) | slide(a, 0, &[(-df, -dr)]);
            let mut passed = 0;
            let mut at = a;
            while let Some(b) = step(at, df, dr) {
                between[a][b] = passed;
                line[a][b] = whole;
                passed |= bit(b);
                at = b;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leapers_have_the_expected_counts() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(KING[27].count_ones(), 8);
        // e2 (12) attacks d3 (19) and f3 (21) as White, d1 and f1 as Black.
        assert_eq!(PAWN[0][12], bit(19) | bit(21));
        assert_eq!(PAWN[1][12], bit(3) | bit(5));
        // a-pawns attack one square only.
        assert_eq!(PAWN[0][8], bit(17));
        assert_eq!(ROOK_RAYS[0].count_ones(), 14);
        assert_eq!(BISHOP_RAYS[27].count_ones(), 13);
    }

    #[test]
    fn between_and_line_are_symmetric_and_consistent() {
        for a in 0..64 {
            for b in 0..64 {
                assert_eq!(BETWEEN[a][b], BETWEEN[b][a]);
                assert_eq!(LINE[a][b], LINE[b][a]);
                if LINE[a][b] != 0 {
                    assert_ne!(a, b);
                    assert_eq!(LINE[a][b] & (bit(a) | bit(b) | BETWEEN[a][b]), bit(a) | bit(b) | BETWEEN[a][b]);
                } else {
                    assert_eq!(BETWEEN[a][b], 0);
                }
            }
        }
        // a1 (0) and h8 (63): the long diagonal.
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(LINE[0][63].count_ones(), 8);
        // a1 and b3 share no line.
        assert_eq!(LINE[0][17], 0);
        assert_eq!(LINE[0][0], 0);
    }

    #[test]
    fn rays_cut_at_the_first_blocker_as_the_walk_does() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & state.rotate_left(23)
        };
        for sq in 0..64 {
            for occupied in [0, !0, bit(sq)].into_iter().chain((0..200).map(|_| next())) {
                for dirs in [&ROOK_DIRS[..], &BISHOP_DIRS, &KING_STEPS] {
                    assert_eq!(
                        slide_by_rays(sq, occupied, dirs),
                        slide(sq, occupied, dirs),
                        "{sq} {occupied:x} {dirs:?}"
                    );
                }
            }
        }
    }
}
