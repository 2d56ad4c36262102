//! The search of a scoring game (`score += EXPR`): the value of a position
//! is the most the player to move can win by, their points from here on
//! minus the other player's, both playing to make that margin their best —
//! negamax (Knuth and Moore, "An analysis of alpha-beta pruning", 1975;
//! the rule in LANGUAGE.md, "Scoring games"):
//!
//! - a position with no move is worth 0: the play is over;
//! - otherwise its value is the best over its moves of the move's points
//!   plus the value of where it leads when its player moves again
//!   (`again`), or minus it when the other player moves next.
//!
//! The points still to come depend only on the position, not on how play
//! got there, so each position is valued once and remembered. The search
//! is depth first with an explicit stack (plays thousands of moves long
//! do not reach the thread's stack), and a play that returns to a
//! position on the stack is a cycle, whose points would have no value.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::moves::{MoveError, MoveGen};
use crate::position::Position;
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::base::budget::Budget;
use crate::search::base::budget::DEFAULT_MOVE_BUDGET;
use crate::search::base::error::{SearchError, move_error, too_large};
use crate::search::options::Options;

/// A remembered position's bytes beside its heaps (estimated: the map's
/// entry and spare room, the key's allocation).
const ENTRY_BYTES: u64 = 80;

/// One move of a scoring game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The rule that makes it (an index into the game's rules).
    pub rule: usize,
    /// The position it leads to, as the rules make it.
    pub after: Vec<u64>,
    /// The points its player scores.
    pub points: i128,
    /// Its player moves again.
    pub again: bool,
}

/// The values of a scoring game's positions, found so far.
pub struct ScoringSearch {
    game: Arc<Game>,
    moves: MoveGen,
    symmetry: (bool, bool),
    options: Options,
    /// Each position valued, by its canonical key.
    known: FxHashMap<Vec<u64>, i128>,
    /// What `known` holds, by estimate, in bytes.
    bytes: u64,
}

/// A position being valued: its moves, each with where it leads (its key),
/// the next to look at, and the best margin found so far.
struct Frame {
    key: Vec<u64>,
    moves: Vec<(usize, Vec<u64>, i128, bool)>,
    next: usize,
    best: Option<i128>,
}

impl ScoringSearch {
    /// The search of `game`'s positions, within `options`' limits.
    pub fn new(game: Arc<Game>, options: Options) -> Self {
        let moves = MoveGen::new(&game);
        let symmetry = moves.symmetry(&game);
        ScoringSearch {
            game,
            moves,
            symmetry,
            options,
            known: FxHashMap::default(),
            bytes: 0,
        }
    }

    /// How many positions are valued.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// The most the player to move at `heaps` wins by, both playing their
    /// best (a loss is negative, a draw 0).
    pub fn value(&mut self, heaps: &[u64]) -> Result<i128, SearchError> {
        let root = self.key(heaps);
        if let Some(&value) = self.known.get(&root) {
            return Ok(value);
        }
        let mut budget = self.budget();
        let mut on_stack: FxHashSet<Vec<u64>> = FxHashSet::default();
        on_stack.insert(root.clone());
        let mut stack = vec![self.frame(root, &mut budget, heaps)?];
        while let Some(top) = stack.last_mut() {
            if let Some((rule, after, points, again)) = top.moves.get(top.next) {
                if let Some(&value) = self.known.get(after) {
                    let worth = worth(*points, *again, value)
                        .ok_or_else(|| self.overflow(*rule, &top.key))?;
                    top.best = Some(top.best.map_or(worth, |best| best.max(worth)));
                    top.next += 1;
                    continue;
                }
                let after = after.clone();
                if on_stack.contains(&after) {
                    return Err(self.cycle(&stack, &after));
                }
                if self.known.len() + stack.len() >= self.options.max_positions {
                    return Err(too_large(&self.game, self.options.max_positions, heaps));
                }
                on_stack.insert(after.clone());
                let frame = self.frame(after, &mut budget, heaps)?;
                stack.push(frame);
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            on_stack.remove(&frame.key);
            self.keep(frame.key, frame.best.unwrap_or(0), &budget, heaps)?;
        }
        Ok(self.known.get(&self.key(heaps)).copied().unwrap_or(0))
    }

    /// Every move from `heaps`, in the order the rules make them, each with
    /// what it is worth to its player: its points, plus or minus the value
    /// of where it leads (`value`'s rule).
    pub fn moves(&mut self, heaps: &[u64]) -> Result<Vec<(ScoredMove, i128)>, SearchError> {
        self.value(heaps)?;
        let mut budget = self.budget();
        let listed = self.listed(heaps, &mut budget, heaps)?;
        let mut out = Vec::with_capacity(listed.len());
        for m in listed {
            let value = self.value(&m.after)?;
            let worth =
                worth(m.points, m.again, value).ok_or_else(|| self.overflow(m.rule, heaps))?;
            out.push((m, worth));
        }
        Ok(out)
    }

    /// The moves from `heaps` as the rules make them, within `budget`.
    fn listed(
        &self,
        heaps: &[u64],
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Vec<ScoredMove>, SearchError> {
        let mut out = Vec::new();
        let allowance = budget.left();
        let examined =
            self.moves
                .each_scored_move(heaps, allowance, |rule, after, points, again| {
                    out.push(ScoredMove {
                        rule,
                        after: after.to_vec(),
                        points,
                        again,
                    })
                });
        let examined = match examined {
            Ok(examined) => examined,
            Err(MoveError {
                error: EvalError::OutOfBudget,
                ..
            }) => allowance.saturating_add(1),
            Err(e) => return Err(move_error(&self.game, heaps, e)),
        };
        budget
            .spend(examined)
            .map_err(|e| e.error(&self.game, asked))?;
        Ok(out)
    }

    /// The frame of the position `key`: its moves, each to a key.
    fn frame(
        &self,
        key: Vec<u64>,
        budget: &mut Budget,
        asked: &[u64],
    ) -> Result<Frame, SearchError> {
        let moves = (self.listed(&key, budget, asked)?.into_iter())
            .map(|m| (m.rule, self.key(&m.after), m.points, m.again))
            .collect();
        Ok(Frame {
            key,
            moves,
            next: 0,
            best: None,
        })
    }

    /// Remembers a position's value, within the search's memory.
    fn keep(
        &mut self,
        key: Vec<u64>,
        value: i128,
        budget: &Budget,
        asked: &[u64],
    ) -> Result<(), SearchError> {
        self.bytes += ENTRY_BYTES + 8 * key.len() as u64;
        if self.bytes > budget.memory() {
            return Err(SearchError::MemoryLimit {
                game: self.game.title(),
                position: Position::from_u64s(asked),
                limit_mb: budget.memory() >> 20,
            });
        }
        self.known.insert(key, value);
        Ok(())
    }

    /// The key a position is remembered by: heaps sorted, or empty ones
    /// dropped, where the rules cannot tell them apart (`MoveGen::symmetry`).
    fn key(&self, heaps: &[u64]) -> Vec<u64> {
        let mut key = Vec::with_capacity(heaps.len());
        MoveGen::canonical_into(heaps, self.symmetry, &mut key);
        key
    }

    fn budget(&self) -> Budget {
        let o = &self.options;
        Budget::question(o.move_budget, DEFAULT_MOVE_BUDGET, o.timeout, &o.cancel)
            .with_memory(Some(o.max_bytes))
    }

    /// The error of a margin past 128 bits.
    fn overflow(&self, rule: usize, heaps: &[u64]) -> SearchError {
        move_error(
            &self.game,
            heaps,
            MoveError {
                rule,
                error: EvalError::Overflow,
            },
        )
    }

    /// A play that comes back to `again`: the positions on the stack from
    /// it on, and the rule each step followed.
    fn cycle(&self, stack: &[Frame], again: &[u64]) -> SearchError {
        let from = stack.iter().position(|f| f.key == again).unwrap_or(0);
        let on = &stack[from..];
        let mut cycle: Vec<Position> = on.iter().map(|f| Position::from_u64s(&f.key)).collect();
        cycle.push(Position::from_u64s(again));
        let rule_of = |f: &Frame| {
            let rule = f.moves.get(f.next).map_or(0, |m| m.0);
            self.game.rules.get(rule)
        };
        let rules = (on.iter())
            .map(|f| rule_of(f).map_or_else(String::new, |r| r.name.clone()))
            .collect();
        let span = stack
            .last()
            .and_then(rule_of)
            .map_or_else(|| (0, 0).into(), |r| r.span);
        SearchError::ScoringCycle {
            game: self.game.title(),
            cycle,
            rules,
            src: self.game.source.clone(),
            span,
        }
    }
}

/// What a move is worth to its player: its points, plus the value of
/// where it leads when they move again, else minus it; `None` past 128
/// bits.
pub fn worth(points: i128, again: bool, value: i128) -> Option<i128> {
    match again {
        true => points.checked_add(value),
        false => points.checked_sub(value),
    }
}
