//! The words every known game shares: what a closed form says of a
//! position (`Closed`, its `WinningMoves`), the trait a recognised game
//! answers by (`Known`), and a catalogue `Entry`.

use num_bigint::BigUint;

use crate::position::Outcome;
use crate::rules::{Game, MoveKind};

/// What a closed form says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// Who wins: P or N.
    pub outcome: Outcome,
    /// The Grundy value, where the closed form gives one (normal play only).
    pub grundy: Option<BigUint>,
    /// Its winning moves.
    pub winning: WinningMoves,
}

/// The moves to P-positions: their exact number, and the first of them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WinningMoves {
    /// How many winning moves there are in all (or, with `at_least`, a
    /// lower bound where counting them all would take too long).
    pub count: BigUint,
    /// `count` is a lower bound.
    pub at_least: bool,
    /// The first `max_moves` of them (all when there are fewer), each a
    /// distinct resulting position, in a fixed order.
    pub moves: Vec<KnownMove>,
}

impl WinningMoves {
    /// Counts one winning move of a coin game, turning the coins `turned`
    /// (numbered from the game's first coin minus `origin`) of the
    /// position `heads`, and lists it while fewer than `max_moves` are.
    pub fn count_turning(
        &mut self,
        heads: &[BigUint],
        turned: &[&BigUint],
        origin: &BigUint,
        max_moves: usize,
    ) {
        self.count += 1u32;
        if self.moves.len() < max_moves {
            let turned: Vec<BigUint> = turned.iter().map(|&c| c + origin).collect();
            self.moves.push(KnownMove {
                rule: 0,
                to: crate::position::symmetric_difference(heads, &turned),
            });
        }
    }
}

/// A move: the index of the rule that makes it (in `Game::rules`) and the
/// position after it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct KnownMove {
    /// The rule that makes it, by index.
    pub rule: usize,
    /// The position after it.
    pub to: Vec<BigUint>,
}

/// A recognised known game, with its parameters.
pub trait Known: Send + Sync {
    /// The catalogue id: `nim`, `wythoff`, ...
    fn id(&self) -> &'static str;
    /// The closed form as a sentence, with this game's parameter values:
    /// `(a, b) with a <= b is P iff a = floor((b - a) * phi)`.
    fn rule(&self) -> String;
    /// The answer at `heaps` (a valid position of the game), listing at most
    /// `max_moves` winning moves.
    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed;
    /// A coin game's value of the one coin `coin` showing heads (numbered
    /// as the game numbers its coins), where the closed form gives one.
    fn coin_value(&self, _coin: &BigUint) -> Option<BigUint> {
        None
    }
}

/// A catalogue entry: what `gamelang known` prints, and the recogniser.
pub struct Entry {
    /// The catalogue id: `nim`, `wythoff`, ...
    pub id: &'static str,
    /// The rules it recognises, in `.game` words.
    pub recognises: &'static str,
    /// The closed form.
    pub formula: &'static str,
    /// Where the closed form comes from.
    pub source: &'static str,
    /// The game's closed form, if the game is this one (with any parameters).
    pub recognise: fn(&Game) -> Option<Box<dyn Known>>,
}

/// The kind of move of a game made of exactly one rule, with no invariant:
/// the shape most known games have. Play and heap count are the caller's.
pub(super) fn only_rule(game: &Game) -> Option<&MoveKind> {
    match game.rules.as_slice() {
        [rule] if game.invariant.is_none() => Some(&rule.kind),
        _ => None,
    }
}
