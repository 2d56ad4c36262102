//! Conway's genus of a misère game's positions (On Numbers and Games,
//! ch. 12; Winning Ways, ch. 13): g⁺, the normal-play Grundy value, with
//! the misère Grundy values λ₀ λ₁ λ₂ … of G, G + ✱2, G + ✱2 + ✱2, …,
//! written g⁺^{λ₀λ₁…} with the alternating tail cut after two terms.
//!
//! The misère Grundy value of a position with no move is 1, of any other
//! the mex of its moves'; λₖ for k ≥ 1 follows from the moves of G and
//! λₖ₋₁ of G itself, since G + k·✱2 moves to G′ + k·✱2, to G + (k−1)·✱2,
//! and to G + (k−1)·✱2 + ✱1, whose value is λₖ₋₁ ⊕ 1:
//!
//!   λₖ(G) = mex({λₖ(G′) : G′ a move of G} ∪ {λₖ₋₁(G), λₖ₋₁(G) ⊕ 1}).
//!
//! A genus is tame when it is a nim position's: fickle 0^{120} or 1^{031},
//! or firm g^{g(g⊕2)} (0^{02}, 1^{13}, 2^{20}, 3^{31}, …). A game whose
//! every position reached has a tame genus plays like misère Nim.

use std::collections::HashMap;
use std::sync::Arc;

use super::{SearchError, Solver, Value};
use crate::diagnostics::Error;
use crate::position::Position;
use crate::rules::Game;

/// Terms of λ computed for each position: a genus's tail alternates well
/// before (every nim position's from λ₁ on).
const TERMS: usize = 12;

/// One position's genus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// g⁺: the Grundy value in normal play.
    pub normal: u32,
    /// λ₀ λ₁ …, cut where the last two terms repeat for ever (at least
    /// two terms); λ₀ is the misère Grundy value, 0 exactly for P.
    pub misere: Vec<u32>,
}

impl Genus {
    /// A nim position's genus: fickle (0^{120}, 1^{031}) or firm
    /// (g^{g(g⊕2)}).
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        let Some(&first) = self.misere.first() else {
            return false;
        };
        let fickle = g <= 1 && first == g ^ 1;
        (fickle || first == g) && self.term(1) == g ^ 2 && self.term(2) == g
    }

    /// A tame genus of the two that act like ✱0 or ✱1 (0^{120}, 1^{031}).
    pub fn is_fickle(&self) -> bool {
        self.normal <= 1 && self.misere.first() == Some(&(self.normal ^ 1))
    }

    /// λₖ, the cut tail repeated.
    pub fn term(&self, k: usize) -> u32 {
        let n = self.misere.len();
        let k = if k < n { k } else { n - 2 + (k - (n - 2)) % 2 };
        self.misere[k]
    }
}

/// The genus of every heap up to a bound, and whether the game was tame
/// on every position those heaps reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genera {
    /// Heap n's genus; `None` where n breaks the game's invariant.
    pub heaps: Vec<Option<Genus>>,
    /// Every position reached from those heaps has a tame genus.
    pub tame: bool,
    /// Positions whose genus was computed.
    pub positions: usize,
}

/// The genus of each heap 0..=upto of the one-heap misère game `game`, and
/// of every position those heaps reach, at most `max_positions` of them.
/// With `until_wild`, it stops at the first genus that is not tame (only
/// the verdict is wanted then), leaving the heaps after it unknown.
pub fn genera(
    game: &Arc<Game>,
    upto: u64,
    max_positions: usize,
    until_wild: bool,
) -> Result<Genera, Error> {
    let misere = Solver::new(game.clone(), max_positions);
    let mut normal = Solver::new(
        Arc::new(Game {
            misere: false,
            ..(**game).clone()
        }),
        max_positions,
    );
    let mut known: HashMap<Vec<u64>, Genus> = HashMap::new();
    let mut heaps = Vec::new();
    for n in 0..=upto {
        if !position_of(game, &[n]) {
            heaps.push(None);
            continue;
        }
        let key = misere.canonical(&[n]);
        let tame = evaluate(
            &misere,
            &mut normal,
            &mut known,
            key.clone(),
            max_positions,
            until_wild,
        )?;
        heaps.push(known.get(&key).cloned());
        if !tame {
            return Ok(Genera {
                heaps,
                tame: false,
                positions: known.len(),
            });
        }
    }
    Ok(Genera {
        heaps,
        tame: known.values().all(Genus::is_tame),
        positions: known.len(),
    })
}

fn position_of(game: &Game, heaps: &[u64]) -> bool {
    use crate::rules::expr::Env;
    (game.invariant.as_ref()).is_none_or(|i| i.expr.truth(&Env::position(heaps)).unwrap_or(false))
}

/// The genus of `start` and every position below it, depth first with an
/// explicit stack (plays may be long); false when `until_wild` stopped it
/// at a genus that is not tame.
fn evaluate(
    misere: &Solver,
    normal: &mut Solver,
    known: &mut HashMap<Vec<u64>, Genus>,
    start: Vec<u64>,
    max_positions: usize,
    until_wild: bool,
) -> Result<bool, Error> {
    if known.contains_key(&start) {
        return Ok(true);
    }
    let children = |heaps: &[u64]| -> Result<Vec<Vec<u64>>, Error> {
        let mut c: Vec<Vec<u64>> = (misere.moves_from(heaps)?.into_iter())
            .map(|(_, after)| misere.canonical(&after))
            .collect();
        c.sort_unstable();
        c.dedup();
        Ok(c)
    };
    let mut stack = vec![(start.clone(), children(&start)?, 0usize)];
    while let Some((_, below, next)) = stack.last_mut() {
        if let Some(child) = below.get(*next) {
            *next += 1;
            if known.contains_key(child) {
                continue;
            }
            let child = child.clone();
            if known.len() + stack.len() >= max_positions {
                return Err(SearchError::TooManyPositions {
                    game: misere.game.title(),
                    position: Position::from_u64s(&start),
                    limit: max_positions,
                }
                .into());
            }
            let grandchildren = children(&child)?;
            stack.push((child, grandchildren, 0));
            continue;
        }
        let Some((key, below, _)) = stack.pop() else {
            break;
        };
        let normal_value = match normal.value(&key)?.0 {
            Value::Grundy(g) => g,
            Value::Misere { .. } => 0,
        };
        let genus = genus_of(normal_value, below.iter().map(|c| &known[c].misere));
        let tame = genus.is_tame();
        known.insert(key, genus);
        if until_wild && !tame {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The genus of a position of normal value `normal` whose moves have the
/// (cut) λ sequences `moves`.
fn genus_of<'a>(normal: u32, moves: impl Iterator<Item = &'a Vec<u32>> + Clone) -> Genus {
    let term = |lambda: &Vec<u32>, k: usize| {
        Genus {
            normal: 0,
            misere: lambda.clone(),
        }
        .term(k)
    };
    let mut lambda: Vec<u32> = Vec::with_capacity(TERMS);
    for k in 0..TERMS {
        let mut seen: Vec<u32> = moves.clone().map(|m| term(m, k)).collect();
        if k == 0 && seen.is_empty() {
            lambda.push(1);
            continue;
        }
        if k > 0 {
            seen.push(lambda[k - 1]);
            seen.push(lambda[k - 1] ^ 1);
        }
        seen.sort_unstable();
        let mex = (0u32..)
            .find(|v| seen.binary_search(v).is_err())
            .unwrap_or(0);
        lambda.push(mex);
    }
    // Cut the tail where the last two terms repeat.
    while lambda.len() > 2 && lambda[lambda.len() - 1] == lambda[lambda.len() - 3] {
        lambda.pop();
    }
    Genus {
        normal,
        misere: lambda,
    }
}

/// Whether a sum of positions of these tame genera is a misère P-position:
/// the genus of a sum of tame games is the nim positions' (Conway, On
/// Numbers and Games, ch. 12): its g⁺ is the XOR of theirs, and it is
/// fickle only when every part is. A fickle sum is P when g⁺ is 1, a firm
/// one when g⁺ is 0 (as misère Nim: Bouton's rule).
pub fn tame_sum_is_p<'a>(genera: impl IntoIterator<Item = &'a Genus>) -> bool {
    let (mut normal, mut fickle) = (0, true);
    for g in genera {
        normal ^= g.normal;
        fickle &= g.is_fickle();
    }
    if fickle { normal == 1 } else { normal == 0 }
}
