//! The `levy` binary: its tables in every format, the chapters it selects,
//! its seeded Monte Carlo, and bad input.

use crate::common::{self, levy, levy_json as json};

use serde_json::Value;

fn row<'a>(rows: &'a Value, id: &str) -> &'a Value {
    rows.as_array().expect("rows").iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no row {id}"))
}

#[test]
fn a_chapter_prints_its_figures_with_verdicts() {
    let v = json(&["--quick", "--chapter", "12"]);
    let figures = &v["levy_chance_ch12"];
    let sf = row(figures, "fig45.sf");
    assert_eq!(sf["exact"], "1/64974");
    assert_eq!(sf["published"], "0.0000153");
    assert_eq!(sf["verdict"], "known discrepancy");
    assert!(sf["source"].as_str().unwrap().contains("line 2945"));
    assert_eq!(row(figures, "fig45.quads_one_in")["verdict"], "match");
    assert_eq!(row(figures, "pointer.6")["exact"], "31");
    let classes = v["levy_chance_poker_classes"].as_array().unwrap();
    assert_eq!(classes.last().unwrap()["hands"], 2_598_960);
    for table in ["levy_chance_designations", "levy_chance_draw", "levy_chance_ch12_mc"] {
        assert!(v[table].is_array(), "{table}");
    }
    assert!(v.get("levy_chance_ch11").is_none(), "only chapter 12");
}

#[test]
fn chapters_are_selected_by_a_list_and_every_format_prints() {
    let v = json(&["--quick", "--chapter", "6,18"]);
    assert!(v["levy_chance_ch06"].is_array() && v["levy_chance_ch18"].is_array());
    assert!(v.get("levy_chance_ch12").is_none());
    for format in ["table", "csv", "markdown"] {
        let out = levy(&["--quick", "--chapter", "16", "--format", format]);
        assert!(out.status.success(), "{format}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("block.best") && text.contains("fourth.partner_holds"), "{format}: {text}");
    }
    let csv = String::from_utf8(levy(&["--quick", "--chapter", "16", "--format", "csv"]).stdout).unwrap();
    assert!(csv.starts_with("id,figure,exact,decimal,published,source,verdict,note\n"), "{csv}");
}

#[test]
fn the_same_seed_gives_the_same_estimates() {
    let run =
        |seed: &str| json(&["--chapter", "6", "--samples", "5000", "--seed", seed])["levy_chance_ch06_mc"].clone();
    let one = run("5");
    assert_eq!(one, run("5"));
    assert_ne!(one, run("6"));
    let prior = row(&one, "prior_qjt");
    assert_eq!(prior["trials"], 5000);
    assert_eq!(prior["exact"], "5/44");
}

#[test]
fn every_chapter_at_the_quick_budget_passes() {
    let out = levy(&["--quick", "--format", "json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = common::stdout_json(&out.stdout);
    for chapter in ["06", "07", "11", "12", "15", "16", "18"] {
        let rows = v[format!("levy_chance_ch{chapter}")].as_array().unwrap_or_else(|| panic!("chapter {chapter}"));
        assert!(rows.iter().all(|r| r["verdict"] != "differs"), "chapter {chapter}");
    }
    for chapter in ["01", "02", "03", "05", "14"] {
        let rows = v[format!("levy_games_ch{chapter}")].as_array().unwrap_or_else(|| panic!("chapter {chapter}"));
        assert!(rows.iter().all(|r| r["verdict"] != "differs"), "chapter {chapter}");
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for (args, flag) in [
        (&["--chapter", "19"][..], "invalid --chapter"),
        (&["--chapter", "x"][..], "--chapter"),
        (&["--samples", "0"][..], "invalid --samples"),
        (&["--quick", "--full"][..], "--full"),
        (&["--format", "yaml"][..], "yaml"),
    ] {
        let out = levy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
    let out = levy(&["--chapter", "19"]);
    let every = (1..=18).map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
    assert!(String::from_utf8(out.stderr).unwrap().contains(&every));
}

#[test]
fn chapter_9_prints_every_game_replayed() {
    let v = json(&["--quick", "--chapter", "9"]);
    let plies = v["levy_scores_ch09_replay"].as_array().expect("the replay table");
    let mate = row(&v["levy_scores_ch09_replay"], "machack.41");
    assert_eq!(mate["printed"], "d1-d8");
    assert_eq!(mate["played"], "d1d8");
    assert_eq!(mate["mate"], true);
    let scan = row(&v["levy_scores_ch09_replay"], "challenger.27");
    assert_eq!(scan["verdict"], "read");
    assert!(scan["note"].as_str().unwrap().contains("Ra1-b1"), "{scan}");
    assert!(plies.iter().all(|p| p["verdict"] != "cannot be played" && p["verdict"] != "claim fails"));
    let figures = &v["levy_scores_ch09"];
    assert_eq!(row(figures, "stean.legal")["verdict"], "match");
    assert_eq!(row(figures, "shannon.years")["verdict"], "known discrepancy");
    assert!(v.get("levy_scores_ch08").is_none(), "only chapter 9");
    let table = String::from_utf8(levy(&["--quick", "--chapter", "9"]).stdout).unwrap();
    assert!(table.contains("e2–d1=Q") && table.contains("e2d1q"), "{table}");
}
