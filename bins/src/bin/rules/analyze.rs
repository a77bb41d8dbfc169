//! `rules conditions`, `rules conjugues` and `rules threats`: what the
//! program finds in the rules (Pitrat 1971): each move's necessary
//! conditions and changes, the moves after up to N modifications, the
//! conjugué of every transfer statement, and the immediate threats of a
//! position with the opponent's replies.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use plybench::engine::limit::{Quantity, check_range};
use plybench::engine::rules::ast::{Entry, Node, Program};
use plybench::engine::rules::conditions::{Analysis, MAX_RUNS, Options, Output, Words};
use plybench::engine::rules::flow::{Flowchart, is_transfer};
use plybench::engine::rules::interp::{Algo, Interpreter};
use plybench::engine::rules::threats::Threats;
use plybench::report::{Cell, Column, Format, Table, Verdict};
use plybench_cli::{Flag, Usage, emit};

use crate::source::{self, LimitArgs, RuleFile};

/// Which algorithm of the rule file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Which {
    /// The algorithm enumerating legal moves.
    Moves,
    /// The algorithm indicating the winning state.
    Result,
}

#[derive(Args)]
pub struct ConditionsArgs {
    #[command(flatten)]
    file: RuleFile,
    /// The position, as docs/rules.md writes it (default: the start the rule file declares).
    #[arg(long)]
    position: Option<String>,
    /// The algorithm to study.
    #[arg(long, value_enum, default_value = "moves")]
    algorithm: Which,
    /// Also the moves that would exist after up to N modifications of the board.
    #[arg(long, default_value_t = 0)]
    modifications: usize,
    /// Pitrat's refinement: per-variable condition lists (his Fig. 4).
    #[arg(long)]
    refined: bool,
    /// The most runs (the normal one and the resumed ones), 1 to 100,000,000.
    #[arg(long, default_value_t = 100_000)]
    max_runs: usize,
    /// Only the moves (or results) needing exactly this many modifications (at most --modifications).
    #[arg(long)]
    only: Option<usize>,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
pub struct ConjuguesArgs {
    #[command(flatten)]
    file: RuleFile,
    /// The algorithm to study.
    #[arg(long, value_enum, default_value = "moves")]
    algorithm: Which,
}

#[derive(Args)]
pub struct ThreatsArgs {
    #[command(flatten)]
    file: RuleFile,
    /// The position, as docs/rules.md writes it (default: the start the rule file declares).
    #[arg(long)]
    position: Option<String>,
    #[command(flatten)]
    limits: LimitArgs,
}

fn algo(which: Which, program: &Program) -> anyhow::Result<Algo> {
    match which {
        Which::Moves => Ok(Algo::Moves),
        Which::Result if program.result.is_none() => {
            Err(Usage::flag("--algorithm", "this rule file has no RESULT algorithm; use --algorithm moves").into())
        }
        Which::Result => Ok(Algo::Result),
    }
}

pub fn run(args: ConditionsArgs, format: Format) -> anyhow::Result<ExitCode> {
    check_range(Quantity::Other("runs"), args.max_runs as u64, 1, MAX_RUNS as u64, "; the first is the normal run")
        .flag("--max-runs")?;
    if let Some(only) = args.only
        && only > args.modifications
    {
        let why = format!(
            "{only} modifications, but --modifications is {}, so none is explored; give --modifications {only} or more",
            args.modifications
        );
        return Err(Usage::flag("--only", why).into());
    }
    let limits = args.limits.analysis()?;
    let program = args.file.load()?;
    let algo = algo(args.algorithm, &program)?;
    let state = source::position(&args.position, &program)?;
    let interp = Interpreter::with_limits(&program, limits).flag(args.file.flag())?;
    let analysis = Analysis::new(&program, algo).map_err(plybench::Error::from)?;
    let player = state.player();
    let options = Options {
        refined: args.refined,
        modifications: args.modifications,
        max_runs: args.max_runs,
        memory: limits.memory,
    };
    let report = analysis.run(&interp, &state, player, options).map_err(|e| args.file.blame(e))?;
    let position = state.to_text(&program);
    let words = Words { header: &program.header, player };
    let mut table = Table::new(
        "rules_conditions_of_moves",
        &format!("{}: each output with its necessary conditions and changes, position {position}", program.file),
        vec![
            Column::new("output", "move or result"),
            Column::new("modifications", "modifications"),
            Column::new("conditions", "conditions (not fulfilled: 'becomes')"),
            Column::new("changes", "changes"),
        ],
    );
    for f in &report.findings {
        if args.only.is_some_and(|n| n != f.modifications()) {
            continue;
        }
        table.push(vec![
            Cell::from(words.output(&f.output)),
            Cell::from(f.modifications() as u64),
            Cell::from(f.conditions.iter().map(|&c| words.condition(c)).collect::<Vec<_>>().join("; ")),
            Cell::from(f.changes.iter().map(|&c| words.change(c)).collect::<Vec<_>>().join("; ")),
        ]);
    }
    table.note(format!(
        "{} runs ({} resumed runs refused by the rules on the assumed board, {} modifications left unexplored past \
         --max-runs); FRIEND is player {player}.",
        report.runs, report.refused, report.unexplored
    ));
    emit(&[&table], format)?;
    Ok(ExitCode::SUCCESS)
}

pub fn conjugues(args: ConjuguesArgs, format: Format) -> anyhow::Result<ExitCode> {
    let program = args.file.load()?;
    let algorithm = match algo(args.algorithm, &program)? {
        Algo::Moves => &program.moves,
        Algo::Result => program.result.as_ref().expect("checked"),
    };
    let chart = Flowchart::new(algorithm, &program.file).map_err(plybench::Error::from)?;
    let ipdom = chart.post_dominators();
    let mut table = Table::new(
        "rules_conjugues_of_transfers",
        &format!("{}: the conjugué of each transfer statement", program.file),
        vec![
            Column::new("line", "line"),
            Column::new("statement", "statement"),
            Column::new("conjugue", "conjugué (Pitrat's search)"),
            Column::new("post_dominator", "immediate post-dominator"),
            Column::new("verdict", "agree"),
        ],
    );
    for (id, stmt) in algorithm.stmts.iter().enumerate() {
        if !is_transfer(&stmt.kind) {
            continue;
        }
        let Some(s) = chart.at(Node { stmt: id, entry: Entry::Main }) else { continue };
        let c = chart.conjugue(s);
        let d = ipdom[s];
        let name = |v: Option<usize>| Cell::opt(v.map(|v| chart.name(v).to_owned()));
        let verdict = if c.is_some() && c == d { Verdict::Match } else { Verdict::Differs };
        table.push(vec![
            Cell::from(u64::from(stmt.line)),
            Cell::from(stmt.text.as_str()),
            name(c),
            name(d),
            verdict.into(),
        ]);
    }
    table.note(format!(
        "{} flowchart vertices (GO TO and END gone, SCANNING and LOOP as their flowcharts with XL and ZL, every \
         FINISHED one end).",
        chart.len()
    ));
    let passed = plybench::report::Tally::of(std::slice::from_ref(&table)).passed();
    emit(&[&table], format)?;
    Ok(if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

pub fn threats(args: ThreatsArgs, format: Format) -> anyhow::Result<ExitCode> {
    let limits = args.limits.analysis()?;
    let program = args.file.load()?;
    if program.result.is_none() {
        let why = "this rule file has no RESULT algorithm, so no move wins; threats need one (tictactoe, \
                   tictactoe-moving, gomoku)";
        return Err(Usage::flag(args.file.flag(), why).into());
    }
    let state = source::position(&args.position, &program)?;
    let position = state.to_text(&program);
    let search = Threats::with_limits(&program, limits).flag(args.file.flag())?;
    let player = state.player();
    let found = search.search(&state, player).map_err(|e| args.file.blame(e))?;
    let words = Words { header: &program.header, player };
    let said = |m| words.output(&Output::Move(m));
    let mut table = Table::new(
        "rules_threats_of_position",
        &format!("{}: the immediate threats Q-R of player {player}, position {position}", program.file),
        vec![
            Column::new("q", "Q (the threat)"),
            Column::new("r", "R (wins after Q)"),
            Column::new("refuted_by", "the opponent wins at once by"),
            Column::new("replies", "the opponent's replies after Q"),
        ],
    );
    for t in &found {
        let replies = if t.refuted_by.is_some() {
            None
        } else if t.replies.is_empty() {
            Some("none: Q wins".to_owned())
        } else {
            Some(t.replies.iter().map(|&m| said(m)).collect::<Vec<_>>().join(" "))
        };
        table.push(vec![
            Cell::from(said(t.q)),
            Cell::from(said(t.r)),
            Cell::opt(t.refuted_by.map(said)),
            Cell::opt(replies),
        ]);
    }
    table.note(format!(
        "Pitrat's search for a win (1971, pp. 140-152): a couple Q-R is two moves of player {player} such that, could \
         he play twice, R would win after Q; a move that wins at once is not a threat. After Q the opponent either \
         wins at once (the couple is refuted) or must destroy R: his replies are the moves after which player \
         {player} has no winning move. Couples found: {}.",
        found.len()
    ));
    emit(&[&table], format)?;
    Ok(ExitCode::SUCCESS)
}
