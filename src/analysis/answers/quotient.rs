//! Misère sums of heaps answered by the game's misère quotient: grown for
//! the heaps asked about (or for every heap, once its period is proven),
//! checked against the search on every sum of up to four small heaps, then
//! P exactly when the product of the heaps' elements is in the P-portion.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::kept::Kept;
use super::misere::misere_answer;
use super::verify;
use super::winning::moves_to_judge;
use super::winning::unlisted_moves;
use crate::analysis::answer::Verified;
use crate::analysis::answer::{Answer, ComponentMethod, Note, Outcome};
use crate::analysis::error::AnalysisError;
use crate::check::Question;
use crate::misere::quotient::{self, Assisted, Limits, Quotient, Stopped};
use crate::moves::MoveGen;
use crate::position::Position;
use crate::rules::Game;
use crate::search::{Budget, DEFAULT_MOVE_BUDGET, SearchError};

/// The work one quotient may take to grow (about a third of a second);
/// past it, the search answers, the quotient deciding what it can.
const QUOTIENT_WORK: u64 = 10_000_000;

/// The most elements a quotient may have.
const MAX_ORDER: usize = 2048;

/// A game's quotient as far as it was grown, checked, and why it stopped.
pub(crate) struct Grown {
    quotient: Quotient,
    /// `None`: the search could not check it, and it does not answer.
    verified: Option<Verified>,
    stopped: Option<Stopped>,
    /// The search of larger heaps, when the quotient stopped short.
    search: Option<Assisted>,
    /// Each game's largest heap it was grown for.
    tops: Vec<u64>,
}

impl Grown {
    /// Whether the quotient holds for each game's heaps up to its `top`.
    fn holds_to(&self, tops: &[u64]) -> bool {
        let q = &self.quotient;
        (tops.iter().enumerate()).all(|(g, &top)| top <= q.upto_of(g))
            || q.period.as_ref().is_some_and(|p| p.is_proven())
    }
}

/// The misère quotients of games played together, as far as grown.
pub(crate) type Quotients = HashMap<Vec<Arc<Game>>, Grown>;

/// What the quotient did for a question.
pub(crate) enum ByQuotient {
    Answer(Box<Answer>),
    /// No quotient for these heaps: the search answers, with this note.
    Stopped(Note),
    /// Not a sum of heaps of one misère game with no closed form.
    NotApplicable,
}

pub(crate) fn by_quotient(
    kept: &mut Kept,
    quotients: &mut Quotients,
    analysis: &Question,
) -> Result<ByQuotient, AnalysisError> {
    let Some(games) = quotient_games(kept, analysis)? else {
        return Ok(ByQuotient::NotApplicable);
    };
    // Each component's game, as its index in `games`.
    let kinds: Vec<usize> = (analysis.components.iter())
        .map(|c| games.iter().position(|g| **g == *c.game).unwrap_or(0))
        .collect();
    let places: Vec<&[BigUint]> = (analysis.components.iter())
        .map(|c| c.position.heaps())
        .collect();
    // Each game's largest heap. Heaps past 2^64 need the period, found
    // (if at all) within the quotient's budget on the way there.
    let mut tops = vec![0; games.len()];
    for (heaps, &g) in places.iter().zip(&kinds) {
        for h in heaps.iter() {
            tops[g] = tops[g].max(h.to_u64().unwrap_or(u64::MAX));
        }
    }
    // A quotient kept answers if it holds for these heaps, or stopped
    // short of heaps at least as large; else one is grown for these.
    let held = quotients.get(&games);
    let tried = |g: &Grown| {
        g.stopped.is_some() && tops.iter().zip(&g.tops).all(|(top, before)| top <= before)
    };
    let grown = match held {
        Some(g) if g.holds_to(&tops) || tried(g) => g,
        _ => {
            let g = grow_quotient(kept, &games, &tops)?;
            quotients.entry(games.clone()).insert_entry(g).into_mut()
        }
    };
    let Some(verified) = grown.verified.clone() else {
        return Ok(ByQuotient::NotApplicable);
    };
    if !grown.holds_to(&tops) {
        let top = tops.iter().copied().max().unwrap_or(0);
        let stopped = grown
            .stopped
            .clone()
            .unwrap_or(Stopped::Stuck { heap: top });
        let titles: Vec<String> = games.iter().map(|g| g.title()).collect();
        let note = Note::QuotientStopped {
            game: titles.join(" + "),
            stopped,
        };
        let small = places
            .iter()
            .copied()
            .flatten()
            .all(|h| h.to_u32().is_some());
        // The quotient's own search takes heaps of one game.
        if !small || grown.quotient.upto() == 0 || games.len() > 1 {
            return Ok(ByQuotient::Stopped(note));
        }
        let mut answer = assisted_answer(kept, quotients, analysis, &games[0])?;
        answer.notes.push(note);
        return Ok(ByQuotient::Answer(Box::new(answer)));
    }
    let q = grown.quotient.clone();
    let presentation = q.presentation();
    let method = ComponentMethod::Quotient {
        order: q.order(),
        p_portion: q.p.count_ones(..),
        upto: (0..games.len()).map(|g| q.upto_of(g)).collect(),
        period: q.period.clone().filter(|p| p.is_proven()),
        presentation: presentation.clone(),
        p_words: (q.p.ones())
            .map(|x| presentation.words[x].clone())
            .collect(),
        verified,
    };
    let Some(elements) = (places.iter().zip(&kinds))
        .map(|(h, &g)| q.times_of(g, 0, h))
        .collect::<Option<Vec<u32>>>()
    else {
        return Ok(ByQuotient::NotApplicable);
    };
    let outcome = Outcome::p_if(q.is_p_element(q.monoid.product(elements.iter().copied())));
    let mut winning = Vec::new();
    let (moves, unlisted) = moves_to_judge(kept, analysis, outcome)?;
    for m in moves {
        let others = (elements.iter().enumerate())
            .filter(|&(j, _)| j != m.component)
            .fold(0, |e, (_, &x)| q.monoid.mul(e, x));
        let after: Vec<BigUint> = m.after.iter().map(|&h| BigUint::from(h)).collect();
        let g = kinds[m.component];
        if q.times_of(g, others, &after)
            .is_some_and(|e| q.is_p_element(e))
        {
            winning.push(m.winning());
        }
    }
    let answer = misere_answer(kept, analysis, outcome, winning, method);
    let answer = unlisted_moves(answer, unlisted);
    Ok(ByQuotient::Answer(Box::new(answer)))
}

/// The sum searched whole as one position of `game`, each position all
/// of whose heaps the (partial) quotient holds for decided by it.
fn assisted_answer(
    kept: &mut Kept,
    quotients: &mut Quotients,
    analysis: &Question,
    game: &Arc<Game>,
) -> Result<Answer, AnalysisError> {
    let small = |heaps: &mut dyn Iterator<Item = Option<u32>>, position: &Position| {
        heaps
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| -> AnalysisError {
                AnalysisError::TooLargeToSearch {
                    game: game.title(),
                    position: position.clone(),
                }
            })
    };
    let places: Vec<Vec<u32>> = (analysis.components.iter())
        .map(|c| {
            small(
                &mut c.position.heaps().iter().map(|h| h.to_u32()),
                &c.position,
            )
        })
        .collect::<Result<_, _>>()?;
    let options = &kept.options.search;
    let mut budget = Budget::question(
        options.move_budget,
        DEFAULT_MOVE_BUDGET,
        options.timeout,
        &options.cancel,
    );
    let max_positions = options.max_positions;
    let Some(grown) = quotients.get_mut(std::slice::from_ref(game)) else {
        return Err(SearchError::QuotientOfNonHeapGame { game: game.title() }.into());
    };
    let search = (grown.search)
        .get_or_insert_with(|| Assisted::new(game.clone(), grown.quotient.clone(), max_positions));
    let before = search.searched();
    let outcome = Outcome::p_if(search.is_p(&places.concat(), &mut budget)?);
    let mut winning = Vec::new();
    let (moves, unlisted) = moves_to_judge(kept, analysis, outcome)?;
    let search = (quotients.get_mut(std::slice::from_ref(game)))
        .and_then(|g| g.search.as_mut())
        .ok_or_else(|| SearchError::QuotientOfNonHeapGame { game: game.title() })?;
    for m in moves {
        let to = Position::from_u64s(&m.after);
        let mut merged = small(&mut m.after.iter().map(|&h| u32::try_from(h).ok()), &to)?;
        (places.iter().enumerate())
            .filter(|&(j, _)| j != m.component)
            .for_each(|(_, heaps)| merged.extend(heaps));
        if search.is_p(&merged, &mut budget)? {
            winning.push(m.winning());
        }
    }
    let grown = &quotients[std::slice::from_ref(game)];
    let method = ComponentMethod::QuotientSearch {
        order: grown.quotient.order(),
        upto: grown.quotient.upto(),
        positions: grown.search.as_ref().map_or(0, |s| s.searched() - before),
    };
    let answer = misere_answer(kept, analysis, outcome, winning, method);
    Ok(unlisted_moves(answer, unlisted))
}

/// The misère games the components play, each once: when every one's
/// moves act on one heap, and (for one game) no closed form answers;
/// `None` when not so, or when the search alone is asked for.
fn quotient_games(
    kept: &mut Kept,
    analysis: &Question,
) -> Result<Option<Vec<Arc<Game>>>, AnalysisError> {
    let mut games: Vec<Arc<Game>> = Vec::new();
    for c in &analysis.components {
        if !games.iter().any(|g| **g == *c.game) {
            games.push(c.game.clone());
        }
    }
    let heap_games = (games.iter()).all(|g| {
        let moves = MoveGen::new(g);
        g.misere && moves.one_heap_moves() && moves.shrinks()
    });
    if kept.options.force_search || games.is_empty() || !heap_games {
        return Ok(None);
    }
    // A closed form of one game answers it; closed forms of misère
    // games do not add, so a sum of several is answered as one.
    if let [game] = games.as_slice()
        && kept.recognised(game)?.is_some()
    {
        return Ok(None);
    }
    Ok(Some(games))
}

/// Grows the quotient of `games`' heaps, each game's up to its `top`
/// (or all, if its period is proven first), and checks it against the
/// search.
fn grow_quotient(kept: &Kept, games: &[Arc<Game>], tops: &[u64]) -> Result<Grown, AnalysisError> {
    let limits = Limits {
        max_order: MAX_ORDER,
    };
    let mut budget = kept.work_budget(QUOTIENT_WORK);
    let (quotient, stopped) = quotient::grow(games, tops, &limits, &mut budget)?;
    let verified = verify::verify_quotient(games, &quotient, kept.options.search.clone())?;
    Ok(Grown {
        quotient,
        verified,
        stopped,
        search: None,
        tops: tops.to_vec(),
    })
}
