//! How a puzzle becomes a model: the [`Formulation`] trait every kind's formulation enum
//! implements, the [`formulations!`](crate::formulations) macro that declares one, and which
//! backend a formulation runs on.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use crate::Backend;

/// How a puzzle becomes a model: one variant per formulation of a kind, declared with
/// [`formulations!`](crate::formulations).
pub trait Formulation:
    Copy + Eq + Ord + Debug + Display + FromStr<Err = crate::UnknownName> + Send + Sync + serde::Serialize + 'static
{
    /// Every formulation of the kind, in the order defaults are chosen from.
    const ALL: &'static [Self];
    /// The name used on the command line and in reports.
    fn name(self) -> &'static str;
    /// The backends it runs on, its own first (compiled in or not).
    fn backends(self) -> &'static [Backend];
    /// What it is, from its doc comment (for help and docs).
    fn about(self) -> &'static str;
}

/// Declares a kind's formulation enum: its variants with their names and backends, and the
/// boilerplate every kind shares (`ALL`, `name`, `backends`, `Display`, `FromStr`, serde).
///
/// ```
/// masu_core::formulations! {
///     /// How a toy becomes a model.
///     pub enum Toy for "toy" {
///         /// One way.
///         One = "one" on [Native],
///         /// Another.
///         Two = "two" on [Highs, CpSat],
///         /// A MILP: every backend that solves one.
///         Three = "three" on [MILP],
///         /// A CP model, and the same as a MILP: families, each backend once.
///         Four = "four" on [CP, MILP],
///     }
/// }
/// use masu_core::{Backend, Formulation};
/// assert_eq!("two".parse::<Toy>().unwrap().backends(), &[Backend::Highs, Backend::CpSat]);
/// assert_eq!(Toy::Three.backends(), &Backend::MILP);
/// let four = Toy::Four.backends();
/// assert_eq!(four.len(), Backend::ALL.iter().filter(|b| b.is_milp() || Backend::CP.contains(b)).count());
/// assert_eq!(Formulation::about(Toy::Two), "Another.");
/// assert_eq!("five".parse::<Toy>().unwrap_err().to_string(), "unknown toy formulation 'five' (expected one, two, three, four)");
/// ```
///
/// A kind's declaration also says what each formulation runs: after `for "kind"`, the
/// puzzle type and what a search finds (`: Puzzle => Found`), and after each row's backends
/// `=> solve`, a function (or a closure without captures) of the puzzle, the backend and
/// the options; `needs "feature"` before it where the function is compiled only with that
/// feature (without it the formulation refuses with [`Error::NotCompiled`](crate::Error)).
/// The declaration then writes `Formulation::find`, the dispatch `Puzzle::find` calls: no
/// kind writes a `match` over its formulations.
///
/// ```
/// # #![allow(unexpected_cfgs)]
/// # use masu_core::{Backend, Error, Found, SolveOptions, Stats};
/// struct Coin;
/// fn heads(_: &Coin, _: Backend, _: &SolveOptions) -> Result<Found<bool>, Error> {
///     Ok(Found::new(vec![true], false, Stats::default()))
/// }
/// masu_core::formulations! {
///     /// How a coin becomes a model.
///     pub enum Toss for "coin": Coin => Found<bool> {
///         /// Heads.
///         Heads = "heads" on [Native] => heads,
///         /// Both sides, where a feature no one has is on.
///         Both = "both" on [Native] needs "no-such-feature" => |_, _, _| unreachable!(),
///     }
/// }
/// let found = Toss::Heads.find(&Coin, Backend::Native, &SolveOptions::default()).unwrap();
/// assert_eq!(found.solutions, vec![true]);
/// let refused = Toss::Both.find(&Coin, Backend::Native, &SolveOptions::default());
/// assert!(matches!(refused, Err(Error::NotCompiled(Backend::Native))));
/// ```
#[macro_export]
macro_rules! formulations {
    (
        $(#[$meta:meta])*
        pub enum $name:ident for $kind:literal : $puzzle:ty => $found:ty {
            $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal on [$($backend:tt)+]
               $(needs $feature:literal)? => $solve:expr ),+ $(,)?
        }
    ) => {
        $crate::formulations! {
            $(#[$meta])*
            pub enum $name for $kind {
                $( $(#[doc = $vdoc])* $variant = $text on [$($backend)+] ),+
            }
        }

        impl $name {
            /// Runs this formulation's search on `puzzle` with `backend`: the function its
            /// row in the declaration names.
            #[allow(unreachable_code, unused_variables, clippy::needless_return)]
            pub fn find(
                self,
                puzzle: &$puzzle,
                backend: $crate::Backend,
                options: &$crate::SolveOptions,
            ) -> ::std::result::Result<$found, $crate::Error> {
                type Solve = fn(&$puzzle, $crate::Backend, &$crate::SolveOptions) -> ::std::result::Result<$found, $crate::Error>;
                match self {
                    $( $name::$variant => {
                        $( #[cfg(not(feature = $feature))] return Err($crate::Error::NotCompiled(backend)); )?
                        $( #[cfg(feature = $feature)] )?
                        let solve: Solve = $solve;
                        $( #[cfg(feature = $feature)] )?
                        return solve(puzzle, backend, options);
                    } )+
                }
            }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $name:ident for $kind:literal {
            $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal on [$($backend:tt)+] ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[doc = $vdoc])* $variant ),+
        }

        impl $name {
            /// Every formulation, in the order defaults are chosen from.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The name used on the command line and in reports.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
            /// The backends it runs on, its own first (compiled in or not).
            pub fn backends(self) -> &'static [$crate::Backend] {
                match self { $($name::$variant => $crate::formulations!(@backends $($backend)+)),+ }
            }
        }

        impl $crate::Formulation for $name {
            const ALL: &'static [$name] = $name::ALL;
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn backends(self) -> &'static [$crate::Backend] {
                $name::backends(self)
            }
            fn about(self) -> &'static str {
                match self { $($name::$variant => concat!($($vdoc),*).trim_ascii()),+ }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::UnknownName;
            fn from_str(s: &str) -> Result<$name, $crate::UnknownName> {
                $name::ALL.iter().copied().find(|f| f.name() == s).ok_or_else(|| $crate::UnknownName {
                    what: concat!($kind, " formulation").into(),
                    name: s.into(),
                    expected: $name::ALL.iter().map(|f| f.name()).collect(),
                })
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
    };
    // Families (`MILP`, `CP`, `SAT`: every backend of the family, `crate::Family`) and backends by
    // name, in order, each once.
    (@backends $($backend:ident),+ $(,)?) => {{
        const LISTS: &[&[$crate::Backend]] = &[$($crate::formulations!(@family $backend)),+];
        const BACKENDS: [$crate::Backend; $crate::backend::union_len(LISTS)] = $crate::backend::union(LISTS);
        &BACKENDS
    }};
    (@family MILP) => { &$crate::Backend::MILP };
    (@family CP) => { &$crate::Backend::CP };
    (@family SAT) => { &$crate::Backend::SAT };
    (@family $backend:ident) => { &[$crate::Backend::$backend] };
}

/// A model as a formulation built it, and the variables its solutions are read from (and
/// counted over: the projection).
#[derive(Clone, Debug)]
pub struct Built<M, V> {
    /// The model for the backend.
    pub model: M,
    /// The variables a solution is read from, in the formulation's order.
    pub vars: Vec<V>,
}

/// The backend `formulation` runs on when `preferred` may not suit it: `preferred` where the
/// formulation supports it, else its first compiled-in backend, else its first (which
/// [`solve`](crate::solve) then refuses as not compiled).
pub fn backend_for<F: Formulation>(formulation: F, preferred: Option<Backend>) -> Backend {
    let backends = formulation.backends();
    preferred
        .filter(|b| backends.contains(b))
        .or_else(|| backends.iter().copied().find(|b| b.is_compiled()))
        .unwrap_or(backends[0])
}
