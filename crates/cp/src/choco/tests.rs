use std::time::{Duration, Instant};

use super::Answer;
use crate::CpModel;

fn never() -> bool {
    false
}

#[test]
fn choco_enumerates_excludes_and_proves() {
    let mut model = CpModel::new();
    let xs: Vec<_> = (0..4).map(|_| model.new_int_var(1, 4)).collect();
    model.add_all_different(xs.iter().copied());
    model.add_eq(xs[0], 2);
    let all: Vec<usize> = (0..4).collect();
    let Answer::Found { solutions, all: whole } = model.solve_on_choco(&all, &[], 100, None, &never).unwrap() else {
        panic!("no solution")
    };
    assert_eq!((solutions.len(), whole), (6, true));
    let mut seen = solutions.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 6);
    assert!(solutions.iter().all(|s| s[0] == 2));
    // Two excluded: four left; all excluded: none.
    let Answer::Found { solutions: left, all: whole } =
        model.solve_on_choco(&all, &solutions[..2], 100, None, &never).unwrap()
    else {
        panic!("no solution")
    };
    assert_eq!((left.len(), whole), (4, true));
    assert!(left.iter().all(|s| !solutions[..2].contains(s)));
    assert_eq!(model.solve_on_choco(&all, &solutions, 100, None, &never).unwrap(), Answer::Infeasible);
    // A limit of two: two, not all.
    let Answer::Found { solutions: two, all: whole } = model.solve_on_choco(&all, &[], 2, None, &never).unwrap() else {
        panic!("no solution")
    };
    assert_eq!((two.len(), whole), (2, false));
}

#[test]
fn choco_stops_at_the_deadline_and_on_request() {
    // Thirteen pigeons in twelve holes, pairwise different by sums: a long proof.
    let mut model = CpModel::new();
    let xs: Vec<_> = (0..13).map(|_| model.new_int_var(0, 11)).collect();
    for i in 0..13 {
        for j in i + 1..13 {
            model.add_ne(xs[i], xs[j]);
        }
    }
    let all: Vec<usize> = (0..13).collect();
    let started = Instant::now();
    let deadline = Some(started + Duration::from_millis(300));
    assert_eq!(model.solve_on_choco(&all, &[], 1, deadline, &never).unwrap(), Answer::Unknown);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    let started = Instant::now();
    let stop = || started.elapsed() > Duration::from_millis(200);
    assert_eq!(model.solve_on_choco(&all, &[], 1, None, &stop).unwrap(), Answer::Unknown);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
}
