//! The moves of each kind of rule from a position: each function calls
//! `emit` with every position one move away, `next` being a scratch copy of
//! `heaps` that it leaves as it found it.

use super::amounts::{AmountGen, minus};
use super::graphs::{colourings, cuts, picks};
use super::shapes::{each_combination, spliced};
use crate::platform::usize_of;
use crate::position::{Colour, Colouring, symmetric_difference};
use crate::rules::expr::{Env, EvalError};
use crate::rules::{Kayles, OctalCode, Split};

/// Take an amount from one heap; then, with `split_rest`, split what is left.
pub(super) fn take_from_one(
    amounts: &AmountGen,
    split_rest: Option<Split>,
    heaps: &[u64],
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    for (i, &h) in heaps.iter().enumerate() {
        amounts.each(h, heaps, |k| {
            let rest = minus(h, k, i)?;
            match split_rest {
                None => {
                    next[i] = rest;
                    emit(next)?;
                    next[i] = h;
                }
                Some(split) => {
                    // Leaving one heap is the take alone, which the
                    // split's `nonempty` decides.
                    for (a, b) in split.parts(rest, false) {
                        emit(&spliced(heaps, i, &[a, b]))?;
                    }
                }
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// Take the same amount from each of `n` heaps.
pub(super) fn take_same(
    amounts: &AmountGen,
    n: usize,
    heaps: &[u64],
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    each_combination(heaps.len(), n, |chosen| {
        let smallest = chosen.iter().map(|&i| heaps[i]).min().unwrap_or(0);
        // The amount must be allowed on every chosen heap.
        amounts.each(smallest, heaps, |k| {
            for &i in chosen {
                if let Some(condition) = &amounts.condition {
                    let env = Env {
                        amount: k,
                        heap: i128::from(heaps[i]),
                        heaps,
                        vars: &[],
                    };
                    if !condition.truth(&env)? {
                        return Ok(());
                    }
                }
            }
            for &i in chosen {
                next[i] = minus(heaps[i], k, i)?;
            }
            emit(next)?;
            for &i in chosen {
                next[i] = heaps[i];
            }
            Ok(())
        })
    })
}

/// Take from each of up to `n` heaps, any amount from each. The amounts
/// of each heap are generated as the moves are, never listed: a heap of
/// 10^19 has that many, and the budget stops them.
pub(super) fn take_up_to(
    amounts: &AmountGen,
    n: usize,
    heaps: &[u64],
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    up_to(amounts, n, heaps, 0, false, next, emit)
}

/// The moves of `take_up_to` that touch at most `left` more heaps, all
/// from `from` on, after those already set in `next` (`touched`: whether
/// any was). One level a touched heap: the depth is at most `left`, however
/// many heaps there are.
fn up_to(
    amounts: &AmountGen,
    left: usize,
    heaps: &[u64],
    from: usize,
    touched: bool,
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    if touched {
        emit(next)?;
    }
    if left == 0 {
        return Ok(());
    }
    // The last heap first: the order in which moves were always listed.
    for (i, &h) in heaps.iter().enumerate().skip(from).rev() {
        amounts.each(h, heaps, |k| {
            next[i] = minus(h, k, i)?;
            up_to(amounts, left - 1, heaps, i + 1, true, next, emit)
        })?;
        next[i] = h;
    }
    Ok(())
}

/// Move an amount from heap i to heap i - 1; from heap 1 it leaves the game.
pub(super) fn shift(
    amounts: &AmountGen,
    heaps: &[u64],
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    for (i, &h) in heaps.iter().enumerate() {
        amounts.each(h, heaps, |k| {
            next[i] = minus(h, k, i)?;
            if i > 0 {
                next[i - 1] = minus(heaps[i - 1], -k, i - 1)?;
            }
            emit(next)?;
            next[i] = h;
            if i > 0 {
                next[i - 1] = heaps[i - 1];
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// Split one heap into two.
pub(super) fn split(
    split: Split,
    heaps: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    for (i, &h) in heaps.iter().enumerate() {
        for (a, b) in split.parts(h, false) {
            emit(&spliced(heaps, i, &[a, b]))?;
        }
    }
    Ok(())
}

/// Remove tokens from one heap as the code's digits allow: leaving nothing,
/// one heap, two or (hexadecimal codes) three nonempty heaps.
pub(super) fn octal(
    code: &OctalCode,
    heaps: &[u64],
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    let two = Split {
        unequal: false,
        nonempty: true,
    };
    for (i, &h) in heaps.iter().enumerate() {
        for j in 0..=code.max_removal().min(usize_of(h)) {
            let rest = h - j as u64;
            if (rest == 0 && code.leaves_none(j)) || (rest > 0 && code.leaves_one(j)) {
                next[i] = rest;
                emit(next)?;
                next[i] = h;
            }
            if code.leaves_two(j) {
                for (a, b) in two.parts(rest, false) {
                    emit(&spliced(heaps, i, &[a, b]))?;
                }
            }
            if code.leaves_three(j) {
                // a <= b <= c, all nonempty.
                for a in 1..=rest / 3 {
                    for (b, c) in two.parts(rest - a, false).filter(|&(b, _)| b >= a) {
                        emit(&spliced(heaps, i, &[a, b, c]))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// With exactly two heaps: empty one, split the other into two.
pub(super) fn empty_and_split(
    split: Split,
    heaps: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    if let &[x, y] = heaps {
        for (a, b) in split.parts(y, true) {
            emit(&[a, b])?;
        }
        for (a, b) in split.parts(x, true) {
            emit(&[a, b])?;
        }
    }
    Ok(())
}

/// Turn coins (`turn`): from each head n, as many coins as `counts` allows
/// (the head and coins to its left; `h` in a condition is how many coins are
/// at or left of the head), each turned over: the head goes to tails, the
/// others either way. `row`: the coins next to the head, n − k + 1 to n.
pub(super) fn turn(
    counts: &AmountGen,
    row: bool,
    origin: u64,
    heads: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    let mut turned = Vec::new();
    for &n in heads {
        // Coins origin..=n: at most n - origin + 1 may be turned (none
        // before the first coin: not a position).
        let Some(left) = n.checked_sub(origin) else {
            continue;
        };
        let Some(available) = left.checked_add(1) else {
            continue;
        };
        counts.each(available, heads, |k| {
            // `k` is at least 1 and at most `available` here.
            let Ok(others) = u64::try_from(k - 1) else {
                return Ok(());
            };
            if row {
                turned.clear();
                turned.extend(n - others..=n);
                return emit(&symmetric_difference(heads, &turned));
            }
            let Ok(others) = usize::try_from(others) else {
                return Ok(());
            };
            let Ok(span) = usize::try_from(left) else {
                return Ok(());
            };
            each_combination_or_none(span, others, |chosen| {
                turned.clear();
                turned.extend(chosen.iter().map(|&c| origin + c as u64));
                turned.push(n);
                emit(&symmetric_difference(heads, &turned))
            })
        })?;
    }
    Ok(())
}

/// `each_combination`, with the empty set when `n` is 0.
fn each_combination_or_none(
    len: usize,
    n: usize,
    mut f: impl FnMut(&[usize]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    if n == 0 {
        return f(&[]);
    }
    each_combination(len, n, f)
}

/// Slide a token along an arc (`slide along G`): each heap is the vertex
/// its token is on, and moves to each vertex an arc leads to from there.
pub(super) fn slide(
    arcs: &[(u64, u64)],
    heaps: &[u64],
    next: &mut [u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    for (i, &v) in heaps.iter().enumerate() {
        let first = arcs.partition_point(|&(a, _)| a < v);
        for &(_, w) in arcs[first..].iter().take_while(|&&(a, _)| a == v) {
            next[i] = w;
            emit(next)?;
        }
        next[i] = v;
    }
    Ok(())
}

/// Pick a vertex (Node Kayles) or an edge (Arc Kayles) of the graph the
/// heaps are (`graphs::picks`), removing it with what it takes.
pub(super) fn pick(
    kayles: Kayles,
    heaps: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    let mut result = Ok(());
    picks(kayles, heaps, |_, after| {
        if result.is_ok() {
            result = emit(after);
        }
    });
    result
}

/// Colour a vertex `colour` (Snort or Col; the heaps are the graph's
/// entries, `graphs::colourings`): each vertex the game allows a
/// move.
pub(super) fn colour(
    game: Colouring,
    colour: Colour,
    heaps: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    let mut result = Ok(());
    colourings(game, colour, heaps, |_, after| {
        if result.is_ok() {
            result = emit(after);
        }
    });
    result
}

/// Cut an edge (of `colour`, of a coloured graph; Hackenbush; the heaps
/// are the edges, in order): each edge a move (an edge written twice,
/// two), then what no longer reaches the ground falls.
pub(super) fn cut(
    colour: Option<Colour>,
    heaps: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    let mut result = Ok(());
    cuts(colour, heaps, |_, after| {
        if result.is_ok() {
            result = emit(&after());
        }
    });
    result
}
