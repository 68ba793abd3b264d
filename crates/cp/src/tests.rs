//! Every constraint kind solved through the real library, on models whose answers are known.

use std::time::{Duration, Instant};

use crate::*;

/// Every solution, by CP-SAT's own enumeration (counting by no-goods, over a projection, is
/// masu-core's and tested there).
fn count(model: &CpModel) -> usize {
    let e = CpSolver::default().enumerate_all(model, 10_000, None).unwrap();
    assert!(e.complete);
    e.solutions.len()
}

fn bools(model: &mut CpModel, n: usize) -> Vec<BoolVar> {
    (0..n).map(|_| model.new_bool_var()).collect()
}

#[test]
fn comparisons_count_their_pairs() {
    // x, y in 0..=3: 16 pairs; == 4, != 12, <= 10, >= 10, < 6, > 6.
    type Add = fn(&mut CpModel, IntVar, IntVar);
    let cases: [(Add, usize); 6] = [
        (
            |m, x, y| {
                m.add_eq(x, y);
            },
            4,
        ),
        (
            |m, x, y| {
                m.add_ne(x, y);
            },
            12,
        ),
        (
            |m, x, y| {
                m.add_le(x, y);
            },
            10,
        ),
        (
            |m, x, y| {
                m.add_ge(x, y);
            },
            10,
        ),
        (
            |m, x, y| {
                m.add_lt(x, y);
            },
            6,
        ),
        (
            |m, x, y| {
                m.add_gt(x, y);
            },
            6,
        ),
    ];
    for (add, expected) in cases {
        let mut m = CpModel::new();
        let (x, y) = (m.new_int_var(0, 3), m.new_int_var(0, 3));
        add(&mut m, x, y);
        assert_eq!(count(&m), expected);
    }
}

#[test]
fn linear_expressions_with_constants_and_negated_literals() {
    let mut m = CpModel::new();
    let x = m.new_int_var(-5, 5);
    let b = m.new_bool_var();
    // 2x + (1 - b) + 3 == 8  ⇔  2x - b == 4  ⇒  (x=2,b=0)
    m.add_eq(x * 2 + !b + 3, 8);
    m.add_linear_in(LinearExpr::from(x) + 10, &Domain::from_values([11, 12, 13]));
    let e = CpSolver::default().enumerate_all(&m, 10, None).unwrap();
    assert_eq!(e.solutions, vec![vec![2, 0]]);
    assert!(e.complete);
}

#[test]
fn boolean_constraints() {
    type Add = fn(&mut CpModel, &[BoolVar]);
    let kinds: [(Add, usize); 6] = [
        (
            |m, v| {
                m.add_bool_or(v.to_vec());
            },
            7,
        ),
        (
            |m, v| {
                m.add_bool_and(v.to_vec());
            },
            1,
        ),
        (
            |m, v| {
                m.add_bool_xor(v.to_vec());
            },
            4,
        ),
        (
            |m, v| {
                m.add_at_most_one(v.to_vec());
            },
            4,
        ),
        (
            |m, v| {
                m.add_exactly_one(v.to_vec());
            },
            3,
        ),
        (
            |m, v| {
                m.add_implication(v[0], v[1]);
            },
            6,
        ),
    ];
    for (add, expected) in kinds {
        let mut m = CpModel::new();
        let v = bools(&mut m, 3);
        add(&mut m, &v);
        assert_eq!(count(&m), expected);
    }
}

#[test]
fn all_different_counts_permutations() {
    let mut m = CpModel::new();
    let v: Vec<IntVar> = (0..4).map(|_| m.new_int_var(1, 4)).collect();
    m.add_all_different(v.iter().copied());
    assert_eq!(count(&m), 24);
}

#[test]
fn element_picks_by_index() {
    let mut m = CpModel::new();
    let index = m.new_int_var(0, 3);
    let target = m.new_int_var(0, 100);
    m.add_element(index, [5_i64, 7, 9, 7], target);
    m.add_eq(target, 7);
    let e = CpSolver::default().enumerate_all(&m, 10, None).unwrap();
    let mut picked: Vec<i64> = e.solutions.iter().map(|s| s[index.index()]).collect();
    picked.sort();
    assert_eq!(picked, vec![1, 3]);
}

#[test]
fn tables_allow_and_forbid() {
    let tuples = vec![vec![0, 1], vec![1, 2], vec![2, 0], vec![7, 7]];
    let mut m = CpModel::new();
    let (x, y) = (m.new_int_var(0, 2), m.new_int_var(0, 2));
    m.add_allowed_assignments([x, y], &tuples);
    assert_eq!(count(&m), 3);
    let mut m = CpModel::new();
    let (x, y) = (m.new_int_var(0, 2), m.new_int_var(0, 2));
    m.add_forbidden_assignments([x, y], &tuples);
    assert_eq!(count(&m), 6);
}

#[test]
fn automaton_accepts_words_without_two_consecutive_ones() {
    // States: 0 = last was 0 (or start), 1 = last was 1. Length 5: Fibonacci(7) = 13 words.
    let mut m = CpModel::new();
    let word: Vec<IntVar> = (0..5).map(|_| m.new_int_var(0, 1)).collect();
    m.add_automaton(word.iter().copied(), 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)]);
    assert_eq!(count(&m), 13);
}

#[test]
fn circuit_counts_hamiltonian_cycles() {
    // Complete digraph on 4 nodes: (4-1)! = 6 directed Hamiltonian cycles.
    let mut m = CpModel::new();
    let mut arcs = Vec::new();
    for i in 0..4 {
        for j in 0..4 {
            if i != j {
                arcs.push((i, j, m.new_bool_var()));
            }
        }
    }
    m.add_circuit(&arcs);
    assert_eq!(count(&m), 6);
    // With self-loops a node may be skipped: circuits through all 4 nodes (6), through 3 of
    // them (4 subsets × 2), through 2 (6 pairs × 1), or every node skipped (1) = 21.
    let mut m2 = CpModel::new();
    let mut arcs2 = Vec::new();
    for i in 0..4 {
        for j in 0..4 {
            arcs2.push((i, j, m2.new_bool_var()));
        }
    }
    m2.add_circuit(&arcs2);
    assert_eq!(count(&m2), 21);
}

#[test]
fn objectives_minimise_and_maximise() {
    let mut m = CpModel::new();
    let (x, y) = (m.new_int_var(0, 10), m.new_int_var(0, 10));
    m.add_le(x * 3 + y * 2, 17);
    m.maximize(x + y);
    let r = CpSolver::default().solve(&m).unwrap();
    assert_eq!(r.status, Status::Optimal);
    assert_eq!(r.objective, Some(8.0));
    m.minimize(LinearExpr::from(x) - y + 100);
    let r = CpSolver::default().solve(&m).unwrap();
    assert_eq!((r.value(x), r.value(y), r.objective), (0, 8, Some(92.0)));
}

#[test]
fn hints_are_accepted() {
    let mut m = CpModel::new();
    let x = m.new_int_var(0, 100);
    m.add_hint(x, 42);
    let r = CpSolver::new(Parameters { workers: Some(1), ..Default::default() }).solve(&m).unwrap();
    assert!(r.has_solution());
}

/// Which constraint kinds accept `only_enforce_if`: with the literal forced false the
/// constraint is void, forced true it holds.
#[test]
fn enforcement_literals_switch_constraints() {
    type Add = fn(&mut CpModel, &[IntVar], &[BoolVar], BoolVar);
    let kinds: [(&str, Add, usize, usize); 9] = [
        (
            "linear",
            |m, x, _, e| {
                m.add_eq(x[0], x[1]).only_enforce_if([e]);
            },
            9,
            3,
        ),
        (
            "all_different",
            |m, x, _, e| {
                m.add_all_different(x.to_vec()).only_enforce_if([e]);
            },
            27,
            6,
        ),
        (
            "bool_or",
            |m, _, b, e| {
                m.add_bool_or(b.to_vec()).only_enforce_if([e]);
            },
            8,
            7,
        ),
        (
            "bool_and",
            |m, _, b, e| {
                m.add_bool_and(b.to_vec()).only_enforce_if([e]);
            },
            8,
            1,
        ),
        (
            "at_most_one",
            |m, _, b, e| {
                m.add_at_most_one(b.to_vec()).only_enforce_if([e]);
            },
            8,
            4,
        ),
        (
            "exactly_one",
            |m, _, b, e| {
                m.add_exactly_one(b.to_vec()).only_enforce_if([e]);
            },
            8,
            3,
        ),
        (
            "element",
            |m, x, _, e| {
                m.add_element(x[0], [0_i64, 0, 1], x[1]).only_enforce_if([e]);
            },
            9,
            3,
        ),
        (
            "table",
            |m, x, _, e| {
                m.add_allowed_assignments(x[..2].to_vec(), &[vec![0, 0]]).only_enforce_if([e]);
            },
            9,
            1,
        ),
        (
            "automaton",
            |m, x, _, e| {
                m.add_automaton(x[..2].to_vec(), 0, &[1], &[(0, 1, 2), (1, 1, 2)]).only_enforce_if([e]);
            },
            9,
            1,
        ),
    ];
    for (name, add, void, holding) in kinds {
        for (forced, expected) in [(false, void), (true, holding)] {
            let mut m = CpModel::new();
            // all_different uses all three integers; the others two (the third is then free
            // in 0..=0) or the Booleans.
            let third = if name == "all_different" { 2 } else { 0 };
            let x = [m.new_int_var(0, 2), m.new_int_var(0, 2), m.new_int_var(0, third)];
            let b = bools(&mut m, 3);
            let e = m.new_bool_var();
            m.add_eq(e, i64::from(forced));
            add(&mut m, &x, &b, e);
            // The variables the constraint does not use are fixed: every solution counts once.
            if matches!(name, "bool_or" | "bool_and" | "at_most_one" | "exactly_one") {
                for &v in &x {
                    m.add_eq(v, 0);
                }
            } else {
                for &l in &b {
                    m.add_eq(l, 0);
                }
            }
            let r = CpSolver::default().enumerate_all(&m, 1000, None).unwrap();
            assert!(r.complete, "{name}");
            assert_eq!(r.solutions.len(), expected, "{name} enforced={forced}");
        }
    }
}

#[test]
fn invalid_models_come_back_with_cp_sat_reason() {
    let mut m = CpModel::new();
    let _ = m.new_int_var(5, 1);
    match CpSolver::default().solve(&m) {
        Err(Error::ModelInvalid(reason)) => assert!(!reason.is_empty()),
        other => panic!("expected ModelInvalid, got {other:?}"),
    }
    // A variable of another model is an index out of range here.
    let mut other = CpModel::new();
    let _ = other.new_int_var(0, 1);
    let y = other.new_int_var(0, 1);
    let mut m = CpModel::new();
    let _ = m.new_int_var(0, 1);
    m.add_eq(y, 1);
    assert!(matches!(CpSolver::default().solve(&m), Err(Error::ModelInvalid(_))));
}

fn queens(n: i64) -> (CpModel, Vec<IntVar>) {
    let mut m = CpModel::new();
    let q: Vec<IntVar> = (0..n).map(|_| m.new_int_var(0, n - 1)).collect();
    m.add_all_different(q.iter().copied());
    m.add_all_different(q.iter().enumerate().map(|(i, &v)| v + i as i64));
    m.add_all_different(q.iter().enumerate().map(|(i, &v)| v - i as i64));
    (m, q)
}

fn golomb(marks: usize) -> CpModel {
    let mut m = CpModel::new();
    let x: Vec<IntVar> = (0..marks).map(|_| m.new_int_var(0, 200)).collect();
    m.add_eq(x[0], 0);
    let mut differences = Vec::new();
    for i in 0..marks {
        for j in i + 1..marks {
            let d = m.new_int_var(1, 200);
            m.add_eq(d, LinearExpr::from(x[j]) - x[i]);
            differences.push(d);
        }
        if i + 1 < marks {
            m.add_lt(x[i], x[i + 1]);
        }
    }
    m.add_all_different(differences);
    m.minimize(x[marks - 1]);
    m
}

#[test]
fn time_limit_gives_unknown() {
    let solver = CpSolver::new(Parameters {
        time_limit: Some(Duration::from_millis(200)),
        workers: Some(1),
        ..Default::default()
    });
    let started = Instant::now();
    let r = solver.solve(&golomb(12)).unwrap();
    assert!(matches!(r.status, Status::Feasible | Status::Unknown), "{:?}", r.status);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn stop_handle_interrupts_from_another_thread() {
    let solver = CpSolver::new(Parameters { workers: Some(1), ..Default::default() });
    let stop = solver.stop_handle();
    let started = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        stop.stop();
    });
    let r = solver.solve(&golomb(12)).unwrap();
    stopper.join().unwrap();
    assert!(matches!(r.status, Status::Feasible | Status::Unknown), "{:?}", r.status);
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    // A stopped solver stays stopped.
    assert_eq!(solver.solve(&golomb(3)).unwrap().status, Status::Unknown);
}

#[test]
fn stats_count_constraints_by_kind() {
    let (m, _) = queens(4);
    let s = m.stats();
    assert_eq!((s.variables, s.constraints), (4, 3));
    assert_eq!(s.constraints_by_kind.get(&ConstraintKind::AllDifferent), Some(&3));
}

#[test]
fn logging_goes_to_the_response() {
    let (m, _) = queens(6);
    let r = CpSolver::new(Parameters { log: true, ..Default::default() }).solve(&m).unwrap();
    assert!(r.log.contains("CP-SAT"), "{}", &r.log[..r.log.len().min(200)]);
}

#[test]
fn parameters_reach_cp_sat_under_their_own_names() {
    let (m, _) = queens(6);
    let parameters = Parameters {
        log: true,
        workers: Some(1),
        presolve: Some(false),
        linearization_level: Some(0),
        sat_inprocessing: Some(false),
        ..Default::default()
    };
    let r = CpSolver::new(parameters).solve(&m).unwrap();
    let echoed = r.log.lines().find(|l| l.starts_with("Parameters:")).unwrap_or_default();
    for expected in
        ["cp_model_presolve: false", "linearization_level: 0", "use_sat_inprocessing: false", "num_workers: 1"]
    {
        assert!(echoed.contains(expected), "{expected} not in {echoed}");
    }
}

/// Every solution of `e` places the queens `q` so that none attacks another, and no two
/// solutions place them alike.
fn assert_distinct_queens(e: &Enumeration, q: &[IntVar], limit: usize) {
    let mut boards: Vec<Vec<i64>> = e.solutions.iter().map(|s| q.iter().map(|v| s[v.index()]).collect()).collect();
    let attacks =
        |b: &[i64]| (0..b.len()).any(|i| (0..i).any(|j| b[i] == b[j] || (b[i] - b[j]).abs() == (i - j) as i64));
    assert!(!boards.iter().any(|b| attacks(b)), "limit {limit}");
    boards.sort();
    boards.dedup();
    assert_eq!(boards.len(), e.solutions.len(), "distinct, limit {limit}");
}

#[test]
fn one_enumeration_finds_every_solution_or_stops_at_the_limit() {
    let (m, q) = queens(8);
    let solver = CpSolver::new(Parameters { workers: Some(2), ..Default::default() });
    for (limit, expected, complete) in [(1000, 92, true), (92, 92, true), (91, 91, false), (10, 10, false)] {
        let e = solver.enumerate_all(&m, limit, None).unwrap();
        assert_eq!((e.solutions.len(), e.complete), (expected, complete), "limit {limit}");
        assert_distinct_queens(&e, &q, limit);
    }
    // The same solutions on every call.
    assert_eq!(
        solver.enumerate_all(&m, 10, None).unwrap().solutions,
        solver.enumerate_all(&m, 10, None).unwrap().solutions
    );
    // An infeasible model: complete with none.
    let mut none = CpModel::new();
    let x = none.new_int_var(0, 1);
    none.add_eq(x, 2);
    let e = solver.enumerate_all(&none, 5, None).unwrap();
    assert_eq!((e.solutions.len(), e.complete), (0, true));
}

#[test]
fn a_memory_limit_refuses_larger_models() {
    let mut model = CpModel::new();
    let x = model.new_int_var(0, 9);
    model.add_ge(x, 3);
    let limited = CpSolver::new(Parameters { memory_limit: Some(10), ..Default::default() });
    assert!(matches!(limited.solve(&model), Err(Error::TooLarge(_))));
    let unlimited = CpSolver::new(Parameters::default());
    assert_eq!(unlimited.solve(&model).unwrap().status, Status::Optimal);
}
