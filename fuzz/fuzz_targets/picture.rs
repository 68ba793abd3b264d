//! The nonogram picture reader (PNG, PBM) on arbitrary bytes: a grid or an error, never a panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = masu_nonogram::picture::parse(data);
});
