//! Games that can go on forever: outcomes (P, N, D) against a retrograde
//! analysis written here, generalised Sprague-Grundy values against their
//! definition (Smith, 1966), and sums against a retrograde analysis of the
//! whole sum.

use std::collections::HashMap;

use gamelang::analysis::{Analyzer, Answer, Gamma, Grundy, Outcome};

use super::common::load;

/// A finite game as arrows between numbered positions.
type Arrows = Vec<Vec<usize>>;

/// games/token_slide.game's arrows, on vertices 0 to 5.
fn token_slide() -> Arrows {
    vec![vec![], vec![0], vec![1, 3], vec![2], vec![3, 5], vec![0]]
}

/// One heap: take 1, or from 2 go up to 3 (tests/it/play.rs draws its graph).
fn up_from_two() -> Arrows {
    vec![vec![], vec![0], vec![1, 3], vec![2]]
}

/// One row of games/northcott_retreats.game (w = 4): close the gap to any
/// smaller one, or widen a gap of 1 to 3 by one.
fn northcott_row() -> Arrows {
    (0..=4)
        .map(|g| {
            let mut to: Vec<usize> = (0..g).collect();
            if (1..4).contains(&g) {
                to.push(g + 1);
            }
            to
        })
        .collect()
}

/// The games of `games/NAME.game`, without its `analyze` statements.
fn definitions(name: &str) -> String {
    let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the example exists");
    (text.lines())
        .take_while(|l| !l.starts_with("analyze"))
        .map(|l| format!("{l}\n"))
        .collect()
}

const UP_FROM_TWO: &str =
    "game up_from_two {\n heaps 1\n take 1\n move up {\n require h[1] == 2\n h[1] += 1\n }\n}\n";

/// Retrograde analysis of a graph given by its moves: P, N or D for each
/// vertex. Written on its own: a plain fixpoint, no queue.
fn retrograde(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let mut outcome = vec![Outcome::D; moves.len()];
    loop {
        let mut changed = false;
        for u in 0..moves.len() {
            if outcome[u] != Outcome::D {
                continue;
            }
            if moves[u].iter().any(|&v| outcome[v] == Outcome::P) {
                outcome[u] = Outcome::N;
                changed = true;
            } else if moves[u].iter().all(|&v| outcome[v] == Outcome::N) {
                outcome[u] = Outcome::P;
                changed = true;
            }
        }
        if !changed {
            return outcome;
        }
    }
}

/// The product of games: the moves of a sum of positions, one a component.
fn sum_graph(games: &[&Arrows]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let mut places: Vec<Vec<usize>> = vec![vec![]];
    for g in games {
        places = places
            .into_iter()
            .flat_map(|p| {
                (0..g.len()).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    let index: HashMap<Vec<usize>, usize> = places
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), i))
        .collect();
    let moves = places
        .iter()
        .map(|p| {
            let mut to = Vec::new();
            for (c, g) in games.iter().enumerate() {
                for &v in &g[p[c]] {
                    let mut q = p.clone();
                    q[c] = v;
                    to.push(index[&q]);
                }
            }
            to
        })
        .collect();
    (places, moves)
}

fn analyzed(file_text: &str) -> Vec<Answer> {
    let program = super::common::load_text("loopy.game", file_text, &[]);
    let mut analyzer = Analyzer::default();
    program
        .questions
        .iter()
        .map(|a| analyzer.analyze(a).expect("answered"))
        .collect()
}

fn gamma_of(answer: &Answer) -> Gamma {
    match &answer.grundy {
        Grundy::Loopy(g) => g.clone(),
        Grundy::Value(v) => Gamma::Finite(v.try_into().expect("small")),
        other => panic!("no value: {other:?}"),
    }
}

/// Checks Smith's definition on a whole graph: a finite value m has no
/// move to m, a move to each smaller value, and every move to a larger or
/// infinite value can be answered by a move to m; an infinite value's set
/// is the finite values of its moves, and it has no such m.
fn check_definition(moves: &Arrows, gamma: &[Gamma]) {
    let finite = |g: &Gamma| match g {
        Gamma::Finite(m) => Some(*m),
        Gamma::Infinite(_) => None,
    };
    let fits = |u: usize, m: u32| {
        let to = &moves[u];
        !to.iter().any(|&v| finite(&gamma[v]) == Some(m))
            && (0..m).all(|j| to.iter().any(|&v| finite(&gamma[v]) == Some(j)))
            && to.iter().all(|&v| match finite(&gamma[v]) {
                Some(x) if x < m => true,
                _ => moves[v].iter().any(|&w| finite(&gamma[w]) == Some(m)),
            })
    };
    for (u, g) in gamma.iter().enumerate() {
        match g {
            Gamma::Finite(m) => assert!(fits(u, *m), "vertex {u} cannot have value {m}"),
            Gamma::Infinite(k) => {
                let mut reached: Vec<u32> =
                    moves[u].iter().filter_map(|&v| finite(&gamma[v])).collect();
                reached.sort_unstable();
                reached.dedup();
                assert_eq!(k, &reached, "vertex {u}'s set");
                let top = moves[u].len() as u32 + 1;
                assert!((0..=top).all(|m| !fits(u, m)), "vertex {u} could be finite");
            }
        }
        // The value says who wins, as the retrograde analysis does.
        assert_eq!(g.outcome(), retrograde(moves)[u], "vertex {u}");
    }
}

/// Each vertex of a game analysed, `at[v]` its position: outcome and value.
fn each_vertex(file_text: &str, game: &str, arrows: &Arrows, at: &[String]) -> Vec<Gamma> {
    let statements: String = at
        .iter()
        .map(|p| format!("analyze {game} at {p}\n"))
        .collect();
    let answers = analyzed(&format!("{file_text}{statements}"));
    let expected = retrograde(arrows);
    for (v, answer) in answers.iter().enumerate() {
        assert_eq!(answer.outcome, expected[v], "{game} at {v}");
    }
    answers.iter().map(gamma_of).collect()
}

#[test]
fn three_loopy_games_have_p_n_and_d_as_a_retrograde_analysis_says() {
    let (slide, northcott) = (
        definitions("token_slide"),
        definitions("northcott_retreats"),
    );
    let heaps = |arrows: &Arrows| (0..arrows.len()).map(|v| v.to_string()).collect::<Vec<_>>();
    // Northcott's game on two rows: a sum of two rows.
    let row = northcott_row();
    let (places, two_rows) = sum_graph(&[&row, &row]);
    let pairs: Vec<String> = places
        .iter()
        .map(|p| format!("({}, {})", p[0], p[1]))
        .collect();
    for (text, game, arrows, at) in [
        (
            slide.as_str(),
            "token_slide",
            token_slide(),
            heaps(&token_slide()),
        ),
        (
            UP_FROM_TWO,
            "up_from_two",
            up_from_two(),
            heaps(&up_from_two()),
        ),
        (northcott.as_str(), "northcott_retreats", two_rows, pairs),
    ] {
        let outcomes = retrograde(&arrows);
        for o in [Outcome::P, Outcome::N, Outcome::D] {
            assert!(outcomes.contains(&o), "{game} has no {o:?}");
        }
        let gamma = each_vertex(text, game, &arrows, &at);
        check_definition(&arrows, &gamma);
    }
}

#[test]
fn sums_of_two_and_three_loopy_games_agree_with_the_whole_sum() {
    let text = format!("{}{UP_FROM_TWO}", definitions("token_slide"));
    let (slide, up) = (token_slide(), up_from_two());
    for games in [
        vec![("token_slide", &slide), ("up_from_two", &up)],
        vec![
            ("token_slide", &slide),
            ("up_from_two", &up),
            ("token_slide", &slide),
        ],
    ] {
        let arrows: Vec<&Arrows> = games.iter().map(|(_, a)| *a).collect();
        let (places, moves) = sum_graph(&arrows);
        let expected = retrograde(&moves);
        let statements: String = places
            .iter()
            .map(|p| {
                let parts: Vec<String> = p
                    .iter()
                    .zip(&games)
                    .map(|(v, (g, _))| format!("{g} at {v}"))
                    .collect();
                format!("analyze {}\n", parts.join(" + "))
            })
            .collect();
        let answers = analyzed(&format!("{text}{statements}"));
        for ((place, answer), want) in places.iter().zip(&answers).zip(&expected) {
            assert_eq!(answer.outcome, *want, "{place:?}");
            // From N a winning move, from D a drawing move, listed.
            match want {
                Outcome::N => assert!(!answer.winning_moves.is_empty(), "{place:?}"),
                Outcome::D => assert!(!answer.drawing_moves.is_empty(), "{place:?}"),
                Outcome::P => assert!(answer.winning_moves.is_empty()),
                Outcome::L | Outcome::R => unreachable!("an impartial game's outcome"),
            }
        }
    }
}

#[test]
fn the_loopy_examples_say_how_they_were_answered() {
    let program = load("token_slide", &[]);
    let mut analyzer = Analyzer::default();
    let answers: Vec<Answer> = program
        .questions
        .iter()
        .map(|a| analyzer.analyze(a).expect("answered"))
        .collect();
    let last = answers.last().expect("three statements");
    assert_eq!(last.outcome, Outcome::D);
    assert_eq!(last.grundy, Grundy::Loopy(Gamma::Infinite(vec![1])));
    let text = gamelang::report::text(last, &|_| None);
    assert!(text.contains("loopy (play can go on forever)"), "{text}");
    assert!(text.contains("drawing moves: 1"), "{text}");
}

#[test]
fn a_loopy_sum_with_a_huge_closed_form_component_lists_only_the_loopy_moves() {
    // Kayles at 2^64 - 1 is answered by its period; its moves (2^63 splits)
    // are not listed, and the answer says so.
    let text = format!(
        "{UP_FROM_TWO}game k {{ heaps *; octal 0.77 }}\nanalyze up_from_two at 3 + k at 18446744073709551615\n"
    );
    let answer = &analyzed(&text)[0];
    assert_eq!(answer.outcome, Outcome::D);
    assert!(!answer.drawing_moves.is_empty());
    assert!(answer.drawing_moves.iter().all(|m| m.component == 0));
    assert!(
        answer
            .notes
            .iter()
            .any(|n| matches!(n, gamelang::analysis::Note::MovesNotListed { component: 1 }))
    );
}
