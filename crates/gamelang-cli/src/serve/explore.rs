//! What the explorer asks of the library, one call a request, each on a
//! blocking thread within one question's limits: a file's diagnostics and
//! games, a position's moves each valued, the computer's move in a play, a
//! table, a picture. Each answers JSON (or an SVG), or the diagnostics that
//! say why not, as `--json` gives them.

use std::sync::Arc;

use gamelang::{Analyzer, Game, Grundy, Options, Program, SearchOptions, Side, Source};
use serde_json::{Value, json};

use super::super::ColorChoice;
use super::super::error::CliError;
use super::super::output::Output;

/// Diagnostics, as `--json` gives them: why a request has no answer.
pub type Refusal = Vec<Value>;

/// The diagnostics of `errors`, with no advice about options.
fn refusal(errors: &[gamelang::Error]) -> Refusal {
    let mut output = Output::new(ColorChoice::Never, true, Vec::new());
    output.errors(errors);
    output.take_gathered()
}

/// The diagnostic of one of the command's own errors.
fn refusal_of(error: &CliError) -> Refusal {
    vec![gamelang::diagnostic_json(error)]
}

/// A side as the API writes it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}

/// A side as the API reads it.
pub fn side_named(name: &str) -> Option<Side> {
    match name {
        "left" => Some(Side::Left),
        "right" => Some(Side::Right),
        _ => None,
    }
}

/// `check` as the editor pane asks it: every diagnostic of `source`
/// (errors and warnings), its games, and the first position its `analyze`
/// statements ask (where the page starts).
pub fn check(source: &Source) -> Value {
    let (program, errors) = gamelang::check(source, Vec::new());
    let mut output = Output::new(ColorChoice::Never, true, Vec::new());
    for warning in &program.warnings() {
        output.diagnostic(warning);
    }
    let errors: Vec<gamelang::Error> = errors.into_iter().map(gamelang::Error::from).collect();
    output.errors(&errors);
    let games: Vec<Value> = (program.games.iter())
        .map(|entry| {
            let name = &entry.def.name.name;
            let game = gamelang::game_named(&program, Some(name)).ok();
            json!({
                "name": name,
                "partizan": game.as_ref().map(|(g, _)| g.partizan_anywhere().is_some()),
                "board": game.as_ref().map(|(g, _)| g.board),
                "graph": game.as_ref().map(|(g, _)| g.graph.is_some()),
                "grounded": game.as_ref().map(|(g, _)| g.grounded()),
            })
        })
        .collect();
    let start = (program.questions.iter()).find_map(|q| match q.components.as_slice() {
        [one] if !one.negated && q.values.is_empty() => {
            let heaps = one.position.to_u64s()?;
            Some(json!({
                "game": one.game.name,
                "at": gamelang::side_position_text(&one.game, &heaps),
            }))
        }
        _ => None,
    });
    json!({
        "diagnostics": output.take_gathered(),
        "games": games,
        "start": start,
        "colours": colours(source.text()),
    })
}

/// The words the editor colours, by the language's own lexer: each
/// `[start, end, class]`, in UTF-16 code units as the page counts them;
/// class `keyword`, `number`, `comment` or `string`.
fn colours(text: &str) -> Vec<Value> {
    let mut units = 0;
    let mut at = 0;
    let mut to_units = |byte: usize| {
        units += text[at..byte].encode_utf16().count();
        at = byte;
        units
    };
    let mut coloured = Vec::new();
    for token in gamelang::tokens(text) {
        let class = match token.kind {
            gamelang::Kind::Word if gamelang::KEYWORDS.contains(&token.text) => "keyword",
            gamelang::Kind::Number => "number",
            gamelang::Kind::Comment => "comment",
            gamelang::Kind::Text => "string",
            _ => continue,
        };
        let start = to_units(token.start);
        let end = to_units(token.start + token.text.len());
        coloured.push(json!([start, end, class]));
    }
    coloured
}

/// One game's position, read from the page: its program, its game and its
/// heaps.
pub struct Spot {
    program: Program,
    game: Arc<Game>,
    heaps: Vec<u64>,
}

impl Spot {
    /// The position `at` of game `game` in `source`.
    pub fn read(source: &Source, game: Option<&str>, at: &str) -> Result<Spot, Refusal> {
        let program = gamelang::load(source, &[] as &[&str]).map_err(|e| refusal(&e))?;
        let question = gamelang::question_at(&program, game, at).map_err(|e| refusal(&e))?;
        let not_one = |what| {
            refusal_of(&CliError::NotOnePosition {
                asked: at.to_string(),
                what,
            })
        };
        let [one] = question.components.as_slice() else {
            return Err(not_one("a sum of games"));
        };
        if one.negated || !question.values.is_empty() {
            return Err(not_one("a sum with values"));
        }
        let heaps = (one.position.to_u64s()).ok_or_else(|| not_one("past 2^64"))?;
        let game = one.game.clone();
        Ok(Spot {
            program,
            game,
            heaps,
        })
    }

    /// The position as the page shows it: written as after `at`, its
    /// board's rows, and what kind of game it is.
    fn json(&self) -> Value {
        let board = self.game.board.then(|| {
            let text = gamelang::side_board_text(&self.game, &self.heaps);
            text.lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        });
        json!({
            "game": self.game.name,
            "at": gamelang::side_position_text(&self.game, &self.heaps),
            "board": board,
            "partizan": self.game.partizan_anywhere().is_some(),
            "graph": self.game.graph.is_some(),
            "grounded": self.game.grounded(),
            "misere": self.game.misere,
            "scoring": self.game.scoring,
        })
    }

    /// The question of the position `heaps` of this game, read from its
    /// text as the page would send it (a board is no tuple of heaps).
    fn question(&self, heaps: &[u64]) -> Result<gamelang::Question, Refusal> {
        let at = gamelang::side_position_text(&self.game, heaps);
        gamelang::question_at(&self.program, Some(&self.game.name), &at).map_err(|e| refusal(&e))
    }
}

/// The analyzer of one request: the server's limits, this job's progress
/// and cancel flag.
fn analyzer(search: &SearchOptions) -> Analyzer {
    Analyzer::new(Options {
        search: search.clone(),
        ..Options::default()
    })
}

/// Every move from the position, Left's and Right's apart in a partizan
/// game, each with where it leads (written as after `at`, where it leads to
/// one position of the game) and that position's value and outcome.
pub fn moves(spot: &Spot, search: &SearchOptions) -> Result<Value, Refusal> {
    let mut analyzer = analyzer(search);
    let moves = match spot.game.partizan_anywhere() {
        Some(_) => {
            let mut all = Vec::new();
            for side in [Side::Left, Side::Right] {
                match analyzer.side_moves(&spot.game, &spot.heaps, side) {
                    Ok((listed, _)) => all.extend(listed.iter().map(|m| side_move_json(spot, m))),
                    // Positions that have no canonical form: play can go
                    // on forever.
                    Err(gamelang::AnalysisError::Partizan { .. }) => {
                        let listed = loopy_moves(spot, &mut analyzer, side)?;
                        all.extend(listed.into_iter().map(|(m, _)| m));
                    }
                    Err(e) => return Err(refusal(&[e.into()])),
                }
            }
            all
        }
        None => impartial_moves(spot, &mut analyzer, search)?,
    };
    Ok(json!({ "position": spot.json(), "moves": moves }))
}

/// A loopy partizan game's moves for `side`, each valued as `analyze`
/// answers where it leads: its outcome class (Siegel's, with D where a
/// start draws) and its value where it has one; it wins for `side` where
/// `side` wins there with the other moving first. Beside each, who wins
/// there with the other moving first (`None`: a draw).
fn loopy_moves(
    spot: &Spot,
    analyzer: &mut Analyzer,
    side: Side,
) -> Result<Vec<(Value, Option<Side>)>, Refusal> {
    let options =
        (analyzer.side_options(&spot.game, &spot.heaps, side)).map_err(|e| refusal(&[e.into()]))?;
    let mut listed = Vec::new();
    for (rule, to) in options {
        let answer = (analyzer.analyze(&spot.question(&to)?)).map_err(|e| refusal(&[e.into()]))?;
        let loopy = answer.loopy.as_deref();
        let next = loopy.map(|l| match side {
            Side::Left => &l.right_first,
            Side::Right => &l.left_first,
        });
        let value = match (loopy, answer.partizan.as_deref()) {
            (Some(l), _) => l.value.clone(),
            (None, Some(p)) => p.value.clone(),
            (None, None) => None,
        };
        let winner = match next {
            Some(start) => start.winner,
            None if answer.outcome.won_second_by(side) => Some(side),
            None => Some(side.other()),
        };
        let m = gamelang::SideMove {
            side,
            rule,
            to,
            value: value.clone().unwrap_or_default(),
            outcome: answer.outcome,
            wins: winner == Some(side),
        };
        let json = json!({
            "side": side_name(side),
            "rule": spot.game.rules.get(rule).map(|r| r.name.clone()),
            "text": gamelang::side_move_words(&spot.game, &spot.heaps, &m),
            "to": gamelang::side_position_text(&spot.game, &m.to),
            "value": value,
            "outcome": m.outcome.letter(),
            "wins": m.wins,
        });
        listed.push((json, winner));
    }
    Ok(listed)
}

fn side_move_json(spot: &Spot, m: &gamelang::SideMove) -> Value {
    json!({
        "side": side_name(m.side),
        "rule": spot.game.rules.get(m.rule).map(|r| r.name.clone()),
        "text": gamelang::side_move_words(&spot.game, &spot.heaps, m),
        "to": gamelang::side_position_text(&spot.game, &m.to),
        "value": m.value,
        "outcome": m.outcome.letter(),
        "wins": m.wins,
    })
}

/// An impartial game's moves, each option valued by the analyzer (its
/// Grundy value, or its outcome where it has none).
fn impartial_moves(
    spot: &Spot,
    analyzer: &mut Analyzer,
    search: &SearchOptions,
) -> Result<Vec<Value>, Refusal> {
    let mut play = gamelang::Standings::new(vec![spot.game.clone()], search);
    let place = gamelang::place_of(vec![spot.heaps.clone()]);
    let moves = play.moves(&place).map_err(|e| refusal(&[e.into()]))?;
    let mut listed = Vec::new();
    for m in &moves {
        // A move that `becomes` a sum of positions leads nowhere one
        // position can name: it is listed, not walked to.
        let to = match m.to.as_slice() {
            [one] if one.game == 0 => Some(one.heaps.clone()),
            _ => None,
        };
        let brief = match &to {
            Some(heaps) => {
                Some((analyzer.brief(&spot.question(heaps)?)).map_err(|e| refusal(&[e.into()]))?)
            }
            None => None,
        };
        listed.push(json!({
            "side": null,
            "rule": spot.game.rules.get(m.rule).map(|r| r.name.clone()),
            "text": gamelang::move_text(&play, &place, m),
            "to": to.as_ref().map(|heaps| gamelang::side_position_text(&spot.game, heaps)),
            "value": brief.as_ref().and_then(|b| grundy_text(&b.grundy)),
            "outcome": brief.as_ref().map(|b| b.outcome.letter()),
            "wins": brief.as_ref().map(|b| b.outcome == gamelang::Outcome::P),
        }));
    }
    Ok(listed)
}

/// A Grundy value as the move list writes it (`*3` is written `3`, as the
/// answers write it), or `None` where there is none.
fn grundy_text(grundy: &Grundy) -> Option<String> {
    match grundy {
        Grundy::Value(g) => Some(g.to_string()),
        Grundy::Loopy(gamelang::Gamma::Finite(g)) => Some(g.to_string()),
        _ => None,
    }
}

/// The computer's move in a play: `side`'s winning move where it has one,
/// else its best (in a partizan game, a move to the value best for it; in
/// an impartial one, the longest resistance); `null` where it has none.
pub fn reply(spot: &Spot, side: Side, search: &SearchOptions) -> Result<Value, Refusal> {
    let chosen = match spot.game.partizan_anywhere() {
        Some(_) => {
            let mut analyzer = analyzer(search);
            match analyzer.side_moves(&spot.game, &spot.heaps, side) {
                Ok((listed, best)) => best
                    .and_then(|i| listed.get(i))
                    .map(|m| side_move_json(spot, m)),
                // Play can go on forever: a move that wins, else one that
                // draws, else the first.
                Err(gamelang::AnalysisError::Partizan { .. }) => {
                    let listed = loopy_moves(spot, &mut analyzer, side)?;
                    let rank = |winner: &Option<Side>| match winner {
                        Some(w) if *w == side => 0,
                        None => 1,
                        Some(_) => 2,
                    };
                    let best = listed.iter().min_by_key(|(_, winner)| rank(winner));
                    best.map(|(m, _)| m.clone())
                }
                Err(e) => return Err(refusal(&[e.into()])),
            }
        }
        None => {
            let mut play = gamelang::Standings::new(vec![spot.game.clone()], search);
            let place = gamelang::place_of(vec![spot.heaps.clone()]);
            let best = play.best(&place).map_err(|e| refusal(&[e.into()]))?;
            best.map(|(m, _)| {
                let to = match m.to.as_slice() {
                    [one] if one.game == 0 => Some(&one.heaps),
                    _ => None,
                };
                json!({
                    "side": null,
                    "rule": spot.game.rules.get(m.rule).map(|r| r.name.clone()),
                    "text": gamelang::move_text(&play, &place, &m),
                    "to": to.map(|heaps| gamelang::side_position_text(&spot.game, heaps)),
                })
            })
        }
    };
    Ok(json!({ "position": spot.json(), "move": chosen }))
}

/// What a table asks: heaps up to a size, or a board game's empty boards.
pub enum TableAsked {
    Upto(num_bigint::BigUint),
    Boards { rows: (u64, u64), cols: (u64, u64) },
}

/// The `table` command's JSON and picture of `game`, each cell with the
/// position it is (`at`, for the page to go to), where it is one.
pub fn table(
    source: &Source,
    game: Option<&str>,
    asked: &TableAsked,
    search: &SearchOptions,
) -> Result<Value, Refusal> {
    let program = gamelang::load(source, &[] as &[&str]).map_err(|e| refusal(&e))?;
    let (game, _) = gamelang::game_named(&program, game).map_err(|e| refusal(&e))?;
    let mut analyzer = analyzer(search);
    let table = match asked {
        TableAsked::Upto(upto) => analyzer.table(&game, upto, None, &mut |_| {}),
        TableAsked::Boards { rows, cols } => analyzer.board_table(&game, *rows, *cols, &mut |_| {}),
    }
    .map_err(|e| refusal(&[e.into()]))?;
    let mut json = gamelang::table_json(&table);
    let at = cells_at(&json);
    if let Some(object) = json.as_object_mut() {
        object.insert("at".into(), at);
        object.insert("svg".into(), Value::String(gamelang::table_svg(&table)));
    }
    Ok(json)
}

/// The position of each cell of a table's JSON, written as after `at`: a
/// heap `n`, a pair `(a, b)`, an empty board `"..|.."`; `null` for a
/// shape whose cells are not one position each.
fn cells_at(table: &Value) -> Value {
    let from = |i: usize| table["from"][i].as_u64().unwrap_or(0);
    let grid = |cell: &dyn Fn(u64, u64) -> String| -> Value {
        let rows = table["values"].as_array().map_or(0, Vec::len) as u64;
        let cols = table["values"][0].as_array().map_or(0, Vec::len) as u64;
        (0..rows)
            .map(|i| {
                (0..cols)
                    .map(|j| cell(from(0) + i, from(1) + j))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    match table["shape"].as_str() {
        Some("one-heap") | Some("partizan-row") => {
            let n = table["values"].as_array().map_or(0, Vec::len) as u64;
            let first = table["from"].as_u64().unwrap_or(0);
            (first..first + n).map(|h| h.to_string()).collect()
        }
        Some("grid") | Some("partizan-grid") => grid(&|a, b| format!("({a}, {b})")),
        Some("boards") => grid(&|rows, cols| {
            let row = ".".repeat(cols as usize);
            format!("\"{}\"", vec![row; rows as usize].join("|"))
        }),
        _ => Value::Null,
    }
}

/// A picture of the position: its board, or its thermograph (a partizan
/// position's), as an SVG document.
pub fn picture(spot: &Spot, kind: &str, search: &SearchOptions) -> Result<String, Refusal> {
    match kind {
        "board" if spot.game.board => Ok(gamelang::board_svg(&spot.heaps)),
        "thermograph" => {
            let question = spot.question(&spot.heaps)?;
            let answer = (analyzer(search).analyze(&question)).map_err(|e| refusal(&[e.into()]))?;
            let partizan = answer.partizan.as_deref();
            match partizan.and_then(|p| Some((p.value.as_deref()?, p.thermograph.as_ref()?))) {
                Some((value, thermograph)) => Ok(gamelang::thermograph_svg(value, thermograph)),
                None => Err(refusal_of(&CliError::NoPicture {
                    kind: "thermograph",
                })),
            }
        }
        _ => Err(refusal_of(&CliError::NoPicture { kind: "board" })),
    }
}
