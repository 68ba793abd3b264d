//! The help that lists what each kind has — its formulations, the default one, the
//! collections and formulations `corpus` checks by default — written from the kinds'
//! declarations (`formulations!`, [`masu_core::Source`]), so that it cannot drift from them.

use clap::CommandFactory;
use masu_core::{Formulation, Generate, Source};
use masu_kinds::{Registry, Visit};

use crate::args::Cli;

/// The command line of the kinds of `R`, its help completed from their declarations.
pub(crate) fn command<R: Registry>() -> clap::Command {
    let kinds: Vec<Lines> = R::kinds().iter().map(|kind| R::visit(*kind, LinesOf)).collect();
    let join = |field: fn(&Lines) -> &str| kinds.iter().map(field).collect::<String>().trim_end().to_string();
    let formulation = format!(
        "Model, by kind (the first is the default):\n{}\n\nDefault backend: the formulation's own; with \
         --backend alone, the first formulation that runs on it.",
        join(|k| &k.models)
    );
    let rules = format!("The kind's rule variant, by kind:\n{}", join(|k| &k.rules));
    let formulations =
        format!("Formulations to run, comma-separated. Default, by kind:\n{}", join(|k| &k.formulations));
    let sets = format!("Set folders to check, comma-separated, or `all`. Default, by kind:\n{}", join(|k| &k.sets));
    let with_formulation = |c: clap::Command| {
        c.mut_arg("formulation", |a| a.long_help(formulation.clone())).mut_arg("rule", |a| a.long_help(rules.clone()))
    };
    Cli::<R>::command()
        .mut_subcommand("solve", with_formulation)
        .mut_subcommand("count", with_formulation)
        .mut_subcommand("compare", |c| c.mut_arg("rule", |a| a.long_help(rules.clone())))
        .mut_subcommand("corpus", |c| {
            c.mut_arg("formulations", |a| a.long_help(formulations)).mut_arg("sets", |a| a.long_help(sets))
        })
}

/// A kind's lines of help, each ending in a newline (empty where it has nothing to say).
struct Lines {
    /// Each formulation, the default first: its name and what it is.
    models: String,
    /// Its rule variants, where it has them.
    rules: String,
    /// The formulations `corpus` checks when none are named.
    formulations: String,
    /// The sets `corpus` checks when none are named.
    sets: String,
}

/// The visitor that writes a kind's [`Lines`].
struct LinesOf;

impl Visit for LinesOf {
    type Output = Lines;
    fn visit<P: Source + Generate>(self) -> Lines {
        let mut all = vec![P::DEFAULT];
        all.extend(P::Formulation::ALL.iter().copied().filter(|f| *f != P::DEFAULT));
        let models: String = all.iter().map(|f| format!("    {}: {}\n", f.name(), f.about())).collect();
        let list = |names: Option<&[&str]>, every: &str| names.map_or(every.to_string(), |n| n.join(","));
        Lines {
            models: format!("  {}:\n{models}", P::KIND),
            rules: if P::RULES.is_empty() { String::new() } else { format!("  {}: {}\n", P::KIND, P::RULES) },
            formulations: format!(
                "  {}: {}{}\n",
                P::KIND,
                list(P::DEFAULT_FORMULATIONS, "every formulation"),
                if P::EVERY_BACKEND { ", each on every backend" } else { "" }
            ),
            sets: format!("  {}: {}\n", P::KIND, list(P::DEFAULT_SETS, "every collection")),
        }
    }
}
