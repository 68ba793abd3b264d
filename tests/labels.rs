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
