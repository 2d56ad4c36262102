//! Play against the perfect opponent: a game or a sum set up from the
//! positions asked about, its standings searched whole (`search::standing`).

use crate::check::Instance;
use crate::diagnostics::Error;
use crate::position::Position;
use crate::search::Solver;
use crate::search::loopy::{self, Found};
use crate::search::standing::{Place, Standings};

/// Why a play cannot be set up.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum PlayError {
    /// Play moves heap by heap, and this heap is past 64 bits.
    #[error("the play of `{game}` starts at {position}, with a heap of 2^64 or more")]
    #[diagnostic(
        code(gamelang::play::too_large),
        help("play from a position whose heaps are below 2^64 (18446744073709551616)")
    )]
    TooLarge { game: String, position: Position },
    /// A sum with a game that can go on forever.
    #[error("`{game}` can go on forever, and a sum with such a game cannot be played yet")]
    #[diagnostic(
        code(gamelang::play::loopy_sum),
        help("play the game on its own, or analyze the sum (`analyze` answers it)")
    )]
    LoopySum { game: String },
}

impl From<PlayError> for Error {
    fn from(e: PlayError) -> Self {
        Error::Play(Box::new(e))
    }
}

/// The play of `components` (one game, or a sum played together), and its
/// first position. Each component's game is searched from its position
/// first; a game that can go on forever is played from the graph of its
/// positions, alone.
pub fn start(components: &[Instance], max_positions: usize) -> Result<(Standings, Place), Error> {
    let mut place = Vec::new();
    for instance in components {
        let game = &instance.game;
        let heaps = instance
            .position
            .to_u64s()
            .ok_or_else(|| PlayError::TooLarge {
                game: game.title(),
                position: instance.position.clone(),
            })?;
        let mut solver = Solver::new(game.clone(), max_positions);
        match loopy::search(&mut solver, &heaps, max_positions)? {
            Found::Value(..) => {}
            Found::Loopy(_) if components.len() > 1 => {
                return Err(PlayError::LoopySum { game: game.title() }.into());
            }
            Found::Loopy(graph) => {
                return Ok((Standings::loopy(game.clone(), graph), vec![heaps]));
            }
        }
        place.push(heaps);
    }
    let games = components.iter().map(|c| c.game.clone()).collect();
    let options = crate::search::Options {
        max_positions,
        ..crate::search::Options::default()
    };
    Ok((Standings::new(games, &options), place))
}
