use serde_json::json;

use super::*;

/// A report of the given files (`(name, JSON)`).
fn report(files: &[(&str, Value)]) -> ReportDir {
    let mut dir = ReportDir { path: "r".into(), ..ReportDir::default() };
    for (name, value) in files {
        match parse_file(name.trim_end_matches(".json"), &value.to_string()).unwrap() {
            Document::Run(run) => dir.run = Some(run),
            Document::Table(table) => {
                dir.tables.insert((*name).to_owned(), table);
            }
        }
    }
    dir
}

fn speed_table(nps: f64, spread: f64) -> Value {
    json!({
        "schema_version": 1, "id": "perft_speed", "title": "speed",
        "columns": [
            {"key": "repr", "kind": "key"}, {"key": "nodes", "kind": "exact"},
            {"key": "spread", "kind": "info"}, {"key": "nps", "kind": "speed", "noise": "spread"},
            {"key": "median_seconds", "kind": "info"}
        ],
        "rows": [
            {"repr": "x88", "nodes": 197281, "spread": spread, "nps": nps, "median_seconds": 0.03},
            {"repr": "bitboard", "nodes": 197281, "spread": 0.01, "nps": 9.0e7, "median_seconds": 0.002}
        ],
        "notes": []
    })
}

fn counts_table(computed: u64, verdict: &str) -> Value {
    json!({
        "schema_version": 1, "id": "perft_published", "title": "published",
        "columns": [
            {"key": "position", "kind": "key"}, {"key": "depth", "kind": "key"},
            {"key": "computed", "kind": "exact"}, {"key": "verdict", "kind": "verdict"},
            {"key": "source", "kind": "info"}
        ],
        "rows": [
            {"position": "initial", "depth": 3, "computed": 8902, "verdict": "match", "source": "wiki"},
            {"position": "kiwipete", "depth": 2, "computed": computed, "verdict": verdict, "source": "wiki"}
        ],
        "notes": []
    })
}

fn diff(old: &[(&str, Value)], new: &[(&str, Value)]) -> ReportDiff {
    compare(report(old), report(new), &Options::default())
}

#[test]
fn a_report_agrees_with_itself() {
    let files = [("perft_published.json", counts_table(2039, "match")), ("perft_speed.json", speed_table(5e6, 0.02))];
    let d = diff(&files, &files);
    assert!(d.changes.is_empty(), "{:?}", d.changes);
    assert_eq!((d.files, d.rows, d.values), (2, 4, 8));
    assert!(!d.failed(true));
    assert!(d.table().notes[0].starts_with("No difference: 2 files, 4 rows, 8 values"));
}

#[test]
fn a_changed_count_names_file_table_row_and_field() {
    let d = diff(
        &[("perft_published.json", counts_table(2039, "match"))],
        &[("perft_published.json", counts_table(2040, "match"))],
    );
    assert_eq!(d.changes.len(), 1);
    let c = &d.changes[0];
    assert_eq!((c.file.as_str(), c.table.as_str()), ("perft_published.json", "perft_published"));
    assert_eq!((c.row.as_deref(), c.field.as_deref()), (Some("position=kiwipete, depth=2"), Some("computed")));
    assert_eq!((c.old.clone(), c.new.clone(), c.status), (Some(json!(2039)), Some(json!(2040)), Status::Changed));
    assert!(d.failed(false));
    let csv = d.table().render(crate::report::Format::Csv);
    assert!(
        csv.contains(
            "perft_published.json,perft_published,\"position=kiwipete, depth=2\",computed,exact,2039,2040,,,,changed"
        ),
        "{csv}"
    );
}

#[test]
fn a_changed_verdict_fails() {
    let d = diff(
        &[("perft_published.json", counts_table(2039, "match"))],
        &[("perft_published.json", counts_table(2039, "differs"))],
    );
    assert_eq!(d.changes.len(), 1);
    assert_eq!((d.changes[0].kind, d.changes[0].status), (Some(Kind::Verdict), Status::Changed));
    assert!(d.failed(false) && !d.counts_agree());
}

#[test]
fn speeds_warn_beyond_the_threshold_with_their_noise() {
    let old = [("perft_speed.json", speed_table(5.0e6, 0.02))];
    let small = diff(&old, &[("perft_speed.json", speed_table(4.6e6, 0.03))]);
    assert!(small.changes.is_empty(), "8% is within 10%: {:?}", small.changes);

    let slower = diff(&old, &[("perft_speed.json", speed_table(4.0e6, 0.03))]);
    assert_eq!(slower.changes.len(), 1);
    let c = &slower.changes[0];
    assert_eq!((c.status, c.row.as_deref(), c.field.as_deref()), (Status::Slower, Some("repr=x88"), Some("nps")));
    assert!((c.change.unwrap() + 0.2).abs() < 1e-12);
    assert_eq!((c.old_noise, c.new_noise), (Some(0.02), Some(0.03)));
    assert!(!slower.failed(false), "a speed alone does not fail");
    assert!(slower.failed(true), "unless asked");
    let text = slower.table().render(crate::report::Format::Csv);
    assert!(text.contains("nps,speed,5000000,4000000,-20.0,2.0,3.0,slower"), "{text}");

    let faster = diff(&old, &[("perft_speed.json", speed_table(6.0e6, 0.03))]);
    assert_eq!(faster.changes[0].status, Status::Faster);
    assert!(!faster.failed(true), "a speed-up never fails");

    let strict =
        compare(report(&old), report(&[("perft_speed.json", speed_table(4.6e6, 0.03))]), &Options { threshold: 0.05 });
    assert_eq!(strict.count(Status::Slower), 1);
}

#[test]
fn files_rows_and_columns_on_one_side_are_listed_without_failing() {
    let mut fewer_rows = counts_table(2039, "match");
    fewer_rows["rows"].as_array_mut().unwrap().pop();
    let mut more_columns = counts_table(2039, "match");
    more_columns["columns"].as_array_mut().unwrap().push(json!({"key": "fen", "kind": "exact"}));
    let d = diff(
        &[("perft_published.json", counts_table(2039, "match")), ("perft_speed.json", speed_table(5e6, 0.0))],
        &[("perft_published.json", fewer_rows), ("kalah_bell.json", json!([]))],
    );
    let statuses: Vec<(Option<&str>, Option<&str>, Status)> =
        d.changes.iter().map(|c| (c.row.as_deref(), c.field.as_deref(), c.status)).collect();
    assert_eq!(
        statuses,
        [
            (None, None, Status::OnlyInNew),
            (Some("position=kiwipete, depth=2"), None, Status::OnlyInOld),
            (None, None, Status::OnlyInOld),
        ]
    );
    assert_eq!(d.changes[0].file, "kalah_bell.json");
    assert_eq!(d.changes[2].file, "perft_speed.json");
    assert!(!d.failed(true));

    let d = diff(&[("perft_published.json", counts_table(2039, "match"))], &[("perft_published.json", more_columns)]);
    assert_eq!(d.changes.len(), 1);
    assert_eq!((d.changes[0].field.as_deref(), d.changes[0].status), (Some("fen"), Status::OnlyInNew));
}

#[test]
fn informational_fields_are_not_compared() {
    let mut new = counts_table(2039, "match");
    new["rows"][0]["source"] = json!("another source");
    let mut speed = speed_table(5e6, 0.02);
    speed["rows"][0]["median_seconds"] = json!(9.0);
    let d = diff(
        &[("perft_published.json", counts_table(2039, "match")), ("perft_speed.json", speed_table(5e6, 0.02))],
        &[("perft_published.json", new), ("perft_speed.json", speed)],
    );
    assert!(d.changes.is_empty(), "{:?}", d.changes);
}

#[test]
fn reals_compare_to_a_relative_tolerance_and_lists_element_by_element() {
    assert!(same(&json!(3.66553917533488), &json!(3.66553917533489)));
    assert!(!same(&json!(3.6655), &json!(3.6656)));
    assert!(same(&json!(10), &json!(10)) && !same(&json!(10), &json!(11)));
    assert!(!same(&json!(u64::MAX), &json!(u64::MAX - 1)));
    assert!(same(&json!(-3), &json!(-3)) && !same(&json!(-3), &json!(3)));
    assert!(same(&json!(["26-22", "9-13"]), &json!(["26-22", "9-13"])));
    assert!(!same(&json!(["26-22"]), &json!(["26-22", "9-13"])));
    assert!(!same(&json!(null), &json!(0)));
    assert!(same(&json!({"a": [1.0]}), &json!({"a": [1.0]})));
}

#[test]
fn rows_without_keys_pair_by_position_and_duplicate_keys_by_occurrence() {
    assert_eq!(label_rows(&[Row::new(), Row::new()], &[]), ["#1", "#2"]);
    let row = |d: u64| json!({"depth": d}).as_object().unwrap().clone();
    assert_eq!(label_rows(&[row(1), row(2), row(1)], &["depth"]), ["depth=1", "depth=2", "depth=1 (#2)"]);
}

#[test]
fn a_legacy_report_compares_with_a_versioned_one() {
    let legacy = json!([
        {"position": "initial", "depth": 3, "computed": 8902, "verdict": "match", "source": "wiki"},
        {"position": "kiwipete", "depth": 2, "computed": 2039, "verdict": "match", "source": "wiki"}
    ]);
    let d = diff(&[("perft_published.json", legacy)], &[("perft_published.json", counts_table(2039, "match"))]);
    assert!(d.changes.is_empty(), "{:?}", d.changes);
    assert_eq!(d.rows, 2);
}

#[test]
fn the_summary_names_both_runs() {
    let run = |budget: &str, machine: &str| json!({"schema_version": 1, "id": "run", "budget": budget, "commit": "abc", "machine": machine});
    let d = diff(
        &[("run.json", run("quick", "m1")), ("perft_speed.json", speed_table(5e6, 0.0))],
        &[("run.json", run("default", "m2")), ("perft_speed.json", speed_table(5e6, 0.0))],
    );
    let summary = serde_json::to_value(d.summary()).unwrap();
    assert_eq!((summary["old_budget"].as_str(), summary["new_budget"].as_str()), (Some("quick"), Some("default")));
    assert_eq!(summary["counts_agree"], true);
    assert_eq!(summary["files_compared"], 1, "run.json is the header, not a table");
    let notes = d.table().notes.join(" ");
    assert!(notes.contains("quick budget") && notes.contains("on m1 and NEW on m2"), "{notes}");
}

#[test]
fn the_summary_names_both_compilers_and_notes_a_change() {
    let run = |compiler: &str| json!({"schema_version": 1, "id": "run", "budget": "quick", "commit": "abc", "machine": "m", "compiler": compiler});
    let same = diff(&[("run.json", run("rustc 1.95.0"))], &[("run.json", run("rustc 1.95.0"))]);
    assert!(!same.table().notes.join(" ").contains("built by"));
    let d = diff(&[("run.json", run("rustc 1.95.0"))], &[("run.json", run("rustc 1.96.0"))]);
    let summary = serde_json::to_value(d.summary()).unwrap();
    assert_eq!(
        (summary["old_compiler"].as_str(), summary["new_compiler"].as_str()),
        (Some("rustc 1.95.0"), Some("rustc 1.96.0"))
    );
    let notes = d.table().notes.join(" ");
    assert!(notes.contains("built by rustc 1.95.0 and NEW by rustc 1.96.0"), "{notes}");
}

#[test]
fn thresholds_parse_as_percentages() {
    assert_eq!(parse_threshold("10%").unwrap(), 0.1);
    assert_eq!(parse_threshold(" 0 ").unwrap(), 0.0);
    assert_eq!(parse_threshold("1000%").unwrap(), 10.0);
    for bad in ["", "%", "-1%", "1001", "NaN", "ten", "10%%"] {
        let error = parse_threshold(bad).unwrap_err();
        assert!(error.is_usage() && error.to_string().contains("such as 10%"), "{bad}: {error}");
    }
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    /// A table of `rows` rows, keyed by `n`, with a count, a verdict and a speed.
    fn table(rows: &[(u64, String, f64)]) -> Value {
        let rows: Vec<Value> = rows
            .iter()
            .enumerate()
            .map(|(n, (count, verdict, nps))| json!({"n": n, "count": count, "verdict": verdict, "nps": nps}))
            .collect();
        json!({
            "schema_version": 1, "id": "t", "title": "t",
            "columns": [
                {"key": "n", "kind": "key"}, {"key": "count", "kind": "exact"},
                {"key": "verdict", "kind": "verdict"}, {"key": "nps", "kind": "speed"}
            ],
            "rows": rows, "notes": []
        })
    }

    fn rows() -> impl Strategy<Value = Vec<(u64, String, f64)>> {
        prop::collection::vec((any::<u64>(), "match|differs|known discrepancy", 1.0f64..1e9), 1..20)
    }

    proptest! {
        #[test]
        fn a_report_never_differs_from_itself(rows in rows()) {
            let d = diff(&[("t.json", table(&rows))], &[("t.json", table(&rows))]);
            prop_assert!(d.changes.is_empty());
            prop_assert_eq!((d.rows, d.values), (rows.len(), 3 * rows.len()));
        }

        #[test]
        fn one_changed_count_is_one_change_at_its_row(rows in rows(), pick in any::<prop::sample::Index>(), delta in 1u64..1000) {
            let i = pick.index(rows.len());
            let mut changed = rows.clone();
            changed[i].0 = changed[i].0.wrapping_add(delta);
            let d = diff(&[("t.json", table(&rows))], &[("t.json", table(&changed))]);
            prop_assert_eq!(d.changes.len(), 1);
            let c = &d.changes[0];
            prop_assert_eq!(c.row.clone(), Some(format!("n={i}")));
            prop_assert_eq!((c.field.as_deref(), c.status), (Some("count"), Status::Changed));
            prop_assert!(d.failed(false));
        }

        #[test]
        fn a_speed_is_flagged_exactly_beyond_the_threshold(
            rows in rows(), factor in 0.01f64..5.0, percent in 0u32..200,
        ) {
            let threshold = f64::from(percent) / 100.0;
            let scaled: Vec<_> = rows.iter().map(|(c, v, nps)| (*c, v.clone(), nps * factor)).collect();
            let d = compare(
                report(&[("t.json", table(&rows))]),
                report(&[("t.json", table(&scaled))]),
                &Options { threshold },
            );
            prop_assert!(d.counts_agree());
            for c in &d.changes {
                let moved = c.change.unwrap();
                prop_assert!(moved.abs() > threshold);
                prop_assert_eq!(c.status, if moved < 0.0 { Status::Slower } else { Status::Faster });
            }
            // Away from the edge, every row or none is flagged.
            if (factor - 1.0).abs() > threshold + 1e-6 {
                prop_assert_eq!(d.changes.len(), rows.len());
            } else if (factor - 1.0).abs() < threshold - 1e-6 {
                prop_assert!(d.changes.is_empty());
            }
            prop_assert_eq!(d.failed(true), factor < 1.0 && !d.changes.is_empty());
        }
    }
}
