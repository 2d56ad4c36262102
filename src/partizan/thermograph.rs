//! Thermographs: how a game's value moves as it is cooled by t, and from
//! it its temperature (how much a move in it is worth) and mean (its value
//! in a long sum of copies). Winning Ways, ch. 6; Siegel, *Combinatorial
//! Game Theory*, §II.5; *Lessons in Play*, ch. 6.
//!
//! A number x is a mast at x; its temperature is -1 for an integer and
//! -1/2^k for m/2^k (m odd). For any other G, from t = 0 up:
//!
//! - its Left wall is max over G^L of (the right wall of G^L at t) - t,
//! - its Right wall is min over G^R of (the left wall of G^R at t) + t,
//!
//! until they meet, at G's temperature; from there up both are one mast,
//! at G's mean. A wall is a piecewise linear function of t, each piece of
//! slope -1, 0 or 1: so every point where the walls bend or meet is a
//! dyadic rational, and all of it is exact.

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::Forms;
use super::wall::{Thermograph, Wall, crossing};
use crate::platform::deeper;

/// A piece's bytes, with its two numbers' digits (estimated).
const PIECE_BYTES: u64 = 96;

impl Forms {
    /// The thermograph of `g`, or `None` if a wall would bend past the
    /// slopes of a short game's (never, by the theory: the `None` guards
    /// the arithmetic).
    pub fn thermograph(&mut self, g: Form) -> Option<Thermograph> {
        if let Some(known) = self.thermographs.get(&g) {
            return Some(known.clone());
        }
        if !self.remember() {
            return None;
        }
        let found = deeper(|| self.thermograph_anew(g))?;
        let pieces = found.left.pieces.len() + found.right.pieces.len();
        if !self.keep(PIECE_BYTES * pieces as u64) {
            return None;
        }
        self.thermographs.insert(g, found.clone());
        Some(found)
    }

    /// The thermograph of `g`, from its options' (each found once).
    fn thermograph_anew(&mut self, g: Form) -> Option<Thermograph> {
        if let Some(x) = self.as_number(g).cloned() {
            let temperature = if x.is_integer() {
                Dyadic::integer(-1)
            } else {
                Dyadic::new(-1, x.exponent())
            };
            return Some(Thermograph {
                left: Wall::constant(x.clone()),
                right: Wall::constant(x.clone()),
                temperature,
                mean: x,
            });
        }
        // x + n·↑ + *m, not a number, is x plus an infinitesimal: cooled
        // by any t > 0 it is x, its thermograph the mast at x from t = 0,
        // its temperature 0 (Siegel, §II.5; Winning Ways, ch. 6).
        if let Some((x, _, _)) = self.known_uptimal(g) {
            return Some(Thermograph {
                left: Wall::constant(x.clone()),
                right: Wall::constant(x.clone()),
                temperature: Dyadic::zero(),
                mean: x,
            });
        }
        let mut left: Option<Wall> = None;
        for gl in self.left(g) {
            let wall = self.thermograph(gl)?.right.tilted(-1)?;
            left = Some(match left {
                None => wall,
                Some(l) => Wall::envelope(&l, &wall, true),
            });
        }
        let mut right: Option<Wall> = None;
        for gr in self.right(g) {
            let wall = self.thermograph(gr)?.left.tilted(1)?;
            right = Some(match right {
                None => wall,
                Some(r) => Wall::envelope(&r, &wall, false),
            });
        }
        // A game that is not a number has moves for both (its canonical
        // form's sides are empty only for integers).
        let (left, right) = (left?, right?);
        let temperature = meeting(&left, &right)?;
        let mean = left.at(&temperature);
        Some(Thermograph {
            left: left.until(&temperature, &mean),
            right: right.until(&temperature, &mean),
            temperature,
            mean,
        })
    }

    /// The temperature of `g` (see `thermograph`).
    pub fn temperature(&mut self, g: Form) -> Option<Dyadic> {
        Some(self.thermograph(g)?.temperature)
    }

    /// The mean of `g` (see `thermograph`).
    pub fn mean(&mut self, g: Form) -> Option<Dyadic> {
        Some(self.thermograph(g)?.mean)
    }
}

/// The least t ≥ 0 where the Left wall is no longer right of the Right
/// one: where they meet.
fn meeting(left: &Wall, right: &Wall) -> Option<Dyadic> {
    let starts = Wall::starts(left, right);
    for (i, start) in starts.iter().enumerate() {
        let (l, r) = (left.at(start), right.at(start));
        if l <= r {
            return Some(start.clone());
        }
        let (sl, sr) = (left.piece(start).slope, right.piece(start).slope);
        if let Some(cross) = crossing(&l, sl, &r, sr, start)
            && &cross > start
            && starts.get(i + 1).is_none_or(|e| &cross <= e)
        {
            return Some(cross);
        }
    }
    None
}
