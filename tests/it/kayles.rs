//! Node Kayles (`node kayles`) and Arc Kayles (`arc kayles`): every graph
//! of up to 7 vertices (up to isomorphism) against a brute force written
//! here — the mex over every pick of the whole graph, kept as a bit mask of
//! the vertices left, never split into components nor put in canonical
//! form as the engine does; paths against OEIS A002187 (on a path Node
//! Kayles is Dawson's chess, octal 0.137, and Arc Kayles is Dawson's
//! Kayles, octal 0.07, a heap of n + 1 of which is Dawson's chess on n:
//! Winning Ways, ch. 4).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use gamelang::analysis::{self, Analyzer, Count};
use gamelang::rules::Game;
use gamelang::search::{Options, Solver, Value};
use num_bigint::BigUint;

use super::asked::analysis;
use super::common::{a002187, load_text};

/// A graph on vertices `0..n`: each vertex's neighbours as a bit mask.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Graph(Vec<u8>);

impl Graph {
    fn edges(&self) -> Vec<(usize, usize)> {
        let n = self.0.len();
        (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| self.0[a] >> b & 1 == 1)
            .collect()
    }

    /// The graph with vertex `v` renamed `order[v]`.
    fn renamed(&self, order: &[usize]) -> Graph {
        let mut out = vec![0u8; self.0.len()];
        for (a, b) in self.edges() {
            out[order[a]] |= 1 << order[b];
            out[order[b]] |= 1 << order[a];
        }
        Graph(out)
    }

    /// The least renaming: one graph for each class of isomorphic graphs.
    fn least(&self) -> Graph {
        let mut order: Vec<usize> = (0..self.0.len()).collect();
        let mut least = self.clone();
        while next_permutation(&mut order) {
            least = least.min(self.renamed(&order));
        }
        least
    }

    /// The graph as a position: vertices named from 1, each edge as its
    /// two ends, a vertex without an edge as the pair (v, v) (Node Kayles
    /// only: Arc Kayles has no use for it).
    fn heaps(&self, lone: bool) -> Vec<u64> {
        let mut pairs: Vec<(u64, u64)> = (self.edges().into_iter())
            .map(|(a, b)| (a as u64 + 1, b as u64 + 1))
            .collect();
        if lone {
            let alone = (0..self.0.len()).filter(|&v| self.0[v] == 0);
            pairs.extend(alone.map(|v| (v as u64 + 1, v as u64 + 1)));
        }
        pairs.sort_unstable();
        pairs.into_iter().flat_map(|(a, b)| [a, b]).collect()
    }
}

fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// One graph of each class on `n` vertices, for `n` up to `most` (where
/// `extend_only` the last size is every graph of `most - 1`'s classes with
/// a vertex added, which meets every class of `most` at least once).
fn graphs(most: usize, extend_only: bool) -> Vec<Vec<Graph>> {
    let mut by_size = vec![vec![Graph(Vec::new())]];
    for n in 1..=most {
        let mut next = BTreeSet::new();
        for g in &by_size[n - 1] {
            for near in 0..1u8 << (n - 1) {
                let mut grown = g.0.clone();
                for (v, mask) in grown.iter_mut().enumerate() {
                    *mask |= (near >> v & 1) << (n - 1);
                }
                grown.push(near);
                let grown = Graph(grown);
                next.insert(match extend_only && n == most {
                    true => grown,
                    false => grown.least(),
                });
            }
        }
        by_size.push(next.into_iter().collect());
    }
    by_size
}

/// Every graph is a graph of one fewer vertex with one added: the classes
/// found so are as many as there are graphs (OEIS A000088: 1, 1, 2, 4, 11,
/// 34, 156).
#[test]
fn the_graphs_are_every_class_once() {
    let counts: Vec<usize> = graphs(6, false).iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 1, 2, 4, 11, 34, 156]);
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Node,
    Arc,
}

/// The brute force: the Grundy value of the vertices `left` of `graph`.
fn grundy(graph: &Graph, kind: Kind, left: u8, memo: &mut HashMap<u8, u32>) -> u32 {
    if let Some(&g) = memo.get(&left) {
        return g;
    }
    let seen: BTreeSet<u32> = picks(graph, kind, left)
        .into_iter()
        .map(|after| grundy(graph, kind, after, memo))
        .collect();
    let g = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(left, g);
    g
}

/// The vertices left after each pick from the vertices `left`.
fn picks(graph: &Graph, kind: Kind, left: u8) -> Vec<u8> {
    let n = graph.0.len();
    match kind {
        Kind::Node => (0..n)
            .filter(|&v| left >> v & 1 == 1)
            .map(|v| left & !(graph.0[v] | 1 << v))
            .collect(),
        Kind::Arc => (graph.edges().into_iter())
            .filter(|&(a, b)| left >> a & 1 == 1 && left >> b & 1 == 1)
            .map(|(a, b)| left & !(1 << a | 1 << b))
            .collect(),
    }
}

/// The graph left, its vertices still named as in `graph`.
fn induced(graph: &Graph, left: u8) -> Graph {
    Graph(
        (0..graph.0.len())
            .map(|v| {
                if left >> v & 1 == 1 {
                    graph.0[v] & left
                } else {
                    0
                }
            })
            .collect(),
    )
}

const NODE: &str = "game node {\n    node kayles\n}\n";
const ARC: &str = "game arc {\n    arc kayles\n}\n";

fn game(text: &str) -> Arc<Game> {
    load_text("kayles.game", text, &[]).games[0]
        .default
        .clone()
        .expect("the game lowers")
}

fn solver(game: &Arc<Game>, decompose: bool) -> Solver {
    Solver::with_options(
        game.clone(),
        Options {
            decompose,
            ..Options::default()
        },
    )
}

fn value(solver: &mut Solver, heaps: &[u64]) -> u32 {
    match solver.value(heaps).expect("a small graph").0 {
        Value::Grundy(g) => g,
        Value::Misere { .. } => unreachable!("normal play"),
    }
}

#[test]
fn kayles_agrees_with_a_brute_force_on_every_graph_of_7_vertices() {
    for (text, kind) in [(NODE, Kind::Node), (ARC, Kind::Arc)] {
        let game = game(text);
        let (mut by_components, mut whole) = (solver(&game, true), solver(&game, false));
        assert!(by_components.by_components() && !whole.by_components());
        for (n, graphs) in graphs(7, true).iter().enumerate() {
            for graph in graphs {
                let all = ((1u16 << n) - 1) as u8;
                let expected = grundy(graph, kind, all, &mut HashMap::new());
                let heaps = graph.heaps(kind == Kind::Node);
                assert_eq!(value(&mut by_components, &heaps), expected, "{heaps:?}");
                // The plain search over whole graphs, on the smaller ones.
                if n <= 6 {
                    assert_eq!(value(&mut whole, &heaps), expected, "{heaps:?}");
                }
            }
        }
    }
}

/// Winning moves, listed by the analyzer from the values of what each pick
/// leaves, against the brute force on every graph of up to 6 vertices.
#[test]
fn kayles_lists_every_winning_pick() {
    for (text, name, kind) in [(NODE, "node", Kind::Node), (ARC, "arc", Kind::Arc)] {
        let program = load_text("kayles.game", text, &[]);
        let mut analyzer = Analyzer::new(analysis::Options {
            max_moves: usize::MAX,
            ..analysis::Options::default()
        });
        for (n, graphs) in graphs(6, false).iter().enumerate() {
            for graph in graphs {
                let all = ((1u16 << n) - 1) as u8;
                let heaps = graph.heaps(kind == Kind::Node);
                let answer = analysis(&mut analyzer, &program, name, &heaps).unwrap();
                let memo = &mut HashMap::new();
                let g = grundy(graph, kind, all, memo);
                assert_eq!(answer.grundy.value(), Some(&BigUint::from(g)), "{heaps:?}");
                // Every pick a move, also where two leave the same graph.
                let mut expected: Vec<Vec<u64>> = (picks(graph, kind, all).into_iter())
                    .filter(|&after| grundy(graph, kind, after, memo) == 0)
                    .map(|after| induced(graph, after).heaps_left(after, kind))
                    .collect();
                let mut found: Vec<Vec<u64>> = (answer.winning_moves.iter())
                    .map(|m| m.to.to_u64s().unwrap())
                    .collect();
                expected.sort();
                found.sort();
                assert_eq!(found, expected, "{heaps:?}");
                assert_eq!(
                    answer.winning_move_count,
                    Count::Exact(BigUint::from(expected.len())),
                    "{heaps:?}"
                );
            }
        }
    }
}

impl Graph {
    /// The position of the vertices `left` of this graph (the others
    /// removed), named as in it.
    fn heaps_left(&self, left: u8, kind: Kind) -> Vec<u64> {
        let mut pairs: Vec<(u64, u64)> = (self.edges().into_iter())
            .map(|(a, b)| (a as u64 + 1, b as u64 + 1))
            .collect();
        if kind == Kind::Node {
            let alone = (0..self.0.len()).filter(|&v| left >> v & 1 == 1 && self.0[v] == 0);
            pairs.extend(alone.map(|v| (v as u64 + 1, v as u64 + 1)));
        }
        pairs.sort_unstable();
        pairs.into_iter().flat_map(|(a, b)| [a, b]).collect()
    }
}

/// On a path of n vertices, Node Kayles is Dawson's chess on n and Arc
/// Kayles is Dawson's Kayles on n, Dawson's chess on n - 1 (OEIS A002187).
#[test]
fn kayles_on_paths_is_dawsons_chess() {
    let (mut node, mut arc) = (solver(&game(NODE), true), solver(&game(ARC), true));
    for n in 2..=131u64 {
        let path: Vec<u64> = (1..n).flat_map(|v| [v, v + 1]).collect();
        assert_eq!(value(&mut node, &path), a002187(n as usize), "node, {n}");
        assert_eq!(value(&mut arc, &path), a002187(n as usize - 1), "arc, {n}");
    }
}

/// A graph with its vertices renamed is the same graph to the engine: it
/// holds nothing new after it (the canonical form).
#[test]
fn renamed_graphs_are_one_graph() {
    let mut node = solver(&game(NODE), true);
    // The Petersen graph, and the same with its vertices named backwards
    // and far apart.
    let petersen = [
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 1),
        (1, 6),
        (2, 7),
        (3, 8),
        (4, 9),
        (5, 10),
        (6, 8),
        (8, 10),
        (10, 7),
        (7, 9),
        (9, 6),
    ];
    let heaps: Vec<u64> = petersen.iter().flat_map(|&(a, b)| [a, b]).collect();
    let g = value(&mut node, &heaps);
    let held = node.len();
    let renamed: Vec<u64> = heaps.iter().map(|&v| 1_000_000_007 * (11 - v)).collect();
    assert_eq!(value(&mut node, &renamed), g);
    assert_eq!(node.len(), held);
}

/// Twin vertices (the same neighbours) leave the same graph when picked,
/// and each is a move of its own, listed by its own name: in 1 -- 2 both
/// picks win.
#[test]
fn twin_picks_are_moves_of_their_own_listed_by_name() {
    let program = load_text("kayles.game", NODE, &[]);
    let answer = analysis(&mut Analyzer::default(), &program, "node", &[1, 2]).unwrap();
    assert_eq!(answer.winning_move_count, Count::Exact(BigUint::from(2u32)));
    let text = gamelang::report::text(&answer, &|_| None);
    assert!(text.contains("pick 1 → graph {}"), "{text}");
    assert!(text.contains("pick 2 → graph {}"), "{text}");
}
