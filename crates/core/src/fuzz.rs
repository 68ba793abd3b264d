//! What every reader must do with any input, whatever its bytes (a file in any of the
//! kind's formats, or a stream of JSON lines, [`crate::lines`]): return puzzles or errors
//! naming a line, never panic, never allocate past what a puzzle of that size needs; and
//! every puzzle it returns is written back ([`Puzzle::to_text`]) and read again to the same
//! puzzle. The fuzz targets of `fuzz/` and the regression tests over the crashers they found
//! (`tests/readers.rs`) both call [`reads`].

use crate::{Format, Puzzle};

/// Reads `data` in `format` (as a file of that extension) of kind `P`; panics (a finding) when a reader
/// panics, an error names a line past the input's end, or a puzzle does not read back as
/// itself.
pub fn reads<P: Puzzle + PartialEq>(format: Format, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // The end of the input is a place too: the line after a last newline.
    let lines = text.lines().count() + 1;
    for item in crate::lines::read::<P>(format, text) {
        match item.puzzle {
            Ok(puzzle) => {
                let written = puzzle.to_text();
                match P::from_text(&written) {
                    Ok(back) => assert!(back == puzzle, "{written} reads back as {back:?}, not {puzzle:?}"),
                    Err(e) => panic!("{puzzle:?} written as {written} does not read back: {e}"),
                }
            }
            Err(e) => assert!(e.line <= lines, "an error at line {} of a {lines}-line input: {e}", e.line),
        }
    }
}

/// [`reads`] with the reader chosen by `data`'s first byte among the kind's
/// [`Puzzle::READER_FORMATS`].
pub fn reads_any<P: Puzzle + PartialEq>(data: &[u8]) {
    let formats = P::READER_FORMATS;
    if let Some((&first, rest)) = data.split_first() {
        reads::<P>(formats[usize::from(first) % formats.len()], rest);
    }
}
