//! Green Hackenbush: a graph grounded at vertex 0; a move cuts an edge, and
//! what no longer reaches the ground falls (`green hackenbush`). Winning
//! Ways, ch. 7, and T. S. Ferguson, Game Theory, Part I, §7.2-7.4:
//!
//! - the **colon principle**: a branch on a vertex may be replaced by a
//!   stalk of its value, so a tree's value at a vertex is the XOR over its
//!   children of (the child's value + 1);
//! - the **fusion principle**: the vertices on a cycle may be fused into
//!   one without changing the value, each edge of the cycle becoming a
//!   loop, and a loop is a stalk of one edge (value 1).
//!
//! So: the edges that are on no cycle (bridges) make a tree of the parts
//! the others join (2-edge-connected parts, found by Tarjan's bridges);
//! each part is worth the parity of its own edges (its loops), and the
//! colon principle adds up the tree from the leaves to the ground's part.
//! Winning moves: each edge whose cut leaves value 0. A bridge or a loop is
//! judged from the tree of parts, by the value each part would need for the
//! whole to be 0; an edge of a cycle by valuing its part alone without it
//! (what hangs from the part's vertices kept as the stalks of their values,
//! by the colon principle), by one depth-first search that fuses as it goes:
//! work linear in the part a cut. A graph whose parts are too large to cut
//! every cycle's edge within `MOST_WORK` lists those found, counted as "at
//! least".

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::closed::{Closed, Entry, Known, KnownMove, WinningMoves};
use crate::moves::cuts;
use crate::position::{GraphShape, Outcome};
use crate::rules::{Game, MoveKind};

pub static ENTRY: Entry = Entry {
    id: "green_hackenbush",
    recognises: "green hackenbush; normal play",
    formula: "fuse each 2-edge-connected part (its edges become loops, worth 1 each), then the colon principle on the tree of bridges: a vertex is worth the XOR over its children of (child + 1); winning moves: the cuts that leave 0",
    source: "the colon and fusion principles: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 7; T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §7.2-7.4; bridges: R. E. Tarjan, \"A note on finding the bridges of a graph\", Inf. Process. Lett. 2 (1974)",
    recognise,
};

/// The most edges examined, over all the cuts of cycles' edges valued,
/// before the winning moves are counted as "at least" those found.
const MOST_WORK: usize = 400_000_000;

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let only = matches!(super::closed::only_rule(game)?, MoveKind::Cut(None));
    (only && game.graph == Some(GraphShape::Grounded) && !game.misere)
        .then(|| Box::new(Hackenbush) as Box<dyn Known>)
}

struct Hackenbush;

impl Known for Hackenbush {
    fn id(&self) -> &'static str {
        ENTRY.id
    }

    fn rule(&self) -> String {
        "the fusion principle on cycles, the colon principle on the tree of bridges".to_string()
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        // Vertices are machine words (at most 18 digits, checked).
        let ends: Vec<u64> = heaps.iter().filter_map(ToPrimitive::to_u64).collect();
        let parts = Parts::new(&ends);
        let v = parts.value();
        let mut winning = WinningMoves::default();
        if v != 0 {
            let wins = parts.winning_cuts();
            cuts(None, &ends, |i, after| {
                // Positions are built only for the moves listed.
                let listed = winning.moves.len() < max_moves;
                let after = match wins[i] {
                    Some(true) if listed => after(),
                    Some(true) => Vec::new(),
                    Some(false) => return,
                    None => {
                        winning.at_least = true;
                        return;
                    }
                };
                winning.count += 1u32;
                if listed {
                    winning.moves.push(KnownMove {
                        rule: 0,
                        to: after.into_iter().map(BigUint::from).collect(),
                    });
                }
            });
        }
        Closed {
            outcome: Outcome::p_if(v == 0),
            grundy: Some(BigUint::from(v)),
            winning,
        }
    }
}

/// A grounded graph taken apart: its edges, which are bridges, the parts
/// the others join (2-edge-connected), each part's worth (the parity of its
/// own edges, its loops), and the tree of parts the bridges make, from the
/// ground's part.
struct Parts {
    edges: Vec<(usize, usize)>,
    bridge: Vec<bool>,
    /// Each vertex's part.
    part: Vec<usize>,
    /// Each part's value with what hangs from it (the colon principle).
    below: Vec<u64>,
    /// Each part's parent part, and the bridge to it (the root: itself).
    up: Vec<(usize, usize)>,
    /// The parts from the root down (a parent before its children).
    order: Vec<usize>,
    root: usize,
}

impl Parts {
    /// `ends`: the edges' ends, two an edge, every edge reaching the ground.
    fn new(ends: &[u64]) -> Self {
        // Vertices renumbered 0.. (the ground first), edges by index.
        let mut ids: std::collections::HashMap<u64, usize> = [(0, 0)].into_iter().collect();
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for e in ends.chunks_exact(2) {
            let mut id = |v: u64| {
                let next = ids.len();
                *ids.entry(v).or_insert(next)
            };
            edges.push((id(e[0]), id(e[1])));
        }
        let n = ids.len();
        let mut touching: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            touching[a].push(i);
            if a != b {
                touching[b].push(i);
            }
        }
        let bridge = bridges(n, &edges, &touching);
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for (i, &(a, b)) in edges.iter().enumerate() {
            if !bridge[i] {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
        let part: Vec<usize> = (0..n).map(|v| find(&mut parent, v)).collect();
        let mut below = vec![0u64; n];
        let mut tree: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            let (pa, pb) = (part[a], part[b]);
            if bridge[i] {
                tree[pa].push((pb, i));
                tree[pb].push((pa, i));
            } else {
                below[pa] ^= 1;
            }
        }
        let root = part[0];
        let mut up = vec![(usize::MAX, usize::MAX); n];
        up[root] = (root, usize::MAX);
        let mut order = Vec::new();
        let mut stack = vec![root];
        while let Some(p) = stack.pop() {
            order.push(p);
            for &(q, e) in &tree[p] {
                if up[q].0 == usize::MAX {
                    up[q] = (p, e);
                    stack.push(q);
                }
            }
        }
        for &p in order.iter().rev() {
            if p != root {
                let add = below[p] + 1;
                below[up[p].0] ^= add;
            }
        }
        Parts {
            edges,
            bridge,
            part,
            below,
            up,
            order,
            root,
        }
    }

    fn value(&self) -> u64 {
        self.below[self.root]
    }

    /// For each edge, whether cutting it wins (leaves value 0); `None` for
    /// an edge of a cycle left unvalued past `MOST_WORK`. From the root
    /// down, each part has the value it would need for the whole to be 0
    /// (if a change below it can give it): a bridge to a child part wins
    /// when the child's branch must go, a loop when one loop fewer gives the
    /// part what it needs, and an edge of a cycle when its part without it
    /// is worth what the part needs.
    fn winning_cuts(&self) -> Vec<Option<bool>> {
        let n = self.below.len();
        let mut need: Vec<Option<u64>> = vec![None; n];
        need[self.root] = Some(0);
        let mut bridge_wins = vec![false; self.edges.len()];
        for &p in &self.order {
            if p == self.root {
                continue;
            }
            let (parent, e) = self.up[p];
            let Some(target) = need[parent] else {
                continue;
            };
            // The branch the bridge e holds must become t.
            let t = self.below[parent] ^ (self.below[p] + 1) ^ target;
            if t == 0 {
                bridge_wins[e] = true;
            } else if t - 1 != self.below[p] {
                need[p] = Some(t - 1);
            }
        }
        let locals = self.locals(&need);
        // Each edge of a cycle whose part has a need is valued, within
        // `MOST_WORK` in all, the valuations shared among the threads.
        let mut work = 0usize;
        let mut jobs: Vec<(usize, usize)> = Vec::new();
        let mut wins: Vec<Option<bool>> = (self.edges.iter().enumerate())
            .map(|(i, &(a, b))| {
                let p = self.part[a];
                if self.bridge[i] {
                    Some(bridge_wins[i])
                } else if a == b {
                    // A loop: its part's value goes by one loop fewer.
                    Some(need[p] == Some(self.below[p] ^ 1))
                } else if let Some(local) = locals.get(&p) {
                    work += local.size();
                    if work <= MOST_WORK {
                        jobs.push((i, p));
                    }
                    None
                } else {
                    // No change inside a part without a need can win.
                    Some(false)
                }
            })
            .collect();
        let chunks: Vec<&[(usize, usize)]> = jobs.chunks(64).collect();
        let valued = crate::platform::map(&chunks, |chunk| {
            let mut scratch = Scratch::default();
            (chunk.iter())
                .map(|&(i, p)| need[p] == Some(locals[&p].value_without(i, &mut scratch)))
                .collect::<Vec<bool>>()
        });
        for (&(i, _), win) in jobs.iter().zip(valued.into_iter().flatten()) {
            wins[i] = Some(win);
        }
        wins
    }

    /// The parts that have a need and edges of cycles, each on its own: its
    /// vertices, its edges that are not loops, and at each vertex the XOR of
    /// its loops (1 each) and the branches hanging from it (child's value
    /// + 1, the colon principle).
    fn locals(&self, need: &[Option<u64>]) -> std::collections::HashMap<usize, Local> {
        let mut locals: std::collections::HashMap<usize, Local> = Default::default();
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            let p = self.part[a];
            if !self.bridge[i] && a != b && need[p].is_some() {
                locals.entry(p).or_default().edges.push((a, b, i));
            }
        }
        for (&p, local) in &mut locals {
            // The part's vertices numbered as they come.
            for &(a, b, _) in &local.edges {
                for v in [a, b] {
                    let next = local.index.len();
                    local.index.entry(v).or_insert(next);
                }
            }
            local.weight = vec![0; local.index.len()];
            // The vertex the part hangs from: the ground, or its bridge's end.
            local.top = match p == self.root {
                true => 0,
                false => {
                    let (x, y) = self.edges[self.up[p].1];
                    if self.part[x] == p { x } else { y }
                }
            };
        }
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if self.bridge[i] {
                // The child's branch hangs from the end in the parent part.
                let child = if self.up[self.part[b]] == (self.part[a], i) {
                    b
                } else {
                    a
                };
                let at = if child == b { a } else { b };
                if let Some(local) = locals.get_mut(&self.part[at]) {
                    let k = local.index[&at];
                    local.weight[k] ^= self.below[self.part[child]] + 1;
                }
            } else if a == b
                && let Some(local) = locals.get_mut(&self.part[a])
            {
                let k = local.index[&a];
                local.weight[k] ^= 1;
            }
        }
        for local in locals.values_mut() {
            local.build();
        }
        locals
    }
}

/// One part of a grounded graph on its own, to value it without one of its
/// edges: vertices numbered 0.. in the part, its edges that are not loops
/// (adjacency by vertex, with each edge's index in the whole graph), and at
/// each vertex the stalk that stands for what hangs from it (`weight`).
#[derive(Default)]
struct Local {
    /// Each vertex of the whole graph in the part: its number here.
    index: std::collections::HashMap<usize, usize>,
    /// The part's edges that are not loops: ends (whole graph's), index.
    edges: Vec<(usize, usize, usize)>,
    weight: Vec<u64>,
    /// The vertex the part hangs from (the whole graph's number).
    top: usize,
    /// Adjacency: `near[start[v]..start[v + 1]]`, (vertex, edge index).
    start: Vec<usize>,
    near: Vec<(u32, u32)>,
}

impl Local {
    fn build(&mut self) {
        let n = self.weight.len();
        let mut degree = vec![0usize; n + 1];
        for &(a, b, _) in &self.edges {
            degree[self.index[&a] + 1] += 1;
            degree[self.index[&b] + 1] += 1;
        }
        for v in 0..n {
            degree[v + 1] += degree[v];
        }
        self.start = degree.clone();
        self.near = vec![(0, 0); 2 * self.edges.len()];
        let mut fill = degree;
        for &(a, b, i) in &self.edges {
            let (a, b) = (self.index[&a], self.index[&b]);
            // Vertices and edges number fewer than 2^32 (positions are
            // parsed, so far smaller).
            self.near[fill[a]] = (b as u32, i as u32);
            fill[a] += 1;
            self.near[fill[b]] = (a as u32, i as u32);
            fill[b] += 1;
        }
    }

    /// The work one valuation takes: the part's vertices and edges.
    fn size(&self) -> usize {
        self.weight.len() + self.edges.len()
    }

    /// The part's value at its top vertex with edge `cut` gone: one
    /// depth-first search from the top, fusing as it goes (Tarjan's low
    /// links): a tree edge to a child is a bridge when nothing below the
    /// child reaches above it, and then the child's branch hangs as a stalk
    /// (value + 1); otherwise the child is fused in, the edge a loop (1),
    /// and so is every edge back up (1 each). What the cut leaves cut off
    /// from the top falls, unvisited.
    fn value_without(&self, cut: usize, scratch: &mut Scratch) -> u64 {
        const UNSEEN: u32 = u32::MAX;
        let n = self.weight.len();
        let Scratch {
            order,
            low,
            value,
            stack,
        } = scratch;
        order.clear();
        order.resize(n, UNSEEN);
        low.clear();
        low.resize(n, 0);
        value.clear();
        value.extend_from_slice(&self.weight);
        stack.clear();
        let top = self.index[&self.top];
        // (vertex, the edge it was reached by, next neighbour to look at)
        stack.push((top as u32, u32::MAX, self.start[top] as u32));
        order[top] = 0;
        let mut seen = 1u32;
        let cut = cut as u32;
        while let Some(frame) = stack.last_mut() {
            let (v, by) = (frame.0 as usize, frame.1);
            let (mut next, end) = (frame.2 as usize, self.start[v + 1]);
            let mut deeper = None;
            while next < end {
                let (w, edge) = self.near[next];
                next += 1;
                let w = w as usize;
                if edge == cut || edge == by {
                    continue;
                }
                if order[w] == UNSEEN {
                    deeper = Some((w, edge));
                    break;
                }
                if order[w] < order[v] {
                    // An edge back up: a loop of the fused part.
                    low[v] = low[v].min(order[w]);
                    value[v] ^= 1;
                }
            }
            frame.2 = next as u32;
            if let Some((w, edge)) = deeper {
                order[w] = seen;
                low[w] = seen;
                seen += 1;
                stack.push((w as u32, edge, self.start[w] as u32));
                continue;
            }
            stack.pop();
            if let Some(&(u, _, _)) = stack.last() {
                let u = u as usize;
                if low[v] > order[u] {
                    value[u] ^= value[v] + 1;
                } else {
                    low[u] = low[u].min(low[v]);
                    value[u] ^= value[v] ^ 1;
                }
            }
        }
        value[top]
    }
}

/// The buffers a valuation of a part works in, kept from one to the next.
#[derive(Default)]
struct Scratch {
    order: Vec<u32>,
    low: Vec<u32>,
    value: Vec<u64>,
    stack: Vec<(u32, u32, u32)>,
}

/// Which edges are bridges (on no cycle): Tarjan's low-link, iteratively,
/// a parallel edge or a loop never one.
fn bridges(n: usize, edges: &[(usize, usize)], touching: &[Vec<usize>]) -> Vec<bool> {
    let mut bridge = vec![false; edges.len()];
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut time = 0;
    for start in 0..n {
        if order[start] != usize::MAX {
            continue;
        }
        // (vertex, the edge it was reached by, next edge to look at)
        let mut stack: Vec<(usize, usize, usize)> = vec![(start, usize::MAX, 0)];
        order[start] = time;
        low[start] = time;
        time += 1;
        while let Some(&mut (v, by, ref mut next)) = stack.last_mut() {
            if let Some(&e) = touching[v].get(*next) {
                *next += 1;
                if e == by {
                    continue;
                }
                let (a, b) = edges[e];
                let w = if a == v { b } else { a };
                if order[w] == usize::MAX {
                    order[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _, _)) = stack.last() {
                    low[u] = low[u].min(low[v]);
                    if low[v] > order[u] {
                        bridge[by] = true;
                    }
                }
            }
        }
    }
    bridge
}
