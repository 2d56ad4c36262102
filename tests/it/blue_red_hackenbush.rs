//! Blue-red-green Hackenbush (`hackenbush`) through the language: strings
//! against Berlekamp's sign expansion, and every small coloured graph
//! against its game tree written here plainly — each cut, what falls
//! removed, Left cutting blue and green, Right red and green (Winning Ways,
//! ch. 2 and 7) — with no parts split off, no memo and no canonical forms.

use gamelang::{Dyadic, Forms, PartizanSearch};

use super::partizan::{Tree, analyzed, eq, lowered, tree};

const GAME: &str = "game blue_red { hackenbush }\n";

/// Edge colours as positions keep them (`graph { 0 -- 1 blue }`): green 0,
/// blue 1, red 2.
const GREEN: u64 = 0;
const BLUE: u64 = 1;
const RED: u64 = 2;

/// An edge: its ends, the smaller first, and its colour.
type Edge = (u64, u64, u64);

/// What is left of `edges` that reaches vertex 0, sorted.
fn standing(edges: &[Edge]) -> Vec<Edge> {
    super::hackenbush::standing_by(edges, |&(a, b, _)| (a, b))
}

/// The game tree of a coloured graph, from the definition.
fn plain(edges: &[Edge]) -> Tree {
    let after = |i: usize| {
        let mut rest = edges.to_vec();
        rest.remove(i);
        plain(&standing(&rest))
    };
    let cuts = |colour: u64| -> Vec<Tree> {
        (0..edges.len())
            .filter(|&i| edges[i].2 == colour || edges[i].2 == GREEN)
            .map(after)
            .collect()
    };
    Tree {
        left: cuts(BLUE),
        right: cuts(RED),
    }
}

fn heaps(edges: &[Edge]) -> Vec<u64> {
    edges.iter().flat_map(|&(a, b, c)| [a, b, c]).collect()
}

#[test]
fn every_blue_red_string_to_length_10_is_worth_berlekamps_sign_expansion() {
    // A string of blue and red edges from the ground, 0 -- 1 -- 2 -- ....
    // Berlekamp's rule (Winning Ways ch. 2; Lessons in Play ch. 5): the
    // edges up to the first change of colour count ±1 each (blue +), then
    // each edge in turn ±1/2, ±1/4, .... All 2,046 strings of 1 to 10 edges.
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(GAME, "blue_red"), Default::default());
    let mut checked = 0;
    for len in 1..=10u64 {
        for bits in 0..1u64 << len {
            let blue: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let edges: Vec<Edge> = (0..len)
                .map(|i| (i, i + 1, if blue[i as usize] { BLUE } else { RED }))
                .collect();
            let form = search.value(&mut forms, &heaps(&edges)).expect("a value");
            let run = blue.iter().take_while(|&&b| b == blue[0]).count();
            let sign = |b: bool| if b { 1 } else { -1 };
            let mut expected = Dyadic::integer(sign(blue[0]) * run as i64);
            for (k, &b) in blue[run..].iter().enumerate() {
                expected = expected.add(&Dyadic::new(sign(b), k as u32 + 1));
            }
            assert_eq!(forms.as_number(form), Some(&expected), "{blue:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2046);
}

/// Every multiset of `count` edges among `edges`, sorted.
fn multisets(
    edges: &[Edge],
    count: usize,
    from: usize,
    out: &mut Vec<Edge>,
    each: &mut impl FnMut(&[Edge]),
) {
    if out.len() == count {
        each(out);
        return;
    }
    for i in from..edges.len() {
        out.push(edges[i]);
        multisets(edges, count, i, out, each);
        out.pop();
    }
}

#[test]
fn every_coloured_graph_of_up_to_4_edges_is_worth_its_game_tree() {
    // Vertices 0 to 3 (0 the ground), loops and parallel edges included,
    // each edge blue, red or green: up to 3 edges on all four vertices, and
    // 4 edges on vertices 0 to 2. Graphs whose parts meet at the ground are
    // among them: the search adds its parts, the tree plays them whole.
    let coloured = |most: u64| -> Vec<Edge> {
        let mut edges = Vec::new();
        for a in 0..=most {
            for b in a..=most {
                for c in [GREEN, BLUE, RED] {
                    edges.push((a, b, c));
                }
            }
        }
        edges
    };
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(GAME, "blue_red"), Default::default());
    let mut checked = 0;
    let mut check = |edges: &[Edge]| {
        let graph = standing(edges);
        let form = search.value(&mut forms, &heaps(&graph)).expect("a value");
        assert!(eq(&tree(&mut forms, form), &plain(&graph)), "{graph:?}");
        checked += 1;
    };
    for count in 1..=3 {
        multisets(&coloured(3), count, 0, &mut Vec::new(), &mut check);
    }
    multisets(&coloured(2), 4, 0, &mut Vec::new(), &mut check);
    assert_eq!(checked, 30 + 465 + 4960 + 5985);
}

#[test]
fn a_hackenbush_answer_names_each_cut_by_its_edge_and_colour() {
    let answers = analyzed(&format!(
        "{GAME}analyze blue_red at graph {{ 0 -- 1 blue, 1 -- 2 red, 1 -- 3 red, 0 -- 4 red, 4 -- 5 blue }}\nanalyze blue_red at graph {{ 0 -- 1, 1 -- 2 blue }}\n"
    ));
    let text: Vec<String> = (answers.iter())
        .map(|a| gamelang::answer_text(a, &|_| None))
        .collect();
    // {0 | 1/2} = 1/4 beside -1/2 (Berlekamp's rule on each stem).
    assert!(text[0].contains("value:   -1/4"), "{}", text[0]);
    assert!(text[0].contains("outcome: R"), "{}", text[0]);
    // Right's winning moves: each cut of a red leaf leaves 1/2 - 1/2 = 0,
    // and cutting the red stem leaves 1/4 > 0 — not winning.
    assert!(
        text[0].contains(
            "cut 1 -- 2 red → graph { 0 -- 1 blue, 0 -- 4 red, 1 -- 3 red, 4 -- 5 blue }"
        ),
        "{}",
        text[0]
    );
    assert!(!text[0].contains("cut 0 -- 4 red →"), "{}", text[0]);
    // ↑* = {0, * | 0}: the first player wins by cutting the green edge.
    assert!(text[1].contains("value:   ^*"), "{}", text[1]);
    assert!(
        text[1].contains("cut 0 -- 1 green → graph {}"),
        "{}",
        text[1]
    );
}
