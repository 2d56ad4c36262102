//! The steady state of finite rules. When every rule takes amounts from a
//! finite list or range without condition, every heap larger than the
//! largest amount t has moves of the same shape: the same takes, each
//! leaving one heap or splitting the rest. Past t the moves can be counted
//! in closed form, and games without splits (subtraction games) get a tight
//! loop of their own: a handful of loads and a mex in one register.

use super::bits::Seen;
use super::compile::{HeapRule, Leaves, Source};
use super::values::Stored;
use crate::rules::Split;

/// A subtraction game's values are at most its number of takes; below this
/// many, every value fits one 64-bit word.
const REGISTER: usize = 64;
/// Ranges of amounts this long are not listed.
const LONG: u64 = 1 << 16;
/// Values computed in place per block.
const BLOCK: usize = 4096;

#[derive(Debug)]
pub(super) struct Steady {
    /// The largest amount any rule takes.
    pub reach: usize,
    /// Amounts whose move leaves one heap (with repeats, one per move).
    singles: Vec<usize>,
    /// Amounts whose move splits the rest, with how.
    twos: Vec<(usize, Split)>,
    /// The same, one per amount: (k, whether equal halves are allowed,
    /// whether the rest may stay whole), as `gather` lists them.
    cuts: Vec<(usize, bool, bool)>,
    /// All values fit in one word, and nothing splits: `run_singles` applies.
    register: bool,
}

impl Steady {
    /// The steady form of `rules`, if they are all finite.
    pub fn new(rules: &[HeapRule]) -> Option<Steady> {
        let mut steady = Steady {
            reach: 0,
            singles: Vec::new(),
            twos: Vec::new(),
            cuts: Vec::new(),
            register: false,
        };
        // Every move from any heap, counting `Nothing` takes: the values
        // are at most that many.
        let mut options = 0;
        for rule in rules {
            let amounts: Vec<usize> = match &rule.source {
                Source::List(ks) => ks
                    .iter()
                    .map(|&k| usize::try_from(k).ok())
                    .collect::<Option<_>>()?,
                // A long range would be a long list: the general way loops
                // over it just as well.
                Source::Range(lo, hi) if hi - lo < LONG => {
                    (usize::try_from(*lo).ok()?..=usize::try_from(*hi).ok()?).collect()
                }
                _ => return None,
            };
            steady.reach = steady.reach.max(amounts.last().copied().unwrap_or(0));
            options += amounts.len();
            match rule.leaves {
                Leaves::Heap | Leaves::Nonempty => steady.singles.extend(&amounts),
                Leaves::Nothing => {}
                Leaves::Two(split) => steady.twos.extend(amounts.iter().map(|&k| (k, split))),
            }
        }
        steady.register = steady.twos.is_empty() && options < REGISTER;
        for &(k, split) in &steady.twos {
            let (equal, whole) = (!split.unequal, !split.nonempty);
            match steady.cuts.iter_mut().find(|c| c.0 == k) {
                Some(cut) => (cut.1, cut.2) = (cut.1 || equal, cut.2 || whole),
                None => steady.cuts.push((k, equal, whole)),
            }
        }
        Some(steady)
    }

    /// Whether `run_singles` applies.
    #[inline]
    pub fn register(&self) -> bool {
        self.register
    }

    /// `engine::gather` for a heap larger than `reach`: no rule by rule
    /// dispatch, no conditions, the cuts already one per remainder.
    #[inline]
    pub fn gather<T: Stored>(
        &self,
        values: &[T],
        cuts: &mut Vec<(usize, usize)>,
        seen: &mut Seen,
        moves: &mut usize,
    ) -> u64 {
        let h = values.len();
        let mut low = 0u64;
        let mut mark = |v: u32, seen: &mut Seen| {
            if v < 64 {
                low |= 1 << v;
            } else {
                seen.mark(v);
            }
        };
        for &k in &self.singles {
            mark(values[h - k].into(), seen);
        }
        for &(k, equal, whole) in &self.cuts {
            // r >= 1, as h > reach >= k.
            let r = h - k;
            if whole {
                mark(values[r].into(), seen);
            }
            let most = if equal { r / 2 } else { (r - 1) / 2 };
            if most >= 1 {
                cuts.push((r, most));
            }
        }
        *moves += self.singles.len();
        for &(k, split) in &self.twos {
            *moves += usize::from(!split.nonempty) + split.widest_part(h - k);
        }
        low
    }

    /// The moves from the heaps `from..to`, all larger than `reach`.
    pub fn moves_between(&self, from: usize, to: usize) -> usize {
        debug_assert!(from > self.reach && from <= to);
        let mut moves = (to - from) * self.singles.len();
        for &(k, split) in &self.twos {
            // The rest r = h - k runs over from - k .. to - k, all >= 1.
            let (lo, hi) = (from - k, to - k);
            let whole = !split.nonempty;
            moves += usize::from(whole) * (hi - lo);
            moves += if split.unequal {
                // widest(r) = (r - 1) / 2 for r >= 1.
                halves(hi - 1) - halves(lo - 1)
            } else {
                halves(hi) - halves(lo)
            };
        }
        debug_assert_eq!(
            moves,
            (from..to)
                .map(|h| {
                    let ones = self.singles.len();
                    let twos = self
                        .twos
                        .iter()
                        .map(|&(k, split)| usize::from(!split.nonempty) + split.widest_part(h - k));
                    ones + twos.sum::<usize>()
                })
                .sum::<usize>()
        );
        moves
    }

    /// Computes g(h) for h from `values.len()` (larger than `reach`) up to
    /// `to`, when nothing splits and every value fits a word; returns the
    /// largest value found.
    pub fn run_singles<T: Stored>(&self, values: &mut Vec<T>, to: usize) -> u32 {
        debug_assert!(self.register && values.len() > self.reach);
        // A fixed number of takes unrolls the loop: a handful of loads and
        // ORs per heap, the amounts held in registers.
        let ks = &self.singles;
        match ks.len() {
            1 => singles::<T, 1>(ks, values, to),
            2 => singles::<T, 2>(ks, values, to),
            3 => singles::<T, 3>(ks, values, to),
            4 => singles::<T, 4>(ks, values, to),
            5 => singles::<T, 5>(ks, values, to),
            6 => singles::<T, 6>(ks, values, to),
            7 => singles::<T, 7>(ks, values, to),
            8 => singles::<T, 8>(ks, values, to),
            _ => singles_any(ks, values, to),
        }
    }
}

/// `run_singles` with `N` takes.
fn singles<T: Stored, const N: usize>(ks: &[usize], values: &mut Vec<T>, to: usize) -> u32 {
    let ks: [usize; N] = ks.try_into().expect("N takes");
    blocks(values, to, |values, h| {
        ks.iter()
            .fold(0u64, |seen, &k| seen | 1 << (values[h - k].into() & 63))
    })
}

fn singles_any<T: Stored>(ks: &[usize], values: &mut Vec<T>, to: usize) -> u32 {
    blocks(values, to, |values, h| {
        ks.iter()
            .fold(0u64, |seen, &k| seen | 1 << (values[h - k].into() & 63))
    })
}

/// Computes g(h) = mex(`seen(values, h)`) for h from `values.len()` to
/// `to`, a block at a time, in place: `push` would check the capacity, and
/// reload the vector, on every value. Values are below 64 (`& 63` above
/// only spares a check), so they fit every width. Returns the largest
/// value.
#[inline(always)]
fn blocks<T: Stored>(values: &mut Vec<T>, to: usize, seen: impl Fn(&[T], usize) -> u64) -> u32 {
    let mut max = 0;
    let mut h = values.len();
    while h < to {
        let end = to.min(h + BLOCK);
        values.resize(end, T::default());
        for h in h..end {
            let v = seen(values, h).trailing_ones();
            max = max.max(v);
            values[h] = T::from_u32(v);
        }
        h = end;
    }
    max
}

/// The sum of m / 2 (rounded down) over m < n.
fn halves(n: usize) -> usize {
    let q = n / 2;
    if n.is_multiple_of(2) {
        q * q.saturating_sub(1)
    } else {
        q * q
    }
}

#[cfg(test)]
mod tests {
    use super::halves;

    #[test]
    fn halves_sum_floors() {
        for n in 0..50 {
            assert_eq!(halves(n), (0..n).map(|m| m / 2).sum::<usize>(), "n = {n}");
        }
    }
}
