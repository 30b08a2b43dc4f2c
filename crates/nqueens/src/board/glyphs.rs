//! The characters that draw a board, each named once, because what is written must be what is
//! read back: a board printed by `list`, a puzzle's grid or a terminal picture is read again by
//! `verify` and by the puzzle reader, and a glyph spelt differently on the two sides would make
//! a board the program wrote unreadable to itself. Every writer, every reader and every message
//! that lists the glyphs takes them from here.

/// A queen in a board of text: `list --format board`, LeetCode's rows, a puzzle's grid.
pub const QUEEN: char = 'Q';

/// A square without a queen in a board of text.
pub const FREE: char = '.';

/// A blocked square of a puzzle's grid, where no queen may stand.
pub const BLOCKED: char = 'x';

/// A queen in the terminal picture (`--format unicode`).
pub const PICTURE_QUEEN: char = '♛';

/// A light square without a queen in the terminal picture.
pub const PICTURE_LIGHT: char = '·';

/// A dark square without a queen in the terminal picture.
pub const PICTURE_DARK: char = '▪';

/// A blocked square in the terminal picture.
pub const PICTURE_BLOCKED: char = '×';

/// Every square of the terminal picture, the queen first: the order in which messages list
/// them.
pub const PICTURE: [char; 4] = [PICTURE_QUEEN, PICTURE_LIGHT, PICTURE_DARK, PICTURE_BLOCKED];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glyphs_of_text_are_ascii_and_those_of_pictures_are_not() {
        // A reader tells a board of text from a picture by the first byte of a square.
        assert!([QUEEN, FREE, BLOCKED].iter().all(char::is_ascii));
        assert!(PICTURE.iter().all(|c| !c.is_ascii()));
        let mut all = vec![QUEEN, FREE, BLOCKED];
        all.extend(PICTURE);
        let before = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), before, "two squares drawn alike");
    }

    #[test]
    fn the_picture_lists_its_squares_queen_first() {
        assert_eq!(PICTURE.iter().collect::<String>(), "♛·▪×");
    }
}
