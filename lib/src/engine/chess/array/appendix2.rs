//! Appendix 2 of Bell's chapter, transcribed from the OCR text of
//! `bell-1972-games-playing-with-computers-ch3-board-games.txt` (the seed
//! under `/work/shared/seeds/`), compared entry by entry with the tables
//! this module builds in code. Each row is copied as printed: the square
//! number (Bell's reference column, not part of the table) and the row.
//!
//! Findings: every legible entry of the six tables agrees with the rules of
//! chess; none is a misprint. One row is illegible (missing): the knight's
//! row for square 7. The prose of section 3.1 names the bishop's -9
//! direction "south-east" where the table's heading (and the rules) say
//! south-west, and the black pawn table repeats the white table's column
//! heading; neither touches an entry.

use super::lookup::{
    BISHOP_TABLE, BLACK_PAWN_TABLE, KING_TABLE, KNIGHT_TABLE, NO_MANS_LAND, PAWN_LEN, ROOK_TABLE, SLIDER_LEN,
    WHITE_PAWN_TABLE,
};
use crate::engine::chess::Square;

/// Appendix 2(a), "KNIGHT TABLE": square, eight cells, pointer into table.
/// Row 7 is missing from the OCR text (the line between rows 6 and 8 was
/// lost), so it is skipped; it is checked against the rules instead.
const KNIGHT: &str = "\
1 0 0 0 0 0 0 18 11 7
2 0 0 0 0 0 17 19 12 15
3 0 0 0 0 9 18 20 13 23
4 0 0 0 0 10 19 21 14 32
5 0 0 0 0 11 20 22 15 41
6 0 0 0 0 12 21 23 16 50
8 0 0 0 0 0 0 14 23 70
9 0 0 0 0 0 26 19 3 78
10 0 0 0 0 25 27 20 4 86
11 0 0 17 26 28 21 5 1 93
12 0 0 18 27 29 22 6 2 102
13 0 0 19 28 30 23 7 3 111
14 0 0 20 29 31 24 8 4 120
15 0 0 0 0 21 30 32 5 131
16 0 0 0 0 0 22 31 6 141
17 0 0 0 0 34 27 11 2 149
18 0 0 33 35 28 12 3 1 156
19 25 34 36 29 13 4 2 9 163
20 26 35 37 30 14 5 3 10 172
21 27 36 38 31 15 6 4 11 181
22 28 37 39 32 16 7 5 12 190
23 0 0 29 38 40 8 6 13 201
24 0 0 0 0 30 39 7 14 212
25 0 0 0 0 42 35 19 10 221
26 0 0 41 43 36 20 11 9 228
27 33 42 44 37 21 12 10 17 235
28 34 43 45 38 22 13 11 18 244
29 35 44 46 39 23 14 12 19 253
30 36 45 47 40 24 15 13 20 262
31 0 0 37 46 48 16 14 21 273
32 0 0 0 0 38 47 15 22 284
33 0 0 0 0 50 43 27 18 293
34 0 0 49 51 44 28 19 17 300
35 41 50 52 45 29 20 18 25 307
36 42 51 53 46 30 21 19 26 316
37 43 52 54 47 31 22 20 27 325
38 44 53 55 48 32 23 21 28 334
39 0 0 45 54 56 24 22 29 345
40 0 0 0 0 46 55 23 30 356
41 0 0 0 0 58 51 35 26 365
42 0 0 57 59 52 36 27 25 372
43 49 58 60 53 37 28 26 33 379
44 50 59 61 54 38 29 27 34 388
45 51 60 62 55 39 30 28 35 397
46 52 61 63 56 40 31 29 36 406
47 0 0 53 62 64 32 30 37 417
48 0 0 0 0 54 63 31 38 428
49 0 0 0 0 0 59 43 34 438
50 0 0 0 0 60 44 35 33 446
51 0 0 57 61 45 36 34 41 453
52 0 0 58 62 46 37 35 42 462
53 0 0 59 63 47 38 36 43 471
54 0 0 60 64 48 39 37 44 480
55 0 0 0 0 61 40 38 45 491
56 0 0 0 0 0 62 39 46 501
57 0 0 0 0 0 0 51 42 511
58 0 0 0 0 0 52 43 41 519
59 0 0 0 0 53 44 42 49 527
60 0 0 0 0 54 45 43 50 536
61 0 0 0 0 55 46 44 51 545
62 0 0 0 0 56 47 45 52 554
63 0 0 0 0 0 48 46 53 564
64 0 0 0 0 0 0 47 54 574
";

/// Appendix 2(b), "KING TABLE": square, eight cells, pointer into table.
/// All 64 rows legible.
const KING: &str = "\
1 0 0 0 0 0 2 9 10 6
2 0 0 0 1 3 9 10 11 13
3 0 0 0 2 4 10 11 12 22
4 0 0 0 3 5 11 12 13 31
5 0 0 0 4 6 12 13 14 40
6 0 0 0 5 7 13 14 15 49
7 0 0 0 6 8 14 15 16 58
8 0 0 0 0 0 7 15 16 69
9 0 0 0 1 2 10 17 18 76
10 1 2 3 9 11 17 18 19 82
11 2 3 4 10 12 18 19 20 91
12 3 4 5 11 13 19 20 21 100
13 4 5 6 12 14 20 21 22 109
14 5 6 7 13 15 21 22 23 118
15 6 7 8 14 16 22 23 24 127
16 0 0 0 7 8 15 23 24 139
17 0 0 0 9 10 18 25 26 148
18 9 10 11 17 19 25 26 27 154
19 10 11 12 18 20 26 27 28 163
20 11 12 13 19 21 27 28 29 172
21 12 13 14 20 22 28 29 30 181
22 13 14 15 21 23 29 30 31 190
23 14 15 16 22 24 30 31 32 199
24 0 0 0 15 16 23 31 32 211
25 0 0 0 17 18 26 33 34 220
26 17 18 19 25 27 33 34 35 226
27 18 19 20 26 28 34 35 36 235
28 19 20 21 27 29 35 36 37 244
29 20 21 22 28 30 36 37 38 253
30 21 22 23 29 31 37 38 39 262
31 22 23 24 30 32 38 39 40 271
32 0 0 0 23 24 31 39 40 283
33 0 0 0 25 26 34 41 42 292
34 25 26 27 33 35 41 42 43 298
35 26 27 28 34 36 42 43 44 307
36 27 28 29 35 37 43 44 45 316
37 28 29 30 36 38 44 45 46 325
38 29 30 31 37 39 45 46 47 334
39 30 31 32 38 40 46 47 48 343
40 0 0 0 31 32 39 47 48 355
41 0 0 0 33 34 42 49 50 364
42 33 34 35 41 43 49 50 51 370
43 34 35 36 42 44 50 51 52 379
44 35 36 37 43 45 51 52 53 388
45 36 37 38 44 46 52 53 54 397
46 37 38 39 45 47 53 54 55 406
47 38 39 40 46 48 54 55 56 415
48 0 0 0 39 40 47 55 56 427
49 0 0 0 41 42 50 57 58 436
50 41 42 43 49 51 57 58 59 442
51 42 43 44 50 52 58 59 60 451
52 43 44 45 51 53 59 60 61 460
53 44 45 46 52 54 60 61 62 469
54 45 46 47 53 55 61 62 63 478
55 46 47 48 54 56 62 63 64 487
56 0 0 0 47 48 55 63 64 499
57 0 0 0 0 0 49 50 58 510
58 0 0 0 49 50 51 57 59 517
59 0 0 0 50 51 52 58 60 526
60 0 0 0 51 52 53 59 61 535
61 0 0 0 52 53 54 60 62 544
62 0 0 0 53 54 55 61 63 553
63 0 0 0 54 55 56 62 64 562
64 0 0 0 0 0 55 56 63 573
";

/// Appendix 2(c), "ROOK TABLE": the increments E W N S, then square and
/// the four terminal squares. All 64 rows legible.
const ROOK: &str = "\
1 -1 8 -8
1 8 1 57 1
2 8 1 58 2
3 8 1 59 3
4 8 1 60 4
5 8 1 61 5
6 8 1 62 6
7 8 1 63 7
8 8 1 64 8
9 16 9 57 1
10 16 9 58 2
11 16 9 59 3
12 16 9 60 4
13 16 9 61 5
14 16 9 62 6
15 16 9 63 7
16 16 9 64 8
17 24 17 57 1
18 24 17 58 2
19 24 17 59 3
20 24 17 60 4
21 24 17 61 5
22 24 17 62 6
23 24 17 63 7
24 24 17 64 8
25 32 25 57 1
26 32 25 58 2
27 32 25 59 3
28 32 25 60 4
29 32 25 61 5
30 32 25 62 6
31 32 25 63 7
32 32 25 64 8
33 40 33 57 1
34 40 33 58 2
35 40 33 59 3
36 40 33 60 4
37 40 33 61 5
38 40 33 62 6
39 40 33 63 7
40 40 33 64 8
41 48 41 57 1
42 48 41 58 2
43 48 41 59 3
44 48 41 60 4
45 48 41 61 5
46 48 41 62 6
47 48 41 63 7
48 48 41 64 8
49 56 49 57 1
50 56 49 58 2
51 56 49 59 3
52 56 49 60 4
53 56 49 61 5
54 56 49 62 6
55 56 49 63 7
56 56 49 64 8
57 64 57 57 1
58 64 57 58 2
59 64 57 59 3
60 64 57 60 4
61 64 57 61 5
62 64 57 62 6
63 64 57 63 7
64 64 57 64 8
";

/// Appendix 2(d), "BISHOP TABLE": the increments NE SW NW SE, then square
/// and the four terminal squares. All 64 rows legible.
const BISHOP: &str = "\
9 -9 7 -7
1 64 1 1 1
2 56 2 9 2
3 48 3 17 3
4 40 4 25 4
5 32 5 33 5
6 24 6 41 6
7 16 7 49 7
8 8 8 57 8
9 63 9 9 2
10 64 1 17 3
11 56 2 25 4
12 48 3 33 5
13 40 4 41 6
14 32 5 49 7
15 24 6 57 8
16 16 7 58 16
17 62 17 17 3
18 63 9 25 4
19 64 1 33 5
20 56 2 41 6
21 48 3 49 7
22 40 4 57 8
23 32 5 58 16
24 24 6 59 24
25 61 25 25 4
26 62 17 33 5
27 63 9 41 6
28 64 1 49 7
29 56 2 57 8
30 48 3 58 16
31 40 4 59 24
32 32 5 60 32
33 60 33 33 5
34 61 25 41 6
35 62 17 49 7
36 63 9 57 8
37 64 1 58 16
38 56 2 59 24
39 48 3 60 32
40 40 4 61 40
41 59 41 41 6
42 60 33 49 7
43 61 25 57 8
44 62 17 58 16
45 63 9 59 24
46 64 1 60 32
47 56 2 61 40
48 48 3 62 48
49 58 49 49 7
50 59 41 57 8
51 60 33 58 16
52 61 25 59 24
53 62 17 60 32
54 63 9 61 40
55 64 1 62 48
56 56 2 63 56
57 57 57 57 8
58 58 49 58 16
59 59 41 59 24
60 60 33 60 32
61 61 25 61 40
62 62 17 62 48
63 63 9 63 56
64 64 1 64 64
";

/// Appendix 2(e), "WHITE PAWN TABLE": the column heading, then square and
/// its four cells. All 48 rows (9..=56) legible.
const WHITE_PAWN: &str = "\
+8 +16 +7 +9
9 17 25 65 18
10 18 26 17 19
11 19 27 18 20
12 20 28 19 21
13 21 29 20 22
14 22 30 21 23
15 23 31 22 24
16 24 32 23 65
17 25 17 65 26
18 26 18 25 27
19 27 19 26 28
20 28 20 27 29
21 29 21 28 30
22 30 22 29 31
23 31 23 30 32
24 32 24 31 65
25 33 25 65 34
26 34 26 33 35
27 35 27 34 36
28 36 28 35 37
29 37 29 36 38
30 38 30 37 39
31 39 31 38 40
32 40 32 39 65
33 41 33 65 42
34 42 34 41 43
35 43 35 42 44
36 44 36 43 45
37 45 37 44 46
38 46 38 45 47
39 47 39 46 48
40 48 40 47 65
41 49 41 65 50
42 50 42 49 51
43 51 43 50 52
44 52 44 51 53
45 53 45 52 54
46 54 46 53 55
47 55 47 54 56
48 56 48 55 65
49 57 49 65 58
50 58 50 57 59
51 59 51 58 60
52 60 52 59 61
53 61 53 60 62
54 62 54 61 63
55 63 55 62 64
56 64 56 63 65
";

/// Appendix 2(f), "BLACK PAWN TABLE": the column heading as printed (the
/// white table's `+8 +16 +7 +9`; the entries are -8, -16 or the pawn's own
/// square, -7, -9), then square and its four cells. All 48 rows legible.
const BLACK_PAWN: &str = "\
+8 +16 +7 +9
9 1 9 2 65
10 2 10 3 1
11 3 11 4 2
12 4 12 5 3
13 5 13 6 4
14 6 14 7 5
15 7 15 8 6
16 8 16 65 7
17 9 17 10 65
18 10 18 11 9
19 11 19 12 10
20 12 20 13 11
21 13 21 14 12
22 14 22 15 13
23 15 23 16 14
24 16 24 65 15
25 17 25 18 65
26 18 26 19 17
27 19 27 20 18
28 20 28 21 19
29 21 29 22 20
30 22 30 23 21
31 23 31 24 22
32 24 32 65 23
33 25 33 26 65
34 26 34 27 25
35 27 35 28 26
36 28 36 29 27
37 29 37 30 28
38 30 38 31 29
39 31 39 32 30
40 32 40 65 31
41 33 41 34 65
42 34 42 35 33
43 35 43 36 34
44 36 44 37 35
45 37 45 38 36
46 38 46 39 37
47 39 47 40 38
48 40 48 65 39
49 41 33 42 65
50 42 34 43 41
51 43 35 44 42
52 44 36 45 43
53 45 37 46 44
54 46 38 47 45
55 47 39 48 46
56 48 40 65 47
";

/// The rows of a transcription: each line's numbers, the first being the
/// square. Lines with `+` signs parse too.
fn rows(text: &str) -> Vec<Vec<i32>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|n| n.trim_start_matches('+').parse().expect("a number")).collect())
        .collect()
}

/// The cells of row `square` of a table with `width` cells per square,
/// Bell's row `square` starting at `first(square)`.
fn cells<T: Copy + Into<i32>>(table: &[T], first: usize, width: usize) -> Vec<i32> {
    table[first..first + width].iter().map(|&c| c.into()).collect()
}

#[test]
fn knight_table_matches_appendix_2a() {
    let rows = rows(KNIGHT);
    assert_eq!(rows.len(), 63, "64 rows less the illegible row 7");
    let mut seen = Vec::new();
    for row in rows {
        let square = row[0] as usize;
        seen.push(square);
        assert_eq!(cells(&KNIGHT_TABLE[..], 9 * square - 8, 9), row[1..], "knight row {square}");
    }
    assert!(!seen.contains(&7));
}

#[test]
fn king_table_matches_appendix_2b() {
    let rows = rows(KING);
    assert_eq!(rows.len(), 64);
    for row in rows {
        let square = row[0] as usize;
        assert_eq!(cells(&KING_TABLE[..], 9 * square - 8, 9), row[1..], "king row {square}");
    }
}

fn slider_matches(table: &[i8; SLIDER_LEN], text: &str, name: &str) {
    let rows = rows(text);
    assert_eq!(rows.len(), 65, "{name}: heading and 64 rows");
    assert_eq!(cells(&table[..], 0, 4), rows[0], "{name} increments");
    for row in &rows[1..] {
        let square = row[0] as usize;
        assert_eq!(cells(&table[..], 4 * square, 4), row[1..], "{name} row {square}");
    }
}

#[test]
fn rook_table_matches_appendix_2c() {
    slider_matches(&ROOK_TABLE, ROOK, "rook");
}

#[test]
fn bishop_table_matches_appendix_2d() {
    slider_matches(&BISHOP_TABLE, BISHOP, "bishop");
}

fn pawn_matches(table: &[u8; PAWN_LEN], text: &str, name: &str) -> Vec<i32> {
    let rows = rows(text);
    assert_eq!(rows.len(), 49, "{name}: heading and rows 9..=56");
    for row in &rows[1..] {
        let square = row[0] as usize;
        assert!((9..=56).contains(&square));
        assert_eq!(cells(&table[..], 4 * square, 4), row[1..], "{name} row {square}");
    }
    rows[0].clone()
}

#[test]
fn white_pawn_table_matches_appendix_2e() {
    let heading = pawn_matches(&WHITE_PAWN_TABLE, WHITE_PAWN, "white pawn");
    // The heading gives the increments of the four columns; the table
    // follows them except where it means the double step from rank 3 on
    // (the pawn's own square) or the no-man's land.
    assert_eq!(heading, [8, 16, 7, 9]);
    for square in 9..=56usize {
        let row = cells(&WHITE_PAWN_TABLE[..], 4 * square, 4);
        assert_eq!(row[0], square as i32 + 8);
        assert!(row[1] == square as i32 + 16 || row[1] == square as i32);
        for (cell, inc) in [(row[2], 7), (row[3], 9)] {
            assert!(cell == square as i32 + inc || cell == i32::from(NO_MANS_LAND));
        }
    }
}

#[test]
fn black_pawn_table_matches_appendix_2f() {
    let heading = pawn_matches(&BLACK_PAWN_TABLE, BLACK_PAWN, "black pawn");
    // As printed, the heading is the white table's; the entries run the
    // other way: -8, -16 (or the pawn's own square), -7, -9.
    assert_eq!(heading, [8, 16, 7, 9]);
    for square in 9..=56usize {
        let row = cells(&BLACK_PAWN_TABLE[..], 4 * square, 4);
        assert_eq!(row[0], square as i32 - 8);
        assert!(row[1] == square as i32 - 16 || row[1] == square as i32);
        for (cell, inc) in [(row[2], 7), (row[3], 9)] {
            assert!(cell == square as i32 - inc || cell == i32::from(NO_MANS_LAND));
        }
    }
}

/// The tables against the rules, worked out afresh from the neutral
/// [`Square::offset`] (so this covers the knight's row 7 too): every
/// target set, ray end and pawn cell.
#[test]
fn tables_follow_the_rules() {
    let bell = |s: Square| s.index() as i32 + 1;
    let at = |s: usize| Square::new(s as u8 - 1).expect("a square");
    let leaps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let steps = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
    for square in 1..=64usize {
        let s = at(square);
        for (table, deltas) in [(&KNIGHT_TABLE, leaps), (&KING_TABLE, steps)] {
            let pointer = table[9 * square] as usize;
            assert!(pointer > 9 * square - 9 && pointer <= 9 * square);
            assert!(table[9 * square - 8..pointer].iter().all(|&c| c == 0), "zero padding");
            let mut listed: Vec<i32> = table[pointer..9 * square].iter().map(|&c| i32::from(c)).collect();
            let mut rules: Vec<i32> = deltas.iter().filter_map(|&(df, dr)| s.offset(df, dr)).map(bell).collect();
            listed.sort_unstable();
            rules.sort_unstable();
            assert_eq!(listed, rules, "leaper row {square}");
        }
        for (table, dirs) in
            [(&ROOK_TABLE, [(1, 0), (-1, 0), (0, 1), (0, -1)]), (&BISHOP_TABLE, [(1, 1), (-1, -1), (-1, 1), (1, -1)])]
        {
            for (d, (df, dr)) in dirs.into_iter().enumerate() {
                assert_eq!(i32::from(table[d]), 8 * dr + df);
                let mut end = s;
                while let Some(next) = end.offset(df as i8, dr as i8) {
                    end = next;
                }
                assert_eq!(i32::from(table[4 * square + d]), bell(end), "ray {d} of {square}");
            }
        }
        if !(9..=56).contains(&square) {
            continue;
        }
        for (table, dr, start) in [(&WHITE_PAWN_TABLE, 1i8, 1u8), (&BLACK_PAWN_TABLE, -1, 6)] {
            let row = &table[4 * square..4 * square + 4];
            let or_65 = |t: Option<Square>| t.map_or(i32::from(NO_MANS_LAND), bell);
            assert_eq!(i32::from(row[0]), or_65(s.offset(0, dr)));
            let two = if s.rank() == start { or_65(s.offset(0, 2 * dr)) } else { square as i32 };
            assert_eq!(i32::from(row[1]), two);
            assert_eq!(i32::from(row[2]), or_65(s.offset(-dr, dr)));
            assert_eq!(i32::from(row[3]), or_65(s.offset(dr, dr)));
        }
    }
}
