//! Known games: each recognised from its lowered rules (by structure, never
//! by name) and answered by a closed form, exactly, for heaps of any size.
//!
//! One module per known game. Each has a `recognise` function that looks at a
//! lowered `Game` and, if the game is the known one (with any parameter
//! values), returns a `Box<dyn Known>` that answers positions.

pub mod bash;
pub mod bounded_nim;
pub mod closed;
pub mod coins;
pub mod deleting_divisors;
pub mod empty_and_divide;
pub mod hackenbush;
pub mod lasker;
pub mod misere_bash;
pub mod misere_nim;
pub mod mock_turtles;
pub mod moore;
pub mod nim;
pub mod product;
mod renumbered;
pub mod ruler;
pub mod staircase;
pub mod subtraction;
pub mod twins;
pub mod wythoff;

use crate::rules::Game;
pub use closed::{Entry, Known, KnownMove, WinningMoves};

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
    &deleting_divisors::ENTRY,
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

/// The known game `game` is, if any: the first of the catalogue that
/// recognises it (`renumbered::among`, rules written twice counted once).
pub fn recognise(game: &Game) -> Option<Box<dyn Known>> {
    renumbered::among(CATALOGUE, game)
}
