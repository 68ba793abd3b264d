//! Parameters masu itself reads (`--param NAME=VALUE`): each declared once, as a typed
//! constant that carries its name, what its value is, its default and what it does
//! (`pub const HANDOVER: Parameter<u64> = Parameter::count("handover", 20_000, "…")`), read
//! in a solve as `options.get(&HANDOVER)`; a kind lists its own in
//! [`Puzzle::PARAMETERS`](crate::Puzzle::PARAMETERS), and errors and help print from them.

use std::fmt;

/// What a parameter's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterKind {
    /// A whole number (steps, nodes).
    Count,
    /// `true` or `false`.
    Switch,
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// A parameter's value, read once from its text by
/// [`check_parameters`](crate::check_parameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterValue {
    /// A whole number.
    Count(u64),
    /// `true` or `false`.
    Switch(bool),
    /// One of the words of a [`ParameterKind::Choice`].
    Choice(&'static str),
}

/// The Rust type of a parameter's value: `u64` and `bool` with a default, `Option` where the
/// default is the solver's own.
pub trait Value: Copy + Send + Sync + 'static {
    /// The value read, if it is of this type.
    fn of(value: ParameterValue) -> Option<Self>;
    /// The default, for help and docs (`None`: the solver's own).
    fn shown(self) -> Option<String>;
}

/// [`Value`] for a type read from one variant of [`ParameterValue`] and shown as itself.
macro_rules! plain_value {
    ($($ty:ty => $variant:ident),*) => {$(
        impl Value for $ty {
            fn of(value: ParameterValue) -> Option<$ty> {
                match value {
                    ParameterValue::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn shown(self) -> Option<String> {
                Some(self.to_string())
            }
        }
    )*};
}

plain_value!(u64 => Count, bool => Switch);

impl Value for Option<u64> {
    fn of(value: ParameterValue) -> Option<Option<u64>> {
        u64::of(value).map(Some)
    }
    fn shown(self) -> Option<String> {
        self.map(|n| n.to_string())
    }
}

impl Value for Option<&'static str> {
    fn of(value: ParameterValue) -> Option<Option<&'static str>> {
        match value {
            ParameterValue::Choice(word) => Some(Some(word)),
            _ => None,
        }
    }
    fn shown(self) -> Option<String> {
        self.map(str::to_string)
    }
}

/// A parameter masu reads, declared once: a kind's native one, or one of a backend's own that
/// masu's glue for it also acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter<T> {
    /// Its name.
    pub name: &'static str,
    /// What its value is.
    pub kind: ParameterKind,
    /// Its value when not given.
    pub default: T,
    /// What it does, for errors and help.
    pub about: &'static str,
}

impl Parameter<u64> {
    /// A whole number, `default` when not given.
    pub const fn count(name: &'static str, default: u64, about: &'static str) -> Parameter<u64> {
        Parameter { name, kind: ParameterKind::Count, default, about }
    }
}

impl Parameter<bool> {
    /// `true` or `false`, `default` when not given.
    pub const fn switch(name: &'static str, default: bool, about: &'static str) -> Parameter<bool> {
        Parameter { name, kind: ParameterKind::Switch, default, about }
    }
}

impl Parameter<Option<u64>> {
    /// A whole number of a solver's own, its default the solver's.
    pub const fn solver_count(name: &'static str, about: &'static str) -> Parameter<Option<u64>> {
        Parameter { name, kind: ParameterKind::Count, default: None, about }
    }
}

impl Parameter<Option<&'static str>> {
    /// One of `words`, a solver's own, its default the solver's.
    pub const fn solver_choice(
        name: &'static str,
        words: &'static [&'static str],
        about: &'static str,
    ) -> Parameter<Option<&'static str>> {
        Parameter { name, kind: ParameterKind::Choice(words), default: None, about }
    }
}

/// A parameter whatever its type, as lists hold it ([`Puzzle::PARAMETERS`](crate::Puzzle::PARAMETERS)).
pub trait Declared: Sync {
    /// Its name.
    fn name(&self) -> &'static str;
    /// What its value is.
    fn kind(&self) -> ParameterKind;
    /// What it does.
    fn about(&self) -> &'static str;
    /// Its default as text (`None`: the solver's own).
    fn default_shown(&self) -> Option<String>;

    /// `value` read as this parameter's kind, or why not.
    fn read(&self, value: &str) -> Result<ParameterValue, String> {
        let value = value.trim();
        let read = match self.kind() {
            ParameterKind::Count => value.parse().ok().map(ParameterValue::Count),
            ParameterKind::Switch => value.parse().ok().map(ParameterValue::Switch),
            ParameterKind::Choice(words) => words.iter().find(|&&w| w == value).map(|&w| ParameterValue::Choice(w)),
        };
        read.ok_or_else(|| format!("'{value}' is not {} ({})", self.wanted(), self.about()))
    }

    /// What a value must be, in words.
    fn wanted(&self) -> String {
        match self.kind() {
            ParameterKind::Count => "a whole number".to_string(),
            ParameterKind::Switch => "true or false".to_string(),
            ParameterKind::Choice(words) => format!("one of {}", words.join(", ")),
        }
    }

    /// Its line of help: `name=VALUE: about (default …)`.
    fn help(&self) -> String {
        let value = match self.kind() {
            ParameterKind::Count => "N".to_string(),
            ParameterKind::Switch => "true|false".to_string(),
            ParameterKind::Choice(words) => words.join("|"),
        };
        let default =
            self.default_shown().map_or_else(|| "the solver's own default".to_string(), |d| format!("default {d}"));
        format!("{}={value}: {} ({default})", self.name(), self.about())
    }
}

impl<T: Value> Declared for Parameter<T> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn kind(&self) -> ParameterKind {
        self.kind
    }
    fn about(&self) -> &'static str {
        self.about
    }
    fn default_shown(&self) -> Option<String> {
        self.default.shown()
    }
}

impl fmt::Debug for dyn Declared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.help())
    }
}
