//! The general search: the position graph reachable from the positions asked
//! about, built with petgraph, positions interned to dense node ids, values
//! evaluated bottom-up with an explicit stack (searches may be millions of
//! moves deep), and a cycle reported with the rule that closes it.

use indexmap::IndexSet;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use rustc_hash::FxBuildHasher;

use super::moves::MoveGen;
use super::{Explored, Value, moves_from, too_large};
use crate::diagnostics::{Code, Error};
use crate::position::heaps_text;
use crate::rules::Game;

const WHITE: u8 = 0;
const GREY: u8 = 1;
const BLACK: u8 = 2;

/// One game's position graph and the values found so far.
pub struct GraphSearch {
    /// Positions may be sorted: heap order never matters.
    sorted: bool,
    /// Empty heaps may be dropped: they never matter.
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

impl GraphSearch {
    pub fn new(game: &Game, moves: &MoveGen, max_positions: usize) -> Self {
        let (sorted, drop_zeros) = moves.symmetry(game);
        GraphSearch {
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
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// The value of `heaps`, searching what is not yet known.
    pub fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heaps: &[u64],
    ) -> Result<(Value, Explored), Error> {
        let before = (self.positions.len(), self.graph.edge_count());
        let start = self.intern(game, heaps)?;
        self.evaluate(game, moves, start)?;
        let explored = Explored {
            positions: self.positions.len() - before.0,
            edges: self.graph.edge_count() - before.1,
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

    fn intern(&mut self, game: &Game, heaps: &[u64]) -> Result<u32, Error> {
        let key = self.canonical(heaps);
        if let Some(id) = self.positions.get_index_of(&key) {
            return Ok(id as u32);
        }
        if self.positions.len() >= self.max_positions {
            return Err(too_large(game, self.max_positions, heaps));
        }
        let (id, _) = self.positions.insert_full(key);
        self.graph.add_node(());
        self.state.push(WHITE);
        self.values.push(Value::Grundy(0));
        Ok(id as u32)
    }

    /// Evaluates `start` and everything below it, depth first.
    fn evaluate(&mut self, game: &Game, moves: &MoveGen, start: u32) -> Result<(), Error> {
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
                    self.expand(game, moves, node, &mut children)?;
                    for &(child, rule) in &children {
                        match self.state[child as usize] {
                            // A grey node is on the path from `start` here.
                            GREY => return Err(self.cycle(game, node, rule)),
                            WHITE => stack.push(Step::Visit(child)),
                            _ => {}
                        }
                    }
                }
                Step::Finish(node) => {
                    self.values[node as usize] = self.value_from_children(game, node, &mut seen);
                    self.state[node as usize] = BLACK;
                }
            }
        }
        Ok(())
    }

    /// Generates `node`'s moves into the graph, and lists its children.
    fn expand(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        node: u32,
        children: &mut Vec<(u32, u16)>,
    ) -> Result<(), Error> {
        children.clear();
        let heaps = self.positions[node as usize].clone();
        for (rule, next) in moves_from(game, moves, &heaps)? {
            let child = self.intern(game, &next)?;
            children.push((child, rule as u16));
        }
        // One edge per child, named by the first rule that reaches it.
        children.sort_by_key(|&(child, _)| child);
        children.dedup_by_key(|&mut (child, _)| child);
        for &(child, rule) in children.iter() {
            self.graph.add_edge(
                NodeIndex::new(node as usize),
                NodeIndex::new(child as usize),
                rule,
            );
        }
        Ok(())
    }

    fn value_from_children(&self, game: &Game, node: u32, seen: &mut Vec<bool>) -> Value {
        let edges = self.graph.edges(NodeIndex::new(node as usize));
        if game.misere {
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

    fn cycle(&self, game: &Game, node: u32, rule: u16) -> Error {
        let rule = &game.rules[rule as usize];
        let position = heaps_text(&self.positions[node as usize]);
        Error::new(
            Code::Cycle,
            format!(
                "`{}` can go on forever: a move by `{}` from {position} returns to a position already on the way there",
                game.title(),
                rule.name
            ),
        )
        .at(&game.source, rule.span, format!("closes a cycle through {position}"))
        .help("Grundy values exist only for games that always end; change the rules so that every move makes progress")
    }
}
