//! Positions of a game or a sum of games searched whole: the moves from a
//! position, and for each position who wins and its remoteness (Smith,
//! 1966: how many moves the play lasts when the winner hurries to win and
//! the loser delays the loss), memoised by canonical position. For play
//! against the perfect opponent (`crate::play`), and for sums whose values
//! do not add: a sum of misère games is one misère game.
//!
//! Remoteness decides the outcome as well: an end position is lost by the
//! player to move (won, in misère play); a position with a move to a lost
//! one is won, and its remoteness is one more than the smallest such move's;
//! any other is lost, one more than the largest of its moves'. The perfect
//! player takes the first of those moves.
//!
//! Where the search runs out of its budget (a position too large to search
//! whole), a `Judge` given by the caller says who wins and which moves win,
//! without remoteness: from then on the play wins, not by the fewest moves.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::answer::Gain;
use super::error::AnalysisError;
use crate::moves::{MoveError, MoveGen, Next, Term};
use crate::position::{Named, Outcome};
use crate::rules::expr::EvalError;
use crate::rules::{EndKind, Game};
use crate::search::loopy::LoopyGraph;
use crate::search::scoring::ScoringSearch;
use crate::search::{Budget, Cancel, DEFAULT_MOVE_BUDGET, Options, SearchError, move_error};

/// A position of the play: a sum of pieces, each a position of one game.
/// A move in a piece replaces it: by the piece it leaves, or where the
/// move `becomes` a sum, by the sum's parts (none, one or many).
pub type Place = Vec<Piece>;

/// One game's position in a play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its game: an index into the play's games (`Standings::game`).
    pub game: usize,
    /// Its heaps.
    pub heaps: Vec<u64>,
}

/// A scoring game's move as its search lists it: its rule, where it
/// leads, what it scores and what it is worth to its player.
type Gained = (usize, Vec<u64>, Gain, i128);

/// What move `m` scores and is worth, from its position's moves listed
/// (`Standings::gains`): the first by the same rule to the same position.
fn gain_of(gains: &[Gained], m: &Move) -> Option<(Gain, i128)> {
    let to = m.to.first().map(|piece| piece.heaps.as_slice());
    (gains.iter())
        .find(|(rule, after, ..)| *rule == m.rule && Some(after.as_slice()) == to)
        .map(|&(_, _, gain, worth)| (gain, worth))
}

/// The place of the play's games (as `Standings::new` was given them) at
/// `heaps`, one position each.
pub fn place_of(heaps: Vec<Vec<u64>>) -> Place {
    (heaps.into_iter().enumerate())
        .map(|(game, heaps)| Piece { game, heaps })
        .collect()
}

/// Every heap of `place`, piece by piece, for errors to name.
fn all_heaps(place: &Place) -> Vec<u64> {
    place.iter().flat_map(|p| p.heaps.iter().copied()).collect()
}

/// A move here costs about four of the general search's (each is a whole
/// position of the sum, made and put in canonical form: 200 million took
/// 58 s for misère Kayles at 30 + 20), so the default budget is a quarter
/// of the search's, to end within about the same time.
const COST_PER_MOVE: u64 = 4;

/// Who wins a position, and in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Who wins: P, N or D.
    pub outcome: Outcome,
    /// Moves to the end of the play, both players playing perfectly;
    /// `None` for a draw (a game that can go on forever), or where a
    /// `Judge` said who wins.
    pub remoteness: Option<u64>,
}

/// Says who wins a position too large to search whole, and its winning
/// moves (from a draw, the moves that keep it). `games`: the play's games,
/// as the pieces number them.
pub trait Judge {
    /// Who wins `place`, and its winning moves.
    fn judge(&mut self, games: &[Arc<Game>], place: &Place) -> Result<Judged, AnalysisError>;
}

/// A `Judge`'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Who wins: P, N or D.
    pub outcome: Outcome,
    /// The winning moves (from a draw, those that keep it).
    pub winning: Vec<Move>,
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The piece moved in (an index into the place moved from).
    pub piece: usize,
    /// The rule that makes it (an index into that piece's game's rules).
    pub rule: usize,
    /// Where the move `becomes` a sum, its parts, in place of the piece;
    /// `None` for a move within the piece, which `to` holds at `piece`.
    pub becomes: Option<Vec<Piece>>,
    /// In a compound other than the sum, the moves made at the same time
    /// in other pieces: each piece and rule (`to` holds where they go);
    /// empty in a sum.
    pub with: Vec<(usize, usize)>,
    /// The whole position after it.
    pub to: Place,
}

struct Component {
    game: Arc<Game>,
    moves: MoveGen,
    /// Whether heap order and empty heaps matter (`MoveGen::symmetry`).
    symmetry: (bool, bool),
}

/// A game or a sum of games, its positions' standings as found.
pub struct Standings {
    /// A game that can go on forever, played alone: its positions, labelled
    /// by retrograde analysis, stand in for the search below.
    loopy: Option<LoopyGraph>,
    components: Vec<Component>,
    /// How many games the play was given (the rest are games its moves
    /// `become`).
    given: usize,
    /// Pieces with no move, where moves `become` sums (which leave such
    /// pieces behind), known so far: a sum is the same game without them.
    ended: Option<HashMap<Piece, bool>>,
    misere: bool,
    known: HashMap<Place, Standing>,
    max_positions: usize,
    /// Each question's budget of moves and time, as a search's.
    move_budget: u64,
    timeout: Option<Duration>,
    cancel: Option<Cancel>,
    budget: Budget,
    /// The position the current question asks about, for its errors.
    asked: Vec<u64>,
    /// Who answers once the search has run out.
    judge: Option<Box<dyn Judge>>,
    /// Whether the search has run out: the judge answers from then on.
    judging: bool,
    /// A scoring game's search, where the play is of one (alone): its
    /// standings are its scores.
    scoring: Option<ScoringSearch>,
}

impl Standings {
    /// The positions of `games` played together (a sum when several),
    /// holding at most `options.max_positions` standings, each question
    /// within `options`' budgets. A sum with a misère game is played
    /// misère: its last mover loses.
    pub fn new(games: Vec<Arc<Game>>, options: &Options) -> Standings {
        let misere = games.iter().any(|g| g.misere);
        let scoring = match games.as_slice() {
            [only] if only.scoring => Some(ScoringSearch::new(only.clone(), options.clone())),
            _ => None,
        };
        let components: Vec<Component> = games
            .into_iter()
            .map(|game| {
                let moves = MoveGen::new(&game);
                Component {
                    symmetry: moves.symmetry(&game),
                    game,
                    moves,
                }
            })
            .collect();
        let move_budget = options
            .move_budget
            .unwrap_or(DEFAULT_MOVE_BUDGET / COST_PER_MOVE);
        let becomes = components.iter().any(|c| c.moves.has_sums());
        Standings {
            loopy: None,
            given: components.len(),
            ended: becomes.then(HashMap::new),
            components,
            misere,
            known: HashMap::new(),
            max_positions: options.max_positions,
            move_budget,
            timeout: options.timeout,
            cancel: options.cancel.clone(),
            budget: Budget::stoppable(move_budget, options.timeout, &options.cancel),
            asked: Vec::new(),
            judge: None,
            judging: false,
            scoring,
        }
    }

    /// The same standings, judged by `judge` where the search runs out.
    pub fn judged_by(self, judge: Box<dyn Judge>) -> Standings {
        Standings {
            judge: Some(judge),
            ..self
        }
    }

    /// `result`, or where the search ran out and a judge is there, what
    /// `judged` gives, the judge answering from then on.
    fn or_judged<T>(
        &mut self,
        result: Result<T, AnalysisError>,
        judged: impl FnOnce(&mut Self) -> Result<T, AnalysisError>,
    ) -> Result<T, AnalysisError> {
        match result {
            Err(AnalysisError::Search(e)) if e.is_limit() && self.judge.is_some() => {
                self.judging = true;
                judged(self)
            }
            other => other,
        }
    }

    /// The judge's answer for `place`.
    fn judged(&mut self, place: &Place) -> Result<Judged, AnalysisError> {
        let games: Vec<Arc<Game>> = self.components.iter().map(|c| c.game.clone()).collect();
        match self.judge.as_mut() {
            Some(judge) => judge.judge(&games, place),
            None => Err(self.too_many(place).into()),
        }
    }

    /// The standings of one game that can go on forever, from the graph of
    /// the positions reachable from the play's start (`LoopyGraph`).
    pub fn loopy(game: Arc<Game>, graph: LoopyGraph) -> Standings {
        let mut standings = Standings::new(vec![game], &Options::default());
        standings.loopy = Some(graph);
        standings
    }

    /// Standings found so far.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// Whether it knows no position yet.
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// Game `i` of the play: one it was given, or one a move `becomes`.
    pub fn game(&self, i: usize) -> &Arc<Game> {
        &self.components[i].game
    }

    /// Whether the play was given one game (its moves may still `become`
    /// sums of its positions).
    pub fn alone(&self) -> bool {
        self.given == 1
    }

    /// Whether the play is misère: its last mover loses.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The index of `game` among the play's games, added if new.
    fn game_index(&mut self, game: &Arc<Game>) -> usize {
        if let Some(i) = (self.components.iter()).position(|c| Arc::ptr_eq(&c.game, game)) {
            return i;
        }
        let moves = MoveGen::new(game);
        self.components.push(Component {
            symmetry: moves.symmetry(game),
            game: game.clone(),
            moves,
        });
        self.components.len() - 1
    }

    /// Every legal move from `place`, component by component, in the order
    /// the rules make them: a question of its own, with a budget of its own.
    /// None from a position where the play has ended (`end`).
    pub fn moves(&mut self, place: &Place) -> Result<Vec<Move>, AnalysisError> {
        if self.end(place).is_some() {
            return Ok(Vec::new());
        }
        self.start_question(place);
        self.moves_in_question(place)
    }

    /// The end `place` meets (`win when` and the like), where the play
    /// is over there; only a game with ends, played alone, has any.
    pub fn end(&self, place: &Place) -> Option<EndKind> {
        let graph = self.loopy.as_ref()?;
        let pieces = (place.iter()).map(|piece| {
            (
                self.components[piece.game].game.as_ref(),
                piece.heaps.as_slice(),
            )
        });
        graph.end(graph.find(pieces)?)
    }

    fn start_question(&mut self, place: &Place) {
        self.budget = Budget::stoppable(self.move_budget, self.timeout, &self.cancel);
        self.asked = all_heaps(place);
    }

    /// The moves from `place` within the current question's budget; no
    /// more than the standings may hold (a position with more moves than
    /// that could not be judged).
    fn moves_in_question(&mut self, place: &Place) -> Result<Vec<Move>, AnalysisError> {
        let mut all = Vec::new();
        for (i, piece) in place.iter().enumerate() {
            let component = &self.components[piece.game];
            let game = component.game.clone();
            let room = self.max_positions.saturating_sub(all.len()) as u64;
            if room == 0 {
                return Err(self.too_many(place).into());
            }
            let budget = &mut self.budget;
            // Each move as the rule and what the piece becomes: its heaps
            // (`None`), or the parts of a sum.
            let mut made: Vec<(usize, Vec<u64>, Option<Vec<Term>>)> = Vec::new();
            let examined = (component.moves)
                .each_option_within(&piece.heaps, budget.within().at_most(room), |rule, next| {
                    made.push(match next {
                        Next::Position(heaps) => (rule, heaps.to_vec(), None),
                        Next::Sum(parts) => (rule, Vec::new(), Some(parts.to_vec())),
                    })
                })
                .map_err(|e| match e.error {
                    // More moves than room for them: the sum is too large.
                    EvalError::OutOfBudget if budget.left() > room => {
                        SearchError::TooManyPositions {
                            game: game.title(),
                            position: Named::of(&self.asked, game.board),
                            limit: self.max_positions,
                        }
                    }
                    EvalError::OutOfBudget => budget.exhausted().error(&game, &self.asked),
                    _ => move_error(&game, &piece.heaps, e),
                })?;
            budget
                .spend(examined)
                .map_err(|e| e.error(&game, &self.asked))?;
            for (rule, heaps, parts) in made {
                let mut to = place.clone();
                let becomes = match parts {
                    None => {
                        to[i].heaps = heaps;
                        None
                    }
                    Some(parts) => {
                        let pieces: Vec<Piece> = (parts.into_iter())
                            .map(|part| Piece {
                                game: match &part.game {
                                    Some(other) => self.game_index(other),
                                    None => piece.game,
                                },
                                heaps: part.heaps,
                            })
                            .collect();
                        to.splice(i..=i, pieces.iter().cloned());
                        Some(pieces)
                    }
                };
                all.push(Move {
                    piece: i,
                    rule,
                    becomes,
                    with: Vec::new(),
                    to,
                });
            }
        }
        Ok(all)
    }

    /// Who wins `place`, and its remoteness: one question, with a budget
    /// of its own.
    pub fn standing(&mut self, place: &Place) -> Result<Standing, AnalysisError> {
        if let Some(score) = self.score(place)? {
            return Ok(Standing {
                outcome: Outcome::of_score(score),
                remoteness: None,
            });
        }
        let judged = |this: &mut Self| {
            Ok(Standing {
                outcome: this.judged(place)?.outcome,
                remoteness: None,
            })
        };
        if self.judging {
            return judged(self);
        }
        let searched = self.searched_standing(place);
        self.or_judged(searched, judged)
    }

    fn searched_standing(&mut self, place: &Place) -> Result<Standing, AnalysisError> {
        self.start_question(place);
        if let Some(graph) = &self.loopy {
            // One game alone: its positions, or the sums its moves become.
            let pieces = (place.iter()).map(|piece| {
                (
                    self.components[piece.game].game.as_ref(),
                    piece.heaps.as_slice(),
                )
            });
            let id = graph.find(pieces).ok_or_else(|| self.too_many(place))?;
            return Ok(Standing {
                outcome: graph.outcome(id),
                remoteness: graph.remoteness(id),
            });
        }
        let start = self.canonical(place)?;
        if let Some(&s) = self.known.get(&start) {
            return Ok(s);
        }
        // Depth first, with an explicit stack: plays may be long. A frame
        // is a position and the canonical positions its moves reach.
        let mut stack: Vec<(Place, Vec<Place>, usize)> = Vec::new();
        let children = self.children(&start)?;
        stack.push((start, children, 0));
        while let Some((_, children, next)) = stack.last_mut() {
            if let Some(child) = children.get(*next) {
                *next += 1;
                if self.known.contains_key(child) {
                    continue;
                }
                let child = child.clone();
                if self.known.len() + stack.len() >= self.max_positions {
                    return Err(self.too_many(place).into());
                }
                let grandchildren = self.children(&child)?;
                stack.push((child, grandchildren, 0));
                continue;
            }
            let Some((key, children, _)) = stack.pop() else {
                break;
            };
            let standing = self.judge(&children);
            self.known.insert(key, standing);
        }
        let start = self.canonical(place)?;
        Ok(self.known[&start])
    }

    /// The perfect player's move from `place` and the standing of the
    /// position it leaves: from a won position, a move to a lost one that
    /// wins soonest; from a draw, a move that keeps it; from a lost one, a
    /// move that loses latest. `None` at the end of the play.
    pub fn best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        if self.scoring.is_some() {
            return self.scored_best(place);
        }
        if self.judging {
            return self.judged_best(place);
        }
        let searched = self.searched_best(place);
        self.or_judged(searched, |this| this.judged_best(place))
    }

    /// A scoring game's position's score with best play (`search::scoring`);
    /// `None` where the play is of no scoring game.
    pub fn score(&mut self, place: &Place) -> Result<Option<i128>, AnalysisError> {
        let (Some(search), [piece]) = (self.scoring.as_mut(), place.as_slice()) else {
            return Ok(None);
        };
        Ok(Some(search.value(&piece.heaps)?))
    }

    /// What move `m` from `place` scores in a scoring game, and what it is
    /// worth to its player (its points and the score it leaves, as
    /// negamax adds them); `None` where the play is of no scoring game.
    pub fn gain(&mut self, place: &Place, m: &Move) -> Result<Option<(Gain, i128)>, AnalysisError> {
        let gains = self.gains(place)?.unwrap_or_default();
        Ok(gain_of(&gains, m))
    }

    /// Every move of a scoring game's `place` (one piece), in the rules'
    /// order, with what it scores and is worth; `None` where the play is of
    /// no scoring game.
    fn gains(&mut self, place: &Place) -> Result<Option<Vec<Gained>>, AnalysisError> {
        let (Some(search), [piece]) = (self.scoring.as_mut(), place.as_slice()) else {
            return Ok(None);
        };
        let moves = search.moves(&piece.heaps)?;
        Ok(Some(
            (moves.into_iter())
                .map(|(scored, worth)| {
                    let gain = Gain {
                        points: scored.points,
                        again: scored.again,
                    };
                    (scored.rule, scored.after, gain, worth)
                })
                .collect(),
        ))
    }

    /// A scoring game's best move: the first worth the most to its player
    /// (its moves and their worth listed once).
    fn scored_best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        let gains = self.gains(place)?.unwrap_or_default();
        let mut best: Option<(Move, i128)> = None;
        for m in self.moves(place)? {
            let Some((_, worth)) = gain_of(&gains, &m) else {
                continue;
            };
            if best.as_ref().is_none_or(|(_, b)| worth > *b) {
                best = Some((m, worth));
            }
        }
        match best {
            Some((m, _)) => {
                let after = self.standing(&m.to)?;
                Ok(Some((m, after)))
            }
            None => Ok(None),
        }
    }

    /// The best move by the search's standings.
    fn searched_best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        // How good a position left is for the player leaving it.
        let rank = |s: &Standing| -> (u8, i128) {
            let r = i128::from(s.remoteness.unwrap_or(0));
            match s.outcome {
                Outcome::P => (2, -r),
                Outcome::D => (1, 0),
                // L and R are outcomes of partizan games, which play refuses.
                Outcome::N | Outcome::L | Outcome::R => (0, r),
            }
        };
        let mut best: Option<(Move, Standing)> = None;
        for m in self.moves(place)? {
            let s = self.standing(&m.to)?;
            if self.judging {
                // The search ran out: the judge answers for the position
                // itself, not for each move's.
                return self.judged_best(place);
            }
            if best.as_ref().is_none_or(|(_, b)| rank(&s) > rank(b)) {
                best = Some((m, s));
            }
        }
        Ok(best)
    }

    /// The best move by the judge: from a won position, the first of its
    /// winning moves; from a draw, the first that keeps it; from a lost one,
    /// the first move. Where the position has more moves than the budget
    /// lists, the judge's move is made as the judge gave it.
    fn judged_best(&mut self, place: &Place) -> Result<Option<(Move, Standing)>, AnalysisError> {
        let judged = self.judged(place)?;
        // The standing of the position a move leaves, without remoteness.
        let leaves = |outcome| Standing {
            outcome,
            remoteness: None,
        };
        // The position the move leaves: lost, or still drawn.
        let after = match judged.outcome {
            Outcome::P => Outcome::N,
            Outcome::D => Outcome::D,
            Outcome::N | Outcome::L | Outcome::R => Outcome::P,
        };
        let moves = match self.moves(place) {
            Ok(moves) => moves,
            Err(AnalysisError::Search(e)) if e.is_limit() => {
                let m = match judged.winning.into_iter().next() {
                    Some(m) => m,
                    None if judged.outcome == Outcome::P => match self.first_move(place)? {
                        Some(m) => m,
                        None => return Err(AnalysisError::Search(e)),
                    },
                    None => return Err(AnalysisError::Search(e)),
                };
                return Ok(Some((m, leaves(after))));
            }
            Err(e) => return Err(e),
        };
        let Some(first) = moves.first().cloned() else {
            return Ok(None);
        };
        if judged.outcome == Outcome::P {
            return Ok(Some((first, leaves(after))));
        }
        let mut wins = Vec::new();
        for m in &judged.winning {
            wins.push(self.canonical(&m.to)?);
        }
        let mut listed = None;
        for m in &moves {
            if wins.contains(&self.canonical(&m.to)?) {
                listed = Some(m);
                break;
            }
        }
        if let Some(m) = listed {
            return Ok(Some((m.clone(), leaves(after))));
        }
        // Moves the judge did not list (a heap past what it lists moves
        // of): each position they leave judged in turn.
        for m in moves {
            let outcome = self.judged(&m.to)?.outcome;
            if outcome == after {
                return Ok(Some((m, leaves(outcome))));
            }
        }
        Ok(Some((first, leaves(Outcome::N))))
    }

    /// The first move the rules make from `place`, found without listing
    /// them all; `None` where there is none within the budget.
    fn first_move(&mut self, place: &Place) -> Result<Option<Move>, AnalysisError> {
        self.start_question(place);
        for (i, piece) in place.iter().enumerate() {
            let component = &self.components[piece.game];
            let mut first = None;
            let moves = &component.moves;
            let found =
                moves.each_option_within(&piece.heaps, self.budget.within(), |rule, next| {
                    if first.is_none()
                        && let Next::Position(heaps) = next
                    {
                        first = Some((rule, heaps.to_vec()));
                        // No more are wanted.
                        moves.halt();
                    }
                });
            if let Some((rule, heaps)) = first {
                let mut to = place.clone();
                to[i].heaps = heaps;
                return Ok(Some(Move {
                    piece: i,
                    rule,
                    becomes: None,
                    with: Vec::new(),
                    to,
                }));
            }
            if let Err(e) = found {
                return Err(self.generation_failed(piece, e).into());
            }
        }
        Ok(None)
    }

    /// The standing of a position whose moves reach `children`, all known.
    fn judge(&self, children: &[Place]) -> Standing {
        if children.is_empty() {
            // The player to move cannot: they lose, or win in misère play.
            let outcome = if self.misere { Outcome::N } else { Outcome::P };
            return Standing {
                outcome,
                remoteness: Some(0),
            };
        }
        // Plays that always end: every remoteness is known.
        let standings = children.iter().map(|c| self.known[c]);
        let fastest_win = standings
            .clone()
            .filter(|s| s.outcome == Outcome::P)
            .filter_map(|s| s.remoteness)
            .min();
        match fastest_win {
            Some(r) => Standing {
                outcome: Outcome::N,
                remoteness: Some(r + 1),
            },
            None => Standing {
                outcome: Outcome::P,
                remoteness: Some(1 + standings.filter_map(|s| s.remoteness).max().unwrap_or(0)),
            },
        }
    }

    /// The canonical positions the moves from `place` reach, each once.
    fn children(&mut self, place: &Place) -> Result<Vec<Place>, AnalysisError> {
        let mut children = Vec::new();
        for m in self.moves_in_question(place)? {
            children.push(self.canonical(&m.to)?);
        }
        children.sort_unstable();
        children.dedup();
        Ok(children)
    }

    /// `place` in the form the search keeps: each piece's heaps sorted and
    /// empty heaps dropped, where its rules allow; pieces with no move
    /// dropped where moves `become` sums (a sum with a game of no move is
    /// the same game tree without it, in normal and misère play alike);
    /// and the pieces sorted (a sum is the same sum in any order).
    fn canonical(&mut self, place: &Place) -> Result<Place, AnalysisError> {
        let mut key = Vec::with_capacity(place.len());
        for piece in place {
            let mut heaps = Vec::with_capacity(piece.heaps.len());
            let symmetry = self.components[piece.game].symmetry;
            MoveGen::canonical_into(&piece.heaps, symmetry, &mut heaps);
            let piece = Piece {
                game: piece.game,
                heaps,
            };
            if !self.has_ended(&piece)? {
                key.push(piece);
            }
        }
        key.sort_unstable();
        Ok(key)
    }

    /// Whether `piece` (canonical) has no move, where the play drops such
    /// pieces; false where it keeps them.
    fn has_ended(&mut self, piece: &Piece) -> Result<bool, AnalysisError> {
        let Some(ended) = &self.ended else {
            return Ok(false);
        };
        if let Some(&known) = ended.get(piece) {
            return Ok(known);
        }
        let component = &self.components[piece.game];
        let mut any = false;
        let examined = (component.moves)
            .each_option_within(&piece.heaps, self.budget.within(), |_, _| any = true)
            .map_err(|e| self.generation_failed(piece, e))?;
        (self.budget.spend(examined)).map_err(|e| e.error(&component.game, &self.asked))?;
        if let Some(ended) = &mut self.ended {
            ended.insert(piece.clone(), !any);
        }
        Ok(!any)
    }

    /// The error of a generation of `piece`'s moves that failed: its
    /// budget ran out, or a rule could not be applied.
    fn generation_failed(&self, piece: &Piece, e: MoveError) -> SearchError {
        let game = &self.components[piece.game].game;
        match e.error {
            EvalError::OutOfBudget => self.budget.exhausted().error(game, &self.asked),
            _ => move_error(game, &piece.heaps, e),
        }
    }

    fn too_many(&self, place: &Place) -> SearchError {
        SearchError::TooManyPositions {
            game: self.components[0].game.title(),
            position: Named::of(&all_heaps(place), self.components[0].game.board),
            limit: self.max_positions,
        }
    }
}
