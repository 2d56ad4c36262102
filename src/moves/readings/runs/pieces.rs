//! The pieces a block is read into, and the moves they make from a position.

/// A form over a box's heaps alone, at run time: `k + Σ x·h[i]` over its
/// nonzero terms (i, x). Coefficients are at most 2^24 and constants 2^40,
/// so that at heaps below 2^31 its value fits 64 bits.
#[derive(Clone, Debug)]
pub(crate) struct Lin {
    pub(super) k: i64,
    pub(super) terms: Vec<(usize, i64)>,
}

impl Lin {
    #[inline(always)]
    pub(crate) fn at(&self, heaps: &[i64]) -> i64 {
        let mut sum = self.k;
        for &(i, x) in &self.terms {
            sum += x * heaps[i];
        }
        sum
    }
}

/// One branch of a rule's moves, which are piecewise linear: from a
/// position whose heaps meet `guards` (each ≥ 0), the moves at c from the
/// largest lower bound to the smallest upper bound, heap i after the move
/// being `start[i] + slope[i]·c`. A branch that `fails` is where the block
/// would set a heap below 0: its moves are errors, which the search
/// reports.
#[derive(Clone, Debug)]
pub(crate) struct Branch {
    pub fails: bool,
    /// Whether the piece's own inequalities show that every heap after a
    /// move lies between 0 and what it was: its runs stay in the box.
    pub within: bool,
    pub guards: Vec<Lin>,
    /// c ≥ ⌈lin / d⌉, d > 0.
    pub lower: Vec<(Lin, i64)>,
    /// c ≤ ⌊lin / d⌋, d > 0.
    pub upper: Vec<(Lin, i64)>,
    pub start: Vec<Lin>,
    pub slope: Vec<i64>,
}

/// A game's move blocks read as runs, for positions of `heaps` heaps.
#[derive(Clone, Debug)]
pub struct Runs {
    /// The positions the invariant allows: those meeting every guard of one
    /// of these sets.
    pub(crate) allowed: Vec<Vec<Lin>>,
    pub(crate) pieces: Vec<Branch>,
}

impl Branch {
    /// The index of the position after the move at c, `first + step·c`,
    /// in a box of `dims` whose heaps weigh `weights`, as `(first, step)`;
    /// `None` unless the runs stay in the box (`within`), or where the
    /// index's form could pass 2^62.
    pub(crate) fn index_form(&self, weights: &[i64], dims: &[usize]) -> Option<(Lin, i64)> {
        if !self.within {
            return None;
        }
        let n = dims.len();
        let (mut k, mut h, mut step) = (0i128, vec![0i128; n], 0i128);
        for ((start, &slope), &w) in self.start.iter().zip(&self.slope).zip(weights) {
            let w = i128::from(w);
            k += w * i128::from(start.k);
            for &(i, x) in &start.terms {
                h[i] += w * i128::from(x);
            }
            step += w * i128::from(slope);
        }
        let largest = (h.iter().zip(dims))
            .map(|(&x, &d)| x.abs() * d as i128)
            .sum::<i128>()
            + k.abs();
        if largest > 1 << 62 || step.abs() > 1 << 62 {
            return None;
        }
        let terms = (h.iter().enumerate())
            .filter(|&(_, &x)| x != 0)
            .map(|(i, &x)| (i, x as i64))
            .collect();
        Some((Lin { k: k as i64, terms }, step as i64))
    }

    /// The values of c its moves take from `heaps`, lowest and highest
    /// (both 0 where the piece has no c); `None` where it makes no move
    /// from there.
    #[inline]
    pub(crate) fn range(&self, heaps: &[i64]) -> Option<(i64, i64)> {
        if self.guards.iter().any(|g| g.at(heaps) < 0) {
            return None;
        }
        // Most bounds are over 1: no division for them.
        let lo = (self.lower.iter())
            .map(|(l, d)| match d {
                1 => l.at(heaps),
                d => ceil_div(l.at(heaps), *d),
            })
            .max()
            .unwrap_or(0);
        let hi = (self.upper.iter())
            .map(|(u, d)| match d {
                1 => u.at(heaps),
                d => u.at(heaps).div_euclid(*d),
            })
            .min()
            .unwrap_or(0);
        (lo <= hi).then_some((lo, hi))
    }
}

fn ceil_div(a: i64, d: i64) -> i64 {
    -((-a).div_euclid(d))
}

/// Some way through a block sets a heap below 0 from the position asked
/// about: the interpreter's `EvalError::HeapValue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetsBelowZero;

impl Runs {
    /// The positions after every move from `heaps`, one a value of c of
    /// each piece, repeats kept, in no set order: what running the blocks
    /// makes, found from the pieces alone (the run engine reads the same
    /// runs as index ranges instead); `None` where a heap passes 2^31.
    pub fn moves(&self, heaps: &[u64]) -> Option<Result<Vec<Vec<u64>>, SetsBelowZero>> {
        let heaps: Vec<i64> = (heaps.iter())
            .map(|&h| i64::try_from(h).ok().filter(|&h| h < 1 << 31))
            .collect::<Option<_>>()?;
        Some(self.moves_within(&heaps))
    }

    fn moves_within(&self, heaps: &[i64]) -> Result<Vec<Vec<u64>>, SetsBelowZero> {
        let mut out = Vec::new();
        for piece in &self.pieces {
            let Some((lo, hi)) = piece.range(heaps) else {
                continue;
            };
            if piece.fails {
                return Err(SetsBelowZero);
            }
            for c in lo..=hi {
                let after = (piece.start.iter().zip(&piece.slope))
                    .map(|(start, slope)| u64::try_from(start.at(heaps) + slope * c))
                    .collect::<Result<_, _>>()
                    .map_err(|_| SetsBelowZero)?;
                out.push(after);
            }
        }
        Ok(out)
    }
}
