//! The library's layers, checked on its source text.
//!
//! - `engine/` (games, representations, search) is the bottom layer: it
//!   imports nothing from `report/`, `batch/` or `study/`, and names none of
//!   the crates that draw bars, plots and tables ([`PRESENTATION_CRATES`]).
//! - `batch/` stays generic: it imports nothing from `study/` or `engine/`.
//! - `report/` imports nothing from `study/` or `batch/`.
//! - No two modules (source files) import each other, and no longer
//!   cycle of files does either.
//! - No two folders import each other through their files, unless one
//!   holds the other (`study/go` and `study/reproduce` may not; `study` and
//!   `study/go` may).
//!
//! The check reads every `.rs` file under `lib/src`, drops comments (doc
//! comments and their examples too), and resolves every path written from
//! `crate`, `super`, `self` or a child module, in `use` declarations, in code
//! and in attribute strings such as serde's `with = "crate::…"`, to the file
//! that defines the item: the deepest module file along the path, or the file
//! a parent module's `pub use` re-export leads to. A parent's `mod child;` and
//! its `pub use child::…` re-exports are not imports of the child.
//!
//! It reads source text, it is not a compiler: macros are not expanded, and
//! glob re-exports (`pub use child::*`) are not followed.
//!
//! `cargo test -p plybench --test layering -- --skip real_tree` runs only the
//! checker's own tests.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::ops::Range;
use std::path::Path;

/// Crates that draw for a terminal or a page, which an engine must not name.
const PRESENTATION_CRATES: [&str; 5] = ["indicatif", "plotters", "comfy_table", "clap", "hdrhistogram"];

#[test]
fn real_tree_respects_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    read_sources(&root, &root, &mut sources);
    let sources: Vec<(&str, &str)> = sources.iter().map(|(file, text)| (file.as_str(), text.as_str())).collect();
    let scan = Scan::new(&sources);

    assert!(scan.files > 50, "only {} .rs files found under {}", scan.files, root.display());
    assert!(scan.imports.len() > 200, "only {} imports found under {}", scan.imports.len(), root.display());
    let violations = scan.violations();
    assert!(violations.is_empty(), "{} layering violations in lib/src:\n{}", violations.len(), listing(&violations));
}

/// Every `.rs` file under `dir`, as its path relative to `root` (with `/`
/// separators) and its text.
fn read_sources(root: &Path, dir: &Path, sources: &mut Vec<(String, String)>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())).path();
        if path.is_dir() {
            read_sources(root, &path, sources);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let relative = path.strip_prefix(root).expect("a file under the root");
            let relative: Vec<&str> = relative.iter().map(|part| part.to_str().expect("a UTF-8 file name")).collect();
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            sources.push((relative.join("/"), text));
        }
    }
}

fn listing(violations: &[Violation]) -> String {
    violations.iter().map(|violation| format!("  {violation}\n")).collect()
}

// The layers and their rules.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layer {
    Engine,
    Report,
    Batch,
    Study,
    /// `lib.rs`, `error.rs` and anything else at the top.
    Root,
}

impl Layer {
    fn of(file: &str) -> Layer {
        match file.split(['/', '.']).next() {
            Some("engine") => Layer::Engine,
            Some("report") => Layer::Report,
            Some("batch") => Layer::Batch,
            Some("study") => Layer::Study,
            _ => Layer::Root,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Layer::Engine => "engine/",
            Layer::Report => "report/",
            Layer::Batch => "batch/",
            Layer::Study => "study/",
            Layer::Root => "the crate root",
        }
    }

    /// The layers this one must not import from.
    fn forbidden(self) -> &'static [Layer] {
        match self {
            Layer::Engine => &[Layer::Report, Layer::Batch, Layer::Study],
            Layer::Report => &[Layer::Batch, Layer::Study],
            Layer::Batch => &[Layer::Engine, Layer::Study],
            Layer::Study | Layer::Root => &[],
        }
    }
}

/// `file` names `target`, a module file or an external crate, on `line`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Import {
    file: String,
    line: usize,
    target: String,
}

impl Import {
    fn violation(&self, rule: String) -> Violation {
        Violation { file: self.file.clone(), line: self.line, target: self.target.clone(), rule }
    }
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Violation {
    file: String,
    line: usize,
    target: String,
    rule: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: imports {} (line {}): {}", self.file, self.target, self.line, self.rule)
    }
}

/// The imports found in a tree of source files, given as paths relative to
/// `src` (`lib.rs`, `engine/mod.rs`, …) and their texts.
struct Scan {
    files: usize,
    /// Imports of one module file by another.
    imports: BTreeSet<Import>,
    /// Presentation crates named, the target being the crate's name.
    crates: BTreeSet<Import>,
}

impl Scan {
    fn new(sources: &[(&str, &str)]) -> Scan {
        let sources: Vec<Source> = sources.iter().map(|&(file, text)| Source::parse(file, text)).collect();
        let tree = Tree::new(&sources);
        let mut imports = BTreeSet::new();
        let mut crates = BTreeSet::new();
        for source in &sources {
            for path in &source.paths {
                let Some(absolute) = tree.absolute(&path.scope, &path.segments) else { continue };
                if matches!(path.kind, PathKind::Reexport { .. }) && tree.is_below(&path.scope, &absolute) {
                    continue;
                }
                let Some(target) = tree.resolve(&absolute) else { continue };
                if target != source.file {
                    imports.insert(Import { file: source.file.clone(), line: path.line, target: target.to_string() });
                }
            }
            for (name, line) in &source.crates {
                crates.insert(Import { file: source.file.clone(), line: *line, target: name.clone() });
            }
        }
        Scan { files: sources.len(), imports, crates }
    }

    /// Every import that breaks a rule, sorted by file and line.
    fn violations(&self) -> Vec<Violation> {
        let mut violations = Vec::new();
        for import in &self.imports {
            let (from, to) = (Layer::of(&import.file), Layer::of(&import.target));
            if from.forbidden().contains(&to) {
                violations.push(import.violation(format!("{} must not import from {}", from.name(), to.name())));
            }
        }
        for import in &self.crates {
            if Layer::of(&import.file) == Layer::Engine {
                violations.push(import.violation(format!("engine/ must not use {}", import.target)));
            }
        }
        // The first line on which each file imports each other one: imports
        // are ordered by file, then line.
        let mut first_lines: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        for import in &self.imports {
            first_lines.entry((&import.file, &import.target)).or_insert(import.line);
        }
        for (&(file, target), &line) in &first_lines {
            if let Some(back) = first_lines.get(&(target, file)).filter(|_| file < target) {
                violations.push(Violation {
                    file: file.to_string(),
                    line,
                    target: target.to_string(),
                    rule: format!("{target} imports it back (line {back})"),
                });
            }
        }
        violations.extend(self.file_cycles(&first_lines));
        violations.extend(self.folder_cycles());
        violations.sort();
        violations
    }

    /// Files in an import cycle of three or more (two that import each
    /// other are reported as a pair above): one violation per cycle, at the
    /// first file's import of the next one.
    fn file_cycles(&self, first_lines: &BTreeMap<(&str, &str), usize>) -> Vec<Violation> {
        // Without the edges of pairs that import each other (reported
        // above), a cycle left has three files or more.
        let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for &(file, target) in first_lines.keys().filter(|&&(f, t)| !first_lines.contains_key(&(t, f))) {
            graph.entry(file).or_default().insert(target);
        }
        let mut out = Vec::new();
        for component in strongly_connected(&graph).into_iter().filter(|c| c.len() > 2) {
            let cycle = cycle_through(&graph, &component);
            let (file, target) = (cycle[0], cycle[1]);
            out.push(Violation {
                file: file.to_string(),
                line: first_lines[&(file, target)],
                target: target.to_string(),
                rule: format!("a cycle of {} files: {}", cycle.len() - 1, cycle.join(" -> ")),
            });
        }
        out
    }

    /// Folders of one layer that import each other through their files,
    /// neither folder holding the other (`study/go` and `study/reproduce`, not `study` and
    /// `study/go`): one violation per cycle, at its first import.
    fn folder_cycles(&self) -> Vec<Violation> {
        let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        let mut example: BTreeMap<(&str, &str), &Import> = BTreeMap::new();
        for import in &self.imports {
            // An import across layers is judged by the layers' rules above.
            if Layer::of(&import.file) != Layer::of(&import.target) {
                continue;
            }
            let (from, to) = (folder(&import.file), folder(&import.target));
            if from == to || holds(from, to) || holds(to, from) {
                continue;
            }
            graph.entry(from).or_default().insert(to);
            example.entry((from, to)).or_insert(import);
        }
        let mut out = Vec::new();
        for component in strongly_connected(&graph).into_iter().filter(|c| c.len() > 1) {
            let cycle = cycle_through(&graph, &component);
            let steps: Vec<String> = cycle
                .windows(2)
                .map(|w| {
                    let i = example[&(w[0], w[1])];
                    format!("{} imports {} (line {})", i.file, i.target, i.line)
                })
                .collect();
            let first = example[&(cycle[0], cycle[1])];
            out.push(first.violation(format!(
                "folders in an import cycle, {}: {}",
                cycle.join(" -> "),
                steps.join("; ")
            )));
        }
        out
    }
}

/// The folder of a source file: `study/go` for `study/go/perft.rs`, the
/// empty string for `lib.rs`.
fn folder(file: &str) -> &str {
    file.rfind('/').map_or("", |i| &file[..i])
}

/// Whether folder `outer` holds folder `inner` (the root holds every one).
fn holds(outer: &str, inner: &str) -> bool {
    outer.is_empty() || inner.strip_prefix(outer).is_some_and(|rest| rest.starts_with('/'))
}

/// The strongly connected components of `graph` (Tarjan), each sorted.
fn strongly_connected<'a>(graph: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Vec<Vec<&'a str>> {
    struct Walk<'a, 'g> {
        graph: &'g BTreeMap<&'a str, BTreeSet<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<&'a str>>,
    }
    impl<'a> Walk<'a, '_> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for &w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                component.sort_unstable();
                self.out.push(component);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for &v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.out.sort();
    walk.out
}

/// A shortest cycle through the first node of `component` (a strongly
/// connected component of `graph`), staying inside it: the node, the path,
/// and the node again.
fn cycle_through<'a>(graph: &BTreeMap<&'a str, BTreeSet<&'a str>>, component: &[&'a str]) -> Vec<&'a str> {
    let start = component[0];
    let inside: BTreeSet<&str> = component.iter().copied().collect();
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in graph.get(v).into_iter().flatten().filter(|w| inside.contains(*w)) {
            if w == start {
                let mut path = vec![start, v];
                let mut at = v;
                while at != start {
                    at = came_from[at];
                    path.push(at);
                }
                path.reverse();
                return path;
            }
            if !came_from.contains_key(w) {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    unreachable!("a strongly connected component of two or more nodes has a cycle through each")
}

// Module files, and where their paths lead.

/// The module of a source file: `lib.rs` is the crate root, `a/mod.rs` is
/// `a`, `a/b.rs` is `a::b`.
fn module_of(file: &str) -> Vec<String> {
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let mut module: Vec<String> = stem.split('/').map(String::from).collect();
    if stem == "lib" || module.last().is_some_and(|last| last == "mod") {
        module.pop();
    }
    module
}

struct Tree {
    /// The file of each module.
    files: BTreeMap<Vec<String>, String>,
    /// For each module, the names it re-exports with `pub use`, and the
    /// absolute path of what each name stands for.
    reexports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

impl Tree {
    fn new(sources: &[Source]) -> Tree {
        let files = sources.iter().map(|source| (source.module.clone(), source.file.clone())).collect();
        let mut tree = Tree { files, reexports: BTreeMap::new() };
        // Re-exported paths are made absolute with the module files alone.
        let mut reexports: BTreeMap<_, BTreeMap<_, _>> = BTreeMap::new();
        for path in sources.iter().flat_map(|source| &source.paths) {
            if let PathKind::Reexport { name: Some(name) } = &path.kind
                && let Some(target) = tree.absolute(&path.scope, &path.segments)
            {
                reexports.entry(path.scope.clone()).or_default().insert(name.clone(), target);
            }
        }
        tree.reexports = reexports;
        tree
    }

    fn is_module(&self, module: &[String]) -> bool {
        self.files.contains_key(module)
    }

    /// `segments`, written in module `scope`, as a path from the crate root;
    /// `None` for a path into another crate or through a name in scope.
    fn absolute(&self, scope: &[String], segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        let relative =
            first == "self" || first == "super" || self.is_module(&[scope, std::slice::from_ref(first)].concat());
        let mut path = match first.as_str() {
            "crate" => Vec::new(),
            _ if relative => scope.to_vec(),
            _ => return None,
        };
        for segment in segments {
            match segment.as_str() {
                "crate" | "self" => {}
                "super" => {
                    path.pop()?;
                }
                name => path.push(name.to_string()),
            }
        }
        Some(path)
    }

    /// Whether `path` leads into a module file below `module`.
    fn is_below(&self, module: &[String], path: &[String]) -> bool {
        path.len() > module.len() && path.starts_with(module) && self.is_module(&path[..=module.len()])
    }

    /// The file that defines the item at `path`: the deepest module file
    /// along it or, when that module re-exports the next name, the file the
    /// re-export leads to.
    fn resolve(&self, path: &[String]) -> Option<&str> {
        self.resolve_within(path, 8)
    }

    fn resolve_within(&self, path: &[String], hops: usize) -> Option<&str> {
        let depth = (0..=path.len()).rev().find(|&depth| self.is_module(&path[..depth]))?;
        let module = &path[..depth];
        let reexport = path.get(depth).and_then(|name| self.reexports.get(module)?.get(name));
        match reexport {
            Some(target) if hops > 0 => self.resolve_within(&[target, &path[depth + 1..]].concat(), hops - 1),
            _ => self.files.get(module).map(String::as_str),
        }
    }
}

// Reading one file.

/// One source file's paths and the presentation crates it names.
struct Source {
    file: String,
    module: Vec<String>,
    paths: Vec<WrittenPath>,
    /// Each presentation crate named, with its line.
    crates: Vec<(String, usize)>,
}

/// A path as written in a file.
#[derive(Debug)]
struct WrittenPath {
    /// The module it is written in: the file's, and any inline `mod name {…}`.
    scope: Vec<String>,
    segments: Vec<String>,
    line: usize,
    kind: PathKind,
}

#[derive(Debug)]
enum PathKind {
    /// A path in code or in an attribute.
    Code,
    /// A leaf of a private `use`.
    Use,
    /// A leaf of a `pub use`, with the name it binds (none for `*` or `as _`).
    Reexport { name: Option<String> },
}

impl Source {
    fn parse(file: &str, text: &str) -> Source {
        let tokens = lex(text);
        let module = module_of(file);
        Source { file: file.to_string(), paths: paths(&tokens, &module), crates: crate_mentions(&tokens), module }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// A string literal's contents, escapes as written.
    Str(String),
    /// `::`
    PathSep,
    Punct(char),
}

#[derive(Debug)]
struct Token {
    tok: Tok,
    line: usize,
}

fn tok(tokens: &[Token], i: usize) -> Option<&Tok> {
    tokens.get(i).map(|token| &token.tok)
}

/// The token before `i`.
fn previous(tokens: &[Token], i: usize) -> Option<&Tok> {
    tok(tokens, i.checked_sub(1)?)
}

fn is_ident(tok: Option<&Tok>, word: &str) -> bool {
    matches!(tok, Some(Tok::Ident(ident)) if ident == word)
}

/// The index of the bracket closing the one at `open`, or the end.
fn closing(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The tokens of each attribute `#[…]` or `#![…]`, brackets included.
fn attributes(tokens: &[Token]) -> Vec<Range<usize>> {
    let mut attributes = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token.tok == Tok::Punct('#') {
            let open = if tok(tokens, i + 1) == Some(&Tok::Punct('!')) { i + 2 } else { i + 1 };
            if tok(tokens, open) == Some(&Tok::Punct('[')) {
                attributes.push(open..closing(tokens, open) + 1);
            }
        }
    }
    attributes
}

/// Every path written from a module name in `tokens`, the text of a file of
/// module `module`.
fn paths(tokens: &[Token], module: &[String]) -> Vec<WrittenPath> {
    let attributes = attributes(tokens);
    let mut scope = module.to_vec();
    // The brace depth of the body of each inline module around.
    let mut inline_bodies = Vec::new();
    let mut depth: usize = 0;
    let mut paths = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let line = tokens[i].line;
        match &tokens[i].tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline_bodies.last() == Some(&depth) {
                    inline_bodies.pop();
                    scope.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(word) if word == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) = (tok(tokens, i + 1), tok(tokens, i + 2)) {
                    scope.push(name.clone());
                    inline_bodies.push(depth + 1);
                    i += 2;
                    continue;
                }
            }
            // A visibility such as `pub(in super::super)` imports nothing.
            Tok::Ident(word) if word == "pub" && tok(tokens, i + 1) == Some(&Tok::Punct('(')) => {
                i = closing(tokens, i + 1);
            }
            // `use<'a>` is a bound on captured lifetimes, not a declaration.
            Tok::Ident(word) if word == "use" && tok(tokens, i + 1) != Some(&Tok::Punct('<')) => {
                let public = is_public(tokens, i);
                let mut leaves = Vec::new();
                i += 1;
                use_tree(tokens, &mut i, &[], &mut leaves);
                paths.extend(leaves.into_iter().map(|leaf| WrittenPath {
                    scope: scope.clone(),
                    segments: leaf.segments,
                    line: leaf.line,
                    kind: if public { PathKind::Reexport { name: leaf.name } } else { PathKind::Use },
                }));
                continue;
            }
            Tok::Ident(_)
                if tok(tokens, i + 1) == Some(&Tok::PathSep) && previous(tokens, i) != Some(&Tok::PathSep) =>
            {
                let mut segments = Vec::new();
                while let Some(Tok::Ident(segment)) = tok(tokens, i) {
                    segments.push(segment.clone());
                    i += 1;
                    if tok(tokens, i) != Some(&Tok::PathSep) {
                        break;
                    }
                    i += 1;
                }
                paths.push(WrittenPath { scope: scope.clone(), segments, line, kind: PathKind::Code });
                continue;
            }
            // A path in an attribute string, as in serde's `with = "crate::…"`.
            Tok::Str(text) if previous(tokens, i) == Some(&Tok::Punct('=')) => {
                if let Some(segments) = path_in_string(text)
                    && attributes.iter().any(|attribute| attribute.contains(&i))
                {
                    paths.push(WrittenPath { scope: scope.clone(), segments, line, kind: PathKind::Code });
                }
            }
            _ => {}
        }
        i += 1;
    }
    paths
}

/// The segments of a string that is a path from `crate`, `self` or `super`.
fn path_in_string(text: &str) -> Option<Vec<String>> {
    let segments: Vec<String> = text.split("::").map(String::from).collect();
    let is_name = |segment: &String| !segment.is_empty() && segment.chars().all(is_ident_continue);
    let rooted = matches!(segments[0].as_str(), "crate" | "self" | "super");
    (rooted && segments.len() > 1 && segments.iter().all(is_name)).then_some(segments)
}

/// Whether the `use` at `at` has a visibility: `pub`, `pub(crate)`, …
fn is_public(tokens: &[Token], at: usize) -> bool {
    let mut before = tokens[..at].iter().rev().map(|token| &token.tok);
    match before.next() {
        Some(Tok::Punct(')')) => is_ident(before.skip_while(|tok| **tok != Tok::Punct('(')).nth(1), "pub"),
        tok => is_ident(tok, "pub"),
    }
}

/// One name a `use` declaration brings in.
struct UseLeaf {
    /// The full path, ending in `self` for `a::{self}`, without the `*` of a glob.
    segments: Vec<String>,
    /// The name bound: none for a glob or `as _`.
    name: Option<String>,
    line: usize,
}

/// Reads the use tree at `*at` under `prefix`, leaving `*at` past it.
fn use_tree(tokens: &[Token], at: &mut usize, prefix: &[String], leaves: &mut Vec<UseLeaf>) {
    let mut segments = prefix.to_vec();
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match &token.tok {
            Tok::PathSep => {}
            Tok::Ident(segment) => {
                segments.push(segment.clone());
                if tok(tokens, *at) == Some(&Tok::PathSep) {
                    continue;
                }
                let name = if is_ident(tok(tokens, *at), "as") {
                    *at += 2;
                    match tok(tokens, *at - 1) {
                        Some(Tok::Ident(alias)) if alias != "_" => Some(alias.clone()),
                        _ => None,
                    }
                } else if segment == "self" {
                    segments.iter().rev().nth(1).cloned()
                } else {
                    Some(segment.clone())
                };
                leaves.push(UseLeaf { segments, name, line: token.line });
                return;
            }
            Tok::Punct('*') => {
                leaves.push(UseLeaf { segments, name: None, line: token.line });
                return;
            }
            Tok::Punct('{') => {
                while let Some(next) = tok(tokens, *at) {
                    match next {
                        Tok::Punct(',') => *at += 1,
                        Tok::Punct('}') => {
                            *at += 1;
                            return;
                        }
                        Tok::Punct(';') => return,
                        _ => use_tree(tokens, at, &segments, leaves),
                    }
                }
                return;
            }
            _ => return,
        }
    }
}

/// Each presentation crate named in `tokens`, with its line; `clap` is
/// allowed in a `#[cfg_attr(feature = "cli", …)]` attribute.
fn crate_mentions(tokens: &[Token]) -> Vec<(String, usize)> {
    let cli = [
        Tok::Punct('['),
        Tok::Ident("cfg_attr".into()),
        Tok::Punct('('),
        Tok::Ident("feature".into()),
        Tok::Punct('='),
        Tok::Str("cli".into()),
        Tok::Punct(','),
    ];
    let cli_attributes: Vec<Range<usize>> = attributes(tokens)
        .into_iter()
        .filter(|attribute| tokens[attribute.clone()].iter().map(|token| &token.tok).take(cli.len()).eq(&cli))
        .collect();
    let mut mentions = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if let Tok::Ident(name) = &token.tok {
            let allowed = name == "clap" && cli_attributes.iter().any(|attribute| attribute.contains(&i));
            if PRESENTATION_CRATES.contains(&name.as_str()) && !allowed {
                mentions.push((name.clone(), token.line));
            }
        }
    }
    mentions
}

// Splitting text into tokens.

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Splits source text into identifiers, string literals, `::` and other
/// punctuation, each with its line. Comments (doc comments and their
/// examples too), numbers, character literals and lifetimes are dropped.
fn lex(text: &str) -> Vec<Token> {
    let mut lexer = Lexer { chars: text.chars().collect(), at: 0, line: 1, tokens: Vec::new() };
    while let Some(c) = lexer.peek(0) {
        let line = lexer.line;
        match c {
            '/' if lexer.peek(1) == Some('/') => lexer.line_comment(),
            '/' if lexer.peek(1) == Some('*') => lexer.block_comment(),
            '"' => {
                let text = lexer.string();
                lexer.push(Tok::Str(text), line);
            }
            '\'' => lexer.quote(),
            ':' if lexer.peek(1) == Some(':') => {
                lexer.at += 2;
                lexer.push(Tok::PathSep, line);
            }
            c if c.is_ascii_digit() => {
                lexer.word();
            }
            c if is_ident_start(c) => lexer.ident_or_literal(),
            c => {
                lexer.bump();
                if !c.is_whitespace() {
                    lexer.push(Tok::Punct(c), line);
                }
            }
        }
    }
    lexer.tokens
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    tokens: Vec<Token>,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn push(&mut self, tok: Tok, line: usize) {
        self.tokens.push(Token { tok, line });
    }

    /// Moves past an identifier, keyword or number, and returns it.
    fn word(&mut self) -> String {
        let start = self.at;
        while self.peek(0).is_some_and(is_ident_continue) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    fn line_comment(&mut self) {
        while self.peek(0).is_some_and(|c| c != '\n') {
            self.at += 1;
        }
    }

    /// Moves past a block comment, nested ones included.
    fn block_comment(&mut self) {
        let mut depth = 0;
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some('/'), Some('*')) => {
                    self.at += 2;
                    depth += 1;
                }
                (Some('*'), Some('/')) => {
                    self.at += 2;
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                (Some(_), _) => {
                    self.bump();
                }
                (None, _) => return,
            }
        }
    }

    /// Moves past a string literal from its opening quote, and returns its
    /// contents.
    fn string(&mut self) -> String {
        self.bump();
        let mut contents = String::new();
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => {
                    contents.push(c);
                    contents.extend(self.bump());
                }
                c => contents.push(c),
            }
        }
        contents
    }

    /// Moves past a raw string literal from its `#`s or opening quote, and
    /// returns its contents.
    fn raw_string(&mut self) -> String {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            self.at += 1;
            hashes += 1;
        }
        self.bump();
        let mut contents = String::new();
        while let Some(c) = self.bump() {
            if c == '"' && (0..hashes).all(|ahead| self.peek(ahead) == Some('#')) {
                self.at += hashes;
                break;
            }
            contents.push(c);
        }
        contents
    }

    /// Moves past a character literal or a lifetime, from its quote.
    fn quote(&mut self) {
        self.bump();
        match (self.peek(0), self.peek(1)) {
            (Some('\\'), _) => {
                self.bump();
                self.bump();
                while self.bump().is_some_and(|c| c != '\'') {}
            }
            (Some(_), Some('\'')) => {
                self.bump();
                self.bump();
            }
            _ => {
                self.word();
            }
        }
    }

    /// An identifier, raw identifier (`r#name`), or a literal with a prefix
    /// (`b"…"`, `r#"…"#`, `b'…'`).
    fn ident_or_literal(&mut self) {
        let line = self.line;
        let word = self.word();
        match (word.as_str(), self.peek(0), self.peek(1)) {
            ("r", Some('#'), Some(c)) if is_ident_start(c) => {
                self.at += 1;
                let ident = self.word();
                self.push(Tok::Ident(ident), line);
            }
            ("r" | "br" | "cr", Some('"' | '#'), _) => {
                let text = self.raw_string();
                self.push(Tok::Str(text), line);
            }
            ("b" | "c", Some('"'), _) => {
                let text = self.string();
                self.push(Tok::Str(text), line);
            }
            ("b", Some('\''), _) => self.quote(),
            _ => self.push(Tok::Ident(word), line),
        }
    }
}

// The checker's own tests, on made-up trees.

/// The violations in a made-up tree, as `file: imports target (line N)`.
fn violations_in(tree: &[(&str, &str)]) -> Vec<String> {
    let violations = Scan::new(tree).violations();
    violations.iter().map(|v| format!("{}: imports {} (line {})", v.file, v.target, v.line)).collect()
}

/// The imports between module files of a made-up tree, as
/// `file: imports target (line N)`.
fn imports_in(tree: &[(&str, &str)]) -> Vec<String> {
    let imports = Scan::new(tree).imports;
    imports.iter().map(|i| format!("{}: imports {} (line {})", i.file, i.target, i.line)).collect()
}

const LAYERS: [(&str, &str); 6] = [
    (
        "lib.rs",
        "pub mod batch;\npub mod engine;\npub mod error;\npub mod report;\npub mod study;\npub use error::Error;",
    ),
    ("error.rs", "pub struct Error;"),
    ("engine/mod.rs", "pub mod rng;"),
    ("engine/rng.rs", "pub struct SplitMix;"),
    ("report/mod.rs", "pub struct Table;"),
    ("study/mod.rs", "pub struct Summary;"),
];

fn with_layers<'a>(files: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut tree = LAYERS.to_vec();
    tree.extend_from_slice(files);
    tree
}

#[test]
fn comments_doc_examples_and_strings_are_not_imports() {
    let search = r####"//! Searches.
//!
//! ```
//! use plybench::report::Table;
//! let t = crate::study::Summary;
//! ```
/// Like [`crate::study::Summary`].
/* crate::report::Table /* nested: crate::batch */ still crate::study */
const TEXT: &str = "use crate::report::Table;";
const LINES: &str = "one
crate::report::Table";
const RAW: &str = r#"crate::study::Summary " "#;
const QUOTE: char = '"';
const ESCAPED: char = '\'';
const BYTE: u8 = b'"';
fn first<'a>(x: &'a str) -> &'a str { x } // crate::report::Table
#[doc = "The table."]
use crate::report::Table;
"####;
    let tree = with_layers(&[("engine/search.rs", search)]);
    assert_eq!(violations_in(&tree), ["engine/search.rs: imports report/mod.rs (line 18)"]);
}

#[test]
fn engines_import_nothing_from_studies_or_their_helpers() {
    let search = "use crate::report::Table;
fn summary() -> crate::study::Summary { todo!() }
use super::super::batch::Unit;
macro_rules! table { () => { $crate::report::Table } }
use crate::{Error, engine::rng::SplitMix};
use super::rng;
";
    let tree = with_layers(&[
        ("engine/search.rs", search),
        ("batch/mod.rs", "pub struct Unit;"),
        ("engine/memory.rs", "use crate::Error;\nuse crate::error::Error as E;\n"),
    ]);
    assert_eq!(
        violations_in(&tree),
        [
            "engine/search.rs: imports report/mod.rs (line 1)",
            "engine/search.rs: imports study/mod.rs (line 2)",
            "engine/search.rs: imports batch/mod.rs (line 3)",
            "engine/search.rs: imports report/mod.rs (line 4)",
        ]
    );
}

#[test]
fn engines_name_no_presentation_crate() {
    let progress = r#"use indicatif::ProgressBar;
extern crate plotters;
fn table() { comfy_table::Table::new(); }
#[derive(clap::Parser)]
struct Arguments;
#[cfg_attr(feature = "cli", derive(clap::Parser))]
struct Options;
type Histogram = hdrhistogram::Histogram<u64>;
// indicatif, in a comment
const NAME: &str = "plotters";
"#;
    let tree = with_layers(&[
        ("engine/progress.rs", progress),
        ("study/draw.rs", "use indicatif::ProgressBar;\nuse plotters::prelude::*;\nuse clap::Parser;"),
    ]);
    let scan = Scan::new(&tree);
    let violations: Vec<String> = scan.violations().iter().map(ToString::to_string).collect();
    assert_eq!(
        violations,
        [
            "engine/progress.rs: imports indicatif (line 1): engine/ must not use indicatif",
            "engine/progress.rs: imports plotters (line 2): engine/ must not use plotters",
            "engine/progress.rs: imports comfy_table (line 3): engine/ must not use comfy_table",
            "engine/progress.rs: imports clap (line 4): engine/ must not use clap",
            "engine/progress.rs: imports hdrhistogram (line 8): engine/ must not use hdrhistogram",
        ]
    );
}

#[test]
fn batch_imports_no_study_and_no_engine() {
    let tree = with_layers(&[
        ("batch/mod.rs", "mod unit;\npub use unit::Unit;\nuse crate::report::Table;\n"),
        ("batch/unit.rs", "use super::super::study::Summary;\nuse crate::engine::rng::SplitMix;\nuse crate::Error;\n"),
    ]);
    assert_eq!(
        violations_in(&tree),
        ["batch/unit.rs: imports study/mod.rs (line 1)", "batch/unit.rs: imports engine/rng.rs (line 2)"]
    );
}

#[test]
fn report_imports_no_study_and_no_batch() {
    let cell = r#"#[derive(Serialize)]
struct Figure {
    #[serde(with = "crate::study::decimal")]
    count: u64,
}
fn shard() -> crate::batch::Shard { todo!() }
fn seed() -> crate::engine::rng::SplitMix { todo!() }
"#;
    let tree = with_layers(&[
        ("report/cell.rs", cell),
        ("study/decimal.rs", ""),
        ("batch/mod.rs", "pub struct Shard;"),
        ("engine/board.rs", "use crate::report::Table;"),
    ]);
    assert_eq!(
        violations_in(&tree),
        [
            "engine/board.rs: imports report/mod.rs (line 1)",
            "report/cell.rs: imports study/decimal.rs (line 3)",
            "report/cell.rs: imports batch/mod.rs (line 6)",
        ]
    );
}

#[test]
fn longer_cycles_of_files_and_cycles_of_folders_are_reported() {
    let tree = with_layers(&[
        ("study/a.rs", "use super::b::B;\npub struct A;"),
        ("study/b.rs", "use super::c::C;\npub struct B;"),
        ("study/c.rs", "pub struct C;\n\nfn a() -> super::a::A { todo!() }"),
        ("study/go/mod.rs", "pub mod perft;"),
        ("study/go/perft.rs", "use crate::study::reproduce::plan::Budget;\npub struct Perft;"),
        ("study/reproduce/mod.rs", "pub mod plan;\npub mod go;"),
        ("study/reproduce/plan.rs", "pub struct Budget;"),
        ("study/reproduce/go.rs", "use crate::study::go::perft::Perft;"),
        ("study/datasets.rs", "pub struct Parsed;"),
        ("study/perft/mod.rs", "use crate::study::datasets::Parsed;"),
        ("study/tools.rs", "use crate::study::perft::Run;"),
    ]);
    let scan = Scan::new(&tree);
    let violations: Vec<String> = scan.violations().iter().map(ToString::to_string).collect();
    assert_eq!(
        violations,
        [
            "study/a.rs: imports study/b.rs (line 1): a cycle of 3 files: study/a.rs -> study/b.rs -> study/c.rs -> \
             study/a.rs",
            "study/go/perft.rs: imports study/reproduce/plan.rs (line 1): folders in an import cycle, study/go -> \
             study/reproduce -> study/go: study/go/perft.rs imports study/reproduce/plan.rs (line 1); \
             study/reproduce/go.rs imports study/go/perft.rs (line 1)",
        ],
        "study and study/perft import each other through datasets.rs and tools.rs, but study holds study/perft"
    );
}

#[test]
fn modules_importing_each_other_are_reported() {
    let kalah = "mod sow;
#[cfg(test)]
mod tests;
pub use sow::{
    Landing,
    Rules as SowingRules,
};
pub struct Position;
#[cfg(test)]
mod inline_tests {
    use super::*;
}
";
    let tree = with_layers(&[
        ("engine/a.rs", "use super::b::B;\npub struct A;"),
        ("engine/b.rs", "pub struct B;\n\nfn a() -> super::a::A { todo!() }"),
        ("engine/kalah/mod.rs", kalah),
        ("engine/kalah/sow.rs", "use super::Position;\npub struct Landing;\npub struct Rules;"),
        ("engine/kalah/tests.rs", "use super::*;\nuse super::sow::Rules;"),
        ("engine/chess/mod.rs", "mod board;\nuse board::Board;\npub struct Square;"),
        ("engine/chess/board.rs", "pub struct Board;\nuse super::Square;"),
    ]);
    let scan = Scan::new(&tree);
    let violations: Vec<String> = scan.violations().iter().map(ToString::to_string).collect();
    assert_eq!(
        violations,
        [
            "engine/a.rs: imports engine/b.rs (line 1): engine/b.rs imports it back (line 3)",
            "engine/chess/board.rs: imports engine/chess/mod.rs (line 2): engine/chess/mod.rs imports it back (line 2)",
        ]
    );
}

#[test]
fn paths_resolve_to_the_file_defining_the_item() {
    let lib = "pub mod engine;
pub mod error;
pub mod study;
pub use error::{Error, Result};
pub use engine::kalah::Position as Start;
";
    let kalah = "pub(crate) mod sow;
pub use sow::{
    Landing,
    Rules as SowingRules,
};
pub struct Position;
";
    let study = "pub mod kalah;
use super::engine::kalah::Position;
use self::kalah::Table;
pub struct Summary;
";
    let study_kalah = "use crate::engine::kalah::sow::Rules;
use crate::engine::kalah::SowingRules;
use crate::engine::kalah::{Landing, Position};
use crate::{Error, Result};
use super::Summary;
fn start() -> crate::Start { todo!() }
mod tests {
    use super::*;
    use self::helpers::Helper;
    fn summary() -> super::super::Summary { todo!() }
}
";
    let tree = [
        ("lib.rs", lib),
        ("error.rs", "pub struct Error;\npub type Result<T> = std::result::Result<T, Error>;"),
        ("engine/mod.rs", "pub mod kalah;"),
        ("engine/kalah/mod.rs", kalah),
        ("engine/kalah/sow.rs", "pub struct Rules;\npub struct Landing;"),
        ("study/mod.rs", study),
        ("study/kalah.rs", study_kalah),
    ];
    assert_eq!(
        imports_in(&tree),
        [
            "study/kalah.rs: imports engine/kalah/sow.rs (line 1)",
            "study/kalah.rs: imports engine/kalah/sow.rs (line 2)",
            "study/kalah.rs: imports engine/kalah/mod.rs (line 3)",
            "study/kalah.rs: imports engine/kalah/sow.rs (line 3)",
            "study/kalah.rs: imports error.rs (line 4)",
            "study/kalah.rs: imports study/mod.rs (line 5)",
            "study/kalah.rs: imports engine/kalah/mod.rs (line 6)",
            "study/kalah.rs: imports study/mod.rs (line 10)",
            "study/mod.rs: imports engine/kalah/mod.rs (line 2)",
            "study/mod.rs: imports study/kalah.rs (line 3)",
        ]
    );
}
