//! Lowering an octal or hexadecimal code (`octal 0.77`, `hex 0.F`): its
//! digits, checked.

use super::error::{NoAmount, RulesError};
use super::lowerer::Lowerer;
use crate::rules::OctalCode;
use crate::syntax::ast::Span;

/// The most digits after a code's point: digit j is about removing j
/// tokens, and each heap's moves are read from every digit.
const MAX_CODE_DIGITS: usize = 1000;

impl Lowerer<'_> {
    /// The digits of a code, each 0 to 7 (octal) or 0 to F (hexadecimal), at
    /// most one before the point.
    pub(super) fn code(&mut self, text: &str, hex: bool, rule: Span) -> Option<OctalCode> {
        // The code is the rule's last word.
        let start = rule.offset() + rule.len() - text.len();
        let (before, after) = text.split_once('.').unwrap_or(("", text));
        if after.len() > MAX_CODE_DIGITS {
            self.error(RulesError::CodeTooLong {
                digits: after.len(),
                limit: MAX_CODE_DIGITS,
                src: self.source.clone(),
                span: (start, text.len()).into(),
            });
            return None;
        }
        let mut digits = Vec::with_capacity(after.len() + 1);
        for (i, c) in text.char_indices() {
            if !hex && c.is_ascii_digit() && c > '7' {
                self.error(RulesError::NotOctal {
                    digit: c,
                    src: self.source.clone(),
                    span: (start + i, 1).into(),
                });
                return None;
            }
        }
        // Before the point: removing nothing, so only splits (4: into two
        // heaps; 8: into three, for hexadecimal codes).
        let first = match before.trim_start_matches('0') {
            "" => Some(0),
            "4" => Some(4),
            "8" if hex => Some(8),
            "C" | "c" if hex => Some(12),
            _ => None,
        };
        let Some(first) = first else {
            self.error(RulesError::CodeBeforePoint {
                before: before.to_string(),
                hex,
                src: self.source.clone(),
                span: (start, before.len()).into(),
            });
            return None;
        };
        digits.push(first);
        let radix = if hex { 16 } else { 8 };
        // The grammar lets only digits (hexadecimal ones after `hex`) through,
        // and the check above refused octal digits past 7.
        digits.extend(
            after
                .chars()
                .filter_map(|c| c.to_digit(radix))
                .map(|d| d as u8),
        );
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            self.empty(
                rule,
                NoAmount::Code {
                    code: text.to_string(),
                },
            );
            return None;
        }
        Some(OctalCode { digits, hex })
    }
}
