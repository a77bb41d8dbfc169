//! The report files and their schema, on a real run: every table of the
//! quick reproduction has every column declared in `study::schema`, its
//! file reads back with those kinds, and the report compares equal to
//! itself.

use plybench::engine::progress::Progress;
use plybench::study::budget::Budget;
use plybench::study::compare::{Document, Options, ReportDir, Status, compare, parse_file};
use plybench::study::reproduce::{Options as RunOptions, RunInfo, Study, report_files, run_study};
use plybench::study::schema::{Kind, SCHEMA_VERSION, column_kind};

#[test]
fn every_column_of_the_quick_report_has_a_declared_kind_and_the_report_equals_itself() {
    let options = RunOptions { budget: Budget::Quick, seed: 1, studies: Study::ALL.to_vec() };
    let reports: Vec<_> =
        Study::ALL.iter().map(|&study| run_study(study, &options, Progress::NONE).expect("the study runs")).collect();
    let info = RunInfo {
        command: "test".into(),
        budget: "quick".into(),
        seed: 1,
        commit: "unknown".into(),
        machine: RunInfo::this_machine(),
        compiler: "rustc".into(),
        started: "2026-01-01T00:00:00Z".into(),
        threads: 1,
    };
    let mut undeclared = Vec::new();
    let mut dir = ReportDir { path: "quick".into(), ..ReportDir::default() };
    for (name, contents) in report_files(&info, &reports).unwrap() {
        let Some(stem) = name.strip_suffix(".json") else { continue };
        let text = String::from_utf8(contents).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["schema_version"], SCHEMA_VERSION, "{name}");
        match parse_file(stem, &text).unwrap_or_else(|e| panic!("{name}: {e}")) {
            Document::Run(run) => {
                assert_eq!(run["budget"], "quick");
                dir.run = Some(run);
            }
            Document::Table(table) => {
                assert_eq!(format!("{}.json", table.id), name);
                assert!(table.columns.iter().any(|c| c.kind == Kind::Key), "{name} has no key column");
                for column in &table.columns {
                    if column_kind(&table.id, &column.key) != Some(column.kind) {
                        undeclared.push(format!("{}.{}", table.id, column.key));
                    }
                }
                dir.tables.insert(name, table);
            }
        }
    }
    assert!(
        undeclared.is_empty(),
        "columns without a kind in lib/src/study/schema.rs (declare each as key, exact, verdict, speed or info): {}",
        undeclared.join(", ")
    );
    assert!(dir.run.is_some() && dir.tables.len() >= 15, "{} tables", dir.tables.len());

    let diff = compare(dir.clone(), dir, &Options::default());
    assert!(diff.changes.is_empty(), "{:?}", diff.changes);
    assert!(diff.rows > 200 && diff.values > 1000, "{} rows, {} values", diff.rows, diff.values);
    assert_eq!(diff.count(Status::Changed), 0);
}
