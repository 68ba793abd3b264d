//! Every numberlink reader on arbitrary bytes (the first byte picks the reader).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_core::fuzz::reads_any::<masu_numberlink::Numberlink>(data));
