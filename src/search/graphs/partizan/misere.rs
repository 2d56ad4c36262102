//! A position's form in misère play, in the dead-ending universe E
//! (`partizan::MisereForms`, where the theory is): each position reached by
//! any moves of either player valued once, from its moves' forms, by the
//! partizan search's walk; a move that splits a board is worth the sum of
//! its regions' forms (E holds every sum of its games, and equal games
//! stay equal in every sum of E). Where a position is an end of one
//! player's who moves again later, the game is outside E and no form is
//! made.

use super::keys::RegionKey;
use super::search::{Frame, Valued};
use crate::partizan::{Misere, MisereForms};
use crate::platform::Halt;
use std::sync::Arc;

use crate::rules::{Game, Side};
use crate::search::base::error::SearchError;
use crate::search::value::GameKey;

use super::search::PartizanSearch;

/// What is made of a position: its form (where it is in E), and its ends.
#[derive(Clone, Copy)]
pub(super) struct Placed {
    form: Misere,
    /// Left has no move here nor after any move (a dead Left end).
    left_dead: bool,
    right_dead: bool,
    /// Every position it reaches (itself too) that is an end of one
    /// player's is a dead end of that player's: in E.
    dead_ending: bool,
}

impl Placed {
    /// Whether it is a dead Left end and a dead Right end, in a region
    /// worth its negative (Left's and Right's ends swapped).
    fn turned(self, negated: bool) -> (bool, bool) {
        match negated {
            false => (self.left_dead, self.right_dead),
            true => (self.right_dead, self.left_dead),
        }
    }
}

/// A position's misère form, or where its game leaves E.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Its reduced form in E.
    Form(Misere),
    /// A position it reaches where `side` has no move, yet gets one after a
    /// move of the other's: the game is not dead-ending.
    Outside {
        /// The game the position is of (the searched game's, or one its
        /// moves become).
        game: Arc<Game>,
        /// The position's heaps.
        position: Vec<u64>,
        /// The player with no move there.
        side: Side,
    },
}

impl PartizanSearch {
    /// The form in misère play of the searched game's position `heaps`, in
    /// the dead-ending universe (the sum of its regions' forms), made in
    /// `store`; or a position it reaches that puts it outside E.
    pub fn misere_value(
        &mut self,
        store: &mut MisereForms,
        heaps: &[u64],
    ) -> Result<Found, SearchError> {
        let mut regions = Vec::new();
        self.push_regions(&mut regions, 0, heaps);
        let mut valued = Valued::default();
        let mut outside: Option<(GameKey, Side)> = None;
        let mut total = store.zero();
        let timeout = self.games[0].solver.options().timeout;
        for RegionKey { key, negated } in regions {
            let mut build = |search: &Self, frame: &Frame, valued: &Valued<Placed>| {
                let placed = search.placed(store, frame, valued);
                if !placed.dead_ending && outside.is_none() {
                    outside = search.left_out(frame, valued, &placed);
                }
                match store.stopped() {
                    None => Ok((placed, store.bytes())),
                    Some(Halt::Memory(bytes)) => Err(SearchError::FormsMemory {
                        limit_mb: bytes >> 20,
                    }),
                    Some(Halt::Time | Halt::Cancelled) => Err(SearchError::FormsTime {
                        seconds: timeout.map_or(0, |t| t.as_secs()),
                    }),
                }
            };
            // Misère play: a dominated option can matter (no move is cut).
            let placed = self.walk(&mut valued, key, heaps, false, &mut build)?;
            if let Some((key, side)) = outside {
                let game = self.games[key.index()].game.clone();
                let position = self.heaps_of(&key).into_owned();
                return Ok(Found::Outside {
                    game,
                    position,
                    side,
                });
            }
            let form = match negated {
                false => placed.form,
                true => store.conjugate(placed.form),
            };
            total = store.add(total, form);
        }
        Ok(Found::Form(total))
    }

    /// What is made of the frame's position from its moves' (each made
    /// before, in `valued`).
    fn placed(&self, store: &mut MisereForms, frame: &Frame, valued: &Valued<Placed>) -> Placed {
        let game = &self.games[frame.key.index()].game;
        let mut options: [Vec<Placed>; 2] = [Vec::new(), Vec::new()];
        for (rule, regions) in &frame.options {
            let after = self.sum(store, regions, valued);
            match game.rules.get(*rule).and_then(|r| r.side) {
                Some(side) => options[side.index()].push(after),
                None => {
                    options[0].push(after);
                    options[1].push(after);
                }
            }
        }
        let [left, right] = options;
        let left_dead = left.is_empty() && right.iter().all(|p| p.left_dead);
        let right_dead = right.is_empty() && left.iter().all(|p| p.right_dead);
        let dead_ending = (!left.is_empty() || left_dead)
            && (!right.is_empty() || right_dead)
            && left.iter().chain(&right).all(|p| p.dead_ending);
        let form = match dead_ending {
            true => {
                let forms = |list: &[Placed]| list.iter().map(|p| p.form).collect::<Vec<_>>();
                store.game(&forms(&left), &forms(&right))
            }
            // Outside E: no form is made (none would mean anything).
            false => store.zero(),
        };
        Placed {
            form,
            left_dead,
            right_dead,
            dead_ending,
        }
    }

    /// What is made of the sum of the regions `keys` (each made before).
    fn sum(&self, store: &mut MisereForms, keys: &[RegionKey], valued: &Valued<Placed>) -> Placed {
        let mut sum = Placed {
            form: store.zero(),
            left_dead: true,
            right_dead: true,
            dead_ending: true,
        };
        for RegionKey { key, negated } in keys {
            let Some(&part) = valued.map.get(key) else {
                continue;
            };
            let (left_dead, right_dead) = part.turned(*negated);
            let form = match (part.dead_ending, negated) {
                (false, _) => store.zero(),
                (true, false) => part.form,
                (true, true) => store.conjugate(part.form),
            };
            sum = Placed {
                form: match sum.dead_ending && part.dead_ending {
                    true => store.add(sum.form, form),
                    false => store.zero(),
                },
                left_dead: sum.left_dead && left_dead,
                right_dead: sum.right_dead && right_dead,
                dead_ending: sum.dead_ending && part.dead_ending,
            };
        }
        sum
    }

    /// Where the frame's position, the first found outside E, is an end of
    /// a player's who moves again: itself, if each move from it stays in E.
    fn left_out(
        &self,
        frame: &Frame,
        valued: &Valued<Placed>,
        placed: &Placed,
    ) -> Option<(GameKey, Side)> {
        let game = &self.games[frame.key.index()].game;
        let mut moves = [false, false];
        for (rule, regions) in &frame.options {
            let inside =
                (regions.iter()).all(|r| valued.map.get(&r.key).is_none_or(|p| p.dead_ending));
            if !inside {
                return None;
            }
            match game.rules.get(*rule).and_then(|r| r.side) {
                Some(side) => moves[side.index()] = true,
                None => moves = [true, true],
            }
        }
        let side = match (moves, placed.left_dead) {
            ([false, _], false) => Side::Left,
            _ => Side::Right,
        };
        Some((frame.key.clone(), side))
    }
}
