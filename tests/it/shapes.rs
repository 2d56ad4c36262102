//! Every shape a position may be written in, asked of every shape of game:
//! each gets an answer or a coded error, never a panic (a product's
//! position `{(1, 2), 3}`, one `)` away from `games/tartan.game`, once
//! indexed a pair it did not have).

use super::exercise::exercise;

/// One game of each shape a position can have.
const GAMES: [&str; 12] = [
    "game g { heaps 1; take 1..3 }",
    "game g { heaps *; take 1.. }",
    "game g { heaps 2; take 1..; take 1.. from both heaps }",
    "game g { position (a, b); move m { require a > 0; a -= 1; b += 1 } }",
    "game g { coins; turn 1..3 coins }",
    "game g { coins from 0; turn 2 coins }",
    "game r { coins; turn 1.. coins in a row }\ngame g { coins; product of r and r }",
    "game g { green hackenbush }",
    "game g { node kayles }",
    "game g { arc kayles }",
    "game g(G = graph { a -> b, b -> c }) { heaps *; slide along G }",
    "game g(G = graph { 1 -> 0, 2 -> 1 }) { heaps 1; slide along G }",
];

/// One position literal of each shape.
const POSITIONS: [&str; 16] = [
    "3",
    "(1, 2)",
    "(1, 2, 3)",
    "()",
    "{1, 2}",
    "{}",
    "{(1, 2)}",
    "{(1, 2), (3, 4)}",
    "{(1, 2), 3}",
    "{3, (1, 2)}",
    "THHT",
    "graph { 0 -- 1, 1 -- 2 }",
    "graph { 1 -- 2, 3 }",
    "a",
    "(a, b)",
    "(1, 2",
];

#[test]
fn every_position_shape_against_every_game_shape_is_answered_or_refused() {
    for game in GAMES {
        for position in POSITIONS {
            let text = format!("{game}\nanalyze g at {position}\n");
            let reached = exercise(&text);
            assert!(
                reached.answers + reached.errors >= 1,
                "{text}: neither answered nor refused"
            );
        }
    }
}
