//! Answers as text for people and as JSON for programs.

use std::fmt::Write;

use serde_json::{Value as Json, json};

use crate::analysis::{Answer, Method, Outcome};

/// An answer as the text `gamelang analyze` prints.
pub fn text(answer: &Answer) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_text(&mut out, answer);
    out
}

fn write_text(out: &mut String, answer: &Answer) -> std::fmt::Result {
    if answer.position.contains(" at ") {
        writeln!(out, "{}", answer.position)?;
    } else {
        writeln!(out, "{} at {}", answer.game, answer.position)?;
    }
    let outcome = match answer.outcome {
        Outcome::P => "P (the player to move loses)",
        Outcome::N => "N (the player to move wins)",
    };
    writeln!(out, "  outcome: {outcome}")?;
    match answer.grundy {
        Some(g) => writeln!(out, "  grundy:  {g}")?,
        None => writeln!(out, "  grundy:  none (misère play)")?,
    }
    writeln!(out, "  winning moves: {}", answer.winning_moves.len())?;
    for m in &answer.winning_moves {
        let component = m.component.map_or(String::new(), |c| format!("in component {c}: "));
        writeln!(out, "    {component}{} → {}   [{}]", m.text, m.to, m.rule)?;
    }
    writeln!(out, "  method:  {}", method_text(&answer.method))
}

fn method_text(method: &Method) -> String {
    match method {
        Method::Search { explored, held } => format!(
            "search: explored {} new positions and {} moves ({} positions held)",
            explored.positions, explored.edges, held
        ),
    }
}

/// An answer as a JSON object.
pub fn json(answer: &Answer) -> Json {
    let moves: Vec<Json> = answer
        .winning_moves
        .iter()
        .map(|m| {
            let mut object = json!({ "rule": m.rule, "to": m.to, "text": m.text });
            if let Some(c) = m.component {
                object["component"] = json!(c);
            }
            object
        })
        .collect();
    let method = match &answer.method {
        Method::Search { explored, held } => json!({
            "kind": "search",
            "positions_explored": explored.positions,
            "edges_explored": explored.edges,
            "positions_held": held,
            "text": method_text(&answer.method),
        }),
    };
    json!({
        "game": answer.game,
        "position": answer.position,
        "outcome": match answer.outcome { Outcome::P => "P", Outcome::N => "N" },
        "grundy": answer.grundy,
        "winning_moves": moves,
        "winning_move_count": answer.winning_moves.len(),
        "method": method,
    })
}
