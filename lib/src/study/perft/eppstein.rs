//! Eppstein's lecture on board representations (1997): the bitboard worked
//! example, the `last_bit` table and its modulus, the 256-entry popcount
//! table, the Zobrist table's size, the 0x88 numbering and its test, each
//! computed and set beside the notes (`datasets/perft/eppstein-1997.json`).

use serde::Deserialize;

use crate::engine::chess::{Color, Role, Setup, Square};
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::datasets::Parsed;
use crate::{Error, Result};

const FILE: &str = "perft/eppstein-1997.json";

/// The pawn example.
#[derive(Clone, Debug, Deserialize)]
pub struct Pawns {
    /// Where in the notes.
    pub section: String,
    /// wP.
    pub white_pawns: Vec<String>,
    /// wP << 8.
    pub shifted: Vec<String>,
    /// ~occupied.
    pub empty: Vec<String>,
    /// (wP << 8) & ~occupied.
    pub single_moves: Vec<String>,
    /// The fourth row.
    pub fourth_row: Vec<String>,
    /// The words.
    pub fourth_row_words: String,
}

/// The `last_bit` table.
#[derive(Clone, Debug, Deserialize)]
pub struct LastBit {
    /// Where in the notes.
    pub section: String,
    /// T.
    pub table: Vec<i32>,
    /// 11.
    pub modulus: u64,
    /// The code.
    pub printed: String,
    /// The words.
    pub words: String,
}

/// The popcount table.
#[derive(Clone, Debug, Deserialize)]
pub struct Popcount {
    /// Where in the notes.
    pub section: String,
    /// 256.
    pub entries: u64,
    /// The words.
    pub words: String,
}

/// The Zobrist table.
#[derive(Clone, Debug, Deserialize)]
pub struct Zobrist {
    /// Where in the notes.
    pub section: String,
    /// 64.
    pub squares: u64,
    /// 13.
    pub kinds: u64,
    /// The words.
    pub words: String,
    /// Representation 1's enum.
    #[serde(rename = "enum")]
    pub kinds_enum: Vec<String>,
    /// Where the enum is.
    pub enum_section: String,
    /// The enum as printed.
    pub enum_printed: String,
    /// The evidence on the enum.
    pub known: String,
}

/// The 0x88 board.
#[derive(Clone, Debug, Deserialize)]
pub struct X88 {
    /// Where in the notes.
    pub section: String,
    /// 136.
    pub value: u64,
    /// The words.
    pub words: String,
    /// The numbering, rank 8 first.
    pub rows: Vec<Vec<u64>>,
    /// The test.
    pub test_words: String,
}

/// The pawn's double step in Representation 1.
#[derive(Clone, Debug, Deserialize)]
pub struct DoubleStep {
    /// Where in the notes.
    pub section: String,
    /// The row the code tests.
    pub printed_row: u64,
    /// The code.
    pub printed: String,
    /// The evidence.
    pub known: String,
}

/// The dataset.
#[derive(Clone, Debug, Deserialize)]
pub struct Eppstein {
    /// The notes.
    pub source: String,
    /// The pawn example.
    pub pawns: Pawns,
    /// `last_bit`.
    pub last_bit: LastBit,
    /// The popcount table.
    pub popcount: Popcount,
    /// The Zobrist table.
    pub zobrist: Zobrist,
    /// 0x88.
    pub x88: X88,
    /// The double step.
    pub double_step: DoubleStep,
}

fn bad(why: impl Into<String>) -> Error {
    Error::Dataset { name: FILE, why: why.into() }
}

/// The dataset, parsed once.
pub fn eppstein() -> Result<&'static Eppstein> {
    static NOTES: Parsed<Eppstein> = Parsed::json(FILE, crate::study::datasets::PERFT_EPPSTEIN);
    NOTES.get()
}

/// A bitboard (bit `i` for square index `i`, a1 = 0) from Eppstein's eight
/// printed rows, rank 8 first.
fn board(rows: &[String]) -> Result<u64> {
    if rows.len() != 8 || rows.iter().any(|r| r.len() != 8 || !r.bytes().all(|b| b == b'0' || b == b'1')) {
        return Err(bad("a bitboard is eight rows of eight 0s and 1s"));
    }
    let mut bits = 0u64;
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        for (file, b) in row.bytes().enumerate() {
            if b == b'1' {
                bits |= 1 << (rank * 8 + file);
            }
        }
    }
    Ok(bits)
}

/// `bits` printed as Eppstein prints it: rows rank 8 first, `/` between.
fn rows(bits: u64) -> String {
    (0..8)
        .rev()
        .map(|rank| (0..8).map(|file| if bits >> (rank * 8 + file) & 1 == 1 { '1' } else { '0' }).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The squares of `bits`, a1 first.
fn squares(bits: u64) -> String {
    let names: Vec<String> = Square::all().filter(|s| bits >> s.index() & 1 == 1).map(|s| s.to_string()).collect();
    names.join(" ")
}

/// The last-bit table for modulus `m`: `T[(b ^ (b - 1)) % m]` is the index
/// of the lowest set bit of a nonzero byte `b`, -1 where no byte lands;
/// `None` if two bytes with different lowest bits land on one entry.
fn last_bit_table(m: u64) -> Option<Vec<i32>> {
    let mut table = vec![-1; m as usize];
    for k in 0..8 {
        let low: u64 = (1 << (k + 1)) - 1; // b ^ (b - 1) for lowest bit k
        let at = (low % m) as usize;
        if table[at] != -1 {
            return None;
        }
        table[at] = k;
    }
    Some(table)
}

/// The table of Eppstein's figures, computed.
pub fn eppstein_table() -> Result<Table> {
    let e = eppstein()?;
    let mut table = Table::new(
        "perft_eppstein",
        "Eppstein (1997), board representations: the worked examples, computed",
        vec![
            Column::new("figure", "Figure"),
            Column::new("computed", "Computed"),
            Column::new("published", "Published"),
            Column::new("source", "Source"),
            Column::new("verdict", "Verdict"),
        ],
    );
    let cite = |section: &str| format!("Eppstein 1997, {section}");
    let mut push = |figure: &str, c: Comparison<String>| {
        let [computed, published, source, verdict] = c.cells();
        table.push(vec![Cell::from(figure), computed, published, source, verdict]);
    };
    let p = &e.pawns;
    let wp = board(&p.white_pawns)?;
    let empty = board(&p.empty)?;
    let shifted = wp << 8;
    let single = shifted & empty;
    let fourth = Square::all().filter(|s| s.rank() == 3).fold(0u64, |b, s| b | 1 << s.index());
    let published = |value: String, what: &str| Published { value, source: format!("{}: {what}", cite(&p.section)) };
    push(
        "white pawns shifted by 8 (wP << 8)",
        Comparison::new(Some(rows(shifted)), Some(&published(rows(board(&p.shifted)?), "the second bitboard"))),
    );
    push(
        "single_pawn_moves = (wP << 8) & ~occupied",
        Comparison::new(Some(rows(single)), Some(&published(rows(board(&p.single_moves)?), "the fourth bitboard"))),
    );
    push(
        "the squares of single_pawn_moves",
        Comparison::new(
            Some(squares(single)),
            Some(&published(squares(board(&p.single_moves)?), "the fourth bitboard")),
        ),
    );
    push(
        "the fourth row's constant",
        Comparison::new(Some(rows(fourth)), Some(&published(rows(board(&p.fourth_row)?), &p.fourth_row_words))),
    );
    push(
        "the pawns stand on occupied squares (wP & ~occupied)",
        Comparison::new(
            Some(squares(wp & empty).to_string()).map(|s| if s.is_empty() { "none".into() } else { s }),
            None,
        ),
    );
    let double = ((single << 8) & empty) & fourth;
    push("two-square moves: ((single << 8) & ~occupied) & fourth row", Comparison::new(Some(squares(double)), None));

    let lb = &e.last_bit;
    let computed = last_bit_table(lb.modulus);
    let smallest = (1..=255u64).find(|&m| last_bit_table(m).is_some());
    let lb_source = format!("{}: {}", cite(&lb.section), lb.printed);
    push(
        "last_bit: the smallest modulus M for which b ^ (b - 1) differ",
        Comparison::new(
            smallest.map(|m| m.to_string()),
            Some(&Published { value: lb.modulus.to_string(), source: lb_source.clone() }),
        ),
    );
    let text = |t: &[i32]| t.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let used = lb.table.len().min(lb.modulus as usize);
    push(
        &format!("last_bit: the table T for M = {} (entries 0 to {})", lb.modulus, lb.modulus - 1),
        Comparison::new(
            computed.as_deref().map(text),
            Some(&Published { value: text(&lb.table[..used]), source: lb_source.clone() }),
        ),
    );
    let unreachable = lb.table.len().saturating_sub(lb.modulus as usize);
    push(
        "last_bit: entries of the printed T no index reaches (x % 11 < 11)",
        Comparison::new(Some(unreachable.to_string()), None),
    );
    let agrees = (1..=255u32).all(|b| {
        let x = u64::from(b ^ (b - 1));
        computed.as_ref().is_some_and(|t| t[(x % lb.modulus) as usize] == b.trailing_zeros() as i32)
    });
    push(
        "last_bit(b) equals the index of b's lowest set bit, b = 1 to 255",
        Comparison::new(Some(if agrees { "yes" } else { "no" }.to_owned()), None),
    );

    let pc = &e.popcount;
    let byte_table: Vec<u8> = (0..=255u8).map(|b| (0..8).map(|k| (b >> k) & 1).sum()).collect();
    push(
        "popcount: entries of a table of the bits set in each byte",
        Comparison::new(
            Some(byte_table.len().to_string()),
            Some(&Published {
                value: pc.entries.to_string(),
                source: format!("{}: \"{}\"", cite(&pc.section), pc.words),
            }),
        ),
    );
    let by_table =
        |bits: u64| -> u32 { (0..8).map(|i| u32::from(byte_table[(bits >> (8 * i) & 0xff) as usize])).sum() };
    push(
        "popcount of wP by the table (eight lookups)",
        Comparison::new(Some(format!("{} (count_ones: {})", by_table(wp), wp.count_ones())), None),
    );

    let z = &e.zobrist;
    let kinds = Color::ALL.len() * Role::ALL.len() + 1;
    push(
        "Zobrist table: 64 squares times the kinds a square can hold (empty and 12 men)",
        Comparison::new(
            Some(format!("64*{kinds} = {}", 64 * kinds)),
            Some(&Published {
                value: format!("{}*{} = {}", z.squares, z.kinds, z.squares * z.kinds),
                source: format!("{}: \"{}\"", cite(&z.section), z.words),
            }),
        ),
    );
    let mut enum_row = Comparison::new(
        Some(kinds.to_string()),
        Some(&Published {
            value: z.kinds_enum.len().to_string(),
            source: format!("{}: {}", cite(&z.enum_section), z.enum_printed),
        }),
    );
    if enum_row.verdict == Verdict::Differs {
        enum_row.verdict = Verdict::Known;
    }
    push("Representation 1's enum: the values a square can hold", enum_row);
    push(
        "plybench's piece-square keys (empty squares need none)",
        Comparison::new(Some((Color::ALL.len() * Role::ALL.len() * 64).to_string()), None),
    );

    let x = &e.x88;
    push(
        "0x88 in decimal",
        Comparison::new(
            Some(0x88u64.to_string()),
            Some(&Published { value: x.value.to_string(), source: format!("{}: \"{}\"", cite(&x.section), x.words) }),
        ),
    );
    let numbering: Vec<String> = (0..8)
        .rev()
        .map(|rank| (0..8).map(|file| (16 * rank + file).to_string()).collect::<Vec<_>>().join(" "))
        .collect();
    let printed: Vec<String> =
        x.rows.iter().map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")).collect();
    push(
        "0x88 numbering: 16 times the row plus the column, rank 8 first",
        Comparison::new(
            Some(numbering.join(" / ")),
            Some(&Published { value: printed.join(" / "), source: cite(&x.section) }),
        ),
    );
    // Every square and every king or knight step: on the board exactly when
    // (i & 0x88) == 0, i the 0x88 number of the destination (negative ones
    // as two's complement).
    let steps: [(i32, i32); 16] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut cases = 0;
    let mut wrong = 0;
    for s in Square::all() {
        let (file, rank) = (s.file() as i32, s.rank() as i32);
        for (df, dr) in steps {
            let i = 16 * rank + file + 16 * dr + df;
            let on = (0..8).contains(&(file + df)) && (0..8).contains(&(rank + dr));
            cases += 1;
            wrong += usize::from(((i & 0x88) == 0) != on);
        }
    }
    push(
        "0x88 test: (i & 0x88) == 0 exactly for the squares on the board (every square, king and knight steps)",
        Comparison::new(
            Some(if wrong == 0 { format!("holds ({cases} cases)") } else { format!("fails in {wrong} of {cases}") }),
            Some(&Published {
                value: format!("holds ({cases} cases)"),
                source: format!("{}: \"{}\"", cite(&x.section), x.test_words),
            }),
        ),
    );

    let d = &e.double_step;
    let start = Setup::starting();
    let row = Square::all()
        .find(|&s| start.piece_at(s).is_some_and(|p| p.color == Color::White && p.role == Role::Pawn))
        .map(|s| u64::from(s.rank()));
    let mut step_row = Comparison::new(
        row.map(|r| r.to_string()),
        Some(&Published { value: d.printed_row.to_string(), source: format!("{}: {}", cite(&d.section), d.printed) }),
    );
    if step_row.verdict == Verdict::Differs {
        step_row.verdict = Verdict::Known;
    }
    push("Representation 1: the row (i, 0 to 7) White's pawns move two squares from", step_row);

    table.note(format!(
        "{} The pawn example's bitboards are read rank 8 first, as printed; the shift and the and are computed on them, and the \
         printed rows of the result compared row by row.",
        e.source
    ));
    table.note(format!("Representation 1's enum: {}", z.known));
    table.note(format!("The double step: {}", d.known));
    table.note(
        "last_bit as printed declares `int T` where a table needs `int T[]`, and is undefined for b = 0 (b ^ (b - 1) is -1 \
         as an int, and -1 % 11 is -1): it finds the lowest bit of a nonzero byte.",
    );
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_check_out() {
        let table = eppstein_table().unwrap();
        let tally = crate::report::Tally::of([&table]);
        assert_eq!(tally.differs, 0, "{}", table.render(crate::report::Format::Table));
        assert_eq!(tally.known, 2);
        assert_eq!(last_bit_table(11).unwrap(), [-1, 0, 7, 1, 3, -1, 6, 2, 5, 4, -1]);
        assert!(last_bit_table(10).is_none());
    }
}
