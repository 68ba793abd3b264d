//! The workspace's layer rules. Core's modules form layers, and so do each model crate's: no
//! module uses one that uses it back, directly or around a circle. The edges are each top-level module's `crate::…` paths outside comments and tests,
//! a re-exported name (`crate::Backend`) counted as the module it comes from.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The `.rs` files of module `name`: `name.rs` and everything under `name/`.
fn files(src: &Path, name: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out: Vec<PathBuf> = vec![src.join(format!("{name}.rs"))].into_iter().filter(|p| p.exists()).collect();
    walk(&src.join(name), &mut out);
    out
}

/// The words of the path after each `crate::` in `code`: `crate::{A, b::C}` gives A, b, C.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let path: String = if let Some(group) = rest.strip_prefix('{') {
            group.split('}').next().unwrap_or("").to_string()
        } else {
            rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
        };
        let words = path.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty());
        if rest.starts_with('{') {
            out.extend(words.map(str::to_string));
        } else {
            out.extend(words.take(1).map(str::to_string));
        }
    }
    out
}

/// The names a `use` path brings in: `module::…::{A, B as C};` gives A and C,
/// `module::…::A;` gives A.
fn named(path: &str) -> Vec<String> {
    let path = path.trim_end_matches(';');
    let items = path
        .rsplit_once("::{")
        .map_or_else(|| path.rsplit("::").next().unwrap_or(""), |(_, g)| g.trim_end_matches('}'));
    items
        .split(',')
        .map(|i| i.split(" as ").last().unwrap_or("").trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// The modules declared in `src/lib.rs`, and each one's edges: the modules it uses.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let mut modules = Vec::new();
    let mut from: BTreeMap<String, String> = BTreeMap::new();
    let mut test_only = false;
    for line in lib.lines() {
        let line = line.trim();
        // A module compiled for the tests alone (a test kit) is no layer.
        let after_cfg_test = std::mem::replace(&mut test_only, line == "#[cfg(test)]");
        let declared = ["pub mod ", "pub(crate) mod ", "mod "].iter().find_map(|p| line.strip_prefix(p));
        let declared = declared.filter(|_| !after_cfg_test);
        let exported = ["pub use ", "pub(crate) use "].iter().find_map(|p| line.strip_prefix(p));
        if let Some(name) = declared {
            modules.push(name.trim_end_matches(';').to_string());
        } else if let Some(export) = exported {
            // Each name to its module.
            let Some((module, _)) = export.split_once("::") else { continue };
            for name in named(export) {
                from.insert(name, module.to_string());
            }
        }
    }
    let mut edges = BTreeMap::new();
    for module in &modules {
        let uses: &mut BTreeSet<String> = edges.entry(module.clone()).or_default();
        for file in files(src, module).into_iter().filter(|f| !f.ends_with("tests.rs")) {
            let text = std::fs::read_to_string(&file).unwrap();
            // The code before the tests (`#[cfg(test)]`, `#[cfg(all(test, …))]`).
            let tests = ["#[cfg(test)]", "#[cfg(all(test"].iter().filter_map(|t| text.find(t)).min();
            let code: Vec<&str> =
                text[..tests.unwrap_or(text.len())].lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            for word in paths(&code.join("\n")) {
                let target = if modules.contains(&word) { Some(word) } else { from.get(&word).cloned() };
                uses.extend(target.filter(|t| t != module && modules.contains(t)));
            }
        }
    }
    edges
}

/// Panics on a circle: depth-first from each module, a module met again on the current path
/// closes one.
fn assert_no_circle(krate: &str, edges: &BTreeMap<String, BTreeSet<String>>) {
    fn visit<'a>(krate: &str, module: &'a str, edges: &'a BTreeMap<String, BTreeSet<String>>, path: &mut Vec<&'a str>) {
        for next in &edges[module] {
            if let Some(at) = path.iter().position(|m| m == next) {
                panic!("a module circle in {krate}: {} -> {next}", path[at..].join(" -> "));
            }
            path.push(next);
            visit(krate, next, edges, path);
            path.pop();
        }
    }
    for module in edges.keys() {
        visit(krate, module, edges, &mut vec![module.as_str()]);
    }
}

/// Core's and the harness's modules: no circle, and an edge each that must be seen (the solve
/// path uses the backends; a request asks for runners).
#[test]
fn core_and_harness_modules_use_no_module_that_uses_them_back() {
    for (src, krate, (from, to)) in [
        ("crates/core/src", "masu-core", ("puzzle", "backend")),
        ("crates/harness/src", "masu-harness", ("request", "runners")),
    ] {
        let edges = edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join(src));
        assert!(edges.len() > 10, "{edges:?}");
        assert_no_circle(krate, &edges);
        assert!(edges[from].contains(to), "{edges:?}");
    }
}

/// Every model crate (`models/*` with a `src/lib.rs`): its kind and its `src/`.
fn model_crates() -> Vec<(String, PathBuf)> {
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let crates = std::fs::read_dir(&models).unwrap().flatten();
    let crates = crates.map(|e| (e.file_name().to_string_lossy().to_string(), e.path().join("src")));
    crates.filter(|(_, src)| src.join("lib.rs").exists()).collect()
}

/// The same for every model crate (`models/*`), laid out alike by role: `puzzle/` (the
/// puzzle alone: its type, format, check, render, using no model, engine or generator), `models/` (the articles' models for a backend),
/// `native/` (masu's engine) and `generate/` (making puzzles). No engine or model uses
/// `generate/`, and no engine uses `models/`; numberlink's puzzle uses no engine, its engines
/// use the puzzle and the theory, and only the portfolio and generation compose them.
#[test]
fn every_model_crates_modules_use_no_module_that_uses_them_back() {
    let mut crates = 0;
    for (kind, src) in model_crates() {
        let edges = edges(&src);
        assert!(edges.len() > 5, "{}: {edges:?}", src.display());
        assert_no_circle(&kind, &edges);
        for role in ["puzzle", "models", "native", "generate"] {
            assert!(edges.contains_key(role), "{kind} has no {role}/: {edges:?}");
        }
        for above in ["models", "native", "generate"] {
            assert!(!edges["puzzle"].contains(above), "{kind}: the puzzle uses {above}");
        }
        for (module, uses) in &edges {
            assert!(module == "generate" || !uses.contains("generate"), "{kind}: {module} uses generate");
        }
        assert!(!edges["native"].contains("models"), "{kind}: native uses models");
        if kind == "numberlink" {
            assert!(edges["native"].contains("theory") && edges["theory"].contains("puzzle"), "{edges:?}");
            for engine in ["native", "frontier", "links"] {
                let others = ["native", "frontier", "links", "auto", "models", "generate"];
                let used: Vec<&String> = edges[engine].iter().filter(|m| others.contains(&m.as_str())).collect();
                assert!(used.is_empty(), "the engine {engine} uses {used:?}");
            }
        }
        crates += 1;
    }
    assert!(crates >= 3, "{crates} model crates");
}

/// A kind's top folder holds at most 8 files: the rest is in its role folders.
#[test]
fn every_kind_keeps_at_most_eight_files_at_its_top() {
    for (_, src) in model_crates() {
        let files = std::fs::read_dir(&src).into_iter().flatten().flatten().filter(|f| f.path().is_file()).count();
        assert!(files <= 8, "{}: {files} files", src.display());
    }
}

/// A model crate's root is its top: its modules take the puzzle's names from `puzzle/` and
/// the rest from where each is defined, never from `lib.rs` (a name it re-exports, or
/// `Formulation`, which it declares), but for `examples.rs` and `generate/`, which name
/// formulations and stand above it.
#[test]
fn every_model_crates_modules_import_nothing_from_its_root() {
    let mut checked = 0;
    for (_, src) in model_crates() {
        let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
        let mut root: BTreeSet<String> = BTreeSet::from(["Formulation".to_string()]);
        for line in lib.lines().map(str::trim) {
            let Some(export) = ["pub use ", "pub(crate) use ", "use "].iter().find_map(|p| line.strip_prefix(p)) else {
                continue;
            };
            root.extend(named(export));
        }
        for module in std::fs::read_dir(&src).unwrap().flatten() {
            let name = module.file_name().to_string_lossy().trim_end_matches(".rs").to_string();
            if ["lib", "examples", "generate"].contains(&name.as_str()) {
                continue;
            }
            for file in files(&src, &name) {
                let text = std::fs::read_to_string(&file).unwrap();
                let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
                let from_root: Vec<String> = paths(&code.join("\n")).into_iter().filter(|w| root.contains(w)).collect();
                assert!(from_root.is_empty(), "{} takes {from_root:?} from the crate's root", file.display());
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} files");
}

/// The files of one folder (a module's children): each one's sibling files that it names as
/// `super::NAME` outside comments and tests.
fn sibling_edges(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let stems: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().to_string()))
        .filter(|s| s != "mod" && s != "tests")
        .collect();
    let mut edges = BTreeMap::new();
    for stem in &stems {
        let text = std::fs::read_to_string(dir.join(format!("{stem}.rs"))).unwrap();
        let tests = ["#[cfg(test)]", "#[cfg(all(test"].iter().filter_map(|t| text.find(t)).min();
        let code: Vec<&str> =
            text[..tests.unwrap_or(text.len())].lines().filter(|l| !l.trim_start().starts_with("//")).collect();
        let code = code.join("\n");
        let uses: BTreeSet<String> = code
            .match_indices("super::")
            .map(|(at, _)| {
                code[at + "super::".len()..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
            })
            .filter(|name: &String| name != stem && stems.contains(name))
            .collect();
        edges.insert(stem.clone(), uses);
    }
    edges
}

/// Inside every folder of every crate, no file uses (`super::NAME`) a sibling that uses it
/// back, directly or around a circle (numberlink's clause-learning encoding uses its local
/// rules; the rules take what they need from the theory, not from the encoding).
#[test]
fn no_file_uses_a_sibling_that_uses_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = BTreeSet::new();
    for group in ["crates", "models"] {
        for krate in std::fs::read_dir(root.join(group)).unwrap().flatten() {
            // Every file below `src/` (`files` of the module named nothing), by its folder.
            all.extend(files(&krate.path().join("src"), "").iter().filter_map(|f| f.parent().map(Path::to_path_buf)));
        }
    }
    let native = root.join("models/numberlink/src/native");
    assert!(sibling_edges(&native)["cdcl"].contains("local"), "the edges are found at all");
    for dir in &all {
        assert_no_circle(&dir.display().to_string(), &sibling_edges(dir));
    }
    assert!(all.len() > 20, "{} folders", all.len());
}
