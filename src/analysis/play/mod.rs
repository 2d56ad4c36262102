//! Play against the perfect opponent: a game or a sum set up from the
//! positions asked about, its standings searched whole (`standing`); where
//! that search runs out, the analysis judges the positions (a closed form,
//! a period, a misère quotient), and the play wins without counting moves.
//! A [`Session`] holds one play: whose turn it is, the moves made, and when
//! it is over (no move left, an end the game declares met, or a drawn
//! position come back). A game with ends (`win when` and the like) is
//! played alone, from the graph of its positions.

mod compound;
mod partizan;
mod player;

use std::collections::HashSet;
use std::sync::Arc;

use crate::analysis::analyzer::Analyzer;
use crate::analysis::answer::{Gain, WinningMove};
use crate::analysis::error::AnalysisError;
use crate::analysis::options::Options;
use crate::analysis::standing::{Judge, Judged, Move, Piece, Place, Standing, Standings, place_of};
use crate::check::{Compound, Instance, Question};
use crate::moves::MoveGen;
use crate::position::{Outcome, Position};
use crate::rules::EndKind;
use crate::rules::Game;
use crate::search::Solver;
use crate::search::loopy::{self, Found, LoopyGraph};
use compound::CompoundPlay;
pub use partizan::PartizanPlay;
pub use player::Player;

/// The moves each search of the play may examine (a few seconds' work at
/// most) before the analysis judges in its place.
const SEARCH_WORK: u64 = 5_000_000;

/// The play of `components` (one game, or a sum played together), and its
/// first position. Each component's game is searched from its position
/// first; a game that can go on forever is played from the graph of its
/// positions, alone.
pub fn start(
    components: &[Instance],
    max_positions: usize,
) -> Result<(Standings, Place), AnalysisError> {
    let options = crate::search::Options {
        max_positions,
        move_budget: Some(SEARCH_WORK),
        ..crate::search::Options::default()
    };
    let mut place = Vec::new();
    for instance in components {
        let game = &instance.game;
        crate::analysis::answers::kept::impartial(game, "`play`")?;
        if components.len() > 1 {
            crate::analysis::answers::kept::without_ends(game, "play of a sum")?;
        }
        let heaps = instance
            .position
            .to_u64s()
            .ok_or_else(|| AnalysisError::PlayTooLarge {
                game: game.title(),
                position: instance.position.clone(),
            })?;
        // A scoring game is played alone, its standings its scores.
        if game.scoring {
            if components.len() > 1 {
                return Err(AnalysisError::ScoringSum { game: game.title() });
            }
            place.push(heaps);
            continue;
        }
        let mut solver = Solver::with_options(game.clone(), options.clone());
        if game.ends_anywhere().is_some() && solver.has_sums() {
            crate::analysis::answers::kept::without_ends(
                game,
                "play of a game whose moves become sums",
            )?;
        }
        if !game.ends.is_empty() {
            // A game with ends, alone: played from the graph of its
            // positions, those meeting an end explored no further.
            let graph = LoopyGraph::explore(&solver, &heaps, max_positions)?;
            return Ok((Standings::loopy(game.clone(), graph), place_of(vec![heaps])));
        }
        match loopy::search(&mut solver, &heaps, max_positions) {
            // Too large to search, and no move adds: the play ends, and the
            // analysis judges where the search cannot.
            Err(e) if e.is_limit() && !MoveGen::new(game).may_grow() => {}
            Err(e) => return Err(e.into()),
            Ok(Found::Value(..)) => {}
            Ok(Found::Loopy(_)) if components.len() > 1 => {
                return Err(AnalysisError::LoopySum { game: game.title() });
            }
            Ok(Found::Loopy(graph)) => {
                return Ok((
                    Standings::loopy(game.clone(), *graph),
                    place_of(vec![heaps]),
                ));
            }
        }
        place.push(heaps);
    }
    let games: Vec<Arc<Game>> = components.iter().map(|c| c.game.clone()).collect();
    let judge = ByAnalysis {
        analyzer: Analyzer::new(judging_options(max_positions)),
    };
    let standings = Standings::new(games, &options).judged_by(Box::new(judge));
    Ok((standings, place_of(place)))
}

/// The options of an analysis that judges a play's positions.
fn judging_options(max_positions: usize) -> Options {
    Options {
        search: crate::search::Options {
            max_positions,
            ..crate::search::Options::default()
        },
        ..Options::default()
    }
}

/// Positions judged by their analysis.
struct ByAnalysis {
    analyzer: Analyzer,
}

impl Judge for ByAnalysis {
    fn judge(&mut self, games: &[Arc<Game>], place: &Place) -> Result<Judged, AnalysisError> {
        let analysis = Question::sum(
            (place.iter())
                .map(|piece| {
                    Instance::new(games[piece.game].clone(), Position::from_u64s(&piece.heaps))
                })
                .collect(),
        );
        let answer = self.analyzer.analyze(&analysis)?;
        let keeping = match answer.outcome {
            Outcome::D => &answer.drawing_moves,
            _ => &answer.winning_moves,
        };
        let winning = keeping
            .iter()
            .filter_map(|m| move_of(games, place, m))
            .collect();
        Ok(Judged {
            outcome: answer.outcome,
            winning,
        })
    }
}

/// A move of an analysis of `place` as the play makes it; `None` for heaps
/// past 64 bits, or a game the play has not met (which no move reaches).
fn move_of(games: &[Arc<Game>], place: &Place, m: &WinningMove) -> Option<Move> {
    let mut to = place.clone();
    let moved = place.get(m.component)?;
    let made = |to, becomes| Move {
        piece: m.component,
        rule: m.rule,
        becomes,
        with: Vec::new(),
        to,
    };
    if m.terms.is_empty() {
        to[m.component].heaps = m.to.to_u64s()?;
        return Some(made(to, None));
    }
    let parts = (m.terms.iter())
        .map(|part| {
            let game = match &part.game {
                Some(other) => games.iter().position(|g| Arc::ptr_eq(g, other))?,
                None => moved.game,
            };
            Some(Piece {
                game,
                heaps: part.position.to_u64s()?,
            })
        })
        .collect::<Option<Vec<Piece>>>()?;
    to.splice(m.component..=m.component, parts.iter().cloned());
    Some(made(to, Some(parts)))
}

/// One move of a play.
#[derive(Clone, Debug)]
pub struct Played {
    /// Who moved.
    pub player: Player,
    /// The position moved from.
    pub from: Place,
    /// The move.
    pub mv: Move,
    /// The standing of the position the move was made from.
    pub before: Standing,
    /// In a scoring game: the points the move scored, and whether its
    /// player moved again.
    pub gain: Option<Gain>,
}

/// How a play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A drawn position came back: neither player can force a win, and play
    /// could go on forever.
    Drawn,
    /// The player to move has no move: they lose, or in misère play win.
    NoMove {
        /// Who won.
        winner: Player,
        /// Whether the game is played misère (the player who cannot move wins).
        misere: bool,
    },
    /// The last move reached a position that meets one of the game's ends
    /// (`win when`, `lose when`, `draw when`).
    End {
        /// Which end.
        kind: EndKind,
        /// Who won: `None` for a draw.
        winner: Option<Player>,
    },
    /// The human stopped the play before its end (`quit`, or no more
    /// input): nobody won.
    Stopped,
    /// A scoring game's player to move has no move: the points decide.
    Points {
        /// The human's points.
        human: i128,
        /// The computer's.
        computer: i128,
    },
}

/// What comes next in a play.
#[derive(Clone, Debug)]
pub enum Turn {
    /// The play is over, and how it ended.
    Over(Ending),
    /// The human's turn: the moves to choose from.
    Human(Vec<Move>),
    /// The computer's move, and the standing of the position it leaves.
    Computer(Move, Standing),
}

/// One play, from its first position to its end.
pub struct Session {
    standings: Standings,
    start: Place,
    place: Place,
    to_move: Player,
    /// The standing of `place`, once `turn` has found it.
    before: Option<Standing>,
    /// In a game that can go on forever: the positions met so far, for a
    /// draw to be declared when one of them comes back.
    met: HashSet<Place>,
    played: Vec<Played>,
    /// A compound other than the sum: its moves and judge.
    compound: Option<CompoundPlay>,
    /// In a scoring game: each player's points so far, the human's first.
    scores: Option<[i128; 2]>,
}

impl Session {
    /// The play of `question`, a game or a sum (its components each
    /// searched from their positions first), `first` to move. Other
    /// compounds, where a move is made in several components at once, are
    /// not played.
    pub fn start(
        question: &Question,
        max_positions: usize,
        first: Player,
    ) -> Result<Session, AnalysisError> {
        if question.compound != Compound::Sum
            && let Some(c) = question.components.iter().find(|c| c.game.scoring)
        {
            return Err(AnalysisError::ScoringSum {
                game: c.game.title(),
            });
        }
        let (mut standings, start) = start(&question.components, max_positions)?;
        let compound = (question.compound != Compound::Sum).then(|| {
            CompoundPlay::new(
                question.compound,
                Analyzer::new(judging_options(max_positions)),
            )
        });
        if let Some(compound) = &compound {
            // A compound too wide to list its moves is refused at once.
            compound.moves(&mut standings, &start)?;
        }
        Ok(Session {
            standings,
            place: start.clone(),
            start,
            to_move: first,
            before: None,
            met: HashSet::new(),
            played: Vec::new(),
            compound,
            scores: question
                .components
                .iter()
                .any(|c| c.game.scoring)
                .then_some([0, 0]),
        })
    }

    /// In a scoring game: the human's points and the computer's so far.
    pub fn scores(&self) -> Option<[i128; 2]> {
        self.scores
    }

    /// In a scoring game: what move `m` from the position now scores, and
    /// what it is worth to its player with best play after it.
    pub fn gain(&mut self, m: &Move) -> Result<Option<(Gain, i128)>, AnalysisError> {
        self.standings.gain(&self.place, m)
    }

    /// The compound the play is of, other than the sum, where it is one.
    pub fn compound(&self) -> Option<Compound> {
        self.compound.as_ref().map(CompoundPlay::kind)
    }

    /// The games played and what they know of their positions, for words.
    pub fn standings(&self) -> &Standings {
        &self.standings
    }

    /// The position the play started from.
    pub fn start_place(&self) -> &Place {
        &self.start
    }

    /// The position now.
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// The moves made so far, in order.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// What comes next: the end of the play, the human's moves to choose
    /// from, or the computer's move.
    pub fn turn(&mut self) -> Result<Turn, AnalysisError> {
        if let Some(compound) = &mut self.compound {
            let Some(moves) = compound.moves(&mut self.standings, &self.place)? else {
                return Ok(Turn::Over(self.no_move()));
            };
            self.before = Some(compound.standing(&self.standings, &self.place)?);
            return Ok(match self.to_move {
                Player::Human => Turn::Human(moves),
                Player::Computer => match compound.best(&self.standings, &self.place, &moves)? {
                    Some((m, after)) => Turn::Computer(m, after),
                    None => Turn::Over(self.no_move()),
                },
            });
        }
        let before = self.standings.standing(&self.place)?;
        self.before = Some(before);
        // More moves than the budget lists: the computer still moves, by
        // the analysis; the human could not be shown them.
        let moves = match self.standings.moves(&self.place) {
            Err(AnalysisError::Search(e)) if e.is_limit() && self.to_move == Player::Computer => {
                None
            }
            moves => Some(moves?),
        };
        if let Some(kind) = self.standings.end(&self.place) {
            // The player who moved here is the other one.
            let winner = match kind {
                EndKind::Win => Some(self.to_move.other()),
                EndKind::Lose => Some(self.to_move),
                EndKind::Draw => None,
            };
            return Ok(Turn::Over(Ending::End { kind, winner }));
        }
        if moves.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Turn::Over(self.no_move()));
        }
        if !self.met.insert(self.place.clone()) && before.outcome == Outcome::D {
            return Ok(Turn::Over(Ending::Drawn));
        }
        Ok(match (self.to_move, moves) {
            (Player::Human, Some(moves)) => Turn::Human(moves),
            _ => match self.standings.best(&self.place)? {
                Some((m, after)) => Turn::Computer(m, after),
                None => Turn::Over(self.no_move()),
            },
        })
    }

    /// The move the perfect player would make for the human now (the
    /// computer's choice in its place: a winning move, else the one that
    /// puts the end off longest), and the standing of where it leads;
    /// `None` where there is no move. Asked after `turn` gave the human's
    /// moves.
    pub fn hint(&mut self) -> Result<Option<(Move, Standing)>, AnalysisError> {
        match &mut self.compound {
            Some(compound) => {
                let Some(moves) = compound.moves(&mut self.standings, &self.place)? else {
                    return Ok(None);
                };
                compound.best(&self.standings, &self.place, &moves)
            }
            None => self.standings.best(&self.place),
        }
    }

    /// Takes back the human's last move and every move after it (the
    /// computer's reply): the human is to move where they moved from.
    /// `false` where the human has not moved yet.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.played.iter().rposition(|p| p.player == Player::Human) else {
            return false;
        };
        self.place = self.played[last].from.clone();
        self.played.truncate(last);
        self.to_move = Player::Human;
        self.before = None;
        self.met = self.played.iter().map(|p| p.from.clone()).collect();
        if let Some(scores) = &mut self.scores {
            *scores = [0, 0];
            for p in &self.played {
                let points = p.gain.map_or(0, |g| g.points);
                let i = p.player as usize;
                scores[i] = scores[i].saturating_add(points);
            }
        }
        true
    }

    /// Makes move `m` for the player to move (one `turn` gave).
    pub fn play(&mut self, m: Move) {
        let Some(before) = self.before.take() else {
            return;
        };
        let to = m.to.clone();
        // A scoring game's move: its points to its player, who moves again
        // where it says so (its gain was found as its moves were listed).
        let gain = match self.scores {
            Some(_) => self.gain(&m).ok().flatten().map(|(gain, _)| gain),
            None => None,
        };
        let mover = self.to_move;
        if let (Some(scores), Some(gain)) = (&mut self.scores, gain) {
            let i = mover as usize;
            scores[i] = scores[i].saturating_add(gain.points);
        }
        self.played.push(Played {
            player: mover,
            from: std::mem::replace(&mut self.place, to),
            mv: m,
            before,
            gain,
        });
        if !gain.is_some_and(|g| g.again) {
            self.to_move = mover.other();
        }
    }

    /// The end where the player to move has no move.
    fn no_move(&self) -> Ending {
        if let Some([human, computer]) = self.scores {
            return Ending::Points { human, computer };
        }
        let misere = self.standings.misere();
        Ending::NoMove {
            winner: if misere {
                self.to_move
            } else {
                self.to_move.other()
            },
            misere,
        }
    }
}
