//! The registry of puzzle kinds: one line each. A kind is a model crate implementing
//! [`masu_core::Puzzle`]; its line here gives it a name on the command line and its help.

use masu_core::Puzzle;

use masu_core::Source;

/// Something to do with a kind of puzzle, chosen at run time: [`Kind::visit`] calls it with
/// the kind's puzzle type.
pub(crate) trait Visit {
    /// What it returns.
    type Output;
    /// Does it for puzzle type `P`.
    fn visit<P: Puzzle>(self) -> Self::Output;
}

/// Something to do with a kind's corpus: [`Kind::visit_corpus`] calls it with the kind's
/// puzzle type, which knows how its collections are read.
pub(crate) trait VisitCorpus {
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

            /// Calls `visitor` with this kind's puzzle type, for its corpus.
            pub(crate) fn visit_corpus<V: VisitCorpus>(self, visitor: V) -> V::Output {
                match self {
                    $(Kind::$kind => visitor.visit::<$puzzle>(),)+
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
