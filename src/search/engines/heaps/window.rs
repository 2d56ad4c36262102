//! Windows: the values a long range of amounts without condition reaches,
//! kept up to date as the heap grows by one instead of being looped over.
//! `take 1..` from heap h reaches g(0..h): the set of the heap before plus
//! g(h - 1). A bounded range `take a..b` slides, so it counts each value.
//! `take 1.. and split the rest` reaches every split of every r < h.

use super::bits;
use super::values::Stored;
use crate::platform::usize_of;
use crate::rules::Split;

#[derive(Debug)]
enum Kind {
    /// g(h - k) for k >= lo: g(0..=h - lo), a prefix that only grows.
    Prefix { lo: u64 },
    /// g(h - k) for lo <= k <= hi, which slides along the sequence.
    Sliding { lo: u64, hi: u64, counts: Vec<u32> },
    /// Every split of h - k for k >= lo: of every r <= h - lo; only grows.
    Pairs { lo: u64, split: Split, moves: usize },
}

/// The values one long range reaches from the current heap.
#[derive(Debug)]
pub(super) struct Window {
    kind: Kind,
    bits: Vec<u64>,
    /// The heap sizes (prefixes), or the split totals (pairs), included so far.
    next: usize,
    /// For the sliding window: heap sizes below this have left it.
    start: usize,
    /// For the growing kinds: every value below this is in the window.
    floor: u32,
}

impl Window {
    fn new(kind: Kind) -> Self {
        Window {
            kind,
            bits: Vec::new(),
            next: 0,
            start: 0,
            floor: 0,
        }
    }

    pub fn prefix(lo: u64) -> Self {
        Window::new(Kind::Prefix { lo })
    }

    pub fn sliding(lo: u64, hi: u64) -> Self {
        Window::new(Kind::Sliding {
            lo,
            hi,
            counts: Vec::new(),
        })
    }

    pub fn pairs(lo: u64, split: Split) -> Self {
        Window::new(Kind::Pairs {
            lo,
            split,
            moves: 0,
        })
    }

    /// Word `w` of the values reached.
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.bits.get(w).copied().unwrap_or(0)
    }

    /// Every value below this is reached (0 when not known).
    #[inline]
    pub fn floor(&self) -> u32 {
        self.floor
    }

    /// Moves the window to heap `h = values.len()`; returns the moves it
    /// stands for there.
    pub fn advance<T: Stored>(&mut self, values: &[T]) -> usize {
        let h = values.len() as u64;
        match &mut self.kind {
            Kind::Prefix { lo } => {
                if h < *lo {
                    return 0;
                }
                let last = usize_of(h - *lo);
                while self.next <= last {
                    bits::set(&mut self.bits, values[self.next].into());
                    self.next += 1;
                }
                self.floor = bits::first_zero(|w| self.word(w), self.floor);
                last + 1
            }
            Kind::Sliding { lo, hi, counts } => {
                if h < *lo {
                    return 0;
                }
                let last = usize_of(h - *lo);
                while self.next <= last {
                    let v: u32 = values[self.next].into();
                    if counts.len() <= v as usize {
                        counts.resize(v as usize + 1, 0);
                    }
                    counts[v as usize] += 1;
                    bits::set(&mut self.bits, v);
                    self.next += 1;
                }
                // Heap sizes below h - hi are out of reach.
                let first = usize_of(h.saturating_sub(*hi));
                while self.start < first {
                    let v = values[self.start].index();
                    counts[v] -= 1;
                    if counts[v] == 0 {
                        self.bits[v >> 6] &= !(1 << (v & 63));
                    }
                    self.start += 1;
                }
                last + 1 - first
            }
            Kind::Pairs { lo, split, moves } => {
                if h < *lo {
                    return 0;
                }
                let last = usize_of(h - *lo);
                while self.next <= last {
                    let r = self.next;
                    // Splitting off an empty heap leaves the rest whole.
                    if split.may_leave_whole(r) {
                        bits::set(&mut self.bits, values[r].into());
                        *moves += 1;
                    }
                    let most = split.widest_part(r);
                    for a in 1..=most {
                        bits::set(&mut self.bits, (values[a] ^ values[r - a]).into());
                    }
                    *moves += most;
                    self.next += 1;
                }
                let b = &self.bits;
                self.floor = bits::first_zero(|w| b.get(w).copied().unwrap_or(0), self.floor);
                *moves
            }
        }
    }
}
