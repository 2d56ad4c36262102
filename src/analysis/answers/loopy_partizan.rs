//! A partizan sum whose play can go on forever (Winning Ways, ch. 11;
//! Siegel, *Combinatorial Game Theory*, ch. VI): searched whole
//! (`search::partizan::loopy`), every sum its play reaches labelled by
//! retrograde analysis with each player to move. Its outcome is who wins
//! with Left moving first and with Right moving first, each Left, Right or
//! a draw (Siegel, §VI.1); each player's best moves are those that win
//! where the mover wins (to a sum the other player, then to move, loses),
//! and those that keep the draw where it is a draw.

use super::answered::searchable;
use super::kept::Kept;
use super::partizan::{MAX_TEXT, shown};
use super::winning::winning_move;
use crate::analysis::answer::{
    Answer, Component, ComponentMethod, Count, Grundy, Loopy, Method, MisereValue, NoValue, Note,
    Start, ValueMove,
};
use crate::analysis::error::AnalysisError;
use crate::check::{Instance, Question};
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::partizan::{
    MAX_SIDED_NODES, MAX_STOPPER_NODES, MisereForms, Relation, Stopper, Written,
};
use crate::platform::Halt;
use crate::position::Outcome;
use crate::position::{Named, Position};
use crate::rules::Side;
use crate::search::partizan::MisereFound;
use crate::search::partizan::loopy::{LoopyPartizan, Moved, Part, Play};
use crate::search::{Blamed, Options as SearchOptions, SearchError};
use crate::syntax::ast::{Compound, Split};

/// The answer to a partizan question whose play can go on forever: its
/// games' positions and its written values explored as one sum.
pub(crate) fn loopy_partizan_answer(
    kept: &mut Kept,
    question: &Question,
) -> Result<Answer, AnalysisError> {
    kept.limit_forms();
    let (parts, blamed) = parts(kept, &question.components, &question.values)?;
    let (mut graph, by_values) = match by_values(kept, &parts)? {
        Some(valued) => (explore(kept, valued, blamed)?, true),
        None => (explore(kept, parts, blamed)?, false),
    };
    let Sided { stopper, sides } = sided(kept, &mut graph)?;
    // The graph of the parts' values says nothing of whether the games'
    // own graph is a stopper.
    let stopper = stopper.filter(|_| !by_values);
    // A stopper by its simplest form; another by its sides, `S & T`, or
    // by the one stopper both its sides are (as CGSuite writes it).
    let value = sides.and_then(|(on, off)| {
        let text = on.text_within(&mut kept.forms, MAX_TEXT)?;
        let equal = || on.at_least(&off) == Some(true) && off.at_least(&on) == Some(true);
        match stopper == Some(true) || equal() {
            true => Some(text),
            false => Some(format!(
                "{text} & {}",
                off.text_within(&mut kept.forms, MAX_TEXT)?
            )),
        }
    });
    let games = question.components.len();
    let (left_first, right_first) = match by_values {
        true => (
            outcome_only(&graph, Side::Left),
            outcome_only(&graph, Side::Right),
        ),
        false => (
            start(kept, &mut graph, Side::Left, games)?,
            start(kept, &mut graph, Side::Right, games)?,
        ),
    };
    kept.forms_went_on()?;
    let loopy = Loopy {
        left_first,
        right_first,
        stopper,
        value,
        values: (question.values.iter())
            .map(|v| match kept.forms.written(v) {
                Some(form) => shown(&mut kept.forms, form),
                None => v.to_string(),
            })
            .collect(),
        misere: None,
    };
    let method = ComponentMethod::LoopyPartizan {
        positions: graph.nodes(),
        stopper: loopy.stopper,
    };
    let notes = match by_values {
        true => vec![Note::LoopyByValues],
        false => Vec::new(),
    };
    let grundy = Grundy::None(NoValue::Loopy);
    Ok(answer_of(question, loopy, (grundy, method), notes))
}

/// The answer a `Loopy` part gives: who wins each way, how it is known.
fn answer_of(
    question: &Question,
    loopy: Loopy,
    (grundy, method): (Grundy, ComponentMethod),
    notes: Vec<Note>,
) -> Answer {
    Answer {
        outcome: loopy.outcome(),
        grundy,
        method: Method {
            components: vec![method],
        },
        components: question.components.iter().map(Component::from).collect(),
        winning_moves: Vec::new(),
        winning_move_count: Count::Unknown,
        drawing_moves: Vec::new(),
        drawing_move_count: 0,
        notes,
        compound: None,
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: Some(Box::new(loopy)),
    }
}

/// The answer to a partizan sum played misère: who wins with each player
/// first (the player who cannot move wins) and each one's winning moves,
/// by retrograde analysis of every position its play reaches, the sum
/// searched whole (misère play has no values that add; its canonical
/// forms, where the theory has them, are for dead-ending games alone:
/// Milley and Renault, "Dead ends in misère play", 2013). No value.
pub(crate) fn misere_partizan_answer(
    kept: &mut Kept,
    question: &Question,
) -> Result<Answer, AnalysisError> {
    for instance in &question.components {
        let refuse = |what| AnalysisError::Partizan {
            game: instance.game.title(),
            what,
        };
        if !question.values.is_empty() {
            return Err(refuse("misère play beside a value written"));
        }
    }
    kept.limit_forms();
    let (parts, (asked, blamed)) = parts(kept, &question.components, &[])?;
    let options = kept.options.search.clone();
    let budget = kept.question_budget();
    let asked = (asked.as_slice(), blamed);
    let play = Play {
        compound: Compound::Sum,
        misere: true,
    };
    let mut graph = LoopyPartizan::explore_played(
        parts.clone(),
        &options,
        &mut kept.forms,
        budget,
        asked,
        play,
    )?;
    let games = question.components.len();
    let left_first = start(kept, &mut graph, Side::Left, games)?;
    let right_first = start(kept, &mut graph, Side::Right, games)?;
    kept.forms_went_on()?;
    let method = ComponentMethod::MiserePartizan {
        positions: graph.nodes(),
    };
    let mut answer = starts_answer(
        question,
        (left_first, right_first),
        (Grundy::Misere, method),
    );
    if let Some(loopy) = answer.loopy.as_mut() {
        loopy.misere = Some(misere_value(kept, &parts));
    }
    Ok(answer)
}

/// The misère sum's value in the dead-ending universe: the sum of its
/// games' forms, each found by the game's partizan search
/// (`PartizanSearch::misere_value`), within the question's limits; or why
/// there is none. Who wins is answered whether or not it is found.
fn misere_value(kept: &mut Kept, parts: &[Part]) -> MisereValue {
    let budget = kept.question_budget();
    let mut store = MisereForms::new();
    // An eighth of the memory: who wins is answered already, and a form
    // past that is far past what can be written (`MAX_MISERE_TEXT`).
    store.limit(budget.within().watch, budget.memory() / 8);
    let mut total = store.zero();
    for part in parts {
        let Part::Game {
            game,
            heaps,
            negated,
        } = part
        else {
            continue;
        };
        let found = kept.partizan(game, |search, _| search.misere_value(&mut store, heaps));
        let form = match found {
            Err(error) => return MisereValue::Stopped(error.to_string()),
            Ok(MisereFound::Outside {
                game,
                position,
                side,
            }) => {
                return MisereValue::Outside {
                    game,
                    position: Position::from_u64s(&position),
                    side,
                };
            }
            Ok(MisereFound::Form(form)) if *negated => store.conjugate(form),
            Ok(MisereFound::Form(form)) => form,
        };
        total = store.add(total, form);
    }
    match store.stopped() {
        Some(Halt::Memory(bytes)) => MisereValue::Stopped(
            SearchError::FormsMemory {
                limit_mb: bytes >> 20,
            }
            .to_string(),
        ),
        Some(Halt::Time | Halt::Cancelled) => {
            let seconds = kept.options.search.timeout.map_or(0, |t| t.as_secs());
            MisereValue::Stopped(SearchError::FormsTime { seconds }.to_string())
        }
        None => MisereValue::Form(store.text(total)),
    }
}

/// The answer that says who wins each way and nothing of a value: a
/// misère sum's, a compound's.
pub(super) fn starts_answer(
    question: &Question,
    (left_first, right_first): (Start, Start),
    how: (Grundy, ComponentMethod),
) -> Answer {
    let loopy = Loopy {
        left_first,
        right_first,
        stopper: None,
        value: None,
        values: Vec::new(),
        misere: None,
    };
    answer_of(question, loopy, how, Vec::new())
}

/// The graph of the sum of `components` and `values`, explored and
/// labelled: a short value a part by its canonical form, a loopy one by
/// its graph (`Stopper::written`).
fn explored(
    kept: &mut Kept,
    components: &[Instance],
    values: &[Written],
) -> Result<LoopyPartizan, AnalysisError> {
    let (parts, blamed) = parts(kept, components, values)?;
    explore(kept, parts, blamed)
}

/// The first game's heaps, as its moves' errors name them, and how a
/// refusal names the sum.
pub(super) type Asked = (Vec<u64>, Blamed);

/// The parts of the sum of `components` and `values` (above), and whom a
/// refusal names: the first game at its position, or the values.
pub(super) fn parts(
    kept: &mut Kept,
    components: &[Instance],
    values: &[Written],
) -> Result<(Vec<Part>, Asked), AnalysisError> {
    let mut parts = Vec::new();
    let mut asked = Vec::new();
    for instance in components {
        let heaps = searchable(&instance.game, &instance.position)?;
        if asked.is_empty() {
            asked = heaps.clone();
        }
        parts.push(Part::Game {
            game: instance.game.clone(),
            heaps,
            negated: instance.negated,
        });
    }
    for value in values {
        parts.push(match kept.forms.written(value) {
            Some(form) => Part::Value(form),
            None => {
                // `check` built it once already: it cannot fail here.
                let graph = Stopper::written(value, &mut kept.forms).map_err(|_| {
                    AnalysisError::Partizan {
                        game: value.to_string(),
                        what: "a loopy value that cannot be built",
                    }
                })?;
                let root = graph.root;
                Part::Node(Arc::new(graph), root)
            }
        });
    }
    let blamed = match components.first() {
        Some(first) => Blamed::of(&first.game, &asked),
        None => Blamed {
            game: "the values written".to_string(),
            position: Named::heaps(Position(Vec::new())),
        },
    };
    Ok((parts, (asked, blamed)))
}

/// The graph of the sum of `parts`, explored and labelled.
fn explore(
    kept: &mut Kept,
    parts: Vec<Part>,
    (asked, blamed): Asked,
) -> Result<LoopyPartizan, AnalysisError> {
    let options = kept.options.search.clone();
    let budget = kept.question_budget();
    let graph = LoopyPartizan::explore(parts, &options, &mut kept.forms, budget, (&asked, blamed))?;
    Ok(graph)
}

/// A game's position alone as a stopper's graph, where it is one of at most
/// `MAX_STOPPER_NODES` positions: its sums with each player to move are
/// explored only that far (a game too large to be valued alone is not
/// searched whole first). `None` where it is larger or no stopper.
fn stopper_alone(kept: &mut Kept, part: &Part) -> Result<Option<Stopper>, AnalysisError> {
    let Part::Game { game, heaps, .. } = part else {
        return Ok(None);
    };
    let options = SearchOptions {
        max_positions: 2 * MAX_STOPPER_NODES,
        ..kept.options.search.clone()
    };
    let budget = kept.question_budget();
    let asked = (heaps.as_slice(), Blamed::of(game, heaps));
    let explored =
        LoopyPartizan::explore(vec![part.clone()], &options, &mut kept.forms, budget, asked);
    let mut graph = match explored {
        Ok(graph) => graph,
        Err(SearchError::TooManyPositions { .. }) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    Ok(match positions(kept, &mut graph)? {
        (Some(true), alone) => alone,
        _ => None,
    })
}

/// A sum of two parts or more whose games are each a stopper alone (of at
/// most `MAX_STOPPER_NODES` positions) and whose whole sum would hold more
/// positions than one search may (their counts multiplied past
/// `--max-positions`): its parts with each game's position replaced by its
/// simplest form. Equal stoppers have the same outcome in every sum with a
/// stopper (Siegel, *Combinatorial Game Theory*, §VI.4: the order by
/// survival is the order of outcomes in sums), so the sum of the values
/// wins as the sum does. `None` where the sum is searched whole.
fn by_values(kept: &mut Kept, parts: &[Part]) -> Result<Option<Vec<Part>>, AnalysisError> {
    if parts.len() < 2 || !parts.iter().any(|p| matches!(p, Part::Game { .. })) {
        return Ok(None);
    }
    let mut alone = Vec::new();
    let mut whole: u128 = 1;
    for part in parts.iter().filter(|p| matches!(p, Part::Game { .. })) {
        let Some(graph) = stopper_alone(kept, part)? else {
            return Ok(None);
        };
        whole = whole.saturating_mul(graph.len() as u128);
        alone.push(graph);
    }
    if whole <= kept.options.search.max_positions as u128 {
        return Ok(None);
    }
    // Each game's position by its simplest form, the values as they are.
    let mut simplest = alone.iter().map(Stopper::simplest);
    let mut valued = Vec::new();
    for part in parts {
        valued.push(match part {
            Part::Game { .. } => match simplest.next().flatten() {
                Some(form) => Part::Node(Arc::new(form), 0),
                None => return Ok(None),
            },
            _ => part.clone(),
        });
    }
    Ok(Some(valued))
}

/// Who wins the sum with `side` moving first, from a graph of its parts'
/// values: no move is listed, and how long play lasts is the values'.
fn outcome_only(graph: &LoopyPartizan, side: Side) -> Start {
    Start {
        winner: graph.first(side).winner,
        remoteness: None,
        moves: Vec::new(),
        value_moves: Vec::new(),
        compound_moves: Vec::new(),
        move_count: BigUint::zero(),
        tallies: Vec::new(),
    }
}

/// How G stands to H in `compare G to H` (the question G − H, split at
/// `split`), each explored alone and ordered by its sides: G ≥ H exactly
/// when G's onside is at least H's and G's offside at least H's (Siegel,
/// *Combinatorial Game Theory*, §VI.6; for stoppers, which are their own
/// sides, the order by survival, §VI.4), each side's order found from the
/// games' graphs (`Stopper::side_at_least`), whether or not their sides
/// are stoppers. `None` where either graph is too large.
pub(crate) fn loopy_order(
    kept: &mut Kept,
    question: &Question,
    split: Split,
) -> Result<Option<Relation>, AnalysisError> {
    let (g, h) = question
        .components
        .split_at(split.components.min(question.components.len()));
    let (gv, hv) = question
        .values
        .split_at(split.values.min(question.values.len()));
    let mut graphs = Vec::new();
    for (games, values) in [(g, gv), (h, hv)] {
        let mut graph = explored(kept, games, values)?;
        match positions(kept, &mut graph)?.1 {
            Some(found) => graphs.push(found),
            None => return Ok(None),
        }
    }
    // H stands negated in the question: −(−H) is H.
    let (g, h) = (&graphs[0], graphs[1].negated());
    let at_least =
        |a: &Stopper, b: &Stopper| Some(a.side_at_least(b, true)? && a.side_at_least(b, false)?);
    let (Some(ge), Some(le)) = (at_least(g, &h), at_least(&h, g)) else {
        return Ok(None);
    };
    Ok(Some(match (ge, le) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::Greater,
        (false, true) => Relation::Less,
        (false, false) => Relation::Fuzzy,
    }))
}

/// What is known of a loopy sum's value: whether it is a stopper (`None`
/// where that was not looked at), and its onside and offside (a stopper
/// both, in its simplest form) where they are found.
struct Sided {
    stopper: Option<bool>,
    sides: Option<(Stopper, Stopper)>,
}

/// The sum `graph` was explored from, valued where its positions' graph
/// (any moves from it) has at most `MAX_STOPPER_NODES` positions: a
/// stopper by its simplest form; another by its sides where it has at most
/// `MAX_SIDED_NODES` (`Stopper::sides`).
fn sided(kept: &mut Kept, graph: &mut LoopyPartizan) -> Result<Sided, AnalysisError> {
    let (stopper, positions) = positions(kept, graph)?;
    Ok(Sided {
        stopper,
        sides: positions.and_then(|p| p.sides()),
    })
}

/// Whether the sum `graph` was explored from is a stopper (`None` where
/// that was not looked at), and its positions' graph where it has at most
/// `MAX_STOPPER_NODES` positions (`MAX_SIDED_NODES` where a play of it goes
/// on for ever: no stopper, its sides the most it can have).
fn positions(
    kept: &mut Kept,
    graph: &mut LoopyPartizan,
) -> Result<(Option<bool>, Option<Stopper>), AnalysisError> {
    let goes_on = graph.goes_on();
    let max = match goes_on {
        true => MAX_SIDED_NODES,
        false => MAX_STOPPER_NODES,
    };
    let options = kept.options.search.clone();
    Ok(match graph.positions(&mut kept.forms, &options, max)? {
        Some(positions) => (Some(positions.is_stopper()), Some(positions)),
        None => (goes_on.then_some(false), None),
    })
}

/// Who wins the sum with `side` moving first, and `side`'s best moves:
/// where it wins, those to a sum the other player loses moving first;
/// where it is a draw, those to a draw; none where it loses. `games`: how
/// many of the sum's parts are games (the written values follow them).
/// In a compound, each best move is its moves in the parts that move.
pub(super) fn start(
    kept: &mut Kept,
    graph: &mut LoopyPartizan,
    side: Side,
    games: usize,
) -> Result<Start, AnalysisError> {
    let first = graph.first(side);
    let mut moves = Vec::new();
    let mut value_moves = Vec::new();
    let mut compound_moves = Vec::new();
    let best = match first.winner {
        Some(winner) if winner == side => Some(Outcome::P),
        Some(_) => None,
        None => Some(Outcome::D),
    };
    let compound = graph.compound() != Compound::Sum;
    let max = kept.options.max_moves;
    let mut move_count = 0;
    if let Some(best) = best {
        let (best_moves, count) = graph.moves(side, &mut kept.forms, Some(best), max)?;
        move_count = count;
        for m in best_moves {
            if compound {
                // A compound's parts are games' positions alone.
                compound_moves.push(
                    (m.parts.into_iter())
                        .filter_map(|(part, to)| match to {
                            Moved::Rule(rule, after) => Some(winning_move(part, rule, after)),
                            Moved::Option(_) | Moved::Node(..) => None,
                        })
                        .collect::<Vec<_>>(),
                );
                continue;
            }
            let Some((part, to)) = m.parts.into_iter().next() else {
                continue;
            };
            match to {
                Moved::Rule(rule, after) => moves.push(winning_move(part, rule, after)),
                Moved::Option(form) => value_moves.push(ValueMove {
                    value: part - games,
                    to: shown(&mut kept.forms, form),
                }),
                Moved::Node(graph, node) => {
                    let at = Stopper {
                        root: node,
                        ..(*graph).clone()
                    };
                    // A stopper by its simplest form; another as it is.
                    let at = match at.is_stopper().then(|| at.simplest()).flatten() {
                        Some(simplest) => simplest,
                        None => at,
                    };
                    let to = (at.text_within(&mut kept.forms, MAX_TEXT))
                        .unwrap_or_else(|| "a loopy value too large to write".to_string());
                    value_moves.push(ValueMove {
                        value: part - games,
                        to,
                    });
                }
            }
        }
    }
    let move_count = BigUint::from(move_count);
    Ok(Start {
        winner: first.winner,
        remoteness: first.remoteness,
        moves,
        value_moves,
        compound_moves,
        move_count,
        tallies: Vec::new(),
    })
}
