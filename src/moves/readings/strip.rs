//! Rules read as patterns on a strip. A game of `heaps *` is a strip game
//! when every rule is a `move` block, and every `win when` and `lose when`
//! a block, of this shape: first `choose i in A..len - B`, i the anchor;
//! then `require`, `let`, `h[i + k] = value` and `choose` over constant
//! bounds, where every cell read or written is `h[i + k]` for a constant
//! k, the anchor appears nowhere else, `len` nowhere after the first line,
//! and a written value depends on no cell; and the anchor's range is
//! exactly where those cells lie on the strip (A = 1 - the least k, B =
//! the greatest); and its ends, if any, all of one kind (`win` or `lose`). What such a rule does at one place depends only on the
//! cells near it, the same all along the strip: `search::strip` uses this
//! to split a strip into parts that play independently.

use crate::rules::expr::{BinOp, Env, EvalError, Expr};
use crate::rules::{AssignOp, Block, EndKind, EndTest, Game, MoveKind, Stmt};

/// A strip game's rules, read as patterns.
#[derive(Clone, Debug)]
pub struct Strip {
    /// The move rules, in the game's order (a move names its rule so).
    pub rules: Vec<Pattern>,
    /// The ends, in the order written (the first that holds decides).
    pub ends: Vec<(EndKind, Pattern)>,
    /// How wide a move's window is, less one: the greatest k - k' over
    /// one rule's cells. A move is placed by its window's first cell.
    pub reach: usize,
    /// How wide an end's window is, less one: the greatest k - k' over
    /// one end's cells.
    pub end_span: usize,
    /// The values a move writes: with a position's own, all a cell holds.
    pub written: Vec<u64>,
}

/// One rule, or one end, read as a pattern anchored at a cell.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The least and greatest offset of a cell read or written.
    pub low: i64,
    /// See `low`.
    pub high: i64,
    /// What it does, in order.
    ops: Vec<Op>,
    /// Each way through its `choose`s over constants: the variables'
    /// values (the anchor's slot set when it is placed).
    variants: Vec<Vec<i128>>,
    /// The anchor's slot.
    anchor: usize,
}

#[derive(Clone, Debug)]
enum Op {
    Require(Expr),
    Let(usize, Expr),
    /// `h[i + offset] = value`, the value by variant.
    Set(i64, Vec<u64>),
}

/// The most ways through a pattern's `choose`s over constants.
const MOST_VARIANTS: usize = 256;

impl Strip {
    /// The game's rules as patterns, where it is a strip game (see the
    /// module's notes) in normal play.
    pub fn read(game: &Game) -> Option<Strip> {
        if game.heap_count.is_some()
            || game.invariant.is_some()
            || game.misere
            || game.parts.is_some()
            || game.coins.is_some()
            || game.graph.is_some()
        {
            return None;
        }
        let rules = (game.rules.iter())
            .map(|r| match &r.kind {
                MoveKind::Block(block) => Pattern::read(block, true),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let ends = (game.ends.iter())
            .map(|e| match (&e.test, e.kind) {
                (EndTest::Block(block), EndKind::Win | EndKind::Lose) => {
                    Some((e.kind, Pattern::read(block, false)?))
                }
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        // Ends of one kind: whichever holds first, the play ends the same.
        if ends.iter().any(|(kind, _)| *kind != ends[0].0) {
            return None;
        }
        let reach = rules.iter().map(Pattern::span).max().unwrap_or(0);
        let end_span = ends.iter().map(|(_, p)| p.span()).max().unwrap_or(0);
        let mut written: Vec<u64> = (rules.iter())
            .flat_map(|p| p.ops.iter())
            .flat_map(|op| match op {
                Op::Set(_, values) => values.clone(),
                _ => Vec::new(),
            })
            .collect();
        written.sort_unstable();
        written.dedup();
        Some(Strip {
            rules,
            ends,
            reach,
            end_span,
            written,
        })
    }

    /// How far from a move's anchor whether it is a move of the reduced
    /// game can depend on the cells, given the position before it meets
    /// no end and has no move into a `win when` position (LANGUAGE.md,
    /// "Strips"): 3·reach + end span; without ends, reach.
    pub fn radius(&self) -> usize {
        match self.ends.is_empty() {
            // Without ends, a move is one exactly where its own window's
            // cells allow it.
            true => self.reach,
            false => 3 * self.reach + self.end_span,
        }
    }

    /// The first end, in order, that holds at an anchor whose window
    /// meets cells `lo..=hi`: where no end held before those cells
    /// changed, the end the position now meets.
    pub fn end_near(
        &self,
        cells: &(impl Cells + ?Sized),
        lo: usize,
        hi: usize,
    ) -> Result<Option<EndKind>, (usize, EvalError)> {
        for (i, (kind, end)) in self.ends.iter().enumerate() {
            for anchor in end.anchors_meeting(lo, hi, cells.len()) {
                for v in 0..end.variants.len() {
                    if end.apply(cells, anchor, v).map_err(|e| (i, e))?.is_some() {
                        return Ok(Some(*kind));
                    }
                }
            }
        }
        Ok(None)
    }
}

impl Pattern {
    fn read(block: &Block, moves: bool) -> Option<Pattern> {
        let (Stmt::Choose { slot, lo, hi }, rest) = block.body.split_first()? else {
            return None;
        };
        let anchor = *slot;
        let mut reader = Reader {
            anchor,
            constants: Vec::new(),
            locals: Vec::new(),
            offsets: Vec::new(),
        };
        let mut variants = vec![vec![0i128; block.slots]];
        let mut ops = Vec::new();
        for stmt in rest {
            match stmt {
                Stmt::Choose { slot, lo, hi } => {
                    let mut next = Vec::new();
                    for vars in &variants {
                        let env = constants(vars);
                        let (lo, hi) = (reader.constant(lo, &env)?, reader.constant(hi, &env)?);
                        for value in lo..=hi {
                            let mut vars = vars.clone();
                            vars[*slot] = value;
                            next.push(vars);
                            if next.len() > MOST_VARIANTS {
                                return None;
                            }
                        }
                    }
                    variants = next;
                    reader.constants.push(*slot);
                }
                Stmt::Require(e) => {
                    reader.local(e)?;
                    ops.push(Op::Require(e.clone()));
                }
                Stmt::Let { slot, value } => {
                    reader.local(value)?;
                    reader.locals.push(*slot);
                    ops.push(Op::Let(*slot, value.clone()));
                }
                Stmt::Assign {
                    index,
                    op: AssignOp::Set,
                    value,
                } if moves => {
                    let offset = reader.offset(index)?;
                    reader.offsets.push(offset);
                    let values = (variants.iter())
                        .map(|vars| {
                            let v = reader.constant(value, &constants(vars))?;
                            u64::try_from(v).ok()
                        })
                        .collect::<Option<Vec<u64>>>()?;
                    ops.push(Op::Set(offset, values));
                }
                _ => return None,
            }
        }
        let low = *reader.offsets.iter().min()?;
        let high = *reader.offsets.iter().max()?;
        // The anchor runs exactly where every cell it reads lies on the
        // strip: from 1 - low to len - high.
        if *lo != Expr::Const(1 - i128::from(low)) || !len_less(hi, high) {
            return None;
        }
        Some(Pattern {
            low,
            high,
            ops,
            variants,
            anchor,
        })
    }

    /// The places of its window (by its first cell, from 0) on a strip
    /// of `len` cells where the window meets cells `lo..=hi`.
    pub fn anchors_meeting(&self, lo: usize, hi: usize, len: usize) -> std::ops::Range<usize> {
        let span = self.span();
        let first = lo.saturating_sub(span);
        let last = hi.min(len.saturating_sub(span + 1));
        match len > span {
            true => first..(last + 1).max(first),
            false => 0..0,
        }
    }

    /// The places of its window on a strip of `len` cells.
    pub fn anchors(&self, len: usize) -> std::ops::Range<usize> {
        self.anchors_meeting(0, len.saturating_sub(1), len)
    }

    /// Its window's width, less one.
    pub fn span(&self) -> usize {
        (self.high - self.low) as usize
    }

    /// How many ways through its `choose`s over constants.
    pub fn variants(&self) -> usize {
        self.variants.len()
    }

    /// Its way `variant` through with its window from cell `start` (which
    /// must lie on the strip with the window): `None` where a `require`
    /// fails, else the cells it writes (from 0), in order, with their
    /// values.
    pub fn apply(
        &self,
        cells: &(impl Cells + ?Sized),
        start: usize,
        variant: usize,
    ) -> Result<Option<Vec<(usize, u64)>>, EvalError> {
        let mut window: Vec<u64> = (0..=self.span()).map(|k| cells.get(start + k)).collect();
        let mut vars = self.variants[variant].clone();
        vars[self.anchor] = 1 - i128::from(self.low);
        let mut writes = Vec::new();
        for op in &self.ops {
            let env = Env {
                amount: 0,
                heap: 0,
                heaps: &window,
                vars: &vars,
            };
            match op {
                Op::Require(e) => {
                    if !e.truth(&env)? {
                        return Ok(None);
                    }
                }
                Op::Let(slot, e) => vars[*slot] = e.int(&env)?,
                Op::Set(offset, values) => {
                    let k = (offset - self.low) as usize;
                    window[k] = values[variant];
                    writes.push((start + k, values[variant]));
                }
            }
        }
        Ok(Some(writes))
    }
}

/// The cells of a strip as a pattern reads them.
pub trait Cells {
    /// How many cells.
    fn len(&self) -> usize;
    /// Cell `i`, from 0.
    fn get(&self, i: usize) -> u64;
}

impl Cells for [u64] {
    fn len(&self) -> usize {
        <[u64]>::len(self)
    }
    fn get(&self, i: usize) -> u64 {
        self[i]
    }
}

/// Cells with some written over: the last write of a cell counts.
pub struct Written<'a, C: Cells + ?Sized> {
    /// The cells beneath.
    pub cells: &'a C,
    /// The writes, in order.
    pub writes: &'a [(usize, u64)],
}

impl<C: Cells + ?Sized> Cells for Written<'_, C> {
    fn len(&self) -> usize {
        self.cells.len()
    }
    fn get(&self, i: usize) -> u64 {
        match self.writes.iter().rev().find(|(at, _)| *at == i) {
            Some((_, v)) => *v,
            None => self.cells.get(i),
        }
    }
}

fn constants(vars: &[i128]) -> Env<'_> {
    Env {
        amount: 0,
        heap: 0,
        heaps: &[],
        vars,
    }
}

/// Whether `e` is `len - high` (or `len` where `high` is 0).
fn len_less(e: &Expr, high: i64) -> bool {
    match e {
        Expr::Len => high == 0,
        Expr::Binary(BinOp::Sub, a, b) => **a == Expr::Len && **b == Expr::Const(i128::from(high)),
        Expr::Binary(BinOp::Add, a, b) => **a == Expr::Len && **b == Expr::Const(-i128::from(high)),
        _ => false,
    }
}

/// What a pattern's expressions may read, and the offsets they read.
struct Reader {
    anchor: usize,
    /// Slots of `choose`s over constants.
    constants: Vec<usize>,
    /// Slots of `let`s.
    locals: Vec<usize>,
    offsets: Vec<i64>,
}

impl Reader {
    /// `h[i + k]`'s k.
    fn offset(&self, index: &Expr) -> Option<i64> {
        let k = match index {
            Expr::Var(s) if *s == self.anchor => 0,
            Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
                (Expr::Var(s), Expr::Const(k)) | (Expr::Const(k), Expr::Var(s))
                    if *s == self.anchor =>
                {
                    *k
                }
                _ => return None,
            },
            Expr::Binary(BinOp::Sub, a, b) => match (&**a, &**b) {
                (Expr::Var(s), Expr::Const(k)) if *s == self.anchor => k.checked_neg()?,
                _ => return None,
            },
            _ => return None,
        };
        i64::try_from(k)
            .ok()
            .filter(|k| k.unsigned_abs() <= 1 << 16)
    }

    /// Checks that `e` reads cells only as `h[i + k]`, and notes the k.
    fn local(&mut self, e: &Expr) -> Option<()> {
        match e {
            Expr::Const(_) => Some(()),
            Expr::Var(s) => (self.constants.contains(s) || self.locals.contains(s)).then_some(()),
            Expr::HeapAt(index) => {
                let k = self.offset(index)?;
                self.offsets.push(k);
                Some(())
            }
            Expr::Item(_, index) | Expr::Neg(index) | Expr::Not(index) | Expr::Is(index, _) => {
                self.local(index)
            }
            Expr::Binary(_, a, b) => {
                self.local(a)?;
                self.local(b)
            }
            Expr::Call(_, args) => args.iter().try_for_each(|a| self.local(a)),
            Expr::Cell(..) | Expr::CellPlace(..) => None,
            Expr::Amount
            | Expr::Heap
            | Expr::Len
            | Expr::Each(..)
            | Expr::Monotone(_)
            | Expr::Count(..) => None,
        }
    }

    /// The value of `e`, which must read no cell and no `let`.
    fn constant(&self, e: &Expr, env: &Env) -> Option<i128> {
        let mut reader = Reader {
            anchor: self.anchor,
            constants: self.constants.clone(),
            locals: Vec::new(),
            offsets: Vec::new(),
        };
        reader.local(e)?;
        if !reader.offsets.is_empty() {
            return None;
        }
        e.int(env).ok()
    }
}
