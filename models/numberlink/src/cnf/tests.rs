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
        let cycles = lemmas.separate(&model);
        for lemma in &cycles {
            assert_eq!(lemmas.check(lemma), Ok(()), "{puzzle:?}");
            sat.add_clause(lemma.iter().copied());
            *lemmas_added += 1;
        }
        if cycles.is_empty() {
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

/// The models closed under the cycle lemmas are exactly the solutions of every small board,
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
/// beside the path is cut by its cycle, and the cycle passes the check.
#[test]
fn a_loop_is_cut_by_a_checked_cycle() {
    let puzzle = Numberlink::new(vec![vec![1, 1, 0, 0], vec![0, 0, 0, 0], vec![0, 0, 0, 0]], Rule::Blanks).unwrap();
    let encoding = encoding(&puzzle, &[]);
    let links = Links::of(&puzzle);
    let ring = [((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 2)), ((2, 1), (2, 2))];
    let mut model: Vec<i32> = ring.iter().map(|&(a, b)| links.between(a, b).unwrap()).collect();
    model.push(links.between((0, 0), (0, 1)).unwrap());
    let cycles = encoding.lemmas.as_ref().unwrap().separate(&model);
    assert_eq!(cycles.len(), 1);
    assert_eq!(cycles[0].len(), 4);
    assert_eq!(is_cycle(&links, &cycles[0]), Ok(()));
}

/// The lemma check refuses every clause that is not one cycle's links negated.
#[test]
fn the_lemma_check_refuses_what_is_not_a_cycle() {
    let puzzle = Numberlink::new(vec![vec![1, 0, 0, 0], vec![0, 0, 0, 0], vec![0, 0, 0, 1]], Rule::Blanks).unwrap();
    let links = Links::of(&puzzle);
    let e = |a: Cell, b: Cell| -links.between(a, b).unwrap();
    let square = vec![e((0, 0), (0, 1)), e((0, 0), (1, 0)), e((0, 1), (1, 1)), e((1, 0), (1, 1))];
    let other = [e((1, 2), (1, 3)), e((1, 2), (2, 2)), e((1, 3), (2, 3)), e((2, 2), (2, 3))];
    assert_eq!(is_cycle(&links, &square), Ok(()));
    let ring6 = vec![
        e((0, 0), (0, 1)),
        e((0, 1), (0, 2)),
        e((0, 2), (1, 2)),
        e((1, 1), (1, 2)),
        e((1, 0), (1, 1)),
        e((0, 0), (1, 0)),
    ];
    assert_eq!(is_cycle(&links, &ring6), Ok(()));
    let refused = |lemma: Vec<i32>, why: &str| {
        let said = is_cycle(&links, &lemma).expect_err(why);
        assert!(said.contains(why), "{said}");
    };
    refused(square[..3].to_vec(), "no cycle");
    refused(square.iter().map(|l| -l).collect(), "not a negated link");
    refused([&square[..], &other[..]].concat(), "more than one ring");
    refused([&square[..3], &[e((1, 1), (1, 2))]].concat(), "meets 1");
    refused([&square[..], &[-1000]].concat(), "not a link of the board");
    refused([&square[..], &square[..1]].concat(), "twice");
}
