//! A partizan question: a sum in normal play with a game whose rules may
//! belong to one player, answered by canonical forms. Each component is
//! valued on its own — a partizan game's position by its partizan search,
//! an impartial game's by its Grundy value g as the nimber *g (the
//! Sprague-Grundy theorem: an impartial game equals the nimber of its
//! value; Siegel, *Combinatorial Game Theory*, §IV.1) — and the sum is the
//! sum of their forms (Winning Ways, ch. 2). Its outcome is how the sum
//! compares with 0; Left's winning moves are those to a G^L ≥ 0, Right's
//! those to a G^R ≤ 0 (Siegel, §II.1). A component written after `-` is
//! its negative: its form negated, its Left moves those its game gives
//! Right (−G = {−G^R | −G^L}; Winning Ways, ch. 2).

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::answered::{answered, searchable};
use super::kept::{Kept, without_ends};
use super::winning::winning_move;
use crate::analysis::answer::{
    Answer, Component, ComponentMethod, Count, Grundy, Method, NoValue, Note, Partizan, SideMove,
    ValueMove, WinningMove,
};
use crate::analysis::error::AnalysisError;
use crate::analysis::table::{PartizanCell, Progress, Shape, Table, is_position};
use crate::check::{Instance, Question};
use crate::partizan::{Form, Forms};
use crate::position::Outcome;
use crate::position::{Named, Position};
use crate::rules::Game;
use crate::rules::Side;
use crate::search::{After, SearchError, Value};

/// The largest Grundy value an impartial component of a partizan sum may
/// have: its nimber is built in the store as {0, *, ... | 0, *, ...}, in
/// time and space that grow as its square.
pub(crate) const MAX_NIMBER: u32 = 1 << 10;

/// The most characters a value is written in: a form shares its options,
/// and its text writes them out each time, so the text of a sum can be
/// exponentially longer than the sum.
pub(crate) const MAX_TEXT: usize = 1 << 16;

/// A form as written, or where that is longer than `MAX_TEXT`, a sentence
/// that says so.
pub(crate) fn shown(forms: &mut Forms, form: Form) -> String {
    forms.text_within(form, MAX_TEXT).unwrap_or_else(|| {
        format!(
            "(a game born on day {}, too large to write in {MAX_TEXT} characters)",
            forms.birthday(form)
        )
    })
}

/// A move: the rule that makes it, where it leads, and the form of that.
type Move = (usize, After, Form);

/// Each side's winning moves: in the games, and in the written values.
#[derive(Default)]
struct Moves {
    left: Vec<WinningMove>,
    right: Vec<WinningMove>,
    left_values: Vec<ValueMove>,
    right_values: Vec<ValueMove>,
}

/// One component, valued: its form, how it was found, and its moves
/// (`None` where they are too many to list).
struct Valued {
    component: Component,
    form: Form,
    method: ComponentMethod,
    moves: Option<Vec<Move>>,
}

/// The answer to a question with a partizan component or a written value;
/// `None` where its play can go on forever (a position repeats: it is
/// answered as a loopy sum, `loopy_partizan`).
pub(crate) fn partizan_answer(
    kept: &mut Kept,
    question: &Question,
) -> Result<Option<Answer>, AnalysisError> {
    for instance in &question.components {
        without_ends(&instance.game, "a partizan sum")?;
    }
    kept.limit_forms();
    let answer = match (kept.options.outcome_only, question.components.as_slice()) {
        (true, [only])
            if question.values.is_empty()
                && !only.negated
                && only.game.partizan_anywhere().is_some() =>
        {
            repeats(outcome_answer(kept, only))
        }
        _ => answer_within_limits(kept, question),
    };
    // A store that stopped has answered nothing (its results from the stop
    // on mean nothing), whatever came of it.
    kept.forms_went_on()?;
    answer
}

/// `result`, or `None` where a search found a position that repeats (the
/// sum is then a loopy one).
fn repeats<T>(result: Result<T, AnalysisError>) -> Result<Option<T>, AnalysisError> {
    match result {
        Ok(t) => Ok(Some(t)),
        Err(AnalysisError::Search(e)) if matches!(*e, SearchError::Cycle { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The answer, the store of forms within the question's limits; `None`
/// where a component's play can go on forever.
fn answer_within_limits(
    kept: &mut Kept,
    question: &Question,
) -> Result<Option<Answer>, AnalysisError> {
    let mut valued = Vec::new();
    let mut notes = Vec::new();
    for (i, instance) in question.components.iter().enumerate() {
        let part = match instance.game.partizan_anywhere() {
            Some(_) => repeats(partizan_component(kept, instance))?,
            None => impartial_component(kept, instance)?,
        };
        let Some(mut part) = part else {
            return Ok(None);
        };
        if instance.negated {
            let forms = &mut kept.forms;
            part.form = forms.neg(part.form);
            for (_, _, form) in part.moves.iter_mut().flatten() {
                *form = forms.neg(*form);
            }
        }
        kept.forms_went_on()?;
        if part.moves.is_none() {
            notes.push(Note::MovesNotListed { component: i });
        }
        valued.push(part);
    }
    let forms = &mut kept.forms;
    // A loopy value (`over`, `{0|pass}`) makes the sum a loopy one.
    let values: Option<Vec<Form>> = question.values.iter().map(|v| forms.written(v)).collect();
    let Some(values) = values else {
        return Ok(None);
    };
    let terms: Vec<Form> = (valued.iter().map(|p| p.form))
        .chain(values.iter().copied())
        .collect();
    let (total, rests) = sum_and_rests(forms, &terms);
    let mut moves = Moves::default();
    for (i, part) in valued.iter().enumerate() {
        let Some(listed) = &part.moves else { continue };
        // A move to G' wins for Left where G' + rest ≥ 0, that is where
        // G' ≥ −rest: compared, never summed.
        let against = forms.neg(rests[i]);
        for (rule, after, form) in listed {
            let side = part.component.game.rules.get(*rule).and_then(|r| r.side);
            // In a negative, a rule of one player's is the other's.
            let side = side.map(|s| {
                if question.components[i].negated {
                    s.other()
                } else {
                    s
                }
            });
            if side != Some(Side::Right) && forms.le(against, *form) {
                moves.left.push(winning_move(i, *rule, after.clone()));
            }
            if side != Some(Side::Left) && forms.le(*form, against) {
                moves.right.push(winning_move(i, *rule, after.clone()));
            }
        }
    }
    // A written value's moves are its canonical form's options.
    for (i, &value) in values.iter().enumerate() {
        let against = forms.neg(rests[valued.len() + i]);
        for option in forms.left(value) {
            if forms.le(against, option) {
                let to = shown(forms, option);
                moves.left_values.push(ValueMove { value: i, to });
            }
        }
        for option in forms.right(value) {
            if forms.le(option, against) {
                let to = shown(forms, option);
                moves.right_values.push(ValueMove { value: i, to });
            }
        }
    }
    let left_move_count = moves.left.len() + moves.left_values.len();
    let right_move_count = moves.right.len() + moves.right_values.len();
    let max_moves = kept.options.max_moves;
    for (side, games, values) in [
        ("Left", &mut moves.left, &mut moves.left_values),
        ("Right", &mut moves.right, &mut moves.right_values),
    ] {
        let count = games.len() + values.len();
        if count > max_moves {
            notes.push(Note::SideMovesCut {
                side,
                count,
                listed: max_moves,
            });
            games.truncate(max_moves);
            values.truncate(max_moves - games.len());
        }
    }
    let forms = &mut kept.forms;
    let partizan = Partizan {
        value: forms.text_within(total, MAX_TEXT),
        components: valued.iter().map(|p| shown(forms, p.form)).collect(),
        values: values.iter().map(|&v| shown(forms, v)).collect(),
        left_stop: forms.left_stop(total),
        right_stop: forms.right_stop(total),
        thermograph: forms.thermograph(total),
        birthday: forms.birthday(total),
        reduced: {
            let reduced = forms.reduced(total);
            forms.text_within(reduced, MAX_TEXT)
        },
        atomic_weight: (forms.atomic_weight(total)).and_then(|w| forms.text_within(w, MAX_TEXT)),
        left_moves: moves.left,
        left_value_moves: moves.left_values,
        left_move_count,
        right_moves: moves.right,
        right_value_moves: moves.right_values,
        right_move_count,
    };
    Ok(Some(Answer {
        outcome: forms.outcome(total),
        grundy: Grundy::None(NoValue::Partizan),
        method: Method {
            components: valued.iter().map(|p| p.method.clone()).collect(),
        },
        components: valued.into_iter().map(|p| p.component).collect(),
        winning_moves: Vec::new(),
        winning_move_count: Count::Unknown,
        drawing_moves: Vec::new(),
        drawing_move_count: 0,
        notes,
        compound: None,
        timing: None,
        partizan: Some(Box::new(partizan)),
        scoring: None,
        compared: None,
        loopy: None,
    }))
}

/// The sum of the terms, and for each term the sum of the others: by sums
/// from the left and from the right, never by taking a term away (G − G
/// is 0 only once the whole sum G + (−G) is simplified: the work of a
/// sum of G with itself).
fn sum_and_rests(forms: &mut Forms, terms: &[Form]) -> (Form, Vec<Form>) {
    let zero = forms.zero();
    let mut before = vec![zero];
    for &term in terms {
        let last = before[before.len() - 1];
        before.push(forms.add(last, term));
    }
    let mut rests = vec![zero; terms.len()];
    let mut after = zero;
    for (i, &term) in terms.iter().enumerate().rev() {
        rests[i] = forms.add(before[i], after);
        after = forms.add(term, after);
    }
    (before[terms.len()], rests)
}

/// A partizan game's position asked for its outcome alone
/// (`PartizanSearch::outcome`): no value, no moves listed.
fn outcome_answer(kept: &mut Kept, instance: &Instance) -> Result<Answer, AnalysisError> {
    let heaps = searchable(&instance.game, &instance.position)?;
    let (outcome, positions) = kept.partizan(&instance.game, |search, forms| {
        let outcome = search.outcome(forms, &heaps)?;
        Ok((outcome, search.judged() + search.len()))
    })?;
    Ok(Answer {
        outcome,
        grundy: Grundy::None(NoValue::OutcomeOnly),
        method: Method {
            components: vec![ComponentMethod::Outcome { positions }],
        },
        components: vec![Component::from(instance)],
        winning_moves: Vec::new(),
        winning_move_count: Count::Unknown,
        drawing_moves: Vec::new(),
        drawing_move_count: 0,
        notes: Vec::new(),
        compound: None,
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: None,
    })
}

/// A partizan game's position, valued by its partizan search.
fn partizan_component(kept: &mut Kept, instance: &Instance) -> Result<Valued, AnalysisError> {
    let Instance { game, position, .. } = instance;
    let heaps = searchable(game, position)?;
    let (form, moves, positions) = kept.partizan(game, |search, forms| {
        let form = search.value(forms, &heaps)?;
        let moves = search.moves(forms, &heaps)?;
        Ok((form, moves, search.len()))
    })?;
    Ok(Valued {
        component: Component::from(instance),
        form,
        method: ComponentMethod::Partizan { positions },
        moves: Some(moves),
    })
}

/// An impartial game's position: the nimber of its Grundy value, found as
/// any impartial question's is; its moves each the nimber of where it
/// leads, where the search lists them within its budget. `None` where its
/// play can go on forever.
fn impartial_component(
    kept: &mut Kept,
    instance: &Instance,
) -> Result<Option<Valued>, AnalysisError> {
    let part = answered(kept, instance)?;
    if part.loopy.is_some() {
        return Ok(None);
    }
    let g = match &part.grundy {
        Grundy::Value(g) => g.to_u32().filter(|&g| g <= MAX_NIMBER),
        _ => None,
    };
    let Some(g) = g else {
        return Err(AnalysisError::NimberTooLarge {
            game: instance.game.title(),
            position: instance.position.clone(),
            max: MAX_NIMBER,
        });
    };
    let form = kept.forms.nimber(g);
    let moves = impartial_moves(kept, instance)?;
    Ok(Some(Valued {
        component: part.component,
        form,
        method: part.method,
        moves,
    }))
}

/// The moves of an impartial component, each with the nimber of where it
/// leads; `None` where the search cannot list or value them within its
/// limits.
fn impartial_moves(
    kept: &mut Kept,
    instance: &Instance,
) -> Result<Option<Vec<Move>>, AnalysisError> {
    let Some(heaps) = instance.position.to_u64s() else {
        return Ok(None);
    };
    let valued = kept.search(&instance.game, |s| {
        let mut valued = Vec::new();
        for (rule, after) in s.options_from(&heaps)? {
            match s.value_after(&after)? {
                Value::Grundy(g) if g <= MAX_NIMBER => valued.push((rule, after, g)),
                _ => return Ok(None),
            }
        }
        Ok(Some(valued))
    });
    let valued = match valued {
        Ok(valued) => valued,
        Err(AnalysisError::Search(e)) if e.is_limit() => None,
        Err(e) => return Err(e),
    };
    Ok(valued.map(|valued| {
        (valued.into_iter())
            .map(|(rule, after, g)| (rule, after, kept.forms.nimber(g)))
            .collect()
    }))
}

/// The most characters a table's cell writes a value in; a longer one is
/// written by its birthday (`day 7`).
const MAX_CELL: usize = 64;

/// The table of a partizan game of one or two parts, each from 0 to
/// `upto`: every position's canonical form and outcome class, valued by
/// the game's partizan search (one store of forms for the whole table,
/// within one question's limits).
pub(crate) fn partizan_table(
    kept: &mut Kept,
    game: &Arc<Game>,
    upto: &BigUint,
    heaps: Option<usize>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Table, AnalysisError> {
    let refuse = |what| AnalysisError::Partizan {
        game: game.title(),
        what,
    };
    if game.board {
        return Err(AnalysisError::TableOfBoards { game: game.title() });
    }
    if game.graph.is_some() {
        return Err(AnalysisError::TableOfGraphs { game: game.title() });
    }
    if game.misere {
        return Err(refuse("a table in misère play"));
    }
    without_ends(game, "a partizan table")?;
    let parts = match (heaps, game.heap_count) {
        (Some(asked @ (1 | 2)), None) => asked,
        (Some(asked), Some(fixed)) if asked == fixed && asked <= 2 => asked,
        (None, Some(fixed @ (1 | 2))) => fixed,
        (None, None) => 1,
        (Some(asked), fixed) => {
            return Err(AnalysisError::TableHeapCount {
                game: game.title(),
                played: fixed.map_or_else(|| "any number of".to_string(), |f| f.to_string()),
                asked,
            });
        }
        (None, Some(_)) => return Err(refuse("a table of three or more parts")),
    };
    // Refused before anything is made where the table holds more positions
    // than the search may.
    let limit = kept.options.search.max_positions;
    let side = upto.to_u64().filter(|&u| {
        let side = u128::from(u) + 1;
        side.checked_pow(parts as u32)
            .is_some_and(|cells| cells <= limit as u128)
    });
    let Some(upto) = side else {
        return Err(SearchError::TooManyPositions {
            game: game.title(),
            position: Named::heaps(Position(vec![upto.clone(); parts])),
            limit,
        }
        .into());
    };
    kept.limit_forms();
    let rows = if parts == 1 { 0 } else { upto };
    let mut values = Vec::new();
    for a in 0..=rows {
        let mut row = Vec::new();
        for b in 0..=upto {
            let heaps: Vec<u64> = if parts == 1 { vec![b] } else { vec![a, b] };
            row.push(valued(kept, game, &heaps)?);
        }
        values.push(row);
        progress(&Progress {
            done: a,
            total: rows,
            largest: None,
            values: None,
            last: a == rows,
        });
    }
    Ok(Table {
        game: game.title(),
        parts: game.parts.clone(),
        tokens: false,
        boards: false,
        shape: Shape::Partizan {
            parts,
            from: [0, 0],
            values,
        },
        undefined: None,
    })
}

/// The most cells a board table's largest board may have (a board of
/// more is beyond any search to value whole).
pub(crate) const MAX_BOARD_CELLS: u64 = 64;

/// The table of a board game's empty boards of `rows` × `cols` (each an
/// inclusive range from 1): each board's canonical form and outcome class
/// (an impartial game's forms are nimbers, *g for the Grundy value g),
/// valued by the game's partizan search (one store of forms for the whole
/// table, within one question's limits).
pub(crate) fn board_table(
    kept: &mut Kept,
    game: &Arc<Game>,
    rows: (u64, u64),
    cols: (u64, u64),
    progress: &mut dyn FnMut(&Progress),
) -> Result<Table, AnalysisError> {
    if !game.board {
        return Err(AnalysisError::NotABoard { game: game.title() });
    }
    if game.misere {
        return Err(AnalysisError::Partizan {
            game: game.title(),
            what: "a table in misère play",
        });
    }
    without_ends(game, "a partizan table")?;
    let largest = rows
        .1
        .checked_mul(cols.1)
        .filter(|&cells| cells <= MAX_BOARD_CELLS);
    if rows.0 == 0 || cols.0 == 0 || rows.0 > rows.1 || cols.0 > cols.1 || largest.is_none() {
        return Err(AnalysisError::BoardSizes {
            rows: format!("{}..{}", rows.0, rows.1),
            cols: format!("{}..{}", cols.0, cols.1),
            most: MAX_BOARD_CELLS,
        });
    }
    kept.limit_forms();
    let mut values = Vec::new();
    for r in rows.0..=rows.1 {
        let mut row = Vec::new();
        for c in cols.0..=cols.1 {
            // An empty board: its rows, its columns, and a `.` a cell.
            let mut heaps = vec![r, c];
            heaps.extend(std::iter::repeat_n(u64::from(b'.'), (r * c) as usize));
            row.push(valued(kept, game, &heaps)?);
        }
        values.push(row);
        progress(&Progress {
            done: r - rows.0,
            total: rows.1 - rows.0,
            largest: None,
            values: None,
            last: r == rows.1,
        });
    }
    Ok(Table {
        game: game.title(),
        parts: Some(vec!["rows".to_string(), "cols".to_string()]),
        tokens: false,
        boards: true,
        shape: Shape::Partizan {
            parts: 2,
            from: [rows.0, cols.0],
            values,
        },
        undefined: None,
    })
}

/// One position of a partizan table: its form as written and its outcome
/// class; `None` where it is not a position of the game.
fn valued(
    kept: &mut Kept,
    game: &Arc<Game>,
    heaps: &[u64],
) -> Result<Option<PartizanCell>, AnalysisError> {
    if !is_position(game, heaps) {
        return Ok(None);
    }
    let (_, value, outcome) = value_of(kept, game, heaps, MAX_CELL)?;
    Ok(Some(PartizanCell { value, outcome }))
}

/// A partizan position's canonical form, as written where that takes at
/// most `max` characters (else by its birthday, `day 7`), and its outcome
/// class, by the game's partizan search; refused where the play can go on
/// forever.
pub(crate) fn value_of(
    kept: &mut Kept,
    game: &Arc<Game>,
    heaps: &[u64],
    max: usize,
) -> Result<(Form, String, Outcome), AnalysisError> {
    let valued = kept.partizan(game, |search, forms| {
        let form = search.value(forms, heaps)?;
        let text = (forms.text_within(form, max))
            .unwrap_or_else(|| format!("day {}", forms.birthday(form)));
        Ok((form, text, forms.outcome(form)))
    });
    // A loopy game's positions have no canonical form here: `analyze`
    // answers them (`loopy_partizan`); tables, plays and graphs do not yet.
    let valued = repeats(valued)?.ok_or_else(|| AnalysisError::Partizan {
        game: game.title(),
        what: "a table, a play or a graph of a game that can go on forever",
    })?;
    kept.forms_went_on()?;
    Ok(valued)
}

/// The moves of `side` from a partizan position (`heaps`, a game whose
/// moves never become sums), unvalued: each rule and the position it
/// leaves, in the order the rules make them, counted against one
/// question's budget.
pub(crate) fn side_options(
    kept: &Kept,
    game: &Arc<Game>,
    heaps: &[u64],
    side: Side,
) -> Result<Vec<(usize, Vec<u64>)>, AnalysisError> {
    let mut budget = kept.question_budget();
    let mut listed = Vec::new();
    let moves = crate::moves::MoveGen::new(game);
    let examined = moves.each_move_within(heaps, budget.within(), |rule, after| {
        let mine = game.rules.get(rule).and_then(|r| r.side);
        if mine.is_none_or(|s| s == side) {
            listed.push((rule, after.to_vec()));
        }
    });
    let examined = examined.map_err(|e| match e.error {
        crate::rules::expr::EvalError::OutOfBudget => budget.exhausted().error(game, heaps),
        _ => crate::search::move_error(game, heaps, e),
    })?;
    budget
        .spend(examined)
        .map_err(|e| AnalysisError::from(e.error(game, heaps)))?;
    Ok(listed)
}

/// The moves of `side` from a partizan position (`heaps`, a game whose
/// moves never become sums), each valued, and which one is best for
/// `side`: the first that wins (to a G ≥ 0 for Left, G ≤ 0 for Right;
/// Siegel, *Combinatorial Game Theory*, §II.1), else the first whose value
/// no other move's exceeds for `side`; `None` where there is no move. The
/// moves listed count against one question's budget.
pub(crate) fn side_moves(
    kept: &mut Kept,
    game: &Arc<Game>,
    heaps: &[u64],
    side: Side,
) -> Result<(Vec<SideMove>, Option<usize>), AnalysisError> {
    let listed = side_options(kept, game, heaps, side)?;
    kept.limit_forms();
    let mut forms_of = Vec::new();
    let mut out = Vec::new();
    for (rule, to) in listed {
        let (form, value, outcome) = value_of(kept, game, &to, MAX_TEXT)?;
        let wins = outcome.won_second_by(side);
        forms_of.push(form);
        out.push(SideMove {
            side,
            rule,
            to,
            value,
            outcome,
            wins,
        });
    }
    let forms = &mut kept.forms;
    // Better for `side`: greater for Left, less for Right.
    let mut better = |a: Form, b: Form| match side {
        Side::Left => forms.le(b, a) && !forms.le(a, b),
        Side::Right => forms.le(a, b) && !forms.le(b, a),
    };
    let mut best = out.iter().position(|m| m.wins);
    if best.is_none() {
        'each: for i in 0..out.len() {
            for j in 0..out.len() {
                if better(forms_of[j], forms_of[i]) {
                    continue 'each;
                }
            }
            best = Some(i);
            break;
        }
    }
    Ok((out, best))
}
