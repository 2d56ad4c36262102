//! Graphs as data (`G = graph { 1 -> 0, 2 -- 3 }`) and tokens sliding on
//! them (`slide along G`): every vertex, and every pair of tokens, of random
//! graphs with cycles against a retrograde analysis written here.

use gamelang::analysis::{Analyzer, Outcome};

use super::asked::analysis;
use super::common::load_text;

/// A linear congruential generator: the same graphs every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Who wins from each position of a graph of `n` positions whose moves
/// `moves` gives, by retrograde analysis: a position with no move is P; one
/// with a move to P is N; one whose every move is to N is P; the rest are
/// draws.
fn retrograde(n: usize, moves: &dyn Fn(usize) -> Vec<usize>) -> Vec<Outcome> {
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if out[v].is_some() {
                continue;
            }
            let next = moves(v);
            if next.iter().any(|&w| out[w] == Some(Outcome::P)) {
                out[v] = Some(Outcome::N);
                changed = true;
            } else if next.iter().all(|&w| out[w] == Some(Outcome::N)) {
                out[v] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            return out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect();
        }
    }
}

#[test]
fn tokens_on_random_graphs_agree_with_a_retrograde_analysis() {
    let mut random = Random(28);
    for _ in 0..12 {
        let n = 7u64;
        let arcs: Vec<(u64, u64, bool)> = (0..10)
            .map(|_| (random.below(n), random.below(n), random.below(4) == 0))
            .collect();
        let written: Vec<String> = (arcs.iter())
            .map(|&(a, b, both)| format!("{a} {} {b}", if both { "--" } else { "->" }))
            .collect();
        let text = format!(
            "game tokens(G = graph {{ {} }}) {{\n    heaps 1\n    slide along G\n}}\n",
            written.join(", ")
        );
        let program = load_text("tokens.game", &text, &[]);
        let successors = |v: usize| -> Vec<usize> {
            let mut out = Vec::new();
            for &(a, b, both) in &arcs {
                if a as usize == v {
                    out.push(b as usize);
                }
                if both && b as usize == v {
                    out.push(a as usize);
                }
            }
            out
        };
        let one = retrograde(n as usize, &successors);
        let mut analyzer = Analyzer::default();
        for v in 0..n {
            let answer = analysis(&mut analyzer, &program, "tokens", &[v]).unwrap();
            assert_eq!(answer.outcome, one[v as usize], "{text} at {v}");
        }
        // Two tokens: a sum, answered from the generalised values (Smith),
        // against the retrograde analysis of pairs of vertices.
        let pairs = (n * n) as usize;
        let two = retrograde(pairs, &|p| {
            let (a, b) = (p / n as usize, p % n as usize);
            let mut out: Vec<usize> = successors(a).iter().map(|&w| w * n as usize + b).collect();
            out.extend(successors(b).iter().map(|&w| a * n as usize + w));
            out
        });
        let sum_text = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .map(|(a, b)| format!("analyze tokens at {a} + tokens at {b}\n"))
            .collect::<String>();
        let program = load_text("tokens.game", &format!("{text}{sum_text}"), &[]);
        for (i, question) in program.questions.iter().enumerate() {
            let answer = analyzer.analyze(question).unwrap();
            assert_eq!(answer.outcome, two[i], "{text} at pair {i}");
        }
        // The same two tokens as one position of `heaps *` (a token on
        // vertex 0 is no empty heap: it was once dropped as one), and with
        // the vertices named by words, `v0` to `v6`.
        let named: Vec<String> = (arcs.iter())
            .map(|&(a, b, both)| format!("v{a} {} v{b}", if both { "--" } else { "->" }))
            .collect();
        let both = format!(
            "game tokens(G = graph {{ {} }}) {{\n    heaps *\n    slide along G\n}}\n\
             game words(G = graph {{ {} }}) {{\n    heaps *\n    slide along G\n}}\n",
            written.join(", "),
            named.join(", ")
        );
        // A vertex no arc names is no vertex of the graph of words.
        let named_vertex = |v: u64| arcs.iter().any(|&(a, b, _)| a == v || b == v);
        let asked: Vec<(u64, u64)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
        let questions = (asked.iter())
            .map(|&(a, b)| match named_vertex(a) && named_vertex(b) {
                true => format!("analyze tokens at ({a}, {b})\nanalyze words at (v{a}, v{b})\n"),
                false => format!("analyze tokens at ({a}, {b})\n"),
            })
            .collect::<String>();
        let program = load_text("tokens.game", &format!("{both}{questions}"), &[]);
        let mut answers = program.questions.iter();
        for &(a, b) in &asked {
            let expected = two[(a * n + b) as usize];
            let times = if named_vertex(a) && named_vertex(b) {
                2
            } else {
                1
            };
            for _ in 0..times {
                let answer = analyzer.analyze(answers.next().unwrap()).unwrap();
                assert_eq!(answer.outcome, expected, "{both} at ({a}, {b})");
            }
        }
        assert!(answers.next().is_none());
    }
}

#[test]
fn a_graph_is_given_by_set_and_shown_in_the_title() {
    let text = "game tokens(G = graph { 1 -> 0 }) {\n    heaps 1\n    slide along G\n}\n";
    let program = load_text("tokens.game", text, &["G=graph { 2 -- 1, 1 -> 0 }"]);
    let mut analyzer = Analyzer::default();
    // 2 -- 1 -> 0: 2 moves to 1 only, 1 to 0 or 2.
    let answer = analysis(&mut analyzer, &program, "tokens", &[2]).unwrap();
    assert_eq!(answer.outcome, Outcome::P);
    assert_eq!(
        answer.components[0].game.title(),
        "tokens(G = graph { 2 -- 1, 1 -> 0 })"
    );
}

/// Several tokens on a graph without cycles, written as one tuple, are the
/// sum of one-token games (their moves are independent): the tuple is
/// searched token by token, not whole (four tokens on 300 vertices would be
/// 300^4 positions), and agrees with the mex over the graph computed here.
#[test]
fn tokens_written_as_one_tuple_are_a_sum_of_single_tokens() {
    // A graph without cycles: every arc to a smaller vertex, by a fixed
    // pseudo-random choice.
    let n = 300usize;
    let mut seed = 12345u64;
    let mut next = |below: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % below
    };
    let mut arcs: Vec<(usize, usize)> = Vec::new();
    for v in 1..n {
        for _ in 0..3 {
            arcs.push((v, next(v)));
        }
    }
    let mut g = vec![0u32; n];
    for v in 0..n {
        let seen: Vec<u32> = (arcs.iter()).filter(|a| a.0 == v).map(|a| g[a.1]).collect();
        g[v] = (0..).find(|x| !seen.contains(x)).unwrap_or(0);
    }
    let text: Vec<String> = arcs.iter().map(|(a, b)| format!("{a} -> {b}")).collect();
    let game = format!(
        "game tokens(G = graph {{ {} }}) {{ heaps *; slide along G }}\n",
        text.join(", ")
    );
    let program = load_text("tokens.game", &game, &[]);
    let mut analyzer = Analyzer::default();
    for at in [
        [299u64, 250, 201, 150],
        [299, 299, 17, 3],
        [120, 121, 122, 123],
    ] {
        let answer = analysis(&mut analyzer, &program, "tokens", &at).expect("answered");
        let expected = at.iter().fold(0, |x, &v| x ^ g[v as usize]);
        assert_eq!(answer.grundy.value(), Some(&expected.into()), "{at:?}");
        // Each winning move slides one token to a vertex that zeroes the sum.
        for m in &answer.winning_moves {
            let to = m.to.to_u64s().expect("small");
            let after = to.iter().fold(0, |x, &v| x ^ g[v as usize]);
            assert_eq!(after, 0, "{at:?} to {to:?}");
        }
    }
}
