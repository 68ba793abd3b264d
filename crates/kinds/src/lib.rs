//! The registry of puzzle kinds: one line a kind. A kind is a model crate implementing
//! [`masu_core::Puzzle`] (with [`Source`] for its collections, [`Generate`] for its
//! generator and [`Examples`] for the conformance suite); its line in [`registry!`] gives it a name on the command line, its help, and
//! its `masu generate` subcommand. The command-line tool, the bench and the facade take the
//! kinds from here, and this crate alone forwards the models' features.
//!
//! A program with a kind of its own (tests/extending.rs has Latin squares) writes its own
//! registry with the same macro and runs the command-line tool over it
//! (`masu_cli::run::<Registry>`).

pub use masu_nonogram as nonogram;
pub use masu_numberlink as numberlink;
pub use masu_sudoku as sudoku;

use masu_core::{Examples, Generate, Source};

#[doc(hidden)]
pub use clap as __clap;
#[doc(hidden)]
pub use masu_core as __core;

/// Something to do with a kind of puzzle, chosen at run time: [`Registry::visit`] calls it
/// with the kind's puzzle type.
pub trait Visit {
    /// What it returns.
    type Output;
    /// Does it for puzzle type `P`.
    fn visit<P: Source + Generate + Examples>(self) -> Self::Output;
}

/// Something to do with the flags of `masu generate KIND`: [`Registry::generate`] calls it
/// with the kind's puzzle type and its own flags.
pub trait VisitGenerate {
    /// What it returns.
    type Output;
    /// Does it for puzzle type `P` with its flags `args`.
    fn visit<P: Source + Generate + Examples>(self, args: &P::Args) -> Self::Output;
}

/// The kinds a command line knows, as [`registry!`] declares them.
pub trait Registry: std::fmt::Debug + 'static {
    /// A kind: its name on the command line, its line of help.
    type Kind: clap::ValueEnum + Copy + std::fmt::Debug + Send + Sync + 'static;
    /// `masu generate KIND`: one subcommand per kind, with the kind's own flags.
    type Generate: clap::Subcommand + std::fmt::Debug + Send + Sync;
    /// Every kind, in the order declared.
    fn kinds() -> &'static [Self::Kind] {
        <Self::Kind as clap::ValueEnum>::value_variants()
    }
    /// Calls `visitor` with `kind`'s puzzle type.
    fn visit<V: Visit>(kind: Self::Kind, visitor: V) -> V::Output;
    /// Calls `visitor` with the puzzle type and flags `command` names.
    fn generate<V: VisitGenerate>(command: &Self::Generate, visitor: V) -> V::Output;
}

/// Declares a registry: a module holding `Registry` (implementing [`Registry`]), the `Kind`
/// enum and the `Generate` subcommands, a line per kind (its doc comment is its help).
///
/// ```ignore
/// masu_kinds::registry! {
///     /// The kinds of this program.
///     pub mod kinds {
///         /// Latin squares.
///         Latin => crate::Latin,
///     }
/// }
/// ```
#[macro_export]
macro_rules! registry {
    ($(#[$meta:meta])* $vis:vis mod $module:ident { $($(#[doc = $doc:literal])* $kind:ident => $puzzle:ty,)+ }) => {
        $(#[$meta])*
        $vis mod $module {
            // The derives below name `clap::…`; a program with its own registry need not
            // depend on clap.
            use $crate::__clap as clap;

            /// The registry of this module's kinds.
            #[derive(Clone, Copy, Debug)]
            pub struct Registry;

            /// A kind of puzzle on the command line.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
            pub enum Kind {
                $($(#[doc = $doc])* $kind,)+
            }

            /// `masu generate KIND`: one subcommand per kind, with the kind's own flags.
            #[derive(Debug, clap::Subcommand)]
            pub enum Generate {
                $(#[command(about = concat!("Makes ", stringify!($kind), " puzzles with a proven-unique solution"))]
                #[allow(missing_docs)]
                $kind(<$puzzle as $crate::__core::Generate>::Args),)+
            }

            impl $crate::Registry for Registry {
                type Kind = Kind;
                type Generate = Generate;
                fn visit<V: $crate::Visit>(kind: Kind, visitor: V) -> V::Output {
                    match kind {
                        $(Kind::$kind => visitor.visit::<$puzzle>(),)+
                    }
                }
                fn generate<V: $crate::VisitGenerate>(command: &Generate, visitor: V) -> V::Output {
                    match command {
                        $(Generate::$kind(args) => visitor.visit::<$puzzle>(args),)+
                    }
                }
            }
        }
    };
}

registry! {
    /// masu's kinds.
    pub mod kinds {
        /// n²×n² sudoku: one-line files (81 characters for 9×9), the article's JSON array, text grids.
        Sudoku => masu_sudoku::Sudoku,
        /// Nonogram: JSON, .non, .nin, webpbn text, TAAI/TCGA batches, janko dataset JSON.
        Nonogram => masu_nonogram::Nonogram,
        /// Numberlink: the article's JSON array, shared/data JSON, `W H` text, Flow Free boards.
        Numberlink => masu_numberlink::Numberlink,
    }
}

pub use kinds::Registry as Kinds;
