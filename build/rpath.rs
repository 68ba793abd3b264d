//! The build script of every package that produces binaries (tests, examples) and depends on
//! `masu-cpsat` directly: it adds the rpath of `libortools.so.9`, which masu-cpsat's own
//! build script exports as `DEP_ORTOOLS_LIB_DIR` (its rpath does not reach dependents), so
//! those binaries run with no environment variable.
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_ORTOOLS_LIB_DIR");
    if let Ok(dir) = std::env::var("DEP_ORTOOLS_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
