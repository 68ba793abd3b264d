//! With the feature `cplex` (`xpress`): fetches CPLEX's Community Edition library from its
//! PyPI wheel `cplex` (Xpress's library and community licence from `xpresslibs`), the pinned
//! version, once into the target folder, and compiles its folder into the crate
//! (`MASU_CPLEX_DIR`, `MASU_XPRESS_DIR`), where `cplex.rs` (`xpress.rs`) opens it at the
//! first solve unless the vendor's own installation is named (`CPLEX_STUDIO_DIR2220`,
//! `XPRESSDIR`). Nothing links against them. With `gurobi`: fetches the `gurobipy` wheel the
//! same way (`MASU_GUROBI_DIR`) and records the Python that runs it (`MASU_GUROBI_PYTHON`).
//! With `highs`: where `scripts/build-highs` puts HiGHS's library (`MASU_HIGHS_LIB`).

#[path = "../native/build/built.rs"]
mod built;
#[path = "../native/build/wheel.rs"]
mod wheel;

/// The `xpresslibs` wheel masu fetches: its library is `libxprs.so.47` (Optimizer 47).
const XPRESS_VERSION: &str = "9.9.1";
/// The `gurobipy` wheel masu fetches (CPython 3.11): the package, run by the build's Python.
const GUROBI_VERSION: &str = "13.0.3";

/// The features of the solvers opened as C libraries (`dylib.rs`): that code gated once, by
/// a cfg.
const OPENS_LIBRARY: [&str; 5] = ["HIGHS", "CBC", "SCIP", "CPLEX", "XPRESS"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(opens_library)");
    let on = |feature: &&str| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some();
    if OPENS_LIBRARY.iter().any(on) {
        println!("cargo::rustc-cfg=opens_library");
    }
    if std::env::var_os("CARGO_FEATURE_HIGHS").is_some() {
        // `.tools/highs/VERSION/libhighs.so`, VERSION the highs-sys crate's in Cargo.lock.
        built::compile_in("build-highs", "MASU_HIGHS_LIB", &[], "masu-milp");
    }
    println!("cargo:rerun-if-changed=../native/build/wheel.rs");
    println!("cargo:rerun-if-env-changed=PYTHON");
    println!("cargo:rerun-if-env-changed=ORTOOLS_CACHE_DIR");
    if std::env::var_os("CARGO_FEATURE_CPLEX").is_some() {
        match wheel::cplex() {
            Ok((library, _)) => println!("cargo:rustc-env=MASU_CPLEX_DIR={}", library.display()),
            Err(message) => println!("cargo::error=masu-milp: cannot fetch the cplex wheel: {message}"),
        }
    }
    if std::env::var_os("CARGO_FEATURE_XPRESS").is_some() {
        let keep = [
            "xpresslibs/lib/libxprs.so.47".to_string(),
            "xpresslibs/lib/libxprl.so.x9.9".to_string(),
            "xpresslibs/bin/community-xpauth.xpr".to_string(),
        ];
        fetched("xpresslibs", XPRESS_VERSION, "manylinux1_x86_64", &keep, &[("MASU_XPRESS_DIR", "xpresslibs/lib")]);
    }
    if std::env::var_os("CARGO_FEATURE_GUROBI").is_some() {
        let keep = ["gurobipy/".to_string()];
        fetched("gurobipy", GUROBI_VERSION, "manylinux2014_x86_64", &keep, &[("MASU_GUROBI_DIR", "")]);
        println!("cargo:rustc-env=MASU_GUROBI_PYTHON={}", wheel::python());
    }
}

/// Fetches `package==version`, keeping `keep`, and compiles each path `inside` it into the
/// crate as its `variable` (`(variable, inside)` pairs; an empty path is the folder itself).
fn fetched(package: &str, version: &str, platform: &str, keep: &[String], compiled: &[(&str, &str)]) {
    let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
    match wheel::fetch(package, version, platform, &keep) {
        Ok(dir) => {
            for (variable, inside) in compiled {
                let path = if inside.is_empty() { dir.clone() } else { dir.join(inside) };
                println!("cargo:rustc-env={variable}={}", path.display());
            }
        }
        Err(message) => println!("cargo::error=masu-milp: cannot fetch the {package} {version} wheel: {message}"),
    }
}
