//! The moves of a sum or a compound (Winning Ways, ch. 9, "If you can't
//! beat 'em, join 'em!"): which components move at once, as the word
//! before them says, and which of its moves each makes.
//!
//! - `+`, the sum: exactly one component moves;
//! - `all`: every component; none can be made where one has no move;
//! - `every`: every component that has a move;
//! - `some`: any non-empty set of components that have moves;
//! - `any`: any non-empty set; none where one component has no move;
//! - `series`: the first component that is not over (has a move for either
//!   player), alone; none where the player to move has no move there, or
//!   every component is over.
//!
//! A component "has no move" for the player to move: in a partizan
//! compound, a component may have moves for one player and none for the
//! other (and is not over).

use crate::syntax::ast::Compound;

/// Every way the player to move may move in a compound whose components
/// have `counts[c]` moves each, and of which those where `over` says have
/// no move for either player: for each component `None` where it stays,
/// `Some(i)` where it makes its i-th move. In order, the first component
/// changing slowest and a component's moves before its staying (a sum's
/// moves the first component's first). None where the play is over.
pub fn ways(kind: Compound, counts: &[usize], over: &[bool]) -> Ways {
    if kind == Compound::Series {
        // The first component not over moves as in a sum of it alone.
        let first = over.iter().position(|&o| !o);
        let alone: Vec<usize> = (counts.iter().enumerate())
            .map(|(c, &n)| if Some(c) == first { n } else { 0 })
            .collect();
        return ways(Compound::Sum, &alone, over);
    }
    let over = match kind {
        Compound::All | Compound::Any => counts.contains(&0),
        Compound::Sum | Compound::Every | Compound::Some | Compound::Series => {
            counts.iter().all(|&n| n == 0)
        }
    };
    let choices: Vec<usize> = (counts.iter())
        .map(|&n| match kind {
            // The moves, and staying (its index `n`).
            Compound::Some | Compound::Any => n + 1,
            Compound::Every if n == 0 => 1,
            _ => n,
        })
        .collect();
    Ways {
        kind,
        counts: counts.to_vec(),
        choices,
        pick: vec![0; counts.len()],
        done: over,
        at: (0, 0),
    }
}

/// The ways of `ways`, one by one.
pub struct Ways {
    kind: Compound,
    counts: Vec<usize>,
    /// How many choices each component has: its moves, then staying where
    /// it may stay.
    choices: Vec<usize>,
    /// The next way's choice in each component (not the sum's).
    pick: Vec<usize>,
    done: bool,
    /// The sum's next move: its component, and which of its moves.
    at: (usize, usize),
}

impl Ways {
    /// The sum's next way: one component's move, the rest staying.
    fn next_in_sum(&mut self) -> Option<Vec<Option<usize>>> {
        let (mut c, mut i) = self.at;
        while c < self.counts.len() && i >= self.counts[c] {
            (c, i) = (c + 1, 0);
        }
        if c == self.counts.len() {
            self.done = true;
            return None;
        }
        self.at = (c, i + 1);
        let mut way = vec![None; self.counts.len()];
        way[c] = Some(i);
        Some(way)
    }

    /// The way `pick` says, then `pick` on to the next.
    fn next_picked(&mut self) -> Vec<Option<usize>> {
        let way = (self.pick.iter().zip(&self.counts))
            .map(|(&p, &n)| (p < n).then_some(p))
            .collect();
        match (0..self.pick.len())
            .rev()
            .find(|&c| self.pick[c] + 1 < self.choices[c])
        {
            Some(c) => {
                self.pick[c] += 1;
                self.pick[c + 1..].iter_mut().for_each(|p| *p = 0);
            }
            None => self.done = true,
        }
        way
    }
}

impl Iterator for Ways {
    type Item = Vec<Option<usize>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.kind == Compound::Sum {
            return if self.done { None } else { self.next_in_sum() };
        }
        while !self.done {
            let way = self.next_picked();
            if way.iter().any(Option::is_some) {
                return Some(way);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_ways(kind: Compound, counts: &[usize], over: &[bool]) -> Vec<Vec<Option<usize>>> {
        ways(kind, counts, over).collect()
    }

    /// Every way by the plain definition: every choice of each component
    /// (a move or staying) that the word allows.
    fn plain(kind: Compound, counts: &[usize], over: &[bool]) -> Vec<Vec<Option<usize>>> {
        let mut out: Vec<Vec<Option<usize>>> = vec![Vec::new()];
        for &n in counts {
            let mut next = Vec::new();
            for way in &out {
                for choice in (0..n).map(Some).chain([None]) {
                    let mut w = way.clone();
                    w.push(choice);
                    next.push(w);
                }
            }
            out = next;
        }
        out.retain(|way| {
            let moved = way.iter().filter(|c| c.is_some()).count();
            let stays_with_moves = way.iter().zip(counts).any(|(c, &n)| c.is_none() && n > 0);
            let one_cannot = counts.contains(&0);
            let first = over.iter().position(|&o| !o);
            match kind {
                Compound::Series => moved == 1 && first.is_some_and(|f| way[f].is_some()),
                Compound::Sum => moved == 1,
                Compound::All => !one_cannot && moved > 0 && moved == counts.len(),
                Compound::Every => moved > 0 && !stays_with_moves,
                Compound::Some => moved > 0,
                Compound::Any => !one_cannot && moved > 0,
            }
        });
        out
    }

    #[test]
    fn the_ways_are_those_the_word_allows_in_order() {
        let kinds = [
            Compound::Sum,
            Compound::All,
            Compound::Every,
            Compound::Some,
            Compound::Any,
            Compound::Series,
        ];
        let mut shapes: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..3 {
            shapes = (shapes.iter())
                .flat_map(|s| {
                    (0..3).map(move |n| {
                        let mut s = s.clone();
                        s.push(n);
                        s
                    })
                })
                .chain(shapes.clone())
                .collect();
        }
        for counts in &shapes {
            // Over where it has no move, or (a partizan component) not
            // over though the player to move has none: every choice.
            let overs = (0..1u32 << counts.len()).map(|bits| {
                (0..counts.len())
                    .map(|c| counts[c] == 0 && bits >> c & 1 == 1)
                    .collect::<Vec<bool>>()
            });
            for over in overs {
                for kind in kinds {
                    assert_eq!(
                        all_ways(kind, counts, &over),
                        plain(kind, counts, &over),
                        "{} with {counts:?}, over {over:?}",
                        kind.word()
                    );
                }
            }
        }
    }
}
