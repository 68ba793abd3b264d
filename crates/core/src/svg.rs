//! The one way masu draws a grid puzzle as SVG: a picture of a fixed size on white, a grid of
//! square cells placed in it ([`Grid`]), its lines drawn in the styles a kind picks per line
//! (thin cell lines, thick box lines), and the kind's own marks on top.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Where a grid of `rows × cols` square cells of side `cell` stands in a picture, its top-left
/// corner at (`x`, `y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The left edge.
    pub x: usize,
    /// The top edge.
    pub y: usize,
    /// A cell's side.
    pub cell: usize,
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
}

impl Grid {
    /// The top-left corner of cell (`r`, `c`).
    pub fn corner(&self, r: usize, c: usize) -> (usize, usize) {
        (self.x + c * self.cell, self.y + r * self.cell)
    }
    /// The centre of cell (`r`, `c`).
    pub fn centre(&self, r: usize, c: usize) -> (usize, usize) {
        let (x, y) = self.corner(r, c);
        (x + self.cell / 2, y + self.cell / 2)
    }
}

/// An SVG picture being drawn.
#[derive(Debug)]
pub struct Picture(String);

impl Picture {
    /// A `width × height` picture on white; `attributes` (fonts, say) apply to all it holds.
    pub fn new(width: usize, height: usize, attributes: &str) -> Picture {
        Picture(format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" {attributes}>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        ))
    }

    /// The lines of `grid`: line `k` of each direction (0 the top or left edge) in the
    /// colour and width `style(k)` gives, or not drawn for `None`; one path per style.
    pub fn lines(&mut self, grid: Grid, style: impl Fn(usize) -> Option<(&'static str, f64)>) {
        let mut paths: BTreeMap<(&str, String), String> = BTreeMap::new();
        let (right, bottom) = grid.corner(grid.rows, grid.cols);
        for k in 0..=grid.cols {
            if let Some((colour, width)) = style(k) {
                let x = grid.x + k * grid.cell;
                let _ = write!(paths.entry((colour, width.to_string())).or_default(), "M{x} {}V{bottom}", grid.y);
            }
        }
        for k in 0..=grid.rows {
            if let Some((colour, width)) = style(k) {
                let y = grid.y + k * grid.cell;
                let _ = write!(paths.entry((colour, width.to_string())).or_default(), "M{} {y}H{right}", grid.x);
            }
        }
        for ((colour, width), d) in paths {
            let _ = writeln!(self.0, "<path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"{width}\" fill=\"none\"/>");
        }
    }

    /// `text` at (`x`, `y`), escaped, with `attributes`.
    pub fn text(&mut self, x: usize, y: usize, attributes: &str, text: impl std::fmt::Display) {
        let _ = write!(self.0, "<text x=\"{x}\" y=\"{y}\"{attributes}>");
        escape_into(&mut self.0, text);
        self.0.push_str("</text>\n");
    }

    /// An element the kind writes itself (a filled cell, a path, a disc).
    pub fn element(&mut self, element: std::fmt::Arguments) {
        let _ = self.0.write_fmt(element);
        self.0.push('\n');
    }

    /// The picture's text.
    pub fn finish(mut self) -> String {
        self.0.push_str("</svg>\n");
        self.0
    }
}

/// `value` as text in XML or HTML (in an element, or an attribute value in double quotes):
/// `&`, `<`, `>` and `"` escaped. The one escaping of every page and picture masu writes.
pub fn escape_into(out: &mut String, value: impl std::fmt::Display) {
    let mut text = String::new();
    let _ = write!(text, "{value}");
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_one_style_share_a_path_and_text_is_escaped() {
        let grid = Grid { x: 2, y: 2, cell: 10, rows: 2, cols: 3 };
        let mut picture = Picture::new(34, 24, "font-size=\"8\"");
        picture.lines(grid, |k| if k == 0 { Some(("black", 2.0)) } else { Some(("gray", 0.5)) });
        picture.text(7, 7, "", "a<b");
        let svg = picture.finish();
        assert!(svg.contains("<path d=\"M2 2V22M2 2H32\" stroke=\"black\" stroke-width=\"2\""), "{svg}");
        assert!(svg.contains("M12 2V22M22 2V22M32 2V22M2 12H32M2 22H32\" stroke=\"gray\""), "{svg}");
        assert!(svg.contains(">a&lt;b</text>") && svg.ends_with("</svg>\n"), "{svg}");
        assert_eq!(grid.centre(1, 2), (27, 17));
    }
}
