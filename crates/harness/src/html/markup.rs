//! HTML written so that no value can forget its escaping: markup comes only from string
//! literals (`&'static str`), and everything else goes in as text, escaped ([`put!`]). Two
//! doors let other markup in, each for one trusted source: the plots masu draws
//! ([`Markup::plot`]) and data for a script element ([`Markup::script_data`]), whose `<`,
//! `>` and `&` become JSON escapes.

use std::fmt::Display;

/// A page being written.
#[derive(Debug, Default)]
pub(crate) struct Markup(String);

impl Markup {
    /// Markup: a literal of the program, never a value.
    pub(crate) fn tag(&mut self, markup: &'static str) {
        self.0.push_str(markup);
    }

    /// A value as text (in an element or an attribute value in double quotes), escaped.
    pub(crate) fn text(&mut self, value: impl Display) {
        masu_core::svg::escape_into(&mut self.0, value);
    }

    /// An SVG plot masu drew (its texts escaped by the plotting library), made fluid: without
    /// its fixed size, so that the page sizes it within its view box's proportions.
    pub(crate) fn plot(&mut self, svg: &str) {
        match (svg.find(" width=\""), svg.find(" viewBox=")) {
            (Some(from), Some(to)) if from < to && !svg[..from].contains('>') => {
                self.0.push_str(&svg[..from]);
                self.0.push_str(&svg[to..]);
            }
            _ => self.0.push_str(svg),
        }
    }

    /// `value` as JSON inside a script element: `<`, `>` and `&` only stand inside JSON
    /// strings, and as escapes there no text (one holding `<!--` and `<script`, say) can
    /// change how the page parses the element.
    pub(crate) fn script_data(&mut self, value: &serde_json::Value) {
        for c in value.to_string().chars() {
            match c {
                '<' => self.0.push_str("\\u003c"),
                '>' => self.0.push_str("\\u003e"),
                '&' => self.0.push_str("\\u0026"),
                c => self.0.push(c),
            }
        }
    }

    /// The page.
    pub(crate) fn finish(self) -> String {
        self.0
    }
}

/// Writes its parts to a [`Markup`] in order: a string literal as markup, `{expr}` as text.
///
/// `put!(out, "<td>" {name} "</td>")` writes the name escaped between the tags.
macro_rules! put {
    ($out:expr, $($part:tt)*) => {{
        let out: &mut $crate::html::markup::Markup = $out;
        $(put!(@part out, $part);)*
    }};
    (@part $out:ident, $markup:literal) => { $out.tag($markup) };
    (@part $out:ident, {$value:expr}) => { $out.text($value) };
}
pub(crate) use put;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_and_literals_are_not() {
        let mut out = Markup::default();
        let name = "a<b> & \"c\"";
        put!(&mut out, "<td title=\"" {name} "\">" {3} "</td>");
        assert_eq!(out.finish(), "<td title=\"a&lt;b&gt; &amp; &quot;c&quot;\">3</td>");
    }

    #[test]
    fn script_data_cannot_close_its_element() {
        let mut out = Markup::default();
        out.script_data(&serde_json::json!({"name": "x</script><!--&"}));
        assert_eq!(out.finish(), r#"{"name":"x\u003c/script\u003e\u003c!--\u0026"}"#);
    }
}
