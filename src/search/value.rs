//! The words every engine shares: what the search knows of a position
//! (`Value`), where a move leads (`After`), and how much a question added
//! (`Explored`), a position of one of the games met as it is remembered
//! (`GameKey`), and the values of another game as an engine that meets it
//! in a sum asks them (`GameValues`).

use std::sync::Arc;

use crate::moves::{MoveGen, Term};
use crate::rules::Game;
use crate::search::base::budget::Budget;
use crate::search::base::error::SearchError;
use crate::search::options::Options;

/// What the search knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Normal play: the Grundy value (0 exactly for P-positions).
    Grundy(u32),
    /// Misère play: whether the player to move wins.
    Misere {
        /// The player to move wins.
        next_wins: bool,
    },
}

impl Value {
    /// True for a P-position: the player to move loses.
    pub fn is_p(self) -> bool {
        matches!(self, Value::Grundy(0) | Value::Misere { next_wins: false })
    }
}

/// Where a move leads, kept: a position, or the sum of positions a
/// `becomes` makes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum After {
    /// A position, its heaps in the form the search keeps.
    Position(Vec<u64>),
    /// The sum of positions a `becomes` makes.
    Sum(Vec<Term>),
}

/// A position of one of the games a search met, as the search remembers
/// it: the game's index among those met (the searched game 0, then each
/// game a `becomes` names), and its heaps in the form the search keeps.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameKey {
    /// The game's index among those met.
    pub game: u32,
    /// Its heaps.
    pub heaps: Vec<u64>,
}

impl GameKey {
    /// The position `heaps` of the `game`-th game met. The games met are
    /// games of one file, far fewer than 2^32.
    pub fn new(game: usize, heaps: Vec<u64>) -> GameKey {
        GameKey {
            game: game as u32,
            heaps,
        }
    }

    /// The game's index, to look it up among those met.
    pub fn index(&self) -> usize {
        self.game as usize
    }
}

/// What every engine that values a position answers: the value of
/// `heaps`, a position of the game it was made for (`game`, whose moves are
/// `moves`; an engine that keeps what it needs of them reads neither), and
/// how much the question added, within `budget`.
pub trait Search {
    fn value(
        &mut self,
        game: &Game,
        moves: &MoveGen,
        heaps: &[u64],
        budget: &mut Budget,
    ) -> Result<(Value, Explored), SearchError>;
}

/// How much one question added to what the search holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Explored {
    /// Positions (or heap sizes, coins, components) newly held.
    pub positions: usize,
    /// Moves examined.
    pub edges: usize,
}

/// Another game's values, as an engine that meets the game as a term of a
/// sum asks them: that game's own search, made by `NewSearch`, so that an
/// engine never names the solver that chooses it.
pub trait GameValues: Send {
    /// The value of `heaps`; for a heap past what the search may hold, the
    /// value of its place in a period proven by a search up to `probe`.
    fn value_or_period(&mut self, heaps: &[u64], probe: u64) -> Result<Value, SearchError>;
}

/// Makes another game's search, working as the options say.
pub type NewSearch = fn(Arc<Game>, Options) -> Box<dyn GameValues>;

/// How the search answered a position: whole, or as the sum of which
/// pieces — what an answer's method says (`analysis::ComponentMethod`),
/// chosen once by the solver (`Solver::decomposition`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decomposition {
    /// Whole positions.
    Whole,
    /// A sum of one-heap games.
    Heaps,
    /// A coin game as the sum of its heads (the coin-turning theorem).
    Coins,
    /// A product of coin games: each head the nim product of its sides'
    /// values (the Tartan theorem).
    Tartan,
    /// Tokens on a graph, as the sum of one-token games (each a vertex).
    Tokens,
    /// A graph as the sum of its connected components, each kept once up to
    /// the names of its vertices (Node and Arc Kayles).
    Components,
    /// A strip split where cells can no longer change, into pieces that
    /// play independently.
    Strips,
    /// A board split into regions that play independently, each kept once
    /// up to the turns that keep the rules.
    Regions,
    /// The sum of its groups of heaps, each moved by rules of its own.
    Groups,
}

impl Decomposition {
    /// Whether it is a sum of one-heap games, of whatever kind (JSON's
    /// `decomposed`).
    pub fn by_heaps(self) -> bool {
        matches!(
            self,
            Decomposition::Heaps
                | Decomposition::Coins
                | Decomposition::Tartan
                | Decomposition::Tokens
        )
    }
}
