//! A move block read as one fixed shift: requires, then points, then heaps
//! moved by numbers — coins in a row's `require i <= j; score += v[i];
//! i += 1`. Along a row of positions that differ only in heap 1, such a
//! block's moves are a few numbers worked out once a row, with the
//! interpreter's own evaluation: the range of heap 1 where every require
//! holds (each a comparison affine in heap 1, or one that does not read
//! it), the points (a number, affine in heap 1, or an item of a list at an
//! index affine in it), and the shift every move adds to the heaps. A
//! search that holds its positions in an array values a whole row of them
//! by reading these, as a hand-written interval dp does, where the
//! interpreter would run the block once a position.
//!
//! The reading is the interpreter's, exactly: a row's range is the set of
//! heap 1 where the requires hold, in the order written (a require after
//! a false one is not evaluated); where the interpreter would fail (a list
//! read past its end, a number past 128 bits, any error of a part that
//! does not read heap 1) or where a value could pass 128 bits on the way,
//! the positions are left to it: the row says they are not known.

use std::sync::Arc;

use crate::rules::expr::{BinOp, Env, EvalError, Expr, List};
use crate::rules::{AssignOp, Block, Stmt};

/// A block read as one fixed shift.
#[derive(Clone, Debug)]
pub struct Shift {
    /// Its requires and points, in the order written.
    clauses: Vec<Clause>,
    /// The heaps each move changes (from 0) and by how much.
    pub moved: Vec<(usize, i128)>,
    /// Its player moves again (`again`).
    pub again: bool,
}

/// One clause of a fixed shift's block, as read along a row.
#[derive(Clone, Debug)]
enum Clause {
    /// A require that does not read heap 1: true or false along a row.
    Flat(Expr),
    /// `a OP b`, each side affine in heap 1 (OP a comparison, not `!=`).
    Compare(BinOp, AlongRow, AlongRow),
    /// `score += e`.
    Points(Points),
}

#[derive(Clone, Debug)]
enum Points {
    Value(AlongRow),
    /// Item `index` of a list.
    Item(Arc<List>, AlongRow),
}

/// An expression affine in heap 1, kept as its tree: each node's value is
/// bounded along the row before it is trusted (the interpreter computes
/// every node, and fails past 128 bits).
#[derive(Clone, Debug)]
enum AlongRow {
    /// A part that does not read heap 1.
    Free(Expr),
    /// Heap 1.
    X,
    Neg(Box<AlongRow>),
    Add(Box<AlongRow>, Box<AlongRow>),
    Sub(Box<AlongRow>, Box<AlongRow>),
    /// A product, one side not reading heap 1.
    Mul(Box<AlongRow>, Box<AlongRow>),
}

/// A block's moves along one row: heap 1 from `lo` to `hi`, the others
/// fixed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Along {
    /// The heap 1 values (inclusive) where the move is made and its points
    /// are known; `None`: nowhere.
    pub live: Option<(u64, u64)>,
    /// Ranges (inclusive) where the rules fail, or their values could not
    /// be read exactly: left to the interpreter.
    pub unknown: Vec<(u64, u64)>,
    /// The points of the move at heap 1 = x.
    pub points: RowPoints,
}

/// A move's points along a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowPoints {
    /// `base + slope × x`.
    Affine(i128, i128),
    /// Item `base + slope × x` (from 1) of the list.
    Item(Arc<List>, i128, i128),
}

impl Along {
    /// Keeps the live range within `within` (`None`: nowhere); the rest of
    /// it is not known.
    pub fn keep(&mut self, within: Option<(u64, u64)>) {
        if let Some(live) = self.live {
            let kept = within.and_then(|w| meet(live, w));
            self.unknown.extend(outside(live, kept));
            self.live = kept;
        }
    }
}

impl Default for RowPoints {
    fn default() -> Self {
        RowPoints::Affine(0, 0)
    }
}

impl Shift {
    /// The block as a shift, where it is one: its statements requires and
    /// at most one `score`, then `h[i] += n` or `-= n` by numbers at fixed
    /// places, and `again` anywhere.
    pub fn of(block: &Block) -> Option<Shift> {
        let mut shift = Shift {
            clauses: Vec::new(),
            moved: Vec::new(),
            again: false,
        };
        let mut scored = false;
        for statement in &block.body {
            let moving = !shift.moved.is_empty();
            match statement {
                Stmt::Require(condition) if !moving => {
                    for part in condition.conjuncts() {
                        shift.clauses.push(clause(part)?);
                    }
                }
                Stmt::Score(e) if !moving && !scored => {
                    scored = true;
                    let points = match e {
                        Expr::Item(list, index) if reads_x(e) => {
                            Points::Item(list.clone(), AlongRow::of(index)?)
                        }
                        _ => Points::Value(AlongRow::of(e)?),
                    };
                    shift.clauses.push(Clause::Points(points));
                }
                Stmt::Assign {
                    index: Expr::Const(place),
                    op: op @ (AssignOp::Add | AssignOp::Sub),
                    value: Expr::Const(by),
                } => {
                    let place = usize::try_from(place.checked_sub(1)?).ok()?;
                    let by = match op {
                        AssignOp::Add => *by,
                        _ => by.checked_neg()?,
                    };
                    match shift.moved.iter_mut().find(|(p, _)| *p == place) {
                        Some((_, total)) => *total = total.checked_add(by)?,
                        None => shift.moved.push((place, by)),
                    }
                }
                Stmt::Again => shift.again = true,
                _ => return None,
            }
        }
        Some(shift)
    }

    /// The block's moves along the row of `heaps` (heap 1 read from none
    /// of the conditions evaluated whole) from `lo` to `hi`, written into
    /// `out`.
    pub fn along(&self, heaps: &[u64], lo: u64, hi: u64, out: &mut Along) {
        let env = Env::position(heaps);
        out.unknown.clear();
        out.points = RowPoints::default();
        let mut live = Some((lo, hi));
        for clause in &self.clauses {
            let Some(range) = live else { break };
            let found = match clause {
                Clause::Flat(condition) => condition.truth(&env).map(|holds| match holds {
                    true => Some(Some(range)),
                    false => Some(None),
                }),
                Clause::Compare(op, a, b) => compared(*op, a, b, &env, hi)
                    .map(|within| within.map(|within| within.and_then(|w| meet(range, w)))),
                Clause::Points(Points::Value(e)) => e.at(&env, hi).map(|form| {
                    form.map(|(base, slope)| {
                        out.points = RowPoints::Affine(base, slope);
                        Some(range)
                    })
                }),
                Clause::Points(Points::Item(list, index)) => index.at(&env, hi).map(|form| {
                    form.filter(|&(base, slope)| small(base) && small(slope))
                        .map(|(base, slope)| {
                            out.points = RowPoints::Item(list.clone(), base, slope);
                            // Where the index is 1 to the list's length.
                            let len = i128::try_from(list.items.len()).unwrap_or(i128::MAX);
                            let within = at_most(-slope, base - 1).and_then(|from| {
                                let to = at_most(slope, len - base)?;
                                meet(from, to)
                            });
                            for gap in outside(range, within) {
                                out.unknown.push(gap);
                            }
                            within.and_then(|w| meet(range, w))
                        })
                }),
            };
            live = match found {
                Ok(Some(next)) => next,
                // An error, or a value that could pass 128 bits: every
                // position the clause is reached from is the interpreter's.
                Ok(None) | Err(_) => {
                    out.unknown.push(range);
                    None
                }
            };
        }
        out.live = live;
    }
}

/// A conjunct of a require's condition as a clause (a require's
/// conjuncts are tried in order, as requires one after another).
fn clause(condition: &Expr) -> Option<Clause> {
    if !reads_x(condition) {
        return Some(Clause::Flat(condition.clone()));
    }
    match condition {
        Expr::Binary(op, a, b) if comparison(*op) => {
            Some(Clause::Compare(*op, AlongRow::of(a)?, AlongRow::of(b)?))
        }
        // `not (a == b)` is two ranges, not one.
        Expr::Not(inner) => {
            let Expr::Binary(op, a, b) = inner.as_ref() else {
                return None;
            };
            let flipped = match op {
                BinOp::Lt => BinOp::Ge,
                BinOp::Le => BinOp::Gt,
                BinOp::Gt => BinOp::Le,
                BinOp::Ge => BinOp::Lt,
                _ => return None,
            };
            Some(Clause::Compare(flipped, AlongRow::of(a)?, AlongRow::of(b)?))
        }
        _ => None,
    }
}

/// The comparisons whose truth along a row is a range (`!=` is two).
fn comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq
    )
}

/// Whether `e` may read heap 1 (or anything a row does not fix: a heap at
/// a place computed, every heap, a variable).
fn reads_x(e: &Expr) -> bool {
    match e {
        Expr::HeapAt(index) => !matches!(**index, Expr::Const(place) if place != 1),
        Expr::Const(_) | Expr::Len => false,
        Expr::Amount
        | Expr::Heap
        | Expr::Var(_)
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Each(..)
        | Expr::Monotone(_)
        | Expr::Count(..) => true,
        Expr::Item(_, a) | Expr::Neg(a) | Expr::Not(a) | Expr::Is(a, _) => reads_x(a),
        Expr::Binary(_, a, b) => reads_x(a) || reads_x(b),
        Expr::Call(_, args) => args.iter().any(reads_x),
    }
}

impl AlongRow {
    fn of(e: &Expr) -> Option<AlongRow> {
        if !reads_x(e) {
            return Some(AlongRow::Free(e.clone()));
        }
        let two =
            |a: &Expr, b: &Expr| Some((Box::new(AlongRow::of(a)?), Box::new(AlongRow::of(b)?)));
        Some(match e {
            Expr::HeapAt(index) if matches!(**index, Expr::Const(1)) => AlongRow::X,
            Expr::Neg(a) => AlongRow::Neg(Box::new(AlongRow::of(a)?)),
            Expr::Binary(BinOp::Add, a, b) => two(a, b).map(|(a, b)| AlongRow::Add(a, b))?,
            Expr::Binary(BinOp::Sub, a, b) => two(a, b).map(|(a, b)| AlongRow::Sub(a, b))?,
            Expr::Binary(BinOp::Mul, a, b) if !reads_x(a) || !reads_x(b) => {
                two(a, b).map(|(a, b)| AlongRow::Mul(a, b))?
            }
            _ => return None,
        })
    }

    /// `(base, slope)`: the value at heap 1 = x is `base + slope × x`, for x
    /// from 0 to `most`; `None` where a node's value could pass 128 bits
    /// there. An error is the interpreter's, at every x.
    fn at(&self, env: &Env, most: u64) -> Result<Option<(i128, i128)>, EvalError> {
        let form = match self {
            AlongRow::Free(e) => Some((e.int(env)?, 0)),
            AlongRow::X => Some((0, 1)),
            AlongRow::Neg(a) => a
                .at(env, most)?
                .and_then(|(b, s)| Some((b.checked_neg()?, s.checked_neg()?))),
            AlongRow::Add(a, b) | AlongRow::Sub(a, b) => {
                let (Some((ab, as_)), Some((bb, bs))) = (a.at(env, most)?, b.at(env, most)?) else {
                    return Ok(None);
                };
                match self {
                    AlongRow::Add(..) => ab.checked_add(bb).zip(as_.checked_add(bs)),
                    _ => ab.checked_sub(bb).zip(as_.checked_sub(bs)),
                }
            }
            AlongRow::Mul(a, b) => {
                let (Some((ab, as_)), Some((bb, bs))) = (a.at(env, most)?, b.at(env, most)?) else {
                    return Ok(None);
                };
                // One side is a number along the row (its slope 0).
                let (n, (base, slope)) = if as_ == 0 {
                    (ab, (bb, bs))
                } else {
                    (bb, (ab, as_))
                };
                base.checked_mul(n).zip(slope.checked_mul(n))
            }
        };
        // Every x of the row keeps the node within 128 bits.
        Ok(form.filter(|&(base, slope)| {
            let reach = slope.unsigned_abs().checked_mul(u128::from(most));
            reach.and_then(|r| r.checked_add(base.unsigned_abs())) <= Some(i128::MAX as u128)
        }))
    }
}

/// The x where `a OP b` holds, as one range (`None`: no x), or `None`
/// outside where a value could pass 128 bits.
#[allow(clippy::type_complexity)]
fn compared(
    op: BinOp,
    a: &AlongRow,
    b: &AlongRow,
    env: &Env,
    most: u64,
) -> Result<Option<Option<(u64, u64)>>, EvalError> {
    let (Some((ab, as_)), Some((bb, bs))) = (a.at(env, most)?, b.at(env, most)?) else {
        return Ok(None);
    };
    // a OP b  <=>  s × x OP d.
    let (Some(s), Some(d)) = (as_.checked_sub(bs), bb.checked_sub(ab)) else {
        return Ok(None);
    };
    if !small(s) || !small(d) {
        return Ok(None);
    }
    let within = match op {
        BinOp::Le => at_most(s, d),
        BinOp::Lt => d.checked_sub(1).and_then(|d| at_most(s, d)),
        BinOp::Ge => at_most(-s, -d),
        BinOp::Gt => d.checked_add(1).and_then(|d| at_most(-s, -d)),
        // s × x == d: where both s × x <= d and s × x >= d.
        _ => at_most(s, d).and_then(|r| meet(r, at_most(-s, -d)?)),
    };
    Ok(Some(within))
}

/// Whether `n` is far from 128 bits: its negation and a slope beside it
/// stay within them.
fn small(n: i128) -> bool {
    n.unsigned_abs() < 1 << 120
}

/// The x >= 0 with `s × x <= d`, as a range (`None`: none).
fn at_most(s: i128, d: i128) -> Option<(u64, u64)> {
    let clamp = |x: i128| u64::try_from(x.max(0)).unwrap_or(u64::MAX);
    match s.signum() {
        0 => (d >= 0).then_some((0, u64::MAX)),
        1 => {
            let top = d.div_euclid(s);
            (top >= 0).then(|| (0, clamp(top)))
        }
        // x >= ceil(d / s) = -floor(d / -s).
        _ => {
            let from = -d.div_euclid(-s);
            (from <= i128::from(u64::MAX)).then(|| (clamp(from), u64::MAX))
        }
    }
}

/// The common part of two ranges.
fn meet(a: (u64, u64), b: (u64, u64)) -> Option<(u64, u64)> {
    let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
    (lo <= hi).then_some((lo, hi))
}

/// The parts of `range` outside `within` (at most two).
fn outside(range: (u64, u64), within: Option<(u64, u64)>) -> Vec<(u64, u64)> {
    let Some((lo, hi)) = within.and_then(|w| meet(range, w)) else {
        return vec![range];
    };
    let mut gaps = Vec::new();
    if range.0 < lo {
        gaps.push((range.0, lo - 1));
    }
    if hi < range.1 {
        gaps.push((hi + 1, range.1));
    }
    gaps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_of_s_x_at_most_d_is_the_definition() {
        for s in -4i128..=4 {
            for d in -12i128..=12 {
                let range = at_most(s, d);
                for x in 0u64..=20 {
                    let holds = s * i128::from(x) <= d;
                    let inside = range.is_some_and(|(lo, hi)| lo <= x && x <= hi);
                    assert_eq!(holds, inside, "{s} x <= {d} at {x}");
                }
            }
        }
    }
}
