//! An analysis's answers as text for people and as JSON for programs.

use std::fmt::Write;

use serde_json::{Value as Json, json};

use super::number;
use crate::analysis::{Answer, ComponentMethod, Count, Outcome};

/// An answer as the text `gamelang analyze` prints.
pub fn text(answer: &Answer) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_text(&mut out, answer);
    out
}

fn write_text(out: &mut String, answer: &Answer) -> std::fmt::Result {
    let sum = answer.method.components.len() > 1;
    if sum {
        writeln!(out, "{}", answer.position)?;
    } else {
        writeln!(out, "{} at {}", answer.game, answer.position)?;
    }
    let outcome = match answer.outcome {
        Outcome::P => "P (the player to move loses)",
        Outcome::N => "N (the player to move wins)",
    };
    writeln!(out, "  outcome: {outcome}")?;
    match &answer.grundy {
        Some(g) => writeln!(out, "  grundy:  {g}")?,
        None if answer.notes.iter().any(|n| n.contains("Grundy")) => {
            writeln!(out, "  grundy:  unknown")?
        }
        None => writeln!(out, "  grundy:  none (misère play)")?,
    }
    let count = match &answer.winning_move_count {
        Count::Exact(n) => n.to_string(),
        Count::AtLeast(n) => format!("at least {n}"),
        Count::Unknown => "unknown".to_string(),
    };
    writeln!(out, "  winning moves: {count}")?;
    for m in &answer.winning_moves {
        let component = m
            .component
            .map_or(String::new(), |c| format!("in component {c}: "));
        writeln!(out, "    {component}{} → {}   [{}]", m.text, m.to, m.rule)?;
    }
    for (i, method) in answer.method.components.iter().enumerate() {
        let label = if sum {
            format!("  method {}:", i + 1)
        } else {
            "  method:".to_string()
        };
        writeln!(out, "{label} {}", method_text(method))?;
    }
    for note in &answer.notes {
        writeln!(out, "  note: {note}")?;
    }
    Ok(())
}

fn method_text(method: &ComponentMethod) -> String {
    match method {
        ComponentMethod::ClosedForm {
            id,
            rule,
            verified,
            grundy_by_search,
        } => {
            let grundy = if *grundy_by_search {
                "; Grundy value by search"
            } else {
                ""
            };
            format!(
                "closed form: {id} — {rule} (checked against the search on {} positions{grundy})",
                verified.positions
            )
        }
        ComponentMethod::Search {
            explored,
            held,
            decomposed,
        } => {
            if *decomposed {
                format!(
                    "search, as a sum of one-heap games: {} new heap sizes, {} moves ({held} heap sizes held)",
                    explored.positions, explored.edges
                )
            } else {
                format!(
                    "search: {} new positions, {} moves ({held} positions held)",
                    explored.positions, explored.edges
                )
            }
        }
    }
}

fn method_json(method: &ComponentMethod) -> Json {
    match method {
        ComponentMethod::ClosedForm {
            id,
            rule,
            verified,
            grundy_by_search,
        } => json!({
            "kind": "closed-form",
            "name": id,
            "rule": rule,
            "verified": {
                "positions": verified.positions,
                "max_heap": verified.bound,
                "max_heaps": verified.max_heaps,
            },
            "grundy_by_search": grundy_by_search,
            "text": method_text(method),
        }),
        ComponentMethod::Search {
            explored,
            held,
            decomposed,
        } => json!({
            "kind": "search",
            "positions_explored": explored.positions,
            "edges_explored": explored.edges,
            "positions_held": held,
            "decomposed": decomposed,
            "text": method_text(method),
        }),
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
    let method = match answer.method.components.as_slice() {
        [only] => method_json(only),
        all => json!({
            "kind": "sum",
            "components": all.iter().map(method_json).collect::<Vec<_>>(),
        }),
    };
    json!({
        "game": answer.game,
        "position": answer.position,
        "outcome": match answer.outcome { Outcome::P => "P", Outcome::N => "N" },
        "grundy": answer.grundy.as_ref().map_or(Json::Null, number),
        "winning_moves": moves,
        "winning_move_count": match &answer.winning_move_count {
            Count::Exact(n) => number(n),
            Count::AtLeast(_) | Count::Unknown => Json::Null,
        },
        "winning_move_count_at_least": match &answer.winning_move_count {
            Count::Exact(n) | Count::AtLeast(n) => number(n),
            Count::Unknown => Json::Null,
        },
        "method": method,
        "notes": answer.notes,
    })
}
