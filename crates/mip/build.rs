//! With the feature `cplex`: fetches CPLEX's Community Edition library from its PyPI wheel
//! (`cplex`, the pinned version) once into the target folder, and compiles its folder into
//! the crate (`MASU_CPLEX_DIR`), where `cplex.rs` opens it at the first solve unless the
//! vendor's own installation is named (`CPLEX_STUDIO_DIR2220`). Nothing links against it.

#[path = "../cpsat/build/wheel.rs"]
mod wheel;

/// The `cplex` wheel masu fetches: its library is `libcplex2220.so`.
const CPLEX_VERSION: &str = "22.2.0.1";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../cpsat/build/wheel.rs");
    println!("cargo:rerun-if-env-changed=PYTHON");
    if std::env::var_os("CARGO_FEATURE_CPLEX").is_none() {
        return;
    }
    let keep = ["cplex-22.2.0.1.data/purelib/cplex/_internal/libcplex2220.so"];
    match wheel::fetch("cplex", CPLEX_VERSION, "manylinux2014_x86_64", &keep) {
        Ok(dir) => {
            let dir = dir.join("cplex-22.2.0.1.data/purelib/cplex/_internal");
            println!("cargo:rustc-env=MASU_CPLEX_DIR={}", dir.display());
        }
        Err(message) => println!("cargo::error=masu-mip: cannot fetch the cplex {CPLEX_VERSION} wheel: {message}"),
    }
}
