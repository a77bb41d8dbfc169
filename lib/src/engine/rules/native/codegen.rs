//! Rust source from a [`Compiled`] program: one function per algorithm
//! and player, its operations the arms of a `match` on the operation's
//! index inside a loop (LLVM threads the jumps whose target is known),
//! every variable slot, loop state and move variable a local, the
//! constants folded by the compiler written as literals. The run-time part
//! (values, the board, sub-moves, the checks of a move, the entry points)
//! is `prelude.in`, written ahead of the generated functions.

use std::fmt::Write;

use super::super::ast::{Outcome, Relation, Value};
use super::super::compile::{CExpr, CStep, CSub, Code, Compiled, Op};
use super::super::interp::Op as Arith;
use super::super::state::State;

/// The version of the entry points' ABI; a library built with another is
/// refused (its cache key differs anyway, since the source holds it).
pub const ABI: u32 = 1;

/// The run-time part every generated file starts with.
const PRELUDE: &str = include_str!("prelude.in");

/// The whole source of the native code of `compiled`.
pub fn source(compiled: &Compiled<'_>) -> String {
    let mut out = String::with_capacity(64 * 1024);
    out.push_str(PRELUDE);
    let _ = writeln!(out, "\nconst ABI: u32 = {ABI};\n");
    // Where each indicatif is kept in a position's values: the layout
    // depends on the header alone.
    let layout = State::empty(compiled.program).ok();
    for (t, table) in compiled.tables.iter().enumerate() {
        let _ = writeln!(out, "#[inline(always)]\nfn table_{t}(r: i64) -> &'static [V] {{\n    match r {{");
        let mut rows: Vec<_> = table.iter().collect();
        rows.sort_by_key(|(r, _)| **r);
        for (r, values) in rows {
            let vs: Vec<String> = values.iter().map(|v| value(*v)).collect();
            let _ = writeln!(out, "        {r} => &[{}],", vs.join(", "));
        }
        let _ = writeln!(out, "        _ => &[],\n    }}\n}}\n");
    }
    let g = Gen { compiled, layout: layout.as_ref() };
    for p in 1..=2u8 {
        g.function(&mut out, &format!("run_moves_{p}"), Some(&compiled.moves[usize::from(p - 1)]), p);
        let result = compiled.result.as_ref().map(|r| &r[usize::from(p - 1)]);
        g.function(&mut out, &format!("run_result_{p}"), result, p);
    }
    out
}

fn value(v: Value) -> String {
    match v {
        Value::Int(x) => format!("V {{ t: 1, x: {x}, y: 0 }}"),
        Value::Pair(x, y) => format!("V {{ t: 2, x: {x}, y: {y} }}"),
    }
}

struct Gen<'c, 'p> {
    compiled: &'c Compiled<'p>,
    layout: Option<&'c State>,
}

impl Gen<'_, '_> {
    fn function(&self, out: &mut String, name: &str, code: Option<&Code>, player: u8) {
        let c = self.compiled;
        let _ = writeln!(out, "fn {name}<const MODE: u8, const OUTER: bool>(b: &B, ctx: &mut Ctx) -> R<()> {{");
        let Some(code) = code else {
            let _ = writeln!(out, "    Ok(())\n}}\n");
            return;
        };
        for s in 0..c.vars {
            let _ = writeln!(out, "    let mut v{s} = UNSET;");
        }
        for l in 0..c.loops {
            let _ = writeln!(out, "    let mut lj{l}: usize = 0;\n    let mut ln{l}: i64 = 0;");
        }
        for q in 0..c.move_vars {
            let _ = writeln!(out, "    let mut q{q} = EMPTY_MOVE;");
        }
        for (slot, v) in &code.inits {
            let _ = writeln!(out, "    v{slot} = {};", value(*v));
        }
        let _ = writeln!(out, "    let mut pc: usize = 0;\n    loop {{\n        match pc {{");
        for (i, op) in code.ops.iter().enumerate() {
            let _ = writeln!(out, "            {i} => {{\n                burn(ctx, {})?;", code.cost[i]);
            self.op(out, op, i, player);
            let _ = writeln!(out, "            }}");
        }
        let _ = writeln!(out, "            _ => return Ok(()),\n        }}\n    }}\n}}\n");
    }

    fn op(&self, out: &mut String, op: &Op, pc: usize, player: u8) {
        let next = pc + 1;
        let e = |x: &CExpr| self.expr(x, player, false);
        let body = match op {
            Op::Assign(s, x) => format!("v{s} = {};\npc = {next};", e(x)),
            Op::AssignX(s, x) | Op::AssignY(s, x) => {
                let set = if matches!(op, Op::AssignX(..)) { "pair(k, o.y)" } else { "pair(o.x, k)" };
                format!(
                    "let k = as_int({})?;\nlet o = v{s};\nif o.t != 2 {{ return Err(()); }}\nv{s} = {set};\npc = {next};",
                    e(x)
                )
            }
            Op::Jump(t) => format!("pc = {t};"),
            Op::Switch(x, cases) => {
                let mut s = format!("let v = {};\n", e(x));
                for (c, t) in cases {
                    let _ = writeln!(s, "if ({}) == v {{ pc = {t}; continue; }}", e(c));
                }
                s.push_str("return Err(());");
                s
            }
            Op::If(a, r, b2, t, f) => {
                let r = match r {
                    Relation::Eq => 0,
                    Relation::Ne => 1,
                    Relation::Gt => 2,
                    Relation::Ge => 3,
                    Relation::Lt => 4,
                    Relation::Le => 5,
                };
                format!("let a = {};\nlet c = {};\npc = if cmp(a, {r}, c)? {{ {t} }} else {{ {f} }};", e(a), e(b2))
            }
            Op::Halt => "return Ok(());".into(),
            Op::ScanStart { var, state, out: o, then } | Op::ScanNext { var, state, out: o, then } => {
                let index = if matches!(op, Op::ScanStart { .. }) {
                    "0usize".to_string()
                } else {
                    format!("{{ if ln{state} == 0 {{ return Err(()); }} lj{state} + 1 }}")
                };
                format!(
                    "let index = {index};\nlet w = b.w as usize;\nif index >= w * b.h as usize {{ pc = {o}; }} else {{ \
                     lj{state} = index; ln{state} = 1; v{var} = pair((index % w) as i64 + 1, (index / w) as i64 + \
                     1); pc = {then}; }}"
                )
            }
            Op::LoopStart { var, origin, steps, state, out: o, then }
            | Op::LoopNext { var, origin, steps, state, out: o, then }
            | Op::LoopFurther { var, origin, steps, state, out: o, then } => {
                let mut s = String::new();
                match op {
                    Op::LoopStart { .. } => s.push_str("let mut j: usize = 0;\n"),
                    Op::LoopNext { .. } => {
                        let _ =
                            writeln!(s, "if ln{state} == 0 {{ return Err(()); }}\nlet mut j: usize = lj{state} + 1;");
                    }
                    _ => {
                        let _ = writeln!(
                            s,
                            "if ln{state} == 0 {{ return Err(()); }}\nlet mut j: usize = lj{state};\nif let Some((dx, \
                             dy)) = {} {{\n    let o = v{var};\n    if o.t != 2 {{ return Err(()); }}\n    let (nx, ny) \
                             = step_by(o.x, o.y, dx, dy);\n    if b.on(nx, ny) {{ v{var} = pair(nx, ny); ln{state} += \
                             1; pc = {then}; continue; }}\n}}\nj += 1;",
                            self.increment(steps, "j", player)
                        );
                    }
                }
                let _ = write!(
                    s,
                    "pc = loop {{\n    let Some((dx, dy)) = {} else {{ break {o} }};\n    let o = v{origin};\n    if \
                     o.t != 2 {{ return Err(()); }}\n    let (nx, ny) = step_by(o.x, o.y, dx, dy);\n    if b.on(nx, \
                     ny) {{ lj{state} = j; ln{state} = 1; v{var} = pair(nx, ny); break {then}; }}\n    j += 1;\n}};",
                    self.increment(steps, "j", player)
                );
                s
            }
            Op::Result(o) => {
                let o = match o {
                    Outcome::Victory => 0,
                    Outcome::NoVictory => 1,
                    Outcome::Draw => 2,
                    Outcome::Loss => 3,
                };
                format!("if result::<MODE>(ctx, {o}) {{ return Ok(()); }}\npc = {next};")
            }
            Op::Move(subs) => format!(
                "let mut m = EMPTY_MOVE;\n{}check(b, {player}, &m)?;\nif emit::<MODE>(ctx, &m)? {{ return Ok(()); \
                 }}\npc = {next};",
                self.subs(subs, player)
            ),
            Op::Build(q, r, subs) => {
                let start = r.map_or_else(|| "EMPTY_MOVE".to_string(), |r| format!("q{r}"));
                format!("let mut m = {start};\n{}q{q} = m;\npc = {next};", self.subs(subs, player))
            }
        };
        for line in body.lines() {
            let _ = writeln!(out, "                {line}");
        }
    }

    /// An expression of type `Option<(i64, i64)>`: increment `j` of a LOOP,
    /// or `None` past the last.
    fn increment(&self, steps: &[CStep], j: &str, player: u8) -> String {
        let mut s = format!("({{\n        let mut jj = {j};\n        'inc: {{\n");
        for step in steps {
            match step {
                CStep::Var(e) => {
                    let _ = writeln!(
                        s,
                        "            if jj == 0 {{ break 'inc Some(step({})?); }}\n            jj -= 1;",
                        self.expr(e, player, true)
                    );
                }
                CStep::Row(t, e) => {
                    let _ = writeln!(
                        s,
                        "            let row = table_{t}(as_int({})?);\n            if jj < row.len() {{ break 'inc \
                         Some(step(row[jj])?); }}\n            jj -= row.len();",
                        self.expr(e, player, true)
                    );
                }
            }
        }
        s.push_str("            None\n        }\n    })");
        s
    }

    /// The statements that append `subs` to the move `m`.
    fn subs(&self, subs: &[CSub], player: u8) -> String {
        let mut s = String::new();
        let e = |x: &CExpr| self.expr(x, player, true);
        for sub in subs {
            let line = match sub {
                CSub::Travel(a, c) => format!(
                    "{{ let (x1, y1) = b.sq({})?; let (x2, y2) = b.sq({})?; m.push(NSub {{ k: 1, x1, y1, x2, y2, \
                     ..NONE }})?; }}",
                    e(a),
                    e(c)
                ),
                CSub::Capture(a) => {
                    format!("{{ let (x1, y1) = b.sq({})?; m.push(NSub {{ k: 2, x1, y1, ..NONE }})?; }}", e(a))
                }
                CSub::Put(n, a) | CSub::Promotion(n, a) => {
                    let k = if matches!(sub, CSub::Put(..)) { 3 } else { 4 };
                    format!(
                        "{{ let n = nature({})?; let (x1, y1) = b.sq({})?; m.push(NSub {{ k: {k}, n, x1, y1, ..NONE \
                         }})?; }}",
                        e(n),
                        e(a)
                    )
                }
                CSub::Indic(id, v, q, per_player) => {
                    let who = match (per_player, q) {
                        (false, _) => "0u8".to_string(),
                        (true, None) => format!("{player}u8"),
                        (true, Some(q)) => {
                            format!(
                                "{{ let p = as_int({})?; if p != 1 && p != 2 {{ return Err(()); }} p as u8 }}",
                                e(q)
                            )
                        }
                    };
                    format!(
                        "{{ let v = as_int({})?; let p = {who}; m.push(NSub {{ k: 5, n: {id}, p, v, ..NONE }})?; }}",
                        e(v)
                    )
                }
                CSub::Held(q) => format!("m.append(&q{q})?;"),
            };
            s.push_str(&line);
            s.push('\n');
        }
        s
    }

    /// An expression of type `V` (errors leave by `?`). `inner`: evaluated
    /// as the compiled form does inside a run's increments and sub-moves,
    /// where `ATTACKED` reads 0.
    fn expr(&self, e: &CExpr, player: u8, inner: bool) -> String {
        let x = |e: &CExpr| self.expr(e, player, inner);
        match e {
            CExpr::Const(v) => value(*v),
            CExpr::Var(s) => format!("get(v{s})?"),
            CExpr::LoopW(s) => format!("int(lj{s} as i64 + 1)"),
            CExpr::LoopY(s) => format!("int(ln{s})"),
            CExpr::Indic(id, p) => match self.layout.and_then(|l| l.value_at(*id, *p)) {
                Some(k) => format!("b.val({k})"),
                None => "int(0)".into(),
            },
            CExpr::Pair(a, c) => format!("mk_pair({}, {})?", x(a), x(c)),
            CExpr::Neg(a) => format!("neg({})?", x(a)),
            CExpr::Bin(k, a, c) => {
                let f = match k {
                    Arith::Add => "add",
                    Arith::Sub => "sub",
                    Arith::Mul => "mul",
                };
                format!("{f}({}, {})?", x(a), x(c))
            }
            CExpr::Abscissa(a) => format!("absc({})?", x(a)),
            CExpr::Ordinate(a) => format!("ordi({})?", x(a)),
            CExpr::Occupy(a) => format!("b.occ({})?", x(a)),
            CExpr::Nature(a) => format!("b.nat({})?", x(a)),
            CExpr::Attacked(a) => {
                let zero = format!("{{ b.at({})?; int(0) }}", x(a));
                if inner {
                    return zero;
                }
                let asked = match self.compiled.royal {
                    Some(royal) => format!("attacked(b, ctx, {}, {player}, {royal})?", x(a)),
                    None => format!("{{ {}; return Err(()); }}", x(a)),
                };
                format!("(if OUTER {{ {asked} }} else {zero})")
            }
            CExpr::Index(t, r, k) => format!(
                "{{ let r = as_int({})?; let k = as_int({})?; let row = table_{t}(r); if row.is_empty() || k < 1 || \
                 (k - 1) as u64 >= row.len() as u64 {{ return Err(()); }} row[(k - 1) as usize] }}",
                x(r),
                x(k)
            ),
        }
    }
}
