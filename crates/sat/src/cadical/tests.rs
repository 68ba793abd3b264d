use super::*;

#[test]
fn recorded_clauses_are_written_as_dimacs() {
    let mut sat = solver(|| false);
    sat.add_clause([1, 2]);
    assert_eq!(sat.dimacs(""), None);
    sat.record();
    sat.add_clause([-1]);
    sat.add_clause([3, -2]);
    assert_eq!(sat.dimacs("test").unwrap(), "c test\np cnf 3 2\n-1 0\n3 -2 0\n");
    let Outcome::Satisfied(model) = sat.solve() else { panic!("satisfiable") };
    assert_eq!((model.value(1), model.value(2), model.value(3)), (false, true, true));
}

/// A solve that is stopped, or unsatisfiable, gives no model to read; a solve after new
/// clauses gives a fresh one (CaDiCaL would abort on a read in any other state).
#[test]
fn values_come_only_from_a_satisfied_solve() {
    let mut sat = solver(|| true);
    for i in 1..200 {
        sat.add_clause([i, i + 1, -(i + 2)]);
    }
    // Stopped at once, or settled before the callback was asked: never a read outside.
    match sat.solve() {
        Outcome::Satisfied(model) => assert!((1..200).any(|i| model.value(i) || !model.value(i + 2))),
        Outcome::Stopped => {}
        Outcome::Unsatisfiable => panic!("satisfiable"),
        Outcome::Failed(message) => panic!("{message}"),
    }
    let mut sat = solver(|| false);
    sat.add_clause([1]);
    let Outcome::Satisfied(model) = sat.solve() else { panic!("satisfiable") };
    assert!(model.value(1));
    sat.add_clause([-1]);
    assert!(matches!(sat.solve(), Outcome::Unsatisfiable));
    sat.add_clause([2]);
    assert!(matches!(sat.solve(), Outcome::Unsatisfiable));
}

/// How [`AtMostOne`] acts: on complete models only, with a clause as soon as two are true,
/// or by implying the others false once one is true (their reasons given when asked).
#[derive(Debug, Clone, Copy, PartialEq)]
enum How {
    Judge,
    Clause,
    Imply,
}

/// "At most one of the observed variables", known only to a propagator: with "at least one
/// of them" as a clause, each way leaves exactly `n` models.
struct AtMostOne {
    n: i32,
    how: How,
    /// Per variable: its value and the level it was assigned at (0 when fixed), if assigned.
    at: Vec<Option<(bool, usize)>>,
    level: usize,
    added: usize,
    explained: usize,
}

impl AtMostOne {
    fn new(n: i32, how: How) -> AtMostOne {
        AtMostOne { n, how, at: vec![None; n as usize + 1], level: 0, added: 0, explained: 0 }
    }

    fn on(&self) -> Vec<i32> {
        (1..=self.n).filter(|&v| matches!(self.at[v as usize], Some((true, _)))).collect()
    }
}

impl Propagator for AtMostOne {
    fn assigned(&mut self, lit: i32, fixed: bool) {
        assert!((1..=self.n).contains(&lit.abs()), "only observed variables: {lit}");
        self.at[lit.unsigned_abs() as usize] = Some((lit > 0, if fixed { 0 } else { self.level }));
    }
    fn new_level(&mut self) {
        self.level += 1;
    }
    fn backtrack(&mut self, level: usize) {
        self.level = level;
        self.at.iter_mut().filter(|a| a.is_some_and(|(_, l)| l > level)).for_each(|a| *a = None);
    }
    fn clause(&mut self) -> Option<Vec<i32>> {
        let on = self.on();
        if self.how != How::Clause || on.len() < 2 {
            return None;
        }
        self.added += 1;
        Some(vec![-on[0], -on[1]])
    }
    fn propagate(&mut self) -> i32 {
        let on = self.on();
        if self.how != How::Imply || on.is_empty() {
            return 0;
        }
        let free = (1..=self.n).find(|&v| self.at[v as usize].is_none());
        free.map_or(0, |v| {
            // Noted at once: CaDiCaL reports the assignment later, and asks again before.
            self.at[v as usize] = Some((false, self.level));
            self.added += 1;
            -v
        })
    }
    fn reason(&mut self, lit: i32) -> Vec<i32> {
        // The first true variable implied every other false.
        self.explained += 1;
        let on = (1..=self.n).find(|&v| v != -lit && matches!(self.at[v as usize], Some((true, _))));
        vec![lit, -on.expect("a true variable implied it")]
    }
    fn check(&mut self, model: &[i32]) -> Option<Vec<i32>> {
        let on: Vec<i32> = model.iter().copied().filter(|&l| l > 0 && l <= self.n).collect();
        (on.len() > 1).then(|| {
            self.added += 1;
            vec![-on[0], -on[1]]
        })
    }
}

#[test]
fn a_propagator_cuts_what_only_it_knows() {
    for how in [How::Judge, How::Clause, How::Imply] {
        let n = 7;
        let mut sat = propagating(|| false, AtMostOne::new(n, how));
        (1..=n).for_each(|v| sat.observe(v));
        sat.add_clause(1..=n);
        // Clauses beside the theory: v2 ∨ v9, v3 ∨ ¬v9. With one of v1, v4..v7 alone true, v2
        // and v3 are false, so v9 is true and v3 too: only v2 or v3 alone is left, and
        // refuting the others needs the theory's reasons.
        sat.add_clause([2, n + 2]);
        sat.add_clause([3, -(n + 2)]);
        let mut models = Vec::new();
        while let Outcome::Satisfied(model) = sat.solve() {
            let on: Vec<i32> = (1..=n).filter(|&v| model.value(v)).collect();
            assert_eq!(on.len(), 1, "{how:?}: {on:?}");
            models.push(on[0]);
            sat.add_clause([-on[0]]);
        }
        models.sort_unstable();
        assert_eq!(models, [2, 3], "{how:?}");
        assert!(sat.propagator().added > 0, "{how:?}");
        assert_eq!(sat.propagator().explained > 0, how == How::Imply, "{how:?}");
    }
}

/// A panic in a callback cannot unwind through C++: it stops the search and comes out of
/// `solve`.
#[test]
fn a_panic_in_a_propagator_comes_out_of_solve() {
    struct Panics;
    impl Propagator for Panics {
        fn assigned(&mut self, _: i32, _: bool) {
            panic!("propagator failed");
        }
    }
    let mut sat = propagating(|| false, Panics);
    sat.observe(1);
    sat.add_clause([1, 2]);
    sat.add_clause([-1, 2]);
    let caught = catch_unwind(AssertUnwindSafe(|| {
        let _ = sat.solve();
    }));
    let message = caught.expect_err("the panic").downcast::<&str>().map(|m| *m);
    assert_eq!(message.ok(), Some("propagator failed"));
}

/// Three pigeons in two holes: each pigeon in a hole, no hole with two.
fn pigeons() -> Vec<Vec<i32>> {
    let at = |pigeon: i32, hole: i32| 2 * pigeon + hole + 1;
    let mut clauses: Vec<Vec<i32>> = (0..3).map(|p| vec![at(p, 0), at(p, 1)]).collect();
    for hole in 0..2 {
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            clauses.push(vec![-at(a, hole), -at(b, hole)]);
        }
    }
    clauses
}

/// An unsatisfiable set is refuted with a proof that ends in the empty clause; a
/// satisfiable one gives a model of it; a proof file that cannot be opened is an error.
#[test]
fn refutations_write_their_proof() {
    let dir = std::env::temp_dir().join(format!("masu-sat-refute-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("pigeons.drat");
    assert_eq!(refute(&pigeons(), &proof, || false), Ok(Refutation::Refuted));
    let text = std::fs::read_to_string(&proof).unwrap();
    assert!(text.lines().any(|line| line.trim() == "0"), "no empty clause in {text:?}");
    let two = &pigeons()[..5];
    let Ok(Refutation::Satisfied(model)) = refute(two, &dir.join("two.drat"), || false) else { panic!("satisfiable") };
    assert!(two.iter().all(|clause| clause.iter().any(|&l| (l > 0) == model.contains(&l.abs()))));
    assert!(refute(&pigeons(), &dir.join("no/such/folder/p.drat"), || false).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
