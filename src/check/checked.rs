//! What a check makes: a `Program` of games (`GameEntry`) and the
//! questions its `analyze` statements ask (`Question`, of `Instance`s).

use std::collections::HashMap;
use std::sync::Arc;

use super::error::Errors;
use super::params::Override;
use crate::partizan::Written;
use crate::position::Position;
use crate::rules::Game;
use crate::source::Source;
use crate::syntax::ast::{self, Compound};

/// A checked file: its games and the positions its `analyze` statements ask about.
#[derive(Clone, Debug)]
pub struct Program {
    /// The file checked.
    pub source: Source,
    /// Its games, in order.
    pub games: Vec<GameEntry>,
    /// The positions its `analyze` statements ask about, in order.
    pub questions: Vec<Question>,
    pub(super) overrides: Vec<Override>,
    /// Games defined in the file whose definitions did not parse.
    pub(super) unparsed: Vec<String>,
    /// Each game's index in `games`, by name.
    pub(super) by_name: HashMap<String, usize>,
}

/// A game as defined, and its instance with default (or `--set`) parameters.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// The definition as written.
    pub def: ast::GameDef,
    /// The game lowered with its declared defaults and `--set` values;
    /// `None` when that has errors (see `lowered`).
    pub default: Option<Arc<Game>>,
    /// Why `default` is `None`: empty when the game's rules have mistakes
    /// of their own (reported by `check`), else what `--set` values broke,
    /// reported where the game is used.
    pub(super) errors: Errors,
}

impl GameEntry {
    /// Whether the game's rules, with their declared defaults, have mistakes.
    pub fn broken(&self) -> bool {
        self.default.is_none() && self.errors.is_empty()
    }

    /// The game with its default (and `--set`) parameter values.
    pub fn lowered(&self) -> Result<Arc<Game>, Errors> {
        self.default.clone().ok_or_else(|| self.errors.clone())
    }
}

/// One position to analyze: a single game, or a sum of several, or
/// another compound of them.
#[derive(Clone, Debug)]
pub struct Question {
    /// How the components are played together.
    pub compound: Compound,
    /// The components, in order.
    pub components: Vec<Instance>,
    /// The values written as parts of the sum (`{1 | 0}`, `^`), after
    /// its games.
    pub values: Vec<Written>,
    /// Asked as `compare G to H`: where G's parts end (H's are negated,
    /// and the sum is G − H).
    pub compare: Option<ast::Split>,
    /// The `analyze` statement that asks it, where a file does (an editor
    /// shows the answer there).
    pub asked: Option<ast::Span>,
}

impl Question {
    /// The sum of `components` (one game alone, when there is one), asked
    /// outside a file.
    pub fn sum(components: Vec<Instance>) -> Question {
        Question {
            compound: Compound::Sum,
            components,
            values: Vec::new(),
            compare: None,
            asked: None,
        }
    }
}

/// A game with its parameters fixed, at a position.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The game, with its parameter values.
    pub game: Arc<Game>,
    /// Its position.
    pub position: Position,
    /// Played with Left and Right exchanged: its negative, −G (written
    /// after `-` in a sum; Winning Ways, ch. 2). An impartial game is its
    /// own negative.
    pub negated: bool,
}

impl Instance {
    /// `game` at `position`, not negated.
    pub fn new(game: Arc<Game>, position: Position) -> Instance {
        Instance {
            game,
            position,
            negated: false,
        }
    }
}

impl Program {
    /// The game of that name, if the file defines one.
    pub fn game(&self, name: &str) -> Option<&GameEntry> {
        self.by_name.get(name).map(|&i| &self.games[i])
    }

    pub(super) fn game_names(&self) -> Vec<String> {
        self.games.iter().map(|g| g.def.name.name.clone()).collect()
    }
}
