//! The moves of games played on graphs: Hackenbush's cuts, Node and Arc
//! Kayles' picks, Snort's and Col's colourings, each on a position as
//! `position` keeps the graph.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::position::{Colour, Colouring, GraphShape, Kayles, Tinted, grounded_edges, tinted};

/// Each cut of a grounded graph: of any edge of a `Grounded` graph
/// (`colour` `None`), or of an edge of colour `colour` of a `Coloured` one;
/// the index of the edge cut and what is left standing (`grounded_edges`),
/// made only when asked for. Every edge is a move of its own, an edge
/// written twice two moves (LANGUAGE.md, "What a move is").
pub fn cuts(
    colour: Option<Colour>,
    ends: &[u64],
    mut each: impl FnMut(usize, &dyn Fn() -> Vec<u64>),
) {
    let width = GraphShape::of_cut(colour).width();
    let edges: Vec<&[u64]> = ends.chunks_exact(width).collect();
    let of_colour = |e: &[u64]| colour.is_none_or(|c| e.get(2) == Some(&c.code()));
    for i in (0..edges.len()).filter(|&i| of_colour(edges[i])) {
        let after = || {
            let rest: Vec<u64> = (edges.iter().enumerate())
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, e)| e.iter().copied())
                .collect();
            grounded_edges(&rest, width)
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

/// Each move of `colouring` by the player who colours `colour`, on the
/// position `heaps`: the vertex coloured (one not tinted the other colour)
/// and the position left, the vertices in increasing order. The vertex
/// goes; each neighbour is tinted, and goes too when no colour is left to
/// it.
pub fn colourings(
    colouring: Colouring,
    colour: Colour,
    heaps: &[u64],
    mut each: impl FnMut(u64, &[u64]),
) {
    let graph = Tinted::read(heaps, &[]);
    let neighbours = graph.neighbours();
    let beside = tint_beside(colouring, colour);
    for (&v, &tint) in &graph.tints {
        if !allows(tint, colour) {
            continue;
        }
        let mut tints = graph.tints.clone();
        tints.remove(&v);
        for w in neighbours.get(&v).into_iter().flatten() {
            match tints.get(w).and_then(|&t| tinted(t, beside)) {
                Some(t) => tints.insert(*w, t),
                None => tints.remove(w),
            };
        }
        let mut edges = graph.edges.clone();
        edges.retain(|(a, b)| tints.contains_key(a) && tints.contains_key(b));
        each(v, &Tinted { tints, edges }.entries());
    }
}

/// The tint a vertex takes when a neighbour is coloured `colour`: the
/// same colour in Snort, the other in Col.
fn tint_beside(colouring: Colouring, colour: Colour) -> Colour {
    match (colouring, colour) {
        (Colouring::Snort, colour) => colour,
        (Colouring::Col, Colour::Blue) => Colour::Red,
        (Colouring::Col, _) => Colour::Blue,
    }
}

/// Whether a vertex of tint `tint` may be coloured `colour`.
fn allows(tint: Colour, colour: Colour) -> bool {
    tint == Colour::Green || tint == colour
}
