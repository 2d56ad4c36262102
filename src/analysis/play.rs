//! Play against the perfect opponent: a game or a sum set up from the
//! positions asked about, its standings searched whole (`search::standing`);
//! where that search runs out, the analysis judges the positions (a closed
//! form, a period, a misère quotient), and the play wins without counting
//! moves.

use std::sync::Arc;

use crate::analysis::{Analyzer, Options};
use crate::check::{Analysis, Instance};
use crate::diagnostics::Error;
use crate::moves::MoveGen;
use crate::position::{Outcome, Position};
use crate::rules::Game;
use crate::search::Solver;
use crate::search::loopy::{self, Found};
use crate::search::standing::{Judge, Judged, Place, Standings};

/// The moves each search of the play may examine (a few seconds' work at
/// most) before the analysis judges in its place.
const SEARCH_WORK: u64 = 5_000_000;

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
    let options = crate::search::Options {
        max_positions,
        move_budget: Some(SEARCH_WORK),
        ..crate::search::Options::default()
    };
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
        let mut solver = Solver::with_options(game.clone(), options.clone());
        match loopy::search(&mut solver, &heaps, max_positions) {
            // Too large to search, and no move adds: the play ends, and the
            // analysis judges where the search cannot.
            Err(Error::Search(e)) if e.is_limit() && !MoveGen::new(game).may_grow() => {}
            Err(e) => return Err(e),
            Ok(Found::Value(..)) => {}
            Ok(Found::Loopy(_)) if components.len() > 1 => {
                return Err(PlayError::LoopySum { game: game.title() }.into());
            }
            Ok(Found::Loopy(graph)) => {
                return Ok((Standings::loopy(game.clone(), graph), vec![heaps]));
            }
        }
        place.push(heaps);
    }
    let games: Vec<Arc<Game>> = components.iter().map(|c| c.game.clone()).collect();
    let judge = ByAnalysis {
        games: games.clone(),
        analyzer: Analyzer::new(Options {
            search: crate::search::Options {
                max_positions,
                ..crate::search::Options::default()
            },
            ..Options::default()
        }),
    };
    let standings = Standings::new(games, &options).judged_by(Box::new(judge));
    Ok((standings, place))
}

/// Positions judged by their analysis.
struct ByAnalysis {
    games: Vec<Arc<Game>>,
    analyzer: Analyzer,
}

impl Judge for ByAnalysis {
    fn judge(&mut self, place: &Place) -> Result<Judged, Error> {
        let analysis = Analysis {
            components: (self.games.iter().zip(place))
                .map(|(game, heaps)| Instance {
                    game: game.clone(),
                    position: Position::from_u64s(heaps),
                })
                .collect(),
        };
        let answer = self.analyzer.analyze(&analysis)?;
        let keeping = match answer.outcome {
            Outcome::D => &answer.drawing_moves,
            _ => &answer.winning_moves,
        };
        let winning = keeping
            .iter()
            .filter_map(|m| Some((m.component, m.to.to_u64s()?)))
            .collect();
        Ok(Judged {
            outcome: answer.outcome,
            winning,
        })
    }
}
