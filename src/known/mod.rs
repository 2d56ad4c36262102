//! Known games: each recognised from its lowered rules (by structure, never
//! by name) and answered by a closed form, exactly, for heaps of any size.
//!
//! One module per known game. Each has a `recognise` function that looks at a
//! lowered `Game` and, if the game is the known one (with any parameter
//! values), returns a `Box<dyn Known>` that answers positions.

pub mod bash;
pub mod bounded_nim;
pub mod coins;
pub mod empty_and_divide;
pub mod hackenbush;
pub mod lasker;
pub mod misere_bash;
pub mod misere_nim;
pub mod mock_turtles;
pub mod moore;
pub mod nim;
pub mod product;
pub mod ruler;
pub mod staircase;
pub mod subtraction;
pub mod twins;
pub mod wythoff;

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

/// Every known game, most specific first: the first that recognises a game answers it.
pub const CATALOGUE: &[&Entry] = &[
    &bash::ENTRY,
    &misere_bash::ENTRY,
    &nim::ENTRY,
    &misere_nim::ENTRY,
    &bounded_nim::ENTRY,
    &lasker::ENTRY,
    &subtraction::ENTRY,
    &wythoff::ENTRY,
    &staircase::ENTRY,
    &moore::ENTRY,
    &empty_and_divide::ENTRY,
    &ruler::ENTRY,
    &mock_turtles::ENTRY,
    &twins::TWINS,
    &twins::TURNING_TURTLES,
    &product::ENTRY,
    &hackenbush::ENTRY,
];

/// How a heap too large to search is answered where no closed form of the
/// catalogue applies: by the period the one-heap engine proves on small
/// heaps (`crate::period`). Found by computing, not recognised from the
/// rules alone, so it is listed beside the catalogue, never in it.
pub static PROVEN_PERIOD: Entry = Entry {
    id: "proven_period",
    recognises: "one-heap take-and-break games with finitely many amounts and no condition (subtraction games, octal games, takes that split the rest into two; not splits into unequal or three heaps), normal play; any number of heaps",
    formula: "g(n) = g(n - p) for n >= e, proven from g(0..2e + p + t + 1) (t: the most tokens taken; window e..e + t for subtraction games); a heap of any size is answered from g(e + (n - e) mod p), its winning moves from a small heap of the same residue",
    source: "the periodicity theorem of R. K. Guy and C. A. B. Smith, \"The G-values of various games\", Proc. Cambridge Philos. Soc. 52 (1956); Winning Ways for your Mathematical Plays (Berlekamp, Conway, Guy), ch. 4",
    recognise: |_| None,
};

/// What `gamelang known` lists: the catalogue, then the proven period.
pub fn listed() -> impl Iterator<Item = &'static Entry> {
    CATALOGUE.iter().copied().chain([&PROVEN_PERIOD])
}

/// The catalogue entry of the known game `game` is, with its rule in words
/// (as the editor's hover tells it); `None` where no entry recognises it.
pub fn known_game(game: &Game) -> Option<(&'static Entry, String)> {
    let known = recognise(game)?;
    let entry = CATALOGUE.iter().copied().find(|e| e.id == known.id())?;
    Some((entry, known.rule()))
}

/// The kind of move of a game made of exactly one rule, with no invariant:
/// the shape most known games have. Play and heap count are the caller's.
fn only_rule(game: &Game) -> Option<&MoveKind> {
    match game.rules.as_slice() {
        [rule] if game.invariant.is_none() => Some(&rule.kind),
        _ => None,
    }
}

/// The known game `game` is, if any. A rule that repeats an earlier one
/// makes the same moves again, each a move of its own (LANGUAGE.md, "What a
/// move is"), and a move's outcome is the same however many rules make it:
/// the game is the known one with each rule written once (Wythoff written
/// with `take 1..` twice and `take 1.. from both heaps` once is still
/// Wythoff), and each of its moves is listed once for every copy of its
/// rule. Where the rules are written unevenly often, the count of winning
/// moves not listed is a lower bound (each is at least one).
pub fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    // A game that ends other than by running out of moves is none of them,
    // and so is a partizan one: the closed forms are of impartial games.
    if !game.ends.is_empty() || game.is_partizan() {
        return None;
    }
    // Each distinct rule, with the indices of its copies.
    let mut copies: Vec<Vec<usize>> = Vec::new();
    let mut kept = Vec::new();
    for (i, rule) in game.rules.iter().enumerate() {
        match kept
            .iter()
            .position(|r: &crate::rules::Rule| r.kind == rule.kind)
        {
            Some(k) => copies[k].push(i),
            None => {
                copies.push(vec![i]);
                kept.push(rule.clone());
            }
        }
    }
    if kept.len() == game.rules.len() {
        return CATALOGUE.iter().find_map(|entry| (entry.recognise)(game));
    }
    let distinct = Game {
        rules: kept,
        ..game.clone()
    };
    let known = CATALOGUE
        .iter()
        .find_map(|entry| (entry.recognise)(&distinct))?;
    Some(Box::new(Renumbered { known, copies }))
}

/// A known game recognised with repeated rules left out: each of its moves
/// is one by every copy of its rule, the rule indices mapped back to the
/// game's own rules.
struct Renumbered {
    known: Box<dyn Known>,
    /// The game's indices of each rule the known game saw, its copies.
    copies: Vec<Vec<usize>>,
}

impl Known for Renumbered {
    fn id(&self) -> &'static str {
        self.known.id()
    }

    fn rule(&self) -> String {
        self.known.rule()
    }

    fn coin_value(&self, coin: &BigUint) -> Option<BigUint> {
        self.known.coin_value(coin)
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let mut closed = self.known.analyze(heaps, max_moves);
        let moves = std::mem::take(&mut closed.winning.moves);
        // Each move listed is one a copy of its rule; those not listed,
        // at least one a copy of the rule written fewest times (exactly,
        // where every rule is written as often).
        let copies = |rule: usize| self.copies.get(rule).map_or(1, Vec::len);
        let fewest = self.copies.iter().map(Vec::len).min().unwrap_or(1);
        let even = self.copies.iter().all(|c| c.len() == fewest);
        let listed: usize = moves.iter().map(|m| copies(m.rule)).sum();
        let unlisted =
            &closed.winning.count - BigUint::from(moves.len()).min(closed.winning.count.clone());
        closed.winning.at_least |= !even && unlisted > BigUint::ZERO;
        closed.winning.count = BigUint::from(listed) + unlisted * BigUint::from(fewest);
        closed.winning.moves = (moves.iter())
            .flat_map(|m| {
                (self.copies.get(m.rule).into_iter().flatten()).map(|&rule| KnownMove {
                    rule,
                    to: m.to.clone(),
                })
            })
            .take(max_moves)
            .collect();
        closed
    }
}
