//! Every solution and every symmetry class of a board, drawn with the library's own SVG, and
//! LeetCode 51's answer, for the page's gallery.

use nqueens::io::{Format, SolutionWriter};
use nqueens::symmetry::{Symmetry, canonical};
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

/// Every solution, grouped by symmetry class: for each class, in the order of [`classes`], its
/// size k followed by its k boards, each as its number in [`solutions`]' order (from 1), the
/// symmetry that maps the class's first board onto it (its place in [`Symmetry::ALL`]: 0 the
/// identity, 1 to 3 the quarter, half and three-quarter turns clockwise, 4 left and right
/// swapped, 5 top and bottom swapped, 6 and 7 the reflections in the diagonals `\` and `/`;
/// the first of them where several do) and its n columns. The first board of a class is its
/// representative.
///
/// ```
/// use nqueens_web::gallery::class_members;
///
/// // 4×4: one class of two boards, 1 3 0 2 and its mirror image 2 0 3 1.
/// assert_eq!(class_members(4).unwrap(), [2, 1, 0, 1, 3, 0, 2, 2, 4, 2, 0, 3, 1]);
/// ```
#[wasm_bindgen]
pub fn class_members(n: usize) -> Result<Vec<u32>, JsError> {
    // A representative is the smallest board of its class, so the classes appear in the
    // lexicographic walk in the order of their representatives: each board joins the class of
    // its canonical image, opened when first met.
    let mut order: Vec<Vec<u32>> = Vec::new();
    let mut members: Vec<Vec<(u32, Vec<u32>)>> = Vec::new();
    for (i, p) in nqueens::solutions(n).map_err(js)?.enumerate() {
        let key = canonical(p.columns());
        let at = match order.iter().position(|k| *k == key) {
            Some(at) => at,
            None => {
                order.push(key);
                members.push(Vec::new());
                order.len() - 1
            }
        };
        members[at].push((i as u32 + 1, p.into_columns()));
    }
    let mut out = Vec::new();
    for class in members {
        out.push(class.len() as u32);
        let first = class[0].1.clone();
        for (number, columns) in class {
            out.push(number);
            let by = (Symmetry::ALL.iter())
                .position(|s| s.apply(&first) == columns)
                .expect("a class's boards are images of its first");
            out.push(by as u32);
            out.extend(columns);
        }
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
    fn members_are_the_classes_boards() {
        for n in [4, 6, 8] {
            let got = class_members(n).ok().unwrap();
            let want = classes(n).ok().unwrap();
            let all = solutions(n, 1 << 20).ok().unwrap();
            let (mut at, mut seen) = (0, Vec::new());
            for class in want.chunks(n + 1) {
                let size = got[at] as usize;
                assert_eq!(size as u32, class[0], "n = {n}");
                let boards: Vec<&[u32]> = (0..size)
                    .map(|k| &got[at + 1 + k * (n + 2)..at + 1 + (k + 1) * (n + 2)])
                    .collect();
                assert_eq!(
                    &boards[0][2..],
                    &class[1..],
                    "the representative comes first"
                );
                assert_eq!(boards[0][1], 0, "the identity maps the first onto itself");
                for b in boards {
                    let number = b[0] as usize;
                    assert_eq!(&all[(number - 1) * n..number * n], &b[2..]);
                    assert_eq!(canonical(&b[2..]), &class[1..]);
                    // The symmetry named maps the class's first board onto this one.
                    let by = Symmetry::ALL[b[1] as usize];
                    assert_eq!(by.apply(&class[1..]), &b[2..], "n = {n}, board {number}");
                    seen.push(number);
                }
                at += 1 + size * (n + 2);
            }
            assert_eq!(at, got.len());
            seen.sort();
            assert_eq!(
                seen,
                (1..=all.len() / n).collect::<Vec<_>>(),
                "every board once"
            );
        }
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
