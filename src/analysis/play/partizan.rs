//! Play of a partizan game against the computer. The human takes a side,
//! Left or Right, the computer the other; the player to move has the moves
//! of their side's rules (and of the rules of both). The computer moves to
//! win where its side can: to a position it wins moving second (Left to a
//! G ≥ 0, Right to a G ≤ 0; Siegel, *Combinatorial Game Theory*, §II.1);
//! else to the option best for it (`Analyzer::side_moves`). The player to
//! move with no move loses (normal play). Each position is valued by the
//! game's partizan search, within one question's limits a move.

use std::sync::Arc;

use crate::analysis::analyzer::Analyzer;
use crate::analysis::answer::SideMove;
use crate::analysis::error::AnalysisError;
use crate::analysis::options::Options;
use crate::check::Instance;
use crate::moves::MoveGen;
use crate::position::{Outcome, Side};
use crate::rules::Game;

use super::player::Player;

/// One play of a partizan game, from its first position to its end.
pub struct PartizanPlay {
    analyzer: Analyzer,
    game: Arc<Game>,
    start: Vec<u64>,
    position: Vec<u64>,
    to_move: Side,
    human: Side,
    played: Vec<(Player, SideMove)>,
}

impl PartizanPlay {
    /// The play of `instance` (one partizan game at a position, in normal
    /// play, its moves never sums), the human playing `human`, `first` to
    /// move.
    pub fn start(
        instance: &Instance,
        options: Options,
        human: Side,
        first: Side,
    ) -> Result<PartizanPlay, AnalysisError> {
        let game = &instance.game;
        let refuse = |what| AnalysisError::Partizan {
            game: game.title(),
            what,
        };
        if instance.negated {
            return Err(refuse("play of a negative"));
        }
        if game.misere {
            return Err(refuse("play in misère play"));
        }
        if MoveGen::new(game).has_sums() {
            return Err(refuse("play of a game whose moves become sums"));
        }
        crate::analysis::answers::kept::without_ends(game, "a partizan play")?;
        let position =
            (instance.position.to_u64s()).ok_or_else(|| AnalysisError::PlayTooLarge {
                game: game.title(),
                position: instance.position.clone(),
            })?;
        Ok(PartizanPlay {
            analyzer: Analyzer::new(options),
            game: game.clone(),
            start: position.clone(),
            position,
            to_move: first,
            human,
            played: Vec::new(),
        })
    }

    /// The game played.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The position the play started from.
    pub fn start_position(&self) -> &[u64] {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &[u64] {
        &self.position
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The human's side.
    pub fn human(&self) -> Side {
        self.human
    }

    /// Who is to move: the human or the computer.
    pub fn player_to_move(&self) -> Player {
        self.player(self.to_move)
    }

    /// Who plays `side`.
    pub fn player(&self, side: Side) -> Player {
        if side == self.human {
            Player::Human
        } else {
            Player::Computer
        }
    }

    /// The moves made so far, in order, each with who made it.
    pub fn played(&self) -> &[(Player, SideMove)] {
        &self.played
    }

    /// The moves of the side to move, each valued, and the best of them
    /// for it (the computer's choice; the human's hint); no moves: the
    /// side to move has lost.
    pub fn moves(&mut self) -> Result<(Vec<SideMove>, Option<usize>), AnalysisError> {
        self.analyzer
            .side_moves(&self.game, &self.position, self.to_move)
    }

    /// Makes move `m` (one `moves` gave) for the side to move.
    pub fn play(&mut self, m: SideMove) {
        self.position = m.to.clone();
        self.played.push((self.player(self.to_move), m));
        self.to_move = self.to_move.other();
    }

    /// Takes back the human's last move and every move after it: the human
    /// is to move where they moved from. `false` where they have not moved.
    pub fn undo(&mut self) -> bool {
        let Some(last) = (self.played.iter()).rposition(|(p, _)| *p == Player::Human) else {
            return false;
        };
        self.played.truncate(last);
        self.position = match self.played.last() {
            Some((_, m)) => m.to.clone(),
            None => self.start.clone(),
        };
        self.to_move = self.human;
        true
    }

    /// The position now: its canonical form as written, and its outcome
    /// class.
    pub fn value(&mut self) -> Result<(String, Outcome), AnalysisError> {
        self.analyzer.partizan_value(&self.game, &self.position)
    }
}
