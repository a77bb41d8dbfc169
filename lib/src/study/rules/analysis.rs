//! What the program finds in the rules (Pitrat 1971, pp. 133-139): the
//! conjugués of the transfer statements, Pitrat's search checked against
//! the immediate post-dominators on every shipped rule file; the necessary
//! conditions and changes of the paper's chess moves; the moves with
//! modifications (chess, go-moku); the per-variable lists of his
//! refinement on the rule file where they matter.
//!
//! Published lists come from `datasets/rules/pitrat-1971.json` and are only
//! compared with: every list in the tables is computed by running the rule
//! files through the interpreter with [`Analysis`].

use serde::Deserialize;

use crate::engine::progress::{Progress, Step};
use crate::engine::rules::ast::{Entry, Node, Program};
use crate::engine::rules::conditions::{Analysis, Finding, Options, Output, Report, Words};
use crate::engine::rules::flow::{Flowchart, is_transfer};
use crate::engine::rules::games::{self, SHIPPED};
use crate::engine::rules::interp::{Algo, Interpreter};
use crate::engine::rules::parse::parse;
use crate::engine::rules::state::State;
use crate::engine::rules::threats::{Threat, Threats};
use crate::engine::rules::view::View;
use crate::report::{Cell, Column, Comparison, Published, Table, Verdict};
use crate::study::budget::Budget;
use crate::study::datasets::Parsed;
use crate::study::part::Part;
use crate::study::rules::figures;
use crate::{Error, Result};

const FILE: &str = "rules/pitrat-1971.json";

/// The dataset, as stored.
#[derive(Clone, Debug, Deserialize)]
pub struct Pitrat {
    /// The paper, for citations.
    pub source: String,
    /// Published conjugués.
    pub conjugues: Vec<PublishedConjugue>,
    /// Published condition lists of legal moves.
    pub conditions: Vec<PublishedConditions>,
    /// Published moves with modifications.
    pub modifications: Vec<PublishedModification>,
    /// Published counts.
    pub counts: Vec<PublishedCount>,
    /// Published immediate threats.
    pub threats: Vec<PublishedThreat>,
}

/// An immediate threat Q-R the paper gives.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedThreat {
    /// The row's key.
    pub key: String,
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The shipped rule file.
    pub rules: String,
    /// The position.
    pub position: String,
    /// The threatening move.
    pub q: String,
    /// The winning move it prepares.
    pub r: String,
    /// The opponent's move that wins after Q, if the paper eliminates Q.
    pub refuted_by: Option<String>,
}

/// A conjugué the paper names.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedConjugue {
    /// The row's key.
    pub key: String,
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The shipped rule file.
    pub rules: String,
    /// The transfer: the statement after the one labelled so.
    pub after_label: String,
    /// The conjugué's label.
    pub conjugue: String,
}

/// A legal move's conditions and changes as the paper lists them.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedConditions {
    /// The row's key.
    pub key: String,
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The shipped rule file.
    pub rules: String,
    /// The position (docs/rules.md text form).
    pub position: String,
    /// The move as [`Words::output`] writes it.
    pub mv: String,
    /// The conditions, in the paper's order.
    pub conditions: Vec<String>,
    /// The changes, in the paper's order.
    pub changes: Vec<String>,
}

/// A move (or result) with modifications as the paper lists it.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedModification {
    /// The row's key.
    pub key: String,
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The shipped rule file.
    pub rules: String,
    /// `moves` or `result`.
    pub algorithm: String,
    /// The position.
    pub position: String,
    /// Up to how many modifications to look.
    pub modifications: usize,
    /// The move as [`Words::output`] writes it.
    pub mv: String,
    /// The conditions, those not fulfilled written "becomes".
    pub conditions: Vec<String>,
}

/// A count the paper gives.
#[derive(Clone, Debug, Deserialize)]
pub struct PublishedCount {
    /// The row's key.
    pub key: String,
    /// Where in the paper.
    #[serde(rename = "where")]
    pub location: String,
    /// The value.
    pub value: u64,
}

#[derive(Deserialize)]
struct Raw {
    source: String,
    conjugues: Vec<PublishedConjugue>,
    conditions: Vec<RawConditions>,
    modifications: Vec<RawModification>,
    counts: Vec<PublishedCount>,
    threats: Vec<PublishedThreat>,
}

#[derive(Deserialize)]
struct RawConditions {
    key: String,
    #[serde(rename = "where")]
    location: String,
    rules: String,
    position: String,
    #[serde(rename = "move")]
    mv: String,
    conditions: Vec<String>,
    changes: Vec<String>,
}

#[derive(Deserialize)]
struct RawModification {
    key: String,
    #[serde(rename = "where")]
    location: String,
    rules: String,
    algorithm: String,
    position: String,
    modifications: usize,
    #[serde(rename = "move")]
    mv: String,
    conditions: Vec<String>,
}

/// The dataset, parsed once.
pub fn pitrat() -> Result<&'static Pitrat> {
    static FIGURES: Parsed<Pitrat> = Parsed::with(FILE, crate::study::datasets::RULES_PITRAT, read_pitrat);
    FIGURES.get()
}

/// The dataset's text read: every rule file it names is shipped, every
/// algorithm is `moves` or `result`.
fn read_pitrat(text: &str) -> std::result::Result<Pitrat, String> {
    let raw: Raw = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let known = |name: &str| {
        if games::find(name).is_some() { Ok(()) } else { Err(format!("`{name}` is not a shipped rule file")) }
    };
    for c in &raw.conjugues {
        known(&c.rules)?;
    }
    for t in &raw.threats {
        known(&t.rules)?;
    }
    let conditions = raw
        .conditions
        .into_iter()
        .map(|c| {
            known(&c.rules)?;
            Ok(PublishedConditions {
                key: c.key,
                location: c.location,
                rules: c.rules,
                position: c.position,
                mv: c.mv,
                conditions: c.conditions,
                changes: c.changes,
            })
        })
        .collect::<std::result::Result<Vec<_>, String>>()?;
    let modifications = raw
        .modifications
        .into_iter()
        .map(|m| {
            known(&m.rules)?;
            if m.algorithm != "moves" && m.algorithm != "result" {
                return Err(format!("{}: algorithm `{}` is neither moves nor result", m.key, m.algorithm));
            }
            Ok(PublishedModification {
                key: m.key,
                location: m.location,
                rules: m.rules,
                algorithm: m.algorithm,
                position: m.position,
                modifications: m.modifications,
                mv: m.mv,
                conditions: m.conditions,
            })
        })
        .collect::<std::result::Result<Vec<_>, String>>()?;
    Ok(Pitrat {
        source: raw.source,
        conjugues: raw.conjugues,
        conditions,
        modifications,
        counts: raw.counts,
        threats: raw.threats,
    })
}

/// A shipped rule file, parsed.
pub fn program(name: &str) -> Result<Program> {
    let game = games::find(name)
        .ok_or_else(|| Error::Dataset { name: FILE, why: format!("`{name}` is not a shipped rule file") })?;
    Ok(parse(game.file, game.text)?)
}

/// Runs the analysis of `algo` of `program` on `position` for the player
/// to move.
pub fn analyse(program: &Program, position: &str, algo: Algo, options: Options) -> Result<(Report, u8)> {
    let state = State::from_text(program, position)?;
    let interp = Interpreter::new(program)?;
    let analysis = Analysis::new(program, algo)?;
    let player = state.player();
    Ok((analysis.run(&interp, &state, player, options)?, player))
}

/// The finding that outputs `mv` (as [`Words::output`] writes it) with the
/// fewest modifications.
pub fn finding<'r>(report: &'r Report, words: &Words<'_>, mv: &str) -> Option<&'r Finding> {
    report.findings.iter().filter(|f| words.output(&f.output) == mv).min_by_key(|f| f.modifications())
}

/// The conditions of a finding as the dataset writes them.
pub fn condition_words(words: &Words<'_>, f: &Finding) -> Vec<String> {
    f.conditions.iter().map(|&c| words.condition(c)).collect()
}

fn compare(computed: Option<String>, published: &[String], source: &str) -> [Cell; 4] {
    let published = Published { value: published.join("; "), source: source.to_owned() };
    Comparison::new(computed, Some(&published)).cells()
}

/// Pitrat's search against the post-dominators, every transfer statement
/// of every shipped rule file.
pub fn conjugue_check() -> Result<Table> {
    let mut table = Table::new(
        "rules_conjugues_check",
        "Conjugués: Pitrat's two-step search against the immediate post-dominators (Cooper-Harvey-Kennedy)",
        vec![
            Column::new("rules", "rule file"),
            Column::new("algorithm", "algorithm"),
            Column::new("vertices", "flowchart vertices"),
            Column::new("transfers", "transfer statements"),
            Column::new("agree", "agree"),
            Column::new("verdict", "verdict"),
        ],
    );
    for game in SHIPPED {
        let program = parse(game.file, game.text)?;
        let algorithms = [("moves", Some(&program.moves)), ("result", program.result.as_ref())];
        for (name, algorithm) in algorithms {
            let Some(algorithm) = algorithm else { continue };
            let chart = Flowchart::new(algorithm, game.file)?;
            let ipdom = chart.post_dominators();
            let mut transfers = 0u64;
            let mut agree = 0u64;
            for (id, stmt) in algorithm.stmts.iter().enumerate() {
                if !is_transfer(&stmt.kind) {
                    continue;
                }
                let Some(s) = chart.at(Node { stmt: id, entry: Entry::Main }) else { continue };
                transfers += 1;
                let c = chart.conjugue(s);
                if c.is_some() && c == ipdom[s] {
                    agree += 1;
                }
            }
            let verdict = if agree == transfers { Verdict::Match } else { Verdict::Differs };
            table.push(vec![
                Cell::from(game.name),
                Cell::from(name),
                Cell::from(chart.len() as u64),
                Cell::from(transfers),
                Cell::from(agree),
                verdict.into(),
            ]);
        }
    }
    table.note(
        "A transfer agrees when the two-step search finds a conjugué and it is the immediate post-dominator computed \
         independently on the reversed flowchart. The test suite also checks both on random flowcharts.",
    );
    Ok(table)
}

/// The conjugués the paper names.
pub fn conjugue_table() -> Result<Table> {
    let data = pitrat()?;
    let mut table = Table::new(
        "rules_conjugues",
        "Conjugués the paper names",
        vec![
            Column::new("key", "transfer"),
            Column::new("rules", "rule file"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    for c in &data.conjugues {
        let program = program(&c.rules)?;
        let chart = Flowchart::new(&program.moves, &program.file)?;
        let computed = program
            .moves
            .stmts
            .iter()
            .position(|s| s.label.as_deref() == Some(c.after_label.as_str()))
            .and_then(|id| chart.at(Node { stmt: id + 1, entry: Entry::Main }))
            .and_then(|s| chart.conjugue(s))
            .map(|v| chart.name(v).to_owned());
        let published = Published { value: c.conjugue.clone(), source: c.location.clone() };
        let [computed, published, source, verdict] = Comparison::new(computed, Some(&published)).cells();
        table.push(vec![
            Cell::from(c.key.as_str()),
            Cell::from(c.rules.as_str()),
            computed,
            published,
            source,
            verdict,
        ]);
    }
    Ok(table)
}

/// The conditions and changes of the paper's chess moves.
pub fn conditions_table() -> Result<Table> {
    let data = pitrat()?;
    let mut table = Table::new(
        "rules_conditions",
        "Necessary conditions and changes of a move (pp. 136-137)",
        vec![
            Column::new("key", "move"),
            Column::new("list", "list"),
            Column::new("rules", "rule file"),
            Column::new("count", "computed count"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    for c in &data.conditions {
        let program = program(&c.rules)?;
        let (report, player) = analyse(&program, &c.position, Algo::Moves, Options::default())?;
        let words = Words { header: &program.header, player };
        let found = finding(&report, &words, &c.mv);
        let conditions = found.map(|f| condition_words(&words, f));
        let changes = found.map(|f| f.changes.iter().map(|&ch| words.change(ch)).collect::<Vec<_>>());
        for (list, computed, published) in [("conditions", conditions, &c.conditions), ("changes", changes, &c.changes)]
        {
            let count = computed.as_ref().map(|l| l.len() as u64);
            let [computed, published, source, verdict] =
                compare(computed.map(|l| l.join("; ")), published, &c.location);
            table.push(vec![
                Cell::from(c.key.as_str()),
                Cell::from(list),
                Cell::from(c.rules.as_str()),
                Cell::opt(count),
                computed,
                published,
                source,
                verdict,
            ]);
        }
    }
    table.note(
        "Conditions are kept as the paper says: the facts (OCCUPY, NATURE, indicatifs) read by IF and CPTD GO TO \
         statements, each erased when the run enters its statement's conjugué; a move outputs those still stored.",
    );
    Ok(table)
}

/// The moves (and the go-moku win) with modifications.
pub fn modifications_table(progress: Progress<'_>) -> Result<Table> {
    let data = pitrat()?;
    let mut table = Table::new(
        "rules_modifications",
        "Moves with modifications (p. 139): conditions, those not fulfilled written 'becomes'",
        vec![
            Column::new("key", "move"),
            Column::new("rules", "rule file"),
            Column::new("up_to", "modifications up to"),
            Column::new("runs", "runs"),
            Column::new("modifications", "computed modifications"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let total = data.modifications.len() as u64;
    for (i, m) in data.modifications.iter().enumerate() {
        let program = program(&m.rules)?;
        let algo = if m.algorithm == "result" { Algo::Result } else { Algo::Moves };
        let options = Options { modifications: m.modifications, ..Options::default() };
        let (report, player) = analyse(&program, &m.position, algo, options)?;
        let words = Words { header: &program.header, player };
        // A result may be found with several lists: the published one, if
        // found, else the first with the fewest modifications.
        let wanted: Vec<&str> = m.conditions.iter().map(String::as_str).collect();
        let found = report
            .findings
            .iter()
            .filter(|f| words.output(&f.output) == m.mv)
            .find(|f| condition_words(&words, f) == wanted)
            .or_else(|| finding(&report, &words, &m.mv));
        let mods = found.map(|f| f.modifications() as u64);
        let [computed, published, source, verdict] =
            compare(found.map(|f| condition_words(&words, f).join("; ")), &m.conditions, &m.location);
        table.push(vec![
            Cell::from(m.key.as_str()),
            Cell::from(m.rules.as_str()),
            Cell::from(m.modifications as u64),
            Cell::from(report.runs as u64),
            Cell::opt(mods),
            computed,
            published,
            source,
            verdict,
        ]);
        progress.report(Step { done: i as u64 + 1, total, nodes: report.runs as u128, label: &m.key });
    }
    table.note(
        "Each transfer that read a fact is resumed, after the normal run, for every other value of the fact that \
         changes where it goes, on the position with that value assumed, until the transfer's conjugué; a run may \
         modify again, up to the column's limit.",
    );
    Ok(table)
}

/// Pitrat's refinement on `figure4.rules`: each move's conditions without
/// and with the per-variable lists.
pub fn refinement_table() -> Result<Table> {
    let program = program("figure4")?;
    let position = "3/3/mMM 1";
    let mut table = Table::new(
        "rules_refinement",
        "Pitrat's refinement (Fig. 4): the conditions of each move of figure4.rules without and with the \
         per-variable lists",
        vec![
            Column::new("key", "move"),
            Column::new("plain", "push-down only"),
            Column::new("refined", "with per-variable lists"),
            Column::new("gained", "conditions gained"),
        ],
    );
    let (plain, player) = analyse(&program, position, Algo::Moves, Options::default())?;
    let (refined, _) = analyse(&program, position, Algo::Moves, Options { refined: true, ..Options::default() })?;
    let words = Words { header: &program.header, player };
    for f in &plain.findings {
        let mv = words.output(&f.output);
        let r = finding(&refined, &words, &mv);
        let plain_list = condition_words(&words, f);
        let refined_list = r.map(|r| condition_words(&words, r));
        let gained = refined_list.as_ref().map(|l| l.iter().filter(|c| !plain_list.contains(c)).count() as u64);
        table.push(vec![
            Cell::from(mv),
            Cell::from(plain_list.join("; ")),
            Cell::opt(refined_list.map(|l| l.join("; "))),
            Cell::opt(gained),
        ]);
    }
    table.note(format!(
        "Position `{position}` (first player's men on (2, 1) and (3, 1), a second player's man on (1, 1)). The step \
         forward needs the square ahead empty; the rules store that in BLOCK and test BLOCK after the conjugué of \
         the test, so the plain push-down loses the condition (the paper's objection, Fig. 4) and the lists give it \
         back."
    ));
    Ok(table)
}

/// What the threats search says of a couple: found, refuted, not found.
fn threat_verdict(found: Option<&Threat>, words: &Words<'_>) -> String {
    match found {
        None => "not found".to_owned(),
        Some(t) => match &t.refuted_by {
            None => "found".to_owned(),
            Some(m) => format!("found, refuted by {}", words.output(&Output::Move(*m))),
        },
    }
}

/// The immediate threats of Figs. 9-12 and of the go-moku examples.
pub fn threats_table(budget: Budget, progress: Progress<'_>) -> Result<Table> {
    let data = pitrat()?;
    let mut table = Table::new(
        "rules_threats",
        "Immediate threats Q-R (pp. 141-147): found by the search, and eliminated when the opponent wins after Q",
        vec![
            Column::new("key", "example"),
            Column::new("rules", "rule file"),
            Column::new("q", "Q"),
            Column::new("r", "R"),
            Column::new("threats", "threats found"),
            Column::new("replies", "opponent's replies after Q"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    let total = data.threats.len() as u64;
    for (i, t) in data.threats.iter().enumerate() {
        let program = program(&t.rules)?;
        let state = State::from_text(&program, &t.position)?;
        let player = state.player();
        let words = Words { header: &program.header, player };
        let big = state.width() * state.height() > 64;
        if big && budget == Budget::Quick {
            let published = Published { value: "found".to_owned(), source: t.location.clone() };
            let [computed, published, source, verdict] = Comparison::<String>::new(None, Some(&published)).cells();
            table.push(vec![
                Cell::from(t.key.as_str()),
                Cell::from(t.rules.as_str()),
                Cell::from(t.q.as_str()),
                Cell::from(t.r.as_str()),
                Cell::Null,
                Cell::Null,
                computed,
                published,
                source,
                verdict,
            ]);
            continue;
        }
        let found = Threats::new(&program)?.search(&state, player)?;
        let couple =
            found.iter().find(|c| words.output(&Output::Move(c.q)) == t.q && words.output(&Output::Move(c.r)) == t.r);
        let published = match &t.refuted_by {
            None => "found".to_owned(),
            Some(m) => format!("found, refuted by {m}"),
        };
        let published = Published { value: published, source: t.location.clone() };
        let [computed, published, source, verdict] =
            Comparison::new(Some(threat_verdict(couple, &words)), Some(&published)).cells();
        table.push(vec![
            Cell::from(t.key.as_str()),
            Cell::from(t.rules.as_str()),
            Cell::from(t.q.as_str()),
            Cell::from(t.r.as_str()),
            Cell::from(found.len() as u64),
            Cell::opt(couple.filter(|c| c.refuted_by.is_none()).map(|c| c.replies.len() as u64)),
            computed,
            published,
            source,
            verdict,
        ]);
        progress.report(Step { done: i as u64 + 1, total, nodes: found.len() as u128, label: &t.key });
    }
    table.note(
        "The positions of Figs. 9-12 are the figures' grids (× ours, the first player; the top line is ordinate 3), \
         played with tictactoe-moving.rules (docs/rules.md §5 says what was inferred). Q is every move (every move \
         touching a square of a win within two modifications, where the moves are many), R every move after it that \
         wins; the replies are the opponent's moves after which no winning move is left.",
    );
    Ok(table)
}

/// The counts the paper gives. Fig. 6's (Black's legal moves after the
/// key) cannot be computed: the text does not give the position
/// ([`figures::fig6_count_note`] says why, with the skeleton's count).
pub fn counts_table() -> Result<Table> {
    let data = pitrat()?;
    let mut table = Table::new(
        "rules_counts",
        "Counts the paper gives",
        vec![
            Column::new("key", "count"),
            Column::new("computed", "computed"),
            Column::new("published", "published"),
            Column::new("source", "source"),
            Column::new("verdict", "verdict"),
        ],
    );
    for c in &data.counts {
        let published = Published { value: c.value, source: c.location.clone() };
        let [computed, published, source, verdict] = Comparison::new(None, Some(&published)).cells();
        table.push(vec![Cell::from(c.key.as_str()), computed, published, source, verdict]);
    }
    if data.counts.iter().any(|c| c.key == figures::FIG6_COUNT) {
        table.note(figures::fig6_count_note()?);
    }
    Ok(table)
}

/// This part of the rules study at a budget (the quick budget leaves out the
/// go-moku threats, a few seconds each).
pub fn part(budget: Budget, progress: Progress<'_>) -> Result<Part> {
    let tables = vec![
        conjugue_check()?,
        conjugue_table()?,
        conditions_table()?,
        modifications_table(progress)?,
        refinement_table()?,
        threats_table(budget, progress)?,
        counts_table()?,
    ];
    let reading = vec![format!(
        "What the program finds in the rules ({}): the conjugué of every transfer statement by Pitrat's two-step \
         search, checked against the immediate post-dominators; the necessary conditions and changes of his chess \
         moves; the moves after up to N modifications; his refinement on a rule file where it matters.",
        pitrat()?.source
    )];
    Ok(Part { tables, plots: Vec::new(), reading })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dataset_parses_and_names_shipped_rule_files() {
        let data = pitrat().unwrap();
        assert!(!data.conditions.is_empty() && !data.modifications.is_empty());
    }

    #[test]
    fn every_conjugue_agrees_with_its_post_dominator() {
        let table = conjugue_check().unwrap();
        assert!(table.rows.iter().all(|r| r.last() == Some(&Cell::Verdict(Verdict::Match))), "{table:?}");
        let table = conjugue_table().unwrap();
        assert_eq!(table.rows[0][5], Cell::Verdict(Verdict::Match), "{table:?}");
    }
}
