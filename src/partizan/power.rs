//! A power of up as CGSuite writes it: ↑ⁿ `^<n>`, ↑^{→n} = ↑ + ↑² + ... +
//! ↑ⁿ `^[n]`, and their negatives `v<n>`, `v[n]`. The store builds and
//! recognises them (`powers`).

/// The largest exponent a power of up may have: ↑^{→n} nests n + 1 deep,
/// as deep as a written value may (`written::MAX_DEPTH`).
pub const MAX_EXPONENT: u32 = 64;

/// A power of up: ±↑ⁿ (`^<n>`) or ±↑^{→n} (`^[n]`), n ≥ 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PowerOfUp {
    /// n, from 1 to `MAX_EXPONENT`.
    pub exponent: u32,
    /// ↑^{→n}, the sum of the powers to n, rather than ↑ⁿ alone.
    pub summed: bool,
    /// Down: the negative.
    pub down: bool,
}

impl PowerOfUp {
    /// As CGSuite writes it: `^<2>`, `v[3]`.
    pub fn text(self) -> String {
        let arrow = if self.down { 'v' } else { '^' };
        let (open, close) = if self.summed { ('[', ']') } else { ('<', '>') };
        format!("{arrow}{open}{}{close}", self.exponent)
    }
}
