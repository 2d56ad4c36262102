//! Lowering an octal code (`octal 0.77`): its digits, checked.

use super::Lowerer;
use crate::diagnostics::{Code, Error};
use crate::rules::OctalCode;
use crate::syntax::ast::Span;

impl Lowerer<'_> {
    /// The digits of an octal code, each 0 to 7, at most one before the point.
    pub(super) fn octal(&mut self, text: &str, rule: Span) -> Option<OctalCode> {
        // The code is the rule's last word.
        let start = rule.offset() + rule.len() - text.len();
        let (before, after) = text.split_once('.').unwrap_or(("", text));
        let mut digits = Vec::with_capacity(after.len() + 1);
        for (i, c) in text.char_indices() {
            if c.is_ascii_digit() && c > '7' {
                self.error(
                    Error::new(Code::WrongKind, format!("`{c}` is not an octal digit"))
                        .at(self.source, (start + i, 1).into(), "not 0 to 7")
                        .help("each digit of an octal code is 0 to 7: bit 1 leaves no heap, bit 2 one heap, bit 4 two heaps"),
                );
                return None;
            }
        }
        match before.trim_start_matches('0') {
            "" => digits.push(0),
            "4" => digits.push(4),
            _ => {
                self.error(
                    Error::new(Code::WrongKind, format!("`{before}` cannot stand before the point of an octal code"))
                        .at(self.source, (start, before.len()).into(), "only 0 or 4 here")
                        .help("the digit before the point is for removing nothing: 4 (split a heap in two) or 0"),
                );
                return None;
            }
        }
        digits.extend(after.bytes().map(|b| b - b'0'));
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            self.empty(rule, format!("the octal code {text} allows no move"));
            return None;
        }
        Some(OctalCode { digits })
    }
}
