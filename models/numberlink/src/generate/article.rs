//! Article 001's generator: candidate full boards enumerated in one CP-SAT search, each
//! kept when the article's solver finds its endpoints unique.
#![cfg(feature = "cp-sat")]

use std::time::Instant;

use masu_core::{Error, SolveOptions};

use super::{ArticleRun, Generated};
use crate::puzzle::{Numberlink, Rule};

/// Article 001's method: up to `candidates` candidate boards, each kept when unique.
#[cfg(feature = "cp-sat")]
pub fn article(
    n: usize,
    pairs: usize,
    rule: Rule,
    candidates: usize,
    options: &SolveOptions,
) -> Result<ArticleRun, Error> {
    use masu_cp::{BoolVar, CpModel, IntVar, LinearExpr};
    // The article's reifications, each written as it writes them (the variable and then its
    // two enforced constraints, so the model is the article's to the index):
    // `s ⇔ a = b` ...
    fn equal(model: &mut CpModel, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> BoolVar {
        let (a, b, s) = (a.into(), b.into(), model.new_bool_var());
        model.add_eq(a.clone(), b.clone()).only_enforce_if([s]);
        model.add_ne(a, b).only_enforce_if([!s]);
        s
    }
    // ... and `e ⇔ a ∧ b`.
    fn both(model: &mut CpModel, a: BoolVar, b: BoolVar) -> BoolVar {
        let e = model.new_bool_var();
        model.add_bool_and([a, b]).only_enforce_if([e]);
        model.add_bool_or([!a, !b]).only_enforce_if([!e]);
        e
    }
    let m = pairs as i64;
    let started = Instant::now();
    let mut model = CpModel::new();
    let cells: Vec<IntVar> = (0..n * n).map(|_| model.new_int_var(1, m)).collect();
    let at = |r: usize, c: usize| cells[r * n + c];
    let neighbours = |r: usize, c: usize| -> Vec<(usize, usize)> {
        [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|&(dr, dc)| (r as i64 + dr, c as i64 + dc))
            .filter(|&(a, b)| a >= 0 && b >= 0 && (a as usize) < n && (b as usize) < n)
            .map(|(a, b)| (a as usize, b as usize))
            .collect()
    };
    let sum = |ls: &[BoolVar]| ls.iter().copied().map(LinearExpr::from).sum::<LinearExpr>();
    for k in 1..=m {
        let (mut ends, mut middles) = (Vec::new(), Vec::new());
        for r in 0..n {
            for c in 0..n {
                let is_k = equal(&mut model, at(r, c), k);
                let mut links = Vec::new();
                for (a, b) in neighbours(r, c) {
                    let same = equal(&mut model, at(a, b), k);
                    links.push(both(&mut model, is_k, same));
                }
                let (b1, b2) = (model.new_bool_var(), model.new_bool_var());
                model.add_ge(sum(&links), 1).only_enforce_if([b1]);
                model.add_lt(sum(&links), 1).only_enforce_if([!b1]);
                model.add_le(sum(&links), 2).only_enforce_if([b2]);
                model.add_gt(sum(&links), 2).only_enforce_if([!b2]);
                model.add_bool_and([b1, b2]).only_enforce_if([is_k]);
                model.add_bool_or([!b1, !b2]).only_enforce_if([!is_k]);
                let edge = equal(&mut model, sum(&links), 1);
                ends.push(both(&mut model, is_k, edge));
                let two = equal(&mut model, sum(&links), 2);
                middles.push(both(&mut model, is_k, two));
            }
        }
        model.add_eq(sum(&ends), 2);
        model.add_ge(sum(&middles), 1);
    }
    for r in 0..n.saturating_sub(1) {
        for c in 0..n.saturating_sub(1) {
            let mut same = Vec::new();
            for (a, b) in [(r, c + 1), (r + 1, c), (r + 1, c + 1)] {
                same.push(equal(&mut model, at(a, b), at(r, c)));
            }
            model.add_ne(sum(&same), 3);
        }
    }
    // One enumeration, as the article's `enumerate_all_solutions` with a callback that
    // stops at `candidates`.
    let found = options.cp_sat_solver().enumerate_all(&model, candidates, options.clock().deadline())?;
    let generate_seconds = started.elapsed().as_secs_f64();
    let checking = Instant::now();
    let mut unique = Vec::new();
    for values in &found.solutions {
        let solution: Vec<Vec<u32>> =
            (0..n).map(|r| (0..n).map(|c| values[at(r, c).index()] as u32).collect()).collect();
        let puzzle: Vec<Vec<u32>> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let same = neighbours(r, c).iter().filter(|&&(a, b)| solution[a][b] == solution[r][c]).count();
                        if same == 1 { solution[r][c] } else { 0 }
                    })
                    .collect()
            })
            .collect();
        let Ok(board) = Numberlink::new(puzzle.clone(), Rule::Fill) else { continue };
        // The article checks uniqueness with its own solver (cells in 1..m), enumerating.
        let built = crate::models::reified::build(&board, pairs as u32, false, None).expect("no deadline");
        let check = SolveOptions { solution_limit: 2, ..options.within(None) };
        let answers = check.cp_sat_solver().enumerate_all(&built.model, 2, None)?;
        if !(answers.complete && answers.solutions.len() == 1) {
            continue;
        }
        if rule == Rule::Blanks {
            // Unique with every cell filled; kept when no answer that leaves cells empty joins it.
            let blanks = Numberlink { rule, ..board };
            let bounded = check.within(Some(options.time_limit().unwrap_or(std::time::Duration::from_secs(10))));
            let report = masu_core::solve(&blanks, crate::Formulation::Auto, masu_core::Backend::CpSat, &bounded)?;
            if report.status != masu_core::Status::Unique {
                continue;
            }
        }
        unique.push(Generated {
            puzzle,
            solution,
            rule,
            pairs,
            attempts: 1,
            seconds: 0.0,
            blanks_unique: rule == Rule::Blanks,
        });
    }
    Ok(ArticleRun {
        candidates: found.solutions.len(),
        unique,
        generate_seconds,
        check_seconds: checking.elapsed().as_secs_f64(),
    })
}
