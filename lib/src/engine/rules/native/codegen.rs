//! Rust source from a [`Compiled`] program: one function per algorithm
//! and player, every variable slot, loop state, move variable and the
//! budget of steps a local, the constants folded by the compiler written
//! as literals. Control flow is a loop over a `match` on the operation's
//! index (`pc`), but an operation that only one other reaches is written
//! inside that one, after it, under a branch on `pc`'s new value: most
//! steps then take a direct, predictable branch, and only the joins of
//! the flowchart go through the `match`'s indirect jump. Moves are built
//! in place and never cleared. The run-time part
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

/// The deepest an operation is written inside others; past it, an
/// operation is an arm of the dispatch (rustc's parser recurses on nesting).
const MAX_NESTING: usize = 24;

/// The operations `op` (at `pc`) may go to next, by index (`ops.len()`:
/// the end of the algorithm).
fn targets(op: &Op, pc: usize) -> Vec<usize> {
    match op {
        Op::Assign(..) | Op::AssignX(..) | Op::AssignY(..) | Op::Result(_) | Op::Move(_) | Op::Build(..) => {
            vec![pc + 1]
        }
        Op::Jump(t) => vec![*t],
        Op::Switch(_, cases) => cases.iter().map(|(_, t)| *t).collect(),
        Op::If(_, _, _, t, f) => vec![*t, *f],
        Op::Halt => Vec::new(),
        Op::ScanStart { out, then, .. }
        | Op::ScanNext { out, then, .. }
        | Op::LoopStart { out, then, .. }
        | Op::LoopNext { out, then, .. }
        | Op::LoopFurther { out, then, .. } => vec![*then, *out],
    }
}

/// Where each operation is written. An operation with one predecessor
/// (other than the first) is written inside it, after it, so that going
/// there is a branch on a known value of `pc` rather than the dispatch's
/// indirect jump; the others are the dispatch's arms.
struct Placement {
    /// The operation each is written inside, or `None` for an arm.
    parent: Vec<Option<usize>>,
    /// The operations written inside each.
    children: Vec<Vec<usize>>,
}

fn placement(ops: &[Op]) -> Placement {
    let n = ops.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, op) in ops.iter().enumerate() {
        for t in targets(op, i) {
            if t < n && !preds[t].contains(&i) {
                preds[t].push(i);
            }
        }
    }
    let mut parent: Vec<Option<usize>> = (0..n).map(|t| (t != 0 && preds[t].len() == 1).then(|| preds[t][0])).collect();
    // Each operation's nesting: 0 for an arm. A chain of parents that
    // closes on itself (a loop nothing enters) or nests too deep is cut:
    // the operation where it is cut becomes an arm.
    let mut depth: Vec<Option<usize>> = vec![None; n];
    let mut path = Vec::new();
    for t in 0..n {
        path.clear();
        let mut u = t;
        while depth[u].is_none() {
            match parent[u] {
                None => depth[u] = Some(0),
                Some(_) if path.contains(&u) => {
                    parent[u] = None;
                    depth[u] = Some(0);
                }
                Some(p) => {
                    path.push(u);
                    u = p;
                }
            }
        }
        for &v in path.iter().rev() {
            if depth[v].is_some() {
                continue;
            }
            let d = parent[v].and_then(|p| depth[p]).map_or(0, |d| d + 1);
            if d > MAX_NESTING {
                parent[v] = None;
                depth[v] = Some(0);
            } else {
                depth[v] = Some(d);
            }
        }
    }
    let mut children = vec![Vec::new(); n];
    for (t, p) in parent.iter().enumerate() {
        if let Some(p) = p {
            children[*p].push(t);
        }
    }
    Placement { parent, children }
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
        let Some(code) = code else {
            let _ = writeln!(out, "fn {name}<const MODE: u8, const OUTER: bool>(b: &B, ctx: &mut Ctx) -> R<()> {{");
            let _ = writeln!(out, "    Ok(())\n}}\n");
            return;
        };
        // The budget is a local of the body (a register), written back to
        // `ctx` when the body returns and around an `ATTACKED`'s own run.
        let _ = writeln!(
            out,
            "fn {name}<const MODE: u8, const OUTER: bool>(b: &B, ctx: &mut Ctx) -> R<()> {{\n    let mut fuel = \
             ctx.fuel;\n    let r = {name}_body::<MODE, OUTER>(b, ctx, &mut fuel);\n    ctx.fuel = fuel;\n    r\n}}\n"
        );
        let _ = writeln!(
            out,
            "#[inline(always)]\nfn {name}_body<const MODE: u8, const OUTER: bool>(b: &B, ctx: &mut Ctx, fuel: &mut \
             u64) -> R<()> {{"
        );
        for s in 0..c.vars {
            let _ = writeln!(out, "    let mut v{s} = UNSET;");
        }
        for l in 0..c.loops {
            let _ = writeln!(out, "    let mut lj{l}: usize = 0;\n    let mut ln{l}: i64 = 0;");
        }
        for q in 0..c.move_vars {
            let _ = writeln!(out, "    let mut q{q} = EMPTY_MOVE;");
        }
        let _ = writeln!(out, "    let mut mm = EMPTY_MOVE;");
        for (slot, v) in &code.inits {
            let _ = writeln!(out, "    v{slot} = {};", value(*v));
        }
        let placed = placement(&code.ops);
        let _ = writeln!(out, "    let mut pc: usize = 0;\n    loop {{\n        match pc {{");
        for (i, parent) in placed.parent.iter().enumerate() {
            if parent.is_none() {
                let _ = writeln!(out, "            {i} => {{");
                self.block(out, code, &placed, i, player, 4);
                let _ = writeln!(out, "            }}");
            }
        }
        // Past the last operation the run ends, as in the compiled form; an
        // operation written inside another is never dispatched to (if it
        // were, the error sends the call to the compiled form, which then
        // reports the disagreement).
        let _ = writeln!(
            out,
            "            _ if pc >= {} => return Ok(()),\n            _ => return Err(()),\n        }}\n    }}\n}}\n",
            code.ops.len()
        );
    }

    /// Operation `i` and, after it, the operations written inside it (those
    /// whose only predecessor it is), each under the value of `pc` that
    /// leads there; `depth`: the indentation, in steps of four spaces.
    fn block(&self, out: &mut String, code: &Code, placed: &Placement, i: usize, player: u8, depth: usize) {
        let pad = "    ".repeat(depth);
        let _ = writeln!(out, "{pad}burn(fuel, {})?;", code.cost[i]);
        self.op(out, &code.ops[i], i, player, &pad);
        let inside = &placed.children[i];
        if inside.is_empty() {
            return;
        }
        let _ = writeln!(out, "{pad}match pc {{");
        for &t in inside {
            let _ = writeln!(out, "{pad}    {t} => {{");
            self.block(out, code, placed, t, player, depth + 2);
            let _ = writeln!(out, "{pad}    }}");
        }
        let _ = writeln!(out, "{pad}    _ => {{}}\n{pad}}}");
    }

    /// Operation `op` (at `pc`): it leaves by `return` or with `pc` set to
    /// the operation that follows (never by `continue`, so that what is
    /// written after it runs).
    fn op(&self, out: &mut String, op: &Op, pc: usize, player: u8, pad: &str) {
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
                let mut s = format!("let v = {};\npc = ", e(x));
                for (c, t) in cases {
                    let _ = write!(s, "if ({}) == v {{ {t} }} else ", e(c));
                }
                s.push_str("{ return Err(()); };");
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
                            "if ln{state} == 0 {{ return Err(()); }}\nlet mut j: usize = lj{state};\npc = 'further: \
                             {{\nif let Some((dx, dy)) = {} {{\n    let o = v{var};\n    if o.t != 2 {{ return \
                             Err(()); }}\n    let (nx, ny) = step_by(o.x, o.y, dx, dy);\n    if b.on(nx, ny) {{ \
                             v{var} = pair(nx, ny); ln{state} += 1; break 'further {then}; }}\n}}\nj += 1;",
                            self.increment(steps, "j", player)
                        );
                    }
                }
                let further = matches!(op, Op::LoopFurther { .. });
                if !further {
                    s.push_str("pc = ");
                }
                let _ = write!(
                    s,
                    "loop {{\n    let Some((dx, dy)) = {} else {{ break {o} }};\n    let o = v{origin};\n    if \
                     o.t != 2 {{ return Err(()); }}\n    let (nx, ny) = step_by(o.x, o.y, dx, dy);\n    if b.on(nx, \
                     ny) {{ lj{state} = j; ln{state} = 1; v{var} = pair(nx, ny); break {then}; }}\n    j += 1;\n}}{}",
                    self.increment(steps, "j", player),
                    if further { "\n};" } else { ";" }
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
                "mm.n = 0;\n{}check(b, {player}, &mm)?;\nif emit::<MODE>(ctx, &mm)? {{ return Ok(()); }}\npc = \
                 {next};",
                self.subs(subs, player, "mm")
            ),
            // A move variable is built in place, unless its own old value
            // is appended to it.
            Op::Build(q, r, subs) if !subs.iter().any(|s| matches!(s, CSub::Held(h) if h == q)) => {
                let target = format!("q{q}");
                let start = match r {
                    Some(r) if r == q => String::new(),
                    Some(r) => format!("{target}.n = 0;\n{target}.append(&q{r})?;\n"),
                    None => format!("{target}.n = 0;\n"),
                };
                format!("{start}{}pc = {next};", self.subs(subs, player, &target))
            }
            Op::Build(q, r, subs) => {
                let start = r.map_or_else(|| "EMPTY_MOVE".to_string(), |r| format!("q{r}"));
                format!("let mut m = {start};\n{}q{q} = m;\npc = {next};", self.subs(subs, player, "m"))
            }
        };
        for line in body.lines() {
            let _ = writeln!(out, "{pad}{line}");
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

    /// The statements that append `subs` to the move variable `m`.
    fn subs(&self, subs: &[CSub], player: u8, m: &str) -> String {
        let mut s = String::new();
        let e = |x: &CExpr| self.expr(x, player, true);
        for sub in subs {
            let line = match sub {
                CSub::Travel(a, c) => format!(
                    "{{ let (x1, y1) = b.sq({})?; let (x2, y2) = b.sq({})?; {m}.push(NSub {{ k: 1, x1, y1, x2, y2, \
                     ..NONE }})?; }}",
                    e(a),
                    e(c)
                ),
                CSub::Capture(a) => {
                    format!("{{ let (x1, y1) = b.sq({})?; {m}.push(NSub {{ k: 2, x1, y1, ..NONE }})?; }}", e(a))
                }
                CSub::Put(n, a) | CSub::Promotion(n, a) => {
                    let k = if matches!(sub, CSub::Put(..)) { 3 } else { 4 };
                    format!(
                        "{{ let n = nature({})?; let (x1, y1) = b.sq({})?; {m}.push(NSub {{ k: {k}, n, x1, y1, ..NONE \
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
                        "{{ let v = as_int({})?; let p = {who}; {m}.push(NSub {{ k: 5, n: {id}, p, v, ..NONE }})?; }}",
                        e(v)
                    )
                }
                CSub::Held(q) => format!("{m}.append(&q{q})?;"),
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
                    Some(royal) => format!(
                        "{{ let v = {}; ctx.fuel = *fuel; let r = attacked(b, ctx, v, {player}, {royal}); *fuel = \
                         ctx.fuel; r? }}",
                        x(a)
                    ),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operation_with_one_predecessor_is_written_inside_it() {
        // 0 → 1 ⇄ 2; 5 → 4 → 3 (3 halts); 6 ⇄ 7, which nothing enters.
        let ops =
            vec![Op::Jump(1), Op::Jump(2), Op::Jump(1), Op::Halt, Op::Jump(3), Op::Jump(4), Op::Jump(7), Op::Jump(6)];
        let placed = placement(&ops);
        assert_eq!(&placed.parent[..6], &[None, None, Some(1), Some(4), Some(5), None]);
        // The closed loop is cut once: one of its two operations is an arm.
        assert_eq!(placed.parent[6..].iter().filter(|p| p.is_none()).count(), 1);
        assert_eq!(placed.children[5], vec![4]);
        assert_eq!(placed.children[1], vec![2]);
    }

    #[test]
    fn a_long_straight_run_is_cut_into_arms_past_the_nesting_limit() {
        let n = 3 * MAX_NESTING;
        let ops: Vec<Op> = (0..n).map(|i| Op::Jump(i + 1)).collect();
        let placed = placement(&ops);
        let arms: Vec<usize> = (0..n).filter(|&i| placed.parent[i].is_none()).collect();
        assert_eq!(arms, vec![0, MAX_NESTING + 1, 2 * MAX_NESTING + 2]);
    }
}
