//! Twins and Turning Turtles: a row of coins; a move turns over two coins
//! (`turn 2 coins`: Twins), or one or two (`turn 1..2 coins`: Turning
//! Turtles), the rightmost from heads to tails. Winning Ways, ch. 14, and
//! T. S. Ferguson, Game Theory, Part I, §5.1: both are Nim in disguise. In
//! Twins, coin n alone (numbered from 0) moves to any one coin left of it:
//! its value is n (the mex of 0, ..., n - 1). In Turning Turtles it moves
//! to no coin or to one left of it: its value is n + 1 (coins from 0).
//! A position's value is the XOR of its heads' (the coin-turning theorem).
//!
//! Its winning moves, from value v at head n of value g(n): turning n and
//! the coin m < n of value v xor g(n) (one coin at most has it), and, in
//! Turning Turtles, turning n alone where g(n) = v.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::closed::{Closed, Entry, Known, WinningMoves};
use super::coins::{counts_are, single_turn};
use crate::position::Outcome;
use crate::rules::Game;

pub static TWINS: Entry = Entry {
    id: "twins",
    recognises: "coins; turn 2 coins (or {2}); normal play",
    formula: "coin n alone (numbered from 0) has the value n; a position's value is the XOR of its heads': Nim, each head a heap of its number",
    source: "Twins: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 14; T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §5.1",
    recognise: recognise_twins,
};

pub static TURNING_TURTLES: Entry = Entry {
    id: "turning_turtles",
    recognises: "coins; turn 1..2 coins (or {1, 2}); normal play",
    formula: "coin n alone (numbered from 0) has the value n + 1; a position's value is the XOR of its heads': Nim, each head a heap of its number from 1",
    source: "Turning Turtles: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 14; T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §5.1",
    recognise: recognise_turning_turtles,
};

fn recognise_twins(game: &Game) -> Option<Box<dyn Known>> {
    nim_coins(game, false)
}

fn recognise_turning_turtles(game: &Game) -> Option<Box<dyn Known>> {
    nim_coins(game, true)
}

/// A game that turns 1..2 coins (`alone`) or exactly 2, in any places.
fn nim_coins(game: &Game, alone: bool) -> Option<Box<dyn Known>> {
    let (base, row, origin) = single_turn(game)?;
    let least = if alone { 1 } else { 2 };
    (!row && counts_are(base, least, Some(2)))
        .then(|| Box::new(NimCoins { origin, alone }) as Box<dyn Known>)
}

/// Twins (`alone` false) or Turning Turtles (`alone`: a coin may be turned
/// alone).
struct NimCoins {
    origin: u64,
    alone: bool,
}

impl NimCoins {
    /// The value of coin `n` counted from 0.
    fn value(&self, n: &BigUint) -> BigUint {
        match self.alone {
            true => n + 1u32,
            false => n.clone(),
        }
    }

    /// The coin (counted from 0) whose value is `g`, if any.
    fn coin_of(&self, g: &BigUint) -> Option<BigUint> {
        match self.alone {
            true if g.is_zero() => None,
            true => Some(g - BigUint::one()),
            false => Some(g.clone()),
        }
    }
}

impl Known for NimCoins {
    fn id(&self) -> &'static str {
        match self.alone {
            true => TURNING_TURTLES.id,
            false => TWINS.id,
        }
    }

    fn rule(&self) -> String {
        // n less the first coin's number, plus one for Turning Turtles.
        let shift = i128::from(self.alone) - i128::from(self.origin);
        let value = match shift {
            0 => "n".to_string(),
            s if s > 0 => format!("n + {s}"),
            s => format!("n - {}", -s),
        };
        format!(
            "coin n alone has the value {value}; a position's value is the XOR of its heads' (Nim)"
        )
    }

    fn coin_value(&self, coin: &BigUint) -> Option<BigUint> {
        let origin = BigUint::from(self.origin);
        (*coin >= origin).then(|| self.value(&(coin - &origin)))
    }

    fn analyze(&self, heads: &[BigUint], max_moves: usize) -> Closed {
        let origin = BigUint::from(self.origin);
        let counted: Vec<BigUint> = heads.iter().map(|h| h - &origin).collect();
        let v = counted
            .iter()
            .fold(BigUint::zero(), |x, n| x ^ self.value(n));
        let mut winning = WinningMoves::default();
        if !v.is_zero() {
            for n in &counted {
                let g = self.value(n);
                if self.alone && g == v {
                    winning.count_turning(heads, &[n], &origin, max_moves);
                }
                if let Some(m) = self.coin_of(&(&v ^ &g)).filter(|m| m < n) {
                    winning.count_turning(heads, &[&m, n], &origin, max_moves);
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
