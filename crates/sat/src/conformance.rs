//! The SAT family's conformance suite: one macro, invoked from each solver's own file with
//! its constructor (`fn(Stop) -> impl Solver`), as rustsat's test macros are.

/// The pigeonhole clauses: `n + 1` pigeons in `n` holes, each in some hole, no two in one
/// (unsatisfiable, and hard for resolution as `n` grows). Variable `p·n + h + 1`: pigeon `p`
/// in hole `h`.
pub(crate) fn pigeons(n: i32) -> Vec<Vec<i32>> {
    let var = |p: i32, h: i32| p * n + h + 1;
    let mut clauses: Vec<Vec<i32>> = (0..=n).map(|p| (0..n).map(|h| var(p, h)).collect()).collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                clauses.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    clauses
}

/// Whether `model` (the value of each variable from 1) satisfies every clause.
pub(crate) fn satisfies(model: &[bool], clauses: &[Vec<i32>]) -> bool {
    clauses.iter().all(|c| c.iter().any(|&l| model[(l.unsigned_abs() - 1) as usize] == (l > 0)))
}

/// The suite, for the solver that `$new` (a function of a [`Stop`](crate::Stop)) makes.
#[macro_export]
#[doc(hidden)]
macro_rules! conformance {
    ($new:expr) => {
        mod conformance {
            use std::sync::Arc;
            use std::sync::atomic::{AtomicBool, Ordering};
            use std::time::{Duration, Instant};

            use $crate::conformance::{pigeons, satisfies};
            use $crate::{Answer, Solver, Stop};

            fn solver() -> Box<dyn Solver> {
                let never: Stop = Arc::new(|| false);
                Box::new($new(never))
            }

            /// Its version names it.
            #[test]
            fn it_names_itself() {
                let said = solver().version();
                assert!(said.chars().next().is_some_and(char::is_uppercase) && said.contains(' '), "{said}");
            }

            /// A model satisfies every clause, a variable in no clause included; the empty
            /// formula has a model; a formula with the empty clause has none.
            #[test]
            fn models_satisfy_and_refutations_hold() {
                let clauses = vec![vec![1, 2], vec![-1, 3], vec![-3, -2], vec![2, 3]];
                let mut s = solver();
                clauses.iter().for_each(|c| s.add(c));
                match s.solve(5) {
                    Answer::Satisfied(model) => {
                        assert_eq!(model.len(), 5);
                        assert!(satisfies(&model, &clauses), "{model:?}");
                    }
                    other => panic!("{other:?}"),
                }
                assert!(matches!(solver().solve(3), Answer::Satisfied(m) if m.len() == 3));
                let mut s = solver();
                s.add(&[1]);
                s.add(&[]);
                assert_eq!(s.solve(1), Answer::Unsatisfiable);
                let mut s = solver();
                pigeons(5).iter().for_each(|c| s.add(c));
                assert_eq!(s.solve(30), Answer::Unsatisfiable);
            }

            /// Clauses after a solve count in the next one: blocking each model counts
            /// exactly the models (three variables with `1 ∨ 2`: 6 of 8), then none.
            #[test]
            fn blocking_clauses_count_every_model_once() {
                let mut s = solver();
                s.add(&[1, 2]);
                let mut seen = Vec::new();
                while let Answer::Satisfied(model) = s.solve(3) {
                    assert!(model[0] || model[1]);
                    assert!(!seen.contains(&model), "{model:?} twice");
                    let block: Vec<i32> = (1..=3).map(|v| if model[v as usize - 1] { -v } else { v }).collect();
                    s.add(&block);
                    seen.push(model);
                    assert!(seen.len() <= 6);
                }
                assert_eq!(seen.len(), 6);
                assert_eq!(s.solve(3), Answer::Unsatisfiable);
            }

            /// A stop test that says stop ends a hard solve soon, as a stop; one that says so
            /// before the solve ends it at once. The solves run on a thread of their own, waited
            /// for 10 s at most: a solver that ignores the stop fails the test instead of
            /// holding it (the thread ends with the test process).
            #[test]
            fn a_stop_ends_the_search() {
                let stopped = Arc::new(AtomicBool::new(false));
                let flag = stopped.clone();
                let stop: Stop = Arc::new(move || flag.load(Ordering::Relaxed));
                let (said, heard) = std::sync::mpsc::channel();
                std::thread::spawn(move || {
                    let mut s = $new(stop);
                    pigeons(11).iter().for_each(|c| s.add(c));
                    let start = Instant::now();
                    let first = s.solve(132);
                    let _ = said.send((first, start.elapsed(), s.solve(132)));
                });
                std::thread::sleep(Duration::from_millis(200));
                stopped.store(true, Ordering::Relaxed);
                let (first, took, again) =
                    heard.recv_timeout(Duration::from_secs(10)).expect("the stop ended no solve within 10 s");
                assert_eq!(first, Answer::Stopped, "after {took:?}");
                assert_eq!(again, Answer::Stopped);
            }
        }
    };
}
