//! The search: a game's position graph, built with petgraph from the
//! positions asked about, with Grundy values (normal play) or outcomes (misère
//! play) evaluated bottom-up. Positions are interned to dense node ids; one
//! `Solver` per game keeps its graph and values for a whole run, so later
//! positions reuse earlier work.

pub mod moves;

use std::sync::Arc;

use indexmap::IndexSet;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use rustc_hash::FxBuildHasher;

use crate::diagnostics::{Code, Error};
use crate::position::heaps_text;
use crate::rules::Game;
use moves::{MoveError, MoveGen};

/// The default bound on positions one game's search may hold.
pub const DEFAULT_MAX_POSITIONS: usize = 5_000_000;

/// What the search knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Normal play: the Grundy value (0 exactly for P-positions).
    Grundy(u32),
    /// Misère play: whether the player to move wins.
    Misere { next_wins: bool },
}

impl Value {
    /// True for a P-position: the player to move loses.
    pub fn is_p(self) -> bool {
        matches!(self, Value::Grundy(0) | Value::Misere { next_wins: false })
    }
}

/// How much one query added to the game's graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Explored {
    pub positions: usize,
    pub edges: usize,
}

const WHITE: u8 = 0;
const GREY: u8 = 1;
const BLACK: u8 = 2;

/// The search for one game.
pub struct Solver {
    pub game: Arc<Game>,
    moves: MoveGen,
    sorted: bool,
    drop_zeros: bool,
    /// Canonical positions; a position's index is its node id.
    positions: IndexSet<Box<[u64]>, FxBuildHasher>,
    /// Edges carry the index of the rule that makes the move.
    graph: DiGraph<(), u16, u32>,
    state: Vec<u8>,
    values: Vec<Value>,
    max_positions: usize,
}

enum Step {
    Visit(u32),
    Finish(u32),
}

impl Solver {
    pub fn new(game: Arc<Game>, max_positions: usize) -> Self {
        let moves = MoveGen::new(&game);
        let (sorted, drop_zeros) = moves.symmetry(&game);
        Solver {
            game,
            moves,
            sorted,
            drop_zeros,
            positions: IndexSet::default(),
            graph: DiGraph::default(),
            state: Vec::new(),
            values: Vec::new(),
            max_positions,
        }
    }

    /// Positions held so far.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Every move from `heaps`: the rule's index and the position after it.
    pub fn moves_from(&self, heaps: &[u64]) -> Result<Vec<(usize, Vec<u64>)>, Error> {
        let mut nexts = Vec::new();
        self.moves
            .each_move(heaps, |rule, next| nexts.push((rule, next.to_vec())))
            .map_err(|e| self.move_error(heaps, e))?;
        Ok(nexts)
    }

    /// The value of `heaps`, searching what is not yet known.
    pub fn value(&mut self, heaps: &[u64]) -> Result<(Value, Explored), Error> {
        let before = Explored {
            positions: self.positions.len(),
            edges: self.graph.edge_count(),
        };
        let start = self.intern(heaps)?;
        self.evaluate(start)?;
        let explored = Explored {
            positions: self.positions.len() - before.positions,
            edges: self.graph.edge_count() - before.edges,
        };
        Ok((self.values[start as usize], explored))
    }

    fn canonical(&self, heaps: &[u64]) -> Box<[u64]> {
        let mut key: Vec<u64> = if self.drop_zeros {
            heaps.iter().copied().filter(|&h| h != 0).collect()
        } else {
            heaps.to_vec()
        };
        if self.sorted {
            key.sort_unstable();
        }
        key.into_boxed_slice()
    }

    fn intern(&mut self, heaps: &[u64]) -> Result<u32, Error> {
        let key = self.canonical(heaps);
        if let Some(id) = self.positions.get_index_of(&key) {
            return Ok(id as u32);
        }
        if self.positions.len() >= self.max_positions {
            return Err(Error::new(
                Code::TooLarge,
                format!(
                    "the search of `{}` reached {} positions, its limit, at {}",
                    self.game.title(),
                    self.max_positions,
                    heaps_text(heaps)
                ),
            )
            .help("raise the limit with --max-positions N, or ask about a smaller position"));
        }
        let (id, _) = self.positions.insert_full(key);
        self.graph.add_node(());
        self.state.push(WHITE);
        self.values.push(Value::Grundy(0));
        Ok(id as u32)
    }

    /// Evaluates `start` and everything below it, depth first with an
    /// explicit stack (no recursion: searches may be millions deep).
    fn evaluate(&mut self, start: u32) -> Result<(), Error> {
        let mut stack = vec![Step::Visit(start)];
        let mut children: Vec<(u32, u16)> = Vec::new();
        let mut seen: Vec<bool> = Vec::new();
        while let Some(step) = stack.pop() {
            match step {
                Step::Visit(node) => {
                    if self.state[node as usize] != WHITE {
                        continue;
                    }
                    self.state[node as usize] = GREY;
                    stack.push(Step::Finish(node));
                    self.expand(node, &mut children)?;
                    for &(child, rule) in &children {
                        match self.state[child as usize] {
                            GREY => return Err(self.cycle(node, rule)),
                            WHITE => stack.push(Step::Visit(child)),
                            _ => {}
                        }
                    }
                }
                Step::Finish(node) => {
                    let value = self.value_from_children(node, &mut seen);
                    self.values[node as usize] = value;
                    self.state[node as usize] = BLACK;
                }
            }
        }
        Ok(())
    }

    /// Generates `node`'s moves into the graph, and lists its children.
    fn expand(&mut self, node: u32, children: &mut Vec<(u32, u16)>) -> Result<(), Error> {
        children.clear();
        let heaps = self.positions[node as usize].clone();
        for (rule, next) in self.moves_from(&heaps)? {
            let child = self.intern(&next)?;
            children.push((child, rule as u16));
        }
        // One edge per child, named by the first rule that reaches it.
        children.sort_by_key(|&(child, _)| child);
        children.dedup_by_key(|&mut (child, _)| child);
        for &(child, rule) in children.iter() {
            self.graph
                .add_edge(NodeIndex::new(node as usize), NodeIndex::new(child as usize), rule);
        }
        Ok(())
    }

    fn value_from_children(&self, node: u32, seen: &mut Vec<bool>) -> Value {
        let edges = self.graph.edges(NodeIndex::new(node as usize));
        if self.game.misere {
            // The player who cannot move has won: the last mover lost.
            let mut any = false;
            for edge in edges {
                any = true;
                if self.values[edge.target().index()].is_p() {
                    return Value::Misere { next_wins: true };
                }
            }
            return Value::Misere { next_wins: !any };
        }
        seen.clear();
        for edge in edges {
            if let Value::Grundy(g) = self.values[edge.target().index()] {
                let g = g as usize;
                if g >= seen.len() {
                    seen.resize(g + 1, false);
                }
                seen[g] = true;
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        Value::Grundy(mex as u32)
    }

    fn cycle(&self, node: u32, rule: u16) -> Error {
        let rule = &self.game.rules[rule as usize];
        let position = heaps_text(&self.positions[node as usize]);
        Error::new(
            Code::Cycle,
            format!(
                "`{}` can go on forever: a move by `{}` from {position} returns to a position already on the way there",
                self.game.title(),
                rule.name
            ),
        )
        .at(&self.game.source, rule.span, format!("closes a cycle through {position}"))
        .help("Grundy values exist only for games that always end; change the rules so that every move makes progress")
    }

    fn move_error(&self, heaps: &[u64], e: MoveError) -> Error {
        let rule = &self.game.rules[e.rule];
        Error::new(
            Code::Evaluation,
            format!("the rule `{}` cannot be applied at {}: {}", rule.name, heaps_text(heaps), e.error),
        )
        .at(&self.game.source, rule.span, "this rule")
        .help("make the rule's condition defined for every position the game reaches")
    }
}
