//! Compounds other than the sum (`every`, `all`, `some`, `any`; Winning
//! Ways, ch. 9): each rule gamelang answers by — least remoteness (Smith
//! 1966), greatest suspense, "some component is N" — held against a search
//! of the whole compound written here, on every compound of two and three
//! small components (Nim heaps, subtraction games, Euclid's game), in
//! normal and misère play: the outcome, how many winning moves there are,
//! and that each one listed leaves a lost position.

use std::collections::HashMap;

use gamelang::analysis::{Analyzer, Answer, Compound, Number, Outcome};

use super::common::subtraction_moves;
use super::common::{compound_moves, load_text};

/// A game's moves by hand: the positions one move from a position reaches.
type Moves = fn(&[u64]) -> Vec<Vec<u64>>;

/// Compounds asked about: each component's game (an index into `smalls`)
/// and position.
type Combos = Vec<Vec<(usize, Vec<u64>)>>;

/// A small game: its name in the file, its text, and its moves by hand.
struct Small {
    name: &'static str,
    text: &'static str,
    positions: Vec<Vec<u64>>,
    moves: Moves,
}

fn nim(p: &[u64]) -> Vec<Vec<u64>> {
    (0..p[0]).map(|h| vec![h]).collect()
}

fn take_1_or_2(p: &[u64]) -> Vec<Vec<u64>> {
    subtraction_moves(p, &[1, 2])
}

fn take_1_or_3(p: &[u64]) -> Vec<Vec<u64>> {
    subtraction_moves(p, &[1, 3])
}

/// Euclid's game (games/euclid.game): take a positive multiple of the
/// smaller number from the larger, leaving it non-negative.
fn euclid(p: &[u64]) -> Vec<Vec<u64>> {
    let (a, b) = (p[0], p[1]);
    let mut out = Vec::new();
    if b > 0 && a >= b {
        out.extend((1..=a / b).map(|m| vec![a - m * b, b]));
    }
    if a > 0 && b > a {
        out.extend((1..=b / a).map(|m| vec![a, b - m * a]));
    }
    out
}

fn smalls() -> Vec<Small> {
    let ones = |top: u64| (0..=top).map(|h| vec![h]).collect::<Vec<_>>();
    vec![
        Small {
            name: "nim",
            text: "game nim { heaps 1; take 1.. }",
            positions: ones(4),
            moves: nim,
        },
        Small {
            name: "s12",
            text: "game s12 { heaps 1; take {1, 2} }",
            positions: ones(5),
            moves: take_1_or_2,
        },
        Small {
            name: "s13",
            text: "game s13 { heaps 1; take {1, 3} }",
            positions: ones(5),
            moves: take_1_or_3,
        },
        Small {
            name: "euclid",
            text: "game euclid {
    position (a, b)
    move from_a {
        require b > 0 and a >= b
        choose m in 1..a / b
        a -= m * b
    }
    move from_b {
        require a > 0 and b > a
        choose m in 1..b / a
        b -= m * a
    }
}",
            positions: vec![
                vec![3, 2],
                vec![4, 3],
                vec![5, 2],
                vec![2, 2],
                vec![0, 3],
                vec![5, 3],
            ],
            moves: euclid,
        },
    ]
}

/// The whole compound by the definition: who wins and how long its play
/// lasts (its remoteness and suspense as a game of its own), memoised on
/// the tuple of positions. `moves[c]` gives component c's moves.
struct Whole {
    kind: Compound,
    misere: bool,
    moves: Vec<Moves>,
    memo: HashMap<Vec<Vec<u64>>, Steps>,
}

/// Who wins a position, its remoteness and its suspense.
type Steps = (bool, u64, u64);

impl Whole {
    /// The whole compound of `kind` over `combo`'s games (indices into
    /// `games`), nothing yet known.
    fn of(kind: Compound, misere: bool, games: &[Small], combo: &[(usize, Vec<u64>)]) -> Whole {
        Whole {
            kind,
            misere,
            moves: combo.iter().map(|(g, _)| games[*g].moves).collect(),
            memo: HashMap::new(),
        }
    }

    /// Every move of the compound at `at`: each a tuple of positions after
    /// (an impartial component with no move is over).
    fn successors(&self, at: &[Vec<u64>]) -> Vec<Vec<Vec<u64>>> {
        let each: Vec<Vec<Vec<u64>>> = (at.iter().zip(&self.moves)).map(|(p, m)| m(p)).collect();
        compound_moves(self.kind, at, &each, |c| each[c].is_empty())
    }

    fn wins(&mut self, at: &[Vec<u64>]) -> bool {
        self.steps(at).0
    }

    /// Who wins at `at`, with the whole compound's remoteness and suspense
    /// by their definitions (Winning Ways, ch. 9): 0 at an end; with a move
    /// to a lost position, one more than the least remoteness and the
    /// greatest suspense of those; else one more than the greatest
    /// remoteness and the least suspense of all.
    fn steps(&mut self, at: &[Vec<u64>]) -> Steps {
        if let Some(&s) = self.memo.get(at) {
            return s;
        }
        let after: Vec<Steps> = (self.successors(at).iter())
            .map(|t| self.steps(t))
            .collect();
        let lost = after.iter().filter(|a| !a.0);
        let steps = match (lost.clone().map(|a| a.1).min(), lost.map(|a| a.2).max()) {
            (Some(r), Some(s)) => (true, r + 1, s + 1),
            _ => match (
                after.iter().map(|a| a.1).max(),
                after.iter().map(|a| a.2).min(),
            ) {
                (Some(r), Some(s)) => (false, r + 1, s + 1),
                _ => (self.misere, 0, 0),
            },
        };
        self.memo.insert(at.to_vec(), steps);
        steps
    }
}

fn text(p: &[u64]) -> String {
    match p {
        [one] => one.to_string(),
        _ => format!(
            "({})",
            p.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A small game's text, played misère where `misere` says.
fn game_text(game: &Small, misere: bool) -> String {
    let play = if misere { "; play misere }" } else { " }" };
    let t = game.text.trim_end();
    format!("{}{}\n", &t[..t.len() - 1].trim_end(), play)
}

/// The `analyze` statement of the compound of `kind` over `combo`.
fn statement(kind: Compound, games: &[Small], combo: &[(usize, Vec<u64>)]) -> String {
    let parts: Vec<String> = (combo.iter())
        .map(|(g, p)| format!("{} at {}", games[*g].name, text(p)))
        .collect();
    format!("analyze {} {}\n", kind.word(), parts.join(" + "))
}

/// Runs every compound of `kind` over `combos` (each a list of (game,
/// position)) and holds each answer against the whole compound.
fn hold(kind: Compound, misere: bool, combos: &Combos) {
    let games = smalls();
    let mut file: String = games.iter().map(|g| game_text(g, misere)).collect();
    for combo in combos {
        file.push_str(&statement(kind, &games, combo));
    }
    let program = load_text("compounds.game", &file, &[]);
    let mut analyzer = Analyzer::default();
    for (question, combo) in program.questions.iter().zip(combos) {
        let mut whole = Whole::of(kind, misere, &games, combo);
        let at: Vec<Vec<u64>> = combo.iter().map(|(_, p)| p.clone()).collect();
        let answer: Answer = analyzer.analyze(question).expect("answered");
        let context = format!("{} {:?} misère {misere}", kind.word(), at);
        let expected = if whole.wins(&at) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(answer.outcome, expected, "{context}");
        let winning: usize = (whole.successors(&at).iter())
            .filter(|t| !whole.wins(t))
            .count();
        assert_eq!(
            answer.winning_move_count,
            gamelang::analysis::Count::Exact(winning.into()),
            "{context}"
        );
        let compound = answer.compound.as_ref().expect("a compound's answer");
        // The number the rule decides by is the whole compound's own:
        // Smith's least remoteness, Winning Ways' greatest suspense.
        if let Some(deciding) = &compound.deciding {
            let (_, remoteness, suspense) = whole.steps(&at);
            let expected = match deciding.number {
                Number::Remoteness => remoteness,
                Number::Suspense => suspense,
            };
            assert_eq!(deciding.compound, expected, "{context}: {deciding:?}");
        }
        for moves in &compound.moves {
            let mut after = at.clone();
            for m in moves {
                after[m.component] = m.to.to_u64s().expect("small");
            }
            assert!(!whole.wins(&after), "{context}: {moves:?}");
        }
    }
}

/// Every compound of two of the small games' positions, in either order;
/// and every compound of three (a multiset: the compounds are the same
/// whatever the order) of Nim heaps up to 4, subtraction heaps up to 3 and
/// the Euclid pairs.
fn combos() -> (Combos, Combos) {
    let games = smalls();
    let all: Vec<(usize, Vec<u64>)> = (games.iter().enumerate())
        .flat_map(|(g, s)| s.positions.iter().map(move |p| (g, p.clone())))
        .collect();
    let two = (all.iter())
        .flat_map(|a| all.iter().map(move |b| vec![a.clone(), b.clone()]))
        .collect();
    let small: Vec<(usize, Vec<u64>)> = (all.iter())
        .filter(|(g, p)| games[*g].name == "nim" || games[*g].name == "euclid" || p[0] <= 3)
        .cloned()
        .collect();
    let mut three = Vec::new();
    for i in 0..small.len() {
        for j in i..small.len() {
            for k in j..small.len() {
                three.push(vec![small[i].clone(), small[j].clone(), small[k].clone()]);
            }
        }
    }
    (two, three)
}

#[test]
fn conjunctive_compounds_follow_the_least_remoteness() {
    let (two, three) = combos();
    for misere in [false, true] {
        hold(Compound::All, misere, &two);
        hold(Compound::All, misere, &three);
    }
}

#[test]
fn continued_conjunctive_compounds_follow_the_greatest_suspense() {
    let (two, three) = combos();
    for misere in [false, true] {
        hold(Compound::Every, misere, &two);
        hold(Compound::Every, misere, &three);
    }
}

#[test]
fn selective_compounds_are_won_where_some_component_is_n() {
    let (two, three) = combos();
    for misere in [false, true] {
        hold(Compound::Some, misere, &two);
        hold(Compound::Some, misere, &three);
    }
}

#[test]
fn shortened_selective_compounds_are_lost_once_a_component_ends() {
    let (two, three) = combos();
    for misere in [false, true] {
        hold(Compound::Any, misere, &two);
        hold(Compound::Any, misere, &three);
    }
}

#[test]
fn sequential_compounds_are_searched_as_played() {
    // `series`: the first component that can move is played, the others
    // wait (Stromquist and Ullman, "Sequential compounds of combinatorial
    // games", 1993); in either order of two components, and three.
    let (two, three) = combos();
    for misere in [false, true] {
        hold(Compound::Series, misere, &two);
        hold(Compound::Series, misere, &three);
    }
}

#[test]
fn a_game_may_still_be_named_by_a_compounds_word() {
    // `every` here names a game: `every at 3` is that game's position, and
    // `every every at 3` a compound of it.
    let program = load_text(
        "words.game",
        "game every { heaps 1; take 1..2 }\nanalyze every at 3\nanalyze every every at 3 + every at 1\n",
        &[],
    );
    let kinds: Vec<Compound> = program.questions.iter().map(|q| q.compound).collect();
    assert_eq!(kinds, [Compound::Sum, Compound::Every]);
    assert_eq!(program.questions[1].components.len(), 2);
}

/// A single game's remoteness and suspense by their definitions (Smith
/// 1966; Winning Ways, ch. 9): 0 at an end; where a move reaches a lost
/// position, one more than the least remoteness (greatest suspense) of such
/// moves; elsewhere one more than the greatest remoteness (least suspense)
/// of all moves. Returns (wins, remoteness, suspense).
fn by_definition(moves: Moves, misere: bool, at: &[u64]) -> (bool, u64, u64) {
    let after: Vec<(bool, u64, u64)> = (moves(at).iter())
        .map(|p| by_definition(moves, misere, p))
        .collect();
    let lost: Vec<&(bool, u64, u64)> = after.iter().filter(|a| !a.0).collect();
    match (after.is_empty(), lost.is_empty()) {
        (true, _) => (misere, 0, 0),
        (false, false) => (
            true,
            1 + lost.iter().map(|a| a.1).min().expect("a lost move"),
            1 + lost.iter().map(|a| a.2).max().expect("a lost move"),
        ),
        (false, true) => (
            false,
            1 + after.iter().map(|a| a.1).max().expect("a move"),
            1 + after.iter().map(|a| a.2).min().expect("a move"),
        ),
    }
}

#[test]
fn a_single_games_answer_carries_its_remoteness_and_suspense() {
    for misere in [false, true] {
        for game in smalls() {
            let mut file = game_text(&game, misere);
            for p in &game.positions {
                file.push_str(&format!("analyze {} at {}\n", game.name, text(p)));
            }
            let program = load_text("single.game", &file, &[]);
            let mut analyzer = Analyzer::default();
            for (question, p) in program.questions.iter().zip(&game.positions) {
                let answer = analyzer.analyze(question).expect("answered");
                let steps = answer.timing.expect("a small game's steps");
                let (wins, remoteness, suspense) = by_definition(game.moves, misere, p);
                let context = format!("{} at {p:?}, misère {misere}", game.name);
                let outcome = if wins { Outcome::N } else { Outcome::P };
                assert_eq!(answer.outcome, outcome, "{context}");
                assert_eq!(steps.outcome, outcome, "{context}");
                assert_eq!(
                    (steps.remoteness, steps.suspense),
                    (remoteness, suspense),
                    "{context}"
                );
            }
        }
    }
}

#[test]
fn a_single_games_steps_are_left_out_where_its_play_is_too_wide() {
    // Nim at (10^12, 7) has 10^12 + 7 moves from the start: the steps are
    // not looked for past 200,000 moves (they once listed the start's
    // moves up to the whole move budget, gigabytes), and the closed form
    // answers at once.
    let program = load_text(
        "wide.game",
        "game nim { heaps *; take 1.. }\nanalyze nim at (1000000000000, 7)\n",
        &[],
    );
    let answer = Analyzer::default()
        .analyze(&program.questions[0])
        .expect("answered");
    assert_eq!(answer.outcome, Outcome::N);
    assert_eq!(answer.timing, None);
}

#[test]
fn a_tables_remoteness_and_suspense_follow_their_definitions() {
    use gamelang::analysis::table::Shape;
    for misere in [false, true] {
        for game in smalls() {
            let file = game_text(&game, misere);
            let program = load_text("table.game", &file, &[]);
            let lowered = program.games[0].default.clone().expect("the game lowers");
            let table = (Analyzer::default().table(&lowered, &5u64.into(), None, &mut |_| {}))
                .expect("the table is computed");
            let context = format!("{}, misère {misere}", game.name);
            let want = |p: &[u64]| {
                let (_, r, s) = by_definition(game.moves, misere, p);
                (r, s)
            };
            let got = |s: &Option<gamelang::search::timing::Timing>| {
                let s = s.as_ref().expect("every heap is a position");
                (s.remoteness, s.suspense)
            };
            match &table.shape {
                Shape::OneHeap { timing: steps, .. } => {
                    let steps = steps.as_ref().expect("a small table's steps");
                    for (n, s) in steps.iter().enumerate() {
                        assert_eq!(got(s), want(&[n as u64]), "{context}, heap {n}");
                    }
                }
                Shape::Grid { timing: steps, .. } => {
                    let steps = steps.as_ref().expect("a small table's steps");
                    for (a, row) in steps.iter().enumerate() {
                        for (b, s) in row.iter().enumerate() {
                            let p = [a as u64, b as u64];
                            assert_eq!(got(s), want(&p), "{context}, at {p:?}");
                        }
                    }
                }
                Shape::Box { .. } | Shape::Partizan { .. } => {
                    panic!("{context}: a table of one heap or two")
                }
            }
        }
    }
}

#[test]
fn the_perfect_player_wins_every_compound_from_a_won_position_and_lists_every_move() {
    use gamelang::analysis::play::{Ending, Player, Session, Turn};
    let games = smalls();
    // Nim, and the two subtraction games: compounds of two of their
    // positions, in normal and misère play.
    let small: Vec<(usize, Vec<u64>)> = (games.iter().enumerate())
        .filter(|(g, _)| *g < 3)
        .flat_map(|(g, s)| s.positions.iter().map(move |p| (g, p.clone())))
        .collect();
    for kind in [
        Compound::Every,
        Compound::All,
        Compound::Some,
        Compound::Any,
        Compound::Series,
    ] {
        for misere in [false, true] {
            let texts: String = games.iter().map(|g| game_text(g, misere)).collect();
            for a in &small {
                for b in small.iter().step_by(3) {
                    let combo = [a.clone(), b.clone()];
                    let file = format!("{texts}{}", statement(kind, &games, &combo));
                    let program = load_text("compound_play.game", &file, &[]);
                    let mut whole = Whole::of(kind, misere, &games, &combo);
                    let at: Vec<Vec<u64>> = combo.iter().map(|(_, p)| p.clone()).collect();
                    let context = format!("{} {at:?} misère {misere}", kind.word());
                    // The human's moves are the compound's, every one.
                    let mut human = Session::start(&program.questions[0], 100_000, Player::Human)
                        .expect("starts");
                    let listed = match human.turn().expect("a turn") {
                        Turn::Human(moves) => moves.len(),
                        Turn::Over(_) => 0,
                        Turn::Computer(..) => panic!("{context}: the human moves first"),
                    };
                    assert_eq!(listed, whole.successors(&at).len(), "{context}");
                    // From a won position the computer, moving first, wins
                    // whatever the human does (here: the first move listed).
                    if !whole.wins(&at) {
                        continue;
                    }
                    let mut session =
                        Session::start(&program.questions[0], 100_000, Player::Computer)
                            .expect("starts");
                    let ending = loop {
                        let m = match session.turn().expect("a turn") {
                            Turn::Over(ending) => break ending,
                            Turn::Human(moves) => moves[0].clone(),
                            Turn::Computer(m, after) => {
                                let now: Vec<Vec<u64>> =
                                    m.to.iter().map(|p| p.heaps.clone()).collect();
                                assert!(
                                    !whole.wins(&now),
                                    "{context}: the computer's move to {now:?} loses"
                                );
                                assert_ne!(after.outcome, Outcome::N, "{context}");
                                m
                            }
                        };
                        session.play(m);
                    };
                    match ending {
                        Ending::NoMove { winner, .. } => {
                            assert_eq!(winner, Player::Computer, "{context}")
                        }
                        other => panic!("{context}: ended {other:?}"),
                    }
                }
            }
        }
    }
}
