use super::*;
use crate::{Export, Interrupt};

/// Three pigeons in two holes (unsatisfiable, and not by unit propagation alone).
fn pigeons() -> Cnf {
    let mut cnf = Cnf::new();
    let at: Vec<[i32; 2]> = (0..3).map(|_| [cnf.variable(), cnf.variable()]).collect();
    for pigeon in &at {
        cnf.clause(pigeon.iter().copied());
    }
    for hole in [0, 1] {
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            cnf.clause([-at[a][hole], -at[b][hole]]);
        }
    }
    cnf
}

fn minute() -> Clock {
    Clock::new(Some(Duration::from_secs(60)), Interrupt::new())
}

/// Whether the checker runs here; where it must (`MASU_EXPECT_RATE`, set by the test
/// commands, which install it), its absence fails the test.
fn checker_runs() -> bool {
    let runs = RATE.runs();
    assert!(runs || std::env::var_os("MASU_EXPECT_RATE").is_none(), "MASU_EXPECT_RATE is set and rate does not run");
    runs
}

#[test]
fn exactly_one_admits_the_assignments_with_one_true() {
    let mut cnf = Cnf::new();
    let lits: Vec<i32> = (0..3).map(|_| cnf.variable()).collect();
    cnf.exactly_one(&lits);
    for mask in 0..8u32 {
        assert_eq!(cnf.satisfied_by(|v| mask & (1 << (v - 1)) != 0), mask.count_ones() == 1, "{mask:03b}");
    }
    assert_eq!(cnf.dimacs("x"), "c x\np cnf 3 4\n1 2 3 0\n-1 -2 0\n-1 -3 0\n-2 -3 0\n");
}

/// A refutable set is certified, with its files kept where asked; a satisfiable one is not.
#[test]
fn a_refutation_is_certified_and_a_model_is_not() {
    if !checker_runs() {
        let no = certify(pigeons().into(), &Certify::default(), &minute());
        assert!(matches!(&no.proof, crate::Proof::Unchecked(why) if why.contains("cargo install rate")), "{no:?}");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let keep = Certify { keep: Some(Export::new(&dir, "pigeons")) };
    let certified = certify(pigeons().into(), &keep, &minute());
    assert_eq!(certified.proof, crate::Proof::Accepted, "{certified:?}");
    assert!(certified.checker.starts_with("rate "), "{}", certified.checker);
    assert!(certified.proof_bytes > 0);
    assert!(dir.join("pigeons.cnf").exists() && dir.join("pigeons.drat").exists());
    let mut two = Cnf::new();
    let (a, b) = (two.variable(), two.variable());
    two.clause([a, b]);
    let not = certify(two.into(), &Certify::default(), &minute());
    assert!(
        matches!(&not.proof, crate::Proof::Unchecked(why) if why.contains("model beyond")),
        "a satisfiable set certified"
    );
}

/// The checker rejects the proof cut down to its last step, and the whole proof checked
/// against the clauses with one left out (satisfiable: no proof of them can be right).
#[test]
fn a_proof_changed_is_rejected() {
    if !checker_runs() {
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    std::fs::create_dir_all(&dir).unwrap();
    let (formula, proof, output) = (dir.join("p.cnf"), dir.join("p.drat"), dir.join("checked"));
    std::fs::write(&formula, pigeons().dimacs("")).unwrap();
    assert_eq!(masu_sat::refute(pigeons().clauses(), &proof, || false), Ok(masu_sat::Refutation::Refuted));
    assert_eq!(RATE.check(&[&formula, &proof], &output, &minute()), crate::Proof::Accepted);
    let mut fewer = pigeons();
    fewer.clauses.pop();
    std::fs::write(&formula, fewer.dimacs("")).unwrap();
    assert!(
        matches!(RATE.check(&[&formula, &proof], &output, &minute()), crate::Proof::Rejected(why) if why.contains("NOT VERIFIED"))
    );
    std::fs::write(&formula, pigeons().dimacs("")).unwrap();
    std::fs::write(&proof, "0\n").unwrap();
    assert!(
        matches!(RATE.check(&[&formula, &proof], &output, &minute()), crate::Proof::Rejected(why) if why.contains("NOT VERIFIED"))
    );
}

/// Lemmas that exclude each model whole, taken or refused by their check.
struct ExcludeEach {
    accept: bool,
    /// Whether the lemma is the model's: blind, it is always `1 ∨ 2`, which no model of
    /// `1 ∨ 2` breaks.
    sees: bool,
}

impl Lemmas for ExcludeEach {
    fn separate(&self, model: &[i32]) -> Vec<Vec<i32>> {
        // The model as every variable's value (1 and 2): its negation.
        let seen = |v: i32| self.sees && model.contains(&v);
        vec![(1..=2).map(|v| if seen(v) { -v } else { v }).collect()]
    }
    fn check(&self, _: &[i32]) -> Result<(), String> {
        if self.accept { Ok(()) } else { Err("not a lemma of this kind".into()) }
    }
}

/// Lemmas go into the clauses refuted only when their check takes them: a refused one
/// leaves the verdict uncertified, whatever the refutation would say.
#[test]
fn lemmas_are_checked_before_they_are_refuted() {
    let either = || {
        let mut cnf = Cnf::new();
        let (a, b) = (cnf.variable(), cnf.variable());
        cnf.clause([a, b]);
        cnf
    };
    let refused = certify(
        Encoding { cnf: either(), lemmas: Some(Box::new(ExcludeEach { accept: false, sees: true })), dominance: None },
        &Certify::default(),
        &minute(),
    );
    assert!(!refused.accepted(), "{refused:?}");
    assert!(matches!(&refused.proof, crate::Proof::Unchecked(why) if why.contains("a lemma refused")));
    let taken = certify(
        Encoding { cnf: either(), lemmas: Some(Box::new(ExcludeEach { accept: true, sees: true })), dominance: None },
        &Certify::default(),
        &minute(),
    );
    assert_eq!(taken.lemmas, 3, "{taken:?}");
    assert_eq!(taken.accepted(), checker_runs(), "{taken:?}");
    // A lemma the model does not break is not asked for again and again: the model stands.
    let blind = certify(
        Encoding { cnf: either(), lemmas: Some(Box::new(ExcludeEach { accept: true, sees: false })), dominance: None },
        &Certify::default(),
        &minute(),
    );
    assert!(matches!(&blind.proof, crate::Proof::Unchecked(why) if why.contains("model beyond")));
}

/// A certificate's JSON says what became of its proof (`accepted`, `proof`), and why where it
/// was not accepted (`detail`).
#[test]
fn a_certificate_says_in_json_what_became_of_its_proof() {
    let not = not_certified("out of time");
    let json = serde_json::to_value(&not).unwrap();
    assert_eq!(
        (&json["accepted"], &json["proof"], &json["detail"]),
        (&false.into(), &"unchecked".into(), &"out of time".into())
    );
    let accepted = serde_json::to_value(Certificate { proof: crate::Proof::Accepted, ..not.clone() }).unwrap();
    assert_eq!((&accepted["accepted"], &accepted["proof"]), (&true.into(), &"accepted".into()));
    assert!(accepted.get("detail").is_none(), "{accepted}");
    let rejected =
        serde_json::to_value(Certificate { proof: crate::Proof::Rejected("s NOT VERIFIED".into()), ..not }).unwrap();
    assert_eq!((&rejected["accepted"], &rejected["proof"]), (&false.into(), &"rejected".into()));
}

/// Whether VeriPB runs here; where it must (`MASU_EXPECT_VERIPB`, set by the test commands,
/// which install it), its absence fails the test.
fn veripb_runs() -> bool {
    let runs = VERIPB.runs();
    assert!(
        runs || std::env::var_os("MASU_EXPECT_VERIPB").is_none(),
        "MASU_EXPECT_VERIPB is set and veripb does not run"
    );
    runs
}

/// `n` pigeons in three holes, `p[i][h]`: each pigeon in exactly one hole, no two in one.
fn pigeons_in_three(n: usize) -> (Cnf, Vec<[i32; 3]>) {
    let mut cnf = Cnf::new();
    let p: Vec<[i32; 3]> = (0..n).map(|_| [cnf.variable(), cnf.variable(), cnf.variable()]).collect();
    for pigeon in &p {
        cnf.exactly_one(pigeon);
    }
    for (a, first) in p.iter().enumerate() {
        for second in &p[a + 1..] {
            for (&x, &y) in first.iter().zip(second) {
                cnf.clause([-x, -y]);
            }
        }
    }
    (cnf, p)
}

/// "The first pigeon is not in the second hole", by dominance: a placement with it there
/// swaps the first two holes for every pigeon (`swap_all`; else for the first alone), which
/// keeps every clause, and the order, weight on `weight_on`, must say the swapped placement
/// is smaller (it is, with the weight on `p[0][0]`).
fn not_second(p: &[[i32; 3]], weight_on: i32, swap_all: bool) -> Dominance {
    let mut witness = Witness::default();
    for (i, pigeon) in p.iter().enumerate() {
        if swap_all || i == 0 {
            witness.map(pigeon[0], pigeon[1]);
            witness.map(pigeon[1], pigeon[0]);
        }
    }
    Dominance { order: vec![(weight_on, 1)], steps: vec![Step { clause: vec![-p[0][1]], witness }] }
}

/// A clause added by dominance is certified with its witness and its order, both stages
/// checked and their files kept (four pigeons, three holes); on three pigeons (satisfiable:
/// the stage checked alone), a witness changed (the first pigeon's holes swapped, the
/// others' not) or an order that does not make the swapped placement smaller is rejected by
/// VeriPB.
#[test]
fn dominance_steps_are_checked_by_veripb() {
    let folder = tempfile::tempdir().unwrap();
    let keep = Certify { keep: Some(Export::new(folder.path(), "pigeons")) };
    let (four, p) = pigeons_in_three(4);
    let encoding = || Encoding { cnf: four.clone(), lemmas: None, dominance: Some(not_second(&p, p[0][0], true)) };
    if !veripb_runs() || !checker_runs() {
        let no = certify(encoding(), &keep, &minute());
        assert!(!no.accepted(), "{no:?}");
        return;
    }
    let certified = certify(encoding(), &keep, &minute());
    assert!(certified.accepted(), "{certified:?}");
    let stage = certified.dominance.as_ref().expect("a dominance stage");
    assert!(stage.checker.starts_with("veripb "), "{stage:?}");
    assert_eq!(stage.steps, 1);
    for file in ["pigeons.opb", "pigeons.pbp", "pigeons.out.opb", "pigeons.cnf", "pigeons.drat"] {
        assert!(folder.path().join(file).exists(), "{file}");
    }
    let json = serde_json::to_value(&certified).unwrap();
    assert_eq!(json["dominance"]["steps"], 1, "{json}");
    let (three, p) = pigeons_in_three(3);
    let stage = |d: Dominance| dominance::check(&three, &d, folder.path(), "three", &minute());
    assert!(stage(not_second(&p, p[0][0], true)).is_ok());
    for (tampered, what) in
        [(not_second(&p, p[0][0], false), "a witness changed"), (not_second(&p, p[0][2], true), "a wrong order")]
    {
        let refused = stage(tampered).expect_err(what);
        assert!(
            matches!(&refused.proof, crate::Proof::Rejected(why) if why.contains("dominance stage")),
            "{what}: {refused:?}"
        );
        assert!(refused.checker.starts_with("veripb "), "{what}: {refused:?}");
    }
}
