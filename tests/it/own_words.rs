//! Positions and moves in a game's own words: a position of named parts
//! shown and written by their names, a move block's `says`, tokens by their
//! vertices; and no answer about a game whose positions are not heaps
//! calls them heaps.

use gamelang::analysis::Analyzer;
use gamelang::report;

use super::common::load_text;

const FIB: &str = "game fib {
    position (stones, limit)
    move take {
        choose k in 1..min(stones, limit)
        stones -= k
        limit = 2 * k
        says \"take {k}, leaving {stones}\"
    }
}
analyze fib at (stones = 20, limit = 19)
analyze fib at (limit = 19, stones = 20)
analyze fib at (20, 19)
";

#[test]
fn a_position_of_named_parts_is_written_and_shown_by_their_names() {
    let program = load_text("fib.game", FIB, &[]);
    let heaps: Vec<_> = (program.questions.iter())
        .map(|q| q.components[0].position.clone())
        .collect();
    // In any order, by names or by place: the same position.
    assert_eq!(heaps[0], heaps[1]);
    assert_eq!(heaps[0], heaps[2]);
    let answer = Analyzer::default()
        .analyze(&program.questions[0])
        .expect("an answer");
    let text = report::text(&answer, &|_| None);
    assert!(
        text.starts_with("fib at (stones = 20, limit = 19)\n"),
        "{text}"
    );
    // Fibonacci Nim: 20 = 13 + 5 + 2 (Zeckendorf), the winning move takes
    // the smallest term, 2 (Whinihan 1963); the block's own words tell it.
    assert!(
        text.contains("    take 2, leaving 18 → (stones = 18, limit = 4)   [take]"),
        "{text}"
    );
    assert!(!text.contains("heap"), "{text}");
}

#[test]
fn a_says_tells_every_move_in_answers_and_graphs() {
    let program = load_text("fib.game", FIB, &[]);
    let mut analyzer = Analyzer::default();
    let instance = &program.questions[0].components[0];
    let graph = analyzer.graph(instance).expect("a small graph");
    let json = report::graph_json(&instance.game, &graph);
    // Each edge's words are the block's, its numbers the move's: `take k,
    // leaving s` goes from (stones, _) to (s, 2k) with s = stones - k.
    let edges = json["edges"].as_array().expect("edges");
    assert!(!edges.is_empty());
    let nodes = json["nodes"].as_array().expect("nodes");
    for edge in edges {
        let text = edge["text"].as_str().expect("words");
        let (k, left) = text
            .strip_prefix("take ")
            .and_then(|t| t.split_once(", leaving "))
            .unwrap_or_else(|| panic!("{text}"));
        let to = nodes[edge["to"].as_u64().expect("an id") as usize]["position"]
            .as_str()
            .expect("a position");
        let k: u64 = k.parse().expect("a number");
        assert_eq!(
            to,
            format!("(stones = {left}, limit = {})", 2 * k),
            "{text}"
        );
    }
}

#[test]
fn part_names_that_are_not_the_games_are_errors() {
    let cases = [
        ("(stone = 20, limit = 19)", "`fib` has no part `stone`"),
        (
            "(stones = 20, stones = 19)",
            "the part `stones` is given twice",
        ),
        (
            "(stones = 20)",
            "a position of `fib` gives each of its parts",
        ),
    ];
    for (position, message) in cases {
        let text = format!(
            "{}\nanalyze fib at {position}\n",
            FIB.lines().take(9).collect::<Vec<_>>().join("\n")
        );
        let source = gamelang::source::Source::new("fib.game", text.as_str());
        let errors = gamelang::driver::load(&source, &[] as &[&str]).expect_err("an error");
        let said: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(said.iter().any(|e| e == message), "{position}: {said:?}");
        assert!(
            errors.iter().all(|e| miette::Diagnostic::code(e)
                .is_some_and(|c| c.to_string() == "gamelang::check::part_names")),
            "{position}: {said:?}"
        );
    }
    let nim = "game nim { heaps *; take 1.. }\nanalyze nim at (a = 1, b = 2)\n";
    let source = gamelang::source::Source::new("nim.game", nim);
    let errors = gamelang::driver::load(&source, &[] as &[&str]).expect_err("an error");
    assert_eq!(
        errors[0].to_string(),
        "the positions of `nim` have no named parts"
    );
}

#[test]
fn a_says_stands_once_in_the_block_itself() {
    for (text, count) in [
        (
            "game g { heaps 1\n move m { choose k in 1..h[1]; if k > 1 { says \"x\" }; h[1] -= k } }",
            1,
        ),
        (
            "game g { heaps 1\n move m { choose k in 1..h[1]; says \"a\"; says \"b {k}\"; h[1] -= k } }",
            1,
        ),
        (
            "game g { heaps 1\n move m { h[1] -= 1 }\n win when { says \"x\"; require h[1] == 0 } }",
            1,
        ),
    ] {
        let source = gamelang::source::Source::new("g.game", text);
        let errors = gamelang::driver::load(&source, &[] as &[&str]).expect_err("an error");
        let says: Vec<_> = (errors.iter())
            .filter(|e| {
                miette::Diagnostic::code(*e)
                    .is_some_and(|c| c.to_string() == "gamelang::check::says")
            })
            .collect();
        assert_eq!(says.len(), count, "{text}: {errors:?}");
    }
}

#[test]
fn a_token_is_told_by_its_vertex_and_its_search_by_vertices() {
    let program = load_text("tokens.game", &text_at("(1, 3)"), &[]);
    let answer = Analyzer::default()
        .analyze(&program.questions[0])
        .expect("an answer");
    let text = report::text(&answer, &|_| None);
    // A path: vertex v has value v mod 2; 1 xor 1 = 0 — P. From (1, 3)
    // no winning move: ask (2, 3) instead.
    assert!(text.contains("outcome: P"), "{text}");
    assert!(!text.contains("heap"), "{text}");
    let program = load_text("tokens.game", &text_at("(2, 3)"), &[]);
    let answer = Analyzer::default()
        .analyze(&program.questions[0])
        .expect("an answer");
    let text = report::text(&answer, &|_| None);
    assert!(text.contains("slide a token from "), "{text}");
    assert!(!text.contains("heap"), "{text}");
}

/// A path 3 → 2 → 1 → 0, tokens at `position`.
fn text_at(position: &str) -> String {
    format!(
        "game tokens(G = graph {{ 1 -> 0, 2 -> 1, 3 -> 2 }}) {{ slide along G }}\nanalyze tokens at {position}\n"
    )
}

#[test]
fn a_table_of_named_parts_names_its_axes_and_slices_by_them() {
    let program = load_text(
        "xyz.game",
        "game g { position (x, y, z); move m { choose k in 1..x; x -= k } }\n",
        &[],
    );
    let game = program.games[0].default.clone().expect("the game lowers");
    let table = Analyzer::default()
        .table(&game, &1u64.into(), None, &mut |_| {})
        .expect("a table");
    let text = report::table_text(&table);
    assert!(
        text.starts_with("g: positions (x, y, z), each 0..1, a grid (y, z)"),
        "{text}"
    );
    assert!(
        text.contains("\n(1, y, z):\n") && text.contains("y\\z"),
        "{text}"
    );
    let picture = report::table_svg(&table);
    for caption in [
        ">(0, y, z)</text>",
        ">(1, y, z)</text>",
        ">z</text>",
        ">y</text>",
    ] {
        assert!(picture.contains(caption), "{caption}: {picture}");
    }
    assert!(
        !text.contains("heap") && !picture.contains("heap"),
        "{text}"
    );
}
