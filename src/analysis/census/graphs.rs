//! A graph game's connected graphs: tier n holds every connected graph of
//! n vertices once up to isomorphism (OEIS A001349: 1, 1, 2, 6, 21, 112,
//! 853, 11117), and where the game tints its vertices (Snort, Col) each
//! tinting once up to the graph's automorphisms: every vertex untinted,
//! blue or red (a vertex both plays no part, and is left out).
//!
//! The graphs are grown tier by tier: every connected graph of n + 1
//! vertices is one of n vertices with a vertex added next to some of them
//! (take away a vertex that cuts nothing: a leaf of a spanning tree), so
//! adding a vertex every way to each graph of a tier, and keeping each
//! result once by its canonical form (`search::canonical_form`, checked
//! by every permutation where it is not exact), finds every graph of the
//! next.

use std::collections::BTreeSet;

use crate::search::{adjacency_of, canonical_form};

/// The most vertices of a census's graphs (11,117 connected graphs of 8).
pub const MAX_CENSUS_VERTICES: usize = 8;

/// A graph's canonical form: its vertex count, then its edges (a < b,
/// sorted) under the canonical order of its vertices.
type Form = Vec<u32>;

/// The connected graphs of a graph game, tier by tier.
pub struct Graphs {
    /// Vertices are tinted, every way.
    tinted: bool,
    /// The graphs of the tier last grown, by their forms, in order.
    tier: Vec<Form>,
    vertices: u64,
}

impl Graphs {
    pub fn new(tinted: bool) -> Graphs {
        Graphs {
            tinted,
            tier: Vec::new(),
            vertices: 0,
        }
    }

    /// The vertices of the graphs of the tier last grown (0: none grown).
    pub fn vertices(&self) -> u64 {
        self.vertices
    }

    /// Grows the next tier (the first: one vertex), up to
    /// `MAX_CENSUS_VERTICES`; `false` past it.
    pub fn grow(&mut self) -> bool {
        if self.vertices >= MAX_CENSUS_VERTICES as u64 {
            return false;
        }
        let next: BTreeSet<Form> = match self.vertices {
            0 => [vec![1]].into(),
            _ => {
                let mut next = BTreeSet::new();
                for form in &self.tier {
                    let adjacency = adjacency_of(form);
                    let n = adjacency.len();
                    for joined in 1u32..(1 << n) {
                        let mut grown = adjacency.clone();
                        grown.push(Vec::new());
                        for v in (0..n).filter(|v| joined & (1 << v) != 0) {
                            grown[v].push(n as u32);
                            grown[n].push(v as u32);
                        }
                        next.insert(form_of(&grown));
                    }
                }
                next
            }
        };
        self.tier = next.into_iter().collect();
        self.vertices += 1;
        true
    }

    /// How many positions the tier last grown holds: its graphs, each
    /// tinted every way where vertices are tinted.
    pub fn count(&self) -> u64 {
        match self.tinted {
            true => self.tier().count() as u64,
            false => self.tier.len() as u64,
        }
    }

    /// The positions of the tier last grown, as a position is written:
    /// `graph { 1 -- 2, 2 -- 3, 1 blue }`.
    pub fn tier(&self) -> impl Iterator<Item = String> + use<> {
        let (forms, tinted) = (self.tier.clone(), self.tinted);
        forms.into_iter().flat_map(move |form| {
            let n = form.first().copied().unwrap_or(0) as usize;
            let edges: Vec<(u32, u32)> =
                (form[1..].chunks_exact(2)).map(|e| (e[0], e[1])).collect();
            let tintings: Vec<Vec<u8>> = match tinted {
                true => tintings(&adjacency_of(&form)),
                false => vec![vec![0; n]],
            };
            tintings
                .into_iter()
                .map(move |tints| written(n, &edges, &tints))
        })
    }
}

/// The canonical form of the graph `adjacency`: `canonical_form`'s where
/// it is exact, else the least edge list over every order of the vertices.
fn form_of(adjacency: &[Vec<u32>]) -> Form {
    let (form, exact) = canonical_form(adjacency);
    match exact {
        true => form,
        false => least_form(adjacency),
    }
}

/// The least edge list of `adjacency` over every order of its vertices
/// (at most 8! of them).
fn least_form(adjacency: &[Vec<u32>]) -> Form {
    let n = adjacency.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    let mut best: Option<Form> = None;
    loop {
        let mut edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|a| adjacency[a].iter().map(move |&b| (a as u32, b)))
            .filter(|&(a, b)| a < b)
            .map(|(a, b)| {
                let (x, y) = (order[a as usize], order[b as usize]);
                (x.min(y), x.max(y))
            })
            .collect();
        edges.sort_unstable();
        let mut form = vec![n as u32];
        form.extend(edges.iter().flat_map(|&(a, b)| [a, b]));
        if best.as_ref().is_none_or(|b| form < *b) {
            best = Some(form);
        }
        if !next_permutation(&mut order) {
            break;
        }
    }
    best.unwrap_or_default()
}

/// The next order of `items` in lexicographic order: `false` after the
/// last.
fn next_permutation(items: &mut [u32]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[i - 1])
        .unwrap_or(i);
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}

/// Every tinting of the graph `adjacency` (a vertex 0 untinted, 1 blue,
/// 2 red) once up to its automorphisms: each the least of its images.
fn tintings(adjacency: &[Vec<u32>]) -> Vec<Vec<u8>> {
    let n = adjacency.len();
    let automorphisms = automorphisms(adjacency);
    let mut kept = Vec::new();
    let mut tints = vec![0u8; n];
    let mut image = vec![0u8; n];
    loop {
        let least = automorphisms.iter().all(|map| {
            for (v, &t) in tints.iter().enumerate() {
                image[map[v] as usize] = t;
            }
            tints <= image
        });
        if least {
            kept.push(tints.clone());
        }
        // The next tinting, counted in base 3.
        let Some(i) = (0..n).rev().find(|&i| tints[i] < 2) else {
            break;
        };
        tints[i] += 1;
        tints[i + 1..].fill(0);
    }
    kept
}

/// The automorphisms of the graph `adjacency` (each the image of every
/// vertex), found by mapping vertex after vertex so that every edge among
/// those mapped goes to an edge.
fn automorphisms(adjacency: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let n = adjacency.len();
    let adjacent = |a: usize, b: usize| adjacency[a].contains(&(b as u32));
    let mut found = Vec::new();
    let mut map: Vec<u32> = Vec::with_capacity(n);
    // The next image to try for each vertex mapped, depth first (n ≤ 8).
    let mut next = vec![0u32; n + 1];
    loop {
        let v = map.len();
        if v == n {
            found.push(map.clone());
        }
        let candidate = (v < n)
            .then(|| {
                (next[v]..n as u32).find(|&w| {
                    !map.contains(&w)
                        && adjacency[v].len() == adjacency[w as usize].len()
                        && (0..v).all(|u| adjacent(u, v) == adjacent(map[u] as usize, w as usize))
                })
            })
            .flatten();
        match candidate {
            Some(w) => {
                next[v] = w + 1;
                map.push(w);
                next[v + 1] = 0;
            }
            None => {
                if map.pop().is_none() {
                    return found;
                }
            }
        }
    }
}

/// A graph as a position is written: vertices numbered from 1, its edges,
/// then each tinted vertex (`1 blue`); a vertex alone written alone.
fn written(n: usize, edges: &[(u32, u32)], tints: &[u8]) -> String {
    let mut items: Vec<String> = (edges.iter())
        .map(|(a, b)| format!("{} -- {}", a + 1, b + 1))
        .collect();
    for (v, tint) in tints.iter().enumerate() {
        match tint {
            1 => items.push(format!("{} blue", v + 1)),
            2 => items.push(format!("{} red", v + 1)),
            _ => {}
        }
    }
    if n == 1 && tints.first().is_none_or(|&t| t == 0) {
        items.push("1".to_string());
    }
    format!("graph {{ {} }}", items.join(", "))
}
