//! Which moves of a board region another move of the same player's is at
//! least as good as, where no move writes a value a rule pins.
//!
//! There a region's position is the set of its windows that are moves (a
//! window that is not a move now is never one), and a move takes away the
//! moves whose pins it writes over: itself and those it *kills*. Where a
//! position's moves are another's with some of Left's only added and some
//! of Right's only taken away, it is at least as good for Left: she answers
//! each of Right's moves in one with the same move in the other, and always
//! has one (the moves they share are the same). So a move A of Left's is
//! dominated by a move B of hers where, of the moves only Left has, B kills
//! none that A does not; of those only Right has, every one A kills; and of
//! those both have, the same ones: Left's option after B is at least her
//! option after A, and leaving A out changes neither the value nor who wins
//! (dominated options: Siegel, *Combinatorial Game Theory*, §II.2; the
//! copying is the one that shows G − G = 0, there §II.1, here on the moves
//! a position has left). Of moves each at least as good as the other, the
//! first is kept. The same for Right.
//!
//! The moves kept are made in the order of how many more of the other's
//! moves than of the mover's own they kill, most first (the change in
//! both players' moves, as the Domineering solvers order them: Breuker,
//! Uiterwijk and van den Herik, 2000; Bullock, 2002): the outcome search
//! looks at the positions a region's moves leave in that order, and stops
//! at the first known to be won.

use super::stencils::{LiveMove, Stencils, written};
use crate::rules::Side;

/// The most moves a board may have for some to be left out (each compared
/// with those it kills): past it, all are made.
const MOST_MOVES: usize = 1024;

impl Stencils {
    /// Of the moves `moves` of a board of `cells` cells (`live_moves`),
    /// those kept (by their places in `moves`), in the order they are
    /// made: those no other move of the same player's, kept, is at least
    /// as good as, by the other's moves less the mover's own that each
    /// kills, most first. `None` where some move writes a value a rule
    /// pins, some move writes over none of its cells, or there are more
    /// than `MOST_MOVES` (all are made, as found).
    pub(super) fn kept_moves(&self, moves: &[LiveMove], cells: usize) -> Option<Vec<usize>> {
        if !self.spent {
            return None;
        }
        let n = moves.len();
        if n > MOST_MOVES {
            return None;
        }
        let words = n.div_ceil(64);
        let set =
            |sets: &mut [u64], at: usize, i: usize| sets[at * words + i / 64] |= 1 << (i % 64);
        // The moves pinning each cell (from `start[cell]` in `pinning`);
        // the moves each move kills.
        let mut start = vec![0u32; cells + 1];
        for m in moves {
            m.spots.iter().for_each(|s| start[s.0 as usize + 1] += 1);
        }
        for cell in 0..cells {
            start[cell + 1] += start[cell];
        }
        let mut pinning = vec![0u32; start[cells] as usize];
        let mut next = start.clone();
        for (i, m) in moves.iter().enumerate() {
            for s in m.spots {
                pinning[next[s.0 as usize] as usize] = i as u32;
                next[s.0 as usize] += 1;
            }
        }
        let mut kills = vec![0u64; n * words];
        for (i, m) in moves.iter().enumerate() {
            let mut wrote = false;
            for s in m.spots.iter().filter(|s| written(s)) {
                wrote = true;
                let (from, to) = (
                    start[s.0 as usize] as usize,
                    start[s.0 as usize + 1] as usize,
                );
                (pinning[from..to].iter()).for_each(|&p| set(&mut kills, i, p as usize));
            }
            if !wrote {
                return None;
            }
        }
        // The moves only Left has, only Right has, and both have.
        let mut only = [vec![0u64; words], vec![0u64; words]];
        let mut both = vec![0u64; words];
        for (i, m) in moves.iter().enumerate() {
            match m.side {
                Some(side) => set(&mut only[side.index()], 0, i),
                None => set(&mut both, 0, i),
            }
        }
        let kill = |i: usize| &kills[i * words..][..words];
        // Whether `b`'s position is at least as good for `player` as `a`'s.
        let at_least = |player: Side, b: usize, a: usize| {
            let (mine, theirs) = (&only[player.index()], &only[player.other().index()]);
            (0..words).all(|k| {
                let (a, b) = (kill(a)[k], kill(b)[k]);
                (b & mine[k] & !a) == 0 && (a & theirs[k] & !b) == 0 && ((a ^ b) & both[k]) == 0
            })
        };
        let dominated = |a: usize| {
            // A move both players have is kept: it may be dominated for one
            // and not the other.
            let Some(player) = moves[a].side else {
                return false;
            };
            // One at least as good kills itself, so it is among those `a`
            // kills.
            let killed = (kill(a).iter().enumerate()).flat_map(|(k, &word)| {
                (0..64)
                    .filter(move |bit| word >> bit & 1 == 1)
                    .map(move |bit| k * 64 + bit)
            });
            killed.filter(|&b| b != a).any(|b| {
                moves[b].side.is_none_or(|s| s == player)
                    && at_least(player, b, a)
                    && (b < a || !at_least(player, a, b))
            })
        };
        // The other's moves less the mover's own that `a` kills.
        let gain = |a: usize| {
            let count = |set: &[u64]| {
                (0..words)
                    .map(|k| (kill(a)[k] & set[k]).count_ones() as i64)
                    .sum::<i64>()
            };
            match moves[a].side {
                Some(player) => count(&only[player.other().index()]) - count(&only[player.index()]),
                None => 0,
            }
        };
        let mut kept: Vec<(i64, usize)> = (0..n)
            .filter(|&a| !dominated(a))
            .map(|a| (-gain(a), a))
            .collect();
        kept.sort_unstable();
        Some(kept.into_iter().map(|(_, a)| a).collect())
    }
}
