//! `goban legal` and `goban games`: Tromp's counts of legal positions by the
//! border program, and the game counts of tiny boards, each beside its
//! published value.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use plybench::Error;
use plybench::batch::Job;
use plybench::batch::Shard;
use plybench::engine::go::GoError;
use plybench::engine::go::legal::games::{check_games_board, count_games};
use plybench::engine::go::legal::snapshot::{is_snapshot, read_header};
use plybench::engine::go::legal::{
    LegalCount, LegalResidue, Saving, Storage, check_board, count_positions, count_positions_modulo,
    count_positions_modulo_saved, count_positions_saved, moduli_for, resume_positions, resume_positions_modulo,
    snapshot_disk,
};
use plybench::engine::limit::check_threads;
use plybench::engine::memory::MemoryLimit;
use plybench::engine::progress::Progress;
use plybench::engine::spill::available_bytes;
use plybench::report::{Cell, Column, Format, Table, Tally};
use plybench::study::go::legal::moduli::{LegalModuli, Params, UnitSnapshots};
use plybench::study::go::legal::{games_table, legal_table};
use plybench_cli::resume::Resume;
use plybench_cli::{
    Flag, FlagError, INTERRUPTED, STOP, Usage, default_shard_file, emit, progress, run_batch, stop_on_signal,
};

#[derive(Args)]
pub struct LegalArgs {
    /// Side of a square board, or a range of sides such as 1-7 (one row each).
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    size: Option<String>,
    /// Rows of a rectangular board (with --cols).
    #[arg(long, requires = "cols")]
    rows: Option<usize>,
    /// Columns of a rectangular board (with --rows).
    #[arg(long, requires = "rows")]
    cols: Option<usize>,
    /// Threads; the counts do not depend on them.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    threads: usize,
    /// Memory limit for the border states, in GiB (default: 14 or 3/4 of the machine); in work units (--checkpoint, --shard, --resume), shared by the --threads units that run at once.
    #[arg(long)]
    max_memory: Option<MemoryLimit>,
    /// Count modulo one prime only: the K-th largest prime below 2^64, from 0 (one independent part of a count by residues; with --snapshot, a job that survives being stopped).
    #[arg(long, value_name = "K", conflicts_with_all = ["checkpoint", "resume", "shard"])]
    modulus: Option<usize>,
    /// Save the count's border states to FILE after a point, at most every --snapshot-minutes, each time replacing it whole; Ctrl-C or SIGTERM saves after the point under way and exits 130; --resume FILE finishes the count, and FILE is removed when it completes.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["checkpoint", "resume", "shard"])]
    snapshot: Option<PathBuf>,
    /// Minutes between two snapshots (with --snapshot, or --resume of a snapshot); in work units (--checkpoint, --shard, --resume), between two snapshots of a unit, saved beside the batch file as FILE.modulus-K.snapshot so that a unit stopped goes on from there when the run resumes.
    #[arg(long, value_name = "MINUTES", default_value_t = 10.0, allow_negative_numbers = true)]
    snapshot_minutes: f64,
    /// Keep the states between two points in a file beside the --snapshot FILE (or the snapshot given to --resume) instead of in memory: about half the memory a state, for two layers of disk; each snapshot is then a rename.
    #[arg(long)]
    layers_on_disk: bool,
    /// In work units (--checkpoint, --shard, --resume): save no unit's states as it goes, so no disk is needed beside the batch file, and a unit stopped starts its prime again.
    #[arg(long, conflicts_with_all = ["snapshot", "modulus"])]
    no_unit_snapshots: bool,
    /// Count by residues in work units, one prime each, recording each in FILE as it completes (resumable with --resume; `plybench merge` finishes shards).
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    checkpoint: Option<PathBuf>,
    /// Continue the count by residues recorded in FILE, or finish the count saved in the --snapshot FILE (a board given beside it must agree).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Count only primes i with i % N == K-1, recorded in the --checkpoint file (default: go-legal-shard-K-of-N.json); `plybench merge` recovers the count from the N files by the Chinese remainder theorem.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
}

#[derive(Args)]
pub struct GamesArgs {
    /// Rows of the board.
    #[arg(long)]
    rows: usize,
    /// Columns of the board (rows × columns at most 4).
    #[arg(long)]
    cols: usize,
    /// Threads; the counts do not depend on them.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    threads: usize,
}

/// The boards asked for, and the flag they came from.
fn boards(args: &LegalArgs) -> anyhow::Result<(Vec<(usize, usize)>, &'static str)> {
    if let (Some(rows), Some(cols)) = (args.rows, args.cols) {
        check_board(rows, cols).flag("--rows/--cols")?;
        return Ok((vec![(rows, cols)], "--rows/--cols"));
    }
    let Some(text) = args.size.as_deref() else {
        return Err(Usage("give --size N (or a range such as 1-7), or --rows M --cols N".into()).into());
    };
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| Usage::flag("--size", format!("{text:?}; expected a side such as 7 or a range such as 1-7")))
    };
    let (from, to) = match text.split_once('-') {
        Some((a, b)) => (side(a)?, side(b)?),
        None => (side(text)?, side(text)?),
    };
    if from > to {
        return Err(Usage::flag("--size", format!("{text:?}; the range must run upwards")).into());
    }
    for n in [from, to] {
        check_board(n, n).flag("--size")?;
    }
    Ok(((from..=to).map(|n| (n, n)).collect(), "--size"))
}

/// Names the flag to change when a count is refused.
fn name_flag(error: Error, board_flag: &'static str) -> anyhow::Error {
    match error {
        e @ Error::Go(GoError::LegalMemory { .. }) => FlagError::new("--max-memory", e).into(),
        e @ Error::Go(GoError::LegalBoard { .. }) => FlagError::new(board_flag, e).into(),
        e => e.into(),
    }
}

pub fn run(args: LegalArgs, matches: &clap::ArgMatches, format: Format) -> anyhow::Result<ExitCode> {
    let threads = check_threads(args.threads).flag("--threads")?;
    if let Some(path) = &args.snapshot {
        return run_saved(&args, path, false, threads, format);
    }
    if let Some(path) = args.resume.as_deref().filter(|path| is_snapshot(path)) {
        return run_saved(&args, path, true, threads, format);
    }
    if args.layers_on_disk {
        let why = "keeps the layers beside a snapshot; give --snapshot FILE, or --resume FILE of a snapshot";
        return Err(Usage::flag("--layers-on-disk", why).into());
    }
    if let Some(path) = &args.resume {
        let mut resume = Resume::load::<LegalModuli>(path, matches)?;
        resume.params.share_memory(args.max_memory.unwrap_or_default(), threads);
        if !args.no_unit_snapshots {
            save_units(&mut resume.params, &resume.path, "--resume", args.snapshot_minutes, threads)?;
        }
        if args.size.is_some() || args.rows.is_some() {
            let (boards, flag) = boards(&args)?;
            let recorded = (resume.params.rows, resume.params.cols);
            let show = |(r, c): (usize, usize)| format!("{r}x{c}");
            resume.check(
                flag,
                boards == [recorded],
                boards.first().map_or(String::new(), |&b| show(b)),
                show(recorded),
            )?;
        }
        resume.agree_shard(args.shard)?;
        let passed =
            run_batch::<LegalModuli>(&resume.params, None, Some(resume.path.clone()), resume.shard, threads, format)
                .map_err(|e| name_unit_flag(e, "--size"))?;
        return Ok(if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE });
    }
    let (boards, flag) = boards(&args)?;
    let memory = args.max_memory.unwrap_or_default();
    if args.checkpoint.is_some() || args.shard.is_some() {
        let &[(rows, cols)] = boards.as_slice() else {
            return Err(Usage::flag("--size", "a count in work units takes one board, not a range").into());
        };
        let mut params = Params::new(rows, cols).flag(flag)?;
        params.share_memory(memory, threads);
        let file = args.checkpoint.clone().or_else(|| args.shard.map(|k| default_shard_file(LegalModuli::TOOL, k)));
        if let Some(file) = file.filter(|_| !args.no_unit_snapshots) {
            let flag = if args.checkpoint.is_some() { "--checkpoint" } else { "--shard" };
            save_units(&mut params, &file, flag, args.snapshot_minutes, threads)?;
        }
        let passed = run_batch::<LegalModuli>(&params, args.checkpoint.clone(), None, args.shard, threads, format)
            .map_err(|e| name_unit_flag(e, flag))?;
        return Ok(if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE });
    }
    if let Some(index) = args.modulus {
        let mut runs = Vec::new();
        for &(rows, cols) in &boards {
            let bar = progress::bar(0, &format!("{rows}x{cols} mod p{index}"));
            let on_step = progress::follow(&bar);
            let run = count_positions_modulo(rows, cols, index, threads, memory, Progress::new(&on_step))
                .map_err(|e| name_modulus_flag(e, flag));
            bar.finish_and_clear();
            runs.push(run?);
        }
        emit(&[&residue_table(&runs)], format)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut runs = Vec::new();
    for &(rows, cols) in &boards {
        let bar = progress::bar(0, &format!("{rows}x{cols}"));
        let on_step = progress::follow(&bar);
        let run = count_positions(rows, cols, threads, memory, Progress::new(&on_step)).map_err(|e| name_flag(e, flag));
        bar.finish_and_clear();
        runs.push(run?);
    }
    let table = legal_table("go_legal", "Legal Go positions", &boards, &runs)?;
    emit(&[&table], format)?;
    Ok(if Tally::of([&table]).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// What a count saved as it goes gave.
enum Saved {
    Count(LegalCount),
    Residue(LegalResidue),
}

/// `goban legal --snapshot FILE` (`resuming` false), or `--resume FILE` of
/// a snapshot (`resuming` true): one board counted as [`count_positions`]
/// counts it, or modulo one prime as [`count_positions_modulo`] does
/// (`--modulus K`), saving itself to FILE.
fn run_saved(
    args: &LegalArgs,
    path: &Path,
    resuming: bool,
    threads: usize,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let every = snapshot_every(args.snapshot_minutes)?;
    let memory = args.max_memory.unwrap_or_default();
    let given = if args.size.is_some() || args.rows.is_some() { Some(boards(args)?) } else { None };
    let flag = if resuming { "--resume" } else { "--snapshot" };
    let storage = if args.layers_on_disk { Storage::Disk } else { Storage::Memory };
    let (rows, cols, modulus) = if resuming {
        let header = read_header(path).map_err(|e| FlagError::new("--resume", e))?;
        if let Some((boards, board_flag)) = &given
            && boards != &[(header.rows, header.cols)]
        {
            let why = format!(
                "{} counts {}x{}; drop {board_flag} or give that board",
                path.display(),
                header.rows,
                header.cols
            );
            return Err(Usage::flag(board_flag, why).into());
        }
        if storage == Storage::Disk {
            // One more layer beside the snapshot.
            let needed = snapshot_disk(header.rows, header.cols, memory, header.alone, storage) / 2;
            check_disk(path, needed, "--resume")?;
        }
        (header.rows, header.cols, header.modulus.filter(|_| header.alone))
    } else {
        let Some((boards, board_flag)) = &given else {
            return Err(Usage("give --size N or --rows M --cols N with --snapshot".into()).into());
        };
        let &[(rows, cols)] = boards.as_slice() else {
            return Err(Usage::flag(board_flag, "a count saved as it goes takes one board, not a range").into());
        };
        if path.exists() {
            let name = path.display();
            return Err(Usage::flag(
                "--snapshot",
                format!("{name} exists; finish it with --resume {name}, or remove it"),
            )
            .into());
        }
        plybench::report::check_file_writable(path).flag("--snapshot")?;
        check_disk(path, snapshot_disk(rows, cols, memory, args.modulus.is_some(), storage), "--snapshot")?;
        (rows, cols, args.modulus)
    };
    let flag_of_board = given.as_ref().map_or("--resume", |(_, board_flag)| *board_flag);
    stop_on_signal()?;
    let saving = Saving { path, every, stop: Some(&STOP), storage };
    let label = match modulus {
        Some(index) => format!("{rows}x{cols} mod p{index}"),
        None => format!("{rows}x{cols}"),
    };
    let bar = progress::bar(0, &label);
    let on_step = progress::follow(&bar);
    let progress = Progress::new(&on_step);
    let outcome = match (resuming, modulus) {
        (true, None) => resume_positions(saving, threads, memory, progress).map(Saved::Count),
        (true, Some(_)) => resume_positions_modulo(saving, threads, memory, progress).map(Saved::Residue),
        (false, None) => count_positions_saved(rows, cols, threads, memory, progress, saving).map(Saved::Count),
        (false, Some(index)) => {
            count_positions_modulo_saved(rows, cols, index, threads, memory, progress, saving).map(Saved::Residue)
        }
    };
    bar.finish_and_clear();
    let saved = match outcome {
        Err(Error::Go(GoError::LegalStopped { path, point, points })) => {
            eprintln!(
                "interrupted: the count saved after point {point} of {points} to {path}; resume with --resume {path}"
            );
            return Ok(ExitCode::from(INTERRUPTED));
        }
        Err(Error::Go(e @ GoError::LegalSnapshot { .. })) => return Err(FlagError::new(flag, e).into()),
        other => other.map_err(|e| name_modulus_flag(e, flag_of_board))?,
    };
    let note = format!("Saved as it went in {}, removed now that the count is complete.", path.display());
    let (mut table, passed) = match saved {
        Saved::Count(run) => {
            let table = legal_table("go_legal", "Legal Go positions", &[(rows, cols)], &[run])?;
            let passed = Tally::of([&table]).passed();
            (table, passed)
        }
        Saved::Residue(run) => (residue_table(&[run]), true),
    };
    table.note(note);
    emit(&[&table], format)?;
    Ok(if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `--snapshot-minutes` as a time.
fn snapshot_every(minutes: f64) -> anyhow::Result<Duration> {
    if !(0.0..=1e6).contains(&minutes) {
        return Err(Usage::flag("--snapshot-minutes", format!("{minutes}; give 0 to 1000000 minutes")).into());
    }
    Ok(Duration::from_secs_f64(minutes * 60.0))
}

/// Has the units of a run by residues recorded in `file` save their states
/// beside it as they go ([`UnitSnapshots`]), every `--snapshot-minutes`,
/// when its directory has room for the snapshots of the units that run at
/// once (`flag` gave the file).
fn save_units(
    params: &mut Params,
    file: &Path,
    flag: &'static str,
    minutes: f64,
    threads: usize,
) -> anyhow::Result<()> {
    let every = snapshot_every(minutes)?;
    let at_once = threads.min(params.moduli).max(1) as u64;
    let needed = snapshot_disk(params.rows, params.cols, params.memory, true, Storage::Memory).saturating_mul(at_once);
    check_disk(file, needed, flag)?;
    params.snapshots = Some(UnitSnapshots { stem: file.to_owned(), every });
    Ok(())
}

/// Refuses snapshots beside `path` when its directory has less room than
/// the `needed` bytes they may take ([`snapshot_disk`]); `flag` gave the
/// path.
fn check_disk(path: &Path, needed: u64, flag: &'static str) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let free = available_bytes(dir).map_err(|e| Usage::flag(flag, e))?;
    if needed > free {
        let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
        let why = format!(
            "{} has {:.1} GiB free, and the count's snapshots may take {:.1} GiB; free room or save elsewhere",
            dir.display(),
            gib(free),
            gib(needed)
        );
        return Err(Usage::flag(flag, why).into());
    }
    Ok(())
}

/// Names the flag to change when a work unit's count is refused (as
/// [`name_flag`]); other errors of a batch run pass unchanged.
fn name_unit_flag(error: anyhow::Error, board_flag: &'static str) -> anyhow::Error {
    match error.downcast::<Error>() {
        Ok(e) => name_flag(e, board_flag),
        Err(e) => e,
    }
}

/// Names `--modulus` for a prime past the list, else as [`name_flag`].
fn name_modulus_flag(error: Error, board_flag: &'static str) -> anyhow::Error {
    match error {
        e @ Error::Go(GoError::LegalBoard { .. }) if e.to_string().contains("modulus") => {
            FlagError::new("--modulus", e).into()
        }
        e => name_flag(e, board_flag),
    }
}

/// The counts modulo one prime: no published value to compare with.
fn residue_table(runs: &[LegalResidue]) -> Table {
    let mut t = Table::new(
        "go_legal_residue",
        "Legal Go positions modulo a prime",
        vec![
            Column::new("rows", "Rows"),
            Column::new("cols", "Columns"),
            Column::new("modulus_index", "Modulus"),
            Column::new("modulus", "Prime"),
            Column::new("residue", "Legal positions mod prime"),
            Column::new("moduli_needed", "Primes the count needs"),
            Column::new("states", "Most border states"),
        ],
    );
    for r in runs {
        t.push(vec![
            r.rows.into(),
            r.cols.into(),
            r.index.into(),
            Cell::UInt(u128::from(r.modulus)),
            Cell::UInt(u128::from(r.residue)),
            moduli_for(r.rows, r.cols).into(),
            r.max_states.into(),
        ]);
    }
    t.note(
        "One part of a count by residues: with the residues of every prime the count needs, the Chinese remainder \
         theorem gives the count (`goban legal --shard K/N` records them in files that `plybench merge` finishes).",
    );
    t
}

pub fn run_games(args: GamesArgs, format: Format) -> anyhow::Result<ExitCode> {
    let threads = check_threads(args.threads).flag("--threads")?;
    check_games_board(args.rows, args.cols).flag("--rows/--cols")?;
    let bar = progress::spinner(&format!("games on {}x{}", args.rows, args.cols));
    let run = count_games(args.rows, args.cols, threads);
    bar.finish_and_clear();
    let table = games_table(&[(args.rows, args.cols)], &[run?])?;
    emit(&[&table], format)?;
    Ok(if Tally::of([&table]).passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
