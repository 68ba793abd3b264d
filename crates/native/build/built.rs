//! For a build script (included with `#[path]`): where a library that `./masu` builds beside
//! cargo will be for this checkout, compiled into the crate.

use std::path::Path;

/// Compiles in, as `variable`, where `scripts/<script>` puts its library for this checkout (it
/// says, `--path`); the build reruns when the script, `watched` (paths from the workspace's
/// root) or Cargo.lock change. `krate` names the crate in an error.
pub fn compile_in(script: &str, variable: &str, watched: &[&str], krate: &str) {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let root = Path::new(&manifest).join("../..");
    let script = root.join("scripts").join(script);
    for path in [root.join("Cargo.lock"), script.clone()].into_iter().chain(watched.iter().map(|w| root.join(w))) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    match std::process::Command::new("bash").arg(&script).arg("--path").output() {
        Ok(out) if out.status.success() => {
            println!("cargo:rustc-env={variable}={}", String::from_utf8_lossy(&out.stdout).trim());
        }
        Ok(out) => println!(
            "cargo::error={krate}: {} --path: {}",
            script.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ),
        Err(e) => println!("cargo::error={krate}: cannot run {}: {e}", script.display()),
    }
}
