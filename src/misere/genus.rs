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
//!
//! `genera` finds the genus of every position the heaps reach, by the
//! definition (for `table`, tame or wild); `tame_heaps` finds the heaps'
//! genera from the smaller heaps' alone, which holds while every heap is
//! tame, and proves their period for heaps of any size.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::moves::MoveGen;
use crate::period::{self, Period};
use crate::platform::usize_of;
use crate::position::Named;
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::budget::Budget;
use crate::search::{SearchError, Solver, Value};

/// Heaps whose genera `tame_heaps` finds at most: past them, a period must
/// be proven.
const MAX_TAME_HEAPS: u64 = 1 << 20;

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
pub fn genera(game: &Arc<Game>, upto: u64, max_positions: usize) -> Result<Genera, SearchError> {
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
        evaluate(&misere, &mut normal, &mut known, key.clone(), max_positions)?;
        heaps.push(known.get(&key).cloned());
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
/// explicit stack (plays may be long).
fn evaluate(
    misere: &Solver,
    normal: &mut Solver,
    known: &mut HashMap<Vec<u64>, Genus>,
    start: Vec<u64>,
    max_positions: usize,
) -> Result<(), SearchError> {
    if known.contains_key(&start) {
        return Ok(());
    }
    let children = |heaps: &[u64]| -> Result<Vec<Vec<u64>>, SearchError> {
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
                    position: Named::of(&start, misere.game.board),
                    limit: max_positions,
                });
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
        known.insert(key, genus);
    }
    Ok(())
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
        lambda.push(mex(seen.into_iter()));
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

/// The genus of a nim position, a sum of tame games (On Numbers and Games,
/// ch. 12): g⁺ is `normal`, and it is fickle (0^{120}, 1^{031}) or firm
/// (g^{g(g⊕2)}).
pub fn tame_genus(normal: u32, fickle: bool) -> Genus {
    let first = if fickle { normal ^ 1 } else { normal };
    let misere = if fickle {
        vec![first, normal ^ 2, normal]
    } else {
        vec![first, normal ^ 2]
    };
    Genus { normal, misere }
}

/// The genus of a sum of games of these tame genera: tame, its g⁺ the XOR
/// of theirs, fickle only when every part is.
pub fn tame_sum<'a>(genera: impl IntoIterator<Item = &'a Genus>) -> Genus {
    let (mut normal, mut fickle) = (0, true);
    for g in genera {
        normal ^= g.normal;
        fickle &= g.is_fickle();
    }
    tame_genus(normal, fickle)
}

/// The genus of each heap of a tame one-heap misère game, found from the
/// genera of smaller heaps alone, and their period, proven for every heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TameHeaps {
    /// Heap n's genus, from 0 on.
    pub heaps: Vec<Genus>,
    /// The genera repeat with this period, proven by the theorem that proves
    /// the normal play values' periods.
    pub period: Option<Period>,
}

impl TameHeaps {
    /// Heap n's genus: found, or from the period.
    pub fn genus(&self, n: &BigUint) -> Option<&Genus> {
        match n.to_usize() {
            Some(n) if n < self.heaps.len() => self.heaps.get(n),
            _ => self.heaps.get(self.period.as_ref()?.index(n)),
        }
    }
}

/// The genera of the heaps of a one-heap misère game up to `upto` (or of
/// every heap, once a period is proven), while every heap is tame; `None`
/// at the first heap that is not, or when the budget runs out first.
///
/// When every smaller heap is tame, every position of them is (a sum of
/// tame games is tame), with the genus `tame_sum` gives: so heap n's moves'
/// genera, and heap n's own, follow from the smaller heaps' genera. And
/// when those repeat with a period over the range a periodicity theorem
/// asks for, the moves of heap n + p reach the genera heap n's reach (the
/// theorem's argument, with genera for values), so the genera repeat, and
/// stay tame, for ever.
pub fn tame_heaps(
    game: &Arc<Game>,
    upto: u64,
    budget: &mut Budget,
) -> Result<Option<TameHeaps>, SearchError> {
    let moves = MoveGen::new(game);
    let theorem = period::classify(&Game {
        misere: false,
        ..(**game).clone()
    });
    let mut heaps: Vec<Genus> = Vec::new();
    // Each distinct genus's number, for the period.
    let mut ids: Vec<u32> = Vec::new();
    let mut distinct: Vec<Genus> = Vec::new();
    let mut n = 0u64;
    loop {
        if n > MAX_TAME_HEAPS {
            return Ok(None);
        }
        let mut options: Vec<Genus> = Vec::new();
        let mut larger = false;
        let found = moves.each_move_within(&[n], budget.within(), |_, after| {
            larger |= after.iter().any(|&h| h >= n);
            if !larger {
                let parts = (after.iter())
                    .filter(|&&h| h > 0)
                    .map(|&h| &heaps[usize_of(h)]);
                options.push(tame_sum(parts));
            }
        });
        let examined = match found {
            Ok(examined) => examined,
            Err(e) if e.error == EvalError::OutOfBudget => return Ok(None),
            Err(e) => return Err(crate::search::move_error(game, &[n], e)),
        };
        if larger || budget.spend(examined.max(1)).is_err() {
            return Ok(None);
        }
        let normal = mex(options.iter().map(|g| g.normal));
        let genus = genus_of(normal, options.iter().map(|g| &g.misere));
        if !genus.is_tame() {
            return Ok(None);
        }
        let id = match distinct.iter().position(|g| *g == genus) {
            Some(i) => i,
            None => {
                distinct.push(genus.clone());
                distinct.len() - 1
            }
        };
        ids.push(id as u32);
        heaps.push(genus);
        let last = n >= upto;
        // Look for a period now and then (and at the end).
        if let Some(theorem) = theorem
            && (last || n.is_power_of_two())
            && let Some(period) = period::prove(&ids, theorem, 1 << 24)
        {
            return Ok(Some(TameHeaps {
                heaps,
                period: Some(period),
            }));
        }
        if last {
            return Ok(Some(TameHeaps {
                heaps,
                period: None,
            }));
        }
        n += 1;
    }
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    (0u32..)
        .find(|v| seen.binary_search(v).is_err())
        .unwrap_or(0)
}

/// Whether a sum of positions of these tame genera is a misère P-position:
/// the genus of a sum of tame games is the nim positions' (Conway, On
/// Numbers and Games, ch. 12): its g⁺ is the XOR of theirs, and it is
/// fickle only when every part is. A fickle sum is P when g⁺ is 1, a firm
/// one when g⁺ is 0 (as misère Nim: Bouton's rule).
pub fn tame_sum_is_p<'a>(genera: impl IntoIterator<Item = &'a Genus>) -> bool {
    tame_sum(genera).misere[0] == 0
}
