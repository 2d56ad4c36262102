//! Alpha-beta search of a scoring game's position whose graph of positions
//! does not fit the limits (Knuth and Moore, "An analysis of alpha-beta
//! pruning", Artificial Intelligence 6, 1975): negamax with a window
//! (alpha, beta), a move's value looked for only as far as it can change
//! its parent's, the rest of a position's moves cut off once one reaches
//! beta. The value at the root, searched with the widest window, is
//! exact.
//!
//! Each value found is kept as bounds in a table of positions: below the
//! window, an upper bound; above it, a lower bound; inside it, the value
//! (fail-soft alpha-beta; Marsland, "A review of game-tree pruning", ICCA
//! Journal 9, 1986). The table is a cache: past the memory or position
//! limit it is emptied and filled again, which costs time, never
//! correctness — keys are whole positions, compared word for word. The
//! search is depth first with an explicit stack, and a play that comes
//! back to a position on the stack is a cycle, as in the full search
//! (where every play is proven to end, `moves::plays_end`, none is looked
//! for).
//!
//! A position's moves are all keyed and looked up in the table together
//! when it is expanded: where one's bounds already reach beta, the rest
//! are not searched (an enhanced transposition cut-off: Plaat, Schaeffer,
//! Pijls and de Bruin, "Exploiting graph properties of game trees", AAAI
//! 1996). The moves after which their player moves again are tried first,
//! the most points first: they are most often the best (the boxes of Dots
//! and Boxes taken before a line is given away), and the best first makes
//! the most cut-offs (Knuth and Moore).

use rustc_hash::FxHashSet;

use super::worth::worth;
use crate::moves::{MoveError, MoveGen};
use crate::rules::expr::EvalError;
use crate::search::base::arena::Arena;
use crate::search::base::budget::Budget;
use crate::search::graphs::keying::Keying;

/// The widest window's ends, at the root: every margin lies between (one
/// past them is an overflow, an error).
pub(super) const INFINITE: i128 = i128::MAX;

/// What stopped an alpha-beta search.
pub(super) enum Halt {
    /// The budget or the clock ran out.
    Spent,
    /// A rule could not be applied at a position (its heaps).
    Rule(Vec<u64>, MoveError),
    /// A margin past 128 bits: the rule, at the position.
    Overflow(usize, Vec<u64>),
    /// A play came back to a position on the stack: the positions from it
    /// on, and the rule of each step.
    Cycle(Vec<Vec<u64>>, Vec<usize>),
}

/// The bounds known of positions' values, kept from search to search.
pub(super) struct Pruned {
    keying: Keying,
    /// Every play is proven to end: no cycle is looked for.
    ends: bool,
    table: Arena,
    lower: Vec<i128>,
    upper: Vec<i128>,
    /// Positions expanded, all searches told.
    pub searched: usize,
    /// Scratch: the ends of an expanded position's moves' keys, and where
    /// each is held.
    ends_of_keys: Vec<usize>,
    found: Vec<Option<u32>>,
}

/// A position on the stack: its heaps (in `path`), its key (in `keys`),
/// its moves (in `edges`), the next to look at, its window (and alpha as
/// it came), the best margin found so far, and the move that led to it
/// from the frame below.
struct Frame {
    heaps: (usize, usize),
    key: (usize, usize),
    moves: (usize, usize),
    /// Where its moves' positions start in `after`, and their keys in
    /// `keys`.
    after_start: usize,
    keys_start: usize,
    next: usize,
    alpha: i128,
    beta: i128,
    alpha_in: i128,
    best: Option<i128>,
    via: usize,
}

/// A move of a position on the stack: its rule, where it leads (in
/// `after`) and that position's key (in `keys`), its points, and whether
/// its player moves again.
struct Move {
    rule: usize,
    after: (usize, usize),
    key: (usize, usize),
    points: i128,
    again: bool,
}

impl Pruned {
    /// A table of positions keyed by `keying`; `ends`: every play is
    /// proven to end.
    pub(super) fn new(keying: Keying, ends: bool) -> Self {
        Pruned {
            keying,
            ends,
            table: Arena::new(),
            lower: Vec::new(),
            upper: Vec::new(),
            searched: 0,
            ends_of_keys: Vec::new(),
            found: Vec::new(),
        }
    }

    /// How many images of the board `heaps` are held as one.
    pub(super) fn turns(&self, heaps: &[u64]) -> usize {
        self.keying.turns(heaps)
    }

    /// The value of `heaps` (the most the player to move wins by) searched
    /// with `window`: exact inside it, else a bound beyond the end it
    /// passes (fail-soft); within `budget`, the table kept within `limits`
    /// (positions, bytes).
    pub(super) fn value(
        &mut self,
        moves: &MoveGen,
        heaps: &[u64],
        mut window: (i128, i128),
        budget: &mut Budget,
        limits: (usize, u64),
    ) -> Result<i128, Halt> {
        let mut path: Vec<u64> = Vec::new();
        let mut after: Vec<u64> = Vec::new();
        let mut keys: Vec<u64> = Vec::new();
        let mut edges: Vec<Move> = Vec::new();
        let mut frames: Vec<Frame> = Vec::new();
        let mut on_stack: FxHashSet<Vec<u64>> = FxHashSet::default();
        let mut here = heaps.to_vec();
        self.keying.key_into(heaps, &mut keys);
        let mut key = (0, keys.len());
        let mut via = usize::MAX;
        loop {
            // `here` goes on the stack with `window`, its moves listed.
            let (start, first, after_start) = (path.len(), edges.len(), after.len());
            path.extend_from_slice(&here);
            if !self.ends {
                on_stack.insert(keys[key.0..key.1].to_vec());
            }
            let keys_start = keys.len();
            let (keying, ends_of_keys) = (&mut self.keying, &mut self.ends_of_keys);
            ends_of_keys.clear();
            let examined =
                moves.each_scored_move(&here, budget.within(), |rule, next, points, again| {
                    let from = after.len();
                    after.extend_from_slice(next);
                    let key_from = keys.len();
                    keying.key_into(next, &mut keys);
                    ends_of_keys.push(keys.len() - keys_start);
                    edges.push(Move {
                        rule,
                        after: (from, after.len()),
                        key: (key_from, keys.len()),
                        points,
                        again,
                    });
                });
            let examined = match examined {
                Ok(examined) => examined,
                Err(MoveError {
                    error: EvalError::OutOfBudget,
                    ..
                }) => return Err(Halt::Spent),
                Err(e) => return Err(Halt::Rule(here, e)),
            };
            budget.spend(examined.max(1)).map_err(|_| Halt::Spent)?;
            self.searched += 1;
            // Where a move's bounds reach beta, no move is searched.
            let cut = self.cut_off(&keys[keys_start..], &edges[first..], window.1);
            order(&mut edges[first..]);
            frames.push(Frame {
                heaps: (start, path.len()),
                key,
                moves: (first, edges.len()),
                after_start,
                keys_start,
                next: first,
                alpha: cut.map_or(window.0, |cut| cut.max(window.0)),
                beta: window.1,
                alpha_in: window.0,
                best: cut,
                via,
            });
            // Down the stack until a move leads to a position to search.
            loop {
                let Some(top) = frames.last_mut() else {
                    unreachable!("the search returns when the root is done");
                };
                if top.next < top.moves.1 && top.alpha < top.beta {
                    let index = top.next;
                    top.next += 1;
                    let m = &edges[index];
                    let seen_after = seen_after((top.alpha, top.beta), m.points, m.again);
                    let next_key = &keys[m.key.0..m.key.1];
                    if !self.ends && on_stack.contains(next_key) {
                        let next = &after[m.after.0..m.after.1];
                        return Err(self.cycle(&frames, &path, &edges, next));
                    }
                    match self.known(next_key, seen_after) {
                        Some(value) => settle(&mut frames, &path, m, value)?,
                        None => {
                            here.clear();
                            here.extend_from_slice(&after[m.after.0..m.after.1]);
                            (via, window, key) = (index, seen_after, m.key);
                            break;
                        }
                    }
                    continue;
                }
                // Every move looked at, or the rest cut off: its value.
                let Some(frame) = frames.pop() else {
                    unreachable!("the top frame");
                };
                let value = frame.best.unwrap_or(0);
                let frame_key = &keys[frame.key.0..frame.key.1];
                if !self.ends {
                    on_stack.remove(frame_key);
                }
                self.keep(frame_key, value, (frame.alpha_in, frame.beta), limits);
                path.truncate(frame.heaps.0);
                edges.truncate(frame.moves.0);
                after.truncate(frame.after_start);
                keys.truncate(frame.keys_start);
                if frames.is_empty() {
                    return Ok(value);
                }
                settle(&mut frames, &path, &edges[frame.via], value)?;
            }
        }
    }

    /// The most a move of `moves` (their keys one after another in `keys`)
    /// is known to be worth, where the table's bounds put it at `beta` or
    /// above: the position is then worth that much at least, and no move
    /// need be searched.
    fn cut_off(&mut self, keys: &[u64], moves: &[Move], beta: i128) -> Option<i128> {
        self.table
            .find_all(keys, &self.ends_of_keys, &mut self.found);
        (moves.iter().zip(&self.found))
            .filter_map(|(m, found)| {
                let id = (*found)? as usize;
                match m.again {
                    true => m.points.checked_add(self.lower[id]),
                    false => m.points.checked_sub(self.upper[id]),
                }
            })
            .filter(|&least| least >= beta)
            .max()
    }

    /// The value of the position of `key` where the table's bounds settle
    /// it for `(alpha, beta)`: a lower bound at beta or above, an upper
    /// bound at alpha or below, or both bounds met.
    fn known(&self, key: &[u64], (alpha, beta): (i128, i128)) -> Option<i128> {
        let id = self.table.find(key)? as usize;
        let (lower, upper) = (self.lower[id], self.upper[id]);
        if lower >= beta || lower == upper {
            Some(lower)
        } else if upper <= alpha {
            Some(upper)
        } else {
            None
        }
    }

    /// Keeps what a search with window `(alpha, beta)` that returned
    /// `value` says of the position of `key`; the table emptied first
    /// where it holds `limits` (positions, bytes).
    fn keep(
        &mut self,
        key: &[u64],
        value: i128,
        (alpha, beta): (i128, i128),
        (positions, bytes): (usize, u64),
    ) {
        let id = match self.table.find(key) {
            Some(id) => id as usize,
            None => {
                let held = self.table.bytes() + 32 * self.lower.len() as u64;
                if self.table.len() >= positions || held > bytes {
                    self.table = Arena::new();
                    self.lower.clear();
                    self.upper.clear();
                }
                self.lower.push(-INFINITE);
                self.upper.push(INFINITE);
                self.table.insert(key) as usize
            }
        };
        if value <= alpha {
            self.upper[id] = self.upper[id].min(value);
        } else if value >= beta {
            self.lower[id] = self.lower[id].max(value);
        } else {
            (self.lower[id], self.upper[id]) = (value, value);
        }
    }

    /// The cycle a play makes, coming back from the top of `frames` to
    /// `again`, a position on the stack.
    fn cycle(&mut self, frames: &[Frame], path: &[u64], edges: &[Move], again: &[u64]) -> Halt {
        let heaps = |f: &Frame| path[f.heaps.0..f.heaps.1].to_vec();
        let (mut key, mut theirs) = (Vec::new(), Vec::new());
        self.keying.key_into(again, &mut key);
        let from = (frames.iter())
            .position(|f| {
                theirs.clear();
                self.keying.key_into(&heaps(f), &mut theirs);
                theirs == key
            })
            .unwrap_or(0);
        let on = &frames[from..];
        let mut cycle: Vec<Vec<u64>> = on.iter().map(heaps).collect();
        cycle.push(again.to_vec());
        let rules = on.iter().map(|f| edges[f.next - 1].rule).collect();
        Halt::Cycle(cycle, rules)
    }
}

/// A position's moves in the order they are searched: those after which
/// their player moves again first, the most points first; the rest by
/// their points, most first; else as the rules make them.
fn order(moves: &mut [Move]) {
    moves.sort_by_key(|m| (!m.again, std::cmp::Reverse(m.points)));
}

/// The window `(alpha, beta)` of a position, seen from where a move of
/// `points` leads: the same less the points where its player moves again,
/// else that negated and turned round. Kept within the widest window.
fn seen_after((alpha, beta): (i128, i128), points: i128, again: bool) -> (i128, i128) {
    let within = |v: i128| v.clamp(-INFINITE, INFINITE);
    let (a, b) = (
        within(alpha.saturating_sub(points)),
        within(beta.saturating_sub(points)),
    );
    if again { (a, b) } else { (-b, -a) }
}

/// Move `m` of the top frame leads to a position of `value`: what it is
/// worth to the frame's player raises its best and its alpha.
fn settle(frames: &mut [Frame], path: &[u64], m: &Move, value: i128) -> Result<(), Halt> {
    let Some(top) = frames.last_mut() else {
        return Ok(());
    };
    let Some(w) = worth(m.points, m.again, value) else {
        return Err(Halt::Overflow(
            m.rule,
            path[top.heaps.0..top.heaps.1].to_vec(),
        ));
    };
    top.best = Some(top.best.map_or(w, |b| b.max(w)));
    top.alpha = top.alpha.max(w);
    Ok(())
}
