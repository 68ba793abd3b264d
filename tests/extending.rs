//! A kind added the way docs/extending.md says, in the test tree: Latin squares (each row and
//! column of an n×n grid holds 1..n once, some cells given), with a native backtracking
//! formulation and a MILP written once for every MILP backend. It goes through the one solve
//! path (every answer checked), the harness (runners, rows, cross-checks), the reader fuzz
//! contract, and the command-line tool: this test is a `masu` binary whose registry holds
//! Latin squares beside sudoku (its `main` runs the tool when [`AS_CLI`] is set), and the
//! tests run `solve`, `count`, `compare`, `generate` and `generate | solve -` through it. No
//! change outside this file (the test's `harness = false` line in the manifest aside).

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use good_lp::{Expression, Variable, variable};
use masu::core::Instance;
use masu::core::generate::{Failed, Made, Run};
use masu::core::milp::Milp;
use masu::core::{At, Backend, Error, Found, Generate, Item, ParseError, Puzzle, SolveOptions, Source, Stats, Status};
use masu::harness::{Runner, Verdict, cross_check, run_matrix};

/// An n×n Latin square with givens (0 blank).
#[derive(Clone, Debug, PartialEq)]
struct Latin {
    n: usize,
    cells: Vec<u8>,
}

masu::core::formulations! {
    /// How a Latin square becomes a model.
    pub enum LatinFormulation for "latin": Latin => Found<Vec<Vec<u8>>> {
        /// Backtracking over the cells.
        Native = "native" on [Native] => |latin, _, options| Ok(latin.native(options.solution_limit)),
        /// x[r][c][v] binaries, exactly one per cell, row value and column value.
        Milp = "milp" on [MILP] => |latin, backend, options| latin.milp(backend, options),
    }
}

impl Latin {
    /// `12/2.`: rows separated by `/`, `.` blank.
    fn parse(text: &str) -> Result<Latin, String> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let n = rows.len();
        let mut cells = Vec::new();
        for row in &rows {
            if row.chars().count() != n {
                return Err(format!("a row of {} cells in a {n}×{n} square", row.chars().count()));
            }
            for c in row.chars() {
                cells.push(match c {
                    '.' => 0,
                    '1'..='9' if (c as usize - '0' as usize) <= n => c as u8 - b'0',
                    _ => return Err(format!("'{c}' is not a cell")),
                });
            }
        }
        if !(1..=9).contains(&n) {
            return Err(format!("{n} rows: a square has 1 to 9"));
        }
        Ok(Latin { n, cells })
    }

    fn native(&self, limit: usize) -> Found<Vec<Vec<u8>>> {
        fn fill(square: &Latin, grid: &mut Vec<u8>, at: usize, limit: usize, out: &mut Vec<Vec<u8>>) {
            if out.len() >= limit {
                return;
            }
            if at == grid.len() {
                out.push(grid.clone());
                return;
            }
            if grid[at] != 0 {
                return fill(square, grid, at + 1, limit, out);
            }
            let (r, c, n) = (at / square.n, at % square.n, square.n);
            for v in 1..=n as u8 {
                if (0..n).all(|k| grid[r * n + k] != v && grid[k * n + c] != v) {
                    grid[at] = v;
                    fill(square, grid, at + 1, limit, out);
                    grid[at] = 0;
                }
            }
        }
        let mut out = Vec::new();
        fill(self, &mut self.cells.clone(), 0, limit, &mut out);
        let complete = out.len() < limit;
        let rows = out.into_iter().map(|g| g.chunks(self.n).map(<[u8]>::to_vec).collect()).collect();
        Found::new(rows, complete, Stats { variables: self.n * self.n, ..Stats::default() })
    }

    fn milp(&self, backend: Backend, options: &SolveOptions) -> Result<Found<Vec<Vec<u8>>>, Error> {
        let n = self.n;
        let mut milp = Milp::new();
        let x: Vec<Variable> = (0..n * n * n).map(|_| milp.variables.add(variable().binary())).collect();
        let at = |r: usize, c: usize, v: usize| x[(r * n + c) * n + v];
        for i in 0..n {
            for j in 0..n {
                milp.add((0..n).map(|v| at(i, j, v)).sum::<Expression>().eq(1));
                milp.add((0..n).map(|c| at(i, c, j)).sum::<Expression>().eq(1));
                milp.add((0..n).map(|r| at(r, i, j)).sum::<Expression>().eq(1));
            }
        }
        for (cell, &given) in self.cells.iter().enumerate() {
            if given != 0 {
                milp.add(Expression::from(at(cell / n, cell % n, usize::from(given) - 1)).eq(1));
            }
        }
        let outcome = milp.solve(backend, options, &x)?;
        let grids = outcome
            .solutions
            .iter()
            .map(|s| {
                (0..n)
                    .map(|r| (0..n).map(|c| (1..=n).find(|&v| s[&at(r, c, v - 1)] > 0.5).unwrap_or(0) as u8).collect())
                    .collect()
            })
            .collect();
        Ok(Found::new(grids, outcome.complete, outcome.stats(&milp, std::time::Duration::ZERO)))
    }
}

/// What the Latin checker finds wrong.
#[derive(Clone, Debug, PartialEq)]
enum LatinViolation {
    /// Row or column `i` (0-based) does not hold 1..n once.
    Line(usize),
    /// A cell changes its given.
    Given(At),
}

impl std::fmt::Display for LatinViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LatinViolation::Line(i) => write!(f, "row or column {} does not hold each value once", i + 1),
            LatinViolation::Given(at) => write!(f, "{at} changes a given"),
        }
    }
}

impl Puzzle for Latin {
    type Solution = Vec<Vec<u8>>;
    type Formulation = LatinFormulation;
    type Rule = masu::core::NoRule;
    type Violation = LatinViolation;
    const KIND: &'static str = "latin";
    const DEFAULT: LatinFormulation = LatinFormulation::Native;

    fn is_puzzle_file(path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "latin")
    }
    fn read(_: masu::core::Format, text: &str) -> Vec<Item<Latin>> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| Item {
                line: i + 1,
                name: None,
                puzzle: Latin::parse(l).map_err(|e| ParseError::new(i + 1, None, e)),
            })
            .collect()
    }
    fn find(
        &self,
        formulation: LatinFormulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Found<Self::Solution>, Error> {
        formulation.find(self, backend, options)
    }
    fn check(&self, grid: &Self::Solution) -> Result<(), LatinViolation> {
        let n = self.n;
        let cell = |r: usize, c: usize| grid.get(r).and_then(|row| row.get(c)).copied().unwrap_or(0);
        for i in 0..n {
            let mut row: Vec<u8> = (0..n).map(|c| cell(i, c)).collect();
            let mut col: Vec<u8> = (0..n).map(|r| cell(r, i)).collect();
            row.sort_unstable();
            col.sort_unstable();
            let all: Vec<u8> = (1..=n as u8).collect();
            if row != all || col != all {
                return Err(LatinViolation::Line(i));
            }
        }
        match self.cells.iter().enumerate().find(|&(k, &g)| g != 0 && cell(k / n, k % n) != g) {
            Some((k, _)) => Err(LatinViolation::Given(At(k / n, k % n))),
            None => Ok(()),
        }
    }
    fn render(&self, grid: &Self::Solution) -> String {
        grid.iter().map(|row| row.iter().map(u8::to_string).collect::<String>() + "\n").collect()
    }
    fn one_line(&self, grid: &Self::Solution) -> String {
        self.render(grid).trim_end().replace('\n', "/")
    }
    fn solution_from_json(value: serde_json::Value) -> Result<Self::Solution, masu::core::Invalid> {
        serde_json::from_value(value).map_err(|e| masu::core::Invalid(e.to_string()))
    }
    fn from_text(text: &str) -> Result<Latin, masu::core::Invalid> {
        Latin::parse(text).map_err(masu::core::Invalid)
    }
    fn to_text(&self) -> String {
        self.cells
            .chunks(self.n)
            .map(|row| row.iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Its collections: `json/*.json` files, each a square in [`Puzzle::to_text`]'s form.
impl Source for Latin {}

/// Its examples, which enrol it in masu's conformance suite (`masu_testkit::conformance`):
/// the 12 squares of side 3, one fixed by two givens, none where a row repeats a value.
impl masu::core::Examples for Latin {
    fn examples() -> Vec<(String, Latin, usize)> {
        vec![
            ("empty 3×3".into(), square(".../.../..."), 12),
            ("two givens".into(), square("1../.2./..."), 1),
            ("a row repeats".into(), square("11./.../..."), 0),
        ]
    }
}

/// `masu generate latin --size N` (typed front ends read it with serde, from clap's defaults).
#[derive(clap::Args, Debug, serde::Deserialize)]
#[serde(default = "masu::core::generate::flag_defaults")]
struct LatinArgs {
    /// The side of the square.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=9))]
    size: u64,
}

/// A square made, as `masu generate latin` prints it.
#[derive(serde::Serialize)]
struct MadeSquare {
    kind: &'static str,
    index: u64,
    puzzle: String,
    solution: Vec<Vec<u8>>,
}

impl masu::core::generate::Printed for MadeSquare {
    fn url(&self) -> Result<String, masu::core::generate::NoUrl> {
        Err(masu::core::generate::NoUrl::NoForm)
    }
}

/// A full square (the cyclic one, rows, columns and values shuffled), then givens taken away
/// while the native count still says unique.
impl Generate for Latin {
    type Args = LatinArgs;
    fn generate(args: &LatinArgs, run: &Run, made: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed> {
        let n = args.size as usize;
        masu::core::generate::each(run, "out of time", made, |index, _| {
            let start = Instant::now();
            let mut random = masu::core::Random::new(run.seed.wrapping_mul(1_000_003).wrapping_add(index));
            let shuffled = |random: &mut masu::core::Random| {
                let mut order: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    order.swap(i, random.below(i + 1));
                }
                order
            };
            let (rows, cols, values) = (shuffled(&mut random), shuffled(&mut random), shuffled(&mut random));
            let full: Vec<u8> = (0..n * n).map(|k| values[(rows[k / n] + cols[k % n]) % n] as u8 + 1).collect();
            let mut square = Latin { n, cells: full.clone() };
            for k in shuffled(&mut random).into_iter().flat_map(|r| (0..n).map(move |c| r * n + c)) {
                let given = std::mem::take(&mut square.cells[k]);
                if square.native(2).solutions.len() != 1 {
                    square.cells[k] = given;
                }
            }
            let solution: Vec<Vec<u8>> = full.chunks(n).map(<[u8]>::to_vec).collect();
            let square = MadeSquare { kind: "latin", index, puzzle: square.to_text(), solution };
            Ok(Some((start.elapsed().as_secs_f64(), square)))
        })?;
        Ok(None)
    }
}

masu::kinds::registry! {
    /// The kinds of this test's command line: Latin squares beside one of masu's own.
    mod kinds {
        /// Latin squares: rows of `1..n` and `.`, separated by `/`.
        Latin => crate::Latin,
        /// Sudoku, as the `masu` binary has it.
        Sudoku => masu::sudoku::Sudoku,
    }
}

fn square(text: &str) -> Latin {
    Latin::parse(text).unwrap()
}

fn a_new_kind_solves_on_the_native_backend_and_every_milp_backend_and_counts_alike() {
    let options = SolveOptions { solution_limit: 20, ..SolveOptions::default() };
    for (formulation, backend) in masu::core::runnable::<Latin>() {
        // 12 Latin squares of side 3; one with two givens that fix it.
        let report = masu::core::solve(&square(".../.../..."), formulation, backend, &options).unwrap();
        assert_eq!((report.solutions.len(), report.complete), (12, true), "{formulation} on {backend}");
        let report = masu::core::solve(&square("1../.2./..."), formulation, backend, &SolveOptions::default()).unwrap();
        assert_eq!(report.status, Status::Unique, "{formulation} on {backend}");
    }
    assert!(Backend::MILP.iter().all(|b| LatinFormulation::Milp.backends().contains(b)));
}

fn the_harness_runs_and_cross_checks_it_and_catches_a_wrong_answer() {
    let instances: Vec<Instance<Latin>> = ["1./..", "1../.2./...", "12/.."]
        .iter()
        .enumerate()
        .map(|(i, t)| Instance::new(format!("sq:{i}"), square(t)))
        .collect();
    let runners = Runner::<Latin>::every();
    assert!(runners.len() >= 2, "native and at least one MILP backend");
    let rows = run_matrix(&instances, &runners, &SolveOptions::default(), 1, 2, None, |_, _| {});
    assert_eq!(rows.len(), instances.len() * runners.len());
    assert!(rows.iter().all(|r| r.verdict == Verdict::Status(Status::Unique)), "{rows:#?}");
    for instance in &instances {
        let mine: Vec<_> = rows.iter().filter(|r| r.instance == instance.name).cloned().collect();
        assert!(cross_check(&mine).is_empty());
    }
    // A runner that answers with a square breaking a row: the solve path refuses it.
    let liar = Runner {
        formulation: "liar".into(),
        backend: Backend::Native,
        solve: Box::new(|puzzle: &Latin, options: &SolveOptions| {
            let bad = Found::new(vec![vec![vec![1, 1], vec![2, 2]]], true, Stats::default());
            masu::core::puzzle::report(puzzle, LatinFormulation::Native, Backend::Native, bad, options)
        }),
    };
    let rows = run_matrix(&instances[..1], &[liar], &SolveOptions::default(), 1, 1, None, |_, _| {});
    assert_eq!(rows[0].verdict, Verdict::WrongAnswer);
}

fn its_reader_keeps_the_fuzz_contract() {
    for input in ["12/21", "1./..\n\n.1/..", "123/1", "x", "", "99/99"] {
        masu::core::fuzz::reads::<Latin>(masu::core::Format::Content, input.as_bytes());
    }
    let items = Latin::read(masu::core::Format::Extension("latin"), "12/21\n1x/..\n");
    assert!(items[0].puzzle.is_ok());
    assert_eq!(items[1].puzzle.as_ref().unwrap_err().line, 2);
}

/// Set for this binary to be the command-line tool over [`kinds`] instead of the tests.
const AS_CLI: &str = "MASU_EXTENDING_AS_CLI";

/// This binary as the command-line tool: `masu ARGS` with `input` on standard input; its
/// status and what it printed, within a minute (else it is killed and the test fails).
fn masu(args: &[&str], input: &str) -> (i32, String, String) {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args(args).env(AS_CLI, "1").current_dir(env!("CARGO_MANIFEST_DIR"));
    let mut started = masu_testkit::Started::with_input(&mut command, input);
    started.close_stdin();
    let out = started.finish(Duration::from_secs(60));
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

fn the_command_line_solves_counts_and_compares_it() {
    let (code, out, err) = masu(&["solve", "latin", "1../.2./...", "--format", "json"], "");
    assert_eq!(code, 0, "{err}");
    let answer: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["status"], "unique", "{out}");
    assert_eq!(answer["solutions"][0], serde_json::json!([[1, 3, 2], [3, 2, 1], [2, 1, 3]]), "{out}");

    let (code, out, err) = masu(&["count", "latin", "-", "--format", "json"], ".../.../...\n12/..\n");
    assert_eq!(code, 0, "{err}");
    let counts: Vec<u64> =
        out.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["count"].as_u64().unwrap()).collect();
    assert_eq!(counts, [12, 1], "{out}");

    let (code, out, err) = masu(&["compare", "latin", "1./..", "--format", "csv"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.contains("native") && l.contains("unique")), "{out}");
    assert!(out.lines().any(|l| l.contains("milp") && l.contains("unique")), "{out}");

    // Bad input is named and the rest of the batch still runs.
    let (code, out, err) = masu(&["solve", "latin", "-", "--format", "json"], "12/21\n1x/..\n");
    let statuses: Vec<String> =
        out.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].to_string()).collect();
    assert_eq!((code, statuses.join(" ")), (1, r#""unique" "error""#.to_string()), "{out}{err}");
    assert!(err.contains("-:2: 'x' is not a cell"), "{err}");
}

fn the_command_line_generates_it_and_reads_back_what_it_wrote() {
    let (code, out, err) = masu(&["generate", "latin", "--size", "5", "--count", "3", "--seed", "9"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    let (code, solved, err) = masu(&["solve", "latin", "-", "--format", "json"], &out);
    assert_eq!(code, 0, "{err}");
    for (made, solved) in out.lines().zip(solved.lines()) {
        let (made, solved): (serde_json::Value, serde_json::Value) =
            (serde_json::from_str(made).unwrap(), serde_json::from_str(solved).unwrap());
        assert_eq!(solved["status"], "unique", "{solved}");
        assert_eq!(solved["solutions"][0], made["solution"]);
    }
    // Another kind's flag is refused by the parser; the kinds are listed in the help.
    let (code, _, err) = masu(&["generate", "latin", "--givens", "3"], "");
    assert_eq!(code, 2, "{err}");
    let (_, help, _) = masu(&["solve", "--help"], "");
    assert!(help.contains("latin:") && help.contains("milp: x[r][c][v] binaries"), "{help}");
}

/// The tests, or the command-line tool when [`AS_CLI`] is set. A free argument keeps the
/// tests whose names hold it (as libtest's filter); flags are libtest's, and ignored.
fn main() -> ExitCode {
    if std::env::var_os(AS_CLI).is_some() {
        return masu_cli::run::<kinds::Registry>(std::env::args_os());
    }
    let tests: [(&str, fn()); 6] = [
        (
            "a_new_kind_solves_on_the_native_backend_and_every_milp_backend_and_counts_alike",
            a_new_kind_solves_on_the_native_backend_and_every_milp_backend_and_counts_alike,
        ),
        ("it_passes_the_conformance_suite", masu_testkit::conformance::all::<Latin>),
        (
            "the_harness_runs_and_cross_checks_it_and_catches_a_wrong_answer",
            the_harness_runs_and_cross_checks_it_and_catches_a_wrong_answer,
        ),
        ("its_reader_keeps_the_fuzz_contract", its_reader_keeps_the_fuzz_contract),
        ("the_command_line_solves_counts_and_compares_it", the_command_line_solves_counts_and_compares_it),
        (
            "the_command_line_generates_it_and_reads_back_what_it_wrote",
            the_command_line_generates_it_and_reads_back_what_it_wrote,
        ),
    ];
    // The standard harness for a `harness = false` test: cargo's filters and flags, its
    // output and exit status.
    let trial = |(name, test): (&str, fn())| {
        libtest_mimic::Trial::test(name, move || {
            test();
            Ok(())
        })
    };
    let trials = tests.into_iter().map(trial).collect();
    libtest_mimic::run(&libtest_mimic::Arguments::from_args(), trials).exit_code()
}
