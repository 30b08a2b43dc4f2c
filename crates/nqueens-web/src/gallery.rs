//! Every solution and every symmetry class of a board, drawn with the library's own SVG, and
//! LeetCode 51's answer, for the page's gallery.

use nqueens::{Format, SolutionWriter};
use wasm_bindgen::prelude::*;

fn js(e: impl ToString) -> JsError {
    JsError::new(&e.to_string())
}

/// The first `limit` solutions of the n×n board in lexicographic order, their columns one
/// board after another (n numbers a board).
#[wasm_bindgen]
pub fn solutions(n: usize, limit: u32) -> Result<Vec<u32>, JsError> {
    Ok(nqueens::solutions(n)
        .map_err(js)?
        .take(limit as usize)
        .flat_map(|p| p.into_columns())
        .collect())
}

/// One board per symmetry class (the smallest of its eight images), each as its class size
/// followed by its n columns.
#[wasm_bindgen]
pub fn classes(n: usize) -> Result<Vec<u32>, JsError> {
    let mut out = Vec::new();
    for class in nqueens::solutions(n).map_err(js)?.classes() {
        out.push(class.size as u32);
        out.extend_from_slice(class.representative.columns());
    }
    Ok(out)
}

/// One board as an SVG document, as `nqueens list --format svg` draws it; `blocked` (one bit
/// mask a row, or empty) marks blocked squares.
#[wasm_bindgen]
pub fn board_svg(columns: Vec<u32>, blocked: Vec<u32>) -> Result<String, JsError> {
    let mut w = SolutionWriter::new(Vec::new(), Format::Svg);
    if !blocked.is_empty() {
        w = w.with_blocked(blocked.into_iter().map(u64::from).collect());
    }
    w.write(&columns).map_err(js)?;
    String::from_utf8(w.finish().map_err(js)?).map_err(js)
}

/// Every solution of the n×n board as LeetCode 51 prints it (`nqueens list N --format
/// leetcode`), without the final newline.
#[wasm_bindgen]
pub fn leetcode(n: usize) -> Result<String, JsError> {
    let mut w = SolutionWriter::new(Vec::new(), Format::Leetcode);
    for p in nqueens::solutions(n).map_err(js)? {
        w.write(p.columns()).map_err(js)?;
    }
    let text = String::from_utf8(w.finish().map_err(js)?).map_err(js)?;
    Ok(text.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_queens() {
        assert_eq!(solutions(4, 10).ok().unwrap(), [1, 3, 0, 2, 2, 0, 3, 1]);
        assert_eq!(solutions(8, 3).ok().unwrap().len(), 24);
        assert_eq!(classes(4).ok().unwrap(), [2, 1, 3, 0, 2]);
        assert_eq!(
            leetcode(4).ok().unwrap(),
            r#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#
        );
        assert_eq!(leetcode(3).ok().unwrap(), "[]");
    }

    #[test]
    fn classes_add_up() {
        let c = classes(8).ok().unwrap();
        let sizes: Vec<u32> = c.chunks(9).map(|b| b[0]).collect();
        assert_eq!(sizes.len(), 12);
        assert_eq!(sizes.iter().sum::<u32>(), 92);
    }

    #[test]
    fn pictures_are_the_library_s() {
        let svg = board_svg(vec![1, 3, 0, 2], vec![0, 0, 0, 0b1000])
            .ok()
            .unwrap();
        assert!(svg.starts_with("<?xml"));
        assert_eq!(svg.matches("href=\"#queen\"").count(), 4);
        assert_eq!(svg.matches("href=\"#blocked\"").count(), 1);
    }
}
