//! Warnings: what checks cleanly but is likely a mistake. A parameter the
//! rules never use; a rule written twice; a rule that makes no move from
//! any position tried; an invariant that no position tried satisfies. They
//! never stop an analysis. The last two are found by trying every small
//! position, so they say which positions were tried, and they are only given
//! when every number written in the game (and every amount an octal code
//! takes) is below the largest heap tried: a rule such as `take 1000` moves
//! only from large heaps. Games with move blocks are not tried: a block's
//! loops may take far longer than a check should.

use std::collections::HashMap;

use miette::{Diagnostic, SourceSpan};
use num_bigint::BigUint;

use super::checked::Program;
use crate::moves::MoveGen;
use crate::platform;
use crate::rules::{Game, MoveKind};
use crate::source::Source;
use crate::syntax::ast::{self, Statement};

impl Program {
    /// What checked cleanly but is likely a mistake, game by game: asked
    /// for by `gamelang check`, not computed for every analysis.
    pub fn warnings(&self) -> Vec<Warning> {
        platform::map(&self.games, |entry| match &entry.default {
            Some(game) => warnings(&entry.def, game, &self.source),
            None => Vec::new(),
        })
        .into_iter()
        .flatten()
        .collect()
    }
}

/// What checking finds suspicious, though not wrong: the file is still analyzed.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
pub enum Warning {
    #[error("the parameter `{name}` of `{game}` is never used")]
    #[diagnostic(
        code(gamelang::warning::unused_parameter),
        severity(Warning),
        help("use it in the rules, or remove it")
    )]
    /// A parameter no rule uses.
    UnusedParameter {
        /// Its name, as written.
        name: String,
        /// The game, by its title.
        game: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("declared here")]
        span: SourceSpan,
    },

    #[error("`{game}` has this rule twice")]
    #[diagnostic(
        code(gamelang::warning::duplicate_rule),
        severity(Warning),
        help("a rule written twice makes the same moves twice: remove one")
    )]
    /// A rule written twice.
    DuplicateRule {
        /// The game, by its title.
        game: String,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is first written.
        #[label("first here")]
        first: SourceSpan,
        /// Where it is written again.
        #[label(primary, "again here")]
        again: SourceSpan,
    },

    #[error("this rule of `{game}` makes no move from any position tried ({tried})")]
    #[diagnostic(
        code(gamelang::warning::never_applies),
        severity(Warning),
        help(
            "check its amounts, target and condition; if it moves only from larger heaps, nothing is wrong"
        )
    )]
    /// A rule that makes no move from any small position.
    NeverApplies {
        /// The game, by its title.
        game: String,
        /// The positions tried.
        tried: Tried,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("never moves")]
        span: SourceSpan,
    },

    #[error("no position tried satisfies the invariant of `{game}` ({tried})")]
    #[diagnostic(
        code(gamelang::warning::no_position),
        severity(Warning),
        help("check the invariant; if only larger positions satisfy it, nothing is wrong")
    )]
    /// An invariant no small position satisfies.
    NoPosition {
        /// The game, by its title.
        game: String,
        /// The positions tried.
        tried: Tried,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("satisfied by no position tried")]
        span: SourceSpan,
    },
}

/// The positions tried: every position with a number of heaps in
/// `min_heaps..=max_heaps`, each heap at most `largest`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tried {
    /// How many.
    pub positions: usize,
    /// The fewest heaps among them.
    pub min_heaps: usize,
    /// The most heaps among them.
    pub max_heaps: usize,
    /// The largest heap among them.
    pub largest: u64,
}

impl std::fmt::Display for Tried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let heaps = if self.min_heaps == self.max_heaps {
            format!("{}", self.max_heaps)
        } else {
            format!("{} to {}", self.min_heaps, self.max_heaps)
        };
        let s = if self.max_heaps == 1 { "" } else { "s" };
        write!(
            f,
            "{} positions of {heaps} heap{s}, each at most {}",
            self.positions, self.largest
        )
    }
}

/// How many positions of one heap count the search for moves and for
/// invariant positions tries; and the moves it may examine in all.
const POSITIONS_PER_COUNT: u64 = 4_096;
const MOVES: u64 = 100_000;
/// Games of any number of heaps are tried with up to this many.
const MOST_HEAPS: usize = 3;

/// The warnings of a game that checked cleanly: `def` as written, `game`
/// lowered with its default parameters.
pub fn warnings(def: &ast::GameDef, game: &Game, source: &Source) -> Vec<Warning> {
    let mut warnings = unused_parameters(def, source);
    warnings.extend(duplicate_rules(def, game, source));
    warnings.extend(tried(def, game, source));
    warnings
}

fn unused_parameters(def: &ast::GameDef, source: &Source) -> Vec<Warning> {
    let Some(body) = def.body.first().map(statement_span) else {
        return Vec::new();
    };
    let end = def.span.offset() + def.span.len();
    let text = &source.text()[body.offset()..end.max(body.offset())];
    let used: std::collections::HashSet<&str> = words(text).collect();
    def.params
        .iter()
        .filter(|p| !used.contains(p.name.name.as_str()))
        .map(|p| Warning::UnusedParameter {
            name: p.name.name.clone(),
            game: def.name.name.clone(),
            src: source.clone(),
            span: p.name.span,
        })
        .collect()
}

fn statement_span(statement: &Statement) -> SourceSpan {
    match statement {
        Statement::Heaps(s) => s.span,
        Statement::Position(s) => s.span,
        Statement::Play(s) => s.span,
        Statement::Rule(s) => s.label.as_ref().map_or(s.span, |l| l.span),
        Statement::Move(s) => s.span,
        Statement::End(s) => s.span,
    }
}

/// The names and numbers of a text, without its comments.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .flat_map(|line| line.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|word| !word.is_empty())
}

/// Rules written twice, compared as written without spaces or labels.
fn duplicate_rules(def: &ast::GameDef, game: &Game, source: &Source) -> Vec<Warning> {
    let mut seen: HashMap<String, SourceSpan> = HashMap::new();
    let mut warnings = Vec::new();
    for statement in &def.body {
        let Statement::Rule(rule) = statement else {
            continue;
        };
        let text: String = source
            .slice(rule.span)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        match seen.get(&text) {
            Some(&first) => warnings.push(Warning::DuplicateRule {
                game: game.title(),
                src: source.clone(),
                first,
                again: rule.span,
            }),
            None => {
                seen.insert(text, rule.span);
            }
        }
    }
    warnings
}

/// Rules that make no move, and an invariant no position satisfies, over
/// every small position.
fn tried(def: &ast::GameDef, game: &Game, source: &Source) -> Vec<Warning> {
    let counts: Vec<usize> = match game.heap_count {
        Some(n) if (1..=MOST_HEAPS).contains(&n) => vec![n],
        Some(_) => return Vec::new(),
        None => (1..=MOST_HEAPS).collect(),
    };
    if game
        .rules
        .iter()
        .any(|r| matches!(r.kind, MoveKind::Block(_)))
    {
        return Vec::new();
    }
    // One box side for every heap count: the smallest of their shares.
    let largest = counts.iter().map(|&n| SIDES[n]).min().unwrap_or(0);
    let written = words(source.slice(def.span))
        .filter_map(|w| w.parse::<BigUint>().ok())
        .max()
        .unwrap_or_default();
    let octal = game
        .rules
        .iter()
        .filter_map(|r| match &r.kind {
            MoveKind::Octal(code) => Some(code.digits.len()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    if written >= BigUint::from(largest) || octal as u64 >= largest {
        return Vec::new();
    }
    let moves = MoveGen::new(game);
    let mut moved = vec![false; game.rules.len()];
    let mut satisfied = game.invariant.is_none();
    let mut positions = 0;
    let mut allowance = MOVES;
    for &n in &counts {
        let mut heaps = vec![0u64; n];
        loop {
            positions += 1;
            let holds = (game.invariant.as_ref())
                .is_none_or(|i| i.expr.holds_on(&big(&heaps)).unwrap_or(true))
                && game.shaped(&heaps);
            satisfied |= holds;
            if holds && moved.contains(&false) {
                match moves.each_move_within(&heaps, allowance, |rule, _| moved[rule] = true) {
                    Ok(spent) => allowance -= spent,
                    // Out of moves, or a rule that fails here: no verdict.
                    Err(_) => return Vec::new(),
                }
            }
            if satisfied && !moved.contains(&false) {
                return Vec::new();
            }
            if !next(&mut heaps, largest) {
                break;
            }
        }
    }
    let tried = Tried {
        positions,
        min_heaps: counts[0],
        max_heaps: counts[counts.len() - 1],
        largest,
    };
    if !satisfied {
        let span = invariant_span(def).unwrap_or(def.name.span);
        return vec![Warning::NoPosition {
            game: game.title(),
            tried,
            src: source.clone(),
            span,
        }];
    }
    game.rules
        .iter()
        .zip(&moved)
        .filter(|(_, moved)| !**moved)
        .map(|(rule, _)| Warning::NeverApplies {
            game: game.title(),
            tried: tried.clone(),
            src: source.clone(),
            span: rule.span,
        })
        .collect()
}

/// The largest heap of the box tried with `n` heaps, for each `n` from 1:
/// the largest side with (side + 1)^n <= POSITIONS_PER_COUNT.
const SIDES: [u64; MOST_HEAPS + 1] = {
    let mut sides = [0; MOST_HEAPS + 1];
    let mut n = 1;
    while n <= MOST_HEAPS {
        let mut side = 1u64;
        while (side + 2).pow(n as u32) <= POSITIONS_PER_COUNT {
            side += 1;
        }
        sides[n] = side;
        n += 1;
    }
    sides
};

/// The next position of the box, in lexicographic order.
fn next(heaps: &mut [u64], largest: u64) -> bool {
    for h in heaps.iter_mut().rev() {
        if *h < largest {
            *h += 1;
            return true;
        }
        *h = 0;
    }
    false
}

fn big(heaps: &[u64]) -> Vec<BigUint> {
    heaps.iter().map(|&h| BigUint::from(h)).collect()
}

fn invariant_span(def: &ast::GameDef) -> Option<SourceSpan> {
    def.body.iter().find_map(|s| match s {
        Statement::Heaps(ast::HeapsDecl {
            invariant: Some(e), ..
        })
        | Statement::Position(ast::PositionDecl {
            invariant: Some(e), ..
        }) => Some(e.span),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boxes_hold_their_share_of_positions() {
        // (side + 1)^n <= 4096 < (side + 2)^n.
        assert_eq!(SIDES[1..], [4095, 63, 15]);
    }

    #[test]
    fn positions_run_through_the_box_in_order() {
        let mut heaps = vec![0, 0];
        let mut seen = vec![heaps.clone()];
        while next(&mut heaps, 2) {
            seen.push(heaps.clone());
        }
        assert_eq!(seen.len(), 9);
        assert_eq!(seen[1], [0, 1]);
        assert_eq!(seen[8], [2, 2]);
    }
}
