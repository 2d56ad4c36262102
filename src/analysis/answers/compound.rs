//! Compounds other than the sum (Winning Ways, ch. 9, "If you can't beat
//! 'em, join 'em!"), answered from each component's positions and how long
//! their plays last (`search::timing`):
//!
//! - `all`, the conjunctive compound (every component moves; the play ends
//!   as soon as one cannot): the least of the components' remoteness
//!   decides, and the player to move wins exactly when the component of
//!   least remoteness is an N-position — when it is odd, in normal play
//!   (Smith, "Graphs and composite games", 1966). The winner hurries in
//!   the component that ends first and delays the rest.
//! - `every`, the continued conjunctive compound (every component that can
//!   move must; the play ends when none can): the greatest suspense
//!   decides, as the least remoteness does for `all` (Winning Ways, ch. 9):
//!   the winner keeps the play going where he wins.
//! - `some`, the selective compound (any non-empty set of components), in
//!   normal play: P exactly when every component is a P-position
//!   (Winning Ways, ch. 9). From such a position every move leaves some
//!   component N (a P-position's moves all lead to N-positions); from any
//!   other, moving each N component to a P-position leaves them all P.
//! - `any`, the shortened selective compound (any non-empty set; the play
//!   ends as soon as one component cannot move), in normal play: P exactly
//!   when some component has ended or every one is a P-position. The same
//!   argument, and a move that ends a component wins at once: an N
//!   component may end there, a P one never can (an end is a P-position).
//!
//! In misère play `all` and `every` follow the same rules with the misère
//! numbers (an end won by the player to move); `some` and `any` have no
//! rule here, and their positions are searched whole (`search::compound`),
//! as are those of `series`, the sequential compound (Stromquist and
//! Ullman, 1993: the first component that can move is played).
//! Every rule is held against a search of the whole compound in the tests.
//!
//! A winning move is a move in each component that moves. They are
//! counted and listed by folding the components' choices one by one into
//! what decides the compound after the move (the least remoteness, the
//! greatest suspense, whether all are P and whether one has ended).

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::Zero;

use super::answered::searchable;
use super::kept::{Kept, without_ends};
use crate::analysis::answer::{
    Answer, Component, ComponentMethod, Compound, CompoundAnswer, CompoundRule, Count, Deciding,
    Grundy, Method, NoValue, Note, Number, Outcome, WinningMove,
};
use crate::analysis::error::AnalysisError;
use crate::check::Question;
use crate::platform::deeper;
use crate::position::{Named, Position};
use crate::rules::Game;
use crate::search::Budget;
use crate::search::compound::CompoundSearch;
use crate::search::timing::{Timing, TimingGraph};
use crate::search::ways::ways;

/// One way a component may take part in a move: a move of its own (its
/// rule and the heaps it leaves) or none, with the timing of where it is
/// after.
pub(super) struct Choice {
    pub(super) mv: Option<(usize, Vec<u64>)>,
    /// Where the component is after, in its graph.
    pub(super) id: usize,
    pub(super) timing: Timing,
    pub(super) ended: bool,
}

/// What decides a compound after a move, folded over its components.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Fold {
    least_remoteness: u64,
    most_suspense: u64,
    all_p: bool,
    ended: bool,
    moved: bool,
}

impl Fold {
    const START: Fold = Fold {
        least_remoteness: u64::MAX,
        most_suspense: 0,
        all_p: true,
        ended: false,
        moved: false,
    };

    /// With one more component's choice; only what `kind` reads is kept,
    /// so that the folds to count stay few.
    fn with(self, kind: Compound, choice: &Choice) -> Fold {
        let mut next = Fold {
            moved: self.moved || choice.mv.is_some(),
            ..self
        };
        match kind {
            Compound::All => {
                next.least_remoteness = self.least_remoteness.min(choice.timing.remoteness)
            }
            Compound::Every => next.most_suspense = self.most_suspense.max(choice.timing.suspense),
            _ => {
                next.all_p = self.all_p && choice.timing.outcome == Outcome::P;
                next.ended = self.ended || choice.ended;
            }
        }
        next
    }

    /// Whether the compound after the move is lost for the player to move
    /// there: the move wins (normal play's rules for `some` and `any`).
    fn wins(self, kind: Compound, misere: bool) -> bool {
        // A number odd at N-positions in normal play, even in misère play.
        let lost = |n: u64| (n % 2 == 1) == misere;
        match kind {
            Compound::All => lost(self.least_remoteness),
            Compound::Every => lost(self.most_suspense),
            // (`series` is searched whole, never folded.)
            Compound::Some | Compound::Sum | Compound::Series => self.moved && self.all_p,
            Compound::Any => self.moved && (self.ended || self.all_p),
        }
    }
}

/// A compound other than the sum (see the module's notes).
pub(crate) fn compound(kept: &mut Kept, question: &Question) -> Result<Answer, AnalysisError> {
    let kind = question.compound;
    let misere = question.components.iter().any(|c| c.game.misere);
    let limit = kept.options.search.max_positions;
    let mut graphs = Vec::new();
    let mut choices: Vec<Vec<Choice>> = Vec::new();
    // One question: its components' searches, and the search of the
    // whole, spend one budget (time, moves) within one memory limit.
    let mut budget = kept.question_budget();
    let memory = budget.memory();
    let mut held = 0;
    for c in &question.components {
        without_ends(&c.game, "a compound other than the sum")?;
        let heaps = searchable(&c.game, &c.position)?;
        budget = budget.with_memory(Some(memory.saturating_sub(held)));
        let graph = kept
            .search(&c.game, |s| {
                TimingGraph::explore_by(s, &heaps, &[], limit, &mut budget)
            })?
            .ok_or_else(|| AnalysisError::LoopyCompound {
                game: c.game.title(),
                position: c.position.clone(),
            })?;
        held += graph.bytes();
        choices.push(choices_of(kept, &c.game, &heaps, &graph, &mut budget)?);
        graphs.push(graph);
    }
    let budget = budget.with_memory(Some(memory.saturating_sub(held)));
    let here: Vec<Timing> = graphs.iter().map(|g| g.timing(0)).collect();
    let ended: Vec<bool> = graphs.iter().map(|g| g.moves(0).next().is_none()).collect();
    // Each component's part in a move: it must move (`all`; `every`
    // where it can), or it may stay.
    for (i, list) in choices.iter_mut().enumerate() {
        let may_stay = match kind {
            Compound::All => false,
            Compound::Every => list.is_empty(),
            _ => true,
        };
        if may_stay {
            list.insert(
                0,
                Choice {
                    mv: None,
                    id: 0,
                    timing: here[i],
                    ended: ended[i],
                },
            );
        }
    }
    let over = match kind {
        Compound::All | Compound::Any => ended.iter().any(|&e| e),
        _ => ended.iter().all(|&e| e),
    };
    let positions: usize = graphs.iter().map(TimingGraph::len).sum();
    let (rule, deciding) = match kind {
        Compound::All => (
            CompoundRule::LeastRemoteness,
            Some(deciding(Number::Remoteness, &here)),
        ),
        Compound::Every => (
            CompoundRule::GreatestSuspense,
            Some(deciding(Number::Suspense, &here)),
        ),
        Compound::Some | Compound::Sum if !misere => (CompoundRule::SomeN, None),
        Compound::Any if !misere => (CompoundRule::SomeNNoneEnded, None),
        _ => (CompoundRule::WholeSearch, None),
    };
    let max_moves = kept.options.max_moves;
    let (outcome, moves, count, searched) = if rule == CompoundRule::WholeSearch {
        let title = compound_title(kind, &question.components);
        let heaps: Vec<BigUint> = (question.components.iter())
            .flat_map(|c| c.position.heaps().iter().cloned())
            .collect();
        let mut search = CompoundSearch::new(
            kind,
            graphs.iter().collect(),
            misere,
            limit,
            budget,
            (title, Named::heaps(Position(heaps))),
        );
        let outcome = search.outcome(&vec![0; graphs.len()])?;
        let (moves, count) = if over || outcome == Outcome::P {
            (Vec::new(), BigUint::zero())
        } else {
            searched_wins(kind, &choices, &mut search, max_moves)?
        };
        (outcome, moves, count, search.len())
    } else {
        let outcome = if over {
            if misere { Outcome::N } else { Outcome::P }
        } else {
            by_rule(kind, misere, &here)
        };
        let (moves, count) = if over || outcome == Outcome::P {
            (Vec::new(), BigUint::zero())
        } else {
            folded_wins(kind, misere, &choices, max_moves)
        };
        (outcome, moves, count, 0)
    };
    let mut notes = Vec::new();
    if count > BigUint::from(moves.len()) {
        notes.push(Note::MovesCut {
            count: count.clone(),
            listed: moves.len(),
        });
    }
    Ok(Answer {
        components: (question.components.iter()).map(Component::from).collect(),
        outcome,
        grundy: Grundy::None(NoValue::Compound),
        winning_moves: Vec::new(),
        winning_move_count: Count::Exact(count),
        drawing_moves: Vec::new(),
        drawing_move_count: 0,
        method: Method {
            components: vec![ComponentMethod::Compound {
                kind,
                rule,
                positions: positions + searched,
            }],
        },
        notes,
        compound: Some(CompoundAnswer {
            kind,
            deciding,
            moves: (moves.into_iter())
                .map(|picked| winning_tuple(&choices, &picked))
                .collect(),
        }),
        timing: None,
        partizan: None,
        scoring: None,
        compared: None,
        loopy: None,
    })
}

/// The moves of a component from `heaps`, each with where it leads.
fn choices_of(
    kept: &mut Kept,
    game: &Arc<Game>,
    heaps: &[u64],
    graph: &TimingGraph,
    budget: &mut Budget,
) -> Result<Vec<Choice>, AnalysisError> {
    kept.search(game, |s| {
        let moves = s.moves_within(heaps, budget, heaps)?;
        Ok((moves.into_iter())
            .filter_map(|(rule, after)| {
                let id = graph.id(&s.canonical(&after))?;
                Some(Choice {
                    timing: graph.timing(id),
                    ended: graph.moves(id).next().is_none(),
                    mv: Some((rule, after)),
                    id,
                })
            })
            .collect())
    })
}
/// Who wins a compound that has not ended, by its rule.
fn by_rule(kind: Compound, misere: bool, here: &[Timing]) -> Outcome {
    let deciding = match kind {
        Compound::All => here.iter().min_by_key(|s| s.remoteness),
        Compound::Every => here.iter().max_by_key(|s| s.suspense),
        // `some` and `any` (normal play): some component an N-position.
        _ => here.iter().find(|s| s.outcome == Outcome::N),
    };
    match (kind, misere, deciding) {
        (Compound::All | Compound::Every, _, Some(s)) => s.outcome,
        (_, false, Some(_)) => Outcome::N,
        _ => Outcome::P,
    }
}

fn deciding(number: Number, here: &[Timing]) -> Deciding {
    let components: Vec<u64> = (here.iter())
        .map(|s| match number {
            Number::Remoteness => s.remoteness,
            Number::Suspense => s.suspense,
        })
        .collect();
    let compound = match number {
        Number::Remoteness => components.iter().copied().min(),
        Number::Suspense => components.iter().copied().max(),
    };
    Deciding {
        number,
        compound: compound.unwrap_or(0),
        components,
    }
}

/// The winning moves by the fold: how many, and the first `max_moves`
/// (each as the index of every component's choice).
pub(super) fn folded_wins(
    kind: Compound,
    misere: bool,
    choices: &[Vec<Choice>],
    max_moves: usize,
) -> (Vec<Vec<usize>>, BigUint) {
    // How many ways lead to each fold, component by component.
    let mut ways: HashMap<Fold, BigUint> = HashMap::from([(Fold::START, BigUint::from(1u32))]);
    for list in choices {
        let mut next: HashMap<Fold, BigUint> = HashMap::new();
        for (fold, n) in &ways {
            for choice in list {
                *next.entry(fold.with(kind, choice)).or_default() += n;
            }
        }
        ways = next;
    }
    let count = (ways.iter())
        .filter(|(fold, _)| fold.wins(kind, misere))
        .map(|(_, n)| n)
        .sum();
    // The first moves, in the order of the choices, by a walk that enters
    // only folds from which a winning move can still be finished.
    let mut finishes: HashMap<(usize, Fold), bool> = HashMap::new();
    let mut found = Vec::new();
    let mut picked = Vec::new();
    walk(
        kind,
        misere,
        choices,
        Fold::START,
        &mut picked,
        &mut finishes,
        &mut found,
        max_moves,
    );
    (found, count)
}

/// Whether a winning move can be finished from component `i` with `fold`.
fn can_finish(
    kind: Compound,
    misere: bool,
    choices: &[Vec<Choice>],
    i: usize,
    fold: Fold,
    memo: &mut HashMap<(usize, Fold), bool>,
) -> bool {
    if i == choices.len() {
        return fold.wins(kind, misere);
    }
    if let Some(&known) = memo.get(&(i, fold)) {
        return known;
    }
    // As deep as the components are many: on a growing stack.
    let can = deeper(|| {
        (choices[i].iter())
            .any(|c| can_finish(kind, misere, choices, i + 1, fold.with(kind, c), memo))
    });
    memo.insert((i, fold), can);
    can
}

#[allow(clippy::too_many_arguments)]
fn walk(
    kind: Compound,
    misere: bool,
    choices: &[Vec<Choice>],
    fold: Fold,
    picked: &mut Vec<usize>,
    memo: &mut HashMap<(usize, Fold), bool>,
    found: &mut Vec<Vec<usize>>,
    max_moves: usize,
) {
    let i = picked.len();
    if found.len() >= max_moves || !can_finish(kind, misere, choices, i, fold, memo) {
        return;
    }
    if i == choices.len() {
        found.push(picked.clone());
        return;
    }
    for (j, choice) in choices[i].iter().enumerate() {
        picked.push(j);
        let next = fold.with(kind, choice);
        deeper(|| walk(kind, misere, choices, next, picked, memo, found, max_moves));
        picked.pop();
    }
}

/// The winning moves of a compound searched whole: every way of moving
/// (`ways`) that leaves a P-position, each as the index of every
/// component's choice (a component that stays at its staying choice,
/// first in its list).
fn searched_wins(
    kind: Compound,
    choices: &[Vec<Choice>],
    search: &mut CompoundSearch,
    max_moves: usize,
) -> Result<(Vec<Vec<usize>>, BigUint), AnalysisError> {
    // Each component's moves, by their index among its choices.
    let moving: Vec<Vec<usize>> = (choices.iter())
        .map(|list| (0..list.len()).filter(|&j| list[j].mv.is_some()).collect())
        .collect();
    let counts: Vec<usize> = moving.iter().map(Vec::len).collect();
    let over: Vec<bool> = counts.iter().map(|&n| n == 0).collect();
    let mut found = Vec::new();
    let mut count = BigUint::zero();
    for way in ways(kind, &counts, &over) {
        let pick: Vec<usize> = (way.iter().enumerate())
            .map(|(c, i)| i.map_or(0, |i| moving[c][i]))
            .collect();
        let at: Vec<usize> = (pick.iter().enumerate())
            .map(|(c, &j)| choices[c][j].id)
            .collect();
        if search.outcome(&at)? == Outcome::P {
            count += 1u32;
            if found.len() < max_moves {
                found.push(pick);
            }
        }
    }
    Ok((found, count))
}

/// The moves of a winning combination of choices, one per component that
/// moves.
pub(super) fn winning_tuple(choices: &[Vec<Choice>], picked: &[usize]) -> Vec<WinningMove> {
    (picked.iter().enumerate())
        .filter_map(|(i, &j)| {
            let (rule, after) = choices[i][j].mv.as_ref()?;
            Some(WinningMove {
                component: i,
                rule: *rule,
                to: Position::from_u64s(after),
                terms: Vec::new(),
            })
        })
        .collect()
}

/// `some g + h`: what the compound is called in errors.
fn compound_title(kind: Compound, components: &[crate::check::Instance]) -> String {
    let titles: Vec<String> = components.iter().map(|c| c.game.title()).collect();
    format!("{} {}", kind.word(), titles.join(" + "))
}
