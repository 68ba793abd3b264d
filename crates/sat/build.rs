//! Compiles in where `scripts/build-cadical` puts CaDiCaL's library with masu's shim for this
//! checkout (it says, `--path`: a folder named for CaDiCaL's version and the shim's hash), as
//! `MASU_CADICAL_LIB`, which `src/cadical.rs` opens. Nothing is compiled here: `./masu`
//! builds the library beside cargo.

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for watched in ["scripts/build-cadical", "crates/sat/src/shim.cpp", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }
    let said = std::process::Command::new("bash").arg(root.join("scripts/build-cadical")).arg("--path").output();
    match said {
        Ok(out) if out.status.success() => {
            let library = String::from_utf8_lossy(&out.stdout);
            println!("cargo:rustc-env=MASU_CADICAL_LIB={}", library.trim());
        }
        Ok(out) => println!(
            "cargo::error=masu-sat: scripts/build-cadical --path: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ),
        Err(e) => println!("cargo::error=masu-sat: cannot run scripts/build-cadical: {e}"),
    }
}
