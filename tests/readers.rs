//! Every reader on inputs it was not written for: the crashers the fuzz targets of `fuzz/`
//! found (kept in `fuzz/regressions/<kind>/`), and seeded mutations of one valid input per
//! format. Each must give puzzles that read back as themselves, or errors naming a line:
//! never a panic, never an unbounded allocation (`masu::core::fuzz::reads`).

use std::path::Path;

use masu::core::fuzz::{reads, reads_any};
use masu::core::{Format, Puzzle};
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

/// The crashers of every kind the `masu` binary registers.
#[derive(Clone, Copy)]
struct Regressions;

impl masu::kinds::Visit for Regressions {
    type Output = usize;
    fn visit<P: masu::core::Source + masu::core::Generate + masu::core::Examples>(self) -> usize {
        regressions::<P>()
    }
}

#[test]
fn the_fuzzers_crashers_read_without_panic() {
    use masu::kinds::{Kinds, Registry};
    let read: usize = Kinds::kinds().iter().map(|&kind| Kinds::visit(kind, Regressions)).sum();
    assert!(read > 0, "no crasher in fuzz/regressions");
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
        let format = masu::core::Format::of(Path::new(name));
        reads::<P>(format, seed.as_bytes());
        for _ in 0..rounds {
            let data = mutate(&mut rng, seed.as_bytes());
            if std::panic::catch_unwind(|| reads::<P>(format, &data)).is_err() {
                panic!("{name}: {:?}", String::from_utf8_lossy(&data));
            }
        }
    }
}

#[test]
fn mutated_inputs_of_every_format_read_without_panic() {
    let sudoku = "008009200000010000100003904002007040047000000030140006000090100005000483020300570";
    let grid = "1 . | . 4\n. 4 | 1 .\n----+----\n4 . | . 1\n. 1 | 4 .\n";
    let url = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
    mutations::<Sudoku>(
        &[
            ("puzzle.txt", sudoku),
            ("puzzle.txt", grid),
            ("puzzle.json", "[[0,1],[1,0]]"),
            ("puzzle.txt", url),
            // JSON lines as generate prints them, a record, mixed with a line and a URL.
            (
                "puzzle.txt",
                "{\"kind\":\"sudoku\",\"puzzle\":\".1..4.......1..\",\"index\":0}\n{\"puzzle\":\"1..4.41..1..4.1.\"}\n1..4.41..1..4.1.\nhttps://puzz.link/p?sudoku/4/4/g1k23k3g\n",
            ),
        ],
        3000,
    );
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
            ("puzzle.txt", "{\"puzzle\": {\"rows\": [[1], [3], [1]], \"cols\": [[1], [3], [1]]}, \"index\": 0}\n"),
            (
                "puzzle.xml",
                "<puzzleset><puzzle type=\"grid\"><id>#1</id><color name=\"white\" char=\".\">fff</color>\n\
                 <clues type=\"columns\"><line><count>1</count></line><line/></clues>\n\
                 <clues type=\"rows\"><line/><line><count>1</count></line></clues>\n\
                 <solution type=\"goal\"><image>\n|..|\n|X.|\n</image></solution></puzzle></puzzleset>\n",
            ),
        ],
        3000,
    );
    mutations::<Numberlink>(
        &[
            ("puzzle.json", r#"{"grid": [[1, 0, 1], [2, 0, 2]], "solution": [[1, 1, 1], [2, 2, 2]], "rule": "fill"}"#),
            ("puzzle.json", "[[1, 0, 2], [0, 0, 0], [1, 0, 2]]"),
            ("puzzle.txt", "3 2\n1 0 1\n2 0 2\n0 0\n"),
            ("puzzle", "A.A\nB.B\n"),
            ("puzzle.txt", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n"),
            (
                "puzzle.txt",
                "{\"puzzle\": [[1, 0, 1], [2, 0, 2]], \"rule\": \"fill\"}\n{\"puzzle\": \"{\\\"grid\\\": [[1, 1]], \\\"rule\\\": \\\"blanks\\\"}\"}\n",
            ),
        ],
        3000,
    );
}

/// The picture reader (`generate nonogram --from`): PBM and PNG, mutated, give a grid or an
/// error, never a panic, never an allocation past a million pixels.
#[test]
fn mutated_pictures_read_without_panic() {
    // A 10×8 grey PNG, and the same picture's corner as PBM text and binary.
    let png: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x0a\x00\x00\x00\x08\x08\x00\x00\x00\x00\xe5\x91\x31\x6a\x00\x00\x00\x21IDATx\x9c\x63\xf8\x0f\x07\x0c\x40\x04\xc3\x28\x4c\x84\x02\x06\x24\x06\x03\x4c\x0f\x88\x62\x60\x60\xf8\x8f\xa2\x16\x00\xe0\x04\x3f\xc1\x0c\x5c\xf0\xcf\x00\x00\x00\x00IEND\xae\x42\x60\x82";
    let grid = masu::nonogram::picture::parse(png).unwrap();
    assert_eq!((grid.len(), grid[0].len()), (8, 10));
    assert!(grid[1][2] && !grid[0][0]);
    let seeds: [&[u8]; 3] = [png, b"P1\n# corner\n3 2\n1 0 1\n0 1 0\n", b"P4\n3 2\n\xa0\x40"];
    let mut rng = Rng(0x91c7);
    for seed in seeds {
        masu::nonogram::picture::parse(seed).unwrap();
        for _ in 0..3000 {
            let data = mutate(&mut rng, seed);
            if std::panic::catch_unwind(|| masu::nonogram::picture::parse(&data)).is_err() {
                panic!("{:?}", String::from_utf8_lossy(&data));
            }
        }
    }
}

/// puzz.link URLs: the examples of pzprjs's own tests (test/script/sudoku.js and numlin.js,
/// MIT) read as the boards pzprjs shows for them, and every URL masu writes reads back as the
/// same puzzle.
#[test]
fn puzz_link_urls_read_and_round_trip() {
    use masu::core::puzzle::url_round_trip as round_trip;
    use masu::numberlink::{Numberlink, Rule};
    let sudoku = masu::sudoku::format::parse_line("https://puzz.link/p?sudoku/4/4/g1k23k3g").unwrap();
    assert_eq!(sudoku.to_line(), ".1.....23.....3.");
    assert_eq!(masu::sudoku::format::to_url(&sudoku), "https://puzz.link/p?sudoku/4/4/g1k23k3g");
    let read = |text: &str| -> Numberlink {
        let entries = masu::numberlink::format::parse(text, None);
        entries.into_iter().next().unwrap().puzzle.unwrap()
    };
    let numlin = read("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n");
    assert_eq!(
        numlin.rows(),
        vec![vec![1, 0, 0, 0, 0], vec![2, 0, 0, 3, 0], vec![0; 5], vec![0, 1, 0, 0, 2], vec![0, 0, 0, 0, 3]]
    );
    assert_eq!(numlin.rule, Rule::Blanks);
    assert_eq!(masu::numberlink::format::to_url(&numlin), "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3");
    // Every generated sudoku of three sizes, through its URL and back.
    for side in [4, 9, 16] {
        for index in 0..3 {
            let g = masu::sudoku::generate::generate(
                side,
                masu::sudoku::generate::Shape::minimal(),
                3,
                index,
                &masu::core::SolveOptions::default().clock(),
            )
            .unwrap();
            assert_eq!(round_trip(&g.puzzle), Some(Ok(g.puzzle.clone())));
        }
    }
    // A wide board with long runs of blanks and numbers past 15.
    let mut rows = vec![vec![0u32; 30]; 3];
    for k in 1..=20u32 {
        let (r, c) = ((k as usize - 1) / 10, (k as usize - 1) % 10);
        rows[r][c] = k;
        rows[2][29 - (k as usize - 1)] = k;
    }
    let wide = Numberlink::new(rows, Rule::Blanks).unwrap();
    assert_eq!(read(&masu::numberlink::format::to_url(&wide)).rows(), wide.rows());
    assert_eq!(round_trip(&wide).unwrap().unwrap().rows(), wide.rows());
    // pzprjs's nonogram example (test/script/nonogram.js) and generated nonograms, through
    // their URLs and back; the example is the one puzzle its board shows.
    let nonogram = |text: &str| -> masu::nonogram::Nonogram {
        let entries = masu::nonogram::format::parse(masu::core::Format::Content, text);
        entries.into_iter().next().unwrap().puzzle.unwrap()
    };
    let example = nonogram("https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h");
    let report = masu::core::solve(
        &example,
        masu::nonogram::Formulation::Native,
        masu::core::Backend::Native,
        &masu::core::SolveOptions::default(),
    )
    .unwrap();
    let picture: Vec<String> =
        report.solutions[0].iter().map(|row| row.iter().map(|&b| if b { '#' } else { '.' }).collect()).collect();
    assert_eq!(picture, ["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]);
    for index in 0..5 {
        let options = masu::core::SolveOptions::default();
        let g = masu::nonogram::generate::random(12, 9, 0.55, false, 5, index, &options).unwrap().unwrap();
        let url = masu::nonogram::format::to_url(&g.puzzle).unwrap();
        assert_eq!(nonogram(&url), g.puzzle, "{url}");
        assert_eq!(round_trip(&g.puzzle), Some(Ok(g.puzzle.clone())));
    }
    // What is wrong is said: another genre, a '?', a body cut short.
    let error = |url: &str| masu::sudoku::format::parse_line(url).unwrap_err().message;
    assert!(error("https://puzz.link/p?numlin/9/9/1").contains("not of sudoku"));
    assert!(error("https://puzz.link/p?sudoku/4/4/.u").contains("'?' is no given"));
    assert!(error("https://puzz.link/p?sudoku/4/4/g1").contains("ends after 2 of 16"));
}

/// Twenty malformed puzz.link URLs, each refused with what is wrong with it (never taken for
/// a file name, never an allocation the size asks for before the body is read).
#[test]
fn malformed_urls_say_what_is_wrong() {
    let sudoku = |url: &str| masu::sudoku::format::parse_line(url).unwrap_err().message;
    let items = |kind: &str, url: &str| -> String {
        let read = match kind {
            "nonogram" => Nonogram::read(Format::Extension("txt"), url).into_iter().map(|i| i.puzzle.err()).collect(),
            _ => {
                Numberlink::read(Format::Extension("txt"), url).into_iter().map(|i| i.puzzle.err()).collect::<Vec<_>>()
            }
        };
        read.into_iter().flatten().map(|e| e.message).collect::<Vec<_>>().join("; ")
    };
    let cases: [(&str, &str, &str); 20] = [
        ("sudoku", "https://puzz.link/p?sudoku/9/9/", "no body after the size 9/9"),
        ("sudoku", "https://puzz.link/p?sudoku", "the size is missing"),
        ("sudoku", "https://puzz.link/p?sudoku/9", "the size is missing"),
        ("sudoku", "https://puzz.link/p?", "no genre"),
        ("sudoku", "https://puzz.link/sudoku/9/9/abc", "no '?'"),
        ("sudoku", "https://puzz.link/p?sudoku/0/0/g", "has no cells"),
        ("sudoku", "https://puzz.link/p?sudoku/99999/99999/g", "too large to read"),
        ("sudoku", "https://puzz.link/p?sudoku/9/9/zz", "too short: 2 characters for 81 cells"),
        ("sudoku", "https://puzz.link/p?sudoku/8/8/zzzz", "a sudoku is 4×4, 9×9, 16×16 or 25×25"),
        ("sudoku", "https://puzz.link/p?numlin/9/9/zzzzz", "not of sudoku"),
        ("sudoku", "https://puzz.link/p?sudoku/4/4/g#", "'#' is not a cell"),
        ("sudoku", "https://puzz.link/p?sudoku/4/4/-zz", "hexadecimal"),
        ("numberlink", "https://puzz.link/p?numlin/5/5/", "no body after the size 5/5"),
        ("numberlink", "https://puzz.link/p?numlin", "the size is missing"),
        ("numberlink", "https://puzz.link/p?sudoku/5/5/1j2h3m1h2j3", "not of numberlink"),
        ("numberlink", "https://puzz.link/p?numlin/100000/100000/1", "too large to read"),
        ("numberlink", "https://puzz.link/p?numlin/5/5/1.zz", "a '?' is no number"),
        ("nonogram", "https://puzz.link/p?nonogram/5/5/", "no body after the size 5/5"),
        ("nonogram", "https://puzz.link/p?nonogram/9999/9999/a", "too large to read"),
        ("nonogram", "https://puzz.link/p?", "no genre"),
    ];
    for (kind, url, expected) in cases {
        let message = if kind == "sudoku" { sudoku(url) } else { items(kind, url) };
        assert!(message.contains(expected), "{kind} {url}: «{message}» lacks «{expected}»");
    }
}
