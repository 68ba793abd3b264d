//! Core's modules form layers: no module uses one that uses it back, directly or around a
//! circle. The edges are each top-level module's `crate::…` paths outside comments and tests,
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

#[test]
fn core_modules_use_no_module_that_uses_them_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let mut modules = Vec::new();
    let mut from: BTreeMap<String, String> = BTreeMap::new();
    for line in lib.lines() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("mod ")) {
            modules.push(name.trim_end_matches(';').to_string());
        } else if let Some(export) = line.strip_prefix("pub use ") {
            let (module, items) = export.trim_end_matches(';').split_once("::").unwrap();
            for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
                let name = item.split(" as ").last().unwrap().trim();
                from.insert(name.to_string(), module.to_string());
            }
        }
    }
    assert!(modules.len() > 10, "{modules:?}");
    let mut edges: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for module in &modules {
        let uses = edges.entry(module).or_default();
        for file in files(&src, module) {
            let text = std::fs::read_to_string(&file).unwrap();
            let code: Vec<&str> = text
                .split("#[cfg(test)]")
                .next()
                .unwrap()
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            for word in paths(&code.join("\n")) {
                let target = if modules.contains(&word) { Some(word) } else { from.get(&word).cloned() };
                uses.extend(target.filter(|t| t != module));
            }
        }
    }
    // Depth-first from each module: a module met again on the current path closes a circle.
    fn visit<'a>(module: &'a str, edges: &'a BTreeMap<&str, BTreeSet<String>>, path: &mut Vec<&'a str>) {
        for next in &edges[module] {
            if let Some(at) = path.iter().position(|m| m == next) {
                panic!("a module circle: {} -> {next}", path[at..].join(" -> "));
            }
            path.push(next);
            visit(next, edges, path);
            path.pop();
        }
    }
    for module in &modules {
        visit(module, &edges, &mut vec![module.as_str()]);
    }
    // The edges are found at all: the solve path uses the backends.
    assert!(edges["puzzle"].contains("backend"), "{edges:?}");
}
