//! The CP conformance suite (`cp_conformance!`) invoked for each CP backend run once a solve,
//! a module each under its feature (CP-SAT's is in `cp_sat.rs`, beside its search); the
//! backends themselves are masu-cp's (`masu_cp::runner`), one file or folder each.

/// The suite for each backend, a module each behind its feature.
macro_rules! each {
    ($($feature:literal => $module:ident: $backend:ident $(, $stops:ident)?;)*) => {
        $(
            #[cfg(feature = $feature)]
            mod $module {
                cp_conformance!(crate::Backend::$backend $(, $stops)?);
            }
        )*
    };
}

each! {
    "cplex" => cp_optimizer: CpOptimizer;
    "gecode" => gecode: Gecode, stops;
    "z3" => z3: Z3, stops;
    "choco" => choco: Choco, stops;
    "pumpkin" => pumpkin: Pumpkin, stops;
}

/// Pumpkin's proof of a complete count, checked by `pumpkin-checker`.
#[cfg(feature = "pumpkin")]
mod pumpkin_proof {
    use masu_cp::{CpModel, IntVar};

    use crate::cp::{CpRun, enumerate};
    use crate::{Backend, SolveOptions};

    #[test]
    fn a_complete_count_carries_the_checkers_word_and_keeps_the_proof() {
        let dir = std::env::temp_dir().join(format!("masu-pumpkin-proof-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("count.drcp");
        let options = SolveOptions {
            solution_limit: 100,
            clock: crate::Clock::within(Some(std::time::Duration::from_secs(60))),
            parameters: vec![("proof-path".into(), path.display().to_string())],
            ..SolveOptions::default()
        };
        let mut model = CpModel::new();
        let xs: Vec<IntVar> = (0..4).map(|_| model.new_int_var(1, 4)).collect();
        model.add_all_different(xs.iter().copied());
        model.add_eq(xs[0], 2);
        let found = enumerate(Backend::Pumpkin, &model, &xs, &options, CpRun::default()).unwrap();
        assert_eq!((found.solutions.len(), found.complete), (6, true));
        let certificate = found.certificate.expect("a proof was asked for and the count is complete");
        assert!(certificate.accepted, "{certificate:?}");
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(kept.lines().any(|l| l.starts_with("c ")), "{kept}");

        // A count cut short by its limit proves nothing, and is not certified.
        let limited = SolveOptions { solution_limit: 3, ..options };
        let found = enumerate(Backend::Pumpkin, &model, &xs, &limited, CpRun::default()).unwrap();
        assert_eq!((found.solutions.len(), found.complete, found.certificate), (3, false, None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
