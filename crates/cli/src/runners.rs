//! The runners a command asks for: formulations × backends, and the pairs that cannot run.

use anyhow::{Result, bail};
use masu_core::{Backend, Formulation, Puzzle};
use masu_harness::Runner;

/// The runners `formulations` × `backends` asked for (default: all), and a line for each
/// pair that cannot run (not applicable, not compiled in).
pub(crate) fn runners<'a, P: Puzzle>(
    formulations: Option<&[String]>,
    backends: Option<&[Backend]>,
) -> Result<(Vec<Runner<'a, P>>, Vec<String>)> {
    let formulations = parse_formulations::<P, _>(formulations)?;
    let backends = backends.map_or_else(|| Backend::ALL.to_vec(), <[Backend]>::to_vec);
    let (mut runners, mut not_run) = (Vec::new(), Vec::new());
    for &f in &formulations {
        for &b in &backends {
            if !f.backends().contains(&b) {
                not_run.push(format!("{f}/{b}: not applicable"));
            } else if !b.is_compiled() {
                not_run.push(format!("{f}/{b}: not compiled in"));
            } else {
                runners.push(Runner::new(f, b));
            }
        }
    }
    if runners.is_empty() {
        bail!("nothing to run: {}", not_run.join("; "));
    }
    Ok((runners, not_run))
}

/// The formulations `names` names, or every one of the kind.
pub(crate) fn parse_formulations<P: Puzzle, S: AsRef<str>>(names: Option<&[S]>) -> Result<Vec<P::Formulation>> {
    match names {
        Some(names) => names.iter().map(|n| n.as_ref().parse().map_err(anyhow::Error::msg)).collect(),
        None => Ok(P::Formulation::ALL.to_vec()),
    }
}
