use super::*;
use crate::puzzle::check::check;

/// The links of `paths`, each once, in the board's order.
fn links_of(paths: &Paths) -> Vec<(Cell, Cell)> {
    let mut links: Vec<(Cell, Cell)> =
        paths.paths.iter().flat_map(|p| p.windows(2).map(|w| (w[0].min(w[1]), w[0].max(w[1])))).collect();
    links.sort_unstable();
    links
}

/// Every solution of `puzzle`, by trying every set of its links: those that draw paths the
/// checker passes, and no link besides.
fn exhaustive(puzzle: &Numberlink) -> Vec<Paths> {
    let edges = puzzle.edges();
    assert!(edges.len() <= 20, "too many links to try every set");
    let mut found = Vec::new();
    for bits in 0..1u32 << edges.len() {
        let mut on: Vec<(Cell, Cell)> = (0..edges.len()).filter(|&i| bits >> i & 1 == 1).map(|i| edges[i]).collect();
        let paths = Paths::from_links(puzzle, &on);
        on.sort_unstable();
        if check(puzzle, &paths).is_ok() && links_of(&paths) == on {
            found.push(paths);
        }
    }
    found.sort();
    found
}

/// Every model of `encoding` closed under its lemmas (each checked), by CaDiCaL: a model
/// with a loop adds the loop's lemma, any other is a solution, excluded by every variable.
fn models(puzzle: &Numberlink, encoding: &Encoding, lemmas_added: &mut usize) -> Vec<Paths> {
    let lemmas = encoding.lemmas.as_ref().expect("numberlink has lemmas");
    let mut sat = masu_sat::solver(|| false);
    encoding.cnf.clauses().iter().for_each(|c| sat.add_clause(c.iter().copied()));
    let edges = puzzle.edges();
    let mut found = Vec::new();
    loop {
        let model: Vec<i32> = match sat.solve() {
            masu_sat::Outcome::Satisfied(m) => (1..=encoding.cnf.variables()).filter(|&v| m.value(v)).collect(),
            masu_sat::Outcome::Unsatisfiable => break,
            other => panic!("{other:?}"),
        };
        let cuts = lemmas.separate(&model);
        for lemma in &cuts {
            assert_eq!(lemmas.check(lemma), Ok(()), "{puzzle:?}");
            sat.add_clause(lemma.iter().copied());
            *lemmas_added += 1;
        }
        if cuts.is_empty() {
            let on: Vec<(Cell, Cell)> =
                model.iter().filter(|&&v| v as usize <= edges.len()).map(|&v| edges[v as usize - 1]).collect();
            let paths = Paths::from_links(puzzle, &on);
            assert_eq!(check(puzzle, &paths), Ok(()), "a model that is no solution: {puzzle:?}");
            assert_eq!(links_of(&paths), on, "a model with links off its paths");
            sat.add_clause((1..=encoding.cnf.variables()).map(|v| if model.contains(&v) { -v } else { v }));
            found.push(paths);
        }
        assert!(found.len() <= 1 << edges.len());
    }
    found.sort();
    found
}

/// Small boards under both rules: drawn the generator's way at 3×3, scattered at 3×3, and
/// a few at 3×4 and 2×5, written out.
fn small_boards() -> Vec<Numberlink> {
    let mut boards = crate::testkit::under_both_rules(3..4);
    boards.extend(crate::testkit::scattered(5, 12, 1, 3));
    for rule in [Rule::Fill, Rule::Blanks] {
        for rows in [
            vec![vec![1, 0, 0, 2], vec![0, 0, 0, 0], vec![0, 0, 2, 1]],
            vec![vec![1, 0, 0, 0], vec![0, 2, 0, 0], vec![0, 0, 2, 1]],
            vec![vec![1, 2, 0, 0, 0], vec![0, 0, 0, 2, 1]],
            vec![vec![1, 0, 0, 0], vec![0, 0, 0, 0], vec![0, 0, 0, 1]],
        ] {
            boards.push(Numberlink::new(rows, rule).unwrap());
        }
    }
    boards
}

/// The models closed under the cut lemmas are exactly the solutions of every small board,
/// with none, some or all of them excluded; boards with none, one and several are among them,
/// and some need a lemma.
#[test]
fn models_are_the_solutions() {
    let (mut seen, mut lemmas) = ([0; 3], 0);
    for puzzle in small_boards() {
        let solutions = exhaustive(&puzzle);
        seen[solutions.len().min(2)] += 1;
        for excluded in [0, solutions.len() / 2, solutions.len()] {
            let found = models(&puzzle, &encoding(&puzzle, &solutions[..excluded]), &mut lemmas);
            let mut rest = solutions[excluded..].to_vec();
            rest.sort();
            assert_eq!(found, rest, "{puzzle:?}, {excluded} excluded");
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "boards with none, one and several solutions: {seen:?}");
    assert!(lemmas > 0, "no model needed a lemma");
}

/// Loops need lemmas: on an open 3×4 board under the blanks rule, a first model with a ring
/// beside the path is cut by the lemma closing off the ring's four cells (their `u`, and the
/// six links leaving them), and the lemma passes the check.
#[test]
fn a_loop_is_cut_by_a_checked_lemma() {
    let puzzle = Numberlink::new(vec![vec![1, 1, 0, 0], vec![0, 0, 0, 0], vec![0, 0, 0, 0]], Rule::Blanks).unwrap();
    let encoding = encoding(&puzzle, &[]);
    let links = Links::of(&puzzle);
    let ring = [((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 2)), ((2, 1), (2, 2))];
    let mut model: Vec<i32> = ring.iter().map(|&(a, b)| links.between(a, b).unwrap()).collect();
    model.push(links.between((0, 0), (0, 1)).unwrap());
    let lemmas = encoding.lemmas.as_ref().unwrap();
    let cuts = lemmas.separate(&model);
    assert_eq!(cuts.len(), 1);
    assert_eq!(cuts[0].len(), 4 + 6, "{:?}", cuts[0]);
    assert_eq!(lemmas.check(&cuts[0]), Ok(()));
    assert!(cuts[0].iter().all(|l| !model.contains(l)), "the model breaks the lemma");
}

/// The lemma check takes a clause only when it closes off a region with no number, and under
/// the blanks rule only with every cell's `u` in it.
#[test]
fn the_lemma_check_refuses_what_closes_nothing_off() {
    for rule in [Rule::Fill, Rule::Blanks] {
        let puzzle = Numberlink::new(vec![vec![1, 0, 0, 0], vec![0, 0, 0, 0], vec![0, 0, 0, 1]], rule).unwrap();
        let encoding = encoding(&puzzle, &[]);
        let cuts = encoding.lemmas.as_ref().unwrap();
        let links = Links::of(&puzzle);
        let e = |a: Cell, b: Cell| links.between(a, b).unwrap();
        let cell = |(r, c): Cell| r * 4 + c;
        let both = [(1, 1), (1, 2)];
        let lemma = |region: &[Cell]| region.iter().map(|&at| cell(at)).collect::<Vec<_>>();
        let real = Cuts {
            links: Links::of(&puzzle),
            puzzle: puzzle.clone(),
            x: Vec::new(),
            unused: unused_of(&encoding, &puzzle),
        };
        let pair = real.around(&lemma(&both));
        assert_eq!(cuts.check(&pair), Ok(()), "{rule:?}");
        // Four cells of no number.
        assert_eq!(cuts.check(&real.around(&lemma(&[(1, 2), (1, 3), (2, 2), (0, 2)]))), Ok(()));
        let refused = |lemma: Vec<i32>, why: &str| {
            let said = cuts.check(&lemma).expect_err(why);
            assert!(said.contains(why), "{rule:?}: {said}");
        };
        // A region with a number in it.
        refused(real.around(&lemma(&[(0, 0), (0, 1)])), "no region without a number");
        // A link left out: the region is joined to the rest.
        let leaky: Vec<i32> = pair.iter().copied().filter(|&l| l != e((1, 2), (1, 3))).collect();
        refused(leaky, "no region without a number");
        refused(pair.iter().map(|l| -l).collect(), "not a positive literal");
        refused([&pair[..], &[100_000]].concat(), "neither a link nor");
        if rule == Rule::Blanks {
            let silent: Vec<i32> = pair.iter().copied().filter(|&l| l as usize <= links.edges.len()).collect();
            refused(silent, "r2c2 is closed off without its 'unused'");
        }
    }
}

/// Each cell's `u` variable in `encoding` (none under the fill rule): the variables after the
/// links and the labels.
fn unused_of(encoding: &Encoding, puzzle: &Numberlink) -> Vec<i32> {
    let cells = (puzzle.width() * puzzle.height()) as i32;
    let before = puzzle.edges().len() as i32 + cells * puzzle.pairs() as i32;
    match puzzle.rule {
        Rule::Blanks => (before + 1..=before + cells).collect(),
        _ => {
            assert_eq!(encoding.cnf.variables(), before);
            Vec::new()
        }
    }
}

/// Whether both checkers run here; where they must (`MASU_EXPECT_RATE`, `MASU_EXPECT_VERIPB`,
/// set by the test commands, which install them), their absence fails the test.
fn checkers_run() -> bool {
    use masu_core::certify::{RATE, VERIPB};
    let runs = RATE.runs() && VERIPB.runs();
    let expected = ["MASU_EXPECT_RATE", "MASU_EXPECT_VERIPB"].iter().any(|v| std::env::var_os(v).is_some());
    assert!(runs || !expected, "the test commands installed rate and veripb, and they do not run");
    runs
}

fn certified(encoding: Encoding) -> masu_core::Certificate {
    let clock = masu_core::Clock::new(Some(std::time::Duration::from_secs(60)), masu_core::Interrupt::new());
    masu_core::certify::certify(encoding, &masu_core::Certify::default(), &clock)
}

/// Under the blanks rule the certificate has two stages (the canonical clauses and loops by
/// dominance, then the refutation), and on every small board it certifies exactly what
/// exhaustive enumeration says: every solution excluded, certified; one left out, never. On
/// some board a solution left out is one move from one excluded (a U-turn or a corner), the
/// canonical clauses make the rest refutable, and VeriPB is what refuses the certificate.
#[test]
fn two_stage_certificates_agree_with_enumeration() {
    if !checkers_run() {
        return;
    }
    let (mut certified_boards, mut refused_by_veripb) = (0, 0);
    for puzzle in small_boards().into_iter().filter(|p| p.rule == Rule::Blanks) {
        let solutions = exhaustive(&puzzle);
        let all = certified(encoding(&puzzle, &solutions));
        assert!(all.accepted(), "{puzzle:?}: {all:?}");
        if all.dominance.is_some() {
            certified_boards += 1;
        }
        for left_out in 0..solutions.len() {
            let mut excluded = solutions.clone();
            excluded.remove(left_out);
            let one_short = certified(encoding(&puzzle, &excluded));
            assert!(!one_short.accepted(), "{puzzle:?}: certified with a solution left out: {one_short:?}");
            if matches!(&one_short.proof, masu_core::Proof::Rejected(why) if why.contains("dominance stage")) {
                refused_by_veripb += 1;
            }
        }
    }
    assert!(certified_boards > 0, "no certificate had a dominance stage");
    assert!(refused_by_veripb > 0, "VeriPB never had to refuse a certificate");
}

/// A witness changed (each step's last image dropped: a link left on in a blanked cell, a
/// corner's old link kept) or an order upside down (lower rows weighing more, so a corner
/// moved down is no smaller) is rejected by VeriPB.
#[test]
fn a_tampered_dominance_proof_is_rejected() {
    if !checkers_run() {
        return;
    }
    // A board of masu's own generator (`masu generate numberlink --size 6 --pairs 4 --rule
    // blanks`), with U-turns and corners that propagation alone does not rule out.
    let rows = vec![
        vec![0, 0, 0, 0, 0, 0],
        vec![0, 0, 1, 0, 2, 0],
        vec![0, 0, 0, 0, 0, 0],
        vec![3, 0, 0, 0, 0, 4],
        vec![0, 0, 0, 0, 4, 0],
        vec![1, 2, 0, 0, 0, 3],
    ];
    let puzzle = Numberlink::new(rows, Rule::Blanks).unwrap();
    let options = SolveOptions { solution_limit: 10, keep: 10, ..SolveOptions::default() };
    let found = crate::frontier::solve(&puzzle, &options).unwrap();
    assert!(found.complete && found.count == 1, "{found:?}");
    let solutions = found.solutions;
    let honest = certified(encoding(&puzzle, &solutions));
    assert!(honest.accepted(), "{honest:?}");
    let tamper = |change: &dyn Fn(&mut masu_core::certify::Dominance)| {
        let mut encoding = encoding(&puzzle, &solutions);
        change(encoding.dominance.as_mut().unwrap());
        certified(encoding)
    };
    let dropped = tamper(&|d| {
        d.steps.iter_mut().for_each(|step| {
            step.witness.0.pop();
        })
    });
    let flipped = tamper(&|d| d.order.iter_mut().for_each(|(_, w)| *w = 100 - *w));
    for (refused, what) in [(dropped, "a witness changed"), (flipped, "an order upside down")] {
        assert!(
            matches!(&refused.proof, masu_core::Proof::Rejected(why) if why.contains("dominance stage")),
            "{what}: {refused:?}"
        );
    }
}
