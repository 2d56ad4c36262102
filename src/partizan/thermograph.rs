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
use super::forms::{Form, Forms};
use crate::platform::deeper;

/// A piece's bytes, with its two numbers' digits (estimated).
const PIECE_BYTES: u64 = 96;

/// A wall: a piecewise linear function of t ≥ 0, as its pieces in order,
/// each from where it starts (its value there, and its slope) to where the
/// next starts; the last goes on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    pieces: Vec<Stretch>,
}

/// One stretch of a wall (a piece of the piecewise linear function): from
/// temperature `from`, the value `value` there, changing by `slope` per
/// unit of temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stretch {
    from: Dyadic,
    value: Dyadic,
    slope: i8,
}

impl Stretch {
    fn at(&self, t: &Dyadic) -> Dyadic {
        self.value.add(&times(self.slope, &t.sub(&self.from)))
    }
}

/// `k` times `x`, for a small integer k.
fn times(k: i8, x: &Dyadic) -> Dyadic {
    let mut out = Dyadic::zero();
    for _ in 0..k.unsigned_abs() {
        out = out.add(x);
    }
    if k < 0 { out.neg() } else { out }
}

impl Wall {
    /// The constant wall at `x`.
    fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Stretch {
                from: Dyadic::zero(),
                value: x,
                slope: 0,
            }],
        }
    }

    /// The piece that holds at temperature `t` ≥ 0.
    fn piece(&self, t: &Dyadic) -> &Stretch {
        (self.pieces.iter().rev())
            .find(|p| &p.from <= t)
            .unwrap_or(&self.pieces[0])
    }

    /// Its value at temperature `t` ≥ 0.
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        self.piece(t).at(t)
    }

    /// Where it bends, from t = 0: each point (t, value).
    pub fn corners(&self) -> Vec<(Dyadic, Dyadic)> {
        (self.pieces.iter())
            .map(|p| (p.from.clone(), p.value.clone()))
            .collect()
    }

    /// The wall plus k·t (k = ±1), or `None` past the slopes a wall may have.
    fn tilted(&self, k: i8) -> Option<Wall> {
        let pieces = (self.pieces.iter())
            .map(|p| {
                let slope = p.slope.checked_add(k).filter(|s| s.abs() <= 2)?;
                Some(Stretch {
                    from: p.from.clone(),
                    value: p.value.add(&times(k, &p.from)),
                    slope,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Wall { pieces })
    }

    /// The temperatures where either wall starts a piece, ascending.
    fn starts(a: &Wall, b: &Wall) -> Vec<Dyadic> {
        let mut all: Vec<Dyadic> = (a.pieces.iter().chain(&b.pieces))
            .map(|p| p.from.clone())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The larger of the two at each t (`larger`), or the smaller.
    fn envelope(a: &Wall, b: &Wall, larger: bool) -> Wall {
        let starts = Wall::starts(a, b);
        let mut pieces: Vec<Stretch> = Vec::new();
        let mut push = |from: Dyadic, wall: &Wall| {
            let piece = wall.piece(&from);
            let next = Stretch {
                value: piece.at(&from),
                slope: piece.slope,
                from,
            };
            match pieces.last() {
                // The same line goes on.
                Some(last) if last.slope == next.slope && last.at(&next.from) == next.value => {}
                _ => pieces.push(next),
            }
        };
        for (i, start) in starts.iter().enumerate() {
            let end = starts.get(i + 1);
            let (va, vb) = (a.at(start), b.at(start));
            let (sa, sb) = (a.piece(start).slope, b.piece(start).slope);
            let first_wins = |va: &Dyadic, vb: &Dyadic, sa: i8, sb: i8| {
                if va != vb {
                    (va > vb) == larger
                } else {
                    (sa >= sb) == larger
                }
            };
            let first = first_wins(&va, &vb, sa, sb);
            push(start.clone(), if first { a } else { b });
            // Where the two lines cross inside this stretch, the other takes over.
            if sa != sb
                && let Some(cross) = crossing(&va, sa, &vb, sb, start)
                && &cross > start
                && end.is_none_or(|e| &cross < e)
            {
                push(cross, if first { b } else { a });
            }
        }
        Wall { pieces }
    }

    /// The wall up to `t`, then the constant `value` (the mast).
    fn until(&self, t: &Dyadic, value: &Dyadic) -> Wall {
        let mut pieces: Vec<Stretch> = (self.pieces.iter())
            .filter(|p| &p.from < t)
            .cloned()
            .collect();
        match pieces.last() {
            Some(last) if last.slope == 0 && &last.value == value => {}
            _ => pieces.push(Stretch {
                from: t.clone(),
                value: value.clone(),
                slope: 0,
            }),
        }
        Wall { pieces }
    }
}

/// Where the lines va + sa(t - from) and vb + sb(t - from) meet, when that
/// is a dyadic rational (slopes differing by 1 or 2).
fn crossing(va: &Dyadic, sa: i8, vb: &Dyadic, sb: i8, from: &Dyadic) -> Option<Dyadic> {
    let gap = vb.sub(va);
    let after = match sa - sb {
        1 => gap,
        -1 => gap.neg(),
        2 => gap.half(),
        -2 => gap.neg().half(),
        _ => return None,
    };
    Some(from.add(&after))
}

/// A game's thermograph: its two walls from t = 0, and where they meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The Left wall (the value Left reaches moving first in G cooled by t).
    pub left: Wall,
    /// The Right wall.
    pub right: Wall,
    /// Where the walls meet and the mast begins; negative for a number.
    pub temperature: Dyadic,
    /// Where the mast stands.
    pub mean: Dyadic,
}

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
