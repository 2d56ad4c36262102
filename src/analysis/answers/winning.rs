//! The winning moves of an answered position: a closed form's own, or those
//! the search finds, in a sum by moving one component to the value that
//! makes the XOR of all components 0.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::answered::{Answered, searchable, small};
use super::kept::Kept;
use crate::analysis::answer::{
    Answer, ComponentMethod, Count, Note, Outcome, SumTerm, WinningMove,
};
use crate::analysis::error::AnalysisError;
use crate::check::Question;
use crate::period::{Period, mod_small};
use crate::position::Position;
use crate::rules::{Game, MoveKind, OctalCode};
use crate::search::heaps::{Stored, with_values};
use crate::search::{After, Value};

/// Moves to P-positions, at most `max_moves` of them, and their count.
pub(crate) fn winning_moves(
    kept: &mut Kept,
    parts: &[Answered],
    total: Option<&BigUint>,
    notes: &mut Vec<Note>,
) -> Result<(Vec<WinningMove>, Count), AnalysisError> {
    if let [only] = parts
        && let Some(closed) = &only.closed_moves
    {
        let moves = closed
            .moves
            .iter()
            .take(kept.options.max_moves)
            .map(|m| WinningMove {
                component: 0,
                rule: m.rule,
                to: Position(m.to.clone()),
                terms: Vec::new(),
            })
            .collect();
        let count = if closed.at_least {
            Count::AtLeast(closed.count.clone())
        } else {
            Count::Exact(closed.count.clone())
        };
        return Ok((moves, count));
    }
    let mut found = Vec::new();
    let mut count = BigUint::zero();
    let mut complete = true;
    let mut exact = true;
    for (index, part) in parts.iter().enumerate() {
        // In a sum, component i must move to g_i xor total.
        let target = match (parts.len() > 1, part.grundy.value(), total) {
            (true, Some(g), Some(total)) => (g ^ total).to_u32(),
            _ => Some(0),
        };
        let Some(target) = target else { continue };
        let position = &part.component.position;
        let heaps = match (&part.method, small(position)) {
            (
                ComponentMethod::Search { .. }
                | ComponentMethod::WholeSum { .. }
                | ComponentMethod::Tame { .. }
                | ComponentMethod::Quotient { .. }
                | ComponentMethod::QuotientSearch { .. }
                | ComponentMethod::Loopy { .. }
                | ComponentMethod::LoopyPartizan { .. }
                | ComponentMethod::MiserePartizan { .. }
                | ComponentMethod::Compound { .. }
                | ComponentMethod::Partizan { .. }
                | ComponentMethod::Outcome { .. }
                | ComponentMethod::Scoring { .. }
                | ComponentMethod::Ends { .. },
                _,
            ) => searchable(&part.component.game, position)?,
            (ComponentMethod::ClosedForm { .. }, Some(heaps)) => heaps,
            (ComponentMethod::Period { period }, _) => {
                let (n, all) = moves_by_period(kept, part, index, period, target, &mut found)?;
                count += n;
                exact &= all;
                continue;
            }
            (ComponentMethod::ClosedForm { .. }, None) => {
                notes.push(Note::MovesNotListed { component: index });
                complete = false;
                continue;
            }
        };
        count += moves_to(kept, part, index, &heaps, target, &mut found)?;
    }
    let count = match (complete, exact) {
        (false, _) => Count::Unknown,
        (true, true) => Count::Exact(count),
        (true, false) => Count::AtLeast(count),
    };
    Ok((found, count))
}

/// The moves of a component answered by a period, to value `target`:
/// each heap's moves are read off a heap `m` of the same residue, small
/// enough to search and far enough past the preperiod that its moves and
/// the big heap's match: a move leaving one heap `m - j` is the move
/// leaving `n - j`, a split `(a, b)` (`a <= b`) is the split
/// `(a, b + n - m)`, each of the same value. The count is exact when `n`
/// is `m` or no winning move splits (a winning split of `n` reduces to
/// one of `m`); else the big heap has more of them, and it is a lower
/// bound.
fn moves_by_period(
    kept: &mut Kept,
    part: &Answered,
    index: usize,
    period: &Period,
    target: u32,
    found: &mut Vec<WinningMove>,
) -> Result<(BigUint, bool), AnalysisError> {
    let game = part.component.game.clone();
    let heaps = part.component.position.heaps();
    let value = |this: &mut Kept, heap: u64| -> Result<u32, AnalysisError> {
        match this.search(&game, |s| s.value(&[heap]))?.0 {
            Value::Grundy(g) => Ok(g),
            Value::Misere { .. } => Ok(0),
        }
    };
    let mut all = Vec::with_capacity(heaps.len());
    for heap in heaps {
        all.push(value(kept, period.index(heap) as u64)?);
    }
    let whole = all.iter().fold(0, |x, g| x ^ g);
    // Past what the theorem checked, a period on: every part of a move
    // from `m` that matters is then past the preperiod.
    let base = (period.certificate.checked.end + period.period) as u64;
    let mut count = BigUint::zero();
    let mut exact = true;
    for (i, heap) in heaps.iter().enumerate() {
        let want = all[i] ^ whole ^ target;
        let (m, shift) = match heap.to_u64() {
            Some(h) if h <= base => (h, BigUint::zero()),
            _ => {
                let p = period.period as u64;
                let rest = (heap - base) % p;
                let m = base + rest.to_u64().unwrap_or(0);
                (m, heap - m)
            }
        };
        // An octal game's moves from `n` are counted exactly from the
        // period; the moves of `m` are still the ones listed.
        let counted = match octal_code(&game) {
            Some(code) if !shift.is_zero() => {
                let top = (period.preperiod + period.period) as u64;
                kept.search(&game, |s| {
                    s.value(&[top.saturating_sub(1)])?;
                    Ok(s.heap_values().map(|values| {
                        with_values!(values, g => count_octal(code, period, heap, want, g))
                    }))
                })?
            }
            _ => None,
        };
        // The moves of `m` that win, met as they are generated (a heap
        // past a long period's proof has 10^8 moves and more).
        value(kept, m)?;
        let room = kept.options.max_moves.saturating_sub(found.len());
        let mut winners = Winners::new(room);
        let streamed = kept.search(&game, |s| {
            s.each_option_value(&[m], |rule, next, v| {
                if v == want {
                    winners.add(rule, next);
                }
            })
        })?;
        if !streamed {
            winners = Winners::new(room);
            for (rule, next) in kept.search(&game, |s| s.moves_from(&[m]))? {
                let mut v = 0;
                for &part in &next {
                    v ^= value(kept, part)?;
                }
                if v == want {
                    winners.add(rule, &next);
                }
            }
        }
        if !shift.is_zero() && counted.is_none() && winners.splits > 0 {
            exact = false;
        }
        // A move of `m` that leaves no heap is none of the big heap's.
        let emptied = match shift.is_zero() {
            true => 0,
            false => winners.empties,
        };
        let (winning, listed) = winners.count();
        count += match counted {
            Some(counted) => counted,
            None => BigUint::from(winning - emptied),
        };
        for (rule, next) in listed {
            let mut parts: Vec<BigUint> = next.iter().map(|&h| BigUint::from(h)).collect();
            if !shift.is_zero() {
                parts.sort();
                match parts.last_mut() {
                    Some(largest) => *largest += &shift,
                    None => continue,
                }
            }
            let mut to = heaps.to_vec();
            to.splice(i..=i, parts);
            found.push(WinningMove {
                component: index,
                rule,
                to: Position(to),
                terms: Vec::new(),
            });
        }
    }
    Ok((count, exact))
}

/// The moves in one component to a position of value `target` (in
/// misère play, to a P-position), each move the rules make: their
/// count, with the first of them added to `found`.
fn moves_to(
    kept: &mut Kept,
    part: &Answered,
    index: usize,
    heaps: &[u64],
    target: u32,
    found: &mut Vec<WinningMove>,
) -> Result<u64, AnalysisError> {
    let game = &part.component.game;
    // A one-heap game's values are read as its moves are generated,
    // keeping only the winning ones (a heap of 10^7 has 5·10^6 moves).
    let room = kept.options.max_moves.saturating_sub(found.len());
    let mut winners = Winners::new(room);
    if kept.search(game, |s| {
        s.each_option_value(heaps, |rule, after, value| {
            if value == target {
                winners.add(rule, after);
            }
        })
    })? {
        let (count, listed) = winners.count();
        found.extend(
            (listed.into_iter())
                .map(|(rule, after)| winning_move(index, rule, After::Position(after))),
        );
        return Ok(count);
    }
    let options = kept.search(game, |s| s.options_from(heaps))?;
    let mut count = 0;
    for (rule, after) in options {
        let value = kept.search(game, |s| s.value_after(&after))?;
        let wins = match value {
            Value::Grundy(g) => g == target,
            Value::Misere { .. } => value.is_p(),
        };
        if wins {
            count += 1;
            if found.len() < kept.options.max_moves {
                found.push(winning_move(index, rule, after));
            }
        }
    }
    Ok(count)
}
/// The winning moves of one component met one by one: each counted (a
/// move is each one the rules make, LANGUAGE.md "What a move is"), the
/// first `most` kept.
struct Winners {
    most: usize,
    listed: Vec<(usize, Vec<u64>)>,
    count: u64,
    /// Moves met that leave two heaps or more, and that leave none.
    splits: u64,
    empties: u64,
}

impl Winners {
    fn new(most: usize) -> Self {
        Winners {
            most,
            listed: Vec::new(),
            count: 0,
            splits: 0,
            empties: 0,
        }
    }

    fn add(&mut self, rule: usize, after: &[u64]) {
        self.count += 1;
        match after.len() {
            0 => self.empties += 1,
            1 => {}
            _ => self.splits += 1,
        }
        if self.listed.len() < self.most {
            self.listed.push((rule, after.to_vec()));
        }
    }

    /// How many moves were met, and the first `most` of them with their
    /// rules.
    fn count(self) -> (u64, Vec<(usize, Vec<u64>)>) {
        (self.count, self.listed)
    }
}

/// The octal code of a game whose only rule is one, without three-heap
/// splits: its moves from a huge heap can be counted from a period.
fn octal_code(game: &Game) -> Option<&OctalCode> {
    match game.rules.as_slice() {
        [rule] => match &rule.kind {
            MoveKind::Octal(code) if code.digits.iter().all(|d| d & 8 == 0) => Some(code),
            _ => None,
        },
        _ => None,
    }
}

/// Moves are listed from heaps up to this: a heap of n has about n moves.
pub(crate) const LIST_MOVES_UP_TO: u64 = 1 << 24;

/// A move in one component of a sum: its rule and the component's heaps
/// after it.
pub(crate) struct ComponentMove {
    pub(crate) component: usize,
    pub(crate) rule: usize,
    pub(crate) after: Vec<u64>,
}

impl ComponentMove {
    pub(crate) fn winning(self) -> WinningMove {
        WinningMove {
            component: self.component,
            rule: self.rule,
            to: Position::from_u64s(&self.after),
            terms: Vec::new(),
        }
    }
}

/// The moves that may win from a position of outcome `outcome` (none
/// from a P-position): every move of every component whose heaps are
/// small enough to list moves of (at most `LIST_MOVES_UP_TO`), and the
/// components that are not.
pub(crate) fn moves_to_judge(
    kept: &mut Kept,
    analysis: &Question,
    outcome: Outcome,
) -> Result<(Vec<ComponentMove>, Vec<usize>), AnalysisError> {
    let mut moves = Vec::new();
    let mut unlisted = Vec::new();
    if outcome == Outcome::P {
        return Ok((moves, unlisted));
    }
    for (component, c) in analysis.components.iter().enumerate() {
        let heaps = match c.position.to_u64s() {
            Some(heaps) if heaps.iter().all(|&h| h <= LIST_MOVES_UP_TO) => heaps,
            _ => {
                unlisted.push(component);
                continue;
            }
        };
        let found = kept.search(&c.game, |s| {
            let mut budget = s.question_budget();
            s.moves_within(&heaps, &mut budget, &heaps)
        })?;
        moves.extend(found.into_iter().map(|(rule, after)| ComponentMove {
            component,
            rule,
            after,
        }));
    }
    Ok((moves, unlisted))
}
/// `answer` with the moves in the components `unlisted` (whose heaps are too
/// large to list moves of) left out: the count is then a lower bound, or
/// unknown, and a note says which.
pub(crate) fn unlisted_moves(mut answer: Answer, unlisted: Vec<usize>) -> Answer {
    if !unlisted.is_empty() {
        answer.winning_move_count = match answer.winning_move_count {
            Count::Exact(n) if !n.is_zero() => Count::AtLeast(n),
            _ => Count::Unknown,
        };
        (answer.notes).extend(
            unlisted
                .into_iter()
                .map(|component| Note::MovesNotListed { component }),
        );
    }
    answer
}

/// The move of component `component` by rule `rule` to `after`, as an
/// answer lists it.
pub(crate) fn winning_move(component: usize, rule: usize, after: After) -> WinningMove {
    let (to, parts) = match after {
        After::Position(heaps) => (Position::from_u64s(&heaps), Vec::new()),
        After::Sum(parts) => (
            Position::from_u64s(&[]),
            (parts.into_iter())
                .map(|p| SumTerm {
                    game: p.game,
                    position: Position::from_u64s(&p.heaps),
                })
                .collect(),
        ),
    };
    WinningMove {
        component,
        rule,
        to,
        terms: parts,
    }
}

/// The moves from heap `n` of an octal game to parts of value `want`,
/// counted from its period, `values` holding g(0..preperiod + period) at
/// least. Removing `j` may leave one heap (`n - j`) or two nonempty ones
/// (`a`, `n - j - a`, `a <= n - j - a`): past the preperiod both parts'
/// values repeat with the period, so the splits are counted a residue class
/// at a time (for each class, how many a of it lie in the range, at once),
/// and the rest one by one. (Leaving no heap needs `n = j`: never so for a
/// heap past the period's proof, the only heaps counted here.)
fn count_octal<T: Stored>(
    code: &OctalCode,
    period: &Period,
    n: &BigUint,
    want: u32,
    values: &[T],
) -> BigUint {
    let (pre, p) = (period.preperiod, period.period.max(1));
    let g = |x: &BigUint| -> u32 { values[period.index(x)].into() };
    let mut count = BigUint::zero();
    for (j, &digit) in code.digits.iter().enumerate() {
        let j = BigUint::from(j);
        if *n < j {
            continue;
        }
        let rest = n - &j;
        if digit & 2 != 0 && !j.is_zero() && g(&rest) == want {
            count += 1u32;
        }
        if digit & 4 == 0 {
            continue;
        }
        let half: BigUint = &rest / 2u32;
        // g(rest - a), for a at most half of rest: where rest is past every
        // index, rest - a is past the preperiod, and read by its residue.
        let at = |x: usize| if x < pre { x } else { pre + (x - pre) % p };
        let small = rest.to_usize();
        let residue = match small {
            Some(_) => 0,
            None => mod_small(&(&rest - pre), p),
        };
        let other = |a: usize| -> u32 {
            match small {
                Some(r) => values[at(r - a)].into(),
                None => values[pre + (residue + p - a % p) % p].into(),
            }
        };
        // a below the preperiod, one by one.
        let below = pre.saturating_sub(1);
        let ones = half.to_usize().map_or(below, |h| h.min(below));
        let by_one =
            (values[1..=ones].iter().zip(1..)).filter(|&(&g, a)| g.into() ^ other(a) == want);
        count += by_one.count();
        let first = (ones + 1).max(1);
        if BigUint::from(first) > half {
            continue;
        }
        // a in [first, half] by its residue c = a mod p: g(a) and g(rest - a)
        // are g(pre + (c - pre) mod p) and `other`'s; the class holds q or
        // q + 1 values of a.
        let span = &half - first;
        let q = &span / p;
        let extra = mod_small(&span, p);
        let (mut classes, mut longer) = (0u64, 0u64);
        for d in 0..p.min(span.to_usize().map_or(p, |s| s + 1)) {
            let value: u32 = values[at(first + d)].into();
            let a = first + d;
            if value ^ other(a) == want {
                classes += 1;
                longer += u64::from(d <= extra);
            }
        }
        count += &q * classes + longer;
    }
    count
}
