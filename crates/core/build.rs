//! One cfg for "a CP backend besides CP-SAT is compiled in" (`cp_run_once`): the backends
//! whose solver runs once a solve (`RunOnce` in `src/cp/mod.rs`: CP Optimizer, Gecode, Z3,
//! Pumpkin, Choco), so that the code they share is gated once by name instead of by the list
//! of their features.

/// The features of the CP backends that run once a solve (`cplex` brings CP Optimizer).
const RUN_ONCE: [&str; 5] = ["CPLEX", "GECODE", "Z3", "PUMPKIN", "CHOCO"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(cp_run_once)");
    if RUN_ONCE.iter().any(|feature| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some()) {
        println!("cargo::rustc-cfg=cp_run_once");
    }
}
