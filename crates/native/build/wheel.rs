//! Fetching a pinned PyPI wheel at build time and keeping part of it, the one wheel fetch of
//! the build scripts (included with `#[path]`) of masu-cp (OR-Tools, Choco, Z3) and
//! masu-milp (CPLEX, Xpress, Gurobi): `pip download` once into a cache shared by every cargo
//! profile, unpacked beside it and renamed into place.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Python whose pip fetches wheels: `$PYTHON`, else `python3`.
pub fn python() -> String {
    env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// Where wheels are cached: `ORTOOLS_CACHE_DIR`; else the target directory (the nearest
/// ancestor of OUT_DIR holding cargo's CACHEDIR.TAG) when it lies inside the workspace, so
/// that every profile shares it; else (a dependent crate's or `cargo install`'s target
/// directory, which may be removed while its binaries keep looking where the build found the
/// library) the user's cache, `$XDG_CACHE_HOME/masu` or `~/.cache/masu`.
pub fn cache_root() -> PathBuf {
    if let Ok(dir) = env::var("ORTOOLS_CACHE_DIR") {
        return PathBuf::from(dir);
    }
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let target = out_dir.ancestors().find(|dir| dir.join("CACHEDIR.TAG").is_file()).map(Path::to_path_buf);
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let workspace = manifest.ancestors().nth(2).map(Path::to_path_buf).unwrap_or(manifest);
    match target {
        Some(target) if target.starts_with(&workspace) => target,
        _ => {
            let user_cache = env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")));
            user_cache.map_or(out_dir, |cache| cache.join("masu"))
        }
    }
}

/// Fetches `package==version` (CPython 3.11, manylinux `platform`) and keeps the files whose
/// paths in the wheel start with one of `keep`, in `<cache root>/<package>-<version>/`, which
/// it returns. An existing folder holding every file of `keep` is taken as it is; one that
/// lacks one (kept by an older build) is fetched again.
pub fn fetch(package: &str, version: &str, platform: &str, keep: &[&str]) -> Result<PathBuf, String> {
    let cache = cache_root().join(format!("{package}-{version}"));
    // A folder kept by an older build may lack a file asked for now (a folder asked for, ending
    // in `/`, may legitimately be absent from a wheel).
    let complete = |dir: &Path| keep.iter().filter(|k| !k.ends_with('/')).all(|kept| dir.join(kept).exists());
    if cache.is_dir() && complete(&cache) {
        return Ok(cache);
    }
    // Unpack beside the cache and rename into place, so that two builds racing here (two
    // profiles at once) never see a half-written folder.
    let staging = cache_root().join(format!("{package}-{version}.partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).map_err(|e| format!("{}: {e}", staging.display()))?;
    let status = Command::new(python())
        .args(["-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"])
        .args(["--platform", platform, "--python-version", "3.11"])
        .args(["--implementation", "cp", "--abi", "cp311", "-d"])
        .arg(&staging)
        .arg(format!("{package}=={version}"))
        .status()
        .map_err(|e| format!("cannot run `{} -m pip`: {e}", python()))?;
    if !status.success() {
        return Err(format!("`pip download {package}=={version}` failed ({status})"));
    }
    let unpack = "import glob, os, sys, zipfile\n\
        dest, keep = sys.argv[1], tuple(sys.argv[2:])\n\
        wheel, = glob.glob(dest + '/*.whl')\n\
        with zipfile.ZipFile(wheel) as z:\n\
        \x20   for info in z.infolist():\n\
        \x20       if info.filename.startswith(keep):\n\
        \x20           path = z.extract(info, dest)\n\
        \x20           mode = info.external_attr >> 16\n\
        \x20           if mode:\n\
        \x20               os.chmod(path, mode)\n\
        os.remove(wheel)";
    let status = Command::new(python())
        .args(["-c", unpack])
        .arg(&staging)
        .args(keep)
        .status()
        .map_err(|e| format!("cannot unpack the wheel: {e}"))?;
    if !status.success() {
        return Err(format!("unpacking the {package} wheel failed ({status})"));
    }
    if cache.is_dir() && !complete(&cache) {
        let _ = std::fs::remove_dir_all(&cache);
    }
    match std::fs::rename(&staging, &cache) {
        Ok(()) => {}
        // Another build finished first: use its copy.
        Err(_) if cache.is_dir() => {
            let _ = std::fs::remove_dir_all(&staging);
        }
        Err(e) => return Err(format!("{} -> {}: {e}", staging.display(), cache.display())),
    }
    Ok(cache)
}

/// The `cplex` wheel (22.2.0.1): CPLEX's Community Edition library, for masu-milp's `cplex`,
/// and CP Optimizer's program, for masu-cp's `cp-optimizer`. Both builds keep both, so the
/// one that fetches it second finds the first's cache whole: the folder of the library, and
/// the program.
pub fn cplex() -> Result<(PathBuf, PathBuf), String> {
    const VERSION: &str = "22.2.0.1";
    let inside = format!("cplex-{VERSION}.data/purelib/cplex/_internal");
    let program = format!("cplex-{VERSION}.data/scripts/cpoptimizer");
    let dir = fetch("cplex", VERSION, "manylinux2014_x86_64", &[&format!("{inside}/libcplex2220.so"), &program])?;
    Ok((dir.join(inside), dir.join(program)))
}
