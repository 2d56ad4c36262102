//! The misère search of a sum of heaps larger than a quotient holds for,
//! the quotient deciding every position all of whose heaps it holds for.
//! Positions are sorted heaps (heaps with no move, the zero game, left
//! out): a sum of several components of one game is one position.

use std::collections::HashMap;
use std::sync::Arc;

use super::found::Quotient;
use crate::moves::MoveGen;
use crate::position::Named;
use crate::rules::Game;
use crate::search::SearchError;
use crate::search::budget::Budget;

/// What a move of this search costs, against the general search's moves the
/// budget is measured in: each position reached is sorted, hashed and held
/// as a key (measured: misère `octal 4.7` at (30, 31, 32) made about 2.5
/// million moves a second, the general search 7 to 16 million).
const MOVE_COST: u64 = 4;

/// A search of one misère heap game's sums, its quotient at the leaves.
pub struct Assisted {
    game: Arc<Game>,
    moves: MoveGen,
    quotient: Quotient,
    /// Each heap's moves, as the nonempty heaps each leaves.
    options: HashMap<u32, Vec<Vec<u32>>>,
    /// Positions searched: whether each is P.
    known: HashMap<Vec<u32>, bool>,
    /// Positions searched in all, including those forgotten to make room.
    searched: usize,
    max_positions: usize,
}

/// A position being searched: its moves' positions, and the next to judge.
struct Frame {
    key: Vec<u32>,
    children: Vec<Vec<u32>>,
    next: usize,
}

impl Assisted {
    pub fn new(game: Arc<Game>, quotient: Quotient, max_positions: usize) -> Self {
        Assisted {
            moves: MoveGen::new(&game),
            game,
            quotient,
            options: HashMap::new(),
            known: HashMap::new(),
            searched: 0,
            max_positions,
        }
    }

    /// Positions searched so far, in all questions.
    pub fn searched(&self) -> usize {
        self.searched
    }

    /// Whether the sum of `heaps` is P (the player to move loses), within
    /// `budget` (one for each move made).
    pub fn is_p(&mut self, heaps: &[u32], budget: &mut Budget) -> Result<bool, SearchError> {
        if self.known.len() >= self.max_positions / 2 {
            // Earlier questions' positions make room for this one's.
            self.known.clear();
        }
        let asked: Vec<u64> = heaps.iter().map(|&h| u64::from(h)).collect();
        let start = self.key(heaps.to_vec(), &asked, budget)?;
        if let Some(p) = self.decided(&start) {
            return Ok(p);
        }
        let children = self.children(&start, &asked, budget)?;
        let mut stack = vec![Frame {
            key: start.clone(),
            children,
            next: 0,
        }];
        // The result of the frame last finished, for its parent.
        let mut finished: Option<bool> = None;
        while let Some(frame) = stack.last_mut() {
            // A move to a P-position: this one is N.
            let to_p = finished.take() == Some(true);
            let child = if to_p {
                None
            } else {
                frame.children.get(frame.next).cloned()
            };
            let Some(child) = child else {
                let is_p = !to_p && !frame.children.is_empty();
                let key = std::mem::take(&mut frame.key);
                stack.pop();
                self.known.insert(key, is_p);
                self.searched += 1;
                finished = Some(is_p);
                continue;
            };
            frame.next += 1;
            match self.decided(&child) {
                Some(p) => finished = Some(p),
                None => {
                    if self.known.len() + stack.len() >= self.max_positions {
                        return Err(SearchError::TooManyPositions {
                            game: self.game.title(),
                            position: Named::of(&asked, self.game.board),
                            limit: self.max_positions,
                        });
                    }
                    let children = self.children(&child, &asked, budget)?;
                    stack.push(Frame {
                        key: child,
                        children,
                        next: 0,
                    });
                }
            }
        }
        Ok(self.known[&start])
    }

    /// Whether `key` is P, if the quotient or the search knows.
    fn decided(&self, key: &[u32]) -> Option<bool> {
        let upto = self.quotient.upto();
        if key.iter().all(|&h| u64::from(h) <= upto) {
            let element = (self.quotient.monoid).product(
                key.iter()
                    .map(|&h| self.quotient.phi[self.quotient.index(0, h as usize)]),
            );
            return Some(self.quotient.is_p_element(element));
        }
        self.known.get(key).copied()
    }

    /// The heaps sorted, largest first, those with no move left out.
    fn key(
        &mut self,
        mut heaps: Vec<u32>,
        asked: &[u64],
        budget: &mut Budget,
    ) -> Result<Vec<u32>, SearchError> {
        let mut key = Vec::with_capacity(heaps.len());
        for h in heaps.drain(..) {
            if !self.heap_options(h, asked, budget)?.is_empty() {
                key.push(h);
            }
        }
        key.sort_unstable_by(|a, b| b.cmp(a));
        Ok(key)
    }

    fn heap_options(
        &mut self,
        h: u32,
        asked: &[u64],
        budget: &mut Budget,
    ) -> Result<&Vec<Vec<u32>>, SearchError> {
        if !self.options.contains_key(&h) {
            let Some(options) =
                super::moves::heap_options(&self.game, &self.moves, u64::from(h), budget)?
            else {
                return Err(budget.exhausted().error(&self.game, asked));
            };
            self.options.insert(h, options);
        }
        Ok(&self.options[&h])
    }

    /// The positions the moves from `key` reach, each once. Each move is
    /// `MOVE_COST` of the budget's.
    fn children(
        &mut self,
        key: &[u32],
        asked: &[u64],
        budget: &mut Budget,
    ) -> Result<Vec<Vec<u32>>, SearchError> {
        let mut children = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue;
            }
            let options = self.heap_options(h, asked, budget)?.clone();
            budget
                .spend(options.len() as u64 * MOVE_COST)
                .map_err(|e| e.error(&self.game, asked))?;
            for option in options {
                let rest = key[..i].iter().chain(&key[i + 1..]).copied();
                let after = rest.chain(option).collect();
                children.push(self.key(after, asked, budget)?);
            }
        }
        children.sort_unstable();
        children.dedup();
        Ok(children)
    }
}
