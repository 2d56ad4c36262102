//! Green Hackenbush (`green hackenbush`): every grounded multigraph of up
//! to 7 edges on 4 vertices (loops and parallel edges included) against a
//! brute force written here — the mex over every cut, what falls removed —
//! not the colon and fusion principles the closed form uses.

use std::collections::{BTreeSet, HashMap};

use gamelang::analysis::{self, Analyzer, Count};
use num_bigint::BigUint;

use super::asked::analysis;
use super::common::load_text;

/// An edge, its smaller end first.
type Edge = (u64, u64);

/// What is left of `edges` that reaches vertex 0, sorted.
fn standing(edges: &[Edge]) -> Vec<Edge> {
    standing_by(edges, |&e| e)
}

/// What is left of `edges` (each with its two ends, `ends`, and perhaps a
/// colour beside them) that reaches vertex 0, sorted.
pub(super) fn standing_by<E: Copy + Ord>(edges: &[E], ends: impl Fn(&E) -> Edge) -> Vec<E> {
    let mut reached: BTreeSet<u64> = [0].into_iter().collect();
    loop {
        let more: Vec<u64> = (edges.iter().map(&ends))
            .filter(|(a, b)| reached.contains(a) || reached.contains(b))
            .flat_map(|(a, b)| [a, b])
            .filter(|v| !reached.contains(v))
            .collect();
        if more.is_empty() {
            break;
        }
        reached.extend(more);
    }
    let mut out: Vec<E> = (edges.iter())
        .filter(|e| reached.contains(&ends(e).0))
        .copied()
        .collect();
    out.sort_unstable();
    out
}

/// The positions one cut from `edges`.
/// Every cut: each edge a move (LANGUAGE.md, "What a move is").
fn cuts(edges: &[Edge]) -> Vec<Vec<Edge>> {
    (0..edges.len())
        .map(|i| {
            let mut rest = edges.to_vec();
            rest.remove(i);
            standing(&rest)
        })
        .collect()
}

fn grundy(edges: &[Edge], memo: &mut HashMap<Vec<Edge>, u32>) -> u32 {
    if let Some(&g) = memo.get(edges) {
        return g;
    }
    let seen: BTreeSet<u32> = cuts(edges).iter().map(|c| grundy(c, memo)).collect();
    let g = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(edges.to_vec(), g);
    g
}

#[test]
fn green_hackenbush_agrees_with_a_brute_force_on_every_graph_of_7_edges() {
    let pairs: Vec<Edge> = (0..4u64)
        .flat_map(|a| (a..4).map(move |b| (a, b)))
        .collect();
    // Every multiset of at most 7 of the 10 pairs, grounded.
    let mut graphs: BTreeSet<Vec<Edge>> = BTreeSet::new();
    let mut pick = vec![0usize; 0];
    fn grow(pairs: &[Edge], from: usize, pick: &mut Vec<usize>, graphs: &mut BTreeSet<Vec<Edge>>) {
        let edges: Vec<Edge> = pick.iter().map(|&i| pairs[i]).collect();
        graphs.insert(standing(&edges));
        if pick.len() == 7 {
            return;
        }
        for i in from..pairs.len() {
            pick.push(i);
            grow(pairs, i, pick, graphs);
            pick.pop();
        }
    }
    grow(&pairs, 0, &mut pick, &mut graphs);
    assert!(graphs.len() > 5000, "{}", graphs.len());
    let program = load_text("green.game", "game green {\n    green hackenbush\n}\n", &[]);
    let mut analyzer = Analyzer::new(analysis::Options {
        max_moves: usize::MAX,
        search: gamelang::search::Options {
            // The remoteness explores each graph's play: small ones only.
            max_positions: 64,
            ..gamelang::search::Options::default()
        },
        ..analysis::Options::default()
    });
    let mut memo = HashMap::new();
    for edges in &graphs {
        let heaps: Vec<u64> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        let answer = analysis(&mut analyzer, &program, "green", &heaps).unwrap();
        let g = grundy(edges, &mut memo);
        assert_eq!(answer.grundy.value(), Some(&BigUint::from(g)), "{edges:?}");
        let mut expected: Vec<Vec<u64>> = (cuts(edges).into_iter())
            .filter(|c| grundy(c, &mut memo) == 0)
            .map(|c| c.iter().flat_map(|&(a, b)| [a, b]).collect())
            .collect();
        let mut found: Vec<Vec<u64>> = (answer.winning_moves.iter())
            .map(|m| m.to.to_u64s().unwrap())
            .collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{edges:?}");
        assert_eq!(
            answer.winning_move_count,
            Count::Exact(BigUint::from(expected.len())),
            "{edges:?}"
        );
    }
}
