//! Finds `libortools.so.9` (OR-Tools 9.15, the PyPI wheel) and compiles its folder into the
//! binding (`MASU_ORTOOLS_DIR`), where the binding opens it at the first solve: nothing links
//! against it, so binaries start without it and any crate depending on masu finds it with no
//! environment variable.
//!
//! Order: `ORTOOLS_LIB_DIR`; an installed Python `ortools` of the pinned version; else the
//! pinned wheel, fetched once with `pip download` into `<target>/ortools-<version>/`, a cache
//! shared by every cargo profile (for a target directory outside the workspace, as in
//! `cargo install` or a dependent crate, into the user's cache instead).
//!
//! It also reads the definition of `SatParameters` that the wheel ships (the serialized
//! `FileDescriptorProto` in `ortools/sat/sat_parameters_pb2.py`) into `OUT_DIR`, from which
//! the binding encodes `--param NAME=VALUE` by the field's own number and type.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../native/build/wheel.rs"]
mod wheel;
use wheel::python;

const VERSION: &str = "9.15.6755";
const LIBRARY: &str = "libortools.so.9";
const DESCRIPTOR_SOURCE: &str = "sat_parameters_pb2.py";
/// The `pychoco` wheel whose `libchoco_capi.so` (Choco 6.0.2, compiled to a native library by
/// GraalVM) the `choco` feature opens.
const CHOCO_VERSION: &str = "0.4.0";

/// The `z3-solver` wheel masu fetches: its library is `z3/lib/libz3.so` (Z3 4.15.4).
const Z3_VERSION: &str = "4.15.4.0";

/// With `z3`: fetches Z3's library from the `z3-solver` wheel (`MASU_Z3_DIR`).
fn fetch_z3() {
    match wheel::fetch("z3-solver", Z3_VERSION, "manylinux2014_x86_64", &["z3/lib/libz3.so"]) {
        Ok(dir) => println!("cargo:rustc-env=MASU_Z3_DIR={}", dir.join("z3/lib").display()),
        Err(message) => println!("cargo::error=masu-cp: cannot fetch the z3-solver {Z3_VERSION} wheel: {message}"),
    }
}

/// With `choco`: fetches Choco's library from the `pychoco` wheel (`MASU_CHOCO_DIR`).
fn fetch_choco() {
    match wheel::fetch("pychoco", CHOCO_VERSION, "manylinux_2_34_x86_64", &["pychoco/libchoco_capi.so"]) {
        Ok(dir) => println!("cargo:rustc-env=MASU_CHOCO_DIR={}", dir.join("pychoco").display()),
        Err(message) => println!("cargo::error=masu-cp: cannot fetch the pychoco {CHOCO_VERSION} wheel: {message}"),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../native/build/wheel.rs");
    println!("cargo:rerun-if-env-changed=ORTOOLS_LIB_DIR");
    println!("cargo:rerun-if-env-changed=ORTOOLS_CACHE_DIR");
    println!("cargo:rerun-if-env-changed=PYTHON");
    let dir = match find_library() {
        Ok(dir) => dir,
        Err(message) => {
            println!("cargo::error=masu-cp: cannot find {LIBRARY} (OR-Tools {VERSION}): {message}");
            return;
        }
    };
    if env::var_os("CARGO_FEATURE_CHOCO").is_some() {
        fetch_choco();
    }
    if env::var_os("CARGO_FEATURE_Z3").is_some() {
        fetch_z3();
    }
    if env::var_os("CARGO_FEATURE_CP_OPTIMIZER").is_some() {
        // CP Optimizer's program, from the `cplex` wheel (`MASU_CPOPTIMIZER`).
        match wheel::cplex() {
            Ok((_, program)) => println!("cargo:rustc-env=MASU_CPOPTIMIZER={}", program.display()),
            Err(message) => println!("cargo::error=masu-cp: cannot fetch the cplex wheel: {message}"),
        }
    }
    println!("cargo:rustc-env=MASU_ORTOOLS_DIR={}", dir.display());
    println!("cargo:rustc-env=MASU_ORTOOLS_VERSION={VERSION}");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("sat_parameters.desc");
    let descriptor = descriptor_source(&dir);
    if let Err(message) = write_descriptor(descriptor.as_deref(), &out) {
        println!("cargo:warning=masu-cp: no SatParameters definitions, so no --param for CP-SAT: {message}");
        let _ = std::fs::write(&out, b"");
    }
}

/// `sat_parameters_pb2.py` beside the libraries' folder (`ortools/.libs` in the wheel and in
/// an installed package: `ortools/sat/...`).
fn descriptor_source(dir: &Path) -> Option<PathBuf> {
    let file = dir.parent()?.join("sat").join(DESCRIPTOR_SOURCE);
    file.is_file().then_some(file)
}

/// Writes the serialized descriptor that `source` hands to protobuf's `AddSerializedFile`.
fn write_descriptor(source: Option<&Path>, out: &Path) -> Result<(), String> {
    let source = source.ok_or_else(|| format!("{DESCRIPTOR_SOURCE} not found beside the library"))?;
    let script = "import ast, sys\n\
        tree = ast.parse(open(sys.argv[1]).read())\n\
        found = [n.args[0].value for n in ast.walk(tree) if isinstance(n, ast.Call)\n\
        \x20        and getattr(n.func, 'attr', '') == 'AddSerializedFile']\n\
        open(sys.argv[2], 'wb').write(found[0])";
    let status = Command::new(python())
        .args(["-c", script])
        .arg(source)
        .arg(out)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", python()))?;
    if status.success() { Ok(()) } else { Err(format!("reading {} failed ({status})", source.display())) }
}

fn find_library() -> Result<PathBuf, String> {
    if let Ok(dir) = env::var("ORTOOLS_LIB_DIR") {
        let dir = PathBuf::from(dir);
        return if dir.join(LIBRARY).is_file() {
            Ok(dir)
        } else {
            Err(format!("ORTOOLS_LIB_DIR={} has no {LIBRARY}", dir.display()))
        };
    }
    if let Some(dir) = installed_python_ortools() {
        return Ok(dir);
    }
    download_wheel()
}

/// The `.libs` folder of an installed `ortools` package of exactly the pinned version
/// (`find_spec` locates it without importing it). Another version has other proto field
/// numbers, so it is not used.
fn installed_python_ortools() -> Option<PathBuf> {
    let script = "import importlib.util, importlib.metadata, os\n\
        spec = importlib.util.find_spec('ortools')\n\
        print(importlib.metadata.version('ortools'))\n\
        print(os.path.dirname(spec.origin))";
    let output = Command::new(python()).args(["-c", script]).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let mut lines = text.lines();
    let version = lines.next()?.trim();
    let package = PathBuf::from(lines.next()?.trim());
    let dir = package.join(".libs");
    if version != VERSION {
        println!("cargo:warning=ignoring installed Python ortools {version}: masu needs {VERSION}");
        return None;
    }
    dir.join(LIBRARY).is_file().then_some(dir)
}

fn download_wheel() -> Result<PathBuf, String> {
    // `ortools/.libs/` and `ortools.libs/` keep their relative layout (libortools finds its
    // hash-named abseil libraries in the second through its RPATH), with the parameters'
    // definitions.
    let keep = ["ortools/.libs/", "ortools.libs/", "ortools/sat/sat_parameters_pb2.py"];
    let fetched = || wheel::fetch("ortools", VERSION, "manylinux_2_28_x86_64", &keep);
    let complete = |dir: &Path| dir.join(LIBRARY).is_file() && descriptor_source(dir).is_some();
    let dir = fetched()?.join("ortools").join(".libs");
    if complete(&dir) {
        return Ok(dir);
    }
    // A cache from before the parameters' definitions were kept: fetched again.
    let _ = std::fs::remove_dir_all(wheel::cache_root().join(format!("ortools-{VERSION}")));
    let dir = fetched()?.join("ortools").join(".libs");
    if complete(&dir) {
        Ok(dir)
    } else {
        Err(format!("the ortools {VERSION} wheel has no {LIBRARY} or {DESCRIPTOR_SOURCE} in {}", dir.display()))
    }
}
