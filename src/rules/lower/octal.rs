//! Lowering an octal code (`octal 0.77`): its digits, checked.

use super::{Error, Lowerer, NoAmount};
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
                self.error(Error::NotOctal {
                    digit: c,
                    src: self.source.clone(),
                    span: (start + i, 1).into(),
                });
                return None;
            }
        }
        match before.trim_start_matches('0') {
            "" => digits.push(0),
            "4" => digits.push(4),
            _ => {
                self.error(Error::OctalBeforePoint {
                    before: before.to_string(),
                    src: self.source.clone(),
                    span: (start, before.len()).into(),
                });
                return None;
            }
        }
        digits.extend(after.bytes().map(|b| b - b'0'));
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            self.empty(
                rule,
                NoAmount::Octal {
                    code: text.to_string(),
                },
            );
            return None;
        }
        Some(OctalCode { digits })
    }
}
