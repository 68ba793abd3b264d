//! The README's comparison: `masu compare` on the norvig sudokus, every formulation on every
//! backend, one thread per solve; its summary table goes into the `compare` sections of
//! README.md (with the cactus plot and the performance profile) and BENCHMARKS.md.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The command, as the table's head shows it.
const COMPARE: &str = "./masu compare sudoku ../shared/data/sudoku/norvig --threads 1 \
                       --plot docs/compare-sudoku-norvig.svg --plot profile=docs/profile-sudoku-norvig.svg";

pub(crate) fn run(data: &Path) -> Result<()> {
    let masu = super::masu_binary()?;
    let norvig = data.join("sudoku/norvig");
    let out = Command::new(&masu)
        .args(["compare", "sudoku"])
        .arg(&norvig)
        .args(["--threads", "1", "--plot", "docs/compare-sudoku-norvig.svg"])
        .args(["--plot", "profile=docs/profile-sudoku-norvig.svg"])
        .output()
        .with_context(|| format!("cannot run {}", masu.display()))?;
    if !out.status.success() {
        bail!("masu compare failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    let printed = String::from_utf8(out.stdout).context("masu compare printed no text")?;
    let table = &printed[printed.find("| formulation").context("no summary table in the comparison")?..];
    let head = format!(
        "Machine: {}. Command: `just compare-readme` (`{COMPARE}`): the 64 norvig puzzles, every formulation on \
         every backend, solution limit 2, one thread per solve.\n\n",
        machine_short()
    );
    let pictures =
        "\n![cactus plot](docs/compare-sudoku-norvig.svg) ![performance profile](docs/profile-sudoku-norvig.svg)\n";
    let write = |file: &str, section: String| {
        masu_harness::write::write_section(Path::new(file), "compare", &section, "")
            .with_context(|| format!("cannot write {file}"))
    };
    write("README.md", format!("{head}{table}{pictures}"))?;
    write("BENCHMARKS.md", format!("## Comparison\n\n{head}{table}"))?;
    crate::out!("{head}{table}");
    Ok(())
}

/// Cores and processor, as the README states the machine.
fn machine_short() -> String {
    let full = masu_harness::write::machine();
    full.rsplit_once("), ").map_or(full.clone(), |(cores_cpu, _)| format!("{cores_cpu})"))
}
