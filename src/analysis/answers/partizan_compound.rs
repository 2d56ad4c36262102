//! Compounds of partizan games other than the sum (`all`, `every`, `some`,
//! `any`: Winning Ways, ch. 9, "If you can't beat 'em, join 'em!"; `series`,
//! Stromquist and Ullman's sequential compound, 1993), in normal or misère
//! play. The player to move moves in the components the word says, with
//! that player's moves there; a component "cannot move" when it has no move
//! for the player to move (it may have some for the other), and is over
//! when it has none for either (a series plays its first component not
//! over). Values add only in sums, so a compound has no value: who wins it
//! with Left first and with Right first is found
//!
//! - for `all` (the conjunctive compound) whose components' plays all end,
//!   from each component's **tallies**: its remoteness with each player
//!   first, the moves to its end when the winner hurries and the loser
//!   delays (Winning Ways, ch. 9, where partizan compounds are tallied;
//!   Smith, "Graphs and composite games", 1966, for impartial games). The
//!   least tally of the player to move decides: odd, that player wins
//!   (even, in misère play). Why, for partizan games as for impartial
//!   ones: every component moves at every turn, so each is played
//!   alternately from where it is, as alone. The player whose component
//!   of least tally is won hurries there and in every component he wins,
//!   and delays in the others; the least tally then falls by one at each
//!   turn, every other staying above it, until it is 0 for the loser. In
//!   misère play an end is won by the player to move, and the tallies are
//!   counted so (remoteness 0 at an end, even where the player to move
//!   wins), which is normal play of each component with one more move
//!   from each end (as for impartial `all`: docs/LANGUAGE.md);
//! - otherwise by a search of the whole compound (`search::partizan::loopy`
//!   with the compound's moves, `ways`), every position its play reaches
//!   labelled by retrograde analysis with each player to move: so a
//!   compound whose play can go on forever is answered too, with draws.
//!   `every`, `some`, `any` and `series` have no rule here: a
//!   component skipped because the player to move has no move there is
//!   moved in by the other player twice in a row, so no single number of
//!   each component decides (their impartial rules are about components
//!   played alternately, or P-positions that partizan games lack).
//!
//! Both are held against a plain search of the whole compound in the tests.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;

use super::compound::{Choice, folded_wins, winning_tuple};
use super::kept::{Kept, without_ends};
use super::loopy_partizan::{Asked, parts, start, starts_answer};
use crate::analysis::answer::{
    Answer, ComponentMethod, CompoundAnswer, CompoundRule, Grundy, NoValue, Start,
};
use crate::analysis::error::AnalysisError;
use crate::check::Question;
use crate::position::Outcome;
use crate::rules::{Game, Side};
use crate::search::partizan::loopy::{LoopyPartizan, Moved, Part, Play};
use crate::search::timing::Timing;
use crate::search::{After, Budget, SearchError};
use crate::syntax::ast::Compound;

/// The answer to a compound other than the sum of partizan games (see the
/// module's notes).
pub(crate) fn partizan_compound_answer(
    kept: &mut Kept,
    question: &Question,
) -> Result<Answer, AnalysisError> {
    let kind = question.compound;
    let play = Play {
        compound: kind,
        misere: question.components.iter().any(|c| c.game.misere),
    };
    for instance in &question.components {
        without_ends(&instance.game, "a compound of partizan games")?;
    }
    kept.limit_forms();
    let (parts, asked) = parts(kept, &question.components, &[])?;
    // One question: the components' searches spend one budget.
    let budget = kept.question_budget();
    let tallied = match kind {
        Compound::All => tallied(kept, &parts, &asked, play.misere, &budget)?,
        _ => None,
    };
    let (left_first, right_first, rule, positions) = match tallied {
        Some(Tallied {
            left_first,
            right_first,
            positions,
        }) => (
            left_first,
            right_first,
            CompoundRule::LeastRemoteness,
            positions,
        ),
        None => {
            let options = kept.options.search.clone();
            let (first, blamed) = asked;
            let mut graph = LoopyPartizan::explore_played(
                parts,
                &options,
                &mut kept.forms,
                budget,
                (&first, blamed),
                play,
            )?;
            let games = question.components.len();
            let left_first = start(kept, &mut graph, Side::Left, games)?;
            let right_first = start(kept, &mut graph, Side::Right, games)?;
            (
                left_first,
                right_first,
                CompoundRule::WholeSearch,
                graph.nodes(),
            )
        }
    };
    kept.forms_went_on()?;
    let method = ComponentMethod::Compound {
        kind,
        rule,
        positions,
    };
    let grundy = Grundy::None(NoValue::Compound);
    let mut answer = starts_answer(question, (left_first, right_first), (grundy, method));
    answer.compound = Some(CompoundAnswer {
        kind,
        deciding: None,
        moves: Vec::new(),
    });
    Ok(answer)
}

/// An `all` compound answered by its components' tallies.
struct Tallied {
    left_first: Start,
    right_first: Start,
    /// The positions of the components' graphs, each with each player to
    /// move.
    positions: usize,
}

/// The `all` compound of `parts` by its components' tallies; `None` where
/// a component's play can go on forever (its tally is then no number) or
/// a move `becomes` a sum.
fn tallied(
    kept: &mut Kept,
    parts: &[Part],
    (first, blamed): &Asked,
    misere: bool,
    budget: &Budget,
) -> Result<Option<Tallied>, AnalysisError> {
    let options = kept.options.search.clone();
    let memory = budget.memory();
    let mut held = 0;
    // Each component's graph, explored once for equal components.
    let mut graphs = Vec::new();
    let mut of: Vec<usize> = Vec::with_capacity(parts.len());
    let mut met: HashMap<(&Arc<Game>, &[u64], bool), usize> = HashMap::new();
    for part in parts {
        // A compound's parts are games' positions alone.
        let Part::Game {
            game,
            heaps,
            negated,
        } = part
        else {
            return Ok(None);
        };
        if let Some(&g) = met.get(&(game, heaps.as_slice(), *negated)) {
            of.push(g);
            continue;
        }
        met.insert((game, heaps.as_slice(), *negated), graphs.len());
        let budget = budget
            .clone()
            .with_memory(Some(memory.saturating_sub(held)));
        let play = Play {
            compound: Compound::Sum,
            misere,
        };
        let asked = (first.as_slice(), blamed.clone());
        let graph = LoopyPartizan::explore_played(
            vec![part.clone()],
            &options,
            &mut kept.forms,
            budget,
            asked,
            play,
        )
        .map_err(|e| match e {
            // The components share the question's memory: its limit is
            // the one passed.
            SearchError::MemoryLimit { game, position, .. } => SearchError::MemoryLimit {
                game,
                position,
                limit_mb: memory >> 20,
            },
            e => e,
        })?;
        if graph.goes_on() {
            return Ok(None);
        }
        held += graph.bytes();
        of.push(graphs.len());
        graphs.push(graph);
    }
    let mut starts = Vec::new();
    for side in [Side::Left, Side::Right] {
        let Some(start) = tallied_start(kept, (&mut graphs, &of), side, misere)? else {
            return Ok(None);
        };
        starts.push(start);
    }
    let (Some(right_first), Some(left_first)) = (starts.pop(), starts.pop()) else {
        return Ok(None);
    };
    Ok(Some(Tallied {
        left_first,
        right_first,
        positions: graphs.iter().map(LoopyPartizan::nodes).sum(),
    }))
}

/// Who wins the `all` compound with `side` moving first, by the least of
/// the tallies, and where `side` wins its winning moves: a move in every
/// component after which the other player's least tally is lost for him
/// (folded component by component, as impartial `all` is:
/// `compound::folded_wins`). Component i is the root of `graphs[of[i]]`.
fn tallied_start(
    kept: &mut Kept,
    (graphs, of): (&mut [LoopyPartizan], &[usize]),
    side: Side,
    misere: bool,
) -> Result<Option<Start>, AnalysisError> {
    // A tally odd where the player to move wins, in normal play; even, in
    // misère play.
    let wins = |tally: u64| (tally % 2 == 1) != misere;
    let mut tallies = Vec::new();
    for &g in of {
        let Some(tally) = graphs[g].first(side).remoteness else {
            return Ok(None);
        };
        tallies.push(tally);
    }
    let least = tallies.iter().copied().min().unwrap_or(0);
    let mover_wins = wins(least);
    let (mut compound_moves, mut move_count) = (Vec::new(), BigUint::from(0u32));
    if mover_wins {
        // Each graph's moves, each rule, where it leads and its tally.
        let mut moves = Vec::with_capacity(graphs.len());
        for graph in graphs.iter_mut() {
            let mut list = Vec::new();
            // One game's position alone: its moves are few enough to hold.
            let (all, _) = graph.moves(side, &mut kept.forms, None, usize::MAX)?;
            for m in all {
                let (Some((_, Moved::Rule(rule, After::Position(heaps)))), Some(tally)) =
                    (m.parts.into_iter().next(), m.remoteness)
                else {
                    return Ok(None);
                };
                list.push((rule, heaps, tally));
            }
            moves.push(list);
        }
        let choices: Vec<Vec<Choice>> = (of.iter())
            .map(|&g| {
                (moves[g].iter())
                    .map(|(rule, heaps, tally)| Choice {
                        mv: Some((*rule, heaps.clone())),
                        id: 0,
                        timing: Timing {
                            outcome: if wins(*tally) { Outcome::N } else { Outcome::P },
                            remoteness: *tally,
                            suspense: 0,
                        },
                        ended: false,
                    })
                    .collect()
            })
            .collect();
        let max = kept.options.max_moves;
        let (picked, count) = folded_wins(Compound::All, misere, &choices, max);
        compound_moves = (picked.iter())
            .map(|p| winning_tuple(&choices, p))
            .collect();
        move_count = count;
    }
    Ok(Some(Start {
        winner: Some(if mover_wins { side } else { side.other() }),
        remoteness: Some(least),
        moves: Vec::new(),
        value_moves: Vec::new(),
        compound_moves,
        move_count,
        tallies,
    }))
}
