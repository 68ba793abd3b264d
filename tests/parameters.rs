//! Every parameter masu reads is declared once (its name, kind, default and help in one
//! constant); the docs print what the declarations print, and a wrong name lists them.

use masu::core::{Backend, Declared, Examples, Generate, Puzzle, SolveOptions, Source, check_parameters};
use masu::kinds::{Kinds, Registry, Visit};
use masu::numberlink::Numberlink;

/// Runs `visitor` on every kind the `masu` binary registers, collecting what each returns.
fn every_kind<V: Visit + Copy>(visitor: V) -> Vec<V::Output> {
    Kinds::kinds().iter().map(|&kind| Kinds::visit(kind, visitor)).collect()
}

/// A kind's name and the parameters its native formulations read.
#[derive(Clone, Copy)]
struct Parameters;

impl Visit for Parameters {
    type Output = (&'static str, &'static [&'static dyn Declared]);
    fn visit<P: Source + Generate + Examples>(self) -> Self::Output {
        (P::KIND, P::PARAMETERS)
    }
}

fn declared() -> Vec<(&'static str, &'static dyn Declared)> {
    let mut kinds = every_kind(Parameters);
    kinds.push(("highs", Backend::Highs.reads()));
    kinds.into_iter().flat_map(|(kind, list)| list.iter().map(move |&p| (kind, p))).collect()
}

/// docs/backends.md shows each declaration's own help line, default included.
#[test]
fn the_docs_print_each_parameter_as_declared() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/backends.md")).unwrap();
    let declared = declared();
    assert!(declared.len() >= 6, "{declared:?}");
    for (kind, parameter) in declared {
        assert!(docs.contains(&parameter.help()), "docs/backends.md lacks {kind}'s `{}`", parameter.help());
    }
}

/// A name the native solvers do not take is refused with every name they take, its help
/// and default; one they take is read, its default used where it is not given.
#[test]
fn a_wrong_name_lists_the_declarations() {
    let wrong = vec![("handoff".to_string(), "5".to_string())];
    let error = check_parameters::<Numberlink>(Backend::Native, &wrong).unwrap_err().to_string();
    for parameter in Numberlink::PARAMETERS {
        assert!(error.contains(&parameter.help()), "{error}");
    }
    let given = vec![("canonical".to_string(), "7".to_string())];
    let read = check_parameters::<Numberlink>(Backend::Native, &given).unwrap();
    let options = SolveOptions { read, ..SolveOptions::default() };
    assert_eq!(options.get(&masu::numberlink::frontier::CANONICAL), 7);
    assert_eq!(options.get(&masu::numberlink::native::HANDOVER), 20_000);
    assert!(options.get(&masu::numberlink::TOUCH));
}

/// The README's table of formulations lists every formulation each kind declares
/// (`formulations!`) and no other, under its kind, with the backends it runs on, each row
/// linking to its section of docs/formulations.md.
#[test]
fn the_readme_and_the_docs_list_each_formulation_as_declared() {
    use masu::core::Formulation;
    fn check<P: Puzzle>(readme: &str, docs: &str) {
        let rows: Vec<&str> = readme
            .lines()
            .filter(|l| l.starts_with(&format!("| {} | ", P::KIND)) && l.contains("](docs/formulations.md#"))
            .collect();
        let listed: Vec<&str> = rows
            .iter()
            .flat_map(|row| row.split('|').nth(2).unwrap_or("").split(':').next().unwrap_or("").split('`'))
            .filter(|name| name.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
            .collect();
        let mut declared: Vec<&str> = P::Formulation::ALL.iter().map(|f| f.name()).collect();
        let mut seen = listed.clone();
        declared.sort_unstable();
        seen.sort_unstable();
        assert_eq!(seen, declared, "README's {} rows: {rows:#?}", P::KIND);
        for f in P::Formulation::ALL {
            let row = rows.iter().find(|r| r.contains(&format!("`{}`", f.name()))).unwrap();
            let backends = row.split('|').nth(4).unwrap_or("");
            let says = |b: &Backend| {
                backends.contains(b.name())
                    || b.is_milp() && backends.contains("MILP")
                    || b.is(masu::core::Family::Cp) && backends.contains("CP")
                    || b.is(masu::core::Family::Sat) && backends.contains("SAT")
            };
            let runs = Backend::ALL.iter().filter(|b| says(b)).collect::<Vec<_>>();
            let mut declared = f.backends().iter().collect::<Vec<_>>();
            declared.sort();
            assert_eq!(runs, declared, "{} {f}: README says {backends}", P::KIND);
            // The row's link names a section of docs/formulations.md (GitHub's anchors).
            let anchor = row.split("](docs/formulations.md#").nth(1).and_then(|r| r.split(')').next()).unwrap();
            let sections =
                docs.lines().filter_map(|l| l.strip_prefix("### ")).map(|h| h.to_lowercase().replace(' ', "-"));
            assert!(sections.into_iter().any(|h| h == anchor), "docs/formulations.md has no section #{anchor}");
        }
    }
    /// The check of one kind, as a visitor of the registry.
    #[derive(Clone, Copy)]
    struct Listed<'a>(&'a str, &'a str);
    impl Visit for Listed<'_> {
        type Output = ();
        fn visit<P: Source + Generate + Examples>(self) {
            check::<P>(self.0, self.1);
        }
    }
    let read = |file: &str| std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let (readme, docs) = (read("README.md"), read("docs/formulations.md"));
    assert!(every_kind(Listed(&readme, &docs)).len() >= 3);
}
