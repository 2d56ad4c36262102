//! The positions of a census (`gamelang census`): every connected shape of
//! n empty cells of a board game, once up to the turns that keep or negate
//! its value; every strip, heap position and connected graph (tinted every
//! way), each held to a plain enumeration.

use std::collections::BTreeSet;

use gamelang::analysis::Analyzer;
use gamelang::{Census, CensusFamily, CensusShapes};

use super::common::load_text;
use super::partizan::lowered;

/// Every connected set of `n` cells, by the plain definition: grown from
/// one cell by every neighbour, kept once up to translation; then kept
/// once up to the eight turns and reflections (`free`) or not.
fn plain_shapes(n: usize, free: bool) -> usize {
    let normal = |cells: &[(i64, i64)]| {
        let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut out: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
        out.sort_unstable();
        out
    };
    let mut tier: BTreeSet<Vec<(i64, i64)>> = [vec![(0, 0)]].into();
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &tier {
            for &(r, c) in shape {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    if !shape.contains(&(r + dr, c + dc)) {
                        let mut grown = shape.clone();
                        grown.push((r + dr, c + dc));
                        next.insert(normal(&grown));
                    }
                }
            }
        }
        tier = next;
    }
    if !free {
        return tier.len();
    }
    let images = |shape: &Vec<(i64, i64)>| -> Vec<Vec<(i64, i64)>> {
        (0..8)
            .map(|t| {
                let turned: Vec<(i64, i64)> = (shape.iter())
                    .map(|&(r, c)| {
                        let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                        (
                            if t & 2 != 0 { -r } else { r },
                            if t & 1 != 0 { -c } else { c },
                        )
                    })
                    .collect();
                normal(&turned)
            })
            .collect()
    };
    let classes: BTreeSet<Vec<(i64, i64)>> = (tier.iter())
        .map(|s| images(s).into_iter().min().expect("eight images"))
        .collect();
    classes.len()
}

#[test]
fn a_census_grows_each_shape_once_up_to_the_turns_that_keep_its_value() {
    // Domineering's turns keep its value or negate it: its shapes are the
    // free polyominoes (OEIS A000105), here against the plain definition
    // to 8 cells and the sequence to 10.
    let domineering = lowered(super::boards::DOMINEERING, "domineering");
    let mut shapes = CensusShapes::of(&domineering);
    let free = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];
    for (n, &count) in free.iter().enumerate() {
        assert!(shapes.grow());
        assert_eq!(shapes.cells(), n + 1);
        assert_eq!(shapes.boards().len(), count, "{} cells", n + 1);
        if n < 8 {
            assert_eq!(count, plain_shapes(n + 1, true));
        }
    }
    let boards = {
        let mut shapes = CensusShapes::of(&domineering);
        (0..3).for_each(|_| assert!(shapes.grow()));
        shapes.boards()
    };
    assert_eq!(boards, ["...", "..|.#"]);
    // A game whose rules are no stencils keeps its shapes up to
    // translation alone: the fixed polyominoes (OEIS A001168).
    let text = "game cover {\n board\n move cover {\n choose r in 1..rows\n choose c in 1..cols\n require b[r, c] == '.' and r + c > 0\n b[r, c] = '#'\n }\n}\n";
    let mut shapes = CensusShapes::of(&lowered(text, "cover"));
    for (n, count) in [1, 2, 6, 19, 63, 216, 760].into_iter().enumerate() {
        assert!(shapes.grow());
        assert_eq!(shapes.boards().len(), count, "{} cells", n + 1);
        assert_eq!(count, plain_shapes(n + 1, false));
    }
}

/// Every position of each tier of `family`'s census of `game`, with the
/// count the census gives each tier.
fn tiers(game: &gamelang::Game, family: &CensusFamily) -> Vec<(u64, Vec<String>)> {
    let mut census = Census::new(game, family).expect("a census");
    let mut tiers = Vec::new();
    while let Some(tier) = census.next_tier() {
        let positions: Vec<String> = tier.positions.collect();
        assert!(tier.exact);
        assert_eq!(tier.count, positions.len() as u64, "tier {}", tier.size);
        tiers.push((tier.size, positions));
    }
    tiers
}

/// The permutations of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for k in 0..n {
        all = (all.iter())
            .flat_map(|p| {
                (0..=k).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, k);
                    q
                })
            })
            .collect();
    }
    all
}

/// The connected graphs of `n` vertices, each tinted every way (0 none, 1
/// blue, 2 red) where `tinted`, counted once up to isomorphism by the plain
/// definition: every labelled graph and tinting, kept by the least image
/// over every permutation of its vertices.
fn plain_graphs(n: usize, tinted: bool) -> usize {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let orders = permutations(n);
    let tintings = if tinted { 3usize.pow(n as u32) } else { 1 };
    let mut classes = BTreeSet::new();
    for set in 0u32..(1 << pairs.len()) {
        let edges: Vec<(usize, usize)> = (pairs.iter().enumerate())
            .filter(|(i, _)| set & (1 << i) != 0)
            .map(|(_, &e)| e)
            .collect();
        // Connected: every vertex reached from vertex 0.
        let mut reached = vec![false; n];
        reached[0] = true;
        for _ in 0..n {
            for &(a, b) in &edges {
                if reached[a] || reached[b] {
                    (reached[a], reached[b]) = (true, true);
                }
            }
        }
        if !reached.iter().all(|&r| r) {
            continue;
        }
        for t in 0..tintings {
            let tints: Vec<usize> = (0..n).map(|v| t / 3usize.pow(v as u32) % 3).collect();
            let least = (orders.iter())
                .map(|order| {
                    let mut image: Vec<(usize, usize)> = (edges.iter())
                        .map(|&(a, b)| (order[a].min(order[b]), order[a].max(order[b])))
                        .collect();
                    image.sort_unstable();
                    let mut colours = vec![0; n];
                    for v in 0..n {
                        colours[order[v]] = tints[v];
                    }
                    (image, colours)
                })
                .min();
            classes.insert(least);
        }
    }
    classes.len()
}

#[test]
fn a_census_takes_each_connected_graph_once_tinted_every_way() {
    // Node Kayles' graphs: the connected graphs up to isomorphism (OEIS
    // A001349: 1, 1, 2, 6, 21, 112, 853, 11117), against the plain
    // definition to 5 vertices.
    let node = lowered("game node { node kayles }\n", "node");
    let tiers_of_node = tiers(&node, &CensusFamily::Vertices(1, 8));
    let counts: Vec<usize> = tiers_of_node.iter().map(|(_, p)| p.len()).collect();
    assert_eq!(counts, [1, 1, 2, 6, 21, 112, 853, 11117]);
    for n in 1..=5 {
        assert_eq!(counts[n - 1], plain_graphs(n, false), "{n} vertices");
    }
    assert_eq!(tiers_of_node[0].1, ["graph { 1 }"]);
    // Snort's: each tinting once up to the graph's automorphisms, against
    // the plain definition to 4 vertices.
    let snort = lowered("game snort { snort }\n", "snort");
    let tinted = tiers(&snort, &CensusFamily::Vertices(1, 4));
    for (n, (_, positions)) in (1..).zip(&tinted) {
        assert_eq!(positions.len(), plain_graphs(n, true), "{n} vertices");
        let distinct: BTreeSet<&String> = positions.iter().collect();
        assert_eq!(distinct.len(), positions.len());
    }
}

#[test]
fn a_census_takes_each_strip_once_with_its_reversal_where_that_keeps_the_value() {
    // Clobber's rules turn with the board, so a strip stands for its
    // reversal: every strip over `.ox` is the least of a pair or a
    // palindrome, and every pair is met.
    let clobber = lowered(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/clobber.game"))
            .expect("games/clobber.game"),
        "clobber",
    );
    let family = CensusFamily::Length {
        sizes: (1, 6),
        alphabet: None,
    };
    for (n, positions) in tiers(&clobber, &family) {
        let plain: BTreeSet<String> = (0..3usize.pow(n as u32))
            .map(|k| {
                let strip: String = (0..n)
                    .map(|i| ['.', 'o', 'x'][k / 3usize.pow((n - 1 - i) as u32) % 3])
                    .collect();
                let reversed: String = strip.chars().rev().collect();
                strip.min(reversed)
            })
            .collect();
        let taken: BTreeSet<String> = positions.iter().cloned().collect();
        assert_eq!(taken.len(), positions.len());
        assert_eq!(taken, plain, "{n} cells");
    }
    // Toads and Frogs' rules are not stencils: its cells are given, and
    // every strip is taken.
    let toads = lowered(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/games/toads_and_frogs.game"
        ))
        .expect("games/toads_and_frogs.game"),
        "toads_and_frogs",
    );
    let family = CensusFamily::Length {
        sizes: (1, 4),
        alphabet: Some("TF.".to_string()),
    };
    let counts: Vec<usize> = tiers(&toads, &family)
        .iter()
        .map(|(_, p)| p.len())
        .collect();
    assert_eq!(counts, [3, 9, 27, 81]);
}

#[test]
fn a_census_takes_each_heap_position_once_sorted_where_order_does_not_matter() {
    // Nim's three heaps: tier n the multisets whose largest is n.
    let nim = lowered("game nim { heaps *; take 1.. }\n", "nim");
    let family = CensusFamily::Upto {
        upto: 5,
        heaps: Some(3),
    };
    for (n, positions) in tiers(&nim, &family) {
        let plain: Vec<String> = (0..=n)
            .flat_map(|a| (a..=n).map(move |b| format!("({a}, {b}, {n})")))
            .collect();
        assert_eq!(positions, plain, "largest heap {n}");
    }
    // A game whose heaps are named by place keeps them in order, and one
    // with an invariant only the positions that keep it.
    let text =
        "game ordered { heaps 2; move down { choose k in 1..h[1]; h[1] -= k; h[2] += k } }\n";
    let ordered = lowered(text, "ordered");
    let family = CensusFamily::Upto {
        upto: 3,
        heaps: None,
    };
    for (n, positions) in tiers(&ordered, &family) {
        let plain: Vec<String> = (0..=n)
            .flat_map(|a| (0..=n).map(move |b| (a, b)))
            .filter(|&(a, b)| a.max(b) == n)
            .map(|(a, b)| format!("({a}, {b})"))
            .collect();
        assert_eq!(positions, plain, "largest heap {n}");
    }
    let text = "game even { heaps 2 where h[1] + h[2] is even; take 2 }\n";
    let even = lowered(text, "even");
    for (n, positions) in tiers(&even, &family) {
        for position in &positions {
            let (a, b) = position
                .trim_matches(|c| c == '(' || c == ')')
                .split_once(", ")
                .expect("two heaps");
            let (a, b): (u64, u64) = (a.parse().expect("a"), b.parse().expect("b"));
            assert!((a + b) % 2 == 0 && a.max(b) == n, "{position}");
        }
    }
}

/// A census row's facts are made alone, not through the whole answer's
/// JSON: they equal what `json` writes under their names, on the answers
/// of every kind of game (impartial, partizan, loopy, misère, scoring).
#[test]
fn a_census_row_writes_the_facts_the_answer_s_json_writes() {
    let files = [
        (
            "domineering.game",
            include_str!("../../games/domineering.game"),
        ),
        ("nim.game", include_str!("../../games/nim.game")),
        (
            "loopy_tokens.game",
            include_str!("../../games/loopy_tokens.game"),
        ),
        (
            "misere_kayles.game",
            include_str!("../../games/misere_kayles.game"),
        ),
        (
            "coins_in_a_row.game",
            include_str!("../../games/coins_in_a_row.game"),
        ),
        (
            "hackenbush_tree.game",
            include_str!("../../games/hackenbush_tree.game"),
        ),
        ("snort.game", include_str!("../../games/snort.game")),
    ];
    let mut rows = 0;
    for (name, text) in files {
        let program = load_text(name, text, &[]);
        let mut analyzer = Analyzer::default();
        for question in &program.questions {
            let answer = analyzer.analyze(question).expect("answered");
            let json = gamelang::report::json(&answer, &|_| None);
            let row = gamelang::census_row("here", 3, &answer);
            assert_eq!(row["position"], "here");
            assert_eq!(row["size"], 3);
            for key in gamelang::CENSUS_FACTS {
                let written = json.get(key).cloned().unwrap_or_default();
                assert_eq!(row[key], written, "{name}: {key} of {question:?}");
            }
            rows += 1;
        }
    }
    assert!(rows > 20, "{rows} answers");
}

/// Analyzers valuing a census side by side (its threads, its ranks) teach
/// each other what they valued (`learned`, `learn`, through the words
/// ranks send): one taught every shape of 1 to 5 cells by another values
/// each shape of 6 cells without searching any other position — every
/// region a move leaves is one it was taught, keyed as it was taught — and
/// answers each as an analyzer valuing it alone does.
#[test]
fn an_analyzer_taught_the_smaller_shapes_searches_only_the_shape_asked() {
    let text = include_str!("../../games/domineering.game");
    let rules = &text[..text.find("\nanalyze").expect("the file's questions")];
    let game = lowered(rules, "domineering");
    let tiers = tiers(&game, &CensusFamily::Cells(1, 6));
    let smaller: Vec<String> = (tiers.iter())
        .filter(|(size, _)| *size <= 5)
        .flat_map(|(_, shapes)| shapes.clone())
        .collect();
    // The free polyominoes of 1 to 5 cells (OEIS A000105), and of 6.
    assert_eq!(smaller.len(), 1 + 1 + 2 + 5 + 12);
    let six = &tiers[5].1;
    assert_eq!(six.len(), 35);
    // One program asks them all: a game is the same game (and searches
    // learn only their own game's regions) where it is of the same text.
    let asked: String = (smaller.iter().chain(six))
        .map(|shape| format!("analyze domineering at \"{shape}\"\n"))
        .collect();
    let program = load_text("domineering.game", &format!("{rules}\n{asked}"), &[]);
    let (smaller_asked, six_asked) = program.questions.split_at(smaller.len());
    let mut teacher = Analyzer::learning(gamelang::Options::default());
    for question in smaller_asked {
        teacher.analyze(question).expect("answered");
    }
    let learned = teacher.learned();
    // Every shape but the one cell, where no one moves: no region (worth
    // 0, never searched).
    assert_eq!(smaller[0], ".");
    assert_eq!(learned.len(), smaller.len() - 1);
    assert!(teacher.learned().is_empty(), "taken once");
    let words = learned.words();
    let (learned, rest) = gamelang::Learned::from_words(&words).expect("read back");
    assert!(rest.is_empty());

    let json = |answer: &gamelang::Answer| gamelang::report::json(answer, &|_| None);
    let held = |json: &serde_json::Value| json["method"]["positions"].as_u64();
    let mut pupil = Analyzer::learning(gamelang::Options::default());
    // The game met first (an analyzer learns only of the games it has
    // met), by the one cell.
    pupil.analyze(&smaller_asked[0]).expect("answered");
    pupil.learn(&learned);
    for (i, question) in six_asked.iter().enumerate() {
        let taught = json(&pupil.analyze(question).expect("answered"));
        assert_eq!(
            held(&taught),
            Some((learned.len() + i + 1) as u64),
            "{}",
            six[i]
        );
        let mut plain = Analyzer::default();
        let mut alone = json(&plain.analyze(question).expect("answered"));
        // (An analyzer not made `learning` keeps nothing to teach.)
        assert!(plain.learned().is_empty());
        alone["method"] = taught["method"].clone();
        assert_eq!(taught, alone, "{}", six[i]);
    }
    // A search learns while half its limit of positions is left to it.
    let mut small = gamelang::Options::default();
    small.search.max_positions = 8;
    let mut pupil = Analyzer::learning(small);
    pupil.analyze(&smaller_asked[0]).expect("answered");
    pupil.learn(&learned);
    let last = smaller_asked.last().expect("a shape of 5 cells");
    let answer = pupil.analyze(last).expect("answered");
    assert!(
        held(&json(&answer)).is_some_and(|held| held <= 8),
        "{:?}",
        held(&json(&answer))
    );
    // Taught the shapes of 6 cells alone, not the regions their moves
    // leave: those are searched, and each shape's moves are the plain
    // analyzer's.
    let mut pupil = Analyzer::learning(gamelang::Options::default());
    pupil.analyze(&smaller_asked[0]).expect("answered");
    let mut teacher = Analyzer::learning(gamelang::Options::default());
    for question in six_asked {
        teacher.analyze(question).expect("answered");
    }
    pupil.learn(&teacher.learned());
    for (i, question) in six_asked.iter().enumerate() {
        let mut taught = json(&pupil.analyze(question).expect("answered"));
        taught["method"] = serde_json::Value::Null;
        let mut alone = json(&Analyzer::default().analyze(question).expect("answered"));
        alone["method"] = serde_json::Value::Null;
        assert_eq!(taught, alone, "{}", six[i]);
    }
}
