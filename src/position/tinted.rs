//! The graphs of Snort and Col (Winning Ways, ch. 2; Conway, *On Numbers
//! and Games*, ch. 10): players colour the vertices of a graph, Left blue
//! and Right red. In Snort no vertex may be coloured next to one of the
//! other colour; in Col none next to one of the same colour.
//!
//! A vertex once coloured plays no further part but through its
//! neighbours, so a position keeps only the vertices not yet coloured,
//! each with its *tint*: the colour it alone may still be coloured, where
//! a coloured vertex next to it rules the other out (Winning Ways tints
//! vertices so): in Snort, a vertex next to a blue one is tinted blue; in
//! Col, red. A vertex that neither colour may take is left out with its
//! edges.
//! The position is kept as heaps, three an entry, in increasing order: a
//! vertex as (v, v, tint) (the tint a `Colour`'s code, green for none),
//! an edge as (a, b, 0), the smaller end first, each once.

use std::collections::{BTreeMap, BTreeSet};

use super::colour::Colour;

/// Which game colours the vertices: Snort or Col.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colouring {
    /// `snort`: no vertex coloured next to one of the other colour.
    Snort,
    /// `col`: no vertex coloured next to one of the same colour.
    Col,
}

impl Colouring {
    /// Its word: `snort`, `col`.
    pub fn word(self) -> &'static str {
        match self {
            Colouring::Snort => "snort",
            Colouring::Col => "col",
        }
    }
}

/// The tint of a vertex of tint `tint` tinted `more` too: `None` when no
/// colour is left to it.
pub(crate) fn tinted(tint: Colour, more: Colour) -> Option<Colour> {
    match tint {
        Colour::Green => Some(more),
        tint => (tint == more).then_some(tint),
    }
}

/// A graph read from its entries: each vertex's tint, and the edges.
#[derive(Default)]
pub(crate) struct Tinted {
    pub(crate) tints: BTreeMap<u64, Colour>,
    pub(crate) edges: BTreeSet<(u64, u64)>,
}

impl Tinted {
    /// The graph of `entries` (three numbers an entry, as positions keep
    /// them, in any order, repeats allowed: a vertex's tints add up) and
    /// the vertices `lone`, not tinted. A vertex next to both colours is
    /// left out.
    pub(crate) fn read(entries: &[u64], lone: &[u64]) -> Self {
        let mut tints: BTreeMap<u64, Option<Colour>> = BTreeMap::new();
        let mut edges = BTreeSet::new();
        for &v in lone {
            tints.entry(v).or_insert(Some(Colour::Green));
        }
        for e in entries.chunks_exact(3) {
            let (a, b) = (e[0].min(e[1]), e[0].max(e[1]));
            if a != b {
                edges.insert((a, b));
                for v in [a, b] {
                    tints.entry(v).or_insert(Some(Colour::Green));
                }
                continue;
            }
            let colour = Colour::of_code(e[2]).unwrap_or(Colour::Green);
            let tint = tints.entry(a).or_insert(Some(Colour::Green));
            *tint = match (*tint, colour) {
                (t, Colour::Green) => t,
                (Some(t), colour) => tinted(t, colour),
                (None, _) => None,
            };
        }
        let tints: BTreeMap<u64, Colour> = (tints.into_iter())
            .filter_map(|(v, t)| Some((v, t?)))
            .collect();
        edges.retain(|(a, b)| tints.contains_key(a) && tints.contains_key(b));
        Tinted { tints, edges }
    }

    /// Its entries, as positions keep them.
    pub(crate) fn entries(&self) -> Vec<u64> {
        let mut out: Vec<[u64; 3]> = (self.tints.iter())
            .map(|(&v, &t)| [v, v, t.code()])
            .chain(self.edges.iter().map(|&(a, b)| [a, b, 0]))
            .collect();
        out.sort_unstable();
        out.into_iter().flatten().collect()
    }

    /// The neighbours of each vertex.
    pub(crate) fn neighbours(&self) -> BTreeMap<u64, Vec<u64>> {
        let mut out: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for &(a, b) in &self.edges {
            out.entry(a).or_default().push(b);
            out.entry(b).or_default().push(a);
        }
        out
    }
}

/// The position the graph of `entries` (three numbers an entry: an edge
/// (a, b, anything), a vertex (v, v, tint)) and the vertices `lone` is:
/// every vertex once, with its tint, the edges once, in increasing order.
pub fn tinted_position(entries: &[u64], lone: &[u64]) -> Vec<u64> {
    Tinted::read(entries, lone).entries()
}

/// The connected parts of the position `heaps`, each a position of its
/// own, its vertices numbered from 1 in their order, in the order of their
/// least vertices. A position is the sum of its parts, as no move in one
/// changes another (a move tints only the neighbours of the vertex it
/// colours).
pub fn tinted_regions(heaps: &[u64]) -> Vec<Vec<u64>> {
    let graph = Tinted::read(heaps, &[]);
    let neighbours = graph.neighbours();
    let mut seen: BTreeSet<u64> = BTreeSet::new();
    let mut parts = Vec::new();
    for &start in graph.tints.keys() {
        if !seen.insert(start) {
            continue;
        }
        let mut part = vec![start];
        let mut at = 0;
        while let Some(&v) = part.get(at) {
            at += 1;
            for &w in neighbours.get(&v).into_iter().flatten() {
                if seen.insert(w) {
                    part.push(w);
                }
            }
        }
        part.sort_unstable();
        let number = |v: &u64| part.binary_search(v).map_or(0, |i| i as u64 + 1);
        let tints = (part.iter()).map(|v| (number(v), graph.tints[v])).collect();
        let edges = (part.iter())
            .flat_map(|v| neighbours.get(v).into_iter().flatten().map(move |w| (v, w)))
            .filter(|(v, w)| v < w)
            .map(|(v, w)| (number(v), number(w)))
            .collect();
        parts.push(Tinted { tints, edges }.entries());
    }
    parts
}

/// The position `heaps` in position syntax: `graph { 1 -- 2, 2 -- 3, 1
/// blue, 4 }`, its edges, then each tinted vertex with its tint, and each
/// vertex without an edge or a tint alone.
pub fn tinted_text(heaps: &[u64]) -> String {
    let graph = Tinted::read(heaps, &[]);
    let neighbours = graph.neighbours();
    let items: Vec<String> = (graph.edges.iter())
        .map(|(a, b)| format!("{a} -- {b}"))
        .chain(graph.tints.iter().filter_map(|(v, t)| match t {
            Colour::Green => (!neighbours.contains_key(v)).then(|| v.to_string()),
            t => Some(format!("{v} {}", t.word())),
        }))
        .collect();
    match items.is_empty() {
        true => "graph {}".to_string(),
        false => format!("graph {{ {} }}", items.join(", ")),
    }
}
