//! The registry of puzzle kinds: one line each. A kind is a model crate implementing
//! [`masu_core::Puzzle`]; its line here gives it a name on the command line and its help.

use masu_core::{Generate, Source};

use crate::args::Generating;

/// Something to do with a kind of puzzle, chosen at run time: [`Kind::visit`] calls it with
/// the kind's puzzle type (which also knows how its collections are read).
pub(crate) trait Visit {
    /// What it returns.
    type Output;
    /// Does it for puzzle type `P`.
    fn visit<P: Source>(self) -> Self::Output;
}

macro_rules! registry {
    ($($(#[doc = $doc:literal])* $kind:ident => $puzzle:ty,)+) => {
        /// A kind of puzzle on the command line.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
        pub(crate) enum Kind {
            $($(#[doc = $doc])* $kind,)+
        }

        impl Kind {
            /// Calls `visitor` with this kind's puzzle type.
            pub(crate) fn visit<V: Visit>(self, visitor: V) -> V::Output {
                match self {
                    $(Kind::$kind => visitor.visit::<$puzzle>(),)+
                }
            }
        }

        /// `masu generate KIND`: one subcommand per kind, with the kind's own flags.
        #[derive(Debug, clap::Subcommand)]
        pub(crate) enum GenerateKind {
            $(#[command(about = concat!("Makes ", stringify!($kind), " puzzles with a proven-unique solution"))]
            $kind(Generating<<$puzzle as Generate>::Args>),)+
        }

        impl GenerateKind {
            /// Makes the puzzles asked for.
            pub(crate) fn run(&self) -> anyhow::Result<std::process::ExitCode> {
                match self {
                    $(GenerateKind::$kind(args) => crate::generate::run::<$puzzle>(args),)+
                }
            }
        }
    };
}

registry! {
    /// n²×n² sudoku: one-line files (81 characters for 9×9), the article's JSON array, text grids.
    Sudoku => masu_sudoku::Sudoku,
    /// Nonogram: JSON, .non, .nin, webpbn text, TAAI/TCGA batches, janko dataset JSON.
    Nonogram => masu_nonogram::Nonogram,
    /// Numberlink: the article's JSON array, shared/data JSON, `W H` text, Flow Free boards.
    Numberlink => masu_numberlink::Numberlink,
}
