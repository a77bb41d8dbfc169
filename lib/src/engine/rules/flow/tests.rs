use proptest::prelude::*;

use super::*;
use crate::engine::rules::ast::{Expr, Function, Relation, Step, Stmt, SubMove, Target};

fn stmt(label: Option<&str>, kind: StmtKind, line: u32) -> Stmt {
    Stmt { label: label.map(str::to_owned), kind, line, text: String::new() }
}

fn var(name: &str) -> Expr {
    Expr::Var(name.to_owned())
}

fn call(f: Function, name: &str) -> Expr {
    Expr::Call(f, Box::new(var(name)))
}

fn cases(pairs: &[(&str, &str)]) -> Vec<(Expr, Name)> {
    pairs.iter().map(|&(v, l)| (var(v), l.to_owned())).collect()
}

fn steps(names: &[&str]) -> Vec<Step> {
    names.iter().map(|n| Step::Var((*n).to_owned())).collect()
}

/// The paper's chess fragment (pp. 131-132), the other pieces' routines
/// left out (each a `GO TO * XA`), castling's `M` a `FINISHED`.
pub(crate) fn chess_fragment() -> Algorithm {
    use StmtKind::*;
    let s = vec![
        stmt(Some("A"), Scanning("V".into(), "M".into()), 1),
        stmt(None, If(call(Function::Occupy, "V"), Relation::Eq, var("FRIEND"), "B".into(), "XA".into()), 2),
        stmt(
            Some("B"),
            ComputedGoTo(
                call(Function::Nature, "V"),
                cases(&[
                    ("KING", "CK"),
                    ("QUEEN", "CQ"),
                    ("ROOK", "CR"),
                    ("BISHOP", "CB"),
                    ("KNIGHT", "CN"),
                    ("PAWN", "CP"),
                ]),
            ),
            3,
        ),
        stmt(
            Some("CQ"),
            Loop("W".into(), "V".into(), steps(&["HP", "HN", "VP", "VN", "BP1", "BP2", "BN1", "BN2"]), "XA".into()),
            4,
        ),
        stmt(
            None,
            ComputedGoTo(call(Function::Occupy, "W"), cases(&[("EMPTY", "E"), ("FRIEND", "XCQ"), ("ENEMY", "F")])),
            5,
        ),
        stmt(Some("E"), Move(vec![SubMove::Travel(var("V"), var("W"))]), 6),
        stmt(None, GoTo("ZCQ".into()), 7),
        stmt(Some("F"), Move(vec![SubMove::Capture(var("W")), SubMove::Travel(var("V"), var("W"))]), 8),
        stmt(None, GoTo("XCQ".into()), 9),
        stmt(
            Some("CN"),
            Loop("Y".into(), "V".into(), steps(&["OT", "OMT", "MOT", "MOMT", "TO", "TMO", "MTO", "MTMO"]), "XA".into()),
            10,
        ),
        stmt(
            None,
            ComputedGoTo(call(Function::Occupy, "Y"), cases(&[("EMPTY", "H"), ("FRIEND", "XCN"), ("ENEMY", "I")])),
            11,
        ),
        stmt(Some("H"), Move(vec![SubMove::Travel(var("V"), var("Y"))]), 12),
        stmt(None, GoTo("XCN".into()), 13),
        stmt(Some("I"), Move(vec![SubMove::Capture(var("Y")), SubMove::Travel(var("V"), var("Y"))]), 14),
        stmt(None, GoTo("XCN".into()), 15),
        stmt(Some("CK"), GoTo("XA".into()), 16),
        stmt(Some("CR"), GoTo("XA".into()), 17),
        stmt(Some("CB"), GoTo("XA".into()), 18),
        stmt(Some("CP"), GoTo("XA".into()), 19),
        stmt(Some("M"), Finished, 20),
        stmt(None, End, 21),
    ];
    Algorithm { stmts: s }
}

fn conjugue_name(chart: &Flowchart, line_of_transfer: u32, algorithm: &Algorithm) -> String {
    let id = algorithm.stmts.iter().position(|s| s.line == line_of_transfer).unwrap();
    let v = chart.at(Node { stmt: id, entry: Entry::Main }).unwrap();
    chart.name(chart.conjugue(v).unwrap()).to_owned()
}

#[test]
fn the_conjugue_of_the_cptd_go_to_after_cq_is_xcq() {
    let algorithm = chess_fragment();
    let chart = Flowchart::new(&algorithm, "fragment").unwrap();
    assert_eq!(conjugue_name(&chart, 5, &algorithm), "XCQ");
    assert_eq!(conjugue_name(&chart, 11, &algorithm), "XCN");
    // The IF on OCCUPY(V) and the CPTD GO TO on NATURE(V): every branch
    // comes back to the next square.
    assert_eq!(conjugue_name(&chart, 2, &algorithm), "XA");
    assert_eq!(conjugue_name(&chart, 3, &algorithm), "XA");
}

#[test]
fn go_to_and_end_disappear_and_finished_is_the_end() {
    let algorithm = chess_fragment();
    let chart = Flowchart::new(&algorithm, "fragment").unwrap();
    // 21 statements: 8 GO TO, 1 END and 1 FINISHED have no vertex of their
    // own; A has 2 entries, CQ and CN 3 each; plus the end.
    assert_eq!(chart.len(), 21 - 10 + 1 + 2 + 2 + 1);
    let e = chart.at(Node { stmt: 5, entry: Entry::Main }).unwrap();
    assert_eq!(chart.successors(e).iter().map(|&v| chart.name(v)).collect::<Vec<_>>(), ["ZCQ"]);
    let m = chart.at(Node { stmt: 19, entry: Entry::Main }).unwrap();
    assert_eq!(m, chart.end());
    let xa = chart.at(Node { stmt: 0, entry: Entry::X }).unwrap();
    assert_eq!(chart.successors(xa).iter().map(|&v| chart.name(v)).collect::<Vec<_>>(), ["line 2", "FINISHED"]);
    // CK is a GO TO: a transfer to it arrives at XA.
    assert_eq!(chart.at(Node { stmt: 15, entry: Entry::Main }), Some(xa));
}

#[test]
fn pitrat_agrees_with_the_post_dominators_on_the_fragment() {
    let chart = Flowchart::new(&chess_fragment(), "fragment").unwrap();
    let ipdom = chart.post_dominators();
    for (s, c) in chart.conjugues() {
        assert_eq!(c, ipdom[s], "{}", chart.name(s));
    }
}

#[test]
fn an_unknown_label_names_the_statement() {
    let mut algorithm = chess_fragment();
    algorithm.stmts[6].kind = StmtKind::GoTo("ZCX".into());
    algorithm.stmts[6].text = ". GO TO * ZCX.".into();
    let err = Flowchart::new(&algorithm, "chess.rules").unwrap_err().to_string();
    assert!(err.starts_with("chess.rules:7: `. GO TO * ZCX.`"), "{err}");
    assert!(err.contains("ZCX"), "{err}");
}

#[test]
fn go_to_cycles_are_refused() {
    let algorithm = Algorithm {
        stmts: vec![
            stmt(Some("A"), StmtKind::GoTo("B".into()), 1),
            stmt(Some("B"), StmtKind::GoTo("A".into()), 2),
            stmt(None, StmtKind::End, 3),
        ],
    };
    assert!(Flowchart::new(&algorithm, "f").unwrap_err().to_string().contains("never end"));
}

#[test]
fn figure_3_the_move_after_both_branches_is_the_conjugue() {
    // IF a. B, C.  B. MOVE. GO TO D.  C. MOVE.  D. MOVE.  FINISHED.
    use StmtKind::*;
    let mv = || Move(vec![SubMove::Capture(var("BR"))]);
    let algorithm = Algorithm {
        stmts: vec![
            stmt(None, If(call(Function::Occupy, "BR"), Relation::Eq, var("EMPTY"), "B".into(), "C".into()), 1),
            stmt(Some("B"), mv(), 2),
            stmt(None, GoTo("D".into()), 3),
            stmt(Some("C"), mv(), 4),
            stmt(Some("D"), mv(), 5),
            stmt(None, Finished, 6),
            stmt(None, End, 7),
        ],
    };
    let chart = Flowchart::new(&algorithm, "fig3").unwrap();
    assert_eq!(conjugue_name(&chart, 1, &algorithm), "D");
}

#[test]
fn a_transfer_with_no_path_to_the_end_has_no_conjugue() {
    // v0 -> {v1, v2}; v1 -> v1 (a loop with no exit); v2 -> end.
    let chart = Flowchart::from_edges(vec![vec![1, 2], vec![1], vec![3], vec![]], 0, 3);
    assert_eq!(chart.conjugue(1), None);
    assert_eq!(chart.post_dominators()[1], None);
    assert_eq!(chart.conjugue(0), Some(2));
    assert_eq!(chart.post_dominators()[0], Some(2));
}

/// The immediate post-dominator from the definition, for small graphs: the
/// strict post-dominators of `s` (no path from `s` to the end avoids them),
/// and among them the one every other strictly post-dominates.
fn brute_ipdom(chart: &Flowchart, s: usize) -> Option<usize> {
    let reaches = |from: usize, avoid: Option<usize>| {
        let mut seen = vec![false; chart.len()];
        let mut stack = vec![from];
        if let Some(a) = avoid {
            seen[a] = true;
        }
        while let Some(v) = stack.pop() {
            if v == chart.end() {
                return true;
            }
            for &w in chart.successors(v) {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        false
    };
    if s == chart.end() || !reaches(s, None) {
        return None;
    }
    let strict: Vec<usize> = (0..chart.len())
        .filter(|&t| {
            t != s && (t == chart.end() || !chart.successors(s).iter().any(|&w| w != t && reaches(w, Some(t))))
        })
        .collect();
    strict
        .iter()
        .copied()
        .find(|&t| strict.iter().all(|&u| u == t || !reaches(t, Some(u)) || u == chart.end() && t == chart.end()))
}

fn graph() -> impl Strategy<Value = (Vec<Vec<usize>>, usize)> {
    (2usize..14)
        .prop_flat_map(|n| {
            let out = prop::collection::vec(prop::collection::vec(0..n, 1..4), n - 1);
            (out, Just(n))
        })
        .prop_map(|(mut out, n)| {
            let end = n - 1;
            out.push(Vec::new());
            for o in &mut out {
                o.sort_unstable();
                o.dedup();
            }
            (out, end)
        })
}

/// A random algorithm: labelled statements of every kind, transfers to
/// random labels (the auxiliary x‖L and z‖L included), ending with END.
fn algorithm() -> impl Strategy<Value = Algorithm> {
    (3usize..24)
        .prop_flat_map(|n| (Just(n), prop::collection::vec((0u8..10, prop::collection::vec(0usize..1000, 4)), n - 1)))
        .prop_map(|(n, raw)| {
            let kinds: Vec<u8> = raw.iter().map(|(k, _)| *k).collect();
            let mut targets: Vec<String> = (0..n - 1).map(|i| format!("L{i}")).collect();
            for (i, &k) in kinds.iter().enumerate() {
                if k == 7 || k == 8 {
                    targets.push(format!("XL{i}"));
                }
                if k == 8 {
                    targets.push(format!("ZL{i}"));
                }
            }
            let pick = |r: usize| targets[r % targets.len()].clone();
            let mut stmts = Vec::new();
            for (i, (k, r)) in raw.iter().enumerate() {
                let label = format!("L{i}");
                let kind = match k {
                    0 => StmtKind::Arithmetic(Target::Var("A".into()), Expr::Int(1)),
                    1 | 2 => StmtKind::Move(vec![SubMove::Capture(var("V"))]),
                    3 => StmtKind::If(call(Function::Occupy, "V"), Relation::Eq, var("EMPTY"), pick(r[0]), pick(r[1])),
                    4 => StmtKind::ComputedGoTo(
                        call(Function::Occupy, "V"),
                        (0..1 + r[3] % 3).map(|j| (Expr::Int(j as i64), pick(r[j]))).collect(),
                    ),
                    5 => StmtKind::GoTo(pick(r[0])),
                    6 => StmtKind::Finished,
                    7 => StmtKind::Scanning("V".into(), pick(r[0])),
                    8 => StmtKind::Loop("W".into(), "V".into(), steps(&["HP"]), pick(r[0])),
                    _ => StmtKind::Result(crate::engine::rules::ast::Outcome::NoVictory),
                };
                stmts.push(stmt(Some(&label), kind, i as u32 + 1));
            }
            stmts.push(stmt(None, StmtKind::End, n as u32));
            Algorithm { stmts }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn pitrat_equals_post_dominators_on_random_graphs((succ, end) in graph()) {
        let chart = Flowchart::from_edges(succ, 0, end);
        let ipdom = chart.post_dominators();
        for (s, &d) in ipdom.iter().enumerate() {
            prop_assert_eq!(chart.conjugue(s), d, "vertex {}", s);
            prop_assert_eq!(brute_ipdom(&chart, s), d, "vertex {} (brute force)", s);
        }
    }

    #[test]
    fn pitrat_equals_post_dominators_on_random_algorithms(algorithm in algorithm()) {
        // GO TO cycles are refused: nothing to compare.
        if let Ok(chart) = Flowchart::new(&algorithm, "random") {
            let ipdom = chart.post_dominators();
            for (s, c) in chart.conjugues() {
                prop_assert_eq!(c, ipdom[s], "{}", chart.name(s));
                prop_assert_eq!(brute_ipdom(&chart, s), ipdom[s], "{} (brute force)", chart.name(s));
            }
        }
    }
}

#[test]
fn pitrat_agrees_with_the_post_dominators_on_every_shipped_rule_file() {
    use crate::engine::rules::{games::SHIPPED, parse::parse};
    let mut transfers = 0;
    for game in SHIPPED {
        let program = parse(game.file, game.text).unwrap_or_else(|e| panic!("{e}"));
        for algorithm in std::iter::once(&program.moves).chain(program.result.as_ref()) {
            let chart = Flowchart::new(algorithm, game.file).unwrap_or_else(|e| panic!("{e}"));
            let ipdom = chart.post_dominators();
            for (id, stmt) in algorithm.stmts.iter().enumerate() {
                if !is_transfer(&stmt.kind) {
                    continue;
                }
                let s = chart.at(Node { stmt: id, entry: Entry::Main }).unwrap();
                let c = chart.conjugue(s);
                assert!(c.is_some(), "{}:{}: no path to the end", game.file, stmt.line);
                assert_eq!(c, ipdom[s], "{}:{}", game.file, stmt.line);
                transfers += 1;
            }
        }
    }
    assert!(transfers > 20, "{transfers} transfers");
}

#[test]
fn the_shipped_pitrat_chess_has_xcq_after_cq() {
    use crate::engine::rules::{games::find, parse::parse};
    let game = find("pitrat-chess").unwrap();
    let program = parse(game.file, game.text).unwrap();
    let chart = Flowchart::new(&program.moves, game.file).unwrap();
    let cq = program.moves.stmts.iter().position(|s| s.label.as_deref() == Some("CQ")).unwrap();
    let s = chart.at(Node { stmt: cq + 1, entry: Entry::Main }).unwrap();
    assert_eq!(chart.name(chart.conjugue(s).unwrap()), "XCQ");
}
