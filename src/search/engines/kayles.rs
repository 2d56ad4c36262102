//! The Kayles engine: Node Kayles (pick a vertex, removing it and its
//! neighbours) and Arc Kayles (pick an edge, removing its two ends) on a
//! graph. A move removes vertices, and what is left falls apart into its
//! connected components (its regions), played side by side: a sum, whose value is the
//! XOR of theirs (the Sprague–Grundy theorem; Winning Ways, ch. 2 and 4).
//! So the engine keeps the value of each connected graph met, once for all
//! graphs the same up to the names of their vertices: keyed by its
//! canonical form (`canon`: individualisation and refinement).
//!
//! A region's value is the mex, over its moves, of the XOR of the
//! values of the regions the move leaves; the regions still unknown
//! are found first, by an explicit stack (a path of thousands of vertices
//! goes thousands of moves deep).

use std::collections::HashMap;

use super::canon::{Label, adjacency_of, canonical_form};
use crate::moves::MoveGen;
use crate::rules::{Game, Kayles};
use crate::search::base::budget::Budget;
use crate::search::base::error::{SearchError, too_large};
use crate::search::value::{Explored, Search, Value};

/// The values of the connected graphs met so far.
#[derive(Debug)]
pub struct KaylesValues {
    kayles: Kayles,
    /// Each connected graph met, by its form: its index in `values`.
    ids: HashMap<Label, u32>,
    /// The value of each, once found.
    values: Vec<Option<u32>>,
    max_positions: usize,
}

/// A region whose value is being found: its form, and once its moves
/// are made, what each leaves (the regions, by index).
struct Frame {
    id: u32,
    form: Label,
    options: Option<Vec<Vec<u32>>>,
}

impl KaylesValues {
    pub fn new(kayles: Kayles, max_positions: usize) -> Self {
        KaylesValues {
            kayles,
            ids: HashMap::new(),
            values: Vec::new(),
            max_positions,
        }
    }

    /// Connected graphs held.
    pub fn len(&self) -> usize {
        self.values.len()
    }
}

impl Search for KaylesValues {
    /// The value of the graph `heaps` (a position of the game: its edges'
    /// ends, two heaps an edge; in Node Kayles a vertex alone as (v, v)).
    fn value(
        &mut self,
        game: &Game,
        _moves: &MoveGen,
        heaps: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), SearchError> {
        let before = self.values.len();
        let mut names: HashMap<u64, u32> = HashMap::new();
        let mut adjacency: Vec<Vec<u32>> = Vec::new();
        let mut index = |v: u64, adjacency: &mut Vec<Vec<u32>>| {
            *names.entry(v).or_insert_with(|| {
                adjacency.push(Vec::new());
                adjacency.len() as u32 - 1
            })
        };
        for e in heaps.chunks_exact(2) {
            let (a, b) = (index(e[0], &mut adjacency), index(e[1], &mut adjacency));
            if a != b {
                adjacency[a as usize].push(b);
                adjacency[b as usize].push(a);
            }
        }
        let all: Vec<bool> = vec![true; adjacency.len()];
        let mut value = 0;
        let mut edges = 0;
        for part in self.regions(&adjacency, &all) {
            let id = self.intern(part.clone());
            value ^= self.solve(id, part, game, heaps, budget, &mut edges)?;
        }
        let explored = Explored {
            positions: self.values.len() - before,
            edges,
        };
        Ok((Value::Grundy(value), explored))
    }
}

impl KaylesValues {
    /// The index of the region `form`, new ones unknown.
    fn intern(&mut self, form: Label) -> u32 {
        let next = self.values.len() as u32;
        let id = *self.ids.entry(form).or_insert(next);
        if id == next {
            self.values.push(None);
        }
        id
    }

    /// The value of the region `id` (of form `form`), finding what it
    /// needs first.
    fn solve(
        &mut self,
        id: u32,
        form: Label,
        game: &Game,
        asked: &[u64],
        budget: &mut Budget,
        edges: &mut usize,
    ) -> Result<u32, SearchError> {
        if let Some(v) = self.values[id as usize] {
            return Ok(v);
        }
        let mut stack = vec![Frame {
            id,
            form,
            options: None,
        }];
        while let Some(top) = stack.last_mut() {
            if self.values[top.id as usize].is_some() {
                stack.pop();
                continue;
            }
            // Every region its moves leave is known by now: those
            // unknown were stacked above it, and none is as large as it.
            if let Some(options) = &top.options {
                let mut seen = vec![false; options.len() + 1];
                for option in options {
                    let x =
                        (option.iter()).fold(0, |x, &c| x ^ self.values[c as usize].unwrap_or(0));
                    if let Some(s) = seen.get_mut(x as usize) {
                        *s = true;
                    }
                }
                let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
                self.values[top.id as usize] = Some(mex as u32);
                stack.pop();
                continue;
            }
            let adjacency = adjacency_of(&top.form);
            let mut options = Vec::new();
            let mut unknown: Vec<(u32, Label)> = Vec::new();
            for gone in self.picks(&adjacency) {
                // One move examined (the budget's clock is read as they go).
                budget.spend(1).map_err(|e| e.error(game, asked))?;
                let left: Vec<bool> = (0..adjacency.len())
                    .map(|v| !gone.contains(&(v as u32)))
                    .collect();
                let mut option = Vec::new();
                for part in self.regions(&adjacency, &left) {
                    let child = self.intern(part.clone());
                    if self.values[child as usize].is_none() {
                        unknown.push((child, part));
                    }
                    option.push(child);
                }
                options.push(option);
            }
            *edges += options.len();
            if self.values.len() > self.max_positions {
                return Err(too_large(game, self.max_positions, asked));
            }
            top.options = Some(options);
            stack.extend(unknown.into_iter().map(|(id, form)| Frame {
                id,
                form,
                options: None,
            }));
        }
        Ok(self.values[id as usize].unwrap_or(0))
    }

    /// What each move of the connected graph `adjacency` removes.
    fn picks(&self, adjacency: &[Vec<u32>]) -> Vec<Vec<u32>> {
        match self.kayles {
            Kayles::Node => (adjacency.iter().enumerate())
                .map(|(v, near)| {
                    let mut gone = near.clone();
                    gone.push(v as u32);
                    gone
                })
                .collect(),
            Kayles::Arc => (adjacency.iter().enumerate())
                .flat_map(|(v, near)| {
                    (near.iter())
                        .filter(move |&&w| w > v as u32)
                        .map(move |&w| vec![v as u32, w])
                })
                .collect(),
        }
    }

    /// The regions (connected components) of the vertices `left` of `adjacency`, each
    /// by its canonical form; Arc Kayles leaves out single vertices, which
    /// have no move.
    fn regions(&self, adjacency: &[Vec<u32>], left: &[bool]) -> Vec<Label> {
        let n = adjacency.len();
        let mut seen = vec![false; n];
        let mut place = vec![0u32; n];
        let mut parts = Vec::new();
        for start in 0..n {
            if seen[start] || !left[start] {
                continue;
            }
            seen[start] = true;
            let mut members = vec![start as u32];
            let mut i = 0;
            while i < members.len() {
                for &w in &adjacency[members[i] as usize] {
                    if left[w as usize] && !seen[w as usize] {
                        seen[w as usize] = true;
                        members.push(w);
                    }
                }
                i += 1;
            }
            if members.len() == 1 && self.kayles == Kayles::Arc {
                continue;
            }
            for (k, &v) in members.iter().enumerate() {
                place[v as usize] = k as u32;
            }
            let part: Vec<Vec<u32>> = (members.iter())
                .map(|&v| {
                    (adjacency[v as usize].iter())
                        .filter(|&&w| left[w as usize])
                        .map(|&w| place[w as usize])
                        .collect()
                })
                .collect();
            parts.push(canonical_form(&part).0);
        }
        parts
    }
}
