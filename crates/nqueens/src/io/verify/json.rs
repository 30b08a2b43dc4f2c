//! JSON objects with a `"columns"` array of 0-based columns (JSON Lines as `list` and `find`
//! write them); other fields are skipped.

use super::reader::{InputFormat, MAX_VERIFY_N, Parse, Placed, ReadError, Reader};
use std::io::Read;

impl<R: Read> Reader<R> {
    /// A JSON object: `"columns"` read as numbers, `"n"` checked, anything else skipped.
    pub(super) fn json(&mut self) -> Parse<Placed> {
        let start = self.line;
        let mut columns: Option<Vec<u32>> = None;
        let mut n: Option<u32> = None;
        self.expect(b'{', "a JSON object")?;
        self.skip_space()?;
        if self.peek()? == Some(b'}') {
            self.bump();
        } else {
            loop {
                self.skip_space()?;
                let key = self.json_key()?;
                self.skip_space()?;
                self.expect(b':', "a JSON object")?;
                self.skip_space()?;
                match key.as_str() {
                    "columns" if columns.is_none() => columns = Some(self.json_columns()?),
                    "n" if n.is_none() => match self.peek()? {
                        Some(b'0'..=b'9') => {
                            n = Some(self.number_at_most(
                                MAX_VERIFY_N as u64,
                                "\"n\" is too large: a board has at most 1,000,000,000 rows",
                            )?)
                        }
                        other => return Err(self.unexpected(other, "the JSON field \"n\"")),
                    },
                    "columns" | "n" => {
                        return Err(self.error(format!("the JSON field \"{key}\" appears twice")));
                    }
                    _ => self.skip_json_value()?,
                }
                self.skip_space()?;
                match self.peek()? {
                    Some(b',') => self.bump(),
                    Some(b'}') => {
                        self.bump();
                        break;
                    }
                    other => return Err(self.unexpected(other, "a JSON object")),
                }
            }
        }
        let Some(columns) = columns else {
            return Err(ReadError::Unreadable {
                line: start,
                reason: "the JSON object has no \"columns\" field".to_string(),
            });
        };
        let len = columns.len();
        if len == 0 {
            return Err(ReadError::Unreadable {
                line: start,
                reason: "the \"columns\" list is empty: a board has at least one row".to_string(),
            });
        }
        if let Some(n) = n
            && n as usize != len
        {
            return Err(ReadError::Unreadable {
                line: start,
                reason: format!("\"n\" is {n} but \"columns\" holds {len} columns"),
            });
        }
        if let Some(row) = columns.iter().position(|&c| c as usize >= len) {
            return Err(ReadError::Unreadable {
                line: start,
                reason: format!(
                    "row {} has column {}, but the {len} JSON columns run from 0 to {}",
                    row + 1,
                    columns[row],
                    len - 1
                ),
            });
        }
        Ok(Placed {
            line: start,
            format: InputFormat::Json,
            columns,
            row_problem: None,
        })
    }

    /// A JSON string used as a key; keys we care about are short, so it is kept only that far.
    pub(super) fn json_key(&mut self) -> Parse<String> {
        self.expect(b'"', "a JSON object (a key was expected)")?;
        let mut key = Vec::new();
        loop {
            match self.peek()? {
                Some(b'"') => {
                    self.bump();
                    break;
                }
                Some(b'\\') => {
                    self.bump();
                    self.peek()?;
                    if self.pos < self.len {
                        self.bump();
                    }
                    key.push(b'\\'); // an escaped key is none of ours
                }
                Some(b'\n') | None => {
                    return Err(self.error("a JSON string is not closed".to_string()));
                }
                Some(b) => {
                    if key.len() < 16 {
                        key.push(b);
                    }
                    self.bump();
                }
            }
        }
        Ok(String::from_utf8_lossy(&key).into_owned())
    }

    /// `[c, c, ...]` of whole numbers.
    pub(super) fn json_columns(&mut self) -> Parse<Vec<u32>> {
        let what = "the JSON \"columns\" list";
        self.expect(b'[', what)?;
        let mut columns = Vec::new();
        self.skip_space()?;
        if self.peek()? == Some(b']') {
            self.bump();
            return Ok(columns);
        }
        loop {
            self.skip_space()?;
            match self.peek()? {
                Some(b'0'..=b'9') => {
                    if columns.len() == MAX_VERIFY_N {
                        return Err(self.error(format!("more than {MAX_VERIFY_N} columns")));
                    }
                    let v = self.whole_number()?;
                    self.push_column(&mut columns, v)?;
                }
                other => return Err(self.unexpected(other, &format!("{what} (whole numbers)"))),
            }
            self.skip_space()?;
            match self.peek()? {
                Some(b',') => self.bump(),
                Some(b']') => {
                    self.bump();
                    return Ok(columns);
                }
                other => return Err(self.unexpected(other, &format!("{what} (whole numbers)"))),
            }
        }
    }

    /// Steps over one JSON value of any kind. Nesting is followed with a stack of the brackets
    /// to close, not by recursion, so deep input cannot overflow the call stack.
    pub(super) fn skip_json_value(&mut self) -> Parse<()> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            self.skip_space()?;
            match self.peek()? {
                Some(b'"') => self.skip_json_string()?,
                Some(b'{') => {
                    self.bump();
                    open.push(b'}');
                }
                Some(b'[') => {
                    self.bump();
                    open.push(b']');
                }
                Some(b @ (b'}' | b']')) => {
                    if open.last() != Some(&b) {
                        return Err(self.unexpected(Some(b), "a JSON value"));
                    }
                    self.bump();
                    open.pop();
                }
                Some(b',' | b':') if !open.is_empty() => self.bump(),
                Some(b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z') => {
                    // A number or true/false/null: a run of such characters.
                    while let Some(b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z') =
                        self.peek()?
                    {
                        self.bump();
                    }
                }
                other => return Err(self.unexpected(other, "a JSON value")),
            }
            if open.is_empty() {
                return Ok(());
            }
        }
    }

    pub(super) fn skip_json_string(&mut self) -> Parse<()> {
        self.bump(); // the opening quote
        loop {
            match self.peek()? {
                Some(b'"') => {
                    self.bump();
                    return Ok(());
                }
                Some(b'\\') => {
                    self.bump();
                    if matches!(self.peek()?, None | Some(b'\n')) {
                        return Err(self.error("a JSON string is not closed".to_string()));
                    }
                    self.bump();
                }
                Some(b'\n') | None => {
                    return Err(self.error("a JSON string is not closed".to_string()));
                }
                Some(_) => self.bump(),
            }
        }
    }
}
