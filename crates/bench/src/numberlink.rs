//! Numberlink: every formulation × backend on the flow-solver levels (fill rule) and the 40
//! largest janko boards (blanks rule), beside article 001's own solver; one answer on
//! thomasahle's boards, and the Flow Free levels; uniqueness on every janko board at 60 s;
//! then the generators, masu's and the article's, beside the article's code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;
use masu_core::Instance;
use masu_core::{SolveOptions, Status};
use masu_harness::Runner;
use masu_harness::Verdict;
use masu_harness::stats::{fixed, max, median};
use masu_harness::write::{Tally, machine, tallies};
use masu_kinds::numberlink::Numberlink;

use super::{anchors, command, every_kth, publish, read_each, rows_of};

pub(crate) fn solving(data: &Path) -> Result<()> {
    let dir = data.join("numberlink");
    let flow = read_each::<Numberlink>(&every_kth(&dir.join("flow-solver/json"), usize::MAX)?)?;
    let mut janko = read_each::<Numberlink>(&every_kth(&dir.join("janko-puzzlekit/json"), usize::MAX)?)?;
    janko.sort_by_key(|i: &Instance<Numberlink>| {
        (std::cmp::Reverse(i.puzzle.width() * i.puzzle.height()), i.name.clone())
    });
    janko.truncate(40);
    let time_limit = Duration::from_secs(10);
    let options = SolveOptions {
        clock: masu_core::Clock::within(Some(time_limit)),
        solution_limit: 2,
        ..SolveOptions::default()
    };
    let mut table = String::from(
        "| set | solver | boards | unique | multiple | infeasible | timed out | wrong (checker) | errors | median s | max s | median variables | median constraints |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (set, instances) in [("flow-solver (17, fill)", &flow), ("janko (40 largest, blanks)", &janko)] {
        for (formulation, backend) in masu_core::runnable::<Numberlink>() {
            let rows = rows_of(instances, Runner::new(formulation, backend), &options);
            let t = Tally::of(&rows);
            let size = |f: fn(&masu_harness::Row) -> usize| {
                let v: Vec<f64> =
                    rows.iter().filter(|r| matches!(r.verdict, Verdict::Status(_))).map(|r| f(r) as f64).collect();
                median(&v).map_or("–".into(), |v| format!("{v}"))
            };
            table.push_str(&format!(
                "| {set} | masu {formulation} on {backend} | {} | {} | {} | {} | {} | {} |\n",
                rows.len(),
                outcomes(&t),
                fixed(median(&t.walls), 4),
                fixed(max(&t.walls), 4),
                size(|r| r.variables),
                size(|r| r.constraints),
            ));
        }
        if set.starts_with("flow") {
            let files: Vec<PathBuf> = instances.iter().map(|i| PathBuf::from(&i.name)).collect();
            eprintln!("{set}: the article's code ...");
            let run = anchors::numberlink_solver(&files, time_limit)?;
            table.push_str(&format!(
                "| {set} | article's code (Python, process start included) | {} | {} | {} | – | {} | – | – | {} | {} | – | – |\n",
                files.len(),
                run.one,
                run.two,
                run.timed_out,
                fixed(median(&run.seconds), 4),
                fixed(max(&run.seconds), 4),
            ));
        }
    }
    publish(
        "numberlink-solve",
        &format!(
            "## Numberlink: solving\n\nMachine: {}. Command: {}, release profile, {} s time limit per solve, solution \
             limit 2 (solve and decide uniqueness), backends' default threads (`connected`: one CP-SAT worker, its \
             own default). *wrong* counts answers the checker rejected (article 001's model returns detached \
             loops). The article's code enumerates up to 2 solutions with its own model (cells in `1..m`, so the \
             fill rule) and runs only on the square flow-solver boards; its count includes loop answers.\n\n{table}",
            machine(),
            command("numberlink", "numberlink-solve"),
            time_limit.as_secs(),
        ),
    )
}

/// A tally's cells `unique | multiple | infeasible | timed out | wrong (checker) | errors`.
fn outcomes(t: &Tally) -> String {
    format!(
        "{} | {} | {} | {} | {} | {}",
        t.status(Status::Unique),
        t.status(Status::Multiple),
        t.status(Status::Infeasible),
        t.status(Status::TimedOut),
        t.n(Verdict::WrongAnswer),
        t.n(Verdict::Error) + t.n(Verdict::TooLarge),
    )
}

/// One answer under the fill rule on thomasahle's boards, by the default and by the
/// frontier sweep alone, one thread, 5 s each (the 1002×1002 board left out); the Flow Free
/// levels, uniqueness by the default
/// (`auto`) and by `frontier` alone on one thread, one answer by `frontier` and by the peer
/// mzucker/flow_solver where `MASU_FLOW_SOLVER` names a build of it.
pub(crate) fn frontier(data: &Path) -> Result<()> {
    let dir = data.join("numberlink");
    let mut boards = read_each::<Numberlink>(&every_kth(&dir.join("thomasahle/json"), usize::MAX)?)?;
    boards.retain(|i| i.puzzle.width() * i.puzzle.height() < 1_000_000);
    // The set of a board, from its file name (`ahle-inputs9-001.json`: inputs9).
    let set = |name: &str| {
        let stem = Path::new(name).file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
        stem.trim_start_matches("ahle-").rsplit_once('-').map_or(stem.clone(), |(set, _)| set.to_string())
    };
    for board in &mut boards {
        board.puzzle.rule = masu_kinds::numberlink::Rule::Fill;
    }
    let one = SolveOptions {
        clock: masu_core::Clock::within(Some(Duration::from_secs(5))),
        solution_limit: 1,
        threads: Some(1),
        ..SolveOptions::default()
    };
    let runner = || Runner::new(masu_kinds::numberlink::Formulation::Frontier, masu_core::Backend::Native);
    let default = masu_core::backend_for(masu_kinds::numberlink::Formulation::Auto, None);
    let auto = || Runner::new(masu_kinds::numberlink::Formulation::Auto, default);
    let rows = rows_of(&boards, auto(), &one);
    let frontier_rows = rows_of(&boards, runner(), &one);
    let mut sizes: BTreeMap<String, BTreeSet<(usize, usize)>> = BTreeMap::new();
    for board in &boards {
        sizes.entry(set(&board.name)).or_default().insert((board.puzzle.height(), board.puzzle.width()));
    }
    let mut table = String::from(
        "| set | sizes | boards | answered | infeasible (no fill answer) | timed out | median s | max s | frontier alone: answered | median s | max s |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut by_set: Vec<(String, Tally)> = tallies(&rows, |r| set(&r.instance)).into_iter().collect();
    let frontier_sets = tallies(&frontier_rows, |r| set(&r.instance));
    by_set.sort_by_key(|(name, _)| (name.len(), name.clone()));
    for (name, t) in by_set {
        let f = &frontier_sets[&name];
        let shown: Vec<String> = sizes[&name].iter().map(|(h, w)| format!("{h}×{w}")).collect();
        let sizes = match shown.as_slice() {
            [first, .., last] if shown.len() > 3 => format!("{} sizes, {first} to {last}", shown.len()),
            _ => shown.join(", "),
        };
        let answered = |t: &Tally| t.status(Status::Solved) + t.status(Status::Unique) + t.status(Status::Multiple);
        table.push_str(&format!(
            "| {name} | {sizes} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            t.instances,
            answered(&t),
            t.status(Status::Infeasible),
            t.status(Status::TimedOut),
            fixed(median(&t.walls), 4),
            fixed(max(&t.walls), 4),
            answered(f),
            fixed(median(&f.walls), 4),
            fixed(max(&f.walls), 4),
        ));
    }
    if let Some(driver) = std::env::var_os("MASU_AHLE") {
        table.push_str(&ahle_rows(Path::new(&driver), &boards, &rows, &set)?);
    }
    let flow = read_each::<Numberlink>(&every_kth(&dir.join("flow-solver/json"), usize::MAX)?)?;
    let mut levels = String::from(
        "| solver | asked | threads | levels | unique | multiple | one found | timed out | median s | max s |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let default = masu_core::backend_for(masu_kinds::numberlink::Formulation::Auto, None);
    let auto = || Runner::new(masu_kinds::numberlink::Formulation::Auto, default);
    for (runner, threads, limit) in [(auto(), None, 2), (runner(), Some(1), 2), (runner(), Some(1), 1)] {
        let label = format!("masu {}", runner.label());
        let options = SolveOptions {
            clock: masu_core::Clock::within(Some(Duration::from_secs(10))),
            solution_limit: limit,
            threads,
            ..SolveOptions::default()
        };
        let t = Tally::of(&rows_of(&flow, runner, &options));
        levels.push_str(&format!(
            "| {label} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            if limit == 1 { "one answer" } else { "uniqueness" },
            threads.map_or("2 (count and exact method at once)".into(), |t| t.to_string()),
            flow.len(),
            t.status(Status::Unique),
            t.status(Status::Multiple),
            t.status(Status::Solved),
            t.status(Status::TimedOut),
            fixed(median(&t.walls), 4),
            fixed(max(&t.walls), 4),
        ));
    }
    // The peer, where a built one is named: mzucker/flow_solver, one answer whose paths do
    // not touch themselves, process start included, bounded by `timeout` like the others.
    if let Some(peer) = std::env::var_os("MASU_FLOW_SOLVER") {
        let mut walls = Vec::new();
        let mut solved = 0;
        for instance in &flow {
            let stem = Path::new(&instance.name).file_stem().map(|s| s.to_string_lossy().replace("flow-", ""));
            let file = dir.join("flow-solver/native/puzzles").join(format!("{}.txt", stem.unwrap_or_default()));
            let started = std::time::Instant::now();
            let out = std::process::Command::new("timeout").arg("10").arg(&peer).arg("-q").arg(&file).output()?;
            walls.push(started.elapsed().as_secs_f64());
            solved += usize::from(out.status.success() && String::from_utf8_lossy(&out.stdout).contains(" s "));
        }
        levels.push_str(&format!(
            "| mzucker/flow_solver (C, gcc -O3) | one answer, paths not touching | 1 | {} | – | – | {solved} | – | {} | {} |\n",
            flow.len(),
            fixed(median(&walls), 4),
            fixed(max(&walls), 4),
        ));
    }
    publish(
        "numberlink-frontier",
        &format!(
            "## Numberlink: one answer, and the Flow Free levels\n\nMachine: {}. Command: {}, release profile.\n\n\
             thomasahle's boards under the fill rule, one answer asked (`--rule fill --count 1 --time-limit 5 \
             --threads 1`): the default (`links`, paths that do not touch themselves first, for half of the time; \
             then the frontier sweep), and `frontier` alone (`--formulation frontier`: its depth-first sweep for \
             paths that do not touch themselves first). The 1002×1002 board is left out. *infeasible*: proven to \
             have no answer under the fill rule.\n\n{table}\n\
             The Flow Free levels of flow-solver (fill rule, paths may touch themselves), 10 s limit; the peer \
             row, where `MASU_FLOW_SOLVER` names a built mzucker/flow_solver, times its process on its own \
             files.\n\n{levels}",
            machine(),
            command("numberlink", "numberlink-frontier"),
        ),
    )
}

/// thomasahle's Go solver on the same boards, one at a time, 5 s each, where `MASU_AHLE`
/// names its build: per set, what it answers and its total time beside masu's.
fn ahle_rows(
    driver: &Path,
    boards: &[Instance<Numberlink>],
    rows: &[masu_harness::Row],
    set: &dyn Fn(&str) -> String,
) -> Result<String> {
    eprintln!("thomasahle/numberlink (Go) on {} boards ...", boards.len());
    let said = super::peers::run(&super::peers::ahle(driver), boards, Duration::from_secs(5), 1)?;
    // Per set: boards, masu's answered and seconds, the peer's answered and seconds.
    let mut by_set: BTreeMap<String, (usize, usize, f64, usize, f64)> = BTreeMap::new();
    for ((board, (answer, seconds)), row) in boards.iter().zip(&said).zip(rows) {
        let entry = by_set.entry(set(&board.name)).or_default();
        entry.0 += 1;
        entry.1 += usize::from(row.verdict.finished());
        entry.2 += row.wall_s;
        entry.3 += usize::from(*answer != super::peers::Said::Open);
        entry.4 += seconds;
    }
    let mut out = String::from(
        "\nBeside thomasahle's own Go solver (`just peer-ahle`, `MASU_AHLE` names the build; one process per board, \
         5 s, its time including the process), set by set:\n\n\
         | set | boards | masu auto answered | masu total s | Go solver answered | Go total s |\n\
         |---|---:|---:|---:|---:|---:|\n",
    );
    let mut sets: Vec<_> = by_set.into_iter().collect();
    sets.sort_by_key(|(name, _)| (name.len(), name.clone()));
    for (name, (count, ours, our_s, theirs, their_s)) in sets {
        out.push_str(&format!(
            "| {name} | {count} | {ours} | {} | {theirs} | {} |\n",
            fixed(Some(our_s), 3),
            fixed(Some(their_s), 3)
        ));
    }
    Ok(out)
}

/// Uniqueness on every janko board (blanks rule) at 60 s, one thread, two boards at once:
/// the default (`auto`) beside `links`, its first stage alone; every answer checked, the
/// two cross-checked.
pub(crate) fn janko(data: &Path) -> Result<()> {
    use masu_kinds::numberlink::Formulation::{Auto, Links};
    let boards = read_each::<Numberlink>(&every_kth(&data.join("numberlink/janko-puzzlekit/json"), usize::MAX)?)?;
    let runners: Vec<Runner<Numberlink>> = [Auto, Links]
        .into_iter()
        .map(|f| Runner::new(f, masu_core::backend_for(f, None)))
        .filter(|r| r.backend.is_compiled())
        .collect();
    let time_limit = Duration::from_secs(60);
    let options = SolveOptions {
        clock: masu_core::Clock::within(Some(time_limit)),
        solution_limit: 2,
        threads: Some(1),
        ..SolveOptions::default()
    };
    let labels: Vec<String> = runners.iter().map(Runner::label).collect();
    eprintln!("{} on {} janko boards, two at once ...", labels.join(" and "), boards.len());
    let comparison =
        masu_harness::Comparison::of(masu_harness::run_matrix(&boards, &runners, &options, 1, 2, None, |_, _| {}));
    let by_runner = tallies(&comparison.rows, masu_harness::Row::label);
    let open: Vec<BTreeSet<&str>> = labels
        .iter()
        .map(|label| {
            let mine = comparison.rows.iter().filter(|r| r.label() == *label);
            mine.filter(|r| !r.verdict.settled()).map(|r| r.instance.as_str()).collect()
        })
        .collect();
    let mut table = String::from(
        "| solver | boards | settled | unique | multiple | infeasible | timed out | wrong (checker) | errors | settled of those the other leaves open | median s | max s |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (i, label) in labels.iter().enumerate() {
        let Some(t) = by_runner.get(label) else { continue };
        let beside = match open.get(1 - i) {
            Some(other) => format!("{} of {}", other.difference(&open[i]).count(), other.len()),
            None => "–".into(),
        };
        table.push_str(&format!(
            "| masu {label} | {} | {} | {} | {beside} | {} | {} |\n",
            t.instances,
            t.verdicts.iter().filter(|(v, _)| v.settled()).map(|(_, n)| n).sum::<usize>(),
            outcomes(t),
            fixed(median(&t.walls), 4),
            fixed(max(&t.walls), 4),
        ));
    }
    let mut peer = String::new();
    for (variable, name, about, driver_of) in JANKO_PEERS {
        if let Some(driver) = std::env::var_os(variable) {
            let driver = driver_of(Path::new(&driver));
            peer += &peer_rows(&driver, name, about, &boards, &comparison.rows, labels.first(), time_limit)?;
        }
    }
    publish(
        "numberlink-janko",
        &format!(
            "## Numberlink: uniqueness on every janko board\n\nMachine: {}. Command: {}, release profile: the {} \
             janko boards (blanks rule), solution limit 2 (decide uniqueness), {} s per board, one thread per solve, \
             two boards at once (`./masu corpus numberlink ../shared/data/numberlink --sets janko-puzzlekit \
             --formulations auto,links --time-limit 60 --threads 1 --jobs 2` runs the same and compares the \
             answers with the source's; `auto` gives `links` half of the time, then `native` on \
             boards 14 wide or more, the frontier count and `connected` on the others). *settled*: unique, multiple or infeasible, proven. Times include the \
             boards that time out. The two disagree on {} boards.\n\n{table}{peer}",
            machine(),
            command("numberlink", "numberlink-janko"),
            boards.len(),
            time_limit.as_secs(),
            comparison.findings.len(),
        ),
    )
}

/// How a peer's build is driven.
type PeerOf = for<'a> fn(&'a Path) -> super::peers::Peer<'a>;

/// The peers of the janko bench: the variable naming each build, its name, how it runs, and
/// how it is driven (numlin's and the reference's drivers read and print numlin's driver's
/// formats; the canonical model reads and prints JSON).
const JANKO_PEERS: [(&str, &str, &str, PeerOf); 3] = [
    (
        "MASU_NUMLIN",
        "semiexp/numlin",
        "(Rust, its search of canonical solutions with a check for a second route, through \
         `scripts/peers/numlin_count.rs`, `just peer-numlin`; MASU_NUMLIN names the build)",
        super::peers::numlin,
    ),
    (
        "MASU_REFERENCE",
        "semiexp's clause-learning reference model",
        "(numlin_v2's reference: line edges, a path number per cell, no loop as the dual graph's \
         connectivity, every distinct answer counted on cspuz_core; through `scripts/peers/reference_count.rs`, \
         `just peer-reference`; MASU_REFERENCE names the build)",
        super::peers::numlin,
    ),
    (
        "MASU_CANONICAL",
        "semiexp's canonical clause-learning model",
        "(the reference model with numlin_v2's canonization on: at most two line edges around every unit \
         square, L-shaped corners nested, a single canonical answer checked for a second route; Glucose \
         on cspuz_core, `cspuz_numlin --engine cspuz-canon` of `../shared/peers/canonical-numberlink`; \
         MASU_CANONICAL names the build)",
        super::peers::canonical,
    ),
];

/// A peer's row (`name`, run as `about` says): beside `first` (the default's label), what
/// each settles of what the other leaves open, where the two settle and disagree, and on the
/// boards both settle, the medians and the summed times. The boards the default leaves open
/// go to stderr with the peer's word on each.
fn peer_rows(
    peer: &super::peers::Peer,
    name: &str,
    about: &str,
    boards: &[Instance<Numberlink>],
    rows: &[masu_harness::Row],
    first: Option<&String>,
    time_limit: Duration,
) -> Result<String> {
    use super::peers::Said;
    eprintln!("{name} on {} janko boards, two at once ...", boards.len());
    let said = super::peers::run(peer, boards, time_limit, 2)?;
    let ours: BTreeMap<&str, &masu_harness::Row> =
        rows.iter().filter(|r| Some(&r.label()) == first).map(|r| (r.instance.as_str(), r)).collect();
    let count_of = |row: &masu_harness::Row| match row.verdict {
        Verdict::Status(Status::Unique) => Some(1),
        Verdict::Status(Status::Multiple) => Some(2),
        Verdict::Status(Status::Infeasible) => Some(0),
        _ => None,
    };
    let (mut settled, mut counts, mut walls) = (0, [0; 3], Vec::new());
    let (mut theirs_only, mut ours_only, mut disagree) = (0, 0, Vec::new());
    let (mut peer_settled_walls, mut our_walls_there, mut ours_there) = (Vec::new(), Vec::new(), 0);
    let (mut both, mut our_sum, mut their_sum) = (0, 0.0, 0.0);
    for (board, &(answer, seconds)) in boards.iter().zip(&said) {
        walls.push(seconds);
        let mine = ours.get(board.name.as_str()).and_then(|r| count_of(r));
        if let Said::Count(n) = answer {
            settled += 1;
            counts[usize::from(n.min(2))] += 1;
            peer_settled_walls.push(seconds);
            if let Some(row) = ours.get(board.name.as_str()) {
                our_walls_there.push(row.wall_s);
                ours_there += usize::from(mine.is_some());
            }
        }
        if let (Some(_), Said::Count(_), Some(row)) = (mine, answer, ours.get(board.name.as_str())) {
            (both, our_sum, their_sum) = (both + 1, our_sum + row.wall_s, their_sum + seconds);
        }
        match (mine, answer) {
            (None, Said::Count(_)) => theirs_only += 1,
            (Some(_), Said::Open) => ours_only += 1,
            (Some(m), Said::Count(n)) if m != n => disagree.push(board.name.as_str()),
            _ => {}
        }
        if mine.is_none() {
            eprintln!(
                "left open by masu {}: {} — {name}: {answer:?} in {seconds:.1} s",
                first.map_or("", |f| f),
                board.name
            );
        }
    }
    let first = first.map_or("–", |f| f.as_str());
    Ok(format!(
        "\nThe peer {name} {about}, one process per board bounded by `timeout {}`, two at once, \
         times of the process: it settles {settled} of {} ({} unique, {} multiple, {} with no answer), \
         median {} s. Of the boards masu {first} leaves open it settles {theirs_only}; masu {first} settles \
         {ours_only} it leaves open. On the {} boards it settles, masu {first} settles {ours_there}, median {} s \
         against its {} s; summed over the {both} boards both settle, {} s against its {} s. Boards where both \
         settle and disagree: {}.\n",
        time_limit.as_secs(),
        boards.len(),
        counts[1],
        counts[2],
        counts[0],
        fixed(median(&walls), 4),
        peer_settled_walls.len(),
        fixed(median(&our_walls_there), 4),
        fixed(median(&peer_settled_walls), 4),
        fixed(Some(our_sum), 2),
        fixed(Some(their_sum), 2),
        if disagree.is_empty() { "none".to_string() } else { disagree.join(", ") },
    ))
}

/// `make(index)` for `count` puzzles, as the end of a generator row: pairs made (median),
/// asked, made, draws, puzzles per minute, median and max seconds.
#[cfg(feature = "cp-sat")]
fn generated_row(
    count: u64,
    mut make: impl FnMut(u64) -> Result<Option<masu_kinds::numberlink::generate::Generated>, masu_core::Error>,
) -> Result<String> {
    let started = std::time::Instant::now();
    let (mut times, mut draws, mut made) = (Vec::new(), 0, Vec::new());
    for index in 0..count {
        if let Some(g) = make(index)? {
            times.push(g.seconds);
            draws += g.attempts;
            made.push(g.pairs as f64);
        }
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    Ok(format!(
        "{} made (median) | {count} | {} | {draws} | {:.1} | {} | {} |",
        median(&made).map_or("–".into(), |m| format!("{m}")),
        times.len(),
        times.len() as f64 / minutes,
        fixed(median(&times), 4),
        fixed(max(&times), 4),
    ))
}

#[cfg(not(feature = "cp-sat"))]
pub(crate) fn generating() -> Result<()> {
    publish(
        "numberlink-generate",
        "## Numberlink: generating\n\nNot measured: the generators prove uniqueness with CP-SAT (build with the cp-sat feature).\n",
    )
}

/// The generator rows: `fast` at sizes 5–20, `grow` at 10–50 under each rule, the article's
/// method in masu and in its own code.
#[cfg(feature = "cp-sat")]
pub(crate) fn generating() -> Result<()> {
    use masu_kinds::numberlink::generate;
    let per_puzzle = Duration::from_secs(90);
    // Toward the side, keeping the pairs repairs add (no `--pairs`).
    let toward = |n: usize| generate::Pairs { toward: n, most: None };
    let mut table = String::from(
        "| method | size | pairs | asked | unique puzzles | candidates or draws | puzzles per minute | median s per unique puzzle | max s |\n\
         |---|---:|---|---:|---:|---:|---:|---:|---:|\n",
    );
    use masu_kinds::numberlink::Rule::{Blanks, Fill};
    let fast =
        [(Fill, 5, 10), (Fill, 8, 10), (Fill, 10, 10), (Fill, 12, 10), (Fill, 15, 5), (Fill, 20, 4), (Blanks, 10, 100)];
    for (rule, n, count) in fast {
        eprintln!("generate fast {n}×{n}, {rule} rule, {n} pairs, {count} puzzles ...");
        let options = SolveOptions { clock: masu_core::Clock::within(Some(per_puzzle)), ..SolveOptions::default() };
        let method = if rule == Fill { "masu fast" } else { "masu fast, blanks rule" };
        let row = generated_row(count, |index| {
            generate::fast(n, toward(n), rule, 1, index, &options).map(generate::Outcome::made)
        })?;
        table.push_str(&format!("| {method} | {n} | {n} drawn, {row}\n"));
    }
    // grow: the default above 9×9, seed 1 (its budget was tuned on seeds 0 and 2).
    let grow = [(10, 10), (20, 10), (30, 10), (40, 3), (50, 3)];
    for (rule, (n, count)) in [Fill, Blanks].into_iter().flat_map(|rule| grow.map(|g| (rule, g))) {
        eprintln!("generate grow {n}×{n}, {rule} rule, {count} puzzles ...");
        let clock_for = || masu_core::Clock::within(Some(per_puzzle)).start();
        let row = generated_row(count, |index| {
            generate::grow(n, toward(n), rule, 1, index, &clock_for(), &mut |_| {}).map(generate::Outcome::made)
        })?;
        table.push_str(&format!("| masu grow, {rule} rule | {n} | {n} asked, {row}\n"));
    }
    // grow under a bound on the pairs (`--pairs`), the median of Janko's published boards
    // at 20×20 and his 30×30's, on seeds that tuned nothing (101 to 105), 60 s each.
    for (n, most) in [(20, 15), (30, 46)] {
        eprintln!("generate grow {n}×{n}, blanks rule, at most {most} pairs, seeds 101 to 105 ...");
        let pairs = generate::Pairs { toward: most, most: Some(most) };
        let started = std::time::Instant::now();
        let (mut reached, mut times, mut draws, mut made) = (Vec::new(), Vec::new(), 0, 0);
        for seed in 101..=105 {
            let clock = masu_core::Clock::within(Some(Duration::from_secs(60))).start();
            match generate::grow(n, pairs, Blanks, seed, 0, &clock, &mut |_| {})? {
                generate::Outcome::Made(g) => {
                    made += 1;
                    draws += g.attempts;
                    reached.push(g.pairs as f64);
                    times.push(g.seconds);
                }
                generate::Outcome::OutOfTime { fewest } => {
                    reached.extend(fewest.map(|f| f as f64));
                    times.push(clock.elapsed().as_secs_f64());
                }
            }
        }
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        table.push_str(&format!(
            "| masu grow, blanks rule, `--pairs {most}` | {n} | at most {most} asked, {} reached (median; made or fewest) | 5 | {made} | {draws} | {:.1} | {} | {} |\n",
            median(&reached).map_or("–".into(), |m| format!("{m}")),
            made as f64 / minutes,
            fixed(median(&times), 4),
            fixed(max(&times), 4),
        ));
    }
    for (n, pairs, candidates) in [(5, 3, 1000), (10, 8, 1000), (12, 10, 1000)] {
        eprintln!("generate article {n}×{n}, {pairs} pairs, up to {candidates} candidates for 180 s (masu) ...");
        let bounded =
            SolveOptions { clock: masu_core::Clock::within(Some(Duration::from_secs(180))), ..SolveOptions::default() };
        let run = generate::article(n, pairs, Fill, candidates, &bounded)?;
        let seconds = run.generate_seconds + run.check_seconds;
        let per_unique = |unique: usize, seconds: f64| {
            if unique == 0 { "–".into() } else { format!("{:.3}", seconds / unique as f64) }
        };
        table.push_str(&format!(
            "| masu article (one enumeration) | {n} | {pairs} | – | {} | {} | {:.1} | {} | – |\n",
            run.unique.len(),
            run.candidates,
            run.unique.len() as f64 / (seconds / 60.0),
            per_unique(run.unique.len(), seconds),
        ));
        eprintln!("generate article {n}×{n}, {pairs} pairs, {candidates} candidates (the article's code) ...");
        let (their_candidates, unique, seconds) = anchors::numberlink_generator(n, pairs, candidates)?;
        table.push_str(&format!(
            "| article's code (Python, one enumeration) | {n} | {pairs} | – | {unique} | {their_candidates} | {:.1} | {} | – |\n",
            unique as f64 / (seconds / 60.0),
            per_unique(unique as usize, seconds),
        ));
    }
    publish(
        "numberlink-generate",
        &format!(
            "## Numberlink: generating\n\nMachine: {}. Command: {}, release profile.\n\n`fast`: seed 1, pairs drawn = size, \
             {} s limit per puzzle; every puzzle is drawn independently and proven unique by the `native` search (50 ms \
             at most) or else the `connected` model, under the fill rule, or under the blanks rule (cells may stay empty, as \
             puzz.link plays; unique puzzles over draws is the share of draws kept). Random path growth stalls at about 2n paths on an n×n board, and \
             each repair of a non-unique board adds a pair, so boards end with more pairs than drawn (the *made* \
             column). `grow` (the default above 9×9): seed 1, {} s limit per puzzle; paths that never run beside \
             themselves, proven unique under the blanks rule (so under both) by the link search with a budget of \
             nodes, cut where the proof finds a second solution or runs out, then joined back where still unique \
             (`docs/generate.md`); its puzzles fill the board under either rule. With `--pairs N` a unique board \
             with more than N pairs is drawn again until the time limit (60 s here, seeds 101 to 105); a puzzle not \
             made is counted by the fewest pairs a unique board reached. The article's method enumerates candidate full boards and keeps those whose endpoints its own \
             solver finds unique. Both enumerate the candidates in one search (CP-SAT's `enumerate_all_solutions` on \
             one worker) and check each candidate by enumerating its solutions up to 2. The article's code stops at \
             1000 candidates with a callback; masu, without one in CP-SAT's C API, takes them from CP-SAT's solution \
             pool, in runs of growing length until one fills it (the restarts and each run's end cost time), for at \
             most 180 s per size, so the two may keep different candidates.\n\n{table}",
            machine(),
            command("numberlink", "numberlink-generate"),
            per_puzzle.as_secs(),
            per_puzzle.as_secs(),
        ),
    )
}
