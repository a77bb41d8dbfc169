//! The compiled form as native code: the [`Compiled`] program written as
//! Rust ([`codegen`]), built by rustc into a shared library in a cache
//! directory (keyed by a hash of the source, which holds the rule file's
//! compiled code and plybench's run-time part, of plybench's version and of
//! the rustc used), and loaded with `libloading`. Its three entry points
//! (the moves of a position, the captures of `ILLEGAL`, the end of a game)
//! take the board as the caller holds it and write the moves into the
//! caller's buffers: no allocation and no dynamic dispatch in the
//! generated code.
//!
//! The compiled form stays the reference: when the native code stops on an
//! error (a type error, a run past its budget of steps or moves), the same
//! call is made on the compiled form, which gives the error with its
//! statement and line. Both charge the same steps at the same operations.
//!
//! Where rustc is and where the cache lies come from the caller
//! ([`NativeOptions`]); the engine reads no environment.

pub mod codegen;
pub mod error;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use super::ast::Program;
use super::compile::Compiled;
use super::error::RulesError;
use super::limits::Limits;
use super::perft::Rules;
use super::state::{MAX_SUBS, RuleMove, Square, State, Sub};
use super::view::View;
pub use codegen::ABI;
pub use error::NativeError;

/// Where rustc is and where built libraries are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeOptions {
    /// The rustc to run (a name looked up in `PATH`, or a path).
    pub rustc: PathBuf,
    /// The directory of built libraries (created if missing).
    pub cache: PathBuf,
}

/// One sub-move as the native code writes it (`prelude.in`'s `NSub`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
struct NSub {
    k: u8,
    n: u8,
    p: u8,
    x1: i8,
    y1: i8,
    x2: i8,
    y2: i8,
    pad: u8,
    v: i64,
}

/// The board handed to the native code (`prelude.in`'s `Board`).
#[repr(C)]
struct Board {
    cells: *const u8,
    width: i64,
    height: i64,
    values: *const i64,
    nvalues: usize,
}

/// A run's output and budget (`prelude.in`'s `Ctx`).
#[repr(C)]
struct Ctx {
    subs: *mut NSub,
    ends: *mut u32,
    cap: usize,
    nmoves: usize,
    nsubs: usize,
    full: u8,
    flag: u8,
    nsq: u8,
    sq: [[i8; 2]; 64],
    fuel: u64,
}

type Entry = unsafe extern "C" fn(*const Board, u8, *mut Ctx) -> i32;

/// A loaded library and its entry points.
struct Loaded {
    moves: Entry,
    captures: Entry,
    ended: Entry,
    /// Kept loaded while the entry points may be called.
    _lib: libloading::Library,
}

/// A rule file's native code, as a [`Rules`] for perft.
pub struct Native<'p> {
    compiled: Compiled<'p>,
    loaded: Arc<Loaded>,
    limits: Limits,
    has_result: bool,
    subs: Vec<NSub>,
    ends: Vec<u32>,
    path: PathBuf,
}

/// FNV-1a, 64 bits: a stable hash for the cache's keys.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The shared library's file name on this system.
fn library_name(stem: &str) -> String {
    format!("{}{stem}{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX)
}

/// The library of `source`, from the cache or built into it.
fn build(source: &str, options: &NativeOptions) -> Result<PathBuf, NativeError> {
    let rustc = options.rustc.to_string_lossy();
    let key = fnv(&[env!("CARGO_PKG_VERSION").as_bytes(), rustc.as_bytes(), source.as_bytes()]);
    let stem = format!("plybench_rules_{key:016x}");
    let dir = &options.cache;
    let lib = dir.join(library_name(&stem));
    if lib.is_file() {
        return Ok(lib);
    }
    let cache_error = |why: std::io::Error| NativeError::Cache { dir: dir.clone(), why: why.to_string() };
    std::fs::create_dir_all(dir).map_err(cache_error)?;
    let src = dir.join(format!("{stem}.rs"));
    // Temporary names of this process, renamed into place when complete:
    // two processes building the same key each finish their own.
    let unique = format!("{}.{}", std::process::id(), fnv(&[format!("{:?}", std::thread::current().id()).as_bytes()]));
    let tmp_src = dir.join(format!("{stem}.{unique}.rs.tmp"));
    std::fs::write(&tmp_src, source).map_err(cache_error)?;
    std::fs::rename(&tmp_src, &src).map_err(cache_error)?;
    let tmp_lib = dir.join(format!("{stem}.{unique}.tmp"));
    let output = Command::new(&options.rustc)
        .args(["--edition", "2024", "--crate-type", "cdylib", "--crate-name", &stem])
        .args(["-C", "opt-level=3", "-C", "panic=abort", "-C", "target-cpu=native", "-C", "debuginfo=0"])
        .arg("-o")
        .arg(&tmp_lib)
        .arg(&src)
        .output()
        .map_err(|e| NativeError::Rustc { rustc: options.rustc.clone(), why: e.to_string() })?;
    if !output.status.success() {
        let _ = std::fs::remove_file(&tmp_lib);
        let log = String::from_utf8_lossy(&output.stderr);
        let first = log.lines().find(|l| l.starts_with("error")).unwrap_or("rustc failed").trim().to_string();
        return Err(NativeError::Build { kept: src, first: crate::quote::one_line(&first) });
    }
    std::fs::rename(&tmp_lib, &lib).map_err(cache_error)?;
    Ok(lib)
}

/// Loads the library at `path` and checks its ABI.
#[allow(unsafe_code)]
fn load(path: &Path) -> Result<Loaded, NativeError> {
    let error = |why: String| NativeError::Load { path: path.to_path_buf(), why };
    // SAFETY: the library is one plybench built from its own generated
    // source (its name is the hash of that source); its initialisers are
    // Rust's, which do nothing.
    let lib = unsafe { libloading::Library::new(path) }.map_err(|e| error(e.to_string()))?;
    // SAFETY: the symbols are the generated `extern "C"` functions of
    // `prelude.in`, with these signatures.
    unsafe {
        let abi: libloading::Symbol<'_, extern "C" fn() -> u32> =
            lib.get(b"plybench_rules_abi").map_err(|e| error(e.to_string()))?;
        if abi() != ABI {
            return Err(error(format!("its ABI is {}, plybench's {ABI}", abi())));
        }
        let entry = |name: &[u8]| -> Result<Entry, NativeError> {
            let f: libloading::Symbol<'_, Entry> = lib.get(name).map_err(|e| error(e.to_string()))?;
            Ok(*f)
        };
        let (moves, captures, ended) =
            (entry(b"plybench_rules_moves")?, entry(b"plybench_rules_captures")?, entry(b"plybench_rules_ended")?);
        Ok(Loaded { moves, captures, ended, _lib: lib })
    }
}

impl<'p> Native<'p> {
    /// Compiles `program`, writes its native code, builds it (or finds it
    /// in the cache) and loads it; every run kept to `limits`.
    pub fn new(program: &'p Program, limits: Limits, options: &NativeOptions) -> Result<Self, RulesError> {
        let compiled = Compiled::with_limits(program, limits)?;
        let source = codegen::source(&compiled);
        let path = build(&source, options)?;
        let loaded = Arc::new(load(&path)?);
        Ok(Native {
            compiled,
            loaded,
            limits,
            has_result: program.result.is_some(),
            subs: vec![NSub::default(); 64 * MAX_SUBS],
            ends: vec![0; 64],
            path,
        })
    }

    /// The shared library in use.
    pub fn library(&self) -> &Path {
        &self.path
    }

    fn ctx(&mut self) -> Ctx {
        let cap = self.ends.len().min(self.limits.moves);
        Ctx {
            subs: self.subs.as_mut_ptr(),
            ends: self.ends.as_mut_ptr(),
            cap,
            nmoves: 0,
            nsubs: 0,
            full: 0,
            flag: 0,
            nsq: 0,
            sq: [[0; 2]; 64],
            fuel: self.limits.steps,
        }
    }

    /// Calls `entry` for `player` on `state`: whether it succeeded (its
    /// output is in `ctx` and the buffers).
    #[allow(unsafe_code)]
    fn call(&self, entry: Entry, state: &State, player: u8, ctx: &mut Ctx) -> bool {
        let (cells, values) = (state.cells(), state.values());
        let board = Board {
            cells: cells.as_ptr().cast::<u8>(),
            width: state.width(),
            height: state.height(),
            values: values.as_ptr(),
            nvalues: values.len(),
        };
        // SAFETY: `board` points into `state`, which outlives the call, and
        // `Cell` is `repr(C)` (owner, nature); `ctx`'s buffers hold `cap`
        // moves of `MAX_SUBS` sub-moves, and the native code writes no
        // further (prelude.in's `emit`).
        unsafe { entry(&board, player, ctx) == 0 }
    }

    fn disagree(state: &State, program: &Program, what: &'static str) -> RulesError {
        NativeError::Disagree { position: state.to_text(program), what }.into()
    }
}

fn sub(s: &NSub) -> Sub {
    let a = Square::new(s.x1, s.y1);
    match s.k {
        1 => Sub::Travel(a, Square::new(s.x2, s.y2)),
        2 => Sub::Capture(a),
        3 => Sub::Put(s.n, a),
        4 => Sub::Promotion(s.n, a),
        5 => Sub::Indic { id: s.n, player: s.p, value: s.v },
        _ => Sub::None,
    }
}

impl Rules for Native<'_> {
    fn moves(&mut self, state: &State, out: &mut Vec<RuleMove>) -> Result<(), RulesError> {
        loop {
            let mut ctx = self.ctx();
            let entry = self.loaded.moves;
            if self.call(entry, state, state.player(), &mut ctx) {
                let mut start = 0;
                for &end in &self.ends[..ctx.nmoves] {
                    let mut mv = RuleMove::new();
                    for s in &self.subs[start..end as usize] {
                        mv.push(sub(s));
                    }
                    out.push(mv);
                    start = end as usize;
                }
                return Ok(());
            }
            if ctx.full == 1 && ctx.cap < self.limits.moves {
                let moves = self.ends.len().saturating_mul(2).min(self.limits.moves);
                self.ends.resize(moves, 0);
                self.subs.resize(moves * MAX_SUBS, NSub::default());
                continue;
            }
            self.compiled.moves(state, out)?;
            return Err(Self::disagree(state, self.compiled.program, "moves"));
        }
    }

    fn ended(&mut self, state: &State) -> Result<bool, RulesError> {
        if !self.has_result {
            return Ok(false);
        }
        let mut ctx = self.ctx();
        let entry = self.loaded.ended;
        if self.call(entry, state, 3 - state.player(), &mut ctx) {
            return Ok(ctx.flag == 1);
        }
        self.compiled.ended(state)?;
        Err(Self::disagree(state, self.compiled.program, "ended"))
    }

    fn captures(&mut self, state: &State, squares: &[Square]) -> Result<bool, RulesError> {
        let mut ctx = self.ctx();
        if squares.len() > ctx.sq.len() {
            return self.compiled.captures(state, squares);
        }
        for (i, s) in squares.iter().enumerate() {
            ctx.sq[i] = [s.x, s.y];
        }
        ctx.nsq = squares.len() as u8;
        let entry = self.loaded.captures;
        if self.call(entry, state, state.player(), &mut ctx) {
            return Ok(ctx.flag == 1);
        }
        self.compiled.captures(state, squares)?;
        Err(Self::disagree(state, self.compiled.program, "captures"))
    }

    fn royal(&self) -> Option<u8> {
        self.compiled.royal
    }
}
