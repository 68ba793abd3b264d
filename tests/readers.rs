//! Every reader on inputs it was not written for: the crashers the fuzz targets of `fuzz/`
//! found (kept in `fuzz/regressions/<kind>/`), and seeded mutations of one valid input per
//! format. Each must give puzzles that read back as themselves, or errors naming a line:
//! never a panic, never an unbounded allocation (`masu::core::fuzz::reads`).

use std::path::Path;

use masu::core::Puzzle;
use masu::core::fuzz::{reads, reads_any};
use masu::nonogram::Nonogram;
use masu::numberlink::Numberlink;
use masu::sudoku::Sudoku;

fn regressions<P: Puzzle + PartialEq>() -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(P::KIND);
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).map_or(Vec::new(), |d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect());
    files.sort();
    for file in &files {
        let data = std::fs::read(file).unwrap();
        let name = file.display().to_string();
        let outcome = std::panic::catch_unwind(|| reads_any::<P>(&data));
        assert!(outcome.is_ok(), "{name} ({} bytes: {:?})", data.len(), String::from_utf8_lossy(&data));
    }
    files.len()
}

#[test]
fn the_fuzzers_crashers_read_without_panic() {
    regressions::<Sudoku>();
    regressions::<Nonogram>();
    regressions::<Numberlink>();
}

/// xorshift64*, seeded: the same mutations on every machine.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// `seed` changed in one to four places: a byte replaced, inserted or deleted, a stretch
/// repeated, or a number made huge.
fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    const BYTES: &[u8] = b"0123456789#.,- \t\n[]{}:\"$xwidthrowscolumnsgoal";
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(data.len() + 1);
        match rng.below(5) {
            0 if at < data.len() => data[at] = BYTES[rng.below(BYTES.len())],
            1 => data.insert(at, BYTES[rng.below(BYTES.len())]),
            2 if at < data.len() => {
                data.remove(at);
            }
            3 => {
                let end = (at + 1 + rng.below(12)).min(data.len());
                let stretch = data[at.min(end)..end].to_vec();
                data.splice(at..at, stretch.iter().copied().chain(stretch.iter().copied()));
            }
            _ => {
                let huge: &[u8] = [&b"99999999999"[..], b"4294967296", b"1000000", b"-1"][rng.below(4)];
                data.splice(at..at, huge.iter().copied());
            }
        }
    }
    data
}

fn mutations<P: Puzzle + PartialEq>(seeds: &[(&str, &str)], rounds: usize) {
    let mut rng = Rng(0x5eed ^ P::KIND.len() as u64);
    for (name, seed) in seeds {
        reads::<P>(name, seed.as_bytes());
        for _ in 0..rounds {
            let data = mutate(&mut rng, seed.as_bytes());
            if std::panic::catch_unwind(|| reads::<P>(name, &data)).is_err() {
                panic!("{name}: {:?}", String::from_utf8_lossy(&data));
            }
        }
    }
}

#[test]
fn mutated_inputs_of_every_format_read_without_panic() {
    let sudoku = "008009200000010000100003904002007040047000000030140006000090100005000483020300570";
    let grid = "1 . | . 4\n. 4 | 1 .\n----+----\n4 . | . 1\n. 1 | 4 .\n";
    mutations::<Sudoku>(&[("puzzle.txt", sudoku), ("puzzle.txt", grid), ("puzzle.json", "[[0,1],[1,0]]")], 3000);
    mutations::<Nonogram>(
        &[
            (
                "puzzle.json",
                r####"{"rows": [[1], [3], [1]], "cols": [[1], [3], [1]], "solution": [".#.", "###", ".#."]}"####,
            ),
            (
                "puzzle.json",
                r#"{"data": {"7": {"problem": "3 3\n1\n3\n1\n1\n3\n1", "solution": "3 3\n-x-\nxxx\n-x-"}}}"#,
            ),
            ("puzzle.non", "width 3\nheight 3\n\nrows\n1\n3\n1\n\ncolumns\n1\n3\n1\n\ngoal 010111010\n"),
            ("puzzle.nin", "3 3\n1\n3\n1\n1\n3\n1\n"),
            ("puzzle.txt", "1\n3\n1\n\n1\n3\n1\n"),
            ("puzzle.txt", "$1\n1\n3\n1\n1\n3\n1\n$2\n1\n1\n1\n1\n"),
        ],
        3000,
    );
    mutations::<Numberlink>(
        &[
            ("puzzle.json", r#"{"grid": [[1, 0, 1], [2, 0, 2]], "solution": [[1, 1, 1], [2, 2, 2]], "rule": "fill"}"#),
            ("puzzle.json", "[[1, 0, 2], [0, 0, 0], [1, 0, 2]]"),
            ("puzzle.txt", "3 2\n1 0 1\n2 0 2\n0 0\n"),
            ("puzzle", "A.A\nB.B\n"),
        ],
        3000,
    );
}
