//! A census's positions: every position of a family, tier by tier (a tier:
//! the positions of one size, smallest first), each once up to what keeps
//! its value. The families: a board game's connected shapes of empty cells
//! (`shapes`), its strips over the characters of its cells (`strips`), a
//! heap game's positions (`heaps`), a graph game's connected graphs
//! (`graphs`). Each position is written as a file writes it, so that the
//! census values it as `analyze` would.

mod error;
mod graphs;
mod heaps;
mod shapes;
mod strips;

pub use error::CensusError;
pub use graphs::MAX_CENSUS_VERTICES;
pub use shapes::{MAX_CENSUS_CELLS, Shapes};
pub use strips::MAX_CENSUS_LENGTH;

use crate::moves::Stencils;
use crate::position::GraphShape;
use crate::rules::Game;

/// What a census is taken of, and of which sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// A board game's connected shapes of empty cells, of these many cells
    /// (`--cells A..B`).
    Cells(u64, u64),
    /// A board game's rows of these many cells (`--length A..B`), each cell
    /// a character of `alphabet` (by default those the rules read or write,
    /// but `#`).
    Length {
        /// The lengths, first and last.
        sizes: (u64, u64),
        /// The characters a cell takes, where they are given.
        alphabet: Option<String>,
    },
    /// A heap game's positions of every largest heap to `upto` (`--upto
    /// N`), of `heaps` heaps (by default the game's number, or one).
    Upto {
        /// The largest heap of the last tier.
        upto: u64,
        /// How many heaps, where that is given.
        heaps: Option<usize>,
    },
    /// A graph game's connected graphs of these many vertices
    /// (`--vertices A..B`), tinted every way where the game tints them.
    Vertices(u64, u64),
}

/// The positions of one tier, and how many there are.
pub struct Tier {
    /// Its size: a shape's or a strip's cells, a position's largest heap, a
    /// graph's vertices.
    pub size: u64,
    /// How many positions it has: exactly, or at most (`exact`).
    pub count: u64,
    /// Whether `count` is exact: it is but for a large tier of a heap game
    /// with an invariant, where it counts the positions before the
    /// invariant is asked.
    pub exact: bool,
    /// Its positions, as a census row writes them (a board without its
    /// quotes), in order.
    pub positions: Box<dyn Iterator<Item = String>>,
}

/// A census: its family's positions, tier by tier.
pub struct Census {
    /// The game's title.
    game: String,
    grown: Grown,
    /// The last size asked for.
    last: u64,
    /// The size of the next tier, `None` once past the last.
    next: Option<u64>,
}

/// A family, and what it grew so far.
enum Grown {
    Shapes(Shapes),
    Strips(strips::Strips),
    Heaps(heaps::Heaps),
    Graphs(graphs::Graphs),
}

impl Census {
    /// The census of `game`'s `family`, none of its tiers made yet.
    pub fn new(game: &Game, family: &Family) -> Result<Census, CensusError> {
        let title = game.title();
        let played = played_on(game);
        let refuse = |asked, takes, help: &str| CensusError::Family {
            game: title.clone(),
            played,
            asked,
            takes,
            help: help.to_string(),
        };
        let ((first, last), grown) = match family {
            Family::Cells(first, last) => {
                if !game.board {
                    return Err(refuse("shapes", "a board game", &help_for(game)));
                }
                let sizes = sizes("shapes", "cells", (*first, *last), MAX_CENSUS_CELLS)?;
                (sizes, Grown::Shapes(Shapes::of(game)))
            }
            Family::Length {
                sizes: asked,
                alphabet,
            } => {
                if !game.board {
                    return Err(refuse("strips", "a board game", &help_for(game)));
                }
                let sizes = sizes("strips", "cells", *asked, MAX_CENSUS_LENGTH)?;
                let alphabet = match alphabet {
                    Some(given) => strips::alphabet(given)?,
                    None => (Stencils::read(game).as_ref())
                        .and_then(strips::alphabet_of)
                        .ok_or(CensusError::NoAlphabet {
                            game: title.clone(),
                        })?,
                };
                (sizes, Grown::Strips(strips::Strips::new(game, alphabet)))
            }
            Family::Upto { upto, heaps } => {
                if game.board || game.graph.is_some() || game.coins.is_some() {
                    return Err(refuse("heaps", "a game of heaps", &help_for(game)));
                }
                let count = heaps::count(game, *heaps)?;
                ((0, *upto), Grown::Heaps(heaps::Heaps::new(game, count)))
            }
            Family::Vertices(first, last) => {
                let tinted = match game.graph {
                    Some(GraphShape::Vertices | GraphShape::Edges) => false,
                    Some(GraphShape::Tinted) => true,
                    _ => {
                        return Err(refuse(
                            "graphs",
                            "Node Kayles, Arc Kayles, Snort or Col",
                            &help_for(game),
                        ));
                    }
                };
                let sizes = sizes("graphs", "vertices", (*first, *last), MAX_CENSUS_VERTICES)?;
                (sizes, Grown::Graphs(graphs::Graphs::new(tinted)))
            }
        };
        Ok(Census {
            game: title,
            grown,
            last,
            next: Some(first),
        })
    }

    /// The next tier asked for, `None` past the last.
    pub fn next_tier(&mut self) -> Option<Tier> {
        let size = self.next?;
        self.next = (size < self.last).then_some(size + 1);
        let ((count, exact), positions): ((u64, bool), Box<dyn Iterator<Item = String>>) =
            match &mut self.grown {
                Grown::Shapes(shapes) => {
                    while (shapes.cells() as u64) < size && shapes.grow() {}
                    let boards = shapes.boards();
                    ((boards.len() as u64, true), Box::new(boards.into_iter()))
                }
                Grown::Strips(strips) => ((strips.count(size), true), Box::new(strips.tier(size))),
                Grown::Heaps(heaps) => (heaps.count(size), Box::new(heaps.tier(size))),
                Grown::Graphs(graphs) => {
                    while graphs.vertices() < size && graphs.grow() {}
                    ((graphs.count(), true), Box::new(graphs.tier()))
                }
            };
        Some(Tier {
            size,
            count,
            exact,
            positions,
        })
    }

    /// The game's title.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The family, as a database keeps it (a census resumed must be of the
    /// same): `cells`, `length over .xo`, `upto, 2 heaps`, `vertices`.
    pub fn family(&self) -> String {
        match &self.grown {
            Grown::Shapes(_) => "cells".to_string(),
            Grown::Strips(strips) => format!("length over {}", strips.alphabet()),
            Grown::Heaps(heaps) => format!("upto, {}", plural(heaps.heaps() as u64, "heap")),
            Grown::Graphs(_) => "vertices".to_string(),
        }
    }

    /// A position of the census (as its row writes it) as a file writes
    /// it: a board in quotes, the rest as they are.
    pub fn place(&self, position: &str) -> String {
        match &self.grown {
            Grown::Shapes(_) | Grown::Strips(_) => format!("\"{position}\""),
            Grown::Heaps(_) | Grown::Graphs(_) => position.to_string(),
        }
    }

    /// A tier's heading: its size and how many positions it has (`8 cells:
    /// 369 shapes`, `largest heap 3: 4 positions`).
    pub fn heading(&self, tier: &Tier) -> String {
        let (size, noun) = match &self.grown {
            Grown::Shapes(_) => (plural(tier.size, "cell"), "shape"),
            Grown::Strips(_) => (plural(tier.size, "cell"), "strip"),
            Grown::Heaps(_) => (format!("largest heap {}", tier.size), "position"),
            Grown::Graphs(_) => (plural(tier.size, "vertex"), "graph"),
        };
        let most = if tier.exact { "" } else { "at most " };
        format!("{size}: {most}{}", plural(tier.count, noun))
    }
}

/// `n` things, the word in the plural but for one.
fn plural(n: u64, word: &str) -> String {
    match (n, word) {
        (1, _) => format!("1 {word}"),
        (_, "vertex") => format!("{n} vertices"),
        _ => format!("{n} {word}s"),
    }
}

/// The sizes `first..=last` of a census of `what`, from 1 to `most` of
/// `unit`.
fn sizes(
    what: &'static str,
    unit: &'static str,
    (first, last): (u64, u64),
    most: usize,
) -> Result<(u64, u64), CensusError> {
    if first == 0 || first > last || last > most as u64 {
        let why = match what {
            "shapes" => " (larger shapes are not grown yet)",
            "graphs" => " (larger graphs are not grown yet)",
            _ => " (a board's most)",
        };
        return Err(CensusError::Sizes {
            what,
            unit,
            first,
            last,
            example: (most as u64).min(8),
            most: most as u64,
            why,
        });
    }
    Ok((first, last))
}

/// What `game`'s positions are, in a few words.
fn played_on(game: &Game) -> &'static str {
    if game.board {
        "a board"
    } else if game.graph.is_some() {
        "graphs"
    } else if game.coins.is_some() {
        "coins"
    } else {
        "heaps"
    }
}

/// Which census fits `game`.
fn help_for(game: &Game) -> String {
    let title = game.title();
    if game.board {
        format!("take a census of `{title}`'s shapes (by cells) or strips (by length)")
    } else if matches!(
        game.graph,
        Some(GraphShape::Vertices | GraphShape::Edges | GraphShape::Tinted)
    ) {
        format!("take a census of `{title}`'s graphs (by vertices)")
    } else if game.graph.is_some() || game.coins.is_some() {
        format!(
            "a census does not grow `{title}`'s positions yet (Hackenbush's graphs on the ground, rows of coins): analyze them with `gamelang analyze`"
        )
    } else {
        format!(
            "take a census of `{title}`'s positions (up to a largest heap), or tabulate it with `gamelang table`"
        )
    }
}
