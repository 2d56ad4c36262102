//! The small words every report writes: a position as its game writes it,
//! a move and where it leads, outcomes painted, a loopy value, a number.

use std::fmt::Display;

use num_traits::ToPrimitive;

use serde_json::Value as Json;

use crate::position::{
    board_text, graph_text, heads_text, heaps_text, heaps_text_in_full, pairs_text,
};
use crate::rules::Game;

/// A move in words and where it leads: `take 2 → (1, 4)`; where it leads
/// alone when there are no words; the words alone for a lone position's
/// `becomes`, which name where it leads already.
pub(super) fn moved_text(words: &str, to: &str) -> String {
    if words.is_empty() {
        return to.to_string();
    }
    if words.strip_prefix("becomes ") == Some(to) {
        return words.to_string();
    }
    format!("{words} → {to}")
}

/// A position as its game writes it: heaps `(3, 5)` (every one of them
/// where `in_full` asks: a drawn graph's labels must tell positions apart),
/// named parts by their names `(stones = 20, limit = 19)`, a game of
/// coins' heads `{1, 5, 9}`, a product's pairs, a graph, or tokens on
/// vertices named by words `(a, b)`.
pub(crate) fn position_text<T: Display + PartialEq + ToPrimitive>(
    game: &Game,
    heaps: &[T],
    in_full: bool,
) -> String {
    if let Some(shape) = game.graph {
        return graph_text(shape, heaps);
    }
    if game.board {
        return board_text(heaps);
    }
    if let Some(graph) = game.named_graph() {
        let names: Vec<String> = heaps.iter().map(|h| graph.vertex_name(h)).collect();
        return match names.as_slice() {
            [one] => one.clone(),
            _ => format!("({})", names.join(", ")),
        };
    }
    if let Some(parts) = game.parts.as_deref().filter(|p| p.len() == heaps.len()) {
        let each: Vec<String> = (parts.iter().zip(heaps))
            .map(|(name, n)| format!("{name} = {n}"))
            .collect();
        return format!("({})", each.join(", "));
    }
    match game.coins {
        Some(coins) if coins.pairs.is_some() => pairs_text(heaps),
        Some(_) => heads_text(heaps),
        None if in_full => heaps_text_in_full(heaps),
        None => heaps_text(heaps),
    }
}

/// `text` with each outcome letter P or N in it coloured for a terminal
/// (ANSI): P red, N green. Only for texts whose capitals P and N are all
/// outcomes.
pub(super) fn paint_outcomes(text: &str) -> String {
    text.replace('P', "\x1b[1;31mP\x1b[0m")
        .replace('N', "\x1b[1;32mN\x1b[0m")
}

/// `text` in the colour of a partizan outcome class, for a terminal:
/// L blue, R red, N green, P bold.
pub(super) fn paint_outcomes_in(text: &str, outcome: crate::position::Outcome) -> String {
    use crate::position::Outcome;
    let code = match outcome {
        Outcome::L => "1;34",
        Outcome::R => "1;31",
        Outcome::N => "1;32",
        Outcome::P | Outcome::D => "1",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// A generalised Sprague-Grundy value: `3`, or `∞(0, 2)`.
pub(crate) fn gamma_text(gamma: &crate::search::loopy::Gamma) -> String {
    match gamma {
        crate::search::loopy::Gamma::Finite(g) => g.to_string(),
        crate::search::loopy::Gamma::Infinite(k) if k.is_empty() => "∞".to_string(),
        crate::search::loopy::Gamma::Infinite(k) => {
            let k: Vec<String> = k.iter().map(u32::to_string).collect();
            format!("∞({})", k.join(", "))
        }
    }
}

/// An exact integer as a JSON number, of any size.
pub(super) fn number(n: &impl std::fmt::Display) -> Json {
    serde_json::from_str(&n.to_string()).unwrap_or(Json::Null)
}
