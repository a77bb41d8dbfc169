//! Counting the games of Go on tiny boards, under the rules of Tromp and
//! Farnebäck's *Combinatorics of Go* (2016, §7 and Table 7):
//!
//! - the game starts on the empty board, Black to move;
//! - a turn is a pass or a stone on an empty point; enemy chains left
//!   without a liberty are removed, then the mover's own chain if it has
//!   none (suicide is allowed, and takes the whole chain);
//! - positional superko: a stone may not give a board position that the
//!   game has already had (the empty start included); a pass is always
//!   allowed;
//! - two passes in a row end the game.
//!
//! A game is a finished sequence of turns; the program counts them by a
//! depth-first walk with the set of positions seen so far, since the
//! superko rule makes the future depend on the whole past. Boards of at
//! most [`MAX_GAME_POINTS`] points are taken: with four points every
//! position (3⁴ = 81) fits one bit of a `u128`, and from five points on
//! the counts outgrow any enumeration (the paper only estimates them).

use rayon::prelude::*;

use super::GoError;
use crate::Result;
use crate::engine::limit::check_threads;

/// The most points of a board whose games are counted.
pub const MAX_GAME_POINTS: usize = 4;

/// Positions of a board of at most four points: 3⁴.
const MAX_POSITIONS: usize = 81;
/// No move: the point is occupied.
const NONE: u8 = u8::MAX;

/// The outcome of [`count_games`].
#[derive(Clone, Debug, PartialEq)]
pub struct GameCount {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Finished games.
    pub games: u128,
    /// Turns (stones and passes) walked, the root excluded.
    pub nodes: u128,
    /// The longest game in turns, the two closing passes included.
    pub longest: u32,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The move table of a board: for each position, colour (0 black, 1
/// white) and point, the position after the stone, or [`NONE`].
struct Board {
    points: usize,
    next: Vec<[[u8; MAX_GAME_POINTS]; 2]>,
}

impl Board {
    fn new(rows: usize, cols: usize) -> Board {
        let points = rows * cols;
        let positions = 3usize.pow(points as u32);
        let mut next = vec![[[NONE; MAX_GAME_POINTS]; 2]; positions];
        for (code, moves) in next.iter_mut().enumerate() {
            let cells = decode(code, points);
            for colour in 0..2u8 {
                for p in 0..points {
                    if cells[p] == 0 {
                        let after = play(&cells, rows, cols, p, colour + 1);
                        moves[colour as usize][p] = encode(&after[..points]) as u8;
                    }
                }
            }
        }
        Board { points, next }
    }
}

fn decode(mut code: usize, points: usize) -> [u8; MAX_GAME_POINTS] {
    let mut cells = [0u8; MAX_GAME_POINTS];
    for cell in cells.iter_mut().take(points) {
        *cell = (code % 3) as u8;
        code /= 3;
    }
    cells
}

fn encode(cells: &[u8]) -> usize {
    cells.iter().rev().fold(0, |code, &c| code * 3 + c as usize)
}

/// The chain of `p` and whether it has a liberty.
fn chain(cells: &[u8], rows: usize, cols: usize, p: usize) -> ([bool; MAX_GAME_POINTS], bool) {
    let mut member = [false; MAX_GAME_POINTS];
    let mut liberty = false;
    let mut stack = vec![p];
    member[p] = true;
    while let Some(q) = stack.pop() {
        let (r, c) = (q / cols, q % cols);
        let near = [
            (r > 0).then(|| q - cols),
            (r + 1 < rows).then(|| q + cols),
            (c > 0).then(|| q - 1),
            (c + 1 < cols).then(|| q + 1),
        ];
        for s in near.into_iter().flatten() {
            if cells[s] == 0 {
                liberty = true;
            } else if cells[s] == cells[p] && !member[s] {
                member[s] = true;
                stack.push(s);
            }
        }
    }
    (member, liberty)
}

/// The board after `stone` (1 black, 2 white) at the empty point `p`.
fn play(cells: &[u8; MAX_GAME_POINTS], rows: usize, cols: usize, p: usize, stone: u8) -> [u8; MAX_GAME_POINTS] {
    let points = rows * cols;
    let mut after = *cells;
    after[p] = stone;
    let enemy = 3 - stone;
    for q in 0..points {
        if after[q] == enemy {
            let (member, liberty) = chain(&after, rows, cols, q);
            if !liberty {
                for (s, &m) in member.iter().enumerate().take(points) {
                    if m {
                        after[s] = 0;
                    }
                }
            }
        }
    }
    let (member, liberty) = chain(&after, rows, cols, p);
    if !liberty {
        for (s, &m) in member.iter().enumerate().take(points) {
            if m {
                after[s] = 0;
            }
        }
    }
    after
}

/// Checks that the games of an m×n board can be counted.
pub fn check_games_board(rows: usize, cols: usize) -> Result<(), GoError> {
    if rows == 0 || cols == 0 || rows * cols > MAX_GAME_POINTS {
        return Err(GoError::GamesBoard {
            rows,
            cols,
            why: format!(
                "games are enumerated on boards of 1 to {MAX_GAME_POINTS} points; from five points on their number \
                 (above 10^20 on 1x5 by Tromp and Farnebäck's estimates) is out of reach of any enumeration"
            ),
        });
    }
    Ok(())
}

/// A node of the walk: position, whether the last turn was a pass, the
/// colour to move, the positions seen, turns so far.
#[derive(Clone, Copy)]
struct Node {
    position: u8,
    passed: bool,
    mover: u8,
    seen: u128,
    depth: u32,
}

/// Totals of a walk.
#[derive(Clone, Copy, Default)]
struct Totals {
    games: u128,
    nodes: u128,
    longest: u32,
}

impl Totals {
    fn add(self, other: Totals) -> Totals {
        Totals {
            games: self.games + other.games,
            nodes: self.nodes + other.nodes,
            longest: self.longest.max(other.longest),
        }
    }
}

/// The children of `node`, passing first; `None` for the pass that ends
/// the game (counted by the caller).
fn children(board: &Board, node: Node, out: &mut Vec<Node>) -> bool {
    let ends = node.passed;
    if !ends {
        out.push(Node { passed: true, mover: 1 - node.mover, depth: node.depth + 1, ..node });
    }
    for p in 0..board.points {
        let after = board.next[node.position as usize][node.mover as usize][p];
        if after != NONE && node.seen & (1u128 << after) == 0 {
            out.push(Node {
                position: after,
                passed: false,
                mover: 1 - node.mover,
                seen: node.seen | (1u128 << after),
                depth: node.depth + 1,
            });
        }
    }
    ends
}

fn walk(board: &Board, node: Node, totals: &mut Totals) {
    if node.passed {
        // The closing pass.
        totals.games += 1;
        totals.nodes += 1;
        totals.longest = totals.longest.max(node.depth + 1);
    } else {
        totals.nodes += 1;
        walk(board, Node { passed: true, mover: 1 - node.mover, depth: node.depth + 1, ..node }, totals);
    }
    let moves = &board.next[node.position as usize][node.mover as usize];
    for &after in moves.iter().take(board.points) {
        if after != NONE && node.seen & (1u128 << after) == 0 {
            totals.nodes += 1;
            walk(
                board,
                Node {
                    position: after,
                    passed: false,
                    mover: 1 - node.mover,
                    seen: node.seen | (1u128 << after),
                    depth: node.depth + 1,
                },
                totals,
            );
        }
    }
}

/// Counts the games of a `rows`×`cols` board (at most four points) on
/// `threads` threads; the counts do not depend on them.
///
/// ```
/// use plybench::engine::go::legal::games::count_games;
///
/// assert_eq!(count_games(1, 1, 1)?.games, 1); // pass, pass
/// assert_eq!(count_games(1, 3, 1)?.games, 907);
/// # Ok::<(), plybench::Error>(())
/// ```
pub fn count_games(rows: usize, cols: usize, threads: usize) -> Result<GameCount> {
    check_games_board(rows, cols)?;
    let threads = check_threads(threads)?;
    let start = std::time::Instant::now();
    let board = Board::new(rows, cols);
    debug_assert!(board.next.len() <= MAX_POSITIONS);
    let root = Node { position: 0, passed: false, mover: 0, seen: 1, depth: 0 };
    // Split the walk a few turns down, for the threads.
    let mut frontier = vec![root];
    let mut top = Totals::default();
    for _ in 0..6 {
        let mut next = Vec::new();
        for node in frontier {
            let before = next.len();
            if children(&board, node, &mut next) {
                top.games += 1;
                top.nodes += 1;
                top.longest = top.longest.max(node.depth + 1);
            }
            top.nodes += (next.len() - before) as u128;
        }
        frontier = next;
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| GoError::GamesBoard {
        rows,
        cols,
        why: format!("no thread pool: {e}"),
    })?;
    let below = pool.install(|| {
        frontier
            .par_iter()
            .map(|&node| {
                let mut t = Totals::default();
                walk(&board, node, &mut t);
                // `walk` counts the node itself as a turn; the split counted it already.
                t.nodes -= 1;
                t
            })
            .reduce(Totals::default, Totals::add)
    });
    let all = top.add(below);
    Ok(GameCount {
        rows,
        cols,
        games: all.games,
        nodes: all.nodes,
        longest: all.longest,
        seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_point_has_one_game() {
        // A stone on 1x1 is a suicide back to the empty board, which superko forbids.
        let run = count_games(1, 1, 1).unwrap();
        assert_eq!((run.games, run.longest), (1, 2));
    }

    #[test]
    fn transposed_boards_agree() {
        assert_eq!(count_games(1, 2, 1).unwrap().games, count_games(2, 1, 1).unwrap().games);
        assert_eq!(count_games(1, 3, 2).unwrap().games, count_games(3, 1, 1).unwrap().games);
    }

    #[test]
    fn threads_do_not_change_the_count() {
        let one = count_games(1, 3, 1).unwrap();
        let three = count_games(1, 3, 3).unwrap();
        assert_eq!((one.games, one.nodes, one.longest), (three.games, three.nodes, three.longest));
    }

    #[test]
    fn captures_come_before_suicide() {
        // 1x3 `B W .`, Black at the right end: White loses its last liberty
        // and is captured, leaving `B . B`.
        assert_eq!(play(&[1, 2, 0, 0], 1, 3, 2, 1)[..3], [1, 0, 1]);
        // 1x3 `. B B`, White at the left end: Black is captured first, so
        // White's stone lives.
        assert_eq!(play(&[0, 1, 1, 0], 1, 3, 0, 2)[..3], [2, 0, 0]);
        // 1x3 `W . W`, Black in the middle captures both stones.
        assert_eq!(play(&[2, 0, 2, 0], 1, 3, 1, 1)[..3], [0, 1, 0]);
        // 1x4 `. W B .`, Black at the right end: White keeps its liberty,
        // so Black's two stones commit suicide and are removed.
        assert_eq!(play(&[0, 2, 1, 0], 1, 4, 3, 1), [0, 2, 0, 0]);
    }

    #[test]
    fn five_points_are_refused() {
        assert!(count_games(1, 5, 1).is_err());
        assert!(count_games(0, 1, 1).is_err());
    }
}
