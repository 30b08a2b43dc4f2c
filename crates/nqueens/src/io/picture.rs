//! Pictures of boards: SVG chessboards for a browser and Unicode boards for a terminal, drawn
//! one board at a time so that listings still stream.
//!
//! **SVG.** Everything goes into one SVG document, whatever the number of boards: one board is
//! drawn alone; a listing lays its boards out left to right in rows of up to
//! [`SvgLayout::columns`] boards. A stream cannot know how many boards will follow, so the `<svg>`
//! element opens sized for a single board and the document ends with a CSS rule that gives it
//! its final width and height; browsers apply CSS to the outermost `<svg>` wherever the rule
//! stands, so the whole grid shows. A caller that knows the number of boards beforehand (a
//! notebook drawing the first boards of a listing) has the element open at its final size
//! instead, as a rule for `:root` in an SVG placed inline in a page would size the page. The light and dark squares are one rectangle filled with a
//! 2×2 checkered pattern, and each queen is a reference to one shared crown symbol (a disc on squares under 12 px), so a board
//! costs O(n) bytes rather than O(n²), and even n = 1000 stays small.
//!
//! **Unicode.** One line a row, squares separated by a space so that the board looks roughly
//! square in a terminal: `♛` a queen, `·` a light square, `▪` a dark one, `×` a blocked square.
//! No colours or escape codes, so it reads the same in a pipe, a file or a terminal. The
//! top-left square is light, as on a chessboard seen from White's side.

use crate::board::glyphs::{PICTURE_BLOCKED, PICTURE_DARK, PICTURE_LIGHT, PICTURE_QUEEN};
use std::io::{self, Write};

/// The largest board the picture formats draw.
pub const MAX_PICTURE_N: usize = 1000;

/// Fill of the light squares.
const LIGHT: &str = "#f0d9b5";
/// Fill of the dark squares.
const DARK: &str = "#b58863";

/// Where the boards of an SVG listing go, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgLayout {
    /// Squares per side.
    pub n: usize,
    /// Side of a square.
    pub cell: usize,
    /// Space around and between boards.
    pub gap: usize,
    /// Boards per row of the grid.
    pub columns: usize,
}

impl SvgLayout {
    /// The layout for n×n boards: boards about 320 px wide (squares from 1 to 40 px), rows of
    /// boards about 1200 px wide.
    pub fn new(n: usize) -> SvgLayout {
        let n = n.max(1);
        let cell = (320 / n).clamp(1, 40);
        let gap = 16;
        let columns = (1200 / (n * cell + gap)).clamp(1, 8);
        SvgLayout {
            n,
            cell,
            gap,
            columns,
        }
    }

    /// The distance from one board's corner to the next one's.
    fn pitch(&self) -> usize {
        self.n * self.cell + self.gap
    }

    /// The top-left corner of board `index` (0-based).
    pub fn origin(&self, index: u64) -> (u64, u64) {
        let pitch = self.pitch() as u64;
        let cols = self.columns as u64;
        (
            self.gap as u64 + (index % cols) * pitch,
            self.gap as u64 + (index / cols) * pitch,
        )
    }

    /// Width and height of a document holding `boards` boards (at least one).
    pub fn size(&self, boards: u64) -> (u64, u64) {
        let boards = boards.max(1);
        let cols = boards.min(self.columns as u64);
        let rows = boards.div_ceil(self.columns as u64);
        let pitch = self.pitch() as u64;
        (
            self.gap as u64 + cols * pitch,
            self.gap as u64 + rows * pitch,
        )
    }
}

/// Opens the SVG document sized for `boards` boards and writes the shared definitions
/// (squares, queen, blocked mark).
pub fn svg_start(out: &mut dyn Write, layout: &SvgLayout, boards: u64) -> io::Result<()> {
    let (w, h) = layout.size(boards);
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    // No viewBox: user units are pixels, so the closing CSS rule of a listing can enlarge the
    // element without scaling what is already drawn.
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\">"
    )?;
    writeln!(out, "<defs>")?;
    writeln!(
        out,
        "<pattern id=\"squares\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\">\
         <rect width=\"2\" height=\"2\" fill=\"{LIGHT}\"/>\
         <rect x=\"1\" width=\"1\" height=\"1\" fill=\"{DARK}\"/>\
         <rect y=\"1\" width=\"1\" height=\"1\" fill=\"{DARK}\"/></pattern>"
    )?;
    // A crown: five points with balls on a band, dark with a light rim so it shows on both
    // square colours.
    writeln!(
        out,
        "<symbol id=\"queen\" viewBox=\"0 0 100 100\"><g fill=\"#1b1b1b\" stroke=\"#fff\" \
         stroke-width=\"4\" stroke-linejoin=\"round\">\
         <path d=\"M20 78 L12 36 L30 58 L32 26 L43 54 L50 20 L57 54 L68 26 L70 58 L88 36 L80 78 Z\"/>\
         <rect x=\"18\" y=\"78\" width=\"64\" height=\"12\" rx=\"3\"/>\
         <circle cx=\"12\" cy=\"34\" r=\"6\"/><circle cx=\"32\" cy=\"24\" r=\"6\"/>\
         <circle cx=\"50\" cy=\"16\" r=\"6\"/><circle cx=\"68\" cy=\"24\" r=\"6\"/>\
         <circle cx=\"88\" cy=\"34\" r=\"6\"/></g></symbol>"
    )?;
    // Below about 12 px a crown is a grey smudge: small squares get a plain black disc.
    writeln!(
        out,
        "<symbol id=\"dot\" viewBox=\"0 0 10 10\"><circle cx=\"5\" cy=\"5\" r=\"4\" \
         fill=\"#000\"/></symbol>"
    )?;
    // A blocked square: greyed, with a red cross.
    writeln!(
        out,
        "<symbol id=\"blocked\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\" \
         fill=\"#777\" fill-opacity=\"0.55\"/><path d=\"M2 2 L8 8 M8 2 L2 8\" stroke=\"#c0392b\" \
         stroke-width=\"1.4\" stroke-linecap=\"round\"/></symbol>"
    )?;
    writeln!(out, "</defs>")
}

/// Draws board `index` of the document: squares, blocked squares (bit masks per row, if any),
/// queens, and a `<title>` with the 1-based columns for the browser's tooltip.
pub fn svg_board(
    out: &mut dyn Write,
    layout: &SvgLayout,
    index: u64,
    columns: &[u32],
    blocked: Option<&[u64]>,
) -> io::Result<()> {
    svg_rows(
        out,
        layout,
        index,
        columns.iter().map(|&c| Some(c)),
        blocked,
    )
}

/// Draws a partly filled board as board `index`: the given queens (`None` for a row still
/// empty) and the blocked squares; an empty row is `-` in the tooltip.
pub fn svg_partial_board(
    out: &mut dyn Write,
    layout: &SvgLayout,
    index: u64,
    given: &[Option<u32>],
    blocked: Option<&[u64]>,
) -> io::Result<()> {
    svg_rows(out, layout, index, given.iter().copied(), blocked)
}

/// The drawing of one board, its rows' queens given one by one: a complete solution and a
/// partly filled board are drawn alike, so that a puzzle looks like the listings of its
/// completions.
fn svg_rows(
    out: &mut dyn Write,
    layout: &SvgLayout,
    index: u64,
    rows: impl ExactSizeIterator<Item = Option<u32>> + Clone,
    blocked: Option<&[u64]>,
) -> io::Result<()> {
    let n = rows.len();
    let (x, y) = layout.origin(index);
    // Inside the group one unit is one square, so every coordinate is a row or column number.
    writeln!(
        out,
        "<g transform=\"translate({x} {y}) scale({})\">",
        layout.cell
    )?;
    write!(out, "<title>")?;
    for (row, c) in rows.clone().enumerate() {
        if row > 0 {
            write!(out, " ")?;
        }
        match c {
            Some(c) => write!(out, "{}", c as u64 + 1)?,
            None => write!(out, "-")?,
        }
    }
    writeln!(out, "</title>")?;
    writeln!(
        out,
        "<rect width=\"{n}\" height=\"{n}\" fill=\"url(#squares)\" stroke=\"#5a4632\" \
         stroke-width=\"{}\"/>",
        0.04_f64.max(1.0 / layout.cell as f64)
    )?;
    if let Some(blocked) = blocked {
        for (row, &mask) in blocked.iter().enumerate().take(n) {
            let mut m = mask;
            while m != 0 {
                let c = m.trailing_zeros();
                m &= m - 1;
                writeln!(
                    out,
                    "<use href=\"#blocked\" x=\"{c}\" y=\"{row}\" width=\"1\" height=\"1\"/>"
                )?;
            }
        }
    }
    let queen = if layout.cell < 12 { "dot" } else { "queen" };
    for (row, c) in rows.enumerate() {
        if let Some(c) = c {
            writeln!(
                out,
                "<use href=\"#{queen}\" x=\"{c}\" y=\"{row}\" width=\"1\" height=\"1\"/>"
            )?;
        }
    }
    writeln!(out, "</g>")
}

/// Closes the document of `boards` boards (0: a document that says there were none) that
/// [`svg_start`] opened sized for `sized` boards.
pub fn svg_finish(
    out: &mut dyn Write,
    layout: Option<&SvgLayout>,
    boards: u64,
    sized: u64,
) -> io::Result<()> {
    let Some(layout) = layout.filter(|_| boards > 0) else {
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"240\" height=\"48\" \
             viewBox=\"0 0 240 48\"><text x=\"16\" y=\"30\" font-family=\"sans-serif\" \
             font-size=\"16\">no solutions</text></svg>"
        )?;
        return Ok(());
    };
    if layout.size(boards) != layout.size(sized) {
        let (w, h) = layout.size(boards);
        // Known only now; CSS outranks the width and height attributes written at the start.
        writeln!(out, "<style>:root{{width:{w}px;height:{h}px}}</style>")?;
    }
    writeln!(out, "</svg>")
}

/// Writes one board as Unicode text: `♛` queens, `·` light and `▪` dark squares, `×` blocked.
pub fn unicode_board(
    out: &mut dyn Write,
    columns: &[u32],
    blocked: Option<&[u64]>,
) -> io::Result<()> {
    unicode_rows(out, columns.iter().map(|&c| Some(c)), blocked)
}

/// Writes a partly filled board as Unicode text, as [`unicode_board`] does a solution; a row
/// without a given queen shows its squares alone.
pub fn unicode_partial_board(
    out: &mut dyn Write,
    given: &[Option<u32>],
    blocked: Option<&[u64]>,
) -> io::Result<()> {
    unicode_rows(out, given.iter().copied(), blocked)
}

/// The text of one board, its rows' queens given one by one.
fn unicode_rows(
    out: &mut dyn Write,
    rows: impl ExactSizeIterator<Item = Option<u32>>,
    blocked: Option<&[u64]>,
) -> io::Result<()> {
    let n = rows.len();
    let mut line = String::with_capacity(4 * n);
    for (row, q) in rows.enumerate() {
        line.clear();
        let mask = blocked.and_then(|b| b.get(row)).copied().unwrap_or(0);
        for c in 0..n {
            if c > 0 {
                line.push(' ');
            }
            line.push(if Some(c as u32) == q {
                PICTURE_QUEEN
            } else if c < 64 && mask >> c & 1 == 1 {
                PICTURE_BLOCKED
            } else if (row + c) % 2 == 0 {
                PICTURE_LIGHT
            } else {
                PICTURE_DARK
            });
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_laid_out_in_rows_of_about_1200_px() {
        let l = SvgLayout::new(8);
        assert_eq!(l.cell, 40); // 8 squares of 40 px: a 320 px board
        assert_eq!(l.columns, 3);
        assert_eq!(l.size(1), (352, 352));
        assert_eq!(l.size(4), (1024, 688)); // three boards in the first row, one in the second
    }

    #[test]
    fn a_unicode_board_shows_queens_squares_and_blocked_squares() {
        let mut out = Vec::new();
        unicode_board(&mut out, &[1, 3, 0, 2], Some(&[0, 0, 0, 0b1000])).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "· ♛ · ▪\n▪ · ▪ ♛\n♛ ▪ · ▪\n▪ · ♛ ×\n"
        );
    }
}
