//! A C library opened at its first call ([`library_api!`](crate::library_api)), from the first
//! of its candidate paths that opens ([`open`]), and the wait for a library that `./masu`
//! builds beside cargo and is still building ([`wait_for_build`]).
#![allow(unsafe_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Why a library could not be opened, or a symbol of it read: the paths tried and what the
/// loader said of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError(pub String);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

/// Declares `struct Api`, one C function pointer per symbol of the library `$file` (looked
/// for at the paths `$candidates` gives, in order), with the path it was opened from, and
/// `fn api() -> Result<&'static Api, LoadError>`, which opens the library at its first call
/// (once for the process) and reads them. The module using it owes each symbol the signature
/// its library's header gives, and allows `unsafe_code`.
#[macro_export]
macro_rules! library_api {
    ($file:expr, $candidates:expr, { $($field:ident = $symbol:literal: $ty:ty),* $(,)? }) => {
        #[allow(clippy::type_complexity, dead_code)]
        struct Api {
            _library: $crate::libloading::Library,
            path: std::path::PathBuf,
            $($field: $ty),*
        }

        fn api() -> Result<&'static Api, $crate::LoadError> {
            static API: std::sync::OnceLock<Result<Api, $crate::LoadError>> = std::sync::OnceLock::new();
            API.get_or_init(|| {
                let (library, path) = $crate::open($file, $candidates)?;
                // SAFETY: each symbol is declared with its header's signature (the calling
                // module's duty, stated in its doc); the pointers are copied out while
                // `library` is kept beside them, in a static, for the life of the process.
                unsafe {
                    Ok(Api {
                        $($field: *library
                            .get(concat!($symbol, "\0").as_bytes())
                            .map_err(|e| $crate::LoadError(format!("{}: {e}", $file)))?,)*
                        _library: library,
                        path,
                    })
                }
            })
            .as_ref()
            .map_err(Clone::clone)
        }
    };
}

/// The paths a library `file` is looked for at, in order: `named` (what the environment
/// names: the file, or its place in a vendor's installation), the folder the build fetched
/// it into (`fetched`, compiled in), and the bare name (the system's search path).
pub fn candidates(named: Option<PathBuf>, fetched: Option<&str>, file: &str) -> Vec<PathBuf> {
    named.into_iter().chain(fetched.map(|dir| Path::new(dir).join(file))).chain([PathBuf::from(file)]).collect()
}

/// Opens `file` from the first of `candidates` that opens, and says which.
pub fn open(file: &str, candidates: Vec<PathBuf>) -> Result<(libloading::Library, PathBuf), LoadError> {
    let mut tried = Vec::new();
    for path in candidates {
        // SAFETY: the solver libraries masu opens (the OR-Tools wheel's CBC and SCIP, CPLEX,
        // HiGHS's and CaDiCaL's builds) initialise only their own globals when loaded; they
        // depend on nothing of the caller's.
        match unsafe { libloading::Library::new(&path) } {
            Ok(library) => return Ok((library, path)),
            Err(e) => tried.push(format!("{}: {e}", path.display())),
        }
    }
    Err(LoadError(format!("cannot load {file}; tried: {}", tried.join("; "))))
}

/// Waits, at most `bound`, while the library at `path` is missing and a build of it holds
/// the lock beside it (`build.lock`, which the script building it holds with flock), saying
/// once on stderr that `what` is awaited. Returns at once when no build is under way.
pub fn wait_for_build(path: &Path, what: &str, bound: Duration) {
    use std::os::fd::AsRawFd;
    let started = Instant::now();
    let mut said = false;
    let Ok(lock) = std::fs::File::open(path.with_file_name("build.lock")) else { return };
    while !path.exists() && started.elapsed() < bound {
        // SAFETY: flock on a descriptor this function owns; LOCK_NB never blocks.
        let free = unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_SH | libc::LOCK_NB) } == 0;
        if free {
            return; // no build under way: the library is there or it is not
        }
        if !said {
            eprintln!(
                "masu: waiting for {what}, which ./masu is building (log: {})",
                path.with_file_name("build.log").display()
            );
            said = true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_library_nowhere_is_an_error_naming_every_path_tried() {
        let error = open("libnothing.so", vec![PathBuf::from("/nonexistent/a.so"), PathBuf::from("/nonexistent/b.so")])
            .expect_err("no such library");
        assert!(error.0.starts_with("cannot load libnothing.so; tried: /nonexistent/a.so"), "{error}");
        assert!(error.0.contains("/nonexistent/b.so"), "{error}");
    }

    #[test]
    fn no_build_under_way_means_no_wait() {
        let folder = std::env::temp_dir().join(format!("masu-native-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("build.lock"), "").unwrap();
        let started = Instant::now();
        wait_for_build(&folder.join("lib.so"), "a library", Duration::from_secs(30));
        assert!(started.elapsed() < Duration::from_secs(5));
        std::fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn a_held_lock_is_waited_for_within_the_bound() {
        use std::os::fd::AsRawFd;
        let folder = std::env::temp_dir().join(format!("masu-native-held-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let lock = std::fs::File::create(folder.join("build.lock")).unwrap();
        // SAFETY: flock on a descriptor this test owns.
        assert_eq!(unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX) }, 0);
        // flock locks belong to the open file description: a second open of the file, as
        // `wait_for_build` makes, conflicts with this one even in the same process.
        let started = Instant::now();
        wait_for_build(&folder.join("lib.so"), "a library", Duration::from_millis(600));
        let waited = started.elapsed();
        assert!(waited >= Duration::from_millis(600) && waited < Duration::from_secs(5), "{waited:?}");
        drop(lock);
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
