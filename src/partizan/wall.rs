//! A thermograph's walls: piecewise linear functions of t, each piece of
//! slope -1, 0 or 1, with what cooling needs of them (tilting, the
//! envelope of two, where two cross), all exact in dyadic rationals.

use super::dyadic::Dyadic;

/// A wall: a piecewise linear function of t ≥ 0, as its pieces in order,
/// each from where it starts (its value there, and its slope) to where the
/// next starts; the last goes on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    pub(super) pieces: Vec<Stretch>,
}

/// One stretch of a wall (a piece of the piecewise linear function): from
/// temperature `from`, the value `value` there, changing by `slope` per
/// unit of temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Stretch {
    pub(super) from: Dyadic,
    pub(super) value: Dyadic,
    pub(super) slope: i8,
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
    pub(super) fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Stretch {
                from: Dyadic::zero(),
                value: x,
                slope: 0,
            }],
        }
    }

    /// The piece that holds at temperature `t` ≥ 0.
    pub(super) fn piece(&self, t: &Dyadic) -> &Stretch {
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
    pub(super) fn tilted(&self, k: i8) -> Option<Wall> {
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
    pub(super) fn starts(a: &Wall, b: &Wall) -> Vec<Dyadic> {
        let mut all: Vec<Dyadic> = (a.pieces.iter().chain(&b.pieces))
            .map(|p| p.from.clone())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The larger of the two at each t (`larger`), or the smaller.
    pub(super) fn envelope(a: &Wall, b: &Wall, larger: bool) -> Wall {
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
    pub(super) fn until(&self, t: &Dyadic, value: &Dyadic) -> Wall {
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
pub(super) fn crossing(va: &Dyadic, sa: i8, vb: &Dyadic, sb: i8, from: &Dyadic) -> Option<Dyadic> {
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
