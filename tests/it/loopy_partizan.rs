//! Partizan games that can go on forever: who wins with Left and with
//! Right moving first, against a retrograde analysis written here (a plain
//! least fixpoint over the tokens' arrows), on every game of a random
//! family — a token on a small digraph whose arrows are Left's, Right's or
//! both players' — alone and in sums of two.

use proptest::prelude::*;

use gamelang::analysis::{Analyzer, Answer, Outcome};
use gamelang::{Loopy, Side};

use super::common::load_text;

/// A token game: each arrow `(from, to, owner)`, the owner `Some(side)`
/// or `None` for both players.
type Arrows = Vec<(usize, usize, Option<Side>)>;

/// The game's source: a heap holding the vertex the token is on, a rule
/// an arrow.
fn source(name: &str, arrows: &Arrows) -> String {
    let mut text = format!("game {name} {{\n    heaps 1\n");
    for (i, &(from, to, owner)) in arrows.iter().enumerate() {
        let side = owner.map_or(String::new(), |s| format!("{} ", s.word()));
        text += &format!(
            "    {side}move a{i} {{\n        require h[1] == {from}\n        h[1] = {to}\n    }}\n"
        );
    }
    text + "}\n"
}

/// Who wins with `mover` to move at each vertex of the sum of `games`
/// (each a graph on `0..n`), the vertices of the sum every tuple: `Some`
/// winner, or `None` for a draw. Written on its own: the least fixpoint of
/// "the mover has a move to a place the other player, moving, loses", a
/// vertex with no move lost by its mover.
fn brute(games: &[(&Arrows, usize)]) -> Vec<(Vec<usize>, [Option<Side>; 2])> {
    let mut places = vec![vec![]];
    for &(_, n) in games {
        places = (places.into_iter())
            .flat_map(|p: Vec<usize>| {
                (0..n).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    let index = |p: &[usize]| places.iter().position(|q| q == p).expect("a place");
    let moves = |p: &[usize], mover: Side| -> Vec<usize> {
        let mut to = Vec::new();
        for (c, &(arrows, _)) in games.iter().enumerate() {
            for &(from, v, owner) in arrows {
                if from == p[c] && owner.is_none_or(|o| o == mover) {
                    let mut q = p.to_vec();
                    q[c] = v;
                    to.push(index(&q));
                }
            }
        }
        to
    };
    let sides = [Side::Left, Side::Right];
    let options: Vec<[Vec<usize>; 2]> = (places.iter())
        .map(|p| sides.map(|s| moves(p, s)))
        .collect();
    // wins[s][u]: the mover s, to move at u, wins; loses likewise.
    let mut wins = [vec![false; places.len()], vec![false; places.len()]];
    let mut loses = wins.clone();
    loop {
        let mut changed = false;
        for u in 0..places.len() {
            for s in 0..2 {
                let o = 1 - s;
                let win = options[u][s].iter().any(|&v| loses[o][v]);
                let lose = options[u][s].iter().all(|&v| wins[o][v]);
                if win && !wins[s][u] {
                    wins[s][u] = true;
                    changed = true;
                }
                if lose && !loses[s][u] {
                    loses[s][u] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let winner = |u: usize, s: usize| match (wins[s][u], loses[s][u]) {
        (true, _) => Some(sides[s]),
        (_, true) => Some(sides[1 - s]),
        _ => None,
    };
    (places.iter().enumerate())
        .map(|(u, p)| (p.clone(), [winner(u, 0), winner(u, 1)]))
        .collect()
}

/// Each `compare` answer's relation, as written (`>`, `=`, ...).
fn relations(answers: &[Answer]) -> Vec<Option<&'static str>> {
    (answers.iter())
        .map(|a| {
            a.compared
                .as_ref()
                .expect("compared")
                .relation
                .map(|r| r.symbol())
        })
        .collect()
}

fn analyzed(text: &str) -> Vec<Answer> {
    let program = load_text("loopy_partizan.game", text, &[]);
    let questions = gamelang::questions(&program, None, &[]).expect("questions");
    let mut analyzer = Analyzer::default();
    (questions.iter())
        .map(|q| analyzer.analyze(q).expect("an answer"))
        .collect()
}

/// The loopy part of an answer (every position of a token game with an
/// arrow back is answered as one, and so is every sum with it).
fn loopy(answer: &Answer) -> Option<&Loopy> {
    answer.loopy.as_deref()
}

/// A random token game on `n` vertices.
fn arrows(n: usize) -> impl Strategy<Value = Arrows> {
    let owner = prop_oneof![Just(Some(Side::Left)), Just(Some(Side::Right)), Just(None)];
    proptest::collection::vec((0..n, 0..n, owner), 0..=2 * n)
}

/// Checks each answer against the brute force: who wins with each player
/// first, and that the best moves listed are exactly the moves to where
/// the other player, then moving, loses (or, from a draw, draws).
fn check(answers: &[Answer], brute: &[(Vec<usize>, [Option<Side>; 2])], what: &str) {
    for (answer, (place, winners)) in answers.iter().zip(brute) {
        let said = match loopy(answer) {
            Some(l) => [l.left_first.winner, l.right_first.winner],
            // A sum with no cycle is short: its outcome class says it.
            None => match answer.outcome {
                Outcome::L => [Some(Side::Left); 2],
                Outcome::R => [Some(Side::Right); 2],
                Outcome::N => [Some(Side::Left), Some(Side::Right)],
                Outcome::P => [Some(Side::Right), Some(Side::Left)],
                Outcome::D => [None, None],
            },
        };
        assert_eq!(said, *winners, "{what} at {place:?}");
        if let Some(l) = loopy(answer) {
            assert_eq!(answer.outcome, l.outcome(), "{what} at {place:?}");
            let draws = winners.iter().any(Option::is_none);
            assert_eq!(answer.outcome == Outcome::D, draws, "{what} at {place:?}");
        }
    }
}

/// Checks a token game's best moves: from each vertex, with each player
/// first, the moves listed lead exactly to the vertices where the other
/// player, then moving, loses (where the mover wins) or draws (where it is
/// a draw); none where the mover loses.
fn check_moves(answers: &[Answer], brute: &[(Vec<usize>, [Option<Side>; 2])], arrows: &Arrows) {
    for (answer, (place, winners)) in answers.iter().zip(brute) {
        let Some(l) = loopy(answer) else { continue };
        for (s, (mover, start)) in [(Side::Left, &l.left_first), (Side::Right, &l.right_first)]
            .into_iter()
            .enumerate()
        {
            let other = 1 - s;
            let mut listed: Vec<u64> = (start.moves.iter())
                .map(|m| m.to.to_u64s().expect("small")[0])
                .collect();
            listed.sort_unstable();
            let mut best: Vec<u64> = (arrows.iter())
                .filter(|&&(from, _, owner)| from == place[0] && owner.is_none_or(|o| o == mover))
                .filter(|&&(_, to, _)| match winners[s] {
                    Some(w) if w == mover => brute[to].1[other] == Some(mover),
                    Some(_) => false,
                    None => brute[to].1[other].is_none(),
                })
                .map(|&(_, to, _)| to as u64)
                .collect();
            best.sort_unstable();
            assert_eq!(listed, best, "{} first at {place:?}", mover.name());
            assert_eq!(start.move_count, best.len().into());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every vertex of a random token game, alone.
    #[test]
    fn token_games_win_as_a_retrograde_analysis_says(n in 1usize..7, seed in arrows(7)) {
        let arrows: Arrows = (seed.into_iter()).filter(|&(a, b, _)| a < n && b < n).collect();
        let mut text = source("token", &arrows);
        for v in 0..n {
            text += &format!("analyze token at ({v})\n");
        }
        let answers = analyzed(&text);
        let brute = brute(&[(&arrows, n)]);
        check(&answers, &brute, "token");
        check_moves(&answers, &brute, &arrows);
    }

    /// Every pair of vertices of two random token games, as a sum.
    #[test]
    fn sums_of_two_token_games_win_as_their_whole_sum_says(
        n in 1usize..5,
        first in arrows(4),
        second in arrows(4),
    ) {
        let keep = |a: Arrows| -> Arrows { a.into_iter().filter(|&(a, b, _)| a < n && b < n).collect() };
        let (first, second) = (keep(first), keep(second));
        let mut text = source("first", &first) + &source("second", &second);
        for a in 0..n {
            for b in 0..n {
                text += &format!("analyze first at ({a}) + second at ({b})\n");
            }
        }
        check(&analyzed(&text), &brute(&[(&first, n), (&second, n)]), "first + second");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A sum of two token stoppers, each alone of at most 6 positions,
    /// where one search may hold no more than 8: the sums of more are
    /// answered from the sum of the games' simplest forms (Siegel, §VI.4:
    /// equal stoppers win alike in every sum with a stopper); every sum,
    /// whichever way, wins as the brute force of the whole sum says.
    #[test]
    fn sums_too_large_to_search_whole_win_as_their_values_say(
        first in arrows(6),
        second in arrows(6),
    ) {
        prop_assume!(graph_of(&first, 6, 0).is_stopper() && graph_of(&second, 6, 0).is_stopper());
        let mut text = source("first", &first) + &source("second", &second);
        for a in 0..6 {
            for b in 0..6 {
                text += &format!("analyze first at ({a}) + second at ({b})\n");
            }
        }
        let program = load_text("loopy_partizan.game", &text, &[]);
        let questions = gamelang::questions(&program, None, &[]).expect("questions");
        let mut options = gamelang::analysis::Options::default();
        options.search.max_positions = 8;
        let mut analyzer = Analyzer::new(options);
        let brute = brute(&[(&first, 6), (&second, 6)]);
        for (question, place) in questions.iter().zip(&brute) {
            // The sum of the values may itself pass the limit: refused.
            let Ok(answer) = analyzer.analyze(question) else { continue };
            check(std::slice::from_ref(&answer), std::slice::from_ref(place), "first + second");
            if answer.notes.contains(&gamelang::analysis::Note::LoopyByValues) {
                let l = loopy(&answer).expect("loopy");
                prop_assert!(l.left_first.moves.is_empty() && l.right_first.remoteness.is_none());
            }
        }
    }
}

#[test]
fn a_token_left_moves_up_and_right_moves_down_is_a_draw_but_at_the_ends() {
    // By hand: Left moves the token up (to at most 3), Right down (to at
    // least 0). Left, to move at 3, has no move and loses; Right, to move
    // at 0, likewise. Anywhere else whoever moves can always move, and
    // neither can bring the other to their end: a draw (play goes on
    // forever), with either player first.
    let text = "game token {\n position (n)\n left move up { require n < 3; becomes (n + 1) }\n right move down { require n > 0; becomes (n - 1) }\n}\nanalyze token at (0)\nanalyze token at (1)\nanalyze token at (3)\n";
    let answers = analyzed(text);
    let winners: Vec<[Option<Side>; 2]> = (answers.iter())
        .map(|a| {
            let l = loopy(a).expect("loopy");
            [l.left_first.winner, l.right_first.winner]
        })
        .collect();
    assert_eq!(
        winners,
        [
            [None, Some(Side::Left)],
            [None, None],
            [Some(Side::Right), None]
        ]
    );
    assert!(answers.iter().all(|a| a.outcome == Outcome::D));
    assert_eq!(loopy(&answers[1]).expect("loopy").stopper, Some(false));
}

#[test]
fn loopy_games_are_ordered_by_their_sides() {
    // games/loopy_tokens.game's `passes`: 0 on, 1 off, 2 dud, 3 over, 4 0,
    // 5 under. Siegel, *Combinatorial Game Theory*, §VI.4: over is
    // positive and below every positive number, on above everything;
    // G = G for a stopper G though G − G is a draw; dud is no stopper,
    // ordered by its sides.
    let text = std::fs::read_to_string(super::common::root().join("games/loopy_tokens.game"))
        .expect("the example exists");
    let games: String = text
        .lines()
        .take_while(|l| !l.starts_with("analyze"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut asked = String::new();
    for k in 0..8 {
        asked += &format!("compare passes at (3) to 1/{}\n", 1u64 << k);
    }
    asked += "compare passes at (3) to 0\ncompare passes at (0) to passes at (3)\ncompare passes at (0) to passes at (0)\ncompare passes at (5) to passes at (3)\ncompare passes at (1) to -8\ncompare passes at (2) to 0\n";
    let answers = analyzed(&format!("{games}\n{asked}"));
    let relations = relations(&answers);
    let mut expected = vec![Some("<"); 8];
    // dud = on & off is confused with 0: on > 0 but off < 0 (§VI.6).
    expected.extend([
        Some(">"),
        Some(">"),
        Some("="),
        Some("<"),
        Some("<"),
        Some("||"),
    ]);
    assert_eq!(relations, expected);
}

/// A token game's arrows as a stopper's graph on `0..n`, rooted at `root`.
fn graph_of(arrows: &Arrows, n: usize, root: usize) -> gamelang::Stopper {
    let mut stopper = gamelang::Stopper {
        left: vec![Vec::new(); n],
        right: vec![Vec::new(); n],
        root: root as u32,
    };
    for &(from, to, owner) in arrows {
        if owner != Some(Side::Right) {
            stopper.left[from].push(to as u32);
        }
        if owner != Some(Side::Left) {
            stopper.right[from].push(to as u32);
        }
    }
    stopper
}

/// A stopper's graph as arrows (each Left's or Right's).
fn arrows_of(stopper: &gamelang::Stopper) -> Arrows {
    let mut arrows = Vec::new();
    for (u, (l, r)) in stopper.left.iter().zip(&stopper.right).enumerate() {
        arrows.extend(l.iter().map(|&v| (u, v as usize, Some(Side::Left))));
        arrows.extend(r.iter().map(|&v| (u, v as usize, Some(Side::Right))));
    }
    arrows
}

/// The negative of a token game: each arrow's owner swapped.
fn negated(arrows: &Arrows) -> Arrows {
    (arrows.iter())
        .map(|&(a, b, owner)| (a, b, owner.map(Side::other)))
        .collect()
}

/// G ≥ H by the definition for stoppers (Siegel, *Combinatorial Game
/// Theory*, §VI.4): Left, moving second in G − H, does not lose — by the
/// brute force of the sum of G's arrows and H's negated.
fn at_least(g: (&Arrows, usize, usize), h: (&Arrows, usize, usize)) -> bool {
    let minus_h = negated(h.0);
    let places = brute(&[(g.0, g.1), (&minus_h, h.1)]);
    let (_, winners) = (places.iter())
        .find(|(p, _)| p == &[g.2, h.2])
        .expect("the pair is a place");
    winners[1] != Some(Side::Right)
}

/// Whether no alternating play from any vertex goes on for ever, by its
/// plain definition: from no (vertex, player to move) is there a walk of
/// 2n alternating moves (a longer one repeats a pair, so it can go on).
fn plainly_a_stopper(arrows: &Arrows, n: usize) -> bool {
    let moves = |v: usize, s: Side| -> Vec<usize> {
        (arrows.iter())
            .filter(|&&(a, _, o)| a == v && o.is_none_or(|o| o == s))
            .map(|&(_, b, _)| b)
            .collect()
    };
    // longest[s][v]: whether an alternating walk of `k` moves starts at v
    // with s to move, for k up to 2n.
    let mut walk = [vec![true; n], vec![true; n]];
    for _ in 0..=2 * n {
        let next = [Side::Left, Side::Right].map(|s| {
            (0..n)
                .map(|v| moves(v, s).iter().any(|&w| walk[1 - s.index()][w]))
                .collect::<Vec<bool>>()
        });
        walk = next;
    }
    walk.iter().all(|w| w.iter().all(|&b| !b))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On random token games that are stoppers: the order of every pair of
    /// vertices is the definition's, and each vertex's simplest form is
    /// equal to it by the definition, has no dominated or reversible
    /// option and no two equal positions, and is its own simplest form.
    #[test]
    fn stoppers_simplest_forms_hold_to_the_definitions(n in 1usize..7, seed in arrows(7)) {
        let arrows: Arrows = (seed.into_iter()).filter(|&(a, b, _)| a < n && b < n).collect();
        let graph = graph_of(&arrows, n, 0);
        prop_assert_eq!(graph.is_stopper(), plainly_a_stopper(&arrows, n));
        prop_assume!(graph.is_stopper());
        let order = graph.order().expect("small enough to order");
        for u in 0..n {
            for v in 0..n {
                prop_assert_eq!(order[u * n + v], at_least((&arrows, n, u), (&arrows, n, v)), "{} ≥ {}", u, v);
            }
        }
        for root in 0..n {
            let simplest = graph_of(&arrows, n, root).simplest().expect("small enough");
            let (s_arrows, m) = (arrows_of(&simplest), simplest.left.len());
            prop_assert!(simplest.is_stopper());
            prop_assert!(at_least((&arrows, n, root), (&s_arrows, m, 0)));
            prop_assert!(at_least((&s_arrows, m, 0), (&arrows, n, root)));
            let ge = |u: usize, v: usize| at_least((&s_arrows, m, u), (&s_arrows, m, v));
            for u in 0..m {
                for v in 0..m {
                    prop_assert!(u == v || !(ge(u, v) && ge(v, u)), "{} = {} in {:?}", u, v, simplest);
                }
                let (l, r) = (&simplest.left[u], &simplest.right[u]);
                for &a in l {
                    // Not dominated, not reversible.
                    prop_assert!(l.iter().all(|&b| b == a || !ge(b as usize, a as usize)));
                    prop_assert!(simplest.right[a as usize].iter().all(|&x| !ge(u, x as usize)), "{:?}", simplest);
                }
                for &a in r {
                    prop_assert!(r.iter().all(|&b| b == a || !ge(a as usize, b as usize)));
                    prop_assert!(simplest.left[a as usize].iter().all(|&x| !ge(x as usize, u)), "{:?}", simplest);
                }
            }
            prop_assert_eq!(simplest.simplest(), Some(simplest.clone()));
        }
    }
}

#[test]
fn siegels_loopy_stoppers_are_written_by_their_names() {
    // Siegel, *Combinatorial Game Theory*, §VI.1: on = {pass|},
    // off = {|pass}, over = {0|pass}, under = {pass|0}, upon = {pass|*};
    // 1 + over is {1|pass} (its Left option over is dominated by 1, and
    // its Right option is itself). As positions of one game, in that order.
    let text = "game loopy {\n position (n)\n left move pass { require n == 0 or n == 3 or n == 4; becomes (n) }\n right move pass { require n == 1 or n == 2 or n == 5; becomes (n) }\n left move zero { require n == 2; becomes (9) }\n right move zero { require n == 3; becomes (9) }\n right move star { require n == 4; becomes (8) }\n left move star { require n == 8; becomes (9) }\n right move star_zero { require n == 8; becomes (9) }\n left move one { require n == 5; becomes (6) }\n left move one_zero { require n == 6; becomes (9) }\n left move over { require n == 5; becomes (2) }\n}\n";
    let mut asked = String::from(text);
    for n in [0, 1, 2, 3, 4, 5] {
        asked += &format!("analyze loopy at ({n})\n");
    }
    let values: Vec<Option<String>> = (analyzed(&asked).iter())
        .map(|a| loopy(a).and_then(|l| l.value.clone()))
        .collect();
    let expected = ["on", "off", "over", "under", "upon", "{1|pass}"];
    assert_eq!(values, expected.map(|v| Some(v.to_string())));
}

/// Whether stoppers `a` and `b` are equal, by the definition (`at_least`
/// both ways, by the brute force).
fn equal(a: &gamelang::Stopper, b: &gamelang::Stopper) -> bool {
    let (a_arrows, b_arrows) = (arrows_of(a), arrows_of(b));
    let a = (&a_arrows, a.left.len(), a.root as usize);
    let b = (&b_arrows, b.left.len(), b.root as usize);
    at_least(a, b) && at_least(b, a)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A stopper's simplest form, written, reads back as a game equal to
    /// it, whose own simplest form is written the same.
    #[test]
    fn stoppers_written_read_back_as_equal_games(n in 1usize..7, seed in arrows(7)) {
        let arrows: Arrows = (seed.into_iter()).filter(|&(a, b, _)| a < n && b < n).collect();
        prop_assume!(graph_of(&arrows, n, 0).is_stopper());
        let mut forms = gamelang::Forms::new();
        for root in 0..n {
            let simplest = graph_of(&arrows, n, root).simplest().expect("small enough");
            let text = simplest.text_within(&mut forms, 1 << 16).expect("short enough");
            let written = gamelang::read_value(&text).expect("reads back");
            let read = gamelang::Stopper::written(&written, &mut forms).expect("builds");
            prop_assert!(equal(&simplest, &read), "{}", text);
            let again = read.simplest().expect("small enough").text_within(&mut forms, 1 << 16).expect("short enough");
            prop_assert_eq!(&again, &text);
        }
    }
}

#[test]
fn loopy_values_written_in_a_file_are_answered() {
    // Siegel, *Combinatorial Game Theory*, §VI: on + off is a draw
    // whoever starts (dud's outcome); over is positive, below every
    // positive number and above ^ (Winning Ways, ch. 11); {0|pass} is over.
    let text = "analyze over + *\nanalyze {0|pass}\nanalyze on + off\ncompare over to ^\ncompare over to 1/1024\ncompare {0|pass} to over\ncompare on to 1000\ncompare on + off to {pass|pass}\n";
    let answers = analyzed(text);
    let l = |i: usize| loopy(&answers[i]).expect("loopy");
    assert_eq!(l(1).value.as_deref(), Some("over"));
    // on + off = on & off = dud (Siegel, §VI.6: sides add, onsides by the
    // onsum, offsides by the offsum).
    assert_eq!(l(2).value.as_deref(), Some("on & off"));
    assert_eq!(l(2).stopper, Some(false));
    assert_eq!(
        (l(2).left_first.winner, l(2).right_first.winner),
        (None, None)
    );
    let relations = relations(&answers[3..]);
    assert_eq!(
        relations,
        [Some(">"), Some("<"), Some("="), Some(">"), Some("=")]
    );
}

/// Who wins a place of `brute`'s with each player first, infinite play
/// counted a win for `draws` (Left for an onside, Right for an offside).
fn sided(brute: &[(Vec<usize>, [Option<Side>; 2])], place: &[usize], draws: Side) -> [Side; 2] {
    let (_, winners) = (brute.iter()).find(|(p, _)| p == place).expect("a place");
    winners.map(|w| w.unwrap_or(draws))
}

/// Whether stopper `s` (a side of the token game `g`) plays as `g` does
/// beside the token stopper `x` (`m` vertices), infinite play won by
/// `draws`, at every vertex of `x`, by the brute force.
fn plays_as(
    (g, n, root): (&Arrows, usize, usize),
    s: &gamelang::Stopper,
    (x, m): (&Arrows, usize),
    draws: Side,
) -> bool {
    let with_x = brute(&[(g, n), (x, m)]);
    let (a, k) = (arrows_of(s), s.left.len());
    let side_with_x = brute(&[(&a, k), (x, m)]);
    (0..m).all(|at| {
        sided(&with_x, &[root, at], draws) == sided(&side_with_x, &[s.root as usize, at], draws)
    })
}

/// A random token game's arrows among its first `k` vertices.
fn kept(arrows: Arrows, k: usize) -> Arrows {
    (arrows.into_iter())
        .filter(|&(a, b, _)| a < k && b < k)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A loopy game's onside plays as the game does, infinite play won by
    /// Left, in a sum with any stopper; its offside likewise for Right
    /// (Siegel, *Combinatorial Game Theory*, §VI.6): on random token
    /// games, with random token stoppers beside them, by the brute force —
    /// the sides found by the order of sides and those found by sidling,
    /// each where it finds them.
    #[test]
    fn sides_play_as_their_game_beside_every_stopper(
        n in 1usize..5,
        seed in arrows(5),
        m in 1usize..4,
        beside in arrows(4),
    ) {
        let (g, x) = (kept(seed, n), kept(beside, m));
        prop_assume!(graph_of(&x, m, 0).is_stopper());
        for root in 0..n {
            let graph = graph_of(&g, n, root);
            for (by, sides) in [("order", graph.sides_by_order()), ("sidling", graph.sides_by_sidling()), ("either", graph.sides())] {
                let Some((onside, offside)) = sides else { continue };
                for (draws, side) in [(Side::Left, &onside), (Side::Right, &offside)] {
                    prop_assert!(side.is_stopper());
                    prop_assert!(
                        plays_as((&g, n, root), side, (&x, m), draws),
                        "{:?} side of {} by {}: {:?}", draws, root, by, side
                    );
                }
            }
        }
    }

    /// The order of sides (`side_at_least`), found from the games' own
    /// graphs: for two stoppers, each side's order is the order by
    /// survival, by the definition's brute force (Siegel, §VI.4); for a
    /// game that is no stopper, whose sides sidling finds (Conway, *On
    /// Numbers and Games*, ch. 16), its onside's order against a stopper
    /// is that side's order by survival, and so is its offside's.
    #[test]
    fn the_order_of_sides_is_each_sides_order_by_survival(
        n in 1usize..5,
        seed in arrows(5),
        m in 1usize..4,
        beside in arrows(4),
    ) {
        let (g, x) = (kept(seed, n), kept(beside, m));
        prop_assume!(graph_of(&x, m, 0).is_stopper());
        for root in 0..n {
            let graph = graph_of(&g, n, root);
            let sides = match graph.is_stopper() {
                true => Some((graph.clone(), graph.clone())),
                false => graph.sides_by_sidling(),
            };
            let Some((onside, offside)) = sides else { continue };
            for at in 0..m {
                let stopper = graph_of(&x, m, at);
                for (on, side) in [(true, &onside), (false, &offside)] {
                    let (a, k) = (arrows_of(side), side.left.len());
                    let (s, r) = ((&a, k, side.root as usize), (&x, m, at));
                    prop_assert_eq!(graph.side_at_least(&stopper, on), Some(at_least(s, r)));
                    prop_assert_eq!(stopper.side_at_least(&graph, on), Some(at_least(r, s)));
                }
            }
        }
    }
}

#[test]
fn sides_are_found_by_the_order_where_sidling_does_not_settle() {
    // Siegel, *Combinatorial Game Theory*, §VI.6: dud = {pass|pass} is
    // on & off; CGSuite's `a{{|a}|}` is 1 & 0 (SidedValueTestCase, below).
    let dud = gamelang::Stopper {
        left: vec![vec![0]],
        right: vec![vec![0]],
        root: 0,
    };
    let (on, off) = dud.sides_by_order().expect("dud's sides");
    let written = |text: &str| {
        let value = gamelang::read_value(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        gamelang::Stopper::written(&value, &mut gamelang::Forms::new()).expect("a graph")
    };
    let equal = |a: &gamelang::Stopper, b: &gamelang::Stopper| {
        a.at_least(b) == Some(true) && b.at_least(a) == Some(true)
    };
    assert!(equal(&on, &written("on")) && equal(&off, &written("off")));
    let carousel_free = gamelang::Stopper {
        left: vec![vec![1], vec![]],
        right: vec![vec![], vec![0]],
        root: 0,
    };
    let (on, off) = carousel_free.sides_by_order().expect("a{{|a}|}'s sides");
    assert!(equal(&on, &written("1")) && equal(&off, &written("0")));
    // Backsliding Toads and Frogs (Siegel, §VI.1): `TTT..FFF` is past
    // sidling, which does not settle on it within its nodes; the order
    // finds its sides, each playing as the game beside stoppers, by the
    // brute force.
    let (strip, positions) = backsliding_strip("TTT..FFF");
    assert!(positions > 128 && strip.sides_by_sidling().is_none());
    let (onside, offside) = strip.sides_by_order().expect("the strip's sides");
    let g = arrows_of(&strip);
    for beside in [
        "0", "*", "1", "-1", "on", "off", "over", "under", "^", "{1|-1}",
    ] {
        let x = written(beside);
        let a = arrows_of(&x);
        for (draws, side) in [(Side::Left, &onside), (Side::Right, &offside)] {
            assert!(
                plays_as((&g, positions, 0), side, (&a, x.left.len()), draws),
                "{draws:?} side beside {beside}"
            );
        }
    }
    // Its value is written by its sides; `TT..FF`'s sides are one stopper,
    // written once, as CGSuite writes a value whose sides are equal.
    let text = std::fs::read_to_string(
        super::common::root().join("games/backsliding_toads_and_frogs.game"),
    )
    .expect("the example exists");
    let games: String = (text.lines())
        .take_while(|l| !l.starts_with("analyze"))
        .collect::<Vec<_>>()
        .join("\n");
    let answers = analyzed(&format!(
        "{games}\nanalyze backsliding_toads_and_frogs at \"TTT..FFF\"\nanalyze backsliding_toads_and_frogs at \"TT..FF\"\n"
    ));
    let value = |a: &Answer| loopy(a).and_then(|l| l.value.clone()).expect("a value");
    let (on_text, off_text) = value(&answers[0])
        .split_once(" & ")
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .expect("two sides");
    assert!(equal(&written(&on_text), &onside) && equal(&written(&off_text), &offside));
    let (on, off) = backsliding_strip("TT..FF")
        .0
        .sides()
        .expect("TT..FF's sides");
    assert!(equal(&on, &off));
    assert!(equal(&written(&value(&answers[1])), &on));
}

/// A strip of Backsliding Toads and Frogs as a graph of its positions
/// (games/backsliding_toads_and_frogs.game's rules, written again here):
/// Left's toads `T` slide right into an empty cell, jump right over one
/// frog, or slide back left; Right's frogs `F` alike, the other way. The
/// graph, rooted at the strip (node 0), and how many positions it has.
fn backsliding_strip(start: &str) -> (gamelang::Stopper, usize) {
    let mut seen: Vec<Vec<u8>> = vec![start.as_bytes().to_vec()];
    let mut graph = gamelang::Stopper {
        left: Vec::new(),
        right: Vec::new(),
        root: 0,
    };
    let mut i = 0;
    while i < seen.len() {
        let cells = seen[i].clone();
        let mut sides = [Vec::new(), Vec::new()];
        for (side, (me, other, ahead)) in [(b'T', b'F', 1i64), (b'F', b'T', -1)]
            .into_iter()
            .enumerate()
        {
            for c in 0..cells.len() as i64 {
                if cells[c as usize] != me {
                    continue;
                }
                let at = |k: i64| {
                    (0..cells.len() as i64)
                        .contains(&k)
                        .then(|| cells[k as usize])
                };
                let mut to = Vec::new();
                for step in [ahead, -ahead] {
                    if at(c + step) == Some(b'.') {
                        to.push(c + step);
                    }
                }
                if at(c + ahead) == Some(other) && at(c + 2 * ahead) == Some(b'.') {
                    to.push(c + 2 * ahead);
                }
                for t in to {
                    let mut next = cells.clone();
                    next.swap(c as usize, t as usize);
                    let k = match seen.iter().position(|p| *p == next) {
                        Some(k) => k,
                        None => {
                            seen.push(next);
                            seen.len() - 1
                        }
                    };
                    sides[side].push(k as u32);
                }
            }
        }
        let [l, r] = sides;
        graph.left.push(l);
        graph.right.push(r);
        i += 1;
    }
    (graph, seen.len())
}

/// CGSuite's own tests of loopy games (aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/CanonicalStopperTestCase.scala`
/// and `SidedValueTestCase.scala`, read 2026-12-02): each input, the value
/// CGSuite gives it written in gamelang's notation (CGSuite's `3/2under`
/// is 3/2 + under, `v[on]` is −upon, `Tiny(on)` Tiny(on), `+-(5over)`
/// ±(5 + over)), and its outcome class.
const CGSUITE_STOPPERS: [(&str, &str, &str); 13] = [
    ("on", "on", "L"),
    ("off", "off", "R"),
    ("over", "over", "L"),
    ("{pass|3/2}", "3/2 + under", "L"),
    ("{-1/4+*|pass}", "-1/4 - upon", "R"),
    ("{0|||0||0|off}", "{0|Tiny(on)}", "L"),
    ("{on|0||0}", "Miny(on)", "R"),
    ("{0||0|under}", "Tiny(over)", "L"),
    ("+-{0|pass}", "+-over", "N"),
    ("+-{5|pass}", "+-(5 + over)", "N"),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}", "L"),
    (
        "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
        "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        "L",
    ),
    (
        "a{0|{0||||0,*2|||a|0||0}||0}",
        "a{0|{0||||0,*2|||a|0||0}||0}",
        "N",
    ),
];

/// The sided values of the same tests: input, onside & offside.
const CGSUITE_SIDED: [(&str, &str); 3] = [
    ("dud", "on & off"),
    ("a{{|a}|}", "1 & 0"),
    ("{0|{dud|},*}", "^ & v*"),
];

#[test]
fn cgsuites_published_loopy_values_match() {
    let mut text = String::new();
    for (input, value, _) in CGSUITE_STOPPERS {
        text += &format!("analyze {input}\ncompare {input} to {value}\n");
    }
    for (input, _) in CGSUITE_SIDED {
        text += &format!("analyze {input}\n");
    }
    let answers = analyzed(&text);
    for (i, (input, value, class)) in CGSUITE_STOPPERS.iter().enumerate() {
        let answer = &answers[2 * i];
        let l = loopy(answer).unwrap_or_else(|| panic!("{input} is answered as loopy"));
        assert_eq!(l.stopper, Some(true), "{input} is a stopper");
        assert_eq!(answer.outcome.letter(), *class, "{input}'s outcome");
        let relation = relations(&answers[2 * i + 1..2 * i + 2]);
        assert_eq!(relation, [Some("=")], "{input} = {value}");
    }
    let sided = &answers[2 * CGSUITE_STOPPERS.len()..];
    for ((input, sides), answer) in CGSUITE_SIDED.iter().zip(sided) {
        let l = loopy(answer).unwrap_or_else(|| panic!("{input} is answered as loopy"));
        assert_eq!(l.stopper, Some(false), "{input} is no stopper");
        assert_eq!(l.value.as_deref(), Some(*sides), "{input}'s sides");
    }
}
