//! A checked program's questions: which game a name means, the position of
//! a game (with parameter values given to it), and the positions of an
//! `analyze` statement.

use super::checked::{GameEntry, Instance, Program, Question};
use super::error::{CheckError, Errors, primary};
use super::params;
use super::position::{check_heap_count, check_position, declared_heap_count};
use crate::moves::MoveGen;
use crate::partizan::{Forms, ReadError, Stopper, Written};
use crate::rules::Game;
use crate::source::Source;
use crate::syntax::ast::Compound;
use crate::syntax::ast::{self, Ident, PositionLit};
use num_bigint::BigUint;
use num_traits::One;
use std::sync::Arc;

impl Program {
    /// The game `--game NAME` names, or the only game of the file.
    pub fn choose_game(&self, name: Option<&str>) -> Result<&GameEntry, CheckError> {
        let file = self.source.name().to_string();
        let error = match (name, self.games.as_slice()) {
            (Some(name), _) => match self.game(name) {
                Some(entry) => return Ok(entry),
                None => CheckError::NoGameNamed {
                    name: name.to_string(),
                    file,
                    games: self.game_names(),
                    src: self.source.clone(),
                },
            },
            (None, [only]) => return Ok(only),
            (None, []) => CheckError::NoGame {
                file,
                src: self.source.clone(),
            },
            (None, _) => CheckError::SeveralGames {
                file,
                games: self.game_names(),
                src: self.source.clone(),
            },
        };
        Err(error)
    }

    /// A position of one game, as `--at` gives it, with `args` overriding parameters.
    pub fn instance(
        &self,
        entry: &GameEntry,
        args: &[ast::Arg],
        args_source: &Source,
        position: &PositionLit,
        position_source: &Source,
    ) -> Result<Instance, Errors> {
        if entry.broken() {
            // The rules' own errors are reported already; what the statement
            // itself gets wrong is still worth saying.
            let within = |span: miette::SourceSpan| {
                args.iter().any(|a| {
                    span.offset() >= a.span.offset()
                        && span.offset() + span.len() <= a.span.offset() + a.span.len()
                })
            };
            let mut errors: Errors =
                params::resolve(&entry.def, &[], args, args_source, &self.source)
                    .err()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|e| primary(e).is_some_and(within))
                    .collect();
            let name = &entry.def.name.name;
            if let Err(e) = check_heap_count(
                name,
                declared_heap_count(&entry.def),
                None,
                position,
                position_source,
            ) {
                errors.push(e);
            }
            return Err(errors);
        }
        let game = self.game_with(entry, args, args_source)?;
        let position = check_position(&game, position, position_source)?;
        Ok(Instance::new(game, position))
    }

    /// The game of an entry whose rules checked, with `args` overriding
    /// its parameters.
    fn game_with(
        &self,
        entry: &GameEntry,
        args: &[ast::Arg],
        args_source: &Source,
    ) -> Result<Arc<Game>, Errors> {
        if args.is_empty() {
            entry.lowered()
        } else {
            self.link(
                self.lower_with(&entry.def, args, args_source)?,
                &mut super::link::Linked::new(),
            )
        }
    }

    /// An `analyze` statement's questions, one for each position it asks
    /// (of a sum, each combination of its components' positions, the first
    /// component's changing slowest); none when it names a game whose own
    /// errors were already reported.
    pub(crate) fn analysis(
        &self,
        statement: &ast::Analyze,
        source: &Source,
    ) -> Result<Vec<Question>, Errors> {
        let mut errors = Vec::new();
        let mut components: Vec<(Vec<Instance>, miette::SourceSpan)> = Vec::new();
        let mut broken = false;
        // Counted before any position is made: a component whose ranges
        // ask none is reported, and no component's positions are made
        // past the most a statement may ask.
        let mut count = BigUint::one();
        let mut counted = Vec::with_capacity(statement.components.len());
        for component in &statement.components {
            match asked_count(&component.positions, source) {
                Ok(n) => {
                    count *= n;
                    counted.push(true);
                }
                Err(e) => {
                    errors.extend(e);
                    counted.push(false);
                }
            }
        }
        let too_many = count > BigUint::from(MAX_ASKED);
        if too_many {
            errors.push(CheckError::TooManyPositions {
                count: count.to_string(),
                max: MAX_ASKED,
                src: source.clone(),
                span: statement.span,
            });
        }
        for (component, counted) in statement.components.iter().zip(counted) {
            // Every name is looked up, whatever else is wrong.
            let Some(entry) = self.lookup(&component.game, source, &mut errors) else {
                continue;
            };
            if !counted || too_many {
                continue;
            }
            match self.instances(entry, component, source) {
                Ok(instances) => {
                    let game = instances.first().map(|i| i.game.clone());
                    let scoring = game.as_ref().is_some_and(|g| g.scoring);
                    let misere = game.as_ref().is_some_and(|g| g.misere);
                    let incomparable = errors
                        .iter()
                        .any(|e| matches!(e, CheckError::NotComparable { .. }));
                    if statement.compare.is_some() && (scoring || misere) {
                        // One such error a statement: the comparison as a
                        // whole has no order.
                        if !incomparable {
                            errors.push(CheckError::NotComparable {
                                game: component.game.name.clone(),
                                play: if scoring {
                                    "a scoring game"
                                } else {
                                    "played misère"
                                },
                                src: source.clone(),
                                span: component.span,
                            });
                        }
                    } else if component.negated && (scoring || statement.compound != Compound::Sum)
                    {
                        errors.push(CheckError::NegativeNotAnswered {
                            what: match scoring {
                                true => "a scoring game".to_string(),
                                false => format!(
                                    "a part of the `{}` compound",
                                    statement.compound.word()
                                ),
                            },
                            src: source.clone(),
                            span: component.span,
                        });
                    }
                    components.push((instances, component.span))
                }
                Err(e) if e.is_empty() => broken = true,
                Err(e) => errors.extend(e),
            }
        }
        // A sum of misère games is one misère game; a sum that mixes the
        // two ways of play means nothing.
        let first = |c: &(Vec<Instance>, _)| c.0.first().map(|i| i.game.clone());
        let games: Vec<_> = components
            .iter()
            .filter_map(|c| first(c).map(|g| (g, c.1)))
            .collect();
        let normal = games.iter().find(|(g, _)| !g.misere);
        if let Some((normal, _)) = normal {
            for (game, span) in &games {
                if game.misere {
                    errors.push(CheckError::MisereInSum {
                        game: game.name.clone(),
                        normal: normal.name.clone(),
                        src: source.clone(),
                        span: *span,
                    });
                }
            }
        }
        let mut values = Vec::new();
        for written in &statement.values {
            let span = |offset: usize, len: usize| {
                let start = written.span.offset() + offset;
                miette::SourceSpan::from((start, len))
            };
            if statement.compound != Compound::Sum {
                errors.push(CheckError::ValueInCompound {
                    word: statement.compound.word(),
                    src: source.clone(),
                    span: written.span,
                });
                continue;
            }
            let value = crate::partizan::read(source.slice(written.span));
            // A loopy value's graph is built here once, so that a `pass`
            // outside braces or a label that names nothing is told now.
            let value = value.and_then(|value| match value.is_loopy() {
                true => Stopper::written(&value, &mut Forms::new())
                    .map(|_| value)
                    .map_err(|message| ReadError {
                        message,
                        offset: 0,
                        len: written.span.len(),
                    }),
                false => Ok(value),
            });
            match value {
                Ok(value) if written.negated => values.push(Written::Negative(Box::new(value))),
                Ok(value) => values.push(value),
                Err(e) => errors.push(CheckError::Value {
                    message: e.message,
                    src: source.clone(),
                    span: span(e.offset, e.len),
                }),
            }
        }
        if statement.compound != Compound::Sum {
            for (game, span) in &games {
                if MoveGen::new(game).has_sums() {
                    errors.push(CheckError::CompoundOfSums {
                        game: game.name.clone(),
                        word: statement.compound.word(),
                        src: source.clone(),
                        span: *span,
                    });
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        if broken {
            return Ok(Vec::new());
        }
        // Every combination, the last component's position changing fastest.
        // A component of one position joins each question as it is (a sum
        // of 50,000 components is not copied 50,000 times).
        let mut questions: Vec<Vec<Instance>> = vec![Vec::new()];
        for (instances, _) in &components {
            if let [only] = instances.as_slice() {
                for question in &mut questions {
                    question.push(only.clone());
                }
                continue;
            }
            questions = (questions.iter())
                .flat_map(|before| {
                    instances.iter().map(move |i| {
                        let mut next = before.clone();
                        next.push(i.clone());
                        next
                    })
                })
                .collect();
        }
        Ok(questions
            .into_iter()
            .map(|components| Question {
                compound: statement.compound,
                components,
                values: values.clone(),
                compare: statement.compare,
                asked: Some(statement.span),
            })
            .collect())
    }

    /// The positions one component asks, each matched against its game. A
    /// position of a box that breaks the game's `where` condition is left
    /// out (the box asks the game's positions in it); of the rest, the
    /// first that is not a position of the game is reported for each item.
    fn instances(
        &self,
        entry: &GameEntry,
        component: &ast::Component,
        source: &Source,
    ) -> Result<Vec<Instance>, Errors> {
        let mut items = Vec::new();
        each_item(&component.positions, &mut items);
        if entry.broken() {
            let lit = items.first().and_then(|item| item.lits().next());
            let lit = lit.ok_or_else(Vec::new)?;
            return self
                .instance(entry, &component.args, source, &lit, source)
                .map(|i| vec![i]);
        }
        let game = self.game_with(entry, &component.args, source)?;
        let (mut instances, mut errors) = (Vec::new(), Vec::new());
        for item in items {
            let boxed = matches!(item, Item::Box(..));
            let mut kept = 0;
            for lit in item.lits() {
                match check_position(&game, &lit, source) {
                    Ok(position) => {
                        kept += 1;
                        instances.push(Instance {
                            game: game.clone(),
                            position,
                            negated: component.negated,
                        });
                    }
                    Err(e) if boxed && matches!(e.as_slice(), [CheckError::Invariant { .. }]) => {}
                    Err(e) => {
                        errors.extend(e);
                        break;
                    }
                }
            }
            if boxed && kept == 0 && errors.is_empty() {
                // Every position of the box breaks the condition: say so
                // at its first.
                if let Some(lit) = item.lits().next() {
                    errors.extend(
                        check_position(&game, &lit, source)
                            .err()
                            .unwrap_or_default(),
                    );
                }
            }
        }
        if errors.is_empty() {
            Ok(instances)
        } else {
            Err(errors)
        }
    }

    fn lookup(&self, name: &Ident, source: &Source, errors: &mut Errors) -> Option<&GameEntry> {
        let entry = self.game(&name.name);
        if entry.is_none() && self.unparsed.contains(&name.name) {
            errors.push(CheckError::UnparsedGame {
                name: name.name.clone(),
                src: source.clone(),
                span: name.span,
            });
        } else if entry.is_none() {
            errors.push(CheckError::UnknownGame {
                name: name.name.clone(),
                games: self.game_names(),
                src: source.clone(),
                span: name.span,
            });
        }
        entry
    }
}

/// The most positions one `analyze` statement may ask (all of a sum's
/// combinations): each is a question answered in turn, and its answer a
/// line of the output.
pub const MAX_ASKED: usize = 100_000;

/// How many positions `positions` asks, or why a range of it holds none.
/// Counted before any is made.
fn asked_count(positions: &ast::Positions, source: &Source) -> Result<BigUint, Errors> {
    match positions {
        ast::Positions::One(_) => Ok(BigUint::one()),
        ast::Positions::Box { sides, span } => {
            let mut count = BigUint::one();
            let mut errors = Vec::new();
            for (low, high) in sides {
                if low > high {
                    errors.push(CheckError::EmptyRange {
                        low: low.to_string(),
                        high: high.to_string(),
                        src: source.clone(),
                        span: *span,
                    });
                } else {
                    count *= high - low + 1u32;
                }
            }
            if errors.is_empty() {
                Ok(count)
            } else {
                Err(errors)
            }
        }
        ast::Positions::List { items, span } if items.is_empty() => {
            Err(vec![CheckError::EmptyList {
                src: source.clone(),
                span: *span,
            }])
        }
        ast::Positions::List { items, .. } => {
            let mut count = BigUint::ZERO;
            let mut errors = Vec::new();
            for item in items {
                match asked_count(item, source) {
                    Ok(n) => count += n,
                    Err(e) => errors.extend(e),
                }
            }
            if errors.is_empty() {
                Ok(count)
            } else {
                Err(errors)
            }
        }
    }
}

/// One item of what a component asks: one position, or a box of them.
#[derive(Clone, Copy)]
enum Item<'a> {
    One(&'a PositionLit),
    Box(&'a [(BigUint, BigUint)], ast::Span),
}

impl<'a> Item<'a> {
    /// Its positions, in order.
    fn lits(self) -> Box<dyn Iterator<Item = PositionLit> + 'a> {
        match self {
            Item::One(lit) => Box::new(std::iter::once(lit.clone())),
            Item::Box(sides, span) => Box::new(box_lits(sides, span)),
        }
    }
}

/// The items of `positions`, in order.
fn each_item<'a>(positions: &'a ast::Positions, out: &mut Vec<Item<'a>>) {
    match positions {
        ast::Positions::One(lit) => out.push(Item::One(lit)),
        ast::Positions::Box { sides, span } => out.push(Item::Box(sides, *span)),
        ast::Positions::List { items, .. } => {
            for item in items {
                each_item(item, out);
            }
        }
    }
}

/// The positions of a box of `sides`, the last heap changing fastest,
/// each written at `span`. Only called once the box is counted and within
/// `MAX_ASKED`.
fn box_lits(
    sides: &[(BigUint, BigUint)],
    span: ast::Span,
) -> impl Iterator<Item = PositionLit> + '_ {
    let mut next = (sides.iter().all(|(low, high)| low <= high))
        .then(|| sides.iter().map(|(low, _)| low.clone()).collect::<Vec<_>>());
    std::iter::from_fn(move || {
        let heaps = next.take()?;
        // The next: the last heap that can grow grows, the ones after it
        // start again from their low ends.
        let mut following = heaps.clone();
        for i in (0..sides.len()).rev() {
            if following[i] < sides[i].1 {
                following[i] += 1u32;
                next = Some(following);
                break;
            }
            following[i] = sides[i].0.clone();
        }
        Some(PositionLit::of_heaps(heaps, span))
    })
}
