//! Misère questions answered without adding values: a sum of tame heaps
//! by its genus (Conway, On Numbers and Games, ch. 12), a sum of several
//! games searched whole, and the answer for a position judged whole.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::answered::searchable;
use super::kept::Kept;
use super::winning::moves_to_judge;
use super::winning::unlisted_moves;
use crate::analysis::answer::{
    Answer, Component, ComponentMethod, Count, Grundy, Method, Outcome, SumTerm, WinningMove,
};
use crate::analysis::error::AnalysisError;
use crate::analysis::standing::{Standings, place_of};
use crate::check::Question;
use crate::misere::genus::{self, Genus, TameHeaps};
use crate::moves::MoveGen;
use crate::position::Position;
use crate::rules::Game;
use crate::search::loopy;

/// The work finding the genera of a misère game's heaps may take before the
/// game is answered some other way (a wild game shows itself at once).
const TAME_WORK: u64 = 10_000_000;

/// A misère position (or sum) of games with no closed form, whose moves
/// act on one heap, answered from the genus when every heap up to the
/// largest asked about (or, with a proven period, every heap) is tame;
/// `None` otherwise (wild, out of `TAME_WORK`, a closed form known, or
/// the search asked for).
pub(crate) fn tame(kept: &mut Kept, analysis: &Question) -> Result<Option<Answer>, AnalysisError> {
    if kept.options.force_search {
        return Ok(None);
    }
    let mut known: HashMap<String, TameHeaps> = HashMap::new();
    for c in &analysis.components {
        let moves = MoveGen::new(&c.game);
        if !moves.one_heap_moves() || !moves.shrinks() || kept.recognised(&c.game)?.is_some() {
            return Ok(None);
        }
        let top = (c.position.heaps().iter())
            .map(|h| h.to_u64().unwrap_or(u64::MAX))
            .max()
            .unwrap_or(0);
        let enough = (known.get(&c.game.title()))
            .is_some_and(|g| g.heaps.len() as u64 > top || g.period.is_some());
        if !enough {
            let mut budget = kept.work_budget(TAME_WORK);
            match genus::tame_heaps(&c.game, top, &mut budget)? {
                Some(g) if g.heaps.len() as u64 > top || g.period.is_some() => {
                    known.insert(c.game.title(), g)
                }
                _ => return Ok(None),
            };
        }
    }
    let genera_of = |game: &Game, heaps: &[BigUint]| -> Option<Vec<Genus>> {
        let g = known.get(&game.title())?;
        heaps.iter().map(|h| g.genus(h).cloned()).collect()
    };
    let mut parts = Vec::new();
    for c in &analysis.components {
        match genera_of(&c.game, c.position.heaps()) {
            Some(g) => parts.push(g),
            None => return Ok(None),
        }
    }
    let is_p = |parts: &[Vec<Genus>]| genus::tame_sum_is_p(parts.iter().flatten());
    let outcome = Outcome::p_if(is_p(&parts));
    let mut winning = Vec::new();
    let (moves, unlisted) = moves_to_judge(kept, analysis, outcome)?;
    for m in moves {
        let to = Position::from_u64s(&m.after);
        let game = &analysis.components[m.component].game;
        let Some(after_genera) = genera_of(game, to.heaps()) else {
            return Ok(None);
        };
        let mut changed = parts.clone();
        changed[m.component] = after_genera;
        if is_p(&changed) {
            winning.push(m.winning());
        }
    }
    let heaps = known
        .values()
        .map(|g| g.heaps.len() as u64)
        .max()
        .unwrap_or(0);
    let period = (known.values())
        .find_map(|g| g.period.clone())
        .filter(|_| known.len() == 1);
    let method = ComponentMethod::Tame { heaps, period };
    let answer = misere_answer(kept, analysis, outcome, winning, method);
    Ok(Some(unlisted_moves(answer, unlisted)))
}

/// A sum of misère games: one misère game (values do not add), its
/// positions searched whole for who wins, every winning move counted.
pub(crate) fn misere_sum(kept: &mut Kept, analysis: &Question) -> Result<Answer, AnalysisError> {
    let mut heaps_of = Vec::new();
    for c in &analysis.components {
        let heaps = searchable(&c.game, &c.position)?;
        // Each component searched alone first: one too large to search
        // is refused with what ran out, and one that can go on forever
        // (misère and loopy) is refused as such.
        let limit = kept.options.search.max_positions;
        kept.search(&c.game, |s| loopy::search(s, &heaps, limit))?;
        heaps_of.push(heaps);
    }
    let place = place_of(heaps_of);
    let games = analysis.components.iter().map(|c| c.game.clone()).collect();
    let mut standings = Standings::new(games, &kept.options.search);
    let outcome = standings.standing(&place)?.outcome;
    let mut winning = Vec::new();
    for m in standings.moves(&place)? {
        if standings.standing(&m.to)?.outcome == Outcome::P {
            let game = &analysis.components[m.piece].game;
            let parts = (m.becomes.iter().flatten())
                .map(|piece| SumTerm {
                    game: Some(standings.game(piece.game))
                        .filter(|other| !Arc::ptr_eq(other, game))
                        .cloned(),
                    position: Position::from_u64s(&piece.heaps),
                })
                .collect();
            let to = match m.becomes {
                Some(_) => Position::from_u64s(&[]),
                None => Position::from_u64s(&m.to[m.piece].heaps),
            };
            winning.push(WinningMove {
                component: m.piece,
                rule: m.rule,
                to,
                terms: parts,
            });
        }
    }
    let method = ComponentMethod::WholeSum {
        positions: standings.len(),
    };
    Ok(misere_answer(kept, analysis, outcome, winning, method))
}

/// The answer for a misère position judged whole (no Grundy value),
/// with every winning move found, at most `max_moves` of them listed.
pub(crate) fn misere_answer(
    kept: &Kept,
    analysis: &Question,
    outcome: Outcome,
    mut winning: Vec<WinningMove>,
    method: ComponentMethod,
) -> Answer {
    let count = BigUint::from(winning.len());
    let mut notes = Vec::new();
    kept.cut_winning(&mut winning, &mut notes);
    Answer {
        components: (analysis.components.iter()).map(Component::from).collect(),
        outcome,
        grundy: Grundy::Misere,
        winning_moves: winning,
        winning_move_count: Count::Exact(count),
        drawing_moves: Vec::new(),
        drawing_move_count: 0,
        method: Method {
            components: vec![method],
        },
        notes,
        compound: None,
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: None,
    }
}
