//! Compiles in where `scripts/build-cadical` puts CaDiCaL's library with masu's shim for this
//! checkout (it says, `--path`: a folder named for the `cadical` crate's version and the
//! shim's hash), as `MASU_CADICAL_LIB`, which `src/cadical.rs` opens. Nothing is compiled
//! here: `./masu` builds the library beside cargo.

#[path = "../native/build/built.rs"]
mod built;

fn main() {
    built::compile_in("build-cadical", "MASU_CADICAL_LIB", &["crates/sat/src/shim.cpp"], "masu-sat");
}
