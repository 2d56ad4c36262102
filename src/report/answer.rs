//! An analysis's answers as text for people and as JSON for programs.

use std::fmt::Write;

use num_traits::Zero;
use serde_json::{Map, Value as Json, json};

use super::describe::describe;
use super::method::{method_json, method_text};
use super::quotient::stopped_text;
use super::words::number;
use crate::analysis::{
    Answer, Compared, Component, Count, Deciding, Gain, Gamma, Grundy, Loopy, MISERE_OUTSIDE,
    MisereValue, NoValue, Note, Number, Outcome, Partizan, Scoring, Start, SumTerm, Unknown,
    ValueMove, WinningMove,
};
use crate::partizan::{Dyadic, MAX_MISERE_TEXT};
use crate::position::Position;
use crate::rules::{Game, ParamValue, Side};
use crate::syntax::ast::Split;

/// What the caller says about a note, after it: how to see what the answer
/// left out (the command line names its option). `None` adds nothing.
pub type Advice<'a> = &'a dyn Fn(&Note) -> Option<String>;

/// An answer as the text `gamelang analyze` prints.
pub fn text(answer: &Answer, advice: Advice) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_text(&mut out, answer, advice, false);
    out
}

/// The same text, its outcome in colour for a terminal (ANSI): P red, N
/// green.
pub fn text_in_colour(answer: &Answer, advice: Advice) -> String {
    let mut out = String::new();
    let _ = write_text(&mut out, answer, advice, true);
    out
}

fn write_text(out: &mut String, answer: &Answer, advice: Advice, colour: bool) -> std::fmt::Result {
    if let Some(compared) = &answer.compared {
        let (g, h) = compared_texts(answer, compared);
        writeln!(out, "compare {g} to {h}")?;
        match compared.relation {
            Some(r) => writeln!(out, "  relation: {g} {} {h}", r.symbol())?,
            None if answer.loopy.is_some() => writeln!(
                out,
                "  relation: none (G or H has too many positions to be ordered by its sides)"
            )?,
            None => writeln!(
                out,
                "  relation: none (G - H is a draw: play can go on forever, and orders nothing)"
            )?,
        }
        writeln!(out, "  G - H:")?;
    } else if let Some(compound) = &answer.compound {
        let position = match answer.is_sum() {
            true => position_text(answer, None),
            false => format!("{} at {}", game_text(answer), position_text(answer, None)),
        };
        writeln!(out, "{} {position}", compound.kind.word())?;
    } else if answer.is_sum() || written_values(answer).is_some() || negated(answer) {
        writeln!(out, "{}", position_text(answer, None))?;
    } else {
        writeln!(
            out,
            "{} at {}",
            game_text(answer),
            position_text(answer, None)
        )?;
    }
    let loopy_meaning;
    let (letter, meaning) = match (answer.outcome, &answer.scoring) {
        (outcome, _) if let Some(loopy) = &answer.loopy => {
            loopy_meaning = format!(
                "Left first: {}; Right first: {}",
                winner_text(loopy.left_first.winner),
                winner_text(loopy.right_first.winner)
            );
            (outcome.letter(), loopy_meaning.as_str())
        }
        (Outcome::P, Some(_)) => ("P", "the player to move loses on points"),
        (Outcome::N, Some(_)) => ("N", "the player to move wins on points"),
        (Outcome::D, Some(_)) => ("D", "a draw: equal points with best play"),
        (outcome, _) => outcome_meaning(outcome),
    };
    let letter = if colour {
        super::words::paint_outcomes(letter)
    } else {
        letter.to_string()
    };
    writeln!(out, "  outcome: {letter} ({meaning})")?;
    if let Some(partizan) = &answer.partizan {
        write_partizan(out, answer, partizan)?;
    } else if let Some(loopy) = &answer.loopy {
        write_loopy(out, answer, loopy)?;
    } else if let Some(scoring) = &answer.scoring {
        write_scoring(out, answer, scoring)?;
    } else if answer.grundy == Grundy::None(NoValue::OutcomeOnly) {
        writeln!(out, "  value:   not sought (asked for its outcome alone)")?;
    } else {
        write_grundy_and_moves(out, answer)?;
    }
    for (i, method) in answer.method.components.iter().enumerate() {
        // A sum searched whole has one method for all its components.
        let label = if answer.method.components.len() > 1 {
            format!("  method {}:", i + 1)
        } else {
            "  method:".to_string()
        };
        writeln!(out, "{label} {}", method_text(method))?;
    }
    for note in &answer.notes {
        writeln!(out, "  note: {}", note_text(answer, note, advice))?;
    }
    Ok(())
}

/// An outcome's letter and what it means.
fn outcome_meaning(outcome: Outcome) -> (&'static str, &'static str) {
    match outcome {
        Outcome::P => ("P", "the player to move loses"),
        Outcome::N => ("N", "the player to move wins"),
        Outcome::D => ("D", "a draw: neither player can force a win"),
        Outcome::L => ("L", "Left wins, whoever starts"),
        Outcome::R => ("R", "Right wins, whoever starts"),
    }
}

/// A scoring answer's lines: its score, and its best moves with what each
/// scores.
fn write_scoring(out: &mut String, answer: &Answer, scoring: &Scoring) -> std::fmt::Result {
    let points = |n: i128| match n.unsigned_abs() {
        1 => "1 point".to_string(),
        n => format!("{n} points"),
    };
    let said = match scoring.score.signum() {
        1 => format!("the player to move wins by {}", points(scoring.score)),
        -1 => format!("the player to move loses by {}", points(scoring.score)),
        _ => "equal points".to_string(),
    };
    writeln!(
        out,
        "  score:   {} ({said}: their points from here on minus the other's, both playing their best)",
        scoring.score
    )?;
    writeln!(out, "  best moves: {}", scoring.best_move_count)?;
    for (m, gain) in scoring.best_moves.iter().zip(&scoring.gains) {
        writeln!(
            out,
            "    {}   [{}]{}",
            move_line(answer, m),
            rule_name(answer, m),
            gain_text(gain)
        )?;
    }
    Ok(())
}

/// What a move scores, after it: ` scores 3`, ` scores 1, moves again`;
/// nothing for a move that scores nothing.
fn gain_text(gain: &Gain) -> String {
    match (gain.points, gain.again) {
        (0, false) => String::new(),
        (0, true) => " moves again".to_string(),
        (n, false) => format!(" scores {n}"),
        (n, true) => format!(" scores {n}, moves again"),
    }
}

/// A partizan answer's lines: its value and what follows from it, and
/// each side's winning moves.
fn write_partizan(out: &mut String, answer: &Answer, partizan: &Partizan) -> std::fmt::Result {
    let parts: Vec<&str> = (partizan.components.iter())
        .chain(&partizan.values)
        .map(String::as_str)
        .collect();
    let value = partizan.value.as_deref().unwrap_or(
        "too large to write: more than 65536 characters (its options are written out each time they occur)",
    );
    match parts.as_slice() {
        [_] => writeln!(out, "  value:   {value}")?,
        each => writeln!(out, "  value:   {} = {value}", each.join(" + "))?,
    }
    let or_none = |x: Option<&Dyadic>| x.map_or_else(|| "unknown".to_string(), Dyadic::to_string);
    writeln!(
        out,
        "  temperature: {}; mean: {}; stops: {} (Left first), {} (Right first); born on day {}",
        or_none(partizan.temperature()),
        or_none(partizan.mean()),
        partizan.left_stop,
        partizan.right_stop,
        partizan.birthday
    )?;
    let reduced = partizan.reduced.as_deref().unwrap_or("too large to write");
    match &partizan.atomic_weight {
        Some(weight) => writeln!(
            out,
            "  reduced canonical form: {reduced}; atomic weight: {weight}"
        )?,
        None => writeln!(out, "  reduced canonical form: {reduced}")?,
    }
    let sides = [
        (
            "Left",
            partizan.left_move_count,
            &partizan.left_moves,
            &partizan.left_value_moves,
        ),
        (
            "Right",
            partizan.right_move_count,
            &partizan.right_moves,
            &partizan.right_value_moves,
        ),
    ];
    for (side, count, moves, value_moves) in sides {
        writeln!(out, "  {side} moving first, winning moves: {count}")?;
        write_moves(out, answer, moves)?;
        for m in value_moves {
            writeln!(out, "    {}", value_move_text(&partizan.values, m))?;
        }
    }
    Ok(())
}

/// A move in a written value (`values`, as written): `{2|-1/2} → 2`.
fn value_move_text(values: &[String], m: &ValueMove) -> String {
    let from = values.get(m.value).map_or("", String::as_str);
    format!("{from} → {}", m.to)
}

/// A misère sum's value, as the text's `value:` line says it.
fn misere_text(value: &MisereValue) -> String {
    match value {
        MisereValue::Form(Some(form)) => {
            format!("{form} (misère play, in the dead-ending universe)")
        }
        MisereValue::Form(None) => format!(
            "its misère form is longer than {MAX_MISERE_TEXT} characters to write (`--json` neither)"
        ),
        MisereValue::Outside {
            game,
            position,
            side,
        } => format!(
            "none in misère play [{MISERE_OUTSIDE}]: {} is not dead-ending (at {}, {} has no move, yet gets one after a move of {}'s); misère values are known in the dead-ending universe alone",
            game.title(),
            shown(game, position),
            side.name(),
            side.other().name()
        ),
        MisereValue::Stopped(why) => format!("not found in misère play: {why}"),
    }
}

/// A misère sum's value in JSON: `form` (null where it is not found or
/// too long to write), and where there is none, `code` and `outside` (a
/// game outside the dead-ending universe) or `stopped`.
fn misere_json(value: &MisereValue) -> Json {
    match value {
        MisereValue::Form(form) => json!({"universe": "dead-ending", "form": form}),
        MisereValue::Outside {
            game,
            position,
            side,
        } => json!({
            "universe": "dead-ending",
            "form": null,
            "code": MISERE_OUTSIDE,
            "outside": {
                "game": game.title(),
                "position": shown(game, position),
                "side": side.name(),
            },
        }),
        MisereValue::Stopped(why) => {
            json!({"universe": "dead-ending", "form": null, "stopped": why})
        }
    }
}

/// `1 move`, `3 moves`.
fn moves(n: u64) -> String {
    match n {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}

/// Who wins, as a sentence names them: `Left wins`, or `a draw`.
fn winner_text(winner: Option<Side>) -> String {
    match winner {
        Some(side) => format!("{} wins", side.name()),
        None => "a draw".to_string(),
    }
}

/// A loopy partizan answer's lines: with each player first, who wins and
/// in how many moves, and that player's best moves; whether it is a
/// stopper.
fn write_loopy(out: &mut String, answer: &Answer, loopy: &Loopy) -> std::fmt::Result {
    match (&loopy.value, loopy.stopper) {
        (Some(value), Some(true)) => {
            writeln!(out, "  value:   {value} (a stopper's simplest form)")?
        }
        (Some(value), _) if value.contains(" & ") => {
            writeln!(out, "  value:   {value} (its onside & offside)")?
        }
        (Some(value), _) => writeln!(out, "  value:   {value} (its onside and its offside)")?,
        (None, _) => {}
    }
    if let Some(misere) = &loopy.misere {
        writeln!(out, "  value:   {}", misere_text(misere))?;
    }
    for (side, start) in [
        (Side::Left, &loopy.left_first),
        (Side::Right, &loopy.right_first),
    ] {
        let (said, best) = match (start.winner, start.remoteness) {
            (Some(w), Some(r)) if w == side => {
                (format!("{} wins in {}", w.name(), moves(r)), "winning")
            }
            (Some(w), Some(r)) => (format!("{} wins in {}", w.name(), moves(r)), ""),
            (Some(w), None) => (format!("{} wins", w.name()), ""),
            // A draw's moves are listed where the sum itself was searched.
            (None, _) if !start.move_count.is_zero() => {
                ("a draw: play goes on forever".to_string(), "drawing")
            }
            (None, _) => ("a draw: play goes on forever".to_string(), ""),
        };
        let said = match start.tallies.as_slice() {
            [] => said,
            tallies => {
                let each: Vec<String> = tallies.iter().map(u64::to_string).collect();
                format!("{said} (the least of the tallies {})", each.join(", "))
            }
        };
        match best {
            "" => writeln!(out, "  {} moving first: {said}", side.name())?,
            best => writeln!(
                out,
                "  {} moving first: {said}; {best} moves: {}",
                side.name(),
                start.move_count
            )?,
        }
        write_moves(out, answer, &start.moves)?;
        for moves in &start.compound_moves {
            writeln!(out, "    {}", compound_move_text(answer, moves))?;
        }
        for m in &start.value_moves {
            writeln!(out, "    {}", value_move_text(&loopy.values, m))?;
        }
    }
    Ok(())
}

/// An impartial answer's lines: its Grundy value, timing, and winning (or
/// drawing) moves.
fn write_grundy_and_moves(out: &mut String, answer: &Answer) -> std::fmt::Result {
    match &answer.grundy {
        Grundy::Value(g) => writeln!(out, "  grundy:  {g}")?,
        Grundy::Unknown(_) => writeln!(out, "  grundy:  unknown")?,
        Grundy::Misere => writeln!(out, "  grundy:  none (misère play)")?,
        Grundy::None(why) => writeln!(out, "  grundy:  none ({})", no_value_text(*why))?,
        Grundy::Loopy(gamma) => writeln!(
            out,
            "  grundy:  {} (generalised: the game can go on forever)",
            super::words::gamma_text(gamma)
        )?,
    }
    let count = match &answer.winning_move_count {
        Count::Exact(n) => n.to_string(),
        Count::AtLeast(n) => format!("at least {n}"),
        Count::Unknown => "unknown".to_string(),
    };
    if let Some(timing) = &answer.timing {
        writeln!(
            out,
            "  remoteness: {} (moves to the end with best play); suspense: {}",
            timing.remoteness, timing.suspense
        )?;
    }
    if let Some(compound) = &answer.compound {
        if let Some(d) = &compound.deciding {
            writeln!(out, "  {}", deciding_text(d))?;
        }
        writeln!(out, "  winning moves: {count}")?;
        for moves in &compound.moves {
            writeln!(out, "    {}", compound_move_text(answer, moves))?;
        }
    } else if answer.outcome == Outcome::D {
        // No winning move from a draw: the moves that keep it instead.
        writeln!(out, "  drawing moves: {}", answer.drawing_move_count)?;
        write_moves(out, answer, &answer.drawing_moves)?;
    } else {
        writeln!(out, "  winning moves: {count}")?;
        write_moves(out, answer, &answer.winning_moves)?;
    }
    Ok(())
}

/// The value in a word or two, as a table's column shows it: `3`,
/// `unknown`, `none`, a loopy game's `∞(0, 1)`.
pub(super) fn grundy_short(grundy: &Grundy) -> String {
    match grundy {
        Grundy::Value(g) => g.to_string(),
        Grundy::Unknown(_) => "unknown".to_string(),
        Grundy::Misere | Grundy::None(_) => "none".to_string(),
        Grundy::Loopy(gamma) => super::words::gamma_text(gamma),
    }
}

/// The first winning move (of a draw, the first drawing move) on one
/// line, `take 2 from heap 1 → (1, 4, 5)`; `None` when none is listed.
pub(super) fn first_move_text(answer: &Answer) -> Option<String> {
    if let Some(compound) = &answer.compound {
        return (compound.moves.first()).map(|moves| compound_move_words(answer, moves));
    }
    let moves = match answer.outcome {
        Outcome::D => &answer.drawing_moves,
        _ => &answer.winning_moves,
    };
    moves.first().map(|m| move_line(answer, m))
}

/// A move of an answer on one line, without its rule: `in component 2:
/// take 1 → (1, 4)`.
fn move_line(answer: &Answer, m: &WinningMove) -> String {
    let component = match answer.is_sum() {
        true => format!("in component {}: ", m.component + 1),
        false => String::new(),
    };
    let (words, after) = (move_text(answer, m), position_text(answer, Some(m)));
    format!("{component}{}", super::words::moved_text(&words, &after))
}

fn no_value_text(why: NoValue) -> &'static str {
    match why {
        NoValue::Compound => "values add only in sums",
        NoValue::Over => "the play is over here",
        NoValue::WinsAtOnce => "a move wins the whole play at once, whatever is played beside",
        NoValue::Draws => "the game declares draws",
        NoValue::Partizan => "a partizan position: its value is its canonical form",
        NoValue::OutcomeOnly => "asked for its outcome alone",
        NoValue::Scoring => "a scoring game: its value is its score",
        NoValue::Loopy => {
            "a partizan game that can go on forever: its outcome with each player first"
        }
    }
}

/// The number that decides a compound: `remoteness: 3 (the least of 3,
/// 5)`.
fn deciding_text(d: &Deciding) -> String {
    let (name, which) = match d.number {
        Number::Remoteness => ("remoteness", "least"),
        Number::Suspense => ("suspense", "greatest"),
    };
    match d.components.as_slice() {
        [_] => format!("{name}: {}", d.compound),
        all => {
            let each: Vec<String> = all.iter().map(u64::to_string).collect();
            format!(
                "{name}: {} (the {which} of {})",
                d.compound,
                each.join(", ")
            )
        }
    }
}

/// A move of a compound: the move in each component that moves, `in
/// component 1: take 2 → 3; in component 2: ... [rules]`.
fn compound_move_text(answer: &Answer, moves: &[WinningMove]) -> String {
    let rules: Vec<&str> = moves.iter().map(|m| rule_name(answer, m)).collect();
    format!(
        "{}   [{}]",
        compound_move_words(answer, moves),
        rules.join(", ")
    )
}

/// A move of a compound without its rules: `in component 1: take 2 → 3;
/// in component 2: ...`.
fn compound_move_words(answer: &Answer, moves: &[WinningMove]) -> String {
    let parts: Vec<String> = (moves.iter())
        .map(|m| {
            let (words, to) = (move_text(answer, m), compound_to(answer, m));
            format!(
                "in component {}: {}",
                m.component + 1,
                super::words::moved_text(&words, &to)
            )
        })
        .collect();
    parts.join("; ")
}

/// Where a compound's move leaves its component, as its game writes it.
fn compound_to(answer: &Answer, m: &WinningMove) -> String {
    shown(&answer.components[m.component].game, &m.to)
}

/// The game's title, or the titles of a sum's components joined by `+`
/// (`-` before a negative).
fn game_text(answer: &Answer) -> String {
    signed_sum(
        answer
            .components
            .iter()
            .map(|c| (c.negated, c.game.title())),
    )
}

/// The two sums `compare G to H` compares, as written.
fn compared_texts(answer: &Answer, compared: &Compared) -> (String, String) {
    let Split { components, values } = compared.split;
    let part = |c: &Component| format!("{} at {}", c.game.title(), shown(&c.game, &c.position));
    let (g_values, h_values) = compared.values.split_at(values.min(compared.values.len()));
    let g = (answer.components.iter().take(components))
        .map(|c| (c.negated, part(c)))
        .chain(g_values.iter().cloned());
    let h = (answer.components.iter().skip(components))
        .map(|c| (!c.negated, part(c)))
        .chain(h_values.iter().cloned());
    (signed_sum(g), signed_sum(h))
}

/// Whether a part of the sum is written after `-`.
fn negated(answer: &Answer) -> bool {
    answer.components.iter().any(|c| c.negated)
}

/// Parts of a sum joined by `+`, each negative after `-`: `a + b - c`.
pub(super) fn signed_sum(parts: impl IntoIterator<Item = (bool, String)>) -> String {
    let mut out = String::new();
    for (negated, text) in parts {
        match (out.is_empty(), negated) {
            (true, false) => {}
            (true, true) => out.push_str("- "),
            (false, false) => out.push_str(" + "),
            (false, true) => out.push_str(" - "),
        }
        out.push_str(&text);
    }
    out
}

/// The values written as parts of the sum, where there are any.
fn written_values(answer: &Answer) -> Option<&[String]> {
    let values = match (&answer.partizan, &answer.loopy) {
        (Some(partizan), _) => &partizan.values,
        (None, Some(loopy)) => &loopy.values,
        (None, None) => return None,
    };
    (!values.is_empty()).then_some(values.as_slice())
}

/// The position as a `.game` file writes it: `(3, 5)` alone, `g at p + h at
/// q` for a sum, the written values after the games; after `after` when
/// given.
fn position_text(answer: &Answer, after: Option<&WinningMove>) -> String {
    let games = games_text(answer, after);
    match written_values(answer) {
        None => games,
        Some(values) if answer.components.is_empty() => values.join(" + "),
        Some(values) => format!("{games} + {}", values.join(" + ")),
    }
}

/// The games of the position (`position_text`), without written values.
fn games_text(answer: &Answer, after: Option<&WinningMove>) -> String {
    // A move that becomes a sum: the sum alone, or each of its positions in
    // place of the component that moved.
    if let Some(m) = after.filter(|m| !m.terms.is_empty()) {
        let game = &answer.components[m.component].game;
        let lone =
            answer.components.len() == 1 && written_values(answer).is_none() && !negated(answer);
        let terms = sum_terms(game, &m.terms, lone);
        if lone {
            return terms.join(" + ");
        }
        // The moved component's terms in its place, each with its sign.
        let mut texts = Vec::new();
        for (i, c) in answer.components.iter().enumerate() {
            if i == m.component {
                texts.extend(terms.iter().map(|t| (c.negated, t.clone())));
            } else {
                let text = format!("{} at {}", c.game.title(), shown(&c.game, &c.position));
                texts.push((c.negated, text));
            }
        }
        return signed_sum(texts);
    }
    let position = |i: usize, position: &Position| {
        let game = &answer.components[i].game;
        match after {
            Some(m) if m.component == i => shown(game, &m.to),
            _ => shown(game, position),
        }
    };
    if let [only] = answer.components.as_slice()
        && written_values(answer).is_none()
        && !negated(answer)
    {
        return position(0, &only.position);
    }
    signed_sum((answer.components.iter().enumerate()).map(|(i, c)| {
        let text = format!("{} at {}", c.game.title(), position(i, &c.position));
        (c.negated, text)
    }))
}

/// A sum a move of `game` becomes, as a `becomes` writes it: `(3, 5) + (2,
/// 5)`, `row at 9`; with `bare` false, this game's positions are named too.
fn sum_terms(game: &Game, parts: &[SumTerm], bare: bool) -> Vec<String> {
    (parts.iter())
        .map(|p| match &p.game {
            None if bare => tuple_text(&p.position),
            None => format!("{} at {}", game.title(), shown(game, &p.position)),
            Some(other) => format!("{} at {}", other.title(), shown(other, &p.position)),
        })
        .collect()
}

/// A position as its game writes it (`position_text`).
fn shown(game: &Game, position: &Position) -> String {
    super::words::position_text(game, position.heaps(), false)
}

/// A position in parentheses, as a `becomes` writes it: `(3, 5)`, `(4)`.
fn tuple_text(position: &Position) -> String {
    let text = position.to_string();
    if text.starts_with('(') {
        text
    } else {
        format!("({text})")
    }
}

/// The rule's label, or its text.
fn rule_name<'a>(answer: &'a Answer, m: &WinningMove) -> &'a str {
    answer.components[m.component]
        .game
        .rules
        .get(m.rule)
        .map_or("", |rule| rule.name.as_str())
}

/// The move in words: `take 2 from heap 1`, `becomes (3, 5) + (2, 5)`.
fn move_text(answer: &Answer, m: &WinningMove) -> String {
    let component = &answer.components[m.component];
    if !m.terms.is_empty() {
        return format!(
            "becomes {}",
            sum_terms(&component.game, &m.terms, true).join(" + ")
        );
    }
    // Moves listed before it by the same rule to the same position (in
    // the answer's list that holds it; 0 for one of a compound's moves).
    let partizan = answer.partizan.as_deref();
    let lists = [
        Some(&answer.winning_moves),
        Some(&answer.drawing_moves),
        partizan.map(|p| &p.left_moves),
        partizan.map(|p| &p.right_moves),
        answer.scoring.as_deref().map(|s| &s.best_moves),
        answer.loopy.as_deref().map(|l| &l.left_first.moves),
        answer.loopy.as_deref().map(|l| &l.right_first.moves),
    ];
    let nth = (lists.into_iter().flatten())
        .find_map(|list| {
            let at = list.iter().position(|other| std::ptr::eq(other, m))?;
            Some(
                (list[..at].iter())
                    .filter(|o| (o.component, o.rule, &o.to) == (m.component, m.rule, &m.to))
                    .count(),
            )
        })
        .unwrap_or(0);
    match component.game.rules.get(m.rule) {
        Some(rule) => describe(
            &rule.kind,
            component.position.heaps(),
            m.to.heaps(),
            &component.game,
            nth,
        ),
        None => String::new(),
    }
}

fn note_text(answer: &Answer, note: &Note, advice: Advice) -> String {
    let component = |i: usize| {
        let c = &answer.components[i];
        format!("{} at {}", c.game.title(), shown(&c.game, &c.position))
    };
    let text = match note {
        Note::MovesCut { count, listed } => {
            format!("{count} winning moves; the first {listed} are listed")
        }
        Note::MovesCutBySize {
            count,
            listed,
            heaps,
        } => {
            let first = match listed {
                1 => "the first is".to_string(),
                n => format!("the first {n} are"),
            };
            format!("{count} winning moves; each leaves {heaps} heaps, so only {first} listed")
        }
        Note::BestMovesCut { count, listed } => {
            format!("{count} best moves; the first {listed} are listed")
        }
        Note::SideMovesCut {
            side,
            count,
            listed,
        } => format!("{count} winning moves for {side}; the first {listed} are listed"),
        Note::DrawingMovesCut { count, listed } => {
            format!("{count} drawing moves; the first {listed} are listed")
        }
        Note::LoopyByValues => "the sum is larger than one search may hold: each of its games is a stopper, so who wins comes from the sum of their simplest forms, which wins as the sum does; no move is listed".to_string(),
        Note::MovesUncounted => "the winning moves are too many to count here; one found by the closed form's strategy is listed".to_string(),
        Note::MovesNotTried => "the closed form tries no move from heads this large: no winning move is listed, though one exists".to_string(),
        Note::SplitsUncounted => "the winning moves that split a heap are too many to count here; those listed split off the smallest parts".to_string(),
        Note::SplitsListedSmallest { count, listed } => format!(
            "{count} winning moves, counted from the period; the {listed} listed split off the smallest parts"
        ),
        Note::MovesNotListed { component: i } => format!(
            "moves in component {} ({}) are not listed: its heaps are too large to list their moves",
            i + 1,
            component(*i)
        ),
        Note::GrundyUnknown { component: i, why } => format!(
            "the Grundy value of {} is unknown: {}",
            component(*i),
            unknown_text(why)
        ),
        Note::Over { won: true } => {
            "the play is over: the player who moved here won".to_string()
        }
        Note::Over { won: false } => {
            "the play is over: the player who moved here lost".to_string()
        }
        Note::QuotientStopped { game, stopped } => format!(
            "the misère quotient of `{game}` was found only for heaps below {}: {}",
            stopped.heap(),
            stopped_text(stopped)
        ),
    };
    match advice(note) {
        Some(advice) => format!("{text} ({advice})"),
        None => text,
    }
}

fn unknown_text(why: &Unknown) -> &'static str {
    match why {
        Unknown::OutcomeOnly { .. } => {
            "its closed form gives the outcome only, and the position is too large to search"
        }
    }
}

fn write_moves(out: &mut String, answer: &Answer, moves: &[WinningMove]) -> std::fmt::Result {
    for m in moves {
        writeln!(
            out,
            "    {}   [{}]",
            move_line(answer, m),
            rule_name(answer, m)
        )?;
    }
    Ok(())
}

/// Heaps as a JSON list of exact numbers.
fn heaps_json(position: &Position) -> Json {
    Json::Array(position.heaps().iter().map(number).collect())
}

fn param_json(value: &ParamValue) -> Json {
    match value {
        ParamValue::Int(n) => number(n),
        ParamValue::Set(items) => Json::Array(items.iter().map(number).collect()),
        ParamValue::List(items) => Json::Array(items.iter().map(number).collect()),
        ParamValue::Graph(graph) => json!({
            "arcs": (graph.arcs.iter())
                .map(|&(a, b, both)| json!({ "from": a, "to": b, "both_ways": both }))
                .collect::<Vec<_>>(),
        }),
    }
}

/// The facts of an answer a census row keeps, as `json` names them.
pub const CENSUS_FACTS: [&str; 10] = [
    "value",
    "outcome",
    "temperature",
    "mean",
    "left_stop",
    "right_stop",
    "birthday",
    "reduced_canonical_form",
    "atomic_weight",
    "grundy",
];

/// A census row: the `position` (as a census writes it: a board without
/// its quotes) of its tier's `size` and the facts of its answer
/// (`CENSUS_FACTS`), as `gamelang census --json` and the database write
/// it.
///
/// Each fact is what `json` writes under its name, made alone: a census
/// writes millions of rows, and the whole answer's JSON (its moves, its
/// components' heaps) is most of a row's time.
pub fn census_row(position: &str, size: u64, answer: &Answer) -> Json {
    let mut row: Map<String, Json> = (CENSUS_FACTS.iter())
        .map(|key| (key.to_string(), Json::Null))
        .collect();
    row.insert("position".into(), position.into());
    row.insert("size".into(), size.into());
    row.insert("outcome".into(), answer.outcome.letter().into());
    row.insert("grundy".into(), grundy_json(&answer.grundy));
    if let Some(loopy) = &answer.loopy {
        row.insert("value".into(), loopy.value.clone().into());
    }
    if let Some(p) = &answer.partizan {
        row.extend(partizan_facts(p).map(|(key, fact)| (key.to_string(), fact)));
    }
    Json::Object(row)
}

/// A partizan answer's value and what follows from it, under the names
/// `json` and a census row give them.
fn partizan_facts(p: &Partizan) -> [(&'static str, Json); 8] {
    let dyadic = |x: Option<&Dyadic>| x.map_or(Json::Null, |x| x.to_string().into());
    [
        ("value", json!(p.value)),
        ("temperature", dyadic(p.temperature())),
        ("mean", dyadic(p.mean())),
        ("left_stop", p.left_stop.to_string().into()),
        ("right_stop", p.right_stop.to_string().into()),
        ("birthday", number(&p.birthday)),
        ("reduced_canonical_form", json!(p.reduced)),
        ("atomic_weight", json!(p.atomic_weight)),
    ]
}

/// A Grundy value as JSON: an exact number, a loopy game's γ, or null.
fn grundy_json(grundy: &Grundy) -> Json {
    match grundy {
        Grundy::Loopy(Gamma::Finite(g)) => json!(g),
        Grundy::Loopy(Gamma::Infinite(k)) => json!({ "infinite": k }),
        other => other.value().map_or(Json::Null, number),
    }
}

/// An answer as a JSON object.
pub fn json(answer: &Answer, advice: Advice) -> Json {
    let components: Vec<Json> = answer
        .components
        .iter()
        .map(|c| {
            let params: Map<String, Json> = c
                .game
                .params
                .iter()
                .map(|(name, value)| (name.clone(), param_json(value)))
                .collect();
            let mut component =
                json!({ "game": c.game.name, "params": params, "heaps": heaps_json(&c.position) });
            if c.negated {
                component["negated"] = json!(true);
            }
            component
        })
        .collect();
    let moves_json = |moves: &[WinningMove]| -> Vec<Json> {
        moves
            .iter()
            .map(|m| {
                json!({
                    "rule": rule_name(answer, m),
                    "to": position_text(answer, Some(m)),
                    "text": move_text(answer, m),
                    "component": m.component + 1,
                    "heaps": heaps_json(&m.to),
                    "parts": (m.terms.iter())
                        .map(|p| json!({
                            "game": p.game.as_ref().unwrap_or(&answer.components[m.component].game).title(),
                            "heaps": heaps_json(&p.position),
                        }))
                        .collect::<Vec<_>>(),
                })
            })
            .collect()
    };
    let grundy = grundy_json(&answer.grundy);
    let method = match answer.method.components.as_slice() {
        [only] => method_json(only),
        all => json!({
            "kind": "sum",
            "components": all.iter().map(method_json).collect::<Vec<_>>(),
        }),
    };
    let notes: Vec<String> = answer
        .notes
        .iter()
        .map(|n| note_text(answer, n, advice))
        .collect();
    let compound = answer.compound.as_ref();
    // The number that decides a compound, or a single game's.
    let deciding = |number: Number| -> (Json, Json) {
        let d = compound.and_then(|c| c.deciding.as_ref());
        match (d.filter(|d| d.number == number), &answer.timing) {
            (Some(d), _) => (json!(d.compound), json!(d.components)),
            (None, Some(timing)) => {
                let n = match number {
                    Number::Remoteness => timing.remoteness,
                    Number::Suspense => timing.suspense,
                };
                (json!(n), Json::Null)
            }
            (None, None) => (Json::Null, Json::Null),
        }
    };
    let (remoteness, components_remoteness) = deciding(Number::Remoteness);
    let (suspense, components_suspense) = deciding(Number::Suspense);
    // A compound's moves: each its moves in the components that move.
    let compound_moves = |moves: &[Vec<WinningMove>]| -> Vec<Json> {
        (moves.iter())
            .map(|moves| {
                let each: Vec<Json> = (moves.iter())
                    .map(|m| {
                        json!({
                            "component": m.component + 1,
                            "rule": rule_name(answer, m),
                            "text": move_text(answer, m),
                            "to": compound_to(answer, m),
                            "heaps": heaps_json(&m.to),
                        })
                    })
                    .collect();
                json!({ "moves": each, "text": compound_move_text(answer, moves) })
            })
            .collect()
    };
    let winning_moves = match compound {
        Some(c) => compound_moves(&c.moves),
        None => moves_json(&answer.winning_moves),
    };
    let mut object = json!({
        "game": game_text(answer),
        "compound": compound.map(|c| c.kind.word()),
        "remoteness": remoteness,
        "suspense": suspense,
        "components_remoteness": components_remoteness,
        "components_suspense": components_suspense,
        "position": position_text(answer, None),
        "components": components,
        "outcome": answer.outcome.letter(),
        "grundy": grundy,
        "winning_moves": winning_moves,
        "drawing_moves": moves_json(&answer.drawing_moves),
        "drawing_move_count": answer.drawing_move_count,
        "winning_move_count": match &answer.winning_move_count {
            Count::Exact(n) => number(n),
            Count::AtLeast(_) | Count::Unknown => Json::Null,
        },
        "winning_move_count_at_least": match &answer.winning_move_count {
            Count::Exact(n) | Count::AtLeast(n) => number(n),
            Count::Unknown => Json::Null,
        },
        "method": method,
        "notes": notes,
    });
    if let (Some(compared), Some(fields)) = (&answer.compared, object.as_object_mut()) {
        // `compare G to H`: the order, and the two sums as written; the
        // rest of the answer is G − H's.
        let (g, h) = compared_texts(answer, compared);
        let relation = compared.relation.map(|r| r.symbol());
        fields.insert("relation".into(), relation.into());
        fields.insert("compared".into(), json!([g, h]));
    }
    if let (Some(scoring), Some(fields)) = (&answer.scoring, object.as_object_mut()) {
        let best: Vec<Json> = (moves_json(&scoring.best_moves).into_iter())
            .zip(&scoring.gains)
            .map(|(mut m, gain)| {
                if let Some(m) = m.as_object_mut() {
                    m.insert("points".into(), number(&gain.points));
                    m.insert("again".into(), gain.again.into());
                }
                m
            })
            .collect();
        fields.insert("score".into(), number(&scoring.score));
        fields.insert("best_moves".into(), best.into());
        fields.insert("best_move_count".into(), scoring.best_move_count.into());
    }
    if let (Some(loopy), Some(fields)) = (&answer.loopy, object.as_object_mut()) {
        let start = |start: &Start| {
            json!({
                "outcome": start.winner.map_or("D", |w| match w {
                    Side::Left => "L",
                    Side::Right => "R",
                }),
                "remoteness": start.remoteness,
                "moves": moves_json(&start.moves),
                "value_moves": (start.value_moves.iter())
                    .map(|m| json!({
                        "value": m.value + 1,
                        "to": m.to,
                        "text": value_move_text(&loopy.values, m),
                    }))
                    .collect::<Vec<_>>(),
                "compound_moves": compound_moves(&start.compound_moves),
                "move_count": number(&start.move_count),
                "tallies": start.tallies,
            })
        };
        fields.insert("left_first".into(), start(&loopy.left_first));
        fields.insert("right_first".into(), start(&loopy.right_first));
        fields.insert("stopper".into(), loopy.stopper.into());
        fields.insert("value".into(), loopy.value.clone().into());
        fields.insert("values".into(), json!(loopy.values));
        if let Some(misere) = &loopy.misere {
            fields.insert("misere_value".into(), misere_json(misere));
        }
    }
    if let (Some(p), Some(fields)) = (&answer.partizan, object.as_object_mut()) {
        let value_moves_json = |moves: &[ValueMove]| -> Vec<Json> {
            (moves.iter())
                .map(|m| {
                    json!({
                        "value": m.value + 1,
                        "to": m.to,
                        "text": value_move_text(&p.values, m),
                    })
                })
                .collect()
        };
        let partizan = json!({
            "component_values": p.components,
            "values": p.values,
            "left_moves": moves_json(&p.left_moves),
            "left_value_moves": value_moves_json(&p.left_value_moves),
            "left_move_count": p.left_move_count,
            "right_moves": moves_json(&p.right_moves),
            "right_value_moves": value_moves_json(&p.right_value_moves),
            "right_move_count": p.right_move_count,
        });
        if let Json::Object(partizan) = partizan {
            fields.extend(partizan);
        }
        fields.extend(partizan_facts(p).map(|(key, fact)| (key.to_string(), fact)));
    }
    object
}

/// The boards of an answer's components drawn as text, a line a row, each
/// under its game's name (the language server shows them on hover); `None`
/// where no component is a board.
pub fn boards_text(answer: &Answer) -> Option<String> {
    let drawn: Vec<String> = (answer.components.iter())
        .filter(|c| c.game.board)
        .filter_map(|c| {
            let rows = crate::position::board_rows(&c.position.to_u64s()?);
            Some(format!("{}:\n{}", c.game.title(), rows.join("\n")))
        })
        .collect();
    (!drawn.is_empty()).then(|| drawn.join("\n\n"))
}
