//! Snort and Col (`snort`, `col`) through the language: every graph of up
//! to 4 vertices with every tint, and random graphs of 5 and 6, against
//! their game trees written here plainly from the rules' definitions
//! (Winning Ways, ch. 2: Left colours a vertex blue, Right red; Snort never
//! next to the other colour, Col never next to the same) — with the tints
//! made real as coloured neighbours, no parts split off, no memo and no
//! canonical forms; and the values pycgt computes.

use gamelang::{Forms, PartizanSearch};

use super::partizan::{Tree, analyzed, eq, lowered, tree, values_agree};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rules {
    Snort,
    Col,
}

/// A vertex's state in the plain game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Free,
    Blue,
    Red,
}

/// A graph whose vertices are coloured or free, as the definitions play it.
#[derive(Clone, Debug)]
struct Plain {
    states: Vec<State>,
    edges: Vec<(usize, usize)>,
}

impl Plain {
    fn near(&self, v: usize, state: State) -> bool {
        (self.edges.iter()).any(|&(a, b)| {
            (a == v && self.states[b] == state) || (b == v && self.states[a] == state)
        })
    }

    /// The positions after each colouring of a free vertex `colour`.
    fn moves(&self, rules: Rules, colour: State) -> Vec<Plain> {
        let other = if colour == State::Blue {
            State::Red
        } else {
            State::Blue
        };
        let barred = if rules == Rules::Snort { other } else { colour };
        (0..self.states.len())
            .filter(|&v| self.states[v] == State::Free && !self.near(v, barred))
            .map(|v| {
                let mut after = self.clone();
                after.states[v] = colour;
                after
            })
            .collect()
    }

    fn tree(&self, rules: Rules) -> Tree {
        Tree {
            left: (self.moves(rules, State::Blue).iter())
                .map(|p| p.tree(rules))
                .collect(),
            right: (self.moves(rules, State::Red).iter())
                .map(|p| p.tree(rules))
                .collect(),
        }
    }
}

/// A tint as positions keep it: none 0, blue 1 (only Left may colour the
/// vertex), red 2 (only Right may).
const TINTS: [u64; 3] = [0, 1, 2];

/// The plain game of the graph of `n` vertices with `edges`, vertex v
/// tinted `tints[v]`: a tint made real by a coloured neighbour of its own
/// that rules the other colour out (Snort: of the tint's colour; Col: of
/// the other one).
fn plain(rules: Rules, n: usize, edges: &[(usize, usize)], tints: &[u64]) -> Plain {
    let mut states = vec![State::Free; n];
    let mut edges = edges.to_vec();
    for (v, &tint) in tints.iter().enumerate() {
        let blue = tint == 1;
        let neighbour = match (tint, rules) {
            (0, _) => continue,
            (_, Rules::Snort) if blue => State::Blue,
            (_, Rules::Snort) => State::Red,
            (_, Rules::Col) if blue => State::Red,
            (_, Rules::Col) => State::Blue,
        };
        states.push(neighbour);
        edges.push((v, states.len() - 1));
    }
    Plain { states, edges }
}

/// The position gamelang keeps: (v, v, tint) for each vertex, (a, b, 0)
/// for each edge, in increasing order (vertices numbered from 1).
fn heaps(n: usize, edges: &[(usize, usize)], tints: &[u64]) -> Vec<u64> {
    let mut entries: Vec<[u64; 3]> = (0..n as u64)
        .map(|v| [v + 1, v + 1, tints[v as usize]])
        .collect();
    entries.extend(edges.iter().map(|&(a, b)| [a as u64 + 1, b as u64 + 1, 0]));
    entries.sort_unstable();
    entries.into_iter().flatten().collect()
}

/// Every pair of distinct vertices below `n`.
fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

fn search(rules: Rules) -> PartizanSearch {
    let (text, name) = match rules {
        Rules::Snort => ("game snort { snort }\n", "snort"),
        Rules::Col => ("game col { col }\n", "col"),
    };
    PartizanSearch::new(lowered(text, name), Default::default())
}

#[test]
fn snort_and_col_on_every_tinted_graph_of_up_to_4_vertices_are_worth_their_game_trees() {
    let mut checked = 0;
    for rules in [Rules::Snort, Rules::Col] {
        let mut forms = Forms::new();
        let mut search = search(rules);
        for n in 0..=4usize {
            let all = pairs(n);
            for mask in 0..1u32 << all.len() {
                let edges: Vec<(usize, usize)> = (all.iter().enumerate())
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &e)| e)
                    .collect();
                for t in 0..3usize.pow(n as u32) {
                    let tints: Vec<u64> = (0..n)
                        .map(|v| TINTS[t / 3usize.pow(v as u32) % 3])
                        .collect();
                    let form =
                        (search.value(&mut forms, &heaps(n, &edges, &tints))).expect("a value");
                    let expected = plain(rules, n, &edges, &tints).tree(rules);
                    assert!(
                        eq(&tree(&mut forms, form), &expected),
                        "{rules:?}: {n} vertices, {edges:?}, tints {tints:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    // Per game: 1 + 3 + 2·9 + 8·27 + 64·81 graphs with tints.
    assert_eq!(checked, 2 * (1 + 3 + 18 + 216 + 5184));
}

#[test]
fn snort_and_col_on_random_graphs_of_5_and_6_vertices_are_worth_their_game_trees() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for rules in [Rules::Snort, Rules::Col] {
        let mut forms = Forms::new();
        let mut search = search(rules);
        for round in 0..200 {
            let n = 5 + round % 2;
            let edges: Vec<(usize, usize)> =
                pairs(n).into_iter().filter(|_| next() % 5 < 2).collect();
            let tints: Vec<u64> = (0..n)
                .map(|_| TINTS[(next() % 5).min(2) as usize])
                .collect();
            let form = (search.value(&mut forms, &heaps(n, &edges, &tints))).expect("a value");
            let expected = plain(rules, n, &edges, &tints).tree(rules);
            assert!(
                eq(&tree(&mut forms, form), &expected),
                "{rules:?}: {n} vertices, {edges:?}, tints {tints:?}"
            );
        }
    }
}

#[test]
fn snort_and_col_agree_with_pycgt() {
    // tests/data/pycgt_colourings.txt: its command and pycgt's version in
    // its header (benches/pycgt/graphs.py).
    let games = "game snort { snort }\ngame col { col }";
    values_agree(games, "tests/data/pycgt_colourings.txt", 72);
}

#[test]
fn snort_on_paths_and_cycles_to_15_vertices_agrees_with_pycgt() {
    // tests/data/pycgt_snort_paths.txt: its command and pycgt's version in
    // its header (benches/pycgt/snort_paths.py). The path of 15 is issue
    // 71's: minutes before the canonical forms' comparisons were fixed.
    values_agree(
        "game snort { snort }",
        "tests/data/pycgt_snort_paths.txt",
        14,
    );
}

#[test]
fn a_move_tells_the_vertex_it_colours_and_the_graph_it_leaves() {
    let answers = analyzed("game snort { snort }\nanalyze snort at graph { 1 -- 2, 2 -- 3 }\n");
    let text = gamelang::answer_text(&answers[0], &|_| None);
    assert!(
        text.contains("colour 2 blue → graph { 1 blue, 3 blue }"),
        "{text}"
    );
    // Col: colouring an end blue leaves its neighbour to Right.
    let answers =
        analyzed("game col { col }\nanalyze col at graph { 1 -- 2, 2 -- 3, 3 -- 4, 1 blue }\n");
    let json = gamelang::answer_json(&answers[0], &|_| None).to_string();
    assert!(json.contains("colour 4 blue"), "{json}");
    assert!(
        json.contains("graph { 1 -- 2, 2 -- 3, 1 blue, 3 red }"),
        "{json}"
    );
}
