//! A play in words: positions, moves, and why the perfect player chose its
//! move; the whole play as JSON.

use num_bigint::BigUint;
use serde_json::{Value as Json, json};

use super::describe::describe;
use super::words::number;
use crate::analysis::play::{Ending, PartizanPlay, Session};
use crate::analysis::standing::{Move, Piece, Place, Standing, Standings};
use crate::analysis::{Gain, SideMove};
use crate::check::Compound;
use crate::position::{Outcome, Side};
use crate::rules::{EndKind, Game};

/// The position as a `.game` file writes it: `(3, 5)` alone, `g at p + h at
/// q` for a sum; where one game's moves became a sum of its positions, as
/// `becomes` writes it: `(1, 5) + (2, 5)`.
pub fn place_text(play: &Standings, place: &Place) -> String {
    let alone = play.alone() && place.iter().all(|p| p.game == 0);
    match place.as_slice() {
        [only] if alone => piece_text(play, only),
        _ if alone => tuples_text(play, place),
        _ => pieces_text(play, place),
    }
}

/// The boards of a place, drawn a row a line, indented, each piece on a
/// board after the other (a blank line between): empty where no piece is
/// on a board.
pub fn place_boards_text(play: &Standings, place: &Place) -> String {
    let drawn: Vec<String> = (place.iter())
        .filter(|p| play.game(p.game).board)
        .map(|p| {
            let rows = crate::position::board_rows(&p.heaps);
            rows.iter().map(|r| format!("    {r}\n")).collect()
        })
        .collect();
    drawn.join("\n")
}

/// One piece's position as its game writes it: heaps, or the heads of a
/// game of coins `{1, 5}`.
fn piece_text(play: &Standings, piece: &Piece) -> String {
    super::words::position_text(play.game(piece.game), &piece.heaps, false)
}

/// Positions of one game, each in parentheses: `(1, 5) + (4)`.
fn tuples_text(play: &Standings, pieces: &[Piece]) -> String {
    let parts: Vec<String> = (pieces.iter())
        .map(|p| match p.heaps.as_slice() {
            [one] => format!("({one})"),
            _ => piece_text(play, p),
        })
        .collect();
    parts.join(" + ")
}

/// Pieces each with its game: `nim at (1, 2) + kayles at 4`.
fn pieces_text(play: &Standings, pieces: &[Piece]) -> String {
    let parts: Vec<String> = (pieces.iter())
        .map(|p| format!("{} at {}", play.game(p.game).title(), piece_text(play, p)))
        .collect();
    parts.join(" + ")
}

/// The game and position played: `bash(m = 3) at 21`, or for a sum
/// `nim at (1, 2) + kayles at 4`.
pub fn play_title(play: &Standings, place: &Place) -> String {
    pieces_text(play, place)
}

/// A move in words and where it leads: `take 2 → 19`, `becomes (1, 1) +
/// (1, 1) → ...`, for a sum `in kayles: take 1 → nim at (1, 2) + kayles
/// at 4`, and for another compound each component's move, `in nim: take 1;
/// in s12: take 2 → nim at 2 + s12 at 2`.
pub fn move_text(play: &Standings, from: &Place, m: &Move) -> String {
    let moved = std::iter::once((m.piece, m.rule)).chain(m.with.iter().copied());
    let words: Vec<String> = moved
        .filter_map(|(piece, rule)| {
            let words = piece_words(play, from, m, piece, rule)?;
            let game = play.game(from[piece].game);
            Some(match from.len() > 1 && !play.alone() {
                true => format!("in {}: {words}", game.title()),
                false => words,
            })
        })
        .collect();
    super::words::moved_text(&words.join("; "), &place_text(play, &m.to))
}

/// What a move does to piece `piece` of `from` by rule `rule`, in words;
/// `None` where there is no such piece.
fn piece_words(
    play: &Standings,
    from: &Place,
    m: &Move,
    piece: usize,
    rule: usize,
) -> Option<String> {
    let moved = from.get(piece)?;
    let game = play.game(moved.game);
    let big = |heaps: &[u64]| heaps.iter().map(|&h| BigUint::from(h)).collect::<Vec<_>>();
    Some(match (&m.becomes, game.rules.get(rule)) {
        (Some(parts), _) => {
            let parts: Vec<String> = (parts.iter())
                .map(|p| match p.game == moved.game {
                    true => tuples_text(play, std::slice::from_ref(p)),
                    false => pieces_text(play, std::slice::from_ref(p)),
                })
                .collect();
            format!("becomes {}", parts.join(" + "))
        }
        (None, Some(rule)) => describe(
            &rule.kind,
            &big(&moved.heaps),
            &big(&m.to[piece].heaps),
            game,
            0,
        ),
        (None, None) => String::new(),
    })
}

/// Why the perfect player's move `m` is the one to make: what it leaves.
/// `after`: the standing of the position the move leaves.
pub fn reason_text(play: &Standings, m: &Move, after: Standing) -> String {
    match play.end(&m.to) {
        Some(EndKind::Win) => {
            return "meets the game's `win when`: the player who moves there wins".to_string();
        }
        Some(EndKind::Lose) => {
            return "meets the game's `lose when`, lost for the player who moves there: every other move loses sooner".to_string();
        }
        Some(EndKind::Draw) => {
            return "meets the game's `draw when`: no move wins, and a draw is the best there is"
                .to_string();
        }
        None => {}
    }
    let moves = |n: u64| {
        if n == 1 {
            "1 move".to_string()
        } else {
            format!("{n} moves")
        }
    };
    // Without remoteness, the analysis judged a position too large to search whole.
    const JUDGED: &str = "judged by its analysis: too large to count the moves to the end";
    match (after.outcome, after.remoteness) {
        (Outcome::P, Some(0)) => "leaves no move: the play is over".to_string(),
        (Outcome::P, Some(r)) => format!(
            "leaves a P-position, lost for the player to move: the play ends within {} with best play",
            moves(r)
        ),
        (Outcome::P, None) => {
            format!("leaves a P-position, lost for the player to move; {JUDGED}")
        }
        (Outcome::N, Some(r)) => format!(
            "every move leaves an N-position; this one puts the end off longest: {} more with best play",
            moves(r)
        ),
        (Outcome::N, None) => format!("every move leaves an N-position; {JUDGED}"),
        // Play refuses partizan games, whose outcomes these are.
        (Outcome::L | Outcome::R, _) => format!("leaves an {}-position", after.outcome.letter()),
        (Outcome::D, _) => {
            "keeps the draw: no move wins, and from there neither player can force a win"
                .to_string()
        }
    }
}

/// Why the perfect player's move in a compound other than the sum is the
/// one to make, by the compound's rule: `after`, the standing of the
/// position it leaves (its remoteness the compound's deciding number,
/// where it has one).
pub fn compound_reason_text(kind: Compound, after: Standing) -> String {
    let word = kind.word();
    let within = |r: Option<u64>| match r {
        Some(0) => ": no move is left".to_string(),
        Some(1) => ": the play ends within 1 move with best play".to_string(),
        Some(r) => format!(": the play ends within {r} moves with best play"),
        None => String::new(),
    };
    match after.outcome {
        Outcome::P => format!(
            "leaves a position lost for the player to move, by the `{word}` compound's rule{}",
            within(after.remoteness)
        ),
        _ => format!(
            "no move wins; this one puts the end off longest{}",
            within(after.remoteness)
        ),
    }
}

/// How a play ended, in words: the position it ended at, and who won.
pub fn ending_text(session: &Session, ending: Ending) -> String {
    let place = place_text(session.standings(), session.place());
    match ending {
        Ending::Drawn => format!(
            "{place} again, a draw: neither player can force a win from it, and play could go on forever."
        ),
        Ending::NoMove { winner, misere } => {
            let why = if misere {
                "the player to move has no move and wins (misère play)"
            } else {
                "the player to move has no move and loses"
            };
            format!("no moves from {place}: {why}. The {} wins.", winner.name())
        }
        Ending::End { kind, winner } => {
            let word = kind.word();
            match winner {
                Some(winner) => format!(
                    "{place} meets the game's `{word} when`: the play is over. The {} wins.",
                    winner.name()
                ),
                None => format!("{place} meets the game's `draw when`: the play is over, a draw."),
            }
        }
        Ending::Stopped => format!("play stopped at {place}, before its end: nobody won."),
        Ending::Points { human, computer } => {
            let who = match human.cmp(&computer) {
                std::cmp::Ordering::Greater => "The human wins.",
                std::cmp::Ordering::Less => "The computer wins.",
                std::cmp::Ordering::Equal => "A draw.",
            };
            format!(
                "no moves from {place}: the play is over, the human's {human} points to the computer's {computer}. {who}"
            )
        }
    }
}

/// Who won, or `draw`; `None` for a play stopped before its end.
pub fn ending_word(ending: Ending) -> Option<&'static str> {
    match ending {
        Ending::Drawn | Ending::End { winner: None, .. } => Some("draw"),
        Ending::NoMove { winner, .. }
        | Ending::End {
            winner: Some(winner),
            ..
        } => Some(winner.name()),
        Ending::Stopped => None,
        Ending::Points { human, computer } => Some(match human.cmp(&computer) {
            std::cmp::Ordering::Greater => "human",
            std::cmp::Ordering::Less => "computer",
            std::cmp::Ordering::Equal => "draw",
        }),
    }
}

/// A finished play as JSON: the winner (or `draw`; `null` for a play
/// stopped before its end, then `stopped` is true) and every move, each with
/// the remoteness of the position it was made from (null from a draw), and
/// in a compound other than the sum the other components it moved in
/// (`with`, empty in a sum).
pub fn play_json(session: &Session, ending: Ending) -> Json {
    let play = session.standings();
    let moves: Vec<Json> = (session.played().iter())
        .map(|p| {
            let game = play.game(p.from[p.mv.piece].game);
            // In a compound other than the sum, the other components moved
            // at the same time.
            let with: Vec<Json> = (p.mv.with.iter())
                .map(|&(piece, rule)| {
                    let game = play.game(p.from[piece].game);
                    json!({
                        "component": piece,
                        "rule": game.rules.get(rule).map(|r| r.name.clone()),
                    })
                })
                .collect();
            json!({
                "player": p.player.name(),
                "component": p.mv.piece,
                "rule": game.rules.get(p.mv.rule).map(|r| r.name.clone()),
                "with": with,
                "text": move_text(play, &p.from, &p.mv),
                "to": place_text(play, &p.mv.to),
                "remoteness": p.before.remoteness,
                "points": p.gain.map(|g| number(&g.points)),
                "again": p.gain.map(|g| g.again),
            })
        })
        .collect();
    let start = session.start_place();
    let games: Vec<String> = (start.iter()).map(|p| play.game(p.game).title()).collect();
    json!({
        "game": games.join(" + "),
        "start": place_text(play, start),
        "winner": ending_word(ending),
        "stopped": ending == Ending::Stopped,
        "moves": moves,
        "points": session.scores().map(|[human, computer]| json!({
            "human": number(&human),
            "computer": number(&computer),
        })),
    })
}

/// Why a scoring game's perfect move is the one to make: what it scores,
/// and what it is worth with best play after it.
pub fn scoring_reason_text(gain: Gain, worth: i128) -> String {
    let again = if gain.again { ", and moves again" } else { "" };
    format!(
        "scores {}{again}: with best play after it, its player's points from here on minus the other's come to {worth}, the most any move gives",
        gain.points
    )
}

/// A partizan play's position as a `.game` file writes it (`"..|.."`,
/// `(3, 5)`).
pub fn side_position_text(game: &Game, heaps: &[u64]) -> String {
    super::words::position_text(game, heaps, false)
}

/// A board's rows, one a line after a line break each; nothing for a game
/// not on a board.
pub fn side_board_text(game: &Game, heaps: &[u64]) -> String {
    match game.board {
        true => (crate::position::board_rows(heaps).iter())
            .map(|row| format!("\n{row}"))
            .collect(),
        false => String::new(),
    }
}

/// A partizan move in words, with where it leads and that position's
/// value: `(1, 1) and (2, 1) to # → "#.|#." (value 1)   [vertical]`.
pub fn side_move_text(game: &Game, from: &[u64], m: &SideMove) -> String {
    let label = (game.rules.get(m.rule)).map_or_else(String::new, |r| format!("   [{}]", r.name));
    format!(
        "{} (value {}){label}",
        side_move_words(game, from, m),
        m.value
    )
}

/// A partizan move in words and where it leads, without its value:
/// `(1, 1) and (2, 1) to # → "#.|#."`.
pub fn side_move_words(game: &Game, from: &[u64], m: &SideMove) -> String {
    let big = |heaps: &[u64]| heaps.iter().map(|&h| BigUint::from(h)).collect::<Vec<_>>();
    let words = (game.rules.get(m.rule)).map_or_else(String::new, |rule| {
        describe(&rule.kind, &big(from), &big(&m.to), game, 0)
    });
    super::words::moved_text(&words, &side_position_text(game, &m.to))
}

/// Why the computer's partizan move is the one it makes.
pub fn side_reason_text(m: &SideMove) -> String {
    let side = m.side.name();
    match m.wins {
        true => format!("it leaves {}, which {side} wins moving second", m.value),
        false => format!(
            "{side} cannot win from here; it leaves {}, the best {side} can find",
            m.value
        ),
    }
}

/// A partizan play as JSON: the sides, who won, and every move.
pub fn side_play_json(play: &PartizanPlay, winner: Option<Side>) -> Json {
    let game = play.game();
    let side_word = |s: Side| s.word();
    let mut from = play.start_position().to_vec();
    let moves: Vec<Json> = (play.played().iter())
        .map(|(player, m)| {
            let text = side_move_text(game, &from, m);
            from = m.to.clone();
            json!({
                "player": player.name(),
                "side": side_word(m.side),
                "rule": game.rules.get(m.rule).map(|r| r.name.clone()),
                "text": text,
                "to": side_position_text(game, &m.to),
                "value": m.value,
                "wins": m.wins,
            })
        })
        .collect();
    json!({
        "game": game.title(),
        "start": side_position_text(game, play.start_position()),
        "human": side_word(play.human()),
        "computer": side_word(play.human().other()),
        "winner": winner.map(|s| play.player(s).name()),
        "winning_side": winner.map(side_word),
        "moves": moves,
    })
}
