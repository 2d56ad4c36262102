//! An impartial board game whose rules are stencils (`moves::Stencils`),
//! valued region by region: a board is the sum of its regions
//! (LANGUAGE.md, "Boards: regions", proves it), so its Grundy value is the
//! XOR of theirs (the Sprague–Grundy theorem; Winning Ways, ch. 4), and a
//! region's is the mex of its moves' values. Each region is valued once,
//! up to the turns and reflections that keep the rules; depth first, with
//! an explicit stack.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::moves::{MoveError, MoveGen, Stencils};
use crate::position::Named;
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, move_error, too_large};
use crate::search::value::{Explored, Value};

/// What a region held takes besides its key's words (the map's entry and
/// spare room, the key's allocation).
const ENTRY_BYTES: u64 = 64;

/// Why a board was not valued here.
#[derive(Debug)]
pub enum RegionError {
    /// A play comes back to a region: the game is to be searched whole.
    Cycle,
    /// The search's own failure.
    Search(Box<SearchError>),
}

impl From<SearchError> for RegionError {
    fn from(e: SearchError) -> Self {
        RegionError::Search(Box::new(e))
    }
}

/// The Grundy values of the regions valued so far.
pub struct RegionValues {
    stencils: Stencils,
    known: FxHashMap<Vec<u64>, u32>,
    /// What `known` holds, by estimate, in bytes.
    bytes: u64,
    max_positions: usize,
}

/// A region being valued: its key, its moves (each the regions it leaves),
/// and the next to look at.
struct Frame {
    key: Vec<u64>,
    options: Vec<Vec<Vec<u64>>>,
    next: usize,
}

impl RegionValues {
    /// The search of a game whose rules are `stencils`, holding at most
    /// `max_positions` regions.
    pub fn new(stencils: Stencils, max_positions: usize) -> Self {
        RegionValues {
            stencils,
            known: FxHashMap::default(),
            bytes: 0,
            max_positions,
        }
    }

    /// How many regions are valued.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// The Grundy value of the board `heaps`: the XOR of its regions'.
    pub fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heaps: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), RegionError> {
        let before = self.known.len();
        let mut edges = 0;
        let mut value = 0;
        for region in self.regions_of(heaps) {
            value ^= self.value_of(game, moves, region, heaps, budget, &mut edges)?;
        }
        let explored = Explored {
            positions: self.known.len() - before,
            edges,
        };
        Ok((Value::Grundy(value), explored))
    }

    /// The keys of the regions of the board `heaps`.
    fn regions_of(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut regions = Vec::new();
        self.stencils.regions(heaps, &mut regions);
        regions.into_iter().map(|r| r.heaps).collect()
    }

    /// The Grundy value of the region `root`, found by a search from it;
    /// `asked` the board asked about.
    fn value_of(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        root: Vec<u64>,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<u32, RegionError> {
        if let Some(&g) = self.known.get(&root) {
            return Ok(g);
        }
        let mut on_stack: FxHashSet<Vec<u64>> = FxHashSet::default();
        on_stack.insert(root.clone());
        let mut stack = vec![self.frame(game, moves, root.clone(), asked, budget, edges)?];
        while let Some(top) = stack.last_mut() {
            // The first region a move leaves that is not valued yet.
            let mut missing = None;
            while top.next < top.options.len() {
                let after = &top.options[top.next];
                if let Some(key) = after.iter().find(|k| !self.known.contains_key(*k)) {
                    missing = Some(key.clone());
                    break;
                }
                top.next += 1;
            }
            if let Some(key) = missing {
                if !on_stack.insert(key.clone()) {
                    return Err(RegionError::Cycle);
                }
                if self.known.len() + stack.len() >= self.max_positions {
                    return Err(too_large(game, self.max_positions, asked).into());
                }
                let frame = self.frame(game, moves, key, asked, budget, edges)?;
                stack.push(frame);
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            on_stack.remove(&frame.key);
            // The mex of the moves' values, each the XOR of the regions
            // the move leaves, every one valued by now.
            let mut seen: Vec<bool> = vec![false; frame.options.len() + 1];
            for after in &frame.options {
                let g = (after.iter()).fold(0, |g, k| g ^ self.known.get(k).copied().unwrap_or(0));
                if let Some(slot) = seen.get_mut(g as usize) {
                    *slot = true;
                }
            }
            let mex = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u32;
            self.bytes += ENTRY_BYTES + 8 * frame.key.len() as u64;
            if self.bytes > budget.memory() {
                return Err(SearchError::MemoryLimit {
                    game: game.title(),
                    position: Named::of(asked, game.board),
                    limit_mb: budget.memory() >> 20,
                }
                .into());
            }
            self.known.insert(frame.key, mex);
        }
        Ok(self.known.get(&root).copied().unwrap_or(0))
    }

    /// The frame of the region `key`: its moves within the budget, each
    /// split into the regions it leaves.
    fn frame(
        &self,
        game: &Game,
        moves: &MoveGen,
        key: Vec<u64>,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<Frame, RegionError> {
        let mut options = Vec::new();
        // Made by the stencils themselves where the rules are their pins.
        let watch = budget.within().watch;
        let made = self.stencils.each_move(&key, &watch, false, |_, regions| {
            options.push(regions.into_iter().map(|r| r.heaps).collect());
        });
        if let Some(looked) = made {
            let looked = looked.map_err(|_| budget.exhausted().error(game, asked))?;
            budget.spend(looked).map_err(|e| e.error(game, asked))?;
            *edges += options.len();
            return Ok(Frame {
                key,
                options,
                next: 0,
            });
        }
        let heaps = self.stencils.unpack(&key);
        let examined = moves.each_move_within(&heaps, budget.within(), |_, next| {
            options.push(self.regions_of(next));
        });
        let examined = examined.map_err(|e: MoveError| match e.error {
            EvalError::OutOfBudget => budget.exhausted().error(game, asked),
            _ => move_error(game, &heaps, e),
        })?;
        budget.spend(examined).map_err(|e| e.error(game, asked))?;
        *edges += options.len();
        Ok(Frame {
            key,
            options,
            next: 0,
        })
    }
}
