//! The product of two coin games whose single coins have closed forms
//! (Ruler, Mock Turtles, Twins, Turning Turtles): `product of G and H`, its coins pairs (x, y). By
//! the Tartan theorem coin (x, y) alone has the nim product of its sides'
//! values, g(x, y) = g_G(x) ⊗ g_H(y), and a position's value is the XOR of
//! its heads' (Winning Ways, ch. 14; J. H. Conway, On Numbers and Games,
//! ch. 6): exact for coordinates of any size, with `crate::nimber`.
//!
//! Its winning moves: a move from head (x, y) turns the coins A × B, A a
//! move of G from x and B one of H from y, and changes the value by
//! (⊕ g_G(A)) ⊗ (⊕ g_H(B)) (the nim product distributes over XOR); it wins
//! when that is the position's value v: for each move A, the moves B with
//! ⊕ g_H(B) = v ⊗ (⊕ g_G(A))⁻¹ (a nim inverse), looked up among B's by
//! their values. Moves are made from heads whose coordinates are at most
//! `MOST_TRIED_COIN`, within `MOST_WORK` moves in all: past either, those
//! found are listed and counted as "at least".

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::closed::{Closed, Entry, Known, KnownMove, WinningMoves};
use super::{mock_turtles, renumbered, ruler, twins};
use crate::moves::MoveGen;
use crate::nimber;
use crate::position::Outcome;
use crate::rules::{Game, MoveKind, TermGame};

pub static ENTRY: Entry = Entry {
    id: "coin_product",
    recognises: "coins; product of G and H, where G and H are each a coin game whose single coins have a closed form (Ruler, Mock Turtles, Twins, Turning Turtles; recognised from their rules); normal play",
    formula: "coin (x, y) alone has the nim product g_G(x) ⊗ g_H(y) of its sides' values; a position's value is the XOR of its heads'",
    source: "the Tartan theorem: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 14; J. H. Conway, On Numbers and Games, ch. 6",
    recognise,
};

/// The most moves of the factors made for winning moves, in all.
const MOST_WORK: u64 = 4_000_000;

/// The games a factor may be: the coin games whose single coins have a
/// closed form.
const FACTORS: &[&Entry] = &[
    &ruler::ENTRY,
    &mock_turtles::ENTRY,
    &twins::TWINS,
    &twins::TURNING_TURTLES,
];

/// Moves are tried from heads whose coordinates are at most this: a move
/// of Ruler from coin x turns up to x coins.
const MOST_TRIED_COIN: u64 = 1 << 10;

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    game.coins?.pairs?;
    let [rule] = game.rules.as_slice() else {
        return None;
    };
    let MoveKind::Product(product) = &rule.kind else {
        return None;
    };
    if game.misere || game.invariant.is_some() {
        return None;
    }
    let factor = |term: &TermGame| match term {
        TermGame::Other(g) => {
            let known = renumbered::among(FACTORS, g)?;
            let origin = BigUint::from(g.coins?.origin);
            known.coin_value(&origin)?;
            Some(Factor {
                known,
                moves: MoveGen::new(g),
                game: g.clone(),
            })
        }
        _ => None,
    };
    let [a, b] = &product.factors;
    Some(Box::new(Product {
        factors: [factor(a)?, factor(b)?],
    }))
}

/// One side of the product: its game, its closed form, its moves.
struct Factor {
    known: Box<dyn Known>,
    moves: MoveGen,
    game: Arc<Game>,
}

impl Factor {
    fn value(&self, coin: &BigUint) -> BigUint {
        self.known.coin_value(coin).unwrap_or_default()
    }

    /// The moves from the coin `coin` alone: the other coins each turns,
    /// with the XOR of the values of all it turns (itself too); `None`
    /// past `allowance` moves.
    fn moves_from(&self, coin: u64, allowance: u64) -> Option<Vec<(BigUint, Vec<u64>)>> {
        let own = self.value(&BigUint::from(coin));
        let mut out = Vec::new();
        (self.moves)
            .each_move_within(&[coin], allowance, |_, others| {
                let x =
                    (others.iter()).fold(own.clone(), |x, &c| x ^ self.value(&BigUint::from(c)));
                out.push((x, others.to_vec()));
            })
            .ok()?;
        Some(out)
    }
}

struct Product {
    factors: [Factor; 2],
}

/// The heads of `position` after the coins A × B are turned, A the coin
/// `x` and the coins `left` of it, B the coin `y` and those `below` it.
fn turned(
    position: &BTreeSet<(BigUint, BigUint)>,
    (x, left): (&BigUint, &[u64]),
    (y, below): (&BigUint, &[u64]),
) -> Vec<BigUint> {
    let side = |own: &BigUint, others: &[u64]| -> Vec<BigUint> {
        let mut all: Vec<BigUint> = others.iter().map(|&c| c.into()).collect();
        all.push(own.clone());
        all
    };
    let mut after = position.clone();
    for p in side(x, left) {
        for q in side(y, below) {
            let coin = (p.clone(), q);
            if !after.remove(&coin) {
                after.insert(coin);
            }
        }
    }
    after.into_iter().flat_map(|(p, q)| [p, q]).collect()
}

impl Known for Product {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        let [a, b] = &self.factors;
        format!(
            "coin (x, y) alone has the nim product of the values of coin x of `{}` ({}) and coin y of `{}` ({}); a position's value is the XOR of its heads'",
            a.game.title(),
            a.known.id(),
            b.game.title(),
            b.known.id()
        )
    }

    fn analyze(&self, heads: &[BigUint], max_moves: usize) -> Closed {
        let [a, b] = &self.factors;
        let pairs: Vec<(&BigUint, &BigUint)> =
            heads.chunks_exact(2).map(|p| (&p[0], &p[1])).collect();
        let v = (pairs.iter()).fold(BigUint::zero(), |v, (x, y)| {
            v ^ nimber::mul(&a.value(x), &b.value(y))
        });
        let mut winning = WinningMoves::default();
        if !v.is_zero() {
            let mut work = MOST_WORK;
            let position: BTreeSet<(BigUint, BigUint)> =
                pairs.iter().map(|&(x, y)| (x.clone(), y.clone())).collect();
            for &(x, y) in &pairs {
                let small = |c: &BigUint| c.to_u64().filter(|&c| c <= MOST_TRIED_COIN);
                let options = small(x).zip(small(y)).and_then(|(x, y)| {
                    let first = a.moves_from(x, work)?;
                    let second = b.moves_from(y, work)?;
                    let tried = (first.len() + second.len()) as u64;
                    (tried <= work).then(|| {
                        work -= tried;
                        (first, second)
                    })
                });
                let Some((first, second)) = options else {
                    winning.at_least = true;
                    continue;
                };
                // The moves of H from y by the XOR of their values.
                let mut by_value: HashMap<&BigUint, Vec<&[u64]>> = HashMap::new();
                for (gy, below) in &second {
                    by_value.entry(gy).or_default().push(below);
                }
                for (gx, left) in &first {
                    // gx ⊗ gy = v: gy = v ⊗ gx⁻¹.
                    let Some(gy) = nimber::inverse(gx).map(|i| nimber::mul(&v, &i)) else {
                        continue;
                    };
                    for below in by_value.get(&gy).into_iter().flatten() {
                        winning.count += 1u32;
                        if winning.moves.len() < max_moves {
                            winning.moves.push(KnownMove {
                                rule: 0,
                                to: turned(&position, (x, left), (y, below)),
                            });
                        }
                    }
                }
            }
        }
        // A position of value v ≠ 0 has a winning move, found or not.
        if winning.at_least && winning.count.is_zero() {
            winning.count = BigUint::from(1u8);
        }
        Closed {
            outcome: Outcome::p_if(v.is_zero()),
            grundy: Some(v),
            winning,
        }
    }
}
