//! Mock Turtles: a row of coins; a move turns over one, two or three coins,
//! the rightmost from heads to tails (`turn 1..3 coins`). Winning Ways,
//! ch. 14, and T. S. Ferguson, Game Theory, Part I, §5.2: numbering the
//! coins from 0, coin n alone has the value of the n-th odious number (an
//! odd number of 1s in binary: 1, 2, 4, 7, 8, ...; OEIS A000069), 2n or
//! 2n + 1, and a position's value is the XOR of its heads' (the
//! coin-turning theorem).
//!
//! Its winning moves, from value v at head n (coins counted from 0): the
//! other coins turned must XOR to t = v xor g(n). None: t = 0. One coin: t
//! odious, coin t >> 1, left of n. Two coins a < b: g(a) xor g(b) = t, which
//! is evil (two odious numbers) and not 0; every odious value x < 2n whose
//! partner x xor t is below 2n too gives one (x xor t is odious, an odious
//! and an evil number XOR to an odious one). Those x are counted by their
//! binary digits, exactly, for coins of any size.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::closed::{Closed, Entry, Known, KnownMove, WinningMoves};
use super::coins::{counts_are, single_turn};
use crate::platform::usize_of;
use crate::position::{Outcome, symmetric_difference};
use crate::rules::Game;

pub static ENTRY: Entry = Entry {
    id: "mock_turtles",
    recognises: "coins; turn 1..3 coins (or {1, 2, 3}); normal play",
    formula: "coin n alone (numbered from 0) has the value of the n-th odious number, 2n or 2n + 1 (whichever has an odd number of 1s in binary); a position's value is the XOR of its heads'",
    source: "Mock Turtles: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 14; T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §5.2; the values: OEIS A000069",
    recognise,
};

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let (base, row, origin) = single_turn(game)?;
    (!row && counts_are(base, 1, Some(3)))
        .then(|| Box::new(MockTurtles { origin }) as Box<dyn Known>)
}

struct MockTurtles {
    origin: u64,
}

/// The n-th odious number (from n = 0): 2n, plus 1 when n has an even
/// number of 1s.
pub(super) fn odious(n: &BigUint) -> BigUint {
    let twice = n << 1u32;
    match n.count_ones() % 2 {
        0 => twice + 1u32,
        _ => twice,
    }
}

fn is_odious(x: &BigUint) -> bool {
    x.count_ones() % 2 == 1
}

impl Known for MockTurtles {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        format!(
            "coin n alone has the value of the {}-th odious number (1, 2, 4, 7, 8, ...); a position's value is the XOR of its heads'",
            match self.origin {
                0 => "n",
                _ => "(n - 1)",
            }
        )
    }

    fn coin_value(&self, coin: &BigUint) -> Option<BigUint> {
        Some(odious(&(coin - self.origin)))
    }

    fn analyze(&self, heads: &[BigUint], max_moves: usize) -> Closed {
        let origin = BigUint::from(self.origin);
        // Coin numbers counted from 0.
        let counted: Vec<BigUint> = heads.iter().map(|h| h - &origin).collect();
        let v = counted.iter().fold(BigUint::zero(), |x, n| x ^ odious(n));
        let mut winning = WinningMoves::default();
        if !v.is_zero() {
            for n in &counted {
                let t = &v ^ odious(n);
                if t.is_zero() {
                    winning.count_turning(heads, &[n], &origin, max_moves);
                    continue;
                }
                if is_odious(&t) {
                    let coin = &t >> 1u32;
                    if coin < *n {
                        winning.count_turning(heads, &[&coin, n], &origin, max_moves);
                    }
                    continue;
                }
                // Two coins: odious x < 2n with x xor t < 2n, x < x xor t.
                let below = n << 1u32;
                let pairs = Pairs::new(&below, &t);
                let count = pairs.count();
                let room = max_moves.saturating_sub(winning.moves.len());
                let listed = pairs.first(room);
                winning.count += &count;
                for x in listed {
                    let (a, b) = (&x >> 1u32, (&x ^ &t) >> 1u32);
                    let turned = vec![a, b, n.clone()];
                    let turned: Vec<BigUint> = turned.into_iter().map(|c| c + &origin).collect();
                    winning.moves.push(KnownMove {
                        rule: 0,
                        to: symmetric_difference(heads, &turned),
                    });
                }
            }
        }
        // Listed in the order found; the analysis orders them.
        Closed {
            outcome: Outcome::p_if(v.is_zero()),
            grundy: Some(v),
            winning,
        }
    }
}

/// The odious numbers x with x < below, x xor t < below and x < x xor t,
/// for an evil t > 0: counted and listed by their binary digits, from the
/// highest. The condition x < x xor t says x has a 0 at t's highest bit.
struct Pairs {
    /// Bits from the highest down: (bit of `below`, bit of `t`).
    bits: Vec<(bool, bool)>,
    /// `ways[i][state]`: the completions of the digits from i on, in a
    /// state of (x still equal to below's prefix, x xor t still equal,
    /// parity of x's 1s so far).
    ways: Vec<[BigUint; 8]>,
    /// The position of t's highest bit in `bits`.
    top: usize,
}

impl Pairs {
    fn new(below: &BigUint, t: &BigUint) -> Self {
        let width = usize_of(below.bits().max(t.bits()));
        let bits: Vec<(bool, bool)> = (0..width)
            .rev()
            .map(|i| (below.bit(i as u64), t.bit(i as u64)))
            .collect();
        let top = width - usize_of(t.bits());
        let mut ways = vec![std::array::from_fn(|_| BigUint::zero()); width + 1];
        // At the end: both strictly below (neither still equal), odd parity.
        ways[width][0b001] = BigUint::one();
        let mut pairs = Pairs { bits, ways, top };
        for i in (0..width).rev() {
            for state in 0..8 {
                let mut sum = BigUint::zero();
                for digit in [false, true] {
                    if let Some(next) = pairs.step(i, state, digit) {
                        sum += &pairs.ways[i + 1][next];
                    }
                }
                pairs.ways[i][state] = sum;
            }
        }
        pairs
    }

    /// The state after digit `digit` of x at position i, if allowed.
    fn step(&self, i: usize, state: usize, digit: bool) -> Option<usize> {
        let (b, t) = self.bits[i];
        let (eq_x, eq_y, odd) = (state & 4 != 0, state & 2 != 0, state & 1 != 0);
        if i == self.top && digit {
            return None;
        }
        let y = digit ^ t;
        // While equal to below's prefix, a digit above below's is too large.
        if (eq_x && digit && !b) || (eq_y && y && !b) {
            return None;
        }
        let eq_x = eq_x && digit == b;
        let eq_y = eq_y && y == b;
        Some(usize::from(eq_x) << 2 | usize::from(eq_y) << 1 | usize::from(odd ^ digit))
    }

    /// How many there are.
    fn count(&self) -> BigUint {
        self.ways[0][0b110].clone()
    }

    /// The first `most` of them, increasing.
    fn first(&self, most: usize) -> Vec<BigUint> {
        let mut out = Vec::new();
        let mut prefix = Vec::new();
        self.walk(0, 0b110, &mut prefix, most, &mut out);
        out
    }

    fn walk(
        &self,
        i: usize,
        state: usize,
        prefix: &mut Vec<bool>,
        most: usize,
        out: &mut Vec<BigUint>,
    ) {
        if out.len() >= most || self.ways[i][state].is_zero() {
            return;
        }
        if i == self.bits.len() {
            let mut x = BigUint::zero();
            for &d in prefix.iter() {
                x = (x << 1u32) + u32::from(d);
            }
            out.push(x);
            return;
        }
        for digit in [false, true] {
            if let Some(next) = self.step(i, state, digit) {
                prefix.push(digit);
                self.walk(i + 1, next, prefix, most, out);
                prefix.pop();
            }
        }
    }
}
