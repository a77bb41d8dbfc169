//! The schema of the report files: what each column of each table is, so
//! that two reports can be compared ([`crate::study::compare`]) without
//! guessing from names or rendered text.
//!
//! Every JSON file of a report directory carries [`SCHEMA_VERSION`]. A
//! table's file (`<id>.json`) is a [`TableDocument`]: its id, its title, its
//! columns with their [`Kind`], and its rows as objects keyed by the
//! columns' keys. `docs/report-schema.md` describes the files.
//!
//! The kinds are declared here, once per table, by [`column_kind`]: the
//! tables of `plybench reproduce` and the deep counts of `perft deep`. A
//! column the list does not name is written as [`Kind::Exact`], so that a
//! change to it is reported rather than ignored; `lib/tests/suite/report_schema.rs`
//! fails when a table of the quick reproduction has such a column.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::report::{Column, Shape, Table};

/// The version of the report files' layout. It grows when a field changes
/// meaning or disappears; fields are only ever added within a version.
pub const SCHEMA_VERSION: u64 = 1;

/// What a column holds, and so how two reports compare it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Identifies the row: rows of two reports are paired by their key
    /// columns.
    Key,
    /// A computed or published figure that does not depend on the machine
    /// (a count, a minimax value, a seeded mean): it must not change.
    Exact,
    /// A verdict (`match`, `differs`, ...): it must not change.
    Verdict,
    /// A speed, higher is better (nodes per second): compared against a
    /// threshold, with the noise of each measurement when a column gives it.
    Speed,
    /// Depends on the run, not on the code (seconds, run counts, sources,
    /// ratios, methods): not compared.
    Info,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 5] = [Kind::Key, Kind::Exact, Kind::Verdict, Kind::Speed, Kind::Info];

    /// The stable name written in the files.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Key => "key",
            Kind::Exact => "exact",
            Kind::Verdict => "verdict",
            Kind::Speed => "speed",
            Kind::Info => "info",
        }
    }

    /// The kind named `name`, if any.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The columns of each table and their kinds, in the tables' order.
fn table_columns(table: &str) -> Option<&'static [(&'static str, Kind)]> {
    use Kind::{Exact, Info, Key, Speed, Verdict};
    const SUMMARY: &[(&str, Kind)] = &[
        ("study", Key),
        ("matches", Exact),
        ("known_discrepancies", Exact),
        ("failures", Exact),
        ("not_computed", Exact),
        ("seconds", Info),
    ];
    const KALAH_TABLE: &[(&str, Kind)] = &[
        ("pits", Key),
        ("move_sequences", Exact),
        ("terminal_positions", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("max_stack_right_to_left", Exact),
        ("max_stack_left_to_right", Exact),
        ("method", Info),
        ("seconds", Info),
    ];
    const KALAH_BELL: &[(&str, Kind)] =
        &[("figure", Key), ("computed", Exact), ("published", Exact), ("source", Info), ("verdict", Verdict)];
    const PERFT_PUBLISHED: &[(&str, Kind)] = &[
        ("position", Key),
        ("depth", Key),
        ("published", Exact),
        ("computed", Exact),
        ("representations", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("fen", Exact),
    ];
    const PERFT_STATS: &[(&str, Kind)] = &[
        ("depth", Key),
        ("nodes", Exact),
        ("captures", Exact),
        ("en_passant", Exact),
        ("castles", Exact),
        ("promotions", Exact),
        ("checks", Exact),
        ("discovered_checks", Exact),
        ("double_checks", Exact),
        ("checkmates", Exact),
        ("verdict", Verdict),
        ("differences", Exact),
    ];
    const PERFT_SPEED: &[(&str, Kind)] = &[
        ("mode", Key),
        ("position", Key),
        ("depth", Key),
        ("repr", Key),
        ("nodes", Exact),
        ("runs", Info),
        ("median_seconds", Info),
        ("min_seconds", Info),
        ("max_seconds", Info),
        ("spread", Info),
        ("nps", Speed),
        ("ratio_to_bitboard", Info),
    ];
    const PERFT_DEEP: &[(&str, Kind)] = &[
        ("name", Key),
        ("fen", Exact),
        ("depth", Exact),
        ("nodes", Exact),
        ("seconds", Info),
        ("nps", Speed),
        ("goal_seconds", Info),
        ("within_goal", Info),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    // Bell's two-move mate program and the full-rules solver.
    const PERFT_MATE_BELL: &[(&str, Kind)] =
        &[("figure", Key), ("computed", Exact), ("published", Exact), ("source", Info), ("verdict", Verdict)];
    const PERFT_MATE_FIG3_4: &[(&str, Kind)] = &[
        ("row", Key),
        ("depth", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("printed", Info),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const PERFT_MATE_FIG3_5: &[(&str, Kind)] = &[
        ("row", Key),
        ("depth", Exact),
        ("man", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const PERFT_MATE_PROBLEMS: &[(&str, Kind)] = &[
        ("problem", Key),
        ("composer", Info),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("representations", Exact),
        ("bell", Exact),
        ("restricted", Exact),
        ("remark", Exact),
    ];
    const PERFT_MATE_SPEED: &[(&str, Kind)] = &[
        ("program", Key),
        ("rules", Info),
        ("problems", Exact),
        ("nodes", Exact),
        ("runs", Info),
        ("median_seconds", Info),
        ("spread", Info),
        ("seconds_per_problem", Info),
        ("problems_per_second", Speed),
        ("source", Info),
    ];
    const ALPHABETA_GAME: &[(&str, Kind)] =
        &[("order", Key), ("algorithm", Key), ("leaves", Exact), ("nodes", Exact), ("value", Exact)];
    const ALPHABETA_TICTACTOE: &[(&str, Kind)] = &[
        ("algorithm", Key),
        ("order", Key),
        ("killer", Key),
        ("window", Key),
        ("symmetry", Key),
        ("leaves", Exact),
        ("nodes", Exact),
        ("value", Exact),
        ("nodes_with_root", Exact),
        ("published_nodes_with_root", Exact),
        ("nodes_source", Info),
        ("nodes_verdict", Verdict),
        ("games", Exact),
        ("published_games", Exact),
        ("games_source", Info),
        ("games_verdict", Verdict),
    ];
    const ALPHABETA_DEPTHS: &[(&str, Kind)] = &[
        ("branching", Key),
        ("depth", Key),
        ("order", Key),
        ("trees", Exact),
        ("mean_leaves", Exact),
        ("ci95_leaves", Exact),
        ("minimax_leaves", Exact),
        ("knuth_moore_minimum", Exact),
        ("levy_approximation", Exact),
        ("effective_branching", Exact),
        ("pearl_branching", Exact),
    ];
    const ALPHABETA_DEEP_EXACT: &[(&str, Kind)] = &[
        ("branching", Key),
        ("depth", Key),
        ("total_leaves", Exact),
        ("published", Exact),
        ("exact_f2", Exact),
        ("fraction_f2", Exact),
        ("measured_f2", Exact),
        ("ci95_f2", Exact),
        ("exact_f1", Exact),
        ("measured_f1", Exact),
        ("ci95_f1", Exact),
        ("f1_minus_f2", Exact),
        ("knuth_moore_exact", Exact),
        ("levy_approximation", Exact),
    ];
    const ALPHABETA_NEWBORN: &[(&str, Kind)] = &[
        ("branching", Key),
        ("depth", Key),
        ("published_random", Exact),
        ("measured_random", Exact),
        ("ci95", Exact),
        ("trees", Exact),
        ("exact_random", Exact),
        ("verdict_random", Verdict),
        ("published_optimal", Exact),
        ("levy_approximation", Exact),
        ("knuth_moore_exact", Exact),
        ("measured_perfect", Exact),
        ("verdict_optimal", Verdict),
        ("pearl_branching", Exact),
        ("effective_branching", Exact),
    ];
    const CHECKERS_PERFT_OPENING: &[(&str, Kind)] = &[
        ("depth", Key),
        ("computed", Exact),
        ("representations", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const CHECKERS_COCHRAN_GAMES: &[(&str, Kind)] = &[
        ("game", Key),
        ("numbering", Key),
        ("plies", Exact),
        ("first", Exact),
        ("move_number", Key),
        ("side", Key),
        ("recorded", Exact),
        ("fault", Exact),
        ("repair", Exact),
        ("candidates", Exact),
        ("plies_after", Exact),
        ("legal_moves", Exact),
    ];
    const CHECKERS_BENCH: &[(&str, Kind)] =
        &[("repr", Key), ("depth", Key), ("nodes", Exact), ("seconds", Info), ("nps", Speed), ("ratio", Info)];
    const GO_INFLUENCE_FIG3_14: &[(&str, Kind)] =
        &[("line", Key), ("computed", Exact), ("published", Exact), ("source", Info), ("verdict", Verdict)];
    const GO_INFLUENCE_FIG3_15: &[(&str, Kind)] = &[("row", Key), ("points", Exact)];
    const GO_INFLUENCE_FIG3_16: &[(&str, Kind)] = &[
        ("point", Key),
        ("stone", Exact),
        ("value", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const GO_INFLUENCE_FIG3_16_SUMMARY: &[(&str, Kind)] = &[
        ("figure", Key),
        ("printed_stones", Exact),
        ("printed_in_gap", Exact),
        ("black_stones", Exact),
        ("white_stones", Exact),
        ("black_moves", Exact),
        ("white_moves", Exact),
        ("annealing_mismatches", Exact),
        ("annealing_distance", Exact),
        ("edits", Exact),
        ("runs_at_best", Info),
        ("runs", Info),
        ("matches", Exact),
        ("known", Exact),
        ("differs", Exact),
    ];
    const GO_INFLUENCE_SCORE: &[(&str, Kind)] = &[
        ("rule", Key),
        ("black_territory", Exact),
        ("white_territory", Exact),
        ("black_score", Exact),
        ("white_score", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const GO_INFLUENCE_CLAIM: &[(&str, Kind)] = &[
        ("positions", Key),
        ("count", Exact),
        ("values", Exact),
        ("max_empty", Exact),
        ("min_stone", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const GO_LEGAL: &[(&str, Kind)] = &[
        ("rows", Key),
        ("cols", Key),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("states", Exact),
        ("seconds", Info),
    ];
    const GO_GAMES: &[(&str, Kind)] = &[
        ("rows", Key),
        ("cols", Key),
        ("games", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("longest", Exact),
        ("nodes", Exact),
        ("seconds", Info),
    ];
    const GO_PERFT_PUBLISHED: &[(&str, Kind)] = &[
        ("board", Key),
        ("depth", Key),
        ("computed", Exact),
        ("representations", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const GO_PERFT_AGREEMENT: &[(&str, Kind)] = &[
        ("position", Key),
        ("board", Key),
        ("passing", Key),
        ("depth", Key),
        ("array", Exact),
        ("bitboard", Exact),
        ("agree", Exact),
        ("verdict", Verdict),
    ];
    const GO_BENCH: &[(&str, Kind)] = &[
        ("repr", Key),
        ("position", Key),
        ("depth", Key),
        ("nodes", Exact),
        ("seconds", Info),
        ("nps", Speed),
        ("ratio", Info),
    ];
    const RULES_TICTACTOE: &[(&str, Kind)] = &[
        ("engine", Key),
        ("computed", Exact),
        ("hand_written", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_GAMES_PERFT: &[(&str, Kind)] = &[
        ("game", Key),
        ("board", Key),
        ("depth", Key),
        ("interp", Exact),
        ("compiled", Exact),
        ("hand_written", Exact),
        ("interp_seconds", Info),
        ("compiled_seconds", Info),
        ("ratio", Info),
        ("verdict", Verdict),
    ];
    const RULES_GAMES_BY_PLY: &[(&str, Kind)] = &[
        ("game", Key),
        ("depth", Key),
        ("interp", Exact),
        ("compiled", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_AGREEMENT: &[(&str, Kind)] = &[
        ("game", Key),
        ("position", Key),
        ("depth", Key),
        ("repr", Key),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("command", Info),
    ];
    const RULES_BENCH: &[(&str, Kind)] = &[
        ("game", Key),
        ("engine", Key),
        ("depth", Key),
        ("nodes", Exact),
        ("seconds", Info),
        ("nps", Speed),
        ("ratio", Info),
        ("anchor", Info),
        ("command", Info),
    ];
    const RULES_CONJUGUES_CHECK: &[(&str, Kind)] = &[
        ("rules", Key),
        ("algorithm", Key),
        ("vertices", Exact),
        ("transfers", Exact),
        ("agree", Exact),
        ("verdict", Verdict),
    ];
    const RULES_CONJUGUES: &[(&str, Kind)] = &[
        ("key", Key),
        ("rules", Info),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_CONDITIONS: &[(&str, Kind)] = &[
        ("key", Key),
        ("list", Key),
        ("rules", Info),
        ("count", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_MODIFICATIONS: &[(&str, Kind)] = &[
        ("key", Key),
        ("rules", Info),
        ("up_to", Exact),
        ("runs", Exact),
        ("modifications", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_REFINEMENT: &[(&str, Kind)] = &[("key", Key), ("plain", Exact), ("refined", Exact), ("gained", Exact)];
    const RULES_THREATS: &[(&str, Kind)] = &[
        ("key", Key),
        ("rules", Info),
        ("q", Exact),
        ("r", Exact),
        ("threats", Exact),
        ("replies", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_COUNTS: &[(&str, Kind)] =
        &[("key", Key), ("computed", Exact), ("published", Exact), ("source", Info), ("verdict", Verdict)];
    const RULES_FIG6: &[(&str, Kind)] =
        &[("key", Key), ("moves", Exact), ("legal", Exact), ("check", Exact), ("replies", Exact)];
    const RULES_FIG8: &[(&str, Kind)] = &[
        ("key", Key),
        ("moves", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("also", Exact),
    ];
    const RULES_FIG5: &[(&str, Kind)] = &[("key", Key), ("opponent", Exact), ("wins", Exact)];
    const RULES_FIG13_COMPLETIONS: &[(&str, Kind)] =
        &[("key", Key), ("legal", Exact), ("kings", Exact), ("failing", Exact)];
    // Fig. 8's columns without `also`.
    const RULES_FIG13: &[(&str, Kind)] = RULES_FIG8.split_at(6).0;
    const RULES_FIG14: &[(&str, Kind)] = &[
        ("key", Key),
        ("found", Exact),
        ("computed", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
    ];
    const RULES_FIG14_ARRANGEMENTS: &[(&str, Kind)] =
        &[("key", Key), ("held", Exact), ("total", Exact), ("failing", Exact)];
    const LEVY_BACKGAMMON_OPENING: &[(&str, Kind)] = &[
        ("throw", Key),
        ("falls", Exact),
        ("positions", Exact),
        ("oracle_positions", Exact),
        ("sequences", Exact),
        ("agree", Exact),
    ];
    const LEVY_BACKGAMMON_PERFT: &[(&str, Kind)] = &[("depth", Key), ("nodes", Exact), ("ply", Info)];
    const LEVY_REPLAY: &[(&str, Kind)] = &[
        ("id", Key),
        ("score", Info),
        ("move", Info),
        ("printed", Exact),
        ("played", Exact),
        ("check", Exact),
        ("mate", Exact),
        ("capture", Exact),
        ("occurrence", Exact),
        ("verdict", Verdict),
        ("note", Info),
    ];
    const LEVY_SHOGI_PERFT: &[(&str, Kind)] = &[
        ("position", Key),
        ("depth", Key),
        ("computed", Exact),
        ("published", Exact),
        ("verdict", Verdict),
        ("source", Info),
    ];
    const LEVY_FIGURES: &[(&str, Kind)] = &[
        ("id", Key),
        ("figure", Info),
        ("exact", Exact),
        ("decimal", Exact),
        ("published", Exact),
        ("source", Info),
        ("verdict", Verdict),
        ("note", Info),
    ];
    const LEVY_MONTE_CARLO: &[(&str, Kind)] = &[
        ("id", Key),
        ("quantity", Info),
        ("exact", Exact),
        ("exact_decimal", Exact),
        ("trials", Exact),
        ("measured", Exact),
        ("estimate", Exact),
        ("ci95_low", Exact),
        ("ci95_high", Exact),
        ("within", Exact),
    ];
    const LEVY_STATISTICS: &[(&str, Kind)] = &[("statistic", Key), ("value", Exact)];
    const LEVY_POKER_CLASSES: &[(&str, Kind)] =
        &[("class", Key), ("hands", Exact), ("probability", Exact), ("decimal", Exact), ("one_in", Exact)];
    const LEVY_DESIGNATIONS: &[(&str, Kind)] = &[
        ("designation", Key),
        ("name", Info),
        ("hands", Exact),
        ("exact", Exact),
        ("levy_share", Exact),
        ("ratio", Exact),
    ];
    const LEVY_DRAW: &[(&str, Kind)] = &[
        ("holding", Key),
        ("hand", Info),
        ("kept", Info),
        ("drawn", Exact),
        ("draws", Exact),
        ("high_card", Exact),
        ("one_pair", Exact),
        ("two_pairs", Exact),
        ("three_of_a_kind", Exact),
        ("straight", Exact),
        ("flush", Exact),
        ("full_house", Exact),
        ("four_of_a_kind", Exact),
        ("straight_flush", Exact),
    ];
    Some(match table {
        "summary" => SUMMARY,
        "kalah_table" => KALAH_TABLE,
        "kalah_bell" => KALAH_BELL,
        "perft_published" => PERFT_PUBLISHED,
        "perft_speed" => PERFT_SPEED,
        "perft_deep" => PERFT_DEEP,
        stats if stats.starts_with("perft_stats_") => PERFT_STATS,
        "perft_mate_bell" | "perft_eppstein" | "go_bell_board" | "checkers_cochran_figures" => PERFT_MATE_BELL,
        "perft_mate_fig3_4" => PERFT_MATE_FIG3_4,
        "perft_mate_fig3_5" => PERFT_MATE_FIG3_5,
        "perft_mate_problems" => PERFT_MATE_PROBLEMS,
        "perft_mate_speed" => PERFT_MATE_SPEED,
        "alphabeta_chess" | "alphabeta_kalah" => ALPHABETA_GAME,
        "alphabeta_tictactoe" => ALPHABETA_TICTACTOE,
        "alphabeta_depths" => ALPHABETA_DEPTHS,
        "alphabeta_newborn" => ALPHABETA_NEWBORN,
        "alphabeta_deep_exact" => ALPHABETA_DEEP_EXACT,
        "checkers_perft_opening" => CHECKERS_PERFT_OPENING,
        "checkers_cochran_games" => CHECKERS_COCHRAN_GAMES,
        "checkers_bench" => CHECKERS_BENCH,
        "go_influence_fig3_14" => GO_INFLUENCE_FIG3_14,
        "go_influence_fig3_15" => GO_INFLUENCE_FIG3_15,
        "go_influence_fig3_16" => GO_INFLUENCE_FIG3_16,
        "go_influence_fig3_16_summary" => GO_INFLUENCE_FIG3_16_SUMMARY,
        "go_influence_score" => GO_INFLUENCE_SCORE,
        "go_influence_claim" => GO_INFLUENCE_CLAIM,
        "go_legal" | "go_legal_squares" | "go_legal_rectangles" => GO_LEGAL,
        "go_games" => GO_GAMES,
        "go_perft_published" => GO_PERFT_PUBLISHED,
        "go_perft_agreement" => GO_PERFT_AGREEMENT,
        "go_bench" => GO_BENCH,
        "rules_tictactoe" => RULES_TICTACTOE,
        "rules_games_perft" => RULES_GAMES_PERFT,
        "rules_games_by_ply" => RULES_GAMES_BY_PLY,
        "rules_agreement" => RULES_AGREEMENT,
        "rules_bench" => RULES_BENCH,
        "rules_conjugues_check" => RULES_CONJUGUES_CHECK,
        "rules_conjugues" => RULES_CONJUGUES,
        "rules_conditions" => RULES_CONDITIONS,
        "rules_modifications" => RULES_MODIFICATIONS,
        "rules_refinement" => RULES_REFINEMENT,
        "rules_counts" | "rules_fig6_completions" => RULES_COUNTS,
        "rules_threats" => RULES_THREATS,
        "rules_fig6" => RULES_FIG6,
        "rules_fig8" => RULES_FIG8,
        "rules_fig5" => RULES_FIG5,
        "rules_fig13_completions" => RULES_FIG13_COMPLETIONS,
        "rules_fig13" => RULES_FIG13,
        "rules_fig14" => RULES_FIG14,
        "rules_fig14_arrangements" => RULES_FIG14_ARRANGEMENTS,
        "rules_fig14_position" => RULES_COUNTS,
        "levy_ch10_opening" => LEVY_BACKGAMMON_OPENING,
        "levy_ch10_perft" => LEVY_BACKGAMMON_PERFT,
        "levy_scores_ch09_replay" => LEVY_REPLAY,
        "levy_shogi_ch17_perft" => LEVY_SHOGI_PERFT,
        "levy_ch10" | "levy_ch13" | "levy_scores_ch08" | "levy_scores_ch09" | "levy_shogi_ch17" => LEVY_FIGURES,
        games if games.starts_with("levy_games_ch") => LEVY_FIGURES,
        mc if mc.starts_with("levy_chance_ch") && mc.ends_with("_mc") => LEVY_MONTE_CARLO,
        stats if stats.starts_with("levy_chance_ch") && stats.ends_with("_endgames") => LEVY_STATISTICS,
        chapter if chapter.starts_with("levy_chance_ch") => LEVY_FIGURES,
        "levy_chance_poker_classes" => LEVY_POKER_CLASSES,
        "levy_chance_designations" => LEVY_DESIGNATIONS,
        "levy_chance_draw" => LEVY_DRAW,
        _ => return None,
    })
}

/// The kind of column `column` of table `table`, if this schema declares
/// it.
///
/// ```
/// use plybench::study::schema::{Kind, column_kind};
///
/// assert_eq!(column_kind("perft_published", "computed"), Some(Kind::Exact));
/// assert_eq!(column_kind("perft_speed", "nps"), Some(Kind::Speed));
/// assert_eq!(column_kind("perft_stats_kiwipete", "verdict"), Some(Kind::Verdict));
/// assert_eq!(column_kind("summary", "seconds"), Some(Kind::Info));
/// assert_eq!(column_kind("perft_published", "colour"), None);
/// ```
pub fn column_kind(table: &str, column: &str) -> Option<Kind> {
    table_columns(table)?.iter().find(|(key, _)| *key == column).map(|&(_, kind)| kind)
}

/// The columns this schema declares for `table`, in order; `None` for a
/// table it does not know.
pub fn declared_columns(table: &str) -> Option<Vec<(&'static str, Kind)>> {
    table_columns(table).map(<[_]>::to_vec)
}

/// The column that holds the noise of speed column `column` of `table`: the
/// median absolute deviation of the timed runs over their median, a
/// fraction.
pub fn noise_column(table: &str, column: &str) -> Option<&'static str> {
    match (table, column) {
        ("perft_speed", "nps") | ("perft_mate_speed", "problems_per_second") => Some("spread"),
        _ => None,
    }
}

/// One column as the files describe it: `key`, `header` (when known),
/// `kind`, and `noise` for a speed whose noise another column gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnSchema {
    /// The column's key in the rows.
    pub key: String,
    /// Its heading for people.
    pub header: Option<String>,
    /// How it compares.
    pub kind: Kind,
    /// For a speed: the column holding its relative noise.
    pub noise: Option<String>,
}

impl ColumnSchema {
    /// The schema of column `key` of table `table`: its declared kind, or
    /// [`Kind::Exact`] when undeclared.
    pub fn of(table: &str, key: &str, header: Option<&str>) -> ColumnSchema {
        ColumnSchema {
            key: key.to_owned(),
            header: header.map(str::to_owned),
            kind: column_kind(table, key).unwrap_or(Kind::Exact),
            noise: noise_column(table, key).map(str::to_owned),
        }
    }

    /// The columns of `table`, described.
    pub fn of_table(table: &Table) -> Vec<ColumnSchema> {
        table.columns.iter().map(|Column { key, header }| ColumnSchema::of(&table.id, key, Some(header))).collect()
    }
}

impl Serialize for ColumnSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("key", &self.key)?;
        if let Some(header) = &self.header {
            map.serialize_entry("header", header)?;
        }
        map.serialize_entry("kind", self.kind.name())?;
        if let Some(noise) = &self.noise {
            map.serialize_entry("noise", noise)?;
        }
        map.end()
    }
}

/// A table as written to `<id>.json` in a report directory:
/// `schema_version`, `id`, `title`, `columns` (each with its `key`,
/// `header`, `kind` and, for a speed, the `noise` column), `rows` (always an
/// array of objects, one field per column) and `notes`.
///
/// ```
/// use plybench::report::{Cell, Column, Table};
/// use plybench::study::schema::TableDocument;
///
/// let mut table = Table::new("kalah_bell", "Bell", vec![Column::new("figure", "Figure"), Column::new("computed", "Computed")]);
/// table.push(vec![Cell::from("board test, 1 pits: moves"), Cell::from("1")]);
/// let json = serde_json::to_value(TableDocument(&table))?;
/// assert_eq!(json["schema_version"], 1);
/// assert_eq!(json["columns"][0]["kind"], "key");
/// assert_eq!(json["columns"][1]["kind"], "exact");
/// assert_eq!(json["rows"][0]["computed"], "1");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TableDocument<'a>(pub &'a Table);

impl TableDocument<'_> {
    /// The document as pretty-printed JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("tables always serialize");
        json.push('\n');
        json
    }
}

impl Serialize for TableDocument<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let table = self.0;
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("schema_version", &SCHEMA_VERSION)?;
        map.serialize_entry("id", &table.id)?;
        map.serialize_entry("title", &table.title)?;
        map.serialize_entry("columns", &ColumnSchema::of_table(table))?;
        map.serialize_entry("rows", &Rows(table))?;
        map.serialize_entry("notes", &table.notes)?;
        map.end()
    }
}

/// A table's rows as an array of objects, whatever its shape.
struct Rows<'a>(&'a Table);

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.shape {
            Shape::Rows => self.0.serialize(serializer),
            Shape::Object => {
                let mut seq = serializer.serialize_seq(Some(1))?;
                seq.serialize_element(self.0)?;
                seq.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Cell;

    #[test]
    fn kinds_round_trip_their_names() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(Kind::from_name("count"), None);
    }

    #[test]
    fn every_declared_table_has_a_key_and_no_column_twice() {
        for table in [
            "summary",
            "kalah_table",
            "kalah_bell",
            "perft_published",
            "perft_speed",
            "perft_deep",
            "perft_stats_initial",
            "perft_mate_bell",
            "perft_mate_fig3_4",
            "perft_mate_fig3_5",
            "perft_mate_problems",
            "perft_mate_speed",
            "perft_eppstein",
            "alphabeta_chess",
            "alphabeta_kalah",
            "alphabeta_tictactoe",
            "alphabeta_depths",
            "alphabeta_newborn",
            "alphabeta_deep_exact",
            "checkers_perft_opening",
            "checkers_cochran_games",
            "checkers_bench",
            "go_legal",
            "go_legal_squares",
            "go_legal_rectangles",
            "go_games",
            "rules_tictactoe",
            "rules_games_perft",
            "rules_games_by_ply",
            "rules_agreement",
            "rules_bench",
            "rules_conjugues_check",
            "rules_conjugues",
            "rules_conditions",
            "rules_modifications",
            "rules_refinement",
            "rules_counts",
            "rules_threats",
            "rules_fig6_completions",
            "rules_fig6",
            "rules_fig8",
            "rules_fig5",
            "rules_fig13_completions",
            "rules_fig13",
            "levy_chance_ch06",
            "levy_chance_ch06_mc",
            "levy_chance_ch18_endgames",
            "levy_chance_poker_classes",
            "levy_chance_designations",
            "levy_chance_draw",
        ] {
            let columns = declared_columns(table).unwrap();
            assert!(columns.iter().any(|&(_, k)| k == Kind::Key), "{table} has no key column");
            for (i, (key, _)) in columns.iter().enumerate() {
                assert!(!columns[..i].iter().any(|(k, _)| k == key), "{table}.{key} twice");
            }
        }
        assert_eq!(declared_columns("perft_stats_initial"), declared_columns("perft_stats_position_4"));
        assert!(declared_columns("bench").is_none());
    }

    #[test]
    fn noise_columns_are_declared_info_beside_their_speed() {
        assert_eq!(column_kind("perft_speed", "nps"), Some(Kind::Speed));
        assert_eq!(noise_column("perft_speed", "nps").and_then(|n| column_kind("perft_speed", n)), Some(Kind::Info));
        assert_eq!(noise_column("checkers_bench", "nps"), None);
    }

    #[test]
    fn a_document_keeps_every_row_and_field() {
        let mut table = Table::new(
            "perft_speed",
            "speed",
            vec![Column::new("repr", "Representation"), Column::new("nps", "Nodes/s"), Column::new("new", "New")],
        );
        table.push(vec![Cell::from("x88"), Cell::float(1.5e6, 0), Cell::Null]);
        table.note("a note");
        let json: serde_json::Value = serde_json::from_str(&TableDocument(&table).to_json()).unwrap();
        assert_eq!(json["schema_version"], SCHEMA_VERSION);
        assert_eq!(json["id"], "perft_speed");
        assert_eq!(json["rows"], serde_json::to_value(&table).unwrap());
        assert_eq!(json["notes"][0], "a note");
        assert_eq!(
            json["columns"][1],
            serde_json::json!({"key": "nps", "header": "Nodes/s", "kind": "speed", "noise": "spread"})
        );
        assert_eq!(json["columns"][2]["kind"], "exact", "an undeclared column is compared exactly");
        let text = TableDocument(&table).to_json();
        assert!(text.find("schema_version").unwrap() < text.find("\"rows\"").unwrap());
    }

    #[test]
    fn a_record_becomes_one_row() {
        let table = Table::record("summary", "S", vec![("study", "Study", Cell::from("kalah"))]);
        let json = serde_json::to_value(TableDocument(&table)).unwrap();
        assert_eq!(json["rows"], serde_json::json!([{"study": "kalah"}]));
    }
}
