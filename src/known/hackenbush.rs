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
//! Winning moves: each edge whose cut leaves value 0, found by cutting it
//! (work linear in the graph a cut): on a graph too large to cut every edge
//! within `MOST_WORK`, those found are listed and counted as "at least".

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{Closed, Entry, Known, KnownMove, WinningMoves};
use crate::position::{GraphShape, Outcome, cuts};
use crate::rules::{Game, MoveKind};

pub static ENTRY: Entry = Entry {
    id: "green_hackenbush",
    recognises: "green hackenbush; normal play",
    formula: "fuse each 2-edge-connected part (its edges become loops, worth 1 each), then the colon principle on the tree of bridges: a vertex is worth the XOR over its children of (child + 1); winning moves: the cuts that leave 0",
    source: "the colon and fusion principles: Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 7; T. S. Ferguson, Game Theory, Part I: Impartial Combinatorial Games, §7.2-7.4; bridges: R. E. Tarjan, \"A note on finding the bridges of a graph\", Inf. Process. Lett. 2 (1974)",
    recognise,
};

/// The most edges examined, over all the cuts tried, before the winning
/// moves are counted as "at least" those found.
const MOST_WORK: usize = 4_000_000;

fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    let only = matches!(super::only_rule(game)?, MoveKind::Cut);
    (only && game.graph == Some(GraphShape::Grounded) && !game.misere).then(|| Box::new(Hackenbush) as Box<dyn Known>)
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
            let edges = ends.len() / 2;
            let mut work = 0usize;
            cuts(&ends, |i, after| {
                // Positions are built only for the moves listed.
                let listed = winning.moves.len() < max_moves;
                // A bridge or a loop is judged from the parts; an edge of a
                // cycle by cutting it.
                let after = match wins[i] {
                    Some(true) if listed => after(),
                    Some(true) => Vec::new(),
                    Some(false) => return,
                    None => {
                        work += edges;
                        if work > MOST_WORK {
                            winning.at_least = true;
                            return;
                        }
                        let after = after();
                        if Parts::new(&after).value() != 0 {
                            return;
                        }
                        after
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

    /// For each edge, whether cutting it wins (leaves value 0), where the
    /// parts tell: a bridge or a loop (`None` for an edge of a cycle, which
    /// the caller cuts to see). From the root down, each part has the value
    /// it would need for the whole to be 0 (if a change below it can give
    /// it): a bridge to a child part wins when the child's branch must go,
    /// and a loop when one loop fewer gives the part what it needs.
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
        (self.edges.iter().enumerate())
            .map(|(i, &(a, b))| {
                if self.bridge[i] {
                    Some(bridge_wins[i])
                } else if a == b {
                    // A loop: its part's value goes by one loop fewer.
                    let p = self.part[a];
                    Some(need[p] == Some(self.below[p] ^ 1))
                } else {
                    None
                }
            })
            .collect()
    }
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
