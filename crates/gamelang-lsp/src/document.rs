//! An open file: its text, where its lines start (the protocol counts
//! columns in UTF-16 code units), its syntax tree, and the program `check`
//! made of it with every error and warning.

use std::sync::Arc;

use gamelang::Error;
use gamelang::File;
use gamelang::Source;
use gamelang::parse_file;
use gamelang::{Program, check};
use lsp_types::{Position, Range};

use crate::guard::guarded;

/// A file as the editor has it now.
pub struct Document {
    pub version: i32,
    pub text: String,
    pub lines: LineIndex,
    /// What parsed, for names and the outline (a broken item is left out).
    pub tree: File,
    /// The checked program: its questions are what `analyze` asks.
    pub program: Arc<Program>,
    /// Every error `check` finds, then its warnings.
    pub errors: Vec<Error>,
    pub warnings: Vec<gamelang::Warning>,
    /// Why the file was not checked, where it was not: then it has no
    /// tree, no program and no errors but this one.
    pub refused: Option<Refused>,
}

/// Why a file was not checked.
pub enum Refused {
    /// It is larger than a `.game` file may be (`gamelang::MAX_BYTES`).
    TooLarge,
    /// Checking it met a bug: the panic's message.
    Bug(String),
}

impl Refused {
    /// The diagnostic code, message and help the editor is shown.
    pub fn diagnostic(&self) -> (&'static str, String, String) {
        match self {
            Refused::TooLarge => (
                "gamelang::io",
                format!(
                    "this file is larger than {} bytes, the most a .game file may be",
                    gamelang::MAX_BYTES
                ),
                "split it: the server checks, answers and formats nothing in it".to_string(),
            ),
            Refused::Bug(message) => (
                "gamelang::internal",
                format!("internal error while checking this file: {message}"),
                "this is a bug in gamelang: please report it with the file; every other file is served as before".to_string(),
            ),
        }
    }
}

impl Document {
    pub fn new(name: &str, version: i32, text: String) -> Document {
        let lines = LineIndex::new(&text);
        let checked = match text.len() > gamelang::MAX_BYTES {
            true => Err(Refused::TooLarge),
            false => guarded(|| {
                let source = Source::new(name, text.clone());
                let (program, errors) = check(&source, Vec::new());
                let warnings = program.warnings();
                let tree = parse_file(&text).0;
                (tree, program, errors, warnings)
            })
            .map_err(Refused::Bug),
        };
        let (tree, program, errors, warnings, refused) = match checked {
            Ok((tree, program, errors, warnings)) => (tree, program, errors, warnings, None),
            Err(refused) => {
                let empty = check(&Source::new(name, ""), Vec::new()).0;
                (
                    File::default(),
                    empty,
                    Vec::new(),
                    Vec::new(),
                    Some(refused),
                )
            }
        };
        Document {
            version,
            lines,
            text,
            tree,
            program: Arc::new(program),
            errors: errors.into_iter().map(Error::from).collect(),
            warnings,
            refused,
        }
    }

    /// The byte offset of a protocol position (clamped into the text).
    pub fn offset(&self, position: Position) -> usize {
        self.lines.offset(&self.text, position)
    }

    /// The protocol range of a byte range.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range {
            start: self.lines.position(&self.text, start),
            end: self.lines.position(&self.text, end),
        }
    }
}

/// Where each line starts, as byte offsets.
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The protocol position of byte `offset`: its line, and its column in
    /// UTF-16 code units.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let column: usize = text[self.starts[line]..offset]
            .chars()
            .map(char::len_utf16)
            .sum();
        Position::new(line as u32, column as u32)
    }

    /// The byte offset of a protocol position; a column past the line's end
    /// is its end, a line past the text's end is the text's end.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let mut units = 0;
        for (i, c) in text[start..end].char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

/// The start of the character `offset` falls in.
fn floor_char(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_code_units() {
        let text = "play misère\n// 𝔾 game\nx";
        let lines = LineIndex::new(text);
        // `è` is one unit, `𝔾` two.
        let after_e = text.find("re").expect("there");
        assert_eq!(lines.position(text, after_e), Position::new(0, 9));
        let game = text.find("game").expect("there");
        assert_eq!(lines.position(text, game), Position::new(1, 6));
        assert_eq!(lines.offset(text, Position::new(1, 6)), game);
        assert_eq!(lines.offset(text, Position::new(2, 99)), text.len());
        assert_eq!(lines.offset(text, Position::new(9, 0)), text.len());
    }
}
