//! Every parameter masu reads is declared once (its name, kind, default and help in one
//! constant); the docs print what the declarations print, and a wrong name lists them.

use masu::core::{Backend, Declared, Puzzle, SolveOptions, check_parameters};
use masu::nonogram::Nonogram;
use masu::numberlink::Numberlink;
use masu::sudoku::Sudoku;

fn declared() -> Vec<(&'static str, &'static dyn Declared)> {
    let kinds = [
        (Nonogram::KIND, Nonogram::PARAMETERS),
        (Numberlink::KIND, Numberlink::PARAMETERS),
        (Sudoku::KIND, Sudoku::PARAMETERS),
        ("highs", Backend::Highs.reads()),
    ];
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
