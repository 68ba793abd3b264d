//! Pictures as grids: PNG (any colour type, thresholded; feature `picture`) and PBM (`P1`
//! text, `P4` binary).
//!
//! A pixel is filled when its luminance (`0.299 R + 0.587 G + 0.114 B`) is below half the
//! range and it is at least half opaque.

use std::path::Path;

use masu_core::Invalid;

use crate::puzzle::Grid;

/// Reads the picture at `path` (PNG, or PBM by its `P1`/`P4` magic).
pub fn read(path: &Path) -> Result<Grid, Invalid> {
    let bytes = std::fs::read(path).map_err(|e| Invalid(format!("{}: cannot read: {e}", path.display())))?;
    parse(&bytes).map_err(|e| Invalid(format!("{}: {e}", path.display())))
}

/// The picture in `bytes`: at least one pixel, at most a million.
pub fn parse(bytes: &[u8]) -> Result<Grid, Invalid> {
    let grid = if bytes.starts_with(b"\x89PNG") {
        png_grid(bytes)
    } else if bytes.starts_with(b"P1") || bytes.starts_with(b"P4") {
        pbm_grid(bytes)
    } else {
        Err(Invalid("not a PNG or PBM picture".into()))
    }?;
    if grid.is_empty() || grid[0].is_empty() {
        return Err(Invalid("the picture has no pixels".into()));
    }
    Ok(grid)
}

/// Refuses pictures past a million pixels (a nonogram of a million cells is past any solver).
fn check_size(width: usize, height: usize) -> Result<(), Invalid> {
    if width == 0 || height == 0 {
        return Err(Invalid("the picture has no pixels".into()));
    }
    match width.checked_mul(height) {
        Some(pixels) if pixels <= 1_000_000 => Ok(()),
        _ => Err(Invalid(format!("{width}×{height} pixels is too large for a nonogram (at most a million cells)"))),
    }
}

#[cfg(not(feature = "picture"))]
fn png_grid(_: &[u8]) -> Result<Grid, Invalid> {
    Err(Invalid("reading PNG needs masu-nonogram's `picture` feature (PBM needs none)".into()))
}

#[cfg(feature = "picture")]
fn png_grid(bytes: &[u8]) -> Result<Grid, Invalid> {
    let mut decoder = png::Decoder::new(bytes);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| Invalid(format!("not a readable PNG: {e}")))?;
    let (width, height) = (reader.info().width as usize, reader.info().height as usize);
    check_size(width, height)?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).map_err(|e| Invalid(format!("not a readable PNG: {e}")))?;
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err(Invalid("an indexed PNG the decoder did not expand".into())),
    };
    let filled = |p: &[u8]| {
        let (luminance, alpha) = match *p {
            [g] => (f64::from(g), 255),
            [g, a] => (f64::from(g), a),
            [r, g, b] => (0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b), 255),
            [r, g, b, a] => (0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b), a),
            _ => (255.0, 0),
        };
        luminance < 128.0 && alpha >= 128
    };
    if frame.bit_depth != png::BitDepth::Eight {
        return Err(Invalid(format!("a PNG of {:?} bits per channel the decoder did not expand", frame.bit_depth)));
    }
    (0..height)
        .map(|r| {
            let row = buffer.get(r * frame.line_size..).and_then(|rest| rest.get(..width * channels));
            Ok(row.ok_or("a PNG shorter than its size")?.chunks(channels).map(filled).collect())
        })
        .collect()
}

fn pbm_grid(bytes: &[u8]) -> Result<Grid, Invalid> {
    // The header: magic, width, height, with `#` comments, then one whitespace byte.
    let mut at = 2;
    let mut numbers = Vec::new();
    while numbers.len() < 2 {
        while at < bytes.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b'#') {
            if bytes[at] == b'#' {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            } else {
                at += 1;
            }
        }
        let start = at;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            at += 1;
        }
        let number: usize = std::str::from_utf8(&bytes[start..at])
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| Invalid(format!("PBM header: expected the width and height at byte {start}")))?;
        numbers.push(number);
    }
    let (width, height) = (numbers[0], numbers[1]);
    check_size(width, height)?;
    let pixels: Vec<bool> = if bytes.starts_with(b"P1") {
        bytes[at..].iter().filter(|b| matches!(b, b'0' | b'1')).map(|&b| b == b'1').collect()
    } else {
        let data = &bytes[(at + 1).min(bytes.len())..];
        let stride = width.div_ceil(8);
        if data.len() < stride * height {
            return Err(Invalid(format!(
                "PBM: {} bytes of pixels, {width}×{height} needs {}",
                data.len(),
                stride * height
            )));
        }
        (0..height).flat_map(|r| (0..width).map(move |c| data[r * stride + c / 8] & (0x80 >> (c % 8)) != 0)).collect()
    };
    if pixels.len() < width * height {
        return Err(Invalid(format!("PBM: {} pixels, {width}×{height} needs {}", pixels.len(), width * height)));
    }
    Ok(pixels[..width * height].chunks(width).map(<[bool]>::to_vec).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("masu-picture-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn reads_pbm_text_and_binary_alike() {
        let text = write("a.pbm", b"P1\n# a comment\n3 2\n1 0 1\n0 1 0\n");
        let binary = write("b.pbm", &[b"P4\n3 2\n".as_slice(), &[0b1010_0000, 0b0100_0000]].concat());
        let expected = vec![vec![true, false, true], vec![false, true, false]];
        assert_eq!(read(&text).unwrap(), expected);
        assert_eq!(read(&binary).unwrap(), expected);
        let short = write("c.pbm", b"P1 3 2 1 0");
        assert!(read(&short).unwrap_err().0.contains("needs 6"));
        let neither = write("d.txt", b"hello");
        assert!(read(&neither).unwrap_err().0.contains("not a PNG or PBM"));
    }

    #[cfg(feature = "picture")]
    #[test]
    fn reads_a_png_thresholded() {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, 3, 2);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().unwrap();
            #[rustfmt::skip]
            let data = [
                0, 0, 0, 255,    250, 250, 250, 255,  20, 20, 200, 255,
                0, 0, 0, 0,      100, 100, 100, 255,  255, 255, 255, 255,
            ];
            writer.write_image_data(&data).unwrap();
        }
        let path = write("e.png", &bytes);
        assert_eq!(read(&path).unwrap(), vec![vec![true, false, true], vec![false, true, false]]);
    }
}
