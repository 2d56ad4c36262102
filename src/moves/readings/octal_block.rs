//! A heap-local move block that is an octal game written out: take `k`
//! tokens from the chosen heap and leave the rest whole, or split it in two
//! (Kayles as `choose k in 1..2; choose a in 0..h[i] - k; append h[i] - k -
//! a; h[i] = a`). Recognised, the block's values come from the octal
//! engines, proven periods and all (Guy and Smith, 1956), as the phrase
//! `octal 0.77` does.
//!
//! How it is known, for every heap size n and not only the ones tried:
//!
//! 1. **The block's form, read symbolically.** The block runs with the
//!    chosen heap as a symbol n: every value is affine (`super::affine`
//!    over one heap), `k + x·n + c·a`, in n and at most one variable `a`
//!    whose range grows with n (a `choose` of constant bounds forks, one
//!    path per value). A `require`
//!    is a conjunction of affine comparisons. Each path ends with its
//!    constraints (affine, each `≥ 0`) and the heaps it leaves (affine).
//!    Anything else (loops, `if`, `min`, `%`, products of unknowns, `len`,
//!    another heap) and the block is not recognised.
//! 2. **Past a threshold, each path is a family of the octal kind.** Each
//!    constraint's truth is fixed once n passes every constant's reach
//!    (lines of slope 0, ½ and 1 cross before n = 16·c for constants up
//!    to c), so past that threshold T each living path is either `take k,
//!    leave n - k` or `take k, leave a' and n - k - a'` with a' from a
//!    constant to the middle or beyond; those give digit bits 2 (one heap)
//!    and 4 (two heaps) of removal k, the smaller part starting at 0 (bit
//!    2 too) or 1. Any other shape and the block is not recognised.
//! 3. **Below the threshold, move by move.** The candidate code takes its
//!    digits from the block's own moves from every heap up to T and two
//!    beyond its largest removal (bit 1, leaving nothing, can only show
//!    there); the block's moves and the code's are compared as sets of
//!    positions on every one of those heaps, and the families of 2 must
//!    give exactly the candidate's bits 2 and 4. Past T both are the same
//!    union of families.

use std::collections::BTreeSet;

use super::super::block;
use super::super::kinds;
use super::super::words::Next;
use super::affine::Affine;
use crate::rules::expr::Expr;
use crate::rules::{AssignOp, Block, Game, MoveKind, OctalCode, Stmt};
use crate::syntax::ast::BinOp;

/// The most paths (values of constant-range `choose`s) a block may fork.
const MAX_PATHS: usize = 256;

/// The largest threshold checked move by move (the check takes about its
/// square in moves).
const MAX_THRESHOLD: i128 = 400;

/// `game` with each of its blocks that is an octal game written out
/// marked with its code (`Block::octal`), for the engines to read.
pub fn recognised(mut game: Game) -> Game {
    for rule in &mut game.rules {
        if let MoveKind::Block(block) = &mut rule.kind {
            block.octal = octal_code(block);
        }
    }
    game
}

/// The octal code `block` plays, if it is one (see the module's notes).
pub fn octal_code(block: &Block) -> Option<OctalCode> {
    let [
        Stmt::Choose {
            slot: chosen,
            lo: Expr::Const(1),
            hi: Expr::Len,
        },
        rest @ ..,
    ] = block.body.as_slice()
    else {
        return None;
    };
    let mut paths = Vec::new();
    let start = Path {
        vars: vec![None; block.slots],
        heap: Affine::heap(0, 1),
        appended: Vec::new(),
        constraints: Vec::new(),
        has_a: false,
    };
    run(rest, *chosen, start, &mut paths)?;
    let threshold = threshold(&paths)?;
    let mut families = BTreeSet::new();
    for path in &paths {
        if let Some(family) = family(path)? {
            families.insert(family);
        }
    }
    let top = families.iter().map(|&(k, _)| k).max().unwrap_or(0);
    let last = u64::try_from(threshold.max(top + 2) + 2).ok()?;
    let made: Vec<BTreeSet<Vec<u64>>> = (0..=last)
        .map(|n| block_options(block, n))
        .collect::<Option<_>>()?;
    let code = candidate(&made)?;
    // The families give exactly the code's bits 2 and 4.
    let large = |k: usize| code.digit(k) & 6;
    let mut bits = vec![0u8; code.digits.len().max(top as usize + 1)];
    for &(k, b) in &families {
        bits[k as usize] |= b;
    }
    if (0..bits.len()).any(|k| bits[k] != large(k)) {
        return None;
    }
    (made.iter().zip(0..))
        .all(|(options, n)| *options == code_options(&code, n))
        .then_some(code)
}

/// One way through the block: the variables' values, the chosen heap, the
/// heaps appended, and what must hold (each constraint `≥ 0`).
#[derive(Clone, Debug)]
struct Path {
    vars: Vec<Option<Affine>>,
    heap: Affine,
    appended: Vec<Affine>,
    constraints: Vec<Affine>,
    /// Whether the variable `a` is taken.
    has_a: bool,
}

/// Runs `statements` on `path`, pushing each finished path; `None` where
/// the block leaves the form.
fn run(statements: &[Stmt], chosen: usize, mut path: Path, out: &mut Vec<Path>) -> Option<()> {
    let Some((first, rest)) = statements.split_first() else {
        out.push(path);
        return (out.len() <= MAX_PATHS).then_some(());
    };
    match first {
        Stmt::Choose { slot, lo, hi } => {
            let lo = value(lo, chosen, &path)?;
            let (hi, halved) = match hi {
                Expr::Binary(BinOp::Div, top, two) if **two == Expr::Const(2) => {
                    (value(top, chosen, &path)?, true)
                }
                hi => (value(hi, chosen, &path)?, false),
            };
            if let (Some(lo), Some(hi), false) = (lo.as_constant(), hi.as_constant(), halved) {
                if hi.saturating_sub(lo) > MAX_PATHS as i128 {
                    return None;
                }
                for v in lo..=hi {
                    let mut forked = path.clone();
                    forked.vars[*slot] = Some(Affine::constant(v, 1));
                    run(rest, chosen, forked, out)?;
                    if out.len() > MAX_PATHS {
                        return None;
                    }
                }
                return Some(());
            }
            if path.has_a || lo.c != 0 || hi.c != 0 {
                return None;
            }
            path.has_a = true;
            path.vars[*slot] = Some(Affine::chosen(1));
            // a ≥ lo, and a ≤ hi (or 2a ≤ hi, halved).
            path.constraints.push(Affine::chosen(1).minus(&lo).ok()?);
            let scale = if halved { 2 } else { 1 };
            path.constraints
                .push(hi.minus(&Affine::chosen(1).scaled(scale).ok()?).ok()?);
            run(rest, chosen, path, out)
        }
        Stmt::Require(condition) => {
            for c in conditions(condition, chosen, &path)? {
                match c.as_constant() {
                    Some(v) if v < 0 => return Some(()),
                    Some(_) => {}
                    None => path.constraints.push(c),
                }
            }
            run(rest, chosen, path, out)
        }
        Stmt::Let { slot, value: v } => {
            path.vars[*slot] = Some(value(v, chosen, &path)?);
            run(rest, chosen, path, out)
        }
        Stmt::Assign {
            index,
            op,
            value: v,
        } if *index == Expr::Var(chosen) => {
            let v = value(v, chosen, &path)?;
            path.heap = match op {
                AssignOp::Set => v,
                AssignOp::Add => path.heap.plus(&v).ok()?,
                AssignOp::Sub => path.heap.minus(&v).ok()?,
            };
            run(rest, chosen, path, out)
        }
        Stmt::Append(v) => {
            let v = value(v, chosen, &path)?;
            path.appended.push(v);
            run(rest, chosen, path, out)
        }
        _ => None,
    }
}

/// The affine value of `e` on `path`.
fn value(e: &Expr, chosen: usize, path: &Path) -> Option<Affine> {
    match e {
        Expr::Const(c) => Affine::constant(*c, 1).small().ok(),
        Expr::Var(slot) if *slot != chosen => path.vars.get(*slot)?.clone(),
        Expr::HeapAt(index) if **index == Expr::Var(chosen) => Some(path.heap.clone()),
        Expr::Neg(e) => value(e, chosen, path)?.scaled(-1).ok(),
        Expr::Binary(op, l, r) => {
            let (l, r) = (value(l, chosen, path)?, value(r, chosen, path)?);
            match op {
                BinOp::Add => l.plus(&r).ok(),
                BinOp::Sub => l.minus(&r).ok(),
                BinOp::Mul => match (l.as_constant(), r.as_constant()) {
                    (Some(k), _) => r.scaled(k).ok(),
                    (_, Some(k)) => l.scaled(k).ok(),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// A `require`'s condition as constraints, each `≥ 0`: a conjunction of
/// affine comparisons.
fn conditions(e: &Expr, chosen: usize, path: &Path) -> Option<Vec<Affine>> {
    let Expr::Binary(op, l, r) = e else {
        return None;
    };
    if *op == BinOp::And {
        let mut all = conditions(l, chosen, path)?;
        all.extend(conditions(r, chosen, path)?);
        return Some(all);
    }
    let (l, r) = (value(l, chosen, path)?, value(r, chosen, path)?);
    let (up, down) = (r.minus(&l).ok()?, l.minus(&r).ok()?);
    Some(match op {
        BinOp::Le => vec![up],
        BinOp::Ge => vec![down],
        BinOp::Lt => vec![up.plus_constant(-1).ok()?],
        BinOp::Gt => vec![down.plus_constant(-1).ok()?],
        BinOp::Eq => vec![up, down],
        _ => return None,
    })
}

/// A heap size past which every path is in its final form, for constants
/// up to c: each constraint's truth is fixed (past c), the tightest upper
/// bound on `a` is fixed (bounds n + c and (n + c) / 2 cross before 3c),
/// and a split's parts reach the middle (n ≥ k + 2·max(from, rest), under
/// 8c); sixteen times the largest constant, and more.
fn threshold(paths: &[Path]) -> Option<i128> {
    let constants = paths.iter().flat_map(|p| {
        (p.constraints.iter())
            .chain(&p.appended)
            .chain([&p.heap])
            .map(|a| a.k.abs())
    });
    let t = constants.max().unwrap_or(0).checked_mul(16)? + 16;
    (t <= MAX_THRESHOLD).then_some(t)
}

/// What `path` gives past the threshold, as a removal and its digit's bits
/// (2: one heap left, 4: two): `Some(None)` for a path that dies, `None`
/// for one of another shape.
fn family(path: &Path) -> Option<Option<(i128, u8)>> {
    // Bounds on a, past the threshold: the largest constant lower bound;
    // upper bounds `a ≤ n + c` or `2a ≤ n + c`.
    let mut lower = None::<i128>;
    let mut upper: Vec<(i128, i128)> = Vec::new();
    for c in &path.constraints {
        match (c.c, c.h[0]) {
            (0, n) if n > 0 => {}
            (0, n) if n < 0 => return Some(None),
            (0, _) if c.k >= 0 => {}
            (0, _) => return Some(None),
            (a, 0) if a > 0 => {
                // a·A + k ≥ 0: A ≥ ceil(-k / a).
                let bound = (-c.k).div_euclid(a) + i128::from((-c.k).rem_euclid(a) != 0);
                lower = Some(lower.map_or(bound, |l| l.max(bound)));
            }
            (a @ (-1 | -2), 1) => upper.push((-a, c.k)),
            _ => return None,
        }
    }
    let heaps: Vec<&Affine> = std::iter::once(&path.heap)
        .chain(&path.appended)
        .filter(|h| h.as_constant() != Some(0))
        .collect();
    if !path.has_a {
        return match heaps.as_slice() {
            [one] if one.h[0] == 1 && one.c == 0 && one.k <= -1 => Some(Some((-one.k, 2))),
            _ => None,
        };
    }
    let lower = lower?;
    // The tightest upper bound past the threshold: a halved one if any.
    let halved = upper.iter().filter(|(s, _)| *s == 2).map(|&(_, c)| c).min();
    let whole = upper.iter().filter(|(s, _)| *s == 1).map(|&(_, c)| c).min();
    match heaps.as_slice() {
        // `a` unused: one heap, as often as `a` has values.
        [one] if one.h[0] == 1 && one.c == 0 && one.k <= -1 && (halved, whole) != (None, None) => {
            Some(Some((-one.k, 2)))
        }
        [x, y] => {
            let (low, high) = match (x.c, y.c) {
                (1, -1) => (x, y),
                (-1, 1) => (y, x),
                _ => return None,
            };
            if low.h[0] != 0 || high.h[0] != 1 {
                return None;
            }
            // Parts a + c1 and n - a + c2: k = -(c1 + c2) taken; with
            // a' = a + c1 the parts are a' and n - k - a'.
            let (c1, c2) = (low.k, high.k);
            let k = -(c1.checked_add(c2)?);
            let from = lower.checked_add(c1)?;
            if k < 0 || from < 0 {
                return None;
            }
            // The smallest part a split leaves.
            let smallest = match (halved, whole) {
                // a ≤ (n + c) / 2: a' up to (n - k + s) / 2, s ≥ 0
                // reaching the middle.
                (Some(c), _) => {
                    let s = c.checked_add(c1.checked_mul(2)?)?.checked_add(k)?;
                    if s < 0 {
                        return None;
                    }
                    from
                }
                // a ≤ n + c: a' up to n - k - r, the parts' mirror.
                (None, Some(c)) => {
                    let r = -(c.checked_add(c1)?.checked_add(k)?);
                    if r < 0 {
                        return None;
                    }
                    from.min(r)
                }
                (None, None) => return None,
            };
            match smallest {
                0 if k >= 1 => Some(Some((k, 6))),
                1 => Some(Some((k, 4))),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The code whose digits the block's moves show (`made[n]`: the positions
/// its moves leave from the heap n): each move's removal, and how many
/// heaps it leaves.
fn candidate(made: &[BTreeSet<Vec<u64>>]) -> Option<OctalCode> {
    let mut digits: Vec<u8> = Vec::new();
    for (options, n) in made.iter().zip(0u64..) {
        for option in options {
            let removed = n.checked_sub(option.iter().sum::<u64>())?;
            let bit = match option.len() {
                0 => 1,
                1 => 2,
                2 => 4,
                _ => return None,
            };
            let k = usize::try_from(removed).ok()?;
            if k == 0 && bit != 4 {
                return None;
            }
            if digits.len() <= k {
                digits.resize(k + 1, 0);
            }
            digits[k] |= bit;
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    // A block with no move at all is no game of removals.
    (digits.len() > 1).then_some(OctalCode { digits, hex: false })
}

/// The positions the block's moves leave from the heap `n`, each sorted
/// with empty heaps dropped; `None` where the block fails there.
fn block_options(block: &Block, n: u64) -> Option<BTreeSet<Vec<u64>>> {
    let mut options = BTreeSet::new();
    let mut emit = |next: Next| {
        if let Next::Position(heaps) = next {
            options.insert(sorted(heaps));
        }
        Ok(())
    };
    block::moves(block, &[n], &mut emit).ok()?;
    Some(options)
}

/// The positions `code`'s moves leave from the heap `n`, likewise.
fn code_options(code: &OctalCode, n: u64) -> BTreeSet<Vec<u64>> {
    let mut options = BTreeSet::new();
    let mut next = [n];
    let _ = kinds::octal(code, &[n], &mut next, &mut |heaps| {
        options.insert(sorted(heaps));
        Ok(())
    });
    options
}

fn sorted(heaps: &[u64]) -> Vec<u64> {
    let mut v: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    v.sort_unstable();
    v
}
