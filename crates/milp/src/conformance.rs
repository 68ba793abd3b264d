//! The MILP family's conformance suite, rustsat's way: a macro per capability, invoked at the
//! end of each solver's own file — `conformance!()` (every solver), `pool_conformance!`
//! (those that enumerate themselves: CPLEX, Gurobi) and `commercial_test!` (the vendors'
//! free editions: their parameters, their route, their size limit) — over the models here.
#![allow(unused_macros)] // each is invoked only by the solvers whose features are on

#[cfg(test)]
use std::time::Duration;

#[cfg(test)]
use crate::{Column, Model, Row, Settings};
#[cfg(all(test, any(feature = "cplex", feature = "xpress", feature = "gurobi")))]
use crate::{Error, Outcome};

/// Settings bounding a solve at a minute (a solver run as a program is killed past it).
#[cfg(test)]
#[allow(dead_code)] // used by the suites of the solvers compiled in: none without a feature
pub(crate) fn bounded() -> Settings<'static> {
    Settings { time_limit: Some(Duration::from_secs(60)), ..Settings::default() }
}

/// `n` binaries `x0 …`, each with `objective`, and no row.
#[cfg(test)]
#[allow(dead_code)] // used by the suites of the solvers compiled in: none without a feature
pub(crate) fn binaries(n: usize, objective: f64) -> Model {
    let mut model = Model::default();
    for i in 0..n {
        model.add_column(Column { objective, ..Column::binary(&format!("x{i}")) });
    }
    model
}

/// x + y + z = 2 over binaries, minimising x + 2y + 3z: optimum x = y = 1.
#[cfg(test)]
pub(crate) fn two_of_three() -> Model {
    let mut model = Model::default();
    for (i, name) in ["x", "y", "z"].into_iter().enumerate() {
        model.add_column(Column { objective: (i + 1) as f64, ..Column::binary(name) });
    }
    model.rows.push(Row { name: "two".into(), lower: 2.0, upper: 2.0, terms: vec![(0, 1.0), (1, 1.0), (2, 1.0)] });
    model
}

/// The suite every MILP solver is held to, invoked at the end of the solver's own file:
/// the optimum found, infeasibility proven, general integers with ranges and continuous
/// columns, a set stop flag before solving, unknown parameters refused by name.
macro_rules! conformance {
    () => {
        #[cfg(test)]
        mod conformance {
            use std::sync::atomic::AtomicBool;

            use super::{check_parameters, solve};
            use crate::conformance::{bounded, two_of_three};
            use crate::{Column, Model, Outcome, Row, Settings};

            #[test]
            fn the_optimum_is_found() {
                let outcome = solve(&two_of_three(), &bounded()).unwrap();
                assert_eq!(outcome, Outcome::Solved { values: vec![1.0, 1.0, 0.0], optimal: true });
            }

            #[test]
            fn infeasibility_is_proven() {
                let mut model = two_of_three();
                model.rows.push(Row {
                    name: "none".into(),
                    lower: f64::NEG_INFINITY,
                    upper: 0.0,
                    terms: vec![(0, 1.0), (1, 1.0)],
                });
                assert_eq!(solve(&model, &bounded()).unwrap(), Outcome::Infeasible);
            }

            #[test]
            fn general_integers_ranges_and_continuous_columns() {
                // 3 ≤ 2a − b ≤ 5, a integer in [0, 10], b continuous ≥ 0.5: min a + b.
                let mut model = Model::default();
                let a = model.add_column(Column {
                    name: "a".into(),
                    lower: 0.0,
                    upper: 10.0,
                    integer: true,
                    objective: 1.0,
                });
                let b = model.add_column(Column {
                    name: "b".into(),
                    lower: 0.5,
                    upper: f64::INFINITY,
                    integer: false,
                    objective: 1.0,
                });
                model.rows.push(Row { name: "r".into(), lower: 3.0, upper: 5.0, terms: vec![(a, 2.0), (b, -1.0)] });
                let Outcome::Solved { values, optimal: true } = solve(&model, &bounded()).unwrap() else { panic!() };
                assert!((values[a] - 2.0).abs() < 1e-6 && (values[b] - 0.5).abs() < 1e-6, "{values:?}");
            }

            #[test]
            fn a_set_stop_flag_stops_before_solving() {
                let stop = AtomicBool::new(true);
                let settings = Settings { stop: Some(&stop), ..bounded() };
                assert_eq!(solve(&two_of_three(), &settings).unwrap(), Outcome::Unknown);
            }

            #[test]
            fn unknown_parameters_are_refused_by_name() {
                let bad = [("no_such_parameter".to_string(), "1".to_string())];
                let err = check_parameters(&bad).unwrap_err();
                assert!(err.to_string().contains("no_such_parameter"), "{err}");
            }
        }
    };
}

/// A solver's pool (invoked from its file, `$says_all`: whether it says it found them all):
/// every point of x + y + z = 2 when asked for more than there are, as many as asked for
/// when fewer, none once no-goods cut all three off.
macro_rules! pool_conformance {
    ($says_all:literal) => {
        #[cfg(test)]
        #[test]
        fn pools_every_point() {
            use std::sync::atomic::AtomicBool;

            use self::pool;
            use crate::conformance::{bounded, two_of_three};
            use crate::{Row, Settings, Several};
            let mut model = two_of_three();
            let Several::Solved { mut points, all } = pool(&model, 10, &bounded()).unwrap() else {
                panic!("no points")
            };
            points.sort_by(|a, b| a.partial_cmp(b).unwrap());
            assert_eq!(points, [[0.0, 1.0, 1.0], [1.0, 0.0, 1.0], [1.0, 1.0, 0.0]]);
            assert_eq!(all, $says_all);
            let Several::Solved { points, all: false } = pool(&model, 2, &bounded()).unwrap() else {
                panic!("not two points")
            };
            assert_eq!(points.len(), 2);
            for (i, point) in [[0, 1], [0, 2], [1, 2]].into_iter().enumerate() {
                // No-good: not both of `point` (the third is then 0 by the row).
                let terms = point.iter().map(|&c| (c, 1.0)).collect();
                model.rows.push(Row { name: format!("n{i}"), lower: f64::NEG_INFINITY, upper: 1.0, terms });
            }
            assert_eq!(pool(&model, 10, &bounded()).unwrap(), Several::Infeasible);
            let stop = AtomicBool::new(true);
            let stopped = Settings { stop: Some(&stop), ..bounded() };
            assert_eq!(pool(&two_of_three(), 10, &stopped).unwrap(), Several::Unknown);
        }
    };
}

/// A solver's solve and its check of parameters, as each solver module has them.
#[cfg(all(test, any(feature = "cplex", feature = "xpress", feature = "gurobi")))]
type Solve = fn(&Model, &Settings) -> Result<Outcome, Error>;
#[cfg(all(test, any(feature = "cplex", feature = "xpress", feature = "gurobi")))]
type Check = fn(&[(String, String)]) -> Result<(), Error>;

/// A model of `columns` binaries and one row, past a licence's size: refused, the limit
/// named (`says`) with the model's size; one column fewer, solved.
#[cfg(all(test, any(feature = "cplex", feature = "xpress", feature = "gurobi")))]
fn one_past_the_licence(solve: Solve, columns: usize, says: &str) {
    let mut model = binaries(columns, 0.0);
    model.rows.push(Row { name: "r".into(), lower: 1.0, upper: 1.0, terms: vec![(0, 1.0)] });
    let Err(Error::Licence(why)) = solve(&model, &bounded()) else { panic!("not refused") };
    assert!(why.contains(says) && why.contains(&format!("{columns} variables and 1 constraints")), "{why}");
    model.columns.pop();
    assert!(matches!(solve(&model, &bounded()), Ok(Outcome::Solved { optimal: true, .. })));
}

/// What a commercial solver's tests hold: it takes `takes`, refuses a word for its
/// integer parameter `threads` and an unknown name (`unknown`: the name, what the refusal
/// says), and (no installation named by `installed`) names its route in its version and
/// refuses a model one column past its free edition.
#[cfg(all(test, any(feature = "cplex", feature = "xpress", feature = "gurobi")))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn commercial(
    check: Check,
    takes: &[(&str, &str)],
    threads: &str,
    (unknown, unknown_says): (&str, &str),
    installed: &str,
    version: fn() -> Result<String, Error>,
    route: &str,
    (solve, past, limit): (Solve, usize, &str),
) {
    let owned = |pairs: &[(&str, &str)]| pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect::<Vec<_>>();
    check(&owned(takes)).unwrap();
    let err = check(&owned(&[(threads, "many")])).unwrap_err();
    assert!(err.to_string().contains("'many' is not a value of its type"), "{err}");
    let err = check(&owned(&[(unknown, "1")])).unwrap_err();
    assert!(err.to_string().contains(unknown_says), "{err}");
    if std::env::var_os(installed).is_some() {
        return; // an installation or licence file: its limits are its own
    }
    let said = version().unwrap();
    assert!(said.starts_with(route), "{said}");
    one_past_the_licence(solve, past, limit);
}

/// A test of [`commercial`] for the solver whose file invokes it.
macro_rules! commercial_test {
    ($test:ident; $takes:expr; $threads:literal; $unknown:expr; $installed:literal; $route:literal; $past:literal; $limit:literal) => {
        #[cfg(test)]
        #[test]
        fn $test() {
            use self::{check_parameters, solve, version};
            crate::conformance::commercial(
                check_parameters,
                &$takes,
                $threads,
                $unknown,
                $installed,
                version,
                $route,
                (solve, $past, $limit),
            );
        }
    };
}
