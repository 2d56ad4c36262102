//! Compounds of partizan games other than the sum (`all`, `every`, `some`,
//! `any`; Winning Ways, ch. 9), issue 73: every answer held against a
//! plain search of the whole compound written here, by the definitions in
//! docs/LANGUAGE.md (the player to move moves in the components the word
//! says, with that player's moves; a component cannot move where the
//! player to move has none there; who cannot move loses, or wins in misère
//! play), with Left first and with Right first: the winner, the moves to
//! the end with best play (the winner hurrying, the loser delaying), how
//! many winning moves there are, and that each one listed leaves a
//! compound the other player loses. `all` is answered by its components'
//! tallies, the others by a search of the whole: both are held here.

use std::collections::HashMap;

use gamelang::analysis::{Analyzer, Answer, ComponentMethod, Compound, CompoundRule, Start};
use gamelang::position::Outcome;
use gamelang::rules::Side;

use super::common::{compound_moves, domineering_board, domineering_moves, load_text};

/// A small component: a Domineering board (its empty cells the bits of a
/// mask, row by row), a `push` position (Left lowers `a`, Right lowers
/// `b`), an `unequal` heap (Left takes 1 or 2, Right 1 to 3) or a Nim heap
/// (either player takes any number).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Small {
    Domineering { rows: u32, cols: u32, empty: u32 },
    Push(u64, u64),
    Unequal(u64),
    Nim(u64),
}

const GAMES: &str = "
game domineering {
    board
    left move vertical {
        choose r in 1..rows - 1
        choose c in 1..cols
        require b[r, c] == '.' and b[r + 1, c] == '.'
        b[r, c] = '#'
        b[r + 1, c] = '#'
    }
    right move horizontal {
        choose r in 1..rows
        choose c in 1..cols - 1
        require b[r, c] == '.' and b[r, c + 1] == '.'
        b[r, c] = '#'
        b[r, c + 1] = '#'
    }
}
game push {
    position (a, b)
    left move l { require a > 0; a -= 1 }
    right move r { require b > 0; b -= 1 }
}
game unequal { heaps 1; left take 1..2; right take 1..3 }
game nim { heaps 1; take 1.. }
";

impl Small {
    /// The moves of `left` (Left, or Right), each to where it leads.
    fn moves(&self, left: bool) -> Vec<Small> {
        match *self {
            Small::Domineering { rows, cols, empty } => {
                (domineering_moves(empty, (rows, cols), left).into_iter())
                    .map(|empty| Small::Domineering { rows, cols, empty })
                    .collect()
            }
            Small::Push(a, b) => match left {
                true if a > 0 => vec![Small::Push(a - 1, b)],
                false if b > 0 => vec![Small::Push(a, b - 1)],
                _ => Vec::new(),
            },
            Small::Unequal(h) => {
                let most = if left { 2 } else { 3 };
                (1..=most.min(h)).map(|k| Small::Unequal(h - k)).collect()
            }
            Small::Nim(h) => (0..h).map(Small::Nim).collect(),
        }
    }

    /// As an `analyze` statement writes it.
    fn text(&self) -> String {
        match *self {
            Small::Domineering { rows, cols, empty } => {
                format!("domineering at {}", domineering_board(empty, (rows, cols)))
            }
            Small::Push(a, b) => format!("push at ({a}, {b})"),
            Small::Unequal(h) => format!("unequal at {h}"),
            Small::Nim(h) => format!("nim at {h}"),
        }
    }
}

/// The whole compound searched plainly: who wins with `left` to move, and
/// the moves to the end with best play.
struct Whole {
    kind: Compound,
    misere: bool,
    memo: HashMap<(Vec<Small>, bool), (bool, u64)>,
}

impl Whole {
    /// Every move of the player to move (`left`: Left): each way the word
    /// allows, as the tuple of components after (a component is over where
    /// neither player has a move there).
    fn successors(&self, at: &[Small], left: bool) -> Vec<Vec<Small>> {
        let each: Vec<Vec<Small>> = at.iter().map(|c| c.moves(left)).collect();
        let over = |c: usize| each[c].is_empty() && at[c].moves(!left).is_empty();
        compound_moves(self.kind, at, &each, over)
    }

    /// Whether the player to move wins at `at`, and the moves to the end:
    /// 0 at an end; one more than the least of the moves to a lost
    /// position, where there is one; else one more than the greatest.
    fn steps(&mut self, at: &[Small], left: bool) -> (bool, u64) {
        if let Some(&s) = self.memo.get(&(at.to_vec(), left)) {
            return s;
        }
        let after: Vec<(bool, u64)> = (self.successors(at, left).iter())
            .map(|t| self.steps(t, !left))
            .collect();
        let lost = after.iter().filter(|a| !a.0).map(|a| a.1).min();
        let steps = match (lost, after.iter().map(|a| a.1).max()) {
            (Some(r), _) => (true, r + 1),
            (None, Some(r)) => (false, r + 1),
            (None, None) => (self.misere, 0),
        };
        self.memo.insert((at.to_vec(), left), steps);
        steps
    }
}

/// The small components compounds are made of.
fn smalls() -> Vec<Small> {
    let mut out = Vec::new();
    for (rows, cols) in [(1, 2), (2, 1), (2, 2), (1, 3), (2, 3)] {
        let full = (1u32 << (rows * cols)) - 1;
        // The empty board, and one cell removed at a corner.
        out.push(Small::Domineering {
            rows,
            cols,
            empty: full,
        });
        if rows * cols > 2 {
            out.push(Small::Domineering {
                rows,
                cols,
                empty: full & !1,
            });
        }
    }
    out.extend([Small::Push(0, 2), Small::Push(2, 1), Small::Push(3, 3)]);
    out.extend((1..=4).map(Small::Unequal));
    out.extend([Small::Nim(1), Small::Nim(2)]);
    out
}

/// Holds every answer to the compounds of `kind` over `combos`.
fn hold(kind: Compound, misere: bool, combos: &[Vec<Small>]) {
    // Every game played misère where asked: `play misere` first in it.
    let mut file: String = (GAMES.lines())
        .map(|line| match (misere, line.strip_prefix("game ")) {
            (true, Some(rest)) => {
                let (name, body) = rest.split_once('{').unwrap_or((rest, ""));
                format!("game {name}{{ play misere\n{body}\n")
            }
            _ => format!("{line}\n"),
        })
        .collect();
    for combo in combos {
        let parts: Vec<String> = combo.iter().map(Small::text).collect();
        file.push_str(&format!("analyze {} {}\n", kind.word(), parts.join(" + ")));
    }
    let program = load_text("partizan_compounds.game", &file, &[]);
    assert_eq!(program.questions.len(), combos.len());
    let mut analyzer = Analyzer::default();
    let mut whole = Whole {
        kind,
        misere,
        memo: HashMap::new(),
    };
    for (question, combo) in program.questions.iter().zip(combos) {
        let answer: Answer = analyzer.analyze(question).expect("answered");
        let context = format!("{} {combo:?} misère {misere}", kind.word());
        let loopy = answer.loopy.as_deref().expect("who wins each way");
        for (start, left) in [(&loopy.left_first, true), (&loopy.right_first, false)] {
            let (wins, remoteness) = whole.steps(combo, left);
            let mover = if left { Side::Left } else { Side::Right };
            let winner = if wins { mover } else { mover.other() };
            let context = format!("{context}, {} first", mover.name());
            assert_eq!(start.winner, Some(winner), "{context}");
            assert_eq!(start.remoteness, Some(remoteness), "{context}");
            let winning: Vec<Vec<Small>> = match wins {
                true => (whole.successors(combo, left).into_iter())
                    .filter(|t| !whole.steps(t, !left).0)
                    .collect(),
                false => Vec::new(),
            };
            assert_eq!(start.move_count, winning.len().into(), "{context}");
            assert_eq!(
                start.compound_moves.len(),
                winning.len().min(analyzer_max_moves()),
                "{context}"
            );
            held_moves(start, combo, &winning, &context);
        }
        let expected_rule = match kind {
            Compound::All => CompoundRule::LeastRemoteness,
            _ => CompoundRule::WholeSearch,
        };
        match answer.method.components.as_slice() {
            [ComponentMethod::Compound { rule, .. }] => {
                assert_eq!(*rule, expected_rule, "{context}")
            }
            other => panic!("{context}: {other:?}"),
        }
    }
}

/// How many moves an answer lists at most, by default.
fn analyzer_max_moves() -> usize {
    gamelang::analysis::DEFAULT_MAX_MOVES
}

/// Each move listed from `start` is a winning one: the components of heap
/// games after it are those of some winning way (a board's move is
/// counted above, its cells not read back here).
fn held_moves(start: &Start, combo: &[Small], winning: &[Vec<Small>], context: &str) {
    for moves in &start.compound_moves {
        let mut after: Vec<Option<Small>> = combo.iter().cloned().map(Some).collect();
        for m in moves {
            let heaps = m.to.to_u64s().expect("small");
            after[m.component] = match (&combo[m.component], heaps.as_slice()) {
                (Small::Push(..), &[a, b]) => Some(Small::Push(a, b)),
                (Small::Unequal(_), &[h]) => Some(Small::Unequal(h)),
                (Small::Nim(_), &[h]) => Some(Small::Nim(h)),
                _ => None,
            };
        }
        let matches =
            |w: &Vec<Small>| (w.iter().zip(&after)).all(|(w, a)| a.as_ref().is_none_or(|a| a == w));
        assert!(winning.iter().any(matches), "{context}: {moves:?}");
    }
}

/// Every compound of two of the small components (a multiset: the
/// compounds are the same whatever the order), and of three of a few; each
/// with a partizan component (Nim's alone are impartial compounds:
/// `compounds.rs`).
fn combos() -> Vec<Vec<Small>> {
    let all = smalls();
    let mut out = Vec::new();
    for i in 0..all.len() {
        for j in i..all.len() {
            out.push(vec![all[i].clone(), all[j].clone()]);
        }
    }
    let few = [
        Small::Domineering {
            rows: 2,
            cols: 2,
            empty: 15,
        },
        Small::Push(2, 1),
        Small::Unequal(3),
        Small::Nim(2),
    ];
    for i in 0..few.len() {
        for j in i..few.len() {
            for k in j..few.len() {
                out.push(vec![few[i].clone(), few[j].clone(), few[k].clone()]);
            }
        }
    }
    out.retain(|combo| combo.iter().any(|c| !matches!(c, Small::Nim(_))));
    out
}

#[test]
fn partizan_conjunctive_compounds_follow_the_least_tally() {
    hold(Compound::All, false, &combos());
    hold(Compound::All, true, &combos());
}

#[test]
fn partizan_continued_conjunctive_compounds_are_searched_as_played() {
    hold(Compound::Every, false, &combos());
    hold(Compound::Every, true, &combos());
}

#[test]
fn partizan_selective_compounds_are_searched_as_played() {
    hold(Compound::Some, false, &combos());
    hold(Compound::Some, true, &combos());
}

#[test]
fn partizan_shortened_selective_compounds_are_searched_as_played() {
    hold(Compound::Any, false, &combos());
    hold(Compound::Any, true, &combos());
}

#[test]
fn partizan_sequential_compounds_are_searched_as_played() {
    // In a series the order counts: each compound in both orders.
    let combos: Vec<Vec<Small>> = (combos().into_iter())
        .flat_map(|c| {
            let mut reversed = c.clone();
            reversed.reverse();
            [c, reversed]
        })
        .collect();
    hold(Compound::Series, false, &combos);
    hold(Compound::Series, true, &combos);
}

#[test]
fn a_partizan_compound_whose_play_goes_on_forever_is_a_draw() {
    // `swap`: Left moves a token from 0 to 1, Right from 1 back to 0. In
    // `every swap at 0 + swap at 1` each player moves in the one component
    // where he can, and no one ever has a choice: the two tokens swap
    // places for ever, whoever starts. In `all` the player to move must
    // move in both, and cannot: he loses at once.
    let file = "
game swap {
    position (x)
    left move there { require x == 0; x = 1 }
    right move back { require x == 1; x = 0 }
}
analyze every swap at 0 + swap at 1
analyze all swap at 0 + swap at 1
";
    let program = load_text("swap.game", file, &[]);
    let mut analyzer = Analyzer::default();
    let every = analyzer.analyze(&program.questions[0]).expect("answered");
    assert_eq!(every.outcome, Outcome::D);
    let loopy = every.loopy.as_deref().expect("who wins each way");
    assert_eq!(
        (loopy.left_first.winner, loopy.right_first.winner),
        (None, None)
    );
    assert_eq!(
        loopy.left_first.compound_moves.len(),
        1,
        "the one move keeps the draw"
    );
    let all = analyzer.analyze(&program.questions[1]).expect("answered");
    assert_eq!(all.outcome, Outcome::P);
    let loopy = all.loopy.as_deref().expect("who wins each way");
    assert_eq!(loopy.left_first.remoteness, Some(0));
    // Each component alone goes on for ever: no tally; searched whole.
    assert!(matches!(
        all.method.components.as_slice(),
        [ComponentMethod::Compound {
            rule: CompoundRule::WholeSearch,
            ..
        }]
    ));
}
