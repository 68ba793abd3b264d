use std::io::{Read, Write};
use std::path::PathBuf;

use super::*;
use crate::IntVar;

/// Every solution by exclusion, to the proof that none is left.
fn count(solver: &mut Pumpkin, xs: &[IntVar]) -> usize {
    let projection: Vec<usize> = xs.iter().map(|x| x.index()).collect();
    let mut found = 0;
    loop {
        match solver.solve(None, &|| false) {
            Ok(Answer::Found { solutions, .. }) => {
                found += solutions.len();
                solutions.iter().for_each(|values| solver.exclude(&projection, values));
            }
            Ok(Answer::Infeasible) => return found,
            other => panic!("no limit was set: {other:?}"),
        }
    }
}

fn proof_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("masu-drcp-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("proof.drcp")
}

/// Five values in five different places, the first below the second, the last fixed:
/// 4!/2 = 12.
fn orderings() -> (CpModel, Vec<IntVar>) {
    let mut model = CpModel::new();
    let xs: Vec<IntVar> = (0..5).map(|_| model.new_int_var(1, 5)).collect();
    model.add_all_different(xs.iter().copied());
    model.add_le(xs[0] + 1, xs[1]);
    model.add_eq(xs[4], 3);
    (model, xs)
}

/// The proof Pumpkin is logging, replaced by `text`.
fn replace(solver: &Pumpkin, text: &str) {
    let log = solver.proof.as_ref().unwrap().log();
    let mut zipped = flate2::write::GzEncoder::new(std::fs::File::create(log).unwrap(), flate2::Compression::fast());
    zipped.write_all(text.as_bytes()).unwrap();
    zipped.finish().unwrap();
}

#[test]
fn a_proof_is_accepted_and_a_tampered_one_is_not() {
    let (model, xs) = orderings();
    let path = proof_path("tampered");
    let mut solver = model.to_pumpkin(&Settings { proof: Some(path.clone()), ..Settings::default() }).unwrap();
    assert_eq!(solver.certificate(), None, "nothing is proved before a solve");
    assert_eq!(count(&mut solver, &xs), 12);
    let checked = solver.certificate().unwrap();
    assert!(checked.accepted, "{checked:?}");

    let mut proof = String::new();
    solver.proof.as_ref().unwrap().reader().unwrap().read_to_string(&mut proof).unwrap();
    let lines: Vec<&str> = proof.lines().collect();
    // Each inference left out in turn, until one that a deduction needs is missed.
    let inferences: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("i ")).collect();
    assert!(!inferences.is_empty(), "{proof}");
    let without = |skip: usize| {
        let kept: Vec<&str> = lines.iter().enumerate().filter(|&(i, _)| i != skip).map(|(_, l)| *l).collect();
        replace(&solver, &(kept.join("\n") + "\n"));
        solver.certificate().unwrap()
    };
    let rejected = inferences.iter().map(|&i| without(i)).find(|c| !c.accepted);
    let rejected = rejected.expect("a proof without one of its inferences is rejected");
    assert!(rejected.detail.as_deref().is_some_and(|d| d.starts_with("rejected")), "{rejected:?}");
    // Its conclusion cut off, the proof proves nothing.
    let cut: Vec<&str> = lines.iter().copied().filter(|l| !l.starts_with("c ")).collect();
    assert!(cut.len() < lines.len(), "{proof}");
    replace(&solver, &(cut.join("\n") + "\n"));
    assert!(!solver.certificate().unwrap().accepted);
    // Put back whole, it is accepted again, and kept at the path asked for once the solver goes.
    replace(&solver, &proof);
    assert!(solver.certificate().unwrap().accepted);
    drop(solver);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), proof);
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(left.len(), 1, "only the proof is left: {left:?}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn what_the_checker_cannot_read_is_not_checked() {
    let mut model = CpModel::new();
    let x = model.new_int_var(0, 3);
    let b = model.new_bool_var();
    model.add_eq(x, 2).only_enforce_if([b]);
    model.add_ne(x, 2).only_enforce_if([!b]);
    model.add_ge(x, 4).only_enforce_if([b]);
    let path = proof_path("enforced");
    let mut solver = model.to_pumpkin(&Settings { proof: Some(path.clone()), ..Settings::default() }).unwrap();
    assert_eq!(count(&mut solver, &[x, b.variable()]), 3);
    let checked = solver.certificate().unwrap();
    assert!(!checked.accepted);
    assert!(checked.detail.as_deref().is_some_and(|d| d.starts_with("not checked")), "{checked:?}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_gzipped_proof_is_kept_as_it_is_written() {
    let (model, xs) = orderings();
    let path = proof_path("gzipped").with_extension("drcp.gz");
    let mut solver = model.to_pumpkin(&Settings { proof: Some(path.clone()), ..Settings::default() }).unwrap();
    assert_eq!(count(&mut solver, &xs), 12);
    assert!(solver.certificate().unwrap().accepted);
    drop(solver);
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&path).unwrap()).read_to_string(&mut text).unwrap();
    assert!(text.lines().any(|l| l.starts_with("c ")), "{text}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_proof_that_cannot_be_written_is_refused() {
    let (model, _) = orderings();
    let settings = Settings { proof: Some("/no/such/folder/proof.drcp".into()), ..Settings::default() };
    let err = model.to_pumpkin(&settings).unwrap_err();
    assert!(err.0.contains("/no/such/folder"), "{err}");
}

#[test]
fn parameters_are_read_by_pumpkins_names() {
    let set = |name: &str, value: &str| Settings::parse(&[(name.to_string(), value.to_string())]);
    assert_eq!(set("random-seed", "7").unwrap().seed, Some(7));
    assert_eq!(set("restart-base-interval", "100").unwrap().restart_base_interval, Some(100));
    assert!(set("random-seed", "seven").is_err());
    assert_eq!(set("no-such", "1").unwrap_err().0, "no-such");
    assert_eq!(set("proof-path", "").unwrap_err().0, "proof-path");
    assert!(set("proof-path", &std::env::temp_dir().display().to_string()).unwrap_err().1.contains("folder"));
}

#[test]
fn what_pumpkin_lacks_is_refused_by_name() {
    let mut model = CpModel::new();
    let bs: Vec<_> = (0..3).map(|_| model.new_bool_var()).collect();
    model.add_bool_xor(bs.iter().copied());
    let err = model.to_pumpkin(&Settings::default()).unwrap_err();
    assert!(err.0.contains("bool_xor"), "{err}");
    let mut wide = CpModel::new();
    wide.new_int_var(0, 1 << 40);
    assert!(wide.to_pumpkin(&Settings::default()).is_err());
}

#[test]
fn edge_models_solve_or_are_refused_never_a_panic() {
    // An empty table, a linear constraint over no value, the same enforced, a bool_or of
    // nothing: each a model Pumpkin answers (infeasible, or its solutions), none a panic.
    let mut empty_table = CpModel::new();
    let x = empty_table.new_int_var(0, 2);
    empty_table.add_allowed_assignments([x], &[] as &[Vec<i64>]);
    let mut never = CpModel::new();
    let y = never.new_int_var(0, 2);
    never.add_linear_in(y, &crate::Domain::from_values(Vec::<i64>::new()));
    let mut enforced_never = CpModel::new();
    let z = enforced_never.new_int_var(0, 2);
    let b = enforced_never.new_bool_var();
    enforced_never.add_linear_in(z, &crate::Domain::from_values(Vec::<i64>::new())).only_enforce_if([b]);
    let mut empty_or = CpModel::new();
    let w = empty_or.new_int_var(0, 1);
    empty_or.add_bool_or(std::iter::empty::<crate::BoolVar>());
    for (model, xs, expected) in [
        (&empty_table, vec![x], 0),
        (&never, vec![y], 0),
        (&enforced_never, vec![z, b.variable()], 3),
        (&empty_or, vec![w], 0),
    ] {
        let mut solver = model.to_pumpkin(&Settings::default()).unwrap();
        assert_eq!(count(&mut solver, &xs), expected);
    }
}

#[test]
fn a_panic_inside_pumpkin_is_an_error_with_its_words() {
    assert_eq!(guarded(|| 7), Ok(7));
    let err = guarded(|| -> u8 { panic!("a propagator's invariant") }).unwrap_err();
    assert!(err.contains("a propagator's invariant"), "{err}");
}
