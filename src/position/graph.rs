//! Positions that are graphs: Hackenbush's grounded graphs (green, or
//! blue, red and green), and the graphs of Node and Arc Kayles. A graph is
//! kept as heaps, its edges flattened (two heaps an edge, the smaller end
//! first; three in blue-red-green Hackenbush, the third its colour; edges
//! in increasing order); Node Kayles keeps a vertex without an edge as the
//! pair (v, v).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use num_traits::ToPrimitive;

use super::colour::Colour;

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
    /// Blue-red-green Hackenbush: as `Grounded`, three heaps an edge, the
    /// third its colour (`Colour::code`).
    Coloured,
    /// Node Kayles: its edges, each once, and each vertex without an edge
    /// as the pair (v, v).
    Vertices,
    /// Arc Kayles: its edges, each once (a vertex without an edge plays
    /// no part).
    Edges,
    /// Snort and Col: the vertices not yet coloured, each with its tint,
    /// and their edges, three heaps an entry (`tinted`).
    Tinted,
}

impl GraphShape {
    /// The shape of the positions of Kayles played by picking `kayles`.
    pub fn of_kayles(kayles: Kayles) -> Self {
        match kayles {
            Kayles::Node => GraphShape::Vertices,
            Kayles::Arc => GraphShape::Edges,
        }
    }

    /// The shape of the graphs a Hackenbush cut plays on: coloured where it
    /// cuts edges of one colour, green (`Grounded`) where it cuts any.
    pub fn of_cut(colour: Option<Colour>) -> Self {
        colour.map_or(GraphShape::Grounded, |_| GraphShape::Coloured)
    }

    /// How many heaps an edge is kept as: three for a coloured graph, two
    /// for the others.
    pub fn width(self) -> usize {
        match self {
            GraphShape::Coloured | GraphShape::Tinted => 3,
            _ => 2,
        }
    }

    /// Whether `heaps` is a position of this shape: the graph it writes,
    /// kept in the shape, is itself (and each edge's colour is a colour).
    pub fn holds(self, heaps: &[u64]) -> bool {
        let colours = heaps.chunks(self.width()).all(|e| match self {
            GraphShape::Coloured | GraphShape::Tinted => {
                e.len() == 3 && Colour::of_code(e[2]).is_some()
            }
            _ => true,
        });
        colours && graph_position(self, heaps, &[]) == heaps
    }
}

/// The position of shape `shape` that the graph with edges `ends` (as many
/// numbers an edge as the shape's width) and the vertices `lone` written
/// alone is. A pair (v, v) of Kayles is a vertex, never a loop: a loop is
/// refused before; so is a triple (v, v, tint) of Snort and Col, a vertex
/// with its tint (`tinted_position`).
pub fn graph_position(shape: GraphShape, ends: &[u64], lone: &[u64]) -> Vec<u64> {
    match shape {
        GraphShape::Grounded | GraphShape::Coloured => grounded_edges(ends, shape.width()),
        GraphShape::Vertices => plain_graph(ends, lone, true),
        GraphShape::Edges => plain_graph(ends, lone, false),
        GraphShape::Tinted => super::tinted::tinted_position(ends, lone),
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

/// The edges of a graph (flattened, `width` numbers an edge: its two ends,
/// then its colour if it has one) that reach the ground, vertex 0, through
/// the others: each with its smaller end first, in increasing order,
/// repeats kept. What does not reach the ground falls (Hackenbush).
pub fn grounded_edges(ends: &[u64], width: usize) -> Vec<u64> {
    let edges: Vec<Vec<u64>> = ends.chunks_exact(width).map(ordered).collect();
    let mut touching: HashMap<u64, Vec<usize>> = Default::default();
    for (i, e) in edges.iter().enumerate() {
        touching.entry(e[0]).or_default().push(i);
        touching.entry(e[1]).or_default().push(i);
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
            for w in [edges[i][0], edges[i][1]] {
                if reached.insert(w) {
                    stack.push(w);
                }
            }
        }
    }
    let mut out: Vec<&Vec<u64>> = (edges.iter().zip(&kept))
        .filter(|&(_, &k)| k)
        .map(|(e, _)| e)
        .collect();
    out.sort_unstable();
    out.into_iter().flatten().copied().collect()
}

/// An edge with its smaller end first (its colour after them, if any).
fn ordered(edge: &[u64]) -> Vec<u64> {
    let mut e = edge.to_vec();
    if e[0] > e[1] {
        e.swap(0, 1);
    }
    e
}

/// The regions of a grounded graph (kept in a shape of `width`): its parts
/// that meet only at the ground, each kept as a graph of its own, in the
/// order of their first edges. A Hackenbush position is the sum of its
/// regions (Winning Ways, ch. 2; Siegel, *Combinatorial Game Theory*, §I.1).
pub fn grounded_regions(ends: &[u64], width: usize) -> Vec<Vec<u64>> {
    let edges: Vec<&[u64]> = ends.chunks_exact(width).collect();
    // One edge at the ground (a string, a tree on one stem): one region, as
    // every edge of a grounded graph reaches the ground.
    if edges.iter().filter(|e| e[0] == 0 || e[1] == 0).count() <= 1 {
        return match ends.is_empty() {
            true => Vec::new(),
            false => vec![ends.to_vec()],
        };
    }
    // Union-find over the vertices other than the ground.
    let mut parent: HashMap<u64, u64> = HashMap::new();
    fn find(parent: &mut HashMap<u64, u64>, v: u64) -> u64 {
        let mut root = v;
        while let Some(&p) = parent.get(&root).filter(|&&p| p != root) {
            root = p;
        }
        let mut at = v;
        while at != root {
            let next = parent.get(&at).copied().unwrap_or(root);
            parent.insert(at, root);
            at = next;
        }
        root
    }
    for e in &edges {
        if e[0] != 0 && e[1] != 0 {
            let (a, b) = (find(&mut parent, e[0]), find(&mut parent, e[1]));
            if a != b {
                parent.insert(a.max(b), a.min(b));
            }
        }
    }
    let mut parts: Vec<(u64, Vec<u64>)> = Vec::new();
    for e in edges {
        // A loop at the ground, or an edge from it to itself, is a part of
        // its own: its vertex is the ground.
        let root = match (e[0], e[1]) {
            (0, 0) => None,
            (0, v) | (v, 0) => Some(find(&mut parent, v)),
            (v, _) => Some(find(&mut parent, v)),
        };
        match root.and_then(|r| parts.iter_mut().find(|(p, _)| *p == r)) {
            Some((_, part)) => part.extend_from_slice(e),
            None => parts.push((root.unwrap_or(0), e.to_vec())),
        }
    }
    parts.into_iter().map(|(_, part)| part).collect()
}

/// A graph in position syntax: `graph { 0 -- 1, 1 -- 2 }`; a vertex
/// without an edge of Kayles alone, `graph { 1 -- 2, 4 }`; a blue or red
/// edge with its colour after it, `graph { 0 -- 1 blue, 1 -- 2 }` (no
/// word: green); a vertex of Snort or Col with its tint, `graph { 1 -- 2,
/// 1 blue }` (`tinted_text`).
pub fn graph_text<T: fmt::Display + PartialEq + ToPrimitive>(
    shape: GraphShape,
    ends: &[T],
) -> String {
    if shape == GraphShape::Tinted
        && let Some(words) = ends
            .iter()
            .map(ToPrimitive::to_u64)
            .collect::<Option<Vec<u64>>>()
    {
        return super::tinted::tinted_text(&words);
    }
    let edges: Vec<String> = (ends.chunks(shape.width()))
        .map(|e| match e {
            [a, b] if a == b && shape != GraphShape::Grounded => a.to_string(),
            [a, b] => format!("{a} -- {b}"),
            [a, b, c] => match c.to_u64().and_then(Colour::of_code) {
                Some(Colour::Green) => format!("{a} -- {b}"),
                Some(colour) => format!("{a} -- {b} {}", colour.word()),
                None => format!("{a} -- {b} {c}"),
            },
            _ => String::new(),
        })
        .collect();
    match edges.is_empty() {
        true => "graph {}".to_string(),
        false => format!("graph {{ {} }}", edges.join(", ")),
    }
}
