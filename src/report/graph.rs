//! A position graph drawn: Graphviz DOT for people, JSON for programs.

use std::fmt::Write;

use num_bigint::BigUint;
use petgraph::graph::DiGraph;
use petgraph::visit::EdgeRef;
use serde_json::{Value as Json, json};

use super::describe::describe;
use super::words::position_text;
use crate::analysis::graph::{Edge, Node};
use crate::position::{Outcome, Side, board_rows};
use crate::rules::Game;
use crate::search::loopy::Gamma;

/// The move an edge makes, in words: `take 2 from heap 1`.
pub(super) fn edge_text(game: &Game, from: &Node, edge: &Edge) -> String {
    let big = |heaps: &[u64]| heaps.iter().map(|&h| BigUint::from(h)).collect::<Vec<_>>();
    match game.rules.get(edge.rule) {
        Some(rule) => describe(&rule.kind, &big(&from.heaps), &big(&edge.after), game, 0),
        None => String::new(),
    }
}

fn outcome(node: &Node) -> &'static str {
    node.outcome.letter()
}

/// What a drawn position says of itself: its value `g = 3`, or where it
/// has none its outcome (`P (win when)` at a declared end).
pub(super) fn value_text(node: &Node) -> String {
    if let Some(form) = &node.form {
        return form.clone();
    }
    match (&node.value, node.end) {
        (Some(g), _) => format!("g = {}", super::words::gamma_text(g)),
        (None, Some(end)) => format!("{} ({} when)", outcome(node), end.word()),
        (None, None) => outcome(node).to_string(),
    }
}

/// The graph in Graphviz DOT: P-positions drawn as double circles (draws
/// dashed), winning moves in bold, each move labelled in words; a board a
/// row a line.
pub fn graph_dot(game: &Game, graph: &DiGraph<Node, Edge>) -> String {
    let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::from("digraph {\n");
    for i in graph.node_indices() {
        let node = &graph[i];
        let value = value_text(node);
        let shape = match node.outcome {
            Outcome::P => "doublecircle",
            Outcome::N | Outcome::L | Outcome::R => "circle",
            Outcome::D => "circle, style = dashed",
        };
        // A board a row a line, in a font whose letters line up.
        let (position, font) = match game.board {
            true => {
                let rows: Vec<String> = board_rows(&node.heaps).iter().map(|r| quote(r)).collect();
                (rows.join("\\n"), ", fontname = \"monospace\"")
            }
            false => (quote(&position_text(game, &node.heaps, true)), ""),
        };
        let _ = writeln!(
            out,
            "    {} [ label = \"{position}\\n{value}\", shape = {shape}{font} ]",
            i.index(),
        );
    }
    for e in graph.edge_references() {
        let edge = e.weight();
        let text = edge_text(game, &graph[e.source()], edge);
        let bold = match (edge.side, edge.winning) {
            (None, true) => ", style = bold",
            (None, false) => "",
            // A partizan game's moves in their player's colour, Right's dashed.
            (Some(Side::Left), true) => ", color = blue, style = bold",
            (Some(Side::Left), false) => ", color = blue",
            (Some(Side::Right), true) => ", color = red, style = \"bold,dashed\"",
            (Some(Side::Right), false) => ", color = red, style = dashed",
        };
        let _ = writeln!(
            out,
            "    {} -> {} [ label = \"{}\"{bold} ]",
            e.source().index(),
            e.target().index(),
            quote(&text)
        );
    }
    out.push_str("}\n");
    out
}

/// The graph as JSON: `{"nodes": [...], "edges": [...]}`. A node has `id`,
/// `position`, `outcome` (`P`, `N`, or `D` for a draw; `L` or `R` in a
/// partizan game) and `grundy` (null in misère play, with ends and in a
/// partizan game; `{"infinite": [...]}` for an infinite generalised value),
/// `end` (`win`, `lose` or `draw` where the position meets an end the game
/// declares, else null) and `value` (a partizan position's canonical form,
/// else null); an edge has `from` and `to` (node ids), `rule`, `text`,
/// `winning` (for the player who makes it) and `side` (`left` or `right`
/// in a partizan game, else null).
pub fn graph_json(game: &Game, graph: &DiGraph<Node, Edge>) -> Json {
    let nodes: Vec<Json> = graph
        .node_indices()
        .map(|i| {
            let node = &graph[i];
            json!({
                "id": i.index(),
                "position": position_text(game, &node.heaps, true),
                "outcome": outcome(node),
                "grundy": match &node.value {
                    Some(Gamma::Finite(g)) => json!(g),
                    Some(Gamma::Infinite(k)) => json!({ "infinite": k }),
                    None => Json::Null,
                },
                "end": node.end.map(|e| e.word()),
                "value": node.form,
            })
        })
        .collect();
    let edges: Vec<Json> = graph
        .edge_references()
        .map(|e| {
            let edge = e.weight();
            json!({
                "from": e.source().index(),
                "to": e.target().index(),
                "rule": game.rules.get(edge.rule).map(|r| r.name.clone()),
                "text": edge_text(game, &graph[e.source()], edge),
                "winning": edge.winning,
                "side": edge.side.map(Side::word),
            })
        })
        .collect();
    json!({ "nodes": nodes, "edges": edges })
}
