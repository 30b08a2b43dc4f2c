//! Checking placements someone hands us: a streaming reader for every format `list` and `find`
//! write, and an O(n) test of each placement it reads.
//!
//! The reader works on bytes and recognises each placement by its first character, so one input
//! may mix formats and hold any number of placements:
//!
//! - `Q` or `.`: a board, one row a line, ended by a blank line or the end of the input; the
//!   pictures of `--format unicode` (`♛` a queen; `·`, `▪` and `×` squares without one) read
//!   the same way;
//! - `<`: an SVG document as `--format svg` writes it, one placement per board drawn (its
//!   squares, and the queens placed on them);
//! - a digit: a permutation line, the 1-based column of each row (`2 4 1 3`);
//! - `{`: a JSON object with a `"columns"` array of 0-based columns (JSON Lines as `list` and
//!   `find` write it; other fields are skipped, and `"n"`, when present, must match);
//! - `[`: LeetCode's list of boards (`[[".Q..","...Q",...],...]`) or a single board.
//!
//! A permutation or JSON line of a hundred million queens is read number by number into one
//! `u32` each, never as text or as a JSON tree, and the check keeps one bit per column and
//! diagonal (about 5 bits a queen) rather than a row number.
//!
//! Two kinds of trouble are kept apart. Input that does not describe a placement (a stray
//! character, a board that is not square, a column beyond the board) is *unreadable*: reading
//! stops with the line and the reason. A placement that reads fine but is not a solution (two
//! queens attacking, or a board row without a queen) is *invalid*: its [`Conflict`] is reported and
//! reading goes on.

mod board;
mod json;
mod leetcode;
mod perm;
mod reader;
mod svg;

pub use reader::{InputFormat, MAX_VERIFY_N, Placed, ReadError, Reader};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::conflict::{Conflict, Line};
    use proptest::prelude::*;

    fn read_all(text: &str) -> Result<Vec<Placed>, ReadError> {
        Reader::new(text.as_bytes()).collect()
    }

    fn unreadable(text: &str) -> (usize, String) {
        match read_all(text) {
            Err(ReadError::Unreadable { line, reason }) => (line, reason),
            other => panic!("expected an unreadable input, got {other:?}"),
        }
    }

    /// Each input is unreadable, with a message that holds the part given beside it.
    fn says_unreadable(cases: &[(&str, &str)]) {
        for (input, part) in cases {
            let message = unreadable(input).1;
            assert!(message.contains(part), "{input:?}: {message}");
        }
    }

    #[test]
    fn every_format_reads_the_same_placement() {
        let text = "\
.Q..
...Q
Q...
..Q.

2 4 1 3
{\"columns\":[1,3,0,2]}
{\"n\":4,\"class_size\":8,\"columns\":[1,3,0,2],\"extra\":{\"a\":[1,\"]\",null]}}
[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]
[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]
";
        let all = read_all(text).unwrap();
        let formats: Vec<_> = all.iter().map(|p| (p.format(), p.line())).collect();
        use InputFormat::*;
        assert_eq!(
            formats,
            vec![
                (Board, 1),
                (Perm, 6),
                (Json, 7),
                (Json, 8),
                (Leetcode, 9),
                (Leetcode, 9),
                (Leetcode, 10)
            ]
        );
        for (i, p) in all.iter().enumerate() {
            let want: &[u32] = if i == 5 { &[2, 0, 3, 1] } else { &[1, 3, 0, 2] };
            assert_eq!(p.columns(), want, "placement {i}");
            assert_eq!(p.problem(), None);
        }
    }

    #[test]
    fn pictures_read_back_as_what_they_draw() {
        use crate::io::format::{Format, SolutionWriter};
        let boards: [&[u32]; 3] = [&[1, 3, 0, 2], &[2, 0, 3, 1], &[0, 1, 2, 3]];
        for format in [Format::Unicode, Format::Svg] {
            let mut w = SolutionWriter::new(Vec::new(), format).with_blocked(vec![0, 0b1, 0, 0]);
            for b in boards {
                w.write(b).unwrap();
            }
            let text = String::from_utf8(w.finish().unwrap()).unwrap();
            let all = read_all(&text).unwrap();
            let columns: Vec<&[u32]> = all.iter().map(|p| p.columns()).collect();
            assert_eq!(columns, boards, "{format}");
            let want = match format {
                Format::Unicode => InputFormat::Unicode,
                _ => InputFormat::Svg,
            };
            assert!(all.iter().all(|p| p.format() == want), "{format}");
            assert_eq!(all[0].problem(), None);
            assert!(matches!(
                all[2].problem(),
                Some(Conflict::Attack {
                    along: Line::Diagonal,
                    ..
                })
            ));
        }
        // A picture's row with two queens, and a broken symbol.
        let two = read_all("♛ ♛\n· ▪\n").unwrap();
        assert!(matches!(
            two[0].problem(),
            Some(Conflict::Attack {
                along: Line::Row,
                ..
            })
        ));
        assert!(unreadable("♛ \u{2603}\n").1.contains("row 1"));
        // Each message lists the glyphs a row may hold.
        assert_eq!(
            unreadable("Q.\n.Z\n").1,
            "unexpected 'Z' in row 2 of a board (rows hold only Q and ., or the squares ♛ · ▪ × \
             of a picture)"
        );
        assert_eq!(
            unreadable("[\".Q\",\"Q*\"]").1,
            "unexpected '*' in a LeetCode row (Q and . only)"
        );
        // A broken glyph; an SVG that stops half way, or a queen drawn off its board; a drawing
        // of 5×6 squares is no board, nor one that gives no height.
        says_unreadable(&[
            ("\u{00b7}\u{00b8}\n", "broken square symbol"),
            ("<svg><g><rect width=\"4\" height=\"4\"/>", "ends inside"),
            (
                "<svg><g><rect width=\"2\" height=\"2\"/><use href=\"#queen\" x=\"5\" y=\"0\"/></g></svg>",
                "off the board",
            ),
            (
                "<svg><g><use href=\"#queen\" x=\"0\" y=\"0\"/></g></svg>",
                "without its squares",
            ),
            (
                "<svg><g><rect width=\"5\" height=\"6\"/></g></svg>",
                "5×6 squares",
            ),
            ("<svg><g><rect width=\"5\"/></g></svg>", "'height'"),
        ]);
    }

    #[test]
    fn problems_in_boards() {
        let two = read_all("QQ..\n...Q\n....\n..Q.\n").unwrap();
        assert_eq!(
            two[0].problem().unwrap().to_string(),
            "queens at row 1, column 1 and row 1, column 2 share a row"
        );
        let empty = read_all(".Q..\n...Q\n....\n..Q.\n").unwrap();
        assert_eq!(empty[0].problem(), Some(Conflict::EmptyRow { row: 2 }));
        let col = read_all("1 3 1\n").unwrap();
        assert_eq!(
            col[0].problem().unwrap().to_string(),
            "queens at row 1, column 1 and row 3, column 1 share a column"
        );
        let anti = read_all("{\"columns\":[1,0]}").unwrap();
        assert_eq!(
            anti[0].problem().unwrap().to_string(),
            "queens at row 1, column 2 and row 2, column 1 share a diagonal (/)"
        );
    }

    #[test]
    fn unreadable_inputs_name_line_and_reason() {
        assert_eq!(unreadable("2 4 1 3\n\n1 2 5\n").0, 3);
        assert!(unreadable("1 2 5\n").1.contains("run from 1 to 3"));
        assert!(unreadable("0 1\n").1.contains("column 0"));
        assert_eq!(unreadable(".Q.\n..Q\n").0, 1);
        assert!(unreadable(".Q.\n..Q\n").1.contains("must be square"));
        assert_eq!(
            unreadable(".Q..\n.Q.\n"),
            (
                2,
                "row 2 of the board has 3 squares, the rows above have 4".to_string()
            )
        );
        assert_eq!(unreadable("hello\n").0, 1);
        assert!(
            unreadable("\n\u{0100}")
                .1
                .starts_with("unexpected non-ASCII byte 0xc4")
        );
        assert_eq!(unreadable("\n\n.Q#.\n").0, 3);
        says_unreadable(&[
            ("{\"n\":5,\"columns\":[0]}", "\"n\" is 5"),
            ("{\"count\":92}", "no \"columns\""),
            ("{\"columns\":[]}", "empty"),
            ("{\"columns\":[0,-1]}", "unexpected '-'"),
            ("{\"columns\":[0,1.5]}", "unexpected '.'"),
            ("{\"columns\":[0,1]", "ends inside"),
            ("[[\".Q\"", "ends inside"),
            ("99999999999\n", "too large"),
            (
                "{\"n\":99999999999999999999999,\"columns\":[0]}",
                "\"n\" is too large: a board has at most 1,000,000,000 rows",
            ),
        ]);
    }

    #[test]
    fn many_empty_lists_do_not_overflow_the_stack() {
        let text = "[]".repeat(1_000_000) + "[[\"Q\"]]" + &"[]".repeat(1_000_000);
        let all = read_all(&text).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].columns(), &[0]);
    }

    #[test]
    fn empty_input_has_no_placements() {
        assert!(read_all("").unwrap().is_empty());
        assert!(read_all("\n  \n").unwrap().is_empty());
        assert!(read_all("[]\n").unwrap().is_empty());
    }

    proptest! {
        #[test]
        fn reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            for p in Reader::new(&bytes[..]).take(1000).flatten() {
                let _ = p.problem();
            }
        }
    }
}
