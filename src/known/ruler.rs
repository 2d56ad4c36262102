//! Ruler: a row of coins; a move turns over any number of coins next to each
//! other, the rightmost from heads to tails (`turn 1.. coins in a row`).
//! Winning Ways, ch. 14, and T. S. Ferguson, Game Theory, Part I, §5.3:
//! numbering the coins from 1, coin n alone has the value of the largest
//! power of 2 dividing n (OEIS A006519), and a position's value is the XOR
//! of its heads' (the coin-turning theorem).
//!
//! Its winning moves: the values of coins 1..m XOR to the Gray code
//! m xor (m >> 1) (bit b of the XOR counts the odd multiples of 2^b up to m,
//! which is odd iff bits b and b + 1 of m differ). A run from coin s + 1 to
//! the head c changes the value by gray(c) xor gray(s), so from a position of
//! value v the one run ending at head c that wins starts after
//! s = gray⁻¹(v xor gray(c)), when s < c.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::closed::{Closed, Entry, Known, KnownMove, WinningMoves};
use super::coins::{counts_are, single_turn};
use crate::position::{Outcome, symmetric_difference};
use crate::rules::Game;

pub static ENTRY: Entry = Entry {
    id: "ruler",
    recognises: "coins; turn 1.. coins in a row; normal play",
    formula: "coin n alone (numbered from 1) has the value of the largest power of 2 dividing n; a position's value is the XOR of its heads'; from value v the winning run ending at head c starts after coin gray⁻¹(v xor gray(c)), gray(m) = m xor (m >> 1)",
    source: "Ruler: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 14; T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §5.3; the values: OEIS A006519",
    recognise,
};

/// Moves that turn more coins than this are counted, not listed: the
/// position after one has that many more heads.
const MOST_LISTED_TURNED: u64 = 1 << 16;

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let (base, row, origin) = single_turn(game)?;
    (row && counts_are(base, 1, None)).then(|| Box::new(Ruler { origin }) as Box<dyn Known>)
}

struct Ruler {
    origin: u64,
}

/// The largest power of 2 dividing `n` (n >= 1).
pub(super) fn ruler_value(n: &BigUint) -> BigUint {
    BigUint::one() << n.trailing_zeros().unwrap_or(0)
}

/// The Gray code of `m`: m xor (m >> 1).
fn gray(m: &BigUint) -> BigUint {
    m ^ (m >> 1u32)
}

/// The number whose Gray code is `g`: the XOR of g >> k for every k.
fn gray_inverse(g: &BigUint) -> BigUint {
    let mut out = BigUint::zero();
    let mut shifted = g.clone();
    while !shifted.is_zero() {
        out ^= &shifted;
        shifted >>= 1u32;
    }
    out
}

impl Known for Ruler {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        format!(
            "coin n alone has the value of the largest power of 2 dividing {}; a position's value is the XOR of its heads'",
            match self.origin {
                0 => "n + 1",
                _ => "n",
            }
        )
    }

    fn coin_value(&self, coin: &BigUint) -> Option<BigUint> {
        Some(ruler_value(&(coin + 1u64 - self.origin)))
    }

    fn analyze(&self, heads: &[BigUint], max_moves: usize) -> Closed {
        let shift = 1 - self.origin;
        // Coin numbers counted from 1.
        let counted: Vec<BigUint> = heads.iter().map(|h| h + shift).collect();
        let v = counted
            .iter()
            .fold(BigUint::zero(), |x, c| x ^ ruler_value(c));
        let mut winning = WinningMoves::default();
        if !v.is_zero() {
            for (head, c) in heads.iter().zip(&counted) {
                let s = gray_inverse(&(&v ^ gray(c)));
                if s >= *c {
                    continue;
                }
                winning.count += 1u32;
                let length = c - &s;
                let listed =
                    winning.moves.len() < max_moves && length <= BigUint::from(MOST_LISTED_TURNED);
                if listed {
                    let first = head + 1u32 - &length;
                    let mut turned = Vec::new();
                    let mut coin = first;
                    while coin <= *head {
                        turned.push(coin.clone());
                        coin += 1u32;
                    }
                    winning.moves.push(KnownMove {
                        rule: 0,
                        to: symmetric_difference(heads, &turned),
                    });
                }
            }
        }
        Closed {
            outcome: Outcome::p_if(v.is_zero()),
            grundy: Some(v),
            winning,
        }
    }
}
