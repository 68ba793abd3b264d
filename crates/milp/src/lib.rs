//! A mixed-integer linear model in matrix form ([`Model`]), its MPS text ([`Model::to_mps`]),
//! and the solvers that take it in that form: HiGHS over its C API, from the library
//! `scripts/build-highs` compiles (feature `highs`), CBC and SCIP over the C APIs of the
//! libraries the OR-Tools wheel ships (features `cbc`, `scip`), CPLEX and Xpress over their
//! own (features `cplex`, `xpress`: the library of the vendor's PyPI wheel or of an
//! installation), Gurobi through its Python package in a child process (feature `gurobi`),
//! and microlp, in pure Rust (feature `microlp`). The only `unsafe` of this crate is in
//! [`highs`], [`cbc`], [`scip`], `cplex`, `xpress` and `dylib`; the libraries are opened, and
//! the programs run, by `masu_native`, below every family.
//!
//! Each solver is one module with the same three functions: `solve` (one solve of a model,
//! within [`Settings`]), `check_parameters` (raw `--param` names and values, refused before
//! any solve) and `version`. Counting by no-good cuts is the caller's (masu-core's MILP
//! glue): a solve here finds one optimal or feasible point, or proves there is none. The
//! solvers that enumerate themselves (CPLEX, Gurobi) have a fourth, `pool`: up to `n` points
//! in one solve ([`Several`]), which the glue uses in place of a solve per point.
//!
//! ```
//! use masu_milp::{Column, Model, Row};
//! let mut model = Model::default();
//! let x = model.add_column(Column::binary("x"));
//! let y = model.add_column(Column::binary("y"));
//! model.rows.push(Row { name: "one".into(), lower: 1.0, upper: 1.0, terms: vec![(x, 1.0), (y, 1.0)] });
//! let mps = model.to_mps("pick");
//! assert!(mps.contains("    x one 1\n") && mps.contains("RHS one 1\n"));
//! ```

#[cfg(feature = "cbc")]
pub mod cbc;
#[cfg(feature = "cplex")]
pub mod cplex;
#[cfg(opens_library)]
mod dylib;
#[cfg(feature = "gurobi")]
pub mod gurobi;
#[cfg(feature = "highs")]
pub mod highs;
#[cfg(feature = "microlp")]
pub mod microlp;
mod mps;
#[cfg(feature = "scip")]
pub mod scip;
#[cfg(feature = "xpress")]
pub mod xpress;

/// A variable: bounds, integrality, objective coefficient (minimised).
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Its name in exported files (unique in the model, no spaces).
    pub name: String,
    /// Lower bound (may be `-inf`).
    pub lower: f64,
    /// Upper bound (may be `inf`).
    pub upper: f64,
    /// Whether it takes integer values.
    pub integer: bool,
    /// Its coefficient in the objective, minimised.
    pub objective: f64,
}

impl Column {
    /// A 0/1 variable with no objective.
    pub fn binary(name: &str) -> Column {
        Column { name: name.into(), lower: 0.0, upper: 1.0, integer: true, objective: 0.0 }
    }
}

/// A linear constraint `lower ≤ Σ coefficient · column ≤ upper` (either side may be infinite).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its name in exported files (unique in the model, no spaces).
    pub name: String,
    /// Lower side.
    pub lower: f64,
    /// Upper side.
    pub upper: f64,
    /// The nonzero coefficients, by column index, each column at most once.
    pub terms: Vec<(usize, f64)>,
}

/// A MILP: columns, rows, the objective in the columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// The variables.
    pub columns: Vec<Column>,
    /// The constraints.
    pub rows: Vec<Row>,
}

impl Model {
    /// Adds a column; its index.
    pub fn add_column(&mut self, column: Column) -> usize {
        self.columns.push(column);
        self.columns.len() - 1
    }

    /// The model in free MPS format, readable by HiGHS, CBC, SCIP and OR-Tools.
    pub fn to_mps(&self, name: &str) -> String {
        mps::write(self, name)
    }

    /// The matrix column by column (compressed sparse columns): starts (one per column and
    /// one past the end), row indices, values.
    pub fn by_columns(&self) -> (Vec<usize>, Vec<usize>, Vec<f64>) {
        let mut counts = vec![0usize; self.columns.len() + 1];
        for row in &self.rows {
            for &(column, _) in &row.terms {
                counts[column + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let starts = counts.clone();
        let mut next = counts;
        let nonzeros = *starts.last().unwrap_or(&0);
        let (mut indices, mut values) = (vec![0; nonzeros], vec![0.0; nonzeros]);
        for (r, row) in self.rows.iter().enumerate() {
            for &(column, value) in &row.terms {
                indices[next[column]] = r;
                values[next[column]] = value;
                next[column] += 1;
            }
        }
        (starts, indices, values)
    }
}

/// What one solve found.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A point satisfying every row, integral where asked; `optimal` when proven so.
    Solved {
        /// The value of every column.
        values: Vec<f64>,
        /// Proven optimal (for a model without objective: any point).
        optimal: bool,
    },
    /// Proven to have no point.
    Infeasible,
    /// Stopped (time limit, interrupt) before a point or a proof.
    Unknown,
}

/// What one solve for several solutions found (a solver's own pool: Gurobi's systematic
/// search, `PoolSearchMode` 2; CPLEX's `populate` at intensity 4).
#[derive(Clone, Debug, PartialEq)]
pub enum Several {
    /// Points satisfying every row, pairwise different in their integer columns; `all` when
    /// the solver enumerated every one (fewer than asked for, search finished).
    Solved {
        /// The value of every column, one vector per point.
        points: Vec<Vec<f64>>,
        /// Every point of the model is among them.
        all: bool,
    },
    /// Proven to have no point.
    Infeasible,
    /// Stopped (time limit, interrupt) before a point or a proof.
    Unknown,
}

// What a solve is given and what can go wrong: one type each for every solver family.
pub use masu_native::{Error, Settings};

/// One suite, run against every solver compiled in.
#[cfg(test)]
mod conformance {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;

    /// Settings bounding a solve at a minute (a solver run as a program is killed past it).
    #[cfg(any(
        feature = "highs",
        feature = "cbc",
        feature = "scip",
        feature = "microlp",
        feature = "cplex",
        feature = "xpress",
        feature = "gurobi"
    ))]
    fn bounded() -> Settings<'static> {
        Settings { time_limit: Some(Duration::from_secs(60)), ..Settings::default() }
    }

    /// x + y + z = 2 over binaries, minimising x + 2y + 3z: optimum x = y = 1.
    fn two_of_three() -> Model {
        let mut model = Model::default();
        for (i, name) in ["x", "y", "z"].into_iter().enumerate() {
            model.add_column(Column { objective: (i + 1) as f64, ..Column::binary(name) });
        }
        model.rows.push(Row { name: "two".into(), lower: 2.0, upper: 2.0, terms: vec![(0, 1.0), (1, 1.0), (2, 1.0)] });
        model
    }

    macro_rules! conformance {
        ($suite:ident, $solver:ident, $feature:literal) => {
            #[cfg(feature = $feature)]
            mod $suite {
                use super::*;
                use crate::$solver::{check_parameters, solve};

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
                    let Outcome::Solved { values, optimal: true } = solve(&model, &bounded()).unwrap() else {
                        panic!()
                    };
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

    /// A solver's pool: every point of x + y + z = 2 when asked for more than there are,
    /// as many as asked for when fewer, none once no-goods cut all three off.
    macro_rules! pool_conformance {
        ($test:ident, $solver:ident, $feature:literal, $says_all:literal) => {
            #[cfg(feature = $feature)]
            #[test]
            fn $test() {
                use crate::$solver::pool;
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

    pool_conformance!(cplex_pools_every_point, cplex, "cplex", false);
    pool_conformance!(gurobi_pools_every_point_and_says_so, gurobi, "gurobi", true);

    conformance!(on_highs, highs, "highs");
    conformance!(on_cbc, cbc, "cbc");
    conformance!(on_scip, scip, "scip");
    conformance!(on_microlp, microlp, "microlp");
    conformance!(on_cplex, cplex, "cplex");
    conformance!(on_xpress, xpress, "xpress");
    conformance!(on_gurobi, gurobi, "gurobi");

    #[cfg(feature = "cbc")]
    #[test]
    fn cbc_takes_its_command_line_parameters() {
        cbc::check_parameters(&[("maxNodes".into(), "100".into())]).unwrap();
        assert!(cbc::version().unwrap().starts_with("CBC 2.10"));
    }

    #[cfg(feature = "scip")]
    #[test]
    fn scip_takes_its_parameters_and_refuses_bad_values() {
        scip::check_parameters(&[("limits/gap".into(), "0.01".into())]).unwrap();
        let err = scip::check_parameters(&[("limits/gap".into(), "lots".into())]).unwrap_err();
        assert!(err.to_string().contains("refuses the value 'lots'"), "{err}");
        assert_eq!(scip::version().unwrap(), "SCIP 10.0.0");
    }

    /// A solver's solve and its check of parameters, as each solver module has them.
    #[cfg(any(feature = "cplex", feature = "xpress", feature = "gurobi"))]
    type Solve = fn(&Model, &Settings) -> Result<Outcome, Error>;
    #[cfg(any(feature = "cplex", feature = "xpress", feature = "gurobi"))]
    type Check = fn(&[(String, String)]) -> Result<(), Error>;

    /// A model of `columns` binaries and one row, past a licence's size: refused, the limit
    /// named (`says`) with the model's size; one column fewer, solved.
    #[cfg(any(feature = "cplex", feature = "xpress", feature = "gurobi"))]
    fn one_past_the_licence(solve: Solve, columns: usize, says: &str) {
        let mut model = Model::default();
        for i in 0..columns {
            model.add_column(Column::binary(&format!("x{i}")));
        }
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
    #[cfg(any(feature = "cplex", feature = "xpress", feature = "gurobi"))]
    #[allow(clippy::too_many_arguments)]
    fn commercial(
        check: Check,
        takes: &[(&str, &str)],
        threads: &str,
        (unknown, unknown_says): (&str, &str),
        installed: &str,
        version: fn() -> Result<String, Error>,
        route: &str,
        (solve, past, limit): (Solve, usize, &str),
    ) {
        let owned =
            |pairs: &[(&str, &str)]| pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect::<Vec<_>>();
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

    /// A test of [`commercial`] for the solver `$module`, behind its feature.
    macro_rules! commercial_test {
        ($test:ident; $module:ident, $feature:literal; $takes:expr; $threads:literal; $unknown:expr; $installed:literal; $route:literal; $past:literal; $limit:literal) => {
            #[cfg(feature = $feature)]
            #[test]
            fn $test() {
                use crate::$module::{check_parameters, solve, version};
                commercial(
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

    commercial_test!(cplex_takes_its_parameters_names_its_route_and_refuses_a_model_past_its_edition; cplex, "cplex"; [("CPXPARAM_MIP_Limits_Nodes", "100"), ("CPX_PARAM_EPGAP", "0.01")]; "CPXPARAM_Threads"; ("CPX_NO_SUCH_PARAMETER", "no such parameter"); "CPLEX_STUDIO_DIR2220"; "CPLEX 22.2.0.0 (Community Edition, the cplex wheel)"; 1001; "at most 1000 variables");
    commercial_test!(xpress_takes_its_controls_names_its_route_and_refuses_a_model_past_its_licence; xpress, "xpress"; [("MAXNODE", "100"), ("miprelstop", "0.01")]; "THREADS"; ("NO_SUCH_CONTROL", "no such control"); "XPRESSDIR"; "Xpress Optimizer 47.01.02 (community licence, the xpresslibs wheel)"; 5000; "at most 5000 rows and columns");
    commercial_test!(gurobi_takes_its_parameters_names_its_route_and_refuses_a_model_past_its_licence; gurobi, "gurobi"; [("NodeLimit", "100"), ("MIPGap", "0.01")]; "Threads"; ("NoSuchParameter", "no such parameter"); "GRB_LICENSE_FILE"; "Gurobi 13.0.3 (gurobipy, the wheel's size-limited licence)"; 2001; "at most 2000 variables");

    #[cfg(feature = "gurobi")]
    #[test]
    fn gurobi_stops_when_asked() {
        // A count's no-goods aside, a hard enough model: 60 binaries, x_i + x_j ≤ 1 on a
        // dense random graph, maximise the set (a maximum independent set).
        let mut model = Model::default();
        for i in 0..60 {
            model.add_column(Column { objective: -1.0, ..Column::binary(&format!("x{i}")) });
        }
        let mut seed = 7_u64;
        for i in 0..60 {
            for j in i + 1..60 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                if seed >> 62 == 0 {
                    model.rows.push(Row {
                        name: format!("e{i}_{j}"),
                        lower: f64::NEG_INFINITY,
                        upper: 1.0,
                        terms: vec![(i, 1.0), (j, 1.0)],
                    });
                }
            }
        }
        model.rows.truncate(2_000);
        let stop = AtomicBool::new(false);
        let settings = Settings { stop: Some(&stop), ..bounded() };
        let started = std::time::Instant::now();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(300));
                stop.store(true, std::sync::atomic::Ordering::SeqCst);
            });
            let outcome = gurobi::solve(&model, &settings).unwrap();
            assert!(matches!(outcome, Outcome::Solved { .. } | Outcome::Unknown), "{outcome:?}");
        });
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "{:?}", started.elapsed());
    }

    #[cfg(feature = "microlp")]
    #[test]
    fn microlp_refuses_a_model_past_its_tableau() {
        let mut model = Model::default();
        for i in 0..2_000 {
            model.add_column(Column::binary(&format!("x{i}")));
        }
        for r in 0..1_001 {
            model.rows.push(Row { name: format!("r{r}"), lower: 0.0, upper: 1.0, terms: vec![(r, 1.0)] });
        }
        let Err(Error::TooLarge(why)) = microlp::solve(&model, &bounded()) else { panic!("not refused") };
        assert!(why.contains("1001 rows × 2000 columns"), "{why}");
        model.rows.pop();
        assert!(matches!(microlp::solve(&model, &bounded()), Ok(Outcome::Solved { .. })));
    }

    #[test]
    fn columns_are_read_back_in_order() {
        let model = two_of_three();
        assert_eq!(model.by_columns(), (vec![0, 1, 2, 3], vec![0, 0, 0], vec![1.0, 1.0, 1.0]));
    }
}
