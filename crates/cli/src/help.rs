//! The help that lists what each kind has — its formulations, the default one, the
//! collections and formulations `corpus` checks by default — written from the kinds'
//! declarations (`formulations!`, [`masu_core::Source`]), so that it cannot drift from them.

use clap::{CommandFactory, ValueEnum};
use masu_core::{Formulation, Generate, Source};
use masu_kinds::{Registry, Visit};

use crate::args::Cli;

/// The command line of the kinds of `R`, its help completed from their declarations.
pub(crate) fn command<R: Registry>() -> clap::Command {
    let models = per_kind::<R>(Models).0;
    let defaults = per_kind::<R>(CorpusDefaults);
    let formulation = format!(
        "Model, by kind (the first is the default):\n{models}\nDefault backend: the formulation's own; with \
         --backend alone, the first formulation that runs on it."
    );
    let rules = format!("The kind's rule variant, by kind:\n{}", per_kind::<R>(Rules).0.trim_end());
    let with_formulation = |c: clap::Command| {
        c.mut_arg("formulation", |a| a.long_help(formulation.clone())).mut_arg("rule", |a| a.long_help(rules.clone()))
    };
    Cli::<R>::command()
        .mut_subcommand("solve", with_formulation)
        .mut_subcommand("count", with_formulation)
        .mut_subcommand("compare", |c| c.mut_arg("rule", |a| a.long_help(rules.clone())))
        .mut_subcommand("corpus", |c| {
            c.mut_arg("formulations", |a| {
                a.long_help(format!(
                    "Formulations to run, comma-separated. Default, by kind:\n{}",
                    defaults.0.trim_end()
                ))
            })
            .mut_arg("sets", |a| {
                a.long_help(format!(
                    "Set folders to check, comma-separated, or `all`. Default, by kind:\n{}",
                    defaults.1.trim_end()
                ))
            })
        })
}

/// `visitor`'s line for each kind of `R`, named.
fn per_kind<R: Registry>(visitor: impl Visit<Output = (String, String)> + Copy) -> (String, String) {
    let mut out = (String::new(), String::new());
    for kind in R::Kind::value_variants() {
        let (a, b) = R::visit(*kind, visitor);
        out.0.push_str(&a);
        out.1.push_str(&b);
    }
    out
}

/// Each formulation of a kind: its name and what it is.
#[derive(Clone, Copy)]
struct Models;

impl Visit for Models {
    type Output = (String, String);
    fn visit<P: Source + Generate>(self) -> (String, String) {
        let mut all = vec![P::DEFAULT];
        all.extend(P::Formulation::ALL.iter().copied().filter(|f| *f != P::DEFAULT));
        let lines: String = all.iter().map(|f| format!("    {}: {}\n", f.name(), f.about())).collect();
        (format!("  {}:\n{lines}", P::KIND), String::new())
    }
}

/// The formulations and sets `corpus` checks of a kind when none are named.
#[derive(Clone, Copy)]
struct CorpusDefaults;

impl Visit for CorpusDefaults {
    type Output = (String, String);
    fn visit<P: Source + Generate>(self) -> (String, String) {
        let list = |names: Option<&[&str]>, every: &str| names.map_or(every.to_string(), |n| n.join(","));
        (
            format!(
                "  {}: {}{}\n",
                P::KIND,
                list(P::DEFAULT_FORMULATIONS, "every formulation"),
                if P::EVERY_BACKEND { ", each on every backend" } else { "" }
            ),
            format!("  {}: {}\n", P::KIND, list(P::DEFAULT_SETS, "every collection")),
        )
    }
}

/// A kind's rule variants, where it has them.
#[derive(Clone, Copy)]
struct Rules;

impl Visit for Rules {
    type Output = (String, String);
    fn visit<P: Source + Generate>(self) -> (String, String) {
        let line = if P::RULES.is_empty() { String::new() } else { format!("  {}: {}\n", P::KIND, P::RULES) };
        (line, String::new())
    }
}
