//! The backends' names where users read them, checked against the backends' table: the README
//! and `docs/architecture.md` name every backend, and every formulations table (in
//! `docs/formulations.md` and in each kind's `lib.rs`) lists every formulation of its kind
//! with the backends it declares, as [`Backend::label`] names them (`CP`, `MILP`, or names).

use masu::core::{Backend, Formulation};

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Whether `text` has `word` standing alone (not inside a longer name such as `cp-sat-x`).
fn names(text: &str, word: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

#[test]
fn the_readme_and_the_architecture_name_every_backend() {
    for path in ["README.md", "docs/architecture.md"] {
        let text = read(path);
        let missing: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).filter(|name| !names(&text, name)).collect();
        assert!(missing.is_empty(), "{path} does not name {missing:?}");
    }
}

/// The backtick-quoted words of a table cell.
fn quoted(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The cells of the table rows in `text` (lines starting with `|`, or `//! |` in Rust).
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.trim_start_matches("//!").trim())
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect())
        .collect()
}

/// Checks `F`'s rows among `rows`: `which(row)` gives the formulations a row is about (their
/// names on the command line), the row's backends cell is at `column`; every formulation
/// has a row.
fn check_table<F: Formulation>(place: &str, rows: &[Vec<String>], column: usize, which: impl Fn(&[String]) -> Vec<F>) {
    let mut seen = Vec::new();
    for row in rows {
        for formulation in which(row) {
            let expected = Backend::label(formulation.backends());
            assert_eq!(row[column], expected, "{place}: the backends of {formulation}");
            seen.push(formulation);
        }
    }
    let missing: Vec<&F> = F::ALL.iter().filter(|f| !seen.contains(f)).collect();
    assert!(missing.is_empty(), "{place} has no row for {missing:?}");
}

fn kind_tables<F: Formulation>(kind: &str) {
    let docs = rows(&read("docs/formulations.md"));
    let of_kind: Vec<Vec<String>> = docs.into_iter().filter(|r| r.len() == 5 && r[0] == kind).collect();
    check_table::<F>("docs/formulations.md", &of_kind, 3, |row| {
        quoted(&row[1]).into_iter().filter_map(|name| name.parse().ok()).collect()
    });
    let lib = rows(&read(&format!("models/{kind}/src/lib.rs")));
    check_table::<F>(&format!("models/{kind}/src/lib.rs"), &lib, 2, |row| {
        let variant = row[0].trim_start_matches("[`Formulation::").trim_end_matches("`]");
        F::ALL.iter().copied().filter(|f| format!("{f:?}") == variant).collect()
    });
}

#[test]
fn every_formulations_table_gives_each_formulation_its_declared_backends() {
    kind_tables::<masu::sudoku::Formulation>("sudoku");
    kind_tables::<masu::nonogram::Formulation>("nonogram");
    kind_tables::<masu::numberlink::Formulation>("numberlink");
}

/// The legend of `docs/formulations.md` lists each family's members.
#[test]
fn the_families_legend_lists_their_members() {
    let text = read("docs/formulations.md");
    for (family, members) in [("MILP", &Backend::MILP[..]), ("CP", &Backend::CP[..])] {
        let line = format!("`{family}`: {}.", Backend::listed(members, "and"));
        assert!(text.contains(&line), "docs/formulations.md does not say {line:?}");
    }
}

/// The names in `dir` (a folder's files and folders, a folder's name ending in `/`).
fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            if e.path().is_dir() { format!("{name}/") } else { name }
        })
        .collect();
    names.sort();
    names
}

/// The `.rs` files under `dir`, by file name, at any depth.
fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    for name in entries(dir) {
        match name.strip_suffix('/') {
            Some(folder) => out.extend(files_under(&dir.join(folder))),
            None if name.ends_with(".rs") => out.push(name),
            None => {}
        }
    }
    out
}

/// Each kind's table of files (`| folder or file | role |` in its `lib.rs`) is its tree: a
/// row for every file and folder of `src/` and none for what is not there; every file a
/// folder's row names (`x.rs`) is in that folder, and every file of the folder is named
/// (its `mod.rs` aside). And the file column of its formulations table names a module that
/// is there.
#[test]
fn every_kinds_table_of_files_is_its_tree() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for kind in ["sudoku", "nonogram", "numberlink"] {
        let place = format!("models/{kind}/src/lib.rs");
        let src = root.join(format!("models/{kind}/src"));
        let table = rows(&read(&place));
        let files: Vec<(&str, Vec<&str>)> = table
            .iter()
            .filter(|r| r.len() == 2 && r[0].starts_with('`'))
            .map(|r| (quoted(&r[0])[0], quoted(&r[1]).into_iter().filter(|n| n.ends_with(".rs")).collect()))
            .collect();
        let mut listed: Vec<String> = files.iter().map(|(entry, _)| entry.to_string()).collect();
        listed.sort();
        assert_eq!(listed, entries(&src), "{place}: the table of files against src/");
        for (folder, named) in files.iter().filter(|(entry, _)| entry.ends_with('/')) {
            let there = files_under(&src.join(folder));
            let missing: Vec<&&str> = named.iter().filter(|n| !there.iter().any(|f| f == *n)).collect();
            assert!(missing.is_empty(), "{place}: {folder} has no {missing:?}");
            let unnamed: Vec<&String> =
                there.iter().filter(|f| *f != "mod.rs" && !named.contains(&f.as_str())).collect();
            assert!(unnamed.is_empty(), "{place}: the row of {folder} does not name {unnamed:?}");
        }
        for row in table.iter().filter(|r| r.len() == 4 && r[0].starts_with("[`Formulation::")) {
            let module = row[3].trim_matches(|c| "[]`".contains(c));
            let found = [format!("{module}.rs"), format!("{module}/mod.rs"), format!("models/{module}.rs")]
                .iter()
                .any(|p| src.join(p).exists());
            assert!(found, "{place}: the file of {} is {module}, which is not there", row[0]);
        }
    }
}

/// Every path `docs/architecture.md` and `docs/extending.md` name is there: those written
/// from the workspace's root (`crates/…`, `models/…`, `tests/…`), and the files and folders a
/// crate's row of the architecture's table names, somewhere in that crate (each kind's, for
/// `models/<kind>`).
#[test]
fn the_architecture_and_extending_name_only_paths_that_are_there() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let exists = |path: &str| root.join(path.trim_end_matches('/')).exists();
    for doc in ["docs/architecture.md", "docs/extending.md"] {
        let text = read(doc);
        let rooted = quoted(&text)
            .into_iter()
            .filter(|p| ["crates/", "models/", "tests/", "docs/"].iter().any(|r| p.starts_with(r)))
            .filter(|p| !p.contains(['<', '*', ' ']));
        let missing: Vec<&str> = rooted.filter(|p| !exists(p)).collect();
        assert!(missing.is_empty(), "{doc} names {missing:?}, which are not there");
    }
    for row in rows(&read("docs/architecture.md")) {
        let Some(owner) = row.first().and_then(|c| quoted(c).first().copied()) else { continue };
        let crates: Vec<String> = match owner {
            "models/<kind>" => ["sudoku", "nonogram", "numberlink"].iter().map(|k| format!("models/{k}/src")).collect(),
            c if c.starts_with("crates/") => vec![format!("{c}/src"), c.to_string()],
            _ => continue,
        };
        let named = row[1..].iter().flat_map(|c| quoted(c)).filter(|n| n.ends_with(".rs") || n.ends_with('/'));
        for name in named.filter(|n| !n.contains(['<', ' ']) && !n.starts_with("crates/")) {
            let name = name.trim_end_matches('/');
            let in_crate = |dir: &String| {
                let base = root.join(dir);
                let file = name.rsplit('/').next().unwrap_or(name);
                base.join(name).exists()
                    || files_under(&base).iter().any(|f| f == file)
                    || walk_dirs(&base).iter().any(|d| d.ends_with(name))
            };
            let at = if owner == "models/<kind>" { crates.iter().all(in_crate) } else { crates.iter().any(in_crate) };
            assert!(at, "docs/architecture.md: {owner}'s row names {name}, which is not there");
        }
    }
}

/// Every folder under `dir`, as its path.
fn walk_dirs(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.path().is_dir() && entry.file_name() != "target" {
            out.push(entry.path());
            out.extend(walk_dirs(&entry.path()));
        }
    }
    out
}

/// The `[features]` of a manifest: each feature's list, as written.
fn features(path: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let text = read(path);
    let section = text.split("\n[features]\n").nth(1).unwrap_or_else(|| panic!("{path}: no [features]"));
    let section = section.split("\n[").next().unwrap();
    section
        .lines()
        .filter_map(|line| line.split_once(" = ["))
        .map(|(name, list)| {
            let items = list.trim_end_matches(']').split(',').map(|i| i.trim().trim_matches('"').to_string());
            (name.trim().to_string(), items.filter(|i| !i.is_empty()).collect())
        })
        .collect()
}

/// A backend's Cargo feature reaches its solver from every crate a user builds: core turns
/// it on below, kinds, the command line, the bench, the Python package and the facade each
/// forward it to the next crate down (a feature missing from one would leave that build
/// without the backend, silently).
#[test]
fn every_backend_feature_is_forwarded_through_every_manifest() {
    let relays: [(&str, &[&str]); 5] = [
        ("crates/kinds/Cargo.toml", &["masu-core/"]),
        ("crates/cli/Cargo.toml", &["masu-kinds/"]),
        ("crates/bench/Cargo.toml", &["masu-kinds/"]),
        ("crates/python/Cargo.toml", &["masu-kinds/"]),
        ("Cargo.toml", &["masu-kinds/", "masu-cli/"]),
    ];
    let core = features("crates/core/Cargo.toml");
    let mut checked = 0;
    for feature in Backend::ALL.iter().filter_map(|b| b.feature()) {
        let below = core.get(feature).unwrap_or_else(|| panic!("crates/core/Cargo.toml has no feature {feature}"));
        assert!(
            below.iter().any(|i| i.contains('/') || i.starts_with("dep:")),
            "core's {feature} turns on nothing: {below:?}"
        );
        for (manifest, to) in relays {
            let listed = features(manifest);
            let list = listed.get(feature).unwrap_or_else(|| panic!("{manifest} has no feature {feature}"));
            for crate_ in to {
                let wanted = format!("{crate_}{feature}");
                assert!(list.contains(&wanted), "{manifest}'s {feature} does not forward {wanted}: {list:?}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 15, "{checked} backend features");
}
