//! Positions that are graphs: Green Hackenbush's grounded graphs, and the
//! graphs of Node and Arc Kayles. A graph is kept as heaps, its edges' ends
//! flattened (two heaps an edge, the smaller end first, edges in increasing
//! order); Node Kayles keeps a vertex without an edge as the pair (v, v).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

/// What a move of Kayles on a graph picks, and removes with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kayles {
    /// `node kayles`: a vertex, removed with its neighbours.
    Node,
    /// `arc kayles`: an edge, removed with its two ends (and every edge at
    /// them).
    Arc,
}

/// What a game played on a graph keeps of it as its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GraphShape {
    /// Green Hackenbush: the edges that reach the ground, vertex 0,
    /// repeats and loops kept.
    Grounded,
    /// Node Kayles: its edges, each once, and each vertex without an edge
    /// as the pair (v, v).
    Vertices,
    /// Arc Kayles: its edges, each once (a vertex without an edge plays
    /// no part).
    Edges,
}

impl GraphShape {
    /// The shape of the positions of Kayles played by picking `kayles`.
    pub fn of_kayles(kayles: Kayles) -> Self {
        match kayles {
            Kayles::Node => GraphShape::Vertices,
            Kayles::Arc => GraphShape::Edges,
        }
    }
}

/// The position of shape `shape` that the graph with edges `ends` (two
/// numbers an edge) and the vertices `lone` written alone is. A pair
/// (v, v) of Kayles is a vertex, never a loop: a loop is refused before.
pub fn graph_position(shape: GraphShape, ends: &[u64], lone: &[u64]) -> Vec<u64> {
    match shape {
        GraphShape::Grounded => grounded_edges(ends),
        GraphShape::Vertices => plain_graph(ends, lone, true),
        GraphShape::Edges => plain_graph(ends, lone, false),
    }
}

/// The edges, each once, with the vertices in none of them as pairs (v, v)
/// where `keep_lone` asks, in increasing order.
fn plain_graph(ends: &[u64], lone: &[u64], keep_lone: bool) -> Vec<u64> {
    let mut pairs: BTreeSet<(u64, u64)> = BTreeSet::new();
    let mut alone: BTreeSet<u64> = lone.iter().copied().collect();
    for e in ends.chunks_exact(2) {
        match e[0] == e[1] {
            true => alone.insert(e[0]),
            false => pairs.insert((e[0].min(e[1]), e[0].max(e[1]))),
        };
    }
    if keep_lone {
        for &(a, b) in &pairs {
            alone.remove(&a);
            alone.remove(&b);
        }
        pairs.extend(alone.into_iter().map(|v| (v, v)));
    }
    pairs.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

/// The edges of a graph (their ends flattened, two numbers an edge) that
/// reach the ground, vertex 0, through the others: each with its smaller
/// end first, in increasing order, repeats kept. What does not reach the
/// ground falls (Green Hackenbush).
pub fn grounded_edges(ends: &[u64]) -> Vec<u64> {
    let edges: Vec<(u64, u64)> = (ends.chunks_exact(2))
        .map(|e| (e[0].min(e[1]), e[0].max(e[1])))
        .collect();
    let mut touching: HashMap<u64, Vec<usize>> = Default::default();
    for (i, &(a, b)) in edges.iter().enumerate() {
        touching.entry(a).or_default().push(i);
        touching.entry(b).or_default().push(i);
    }
    let mut kept = vec![false; edges.len()];
    let mut reached: HashSet<u64> = [0].into_iter().collect();
    let mut stack = vec![0u64];
    while let Some(v) = stack.pop() {
        for &i in touching.get(&v).into_iter().flatten() {
            if kept[i] {
                continue;
            }
            kept[i] = true;
            let (a, b) = edges[i];
            for w in [a, b] {
                if reached.insert(w) {
                    stack.push(w);
                }
            }
        }
    }
    let mut out: Vec<(u64, u64)> = (edges.iter().zip(&kept))
        .filter(|&(_, &k)| k)
        .map(|(&e, _)| e)
        .collect();
    out.sort_unstable();
    out.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

/// Each cut of a grounded graph (its edges' ends, two an edge, in order):
/// the index of the edge cut and what is left standing (`grounded_edges`),
/// made only when asked for. Every edge is a move of its own, an edge
/// written twice two moves (LANGUAGE.md, "What a move is").
pub fn cuts(ends: &[u64], mut each: impl FnMut(usize, &dyn Fn() -> Vec<u64>)) {
    let edges: Vec<&[u64]> = ends.chunks_exact(2).collect();
    for i in 0..edges.len() {
        let after = || {
            let rest: Vec<u64> = (edges.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, e)| e.iter().copied())
                .collect();
            grounded_edges(&rest)
        };
        each(i, &after);
    }
}

/// Each move of Kayles on the graph `ends` (a position of its shape,
/// `GraphShape::of_kayles`): what it picks (a vertex, or an edge's two
/// ends) and the graph left after it, in the same shape.
/// Node Kayles picks each vertex in increasing order and removes it with
/// its neighbours; Arc Kayles picks each edge in order and removes its two
/// ends. What a removed vertex's edges leave alone stays, as a vertex, in
/// Node Kayles. Every pick is a move of its own, also where two leave the
/// same graph (twin vertices; LANGUAGE.md, "What a move is").
pub fn picks(kayles: Kayles, ends: &[u64], mut each: impl FnMut(&[u64], &[u64])) {
    let pairs: Vec<(u64, u64)> = ends.chunks_exact(2).map(|e| (e[0], e[1])).collect();
    let mut neighbours: HashMap<u64, Vec<u64>> = HashMap::new();
    for &(a, b) in &pairs {
        if a != b {
            neighbours.entry(a).or_default().push(b);
            neighbours.entry(b).or_default().push(a);
        }
    }
    let picked: Vec<Vec<u64>> = match kayles {
        Kayles::Node => (ends.iter().copied().collect::<BTreeSet<u64>>())
            .into_iter()
            .map(|v| vec![v])
            .collect(),
        Kayles::Arc => pairs.iter().map(|&(a, b)| vec![a, b]).collect(),
    };
    let mut after: Vec<(u64, u64)> = Vec::new();
    for pick in picked {
        let mut gone: HashSet<u64> = pick.iter().copied().collect();
        if kayles == Kayles::Node {
            gone.extend(neighbours.get(&pick[0]).into_iter().flatten());
        }
        after.clear();
        after.extend((pairs.iter()).filter(|&&(a, b)| !gone.contains(&a) && !gone.contains(&b)));
        if kayles == Kayles::Node {
            // A neighbour of the removed whose every edge went with them.
            let alone: BTreeSet<u64> = (gone.iter())
                .flat_map(|v| neighbours.get(v).into_iter().flatten())
                .filter(|w| !gone.contains(w))
                .filter(|w| neighbours[w].iter().all(|x| gone.contains(x)))
                .copied()
                .collect();
            after.extend(alone.into_iter().map(|w| (w, w)));
            after.sort_unstable();
        }
        let flat: Vec<u64> = after.iter().flat_map(|&(a, b)| [a, b]).collect();
        each(&pick, &flat);
    }
}

/// A graph in position syntax: `graph { 0 -- 1, 1 -- 2 }`; a vertex
/// without an edge of Kayles alone, `graph { 1 -- 2, 4 }`.
pub fn graph_text<T: fmt::Display + PartialEq>(shape: GraphShape, ends: &[T]) -> String {
    let edges: Vec<String> = (ends.chunks(2))
        .map(|e| match e {
            [a, b] if a == b && shape != GraphShape::Grounded => a.to_string(),
            [a, b] => format!("{a} -- {b}"),
            _ => String::new(),
        })
        .collect();
    match edges.is_empty() {
        true => "graph {}".to_string(),
        false => format!("graph {{ {} }}", edges.join(", ")),
    }
}
