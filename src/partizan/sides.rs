//! A loopy game's sides (Siegel, *Combinatorial Game Theory*, §VI.6;
//! Conway, *On Numbers and Games*, ch. 16): its onside, the stopper it
//! plays as where infinite play is won by Left, and its offside, where it
//! is won by Right; a stopper is both its sides.
//!
//! **The order of sides.** G⁺ ≥ H⁺ exactly when Left, moving second in
//! G − H, can keep Right from winning while every infinite play goes on in
//! G infinitely often (her onside's infinite play is hers; a play that
//! stays in −H from some move on is an infinite play of H's offside, won
//! by Right); G⁻ ≥ H⁻ alike, with infinite play in −H infinitely often.
//! For stoppers, in each of which no alternating play goes on for ever,
//! every infinite play of G − H goes on in both, and this is the order by
//! survival (§VI.4). The order is the solution of a Büchi game on the
//! pairs of positions (the nested fixed point νZ.μY of Emerson and Jutla,
//! 1991: Left wins where she can force, again and again, a move in the
//! winning part), the rule the good-state marking of CGSuite's
//! `LoopyGame` computes.
//!
//! **Finding a side.** A stopper is built from the game's graph and then
//! proven its side: Right's moves answered at once by Left's move straight
//! back are dropped from the onside (Left's, answered by Right's, from the
//! offside); reversible options are bypassed and dominated ones removed by
//! the side's order of every pair of positions (found once), where the
//! option that reverses or dominates does not lead back to where it began
//! by alternating play; then each move still on an alternating cycle is
//! tried alone and dropped where the order says its position keeps its
//! value without it. Where no alternating cycle is left, the graph is a
//! stopper, and its simplest form (§VI.5) is the side once the order says
//! each is at least the other — so no step before needs to be right for
//! the answer to be. Where that fails, sidling is tried on games of at
//! most 128 positions (Winning Ways, ch. 11): every position starts as
//! `on` (for the onside; `off` for the offside), then each round every
//! position x becomes {x^L | x^R} of the round before's values, until a
//! round changes no position's value. Some games' sides are no stoppers
//! at all (Bach's carousel, Winning Ways, ch. 11): those have none here.

use petgraph::graph::{DiGraph, NodeIndex};

use super::stopper::{Stopper, bypassed};

/// The most positions a game's sides are looked for in: its pairs of
/// positions, with each player to move, are held at once.
pub const MAX_SIDED_NODES: usize = 1024;

/// The most nodes sidling may build (each round one per position of the
/// game, and the order of all of them found again).
pub const MAX_SIDLING_NODES: usize = 256;

/// The most pairs of nodes two games are ordered by their sides in (two
/// stoppers of `MAX_NODES` each).
const MAX_PAIRS: usize = super::stopper::MAX_NODES * super::stopper::MAX_NODES;

/// The most moves between pairs one order holds at once (each held twice,
/// forwards and back: 128 MB).
const MAX_MOVES_HELD: usize = 8 << 20;

/// The most steps (a pair of positions with a player to move, visited) the
/// search for one side takes before it gives up.
const MAX_WORK: u64 = 400_000_000;

/// The difference U − V of a node u of `plus` and a node v of `minus`,
/// played with a side's rule for infinite play.
struct Difference<'a> {
    plus: &'a Stopper,
    minus: &'a Stopper,
    /// The onside's rule (infinite play must go on in U infinitely often)
    /// or the offside's (in −V).
    on: bool,
}

impl Difference<'_> {
    /// The index of the state (u, v, player to move: 0 Left, 1 Right).
    fn index(&self, u: u32, v: u32, m: usize) -> usize {
        ((u as usize * self.minus.len() + v as usize) << 1) | m
    }

    /// The moves from (u, v) with player `m` to move: each to its state
    /// (the other player to move) and whether it is made in the part the
    /// side's infinite play must go on in.
    fn moves(&self, u: u32, v: u32, m: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        let (in_plus, in_minus) = match m {
            0 => (&self.plus.left[u as usize], &self.minus.right[v as usize]),
            _ => (&self.plus.right[u as usize], &self.minus.left[v as usize]),
        };
        let next = 1 - m;
        out.extend(in_plus.iter().map(|&a| (self.index(a, v, next), self.on)));
        out.extend(in_minus.iter().map(|&b| (self.index(u, b, next), !self.on)));
    }

    /// For each pair (u, v) of `starts`, whether u ≥ v by the side's order
    /// (above): Right, moving first, cannot win. `None` where that takes
    /// more than `work` steps (each step spent is taken from it) or more
    /// than `MAX_MOVES_HELD` moves.
    fn at_least(&self, starts: &[(u32, u32)], work: &mut u64) -> Option<Vec<bool>> {
        let total = 2 * self.plus.len() * self.minus.len();
        // The states reached from the starts, numbered as met.
        let mut local = vec![u32::MAX; total];
        let mut states: Vec<usize> = Vec::new();
        for &(u, v) in starts {
            let s = self.index(u, v, 1);
            if local[s] == u32::MAX {
                local[s] = states.len() as u32;
                states.push(s);
            }
        }
        let mut out = Vec::new();
        let mut successors: Vec<(u32, bool)> = Vec::new();
        let mut first: Vec<u32> = Vec::with_capacity(states.len() + 1);
        let mut i = 0;
        while i < states.len() {
            spend(work, 1)?;
            let s = states[i];
            let (uv, m) = (s >> 1, s & 1);
            let (u, v) = (
                (uv / self.minus.len()) as u32,
                (uv % self.minus.len()) as u32,
            );
            self.moves(u, v, m, &mut out);
            if successors.len() + out.len() > MAX_MOVES_HELD {
                return None;
            }
            first.push(successors.len() as u32);
            for &(t, winning) in &out {
                if local[t] == u32::MAX {
                    local[t] = states.len() as u32;
                    states.push(t);
                }
                successors.push((local[t], winning));
            }
            i += 1;
        }
        first.push(successors.len() as u32);
        let n = states.len();
        // Each state's predecessors, with whether the move is in the
        // winning part.
        let mut count = vec![0u32; n + 1];
        for &(t, _) in &successors {
            count[t as usize + 1] += 1;
        }
        for k in 0..n {
            count[k + 1] += count[k];
        }
        let mut predecessors = vec![(0u32, false); successors.len()];
        let mut fill = count.clone();
        for s in 0..n {
            for &(t, winning) in &successors[first[s] as usize..first[s + 1] as usize] {
                predecessors[fill[t as usize] as usize] = (s as u32, winning);
                fill[t as usize] += 1;
            }
        }
        let right = |s: usize| states[s] & 1 == 1;
        let moves = |s: usize| &successors[first[s] as usize..first[s + 1] as usize];
        let before = |t: usize| &predecessors[count[t] as usize..count[t + 1] as usize];
        // Lost: where Right can force play to a state Left has lost (Left
        // to move with no move left, or a state lost in a round below):
        // Right to move with a move there, or Left with every move there.
        // `live`: a Left state's moves to states not lost.
        let mut lost = vec![false; n];
        let mut live: Vec<u32> = (0..n).map(|s| moves(s).len() as u32).collect();
        let mut fresh: Vec<u32> = (0..n)
            .filter(|&s| !right(s) && live[s] == 0)
            .map(|s| s as u32)
            .collect();
        let mut in_a = vec![false; n];
        let mut open = vec![0u32; n];
        let mut queue = Vec::new();
        loop {
            // The states newly lost, and all Right can force play to from
            // them, marked lost.
            for &s in &fresh {
                lost[s as usize] = true;
            }
            while let Some(t) = fresh.pop() {
                spend(work, 1)?;
                for &(s, _) in before(t as usize) {
                    let s = s as usize;
                    if lost[s] {
                        continue;
                    }
                    if !right(s) {
                        live[s] -= 1;
                        if live[s] > 0 {
                            continue;
                        }
                    }
                    lost[s] = true;
                    fresh.push(s as u32);
                }
            }
            // A: the states not lost from which Left can force a move in
            // the winning part to a state not lost (Right with no move
            // there at all is beaten).
            spend(work, n as u64 + successors.len() as u64)?;
            in_a.fill(false);
            let scores = |&(t, winning): &(u32, bool), lost: &[bool]| winning && !lost[t as usize];
            for s in 0..n {
                if lost[s] {
                    continue;
                }
                if right(s) {
                    open[s] = moves(s).iter().filter(|m| !scores(m, &lost)).count() as u32;
                    if open[s] == 0 {
                        in_a[s] = true;
                        queue.push(s as u32);
                    }
                } else if moves(s).iter().any(|m| scores(m, &lost)) {
                    in_a[s] = true;
                    queue.push(s as u32);
                }
            }
            while let Some(t) = queue.pop() {
                let t = t as usize;
                for &(s, winning) in before(t) {
                    let s = s as usize;
                    if lost[s] || in_a[s] || (winning && !lost[t]) {
                        continue;
                    }
                    if right(s) {
                        open[s] -= 1;
                        if open[s] > 0 {
                            continue;
                        }
                    }
                    in_a[s] = true;
                    queue.push(s as u32);
                }
            }
            // Where Left cannot, Right keeps play out of the winning part
            // for ever, or wins: lost, and the next round begins.
            fresh.extend((0..n).filter(|&s| !lost[s] && !in_a[s]).map(|s| s as u32));
            if fresh.is_empty() {
                break;
            }
        }
        let in_z: Vec<bool> = lost.iter().map(|&l| !l).collect();
        Some(
            starts
                .iter()
                .map(|&(u, v)| in_z[local[self.index(u, v, 1)] as usize])
                .collect(),
        )
    }
}

/// Takes `steps` from `work`; `None` where it is spent.
fn spend(work: &mut u64, steps: u64) -> Option<()> {
    *work = work.checked_sub(steps)?;
    Some(())
}

impl Stopper {
    /// Whether this game's side (`on`: onside; else offside) is at least
    /// `other`'s, by the order above (for stoppers, their order). `None`
    /// where their pairs of nodes are more than `MAX_PAIRS`, before
    /// anything is held, or the order takes too long to find.
    pub fn side_at_least(&self, other: &Stopper, on: bool) -> Option<bool> {
        if self.len().saturating_mul(other.len()) > MAX_PAIRS {
            return None;
        }
        let difference = Difference {
            plus: self,
            minus: other,
            on,
        };
        let mut work = MAX_WORK;
        Some(difference.at_least(&[(self.root, other.root)], &mut work)?[0])
    }

    /// A loopy game's onside and offside, each a stopper in its simplest
    /// form (above): by the order, else by sidling; a stopper is both.
    /// `None` where a side was not found.
    pub fn sides(&self) -> Option<(Stopper, Stopper)> {
        if self.is_stopper() {
            let simplest = self.simplest()?;
            return Some((simplest.clone(), simplest));
        }
        self.sides_by_order().or_else(|| self.sides_by_sidling())
    }

    /// Its sides found by the order alone (above); `None` where they were
    /// not, or it has more than `MAX_SIDED_NODES` nodes reached.
    #[doc(hidden)]
    pub fn sides_by_order(&self) -> Option<(Stopper, Stopper)> {
        let game = self.packed();
        if game.len() > MAX_SIDED_NODES {
            return None;
        }
        Some((game.side_by_order(true)?, game.side_by_order(false)?))
    }

    /// Its sides by sidling alone (above); `None` where the rounds do not
    /// settle within `MAX_SIDLING_NODES` nodes.
    #[doc(hidden)]
    pub fn sides_by_sidling(&self) -> Option<(Stopper, Stopper)> {
        let game = self.packed();
        if 2 * game.len() > MAX_SIDLING_NODES {
            return None;
        }
        Some((game.sidled(true)?, game.sidled(false)?))
    }

    /// The nodes reached from the root, numbered as first met (the root
    /// 0).
    fn packed(&self) -> Stopper {
        let mut number = vec![u32::MAX; self.len()];
        let mut order = vec![self.root];
        number[self.root as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let u = order[i] as usize;
            for &v in self.left[u].iter().chain(&self.right[u]) {
                if number[v as usize] == u32::MAX {
                    number[v as usize] = order.len() as u32;
                    order.push(v);
                }
            }
            i += 1;
        }
        let renumber = |o: &Vec<u32>| o.iter().map(|&v| number[v as usize]).collect();
        Stopper {
            left: order
                .iter()
                .map(|&u| renumber(&self.left[u as usize]))
                .collect(),
            right: order
                .iter()
                .map(|&u| renumber(&self.right[u as usize]))
                .collect(),
            root: 0,
        }
    }

    /// Its onside (`on`) or offside by the order (above).
    fn side_by_order(&self, on: bool) -> Option<Stopper> {
        let mut work = MAX_WORK;
        let mut shortened = self.clone();
        shortened.drop_moves_straight_back(on);
        let bypassed = shortened.bypassed(on, &mut work)?;
        let cut = bypassed.packed().cycles_cut(on, &mut work)?;
        self.checked(cut, on, &mut work)
    }

    /// `candidate`'s simplest form where it is a stopper whose side is
    /// this game's (each at least the other by the side's order).
    fn checked(&self, candidate: Stopper, on: bool, work: &mut u64) -> Option<Stopper> {
        if !candidate.is_stopper() {
            return None;
        }
        let side = candidate.simplest()?;
        let at_least = |plus: &Stopper, minus: &Stopper, work: &mut u64| {
            let difference = Difference { plus, minus, on };
            difference.at_least(&[(plus.root, minus.root)], work)
        };
        (at_least(&side, self, work)?[0] && at_least(self, &side, work)?[0]).then_some(side)
    }

    /// Drops the moves the other player answers at once by a move straight
    /// back (onside: Right's x → y where x is a Left option of y, the play
    /// that repeats being Left's; offside: Left's, alike).
    fn drop_moves_straight_back(&mut self, on: bool) {
        for u in 0..self.len() {
            let x = u as u32;
            match on {
                true => {
                    let kept: Vec<u32> = (self.right[u].iter().copied())
                        .filter(|&y| !self.left[y as usize].contains(&x))
                        .collect();
                    self.right[u] = kept;
                }
                false => {
                    let kept: Vec<u32> = (self.left[u].iter().copied())
                        .filter(|&y| !self.right[y as usize].contains(&x))
                        .collect();
                    self.left[u] = kept;
                }
            }
        }
    }

    /// Reversible options bypassed by the side's order of every pair of
    /// nodes (found once): a Left option x^L with a Right option x^LR no
    /// more than x replaced by x^LR's Left options, Right's alike — where
    /// the reversing option does not lead back to the option it reverses
    /// by alternating play (a cycle through it). Dominated options go
    /// where a stopper's simplest form is found.
    fn bypassed(mut self, on: bool, work: &mut u64) -> Option<Stopper> {
        let n = self.len();
        let pairs: Vec<(u32, u32)> = (0..n as u32)
            .flat_map(|u| (0..n as u32).map(move |v| (u, v)))
            .collect();
        let game = self.clone();
        let difference = Difference {
            plus: &game,
            minus: &game,
            on,
        };
        let ge = difference.at_least(&pairs, work)?;
        let ge = |u: u32, v: u32| ge[u as usize * n + v as usize];
        let mut changed = true;
        let mut rounds = 0;
        while changed && rounds <= 4 * n {
            changed = false;
            rounds += 1;
            for u in 0..n as u32 {
                spend(work, 1 + self.left[u as usize].len() as u64)?;
                let ui = u as usize;
                let (l, r) = bypassed(
                    &self.left,
                    &self.right,
                    u,
                    |a, x| ge(u, x) && !self.alternately_reaches((x, 0), (a, 1)),
                    |a, x| ge(x, u) && !self.alternately_reaches((x, 1), (a, 0)),
                );
                // Dominated options: a Left option no greater than another
                // (where that other does not lead back to u by alternating
                // play, in the offside), a Right option no less (alike, in
                // the onside).
                let l: Vec<u32> = (l.iter().copied())
                    .filter(|&b| {
                        !l.iter().any(|&a| {
                            a != b
                                && ge(a, b)
                                && (!ge(b, a) || a < b)
                                && (on || !self.alternately_reaches((a, 1), (u, 0)))
                        })
                    })
                    .collect();
                let r: Vec<u32> = (r.iter().copied())
                    .filter(|&b| {
                        !r.iter().any(|&a| {
                            a != b
                                && ge(b, a)
                                && (!ge(a, b) || a < b)
                                && (!on || !self.alternately_reaches((a, 0), (u, 1)))
                        })
                    })
                    .collect();
                if l != self.left[ui] || r != self.right[ui] {
                    changed = true;
                    self.left[ui] = l;
                    self.right[ui] = r;
                }
            }
        }
        Some(self)
    }

    /// Whether alternating play from node `from.0` with `from.1` to move
    /// (0 Left, 1 Right) reaches node `to.0` with `to.1` to move.
    fn alternately_reaches(&self, from: (u32, usize), to: (u32, usize)) -> bool {
        let mut seen = vec![false; 2 * self.len()];
        let mut stack = vec![from];
        while let Some((u, m)) = stack.pop() {
            if (u, m) == to {
                return true;
            }
            let s = 2 * u as usize + m;
            if std::mem::replace(&mut seen[s], true) {
                continue;
            }
            let options = match m {
                0 => &self.left[u as usize],
                _ => &self.right[u as usize],
            };
            stack.extend(options.iter().map(|&v| (v, 1 - m)));
        }
        false
    }

    /// Each move on an alternating cycle tried alone, the other player's
    /// first (onside: Right's), dropped where its position keeps its side's
    /// value without it (one way round holds of itself: a move dropped
    /// only helps the other player). `None` where that takes too long.
    fn cycles_cut(mut self, on: bool, work: &mut u64) -> Option<Stopper> {
        for rights in [on, !on] {
            for (u, v) in self.cyclic_moves(rights) {
                let before = self.clone();
                let options = match rights {
                    true => &mut self.right[u as usize],
                    false => &mut self.left[u as usize],
                };
                options.retain(|&w| w != v);
                // Without a Right move the position is no less; it must be
                // no more. Without a Left move, no more; it must be no less.
                let (plus, minus) = match rights {
                    true => (&before, &self),
                    false => (&self, &before),
                };
                let difference = Difference { plus, minus, on };
                if !difference.at_least(&[(u, u)], work)?[0] {
                    self = before;
                }
            }
        }
        Some(self)
    }

    /// The Right moves (`rights`; else Left's) that lie on an alternating
    /// cycle: both ends in one strongly connected part of the graph of
    /// (node, player to move).
    fn cyclic_moves(&self, rights: bool) -> Vec<(u32, u32)> {
        let n = self.len();
        let mut graph: DiGraph<(), ()> = DiGraph::with_capacity(2 * n, 0);
        for _ in 0..2 * n {
            graph.add_node(());
        }
        for u in 0..n {
            for &v in &self.left[u] {
                graph.add_edge(
                    NodeIndex::new(2 * u),
                    NodeIndex::new(2 * v as usize + 1),
                    (),
                );
            }
            for &v in &self.right[u] {
                graph.add_edge(
                    NodeIndex::new(2 * u + 1),
                    NodeIndex::new(2 * v as usize),
                    (),
                );
            }
        }
        let mut part = vec![0usize; 2 * n];
        for (k, component) in petgraph::algo::tarjan_scc(&graph).iter().enumerate() {
            for node in component {
                part[node.index()] = k;
            }
        }
        let mut moves = Vec::new();
        for u in 0..n {
            let (options, m) = match rights {
                true => (&self.right[u], 1),
                false => (&self.left[u], 0),
            };
            for &v in options {
                if part[2 * u + m] == part[2 * v as usize + 1 - m] {
                    moves.push((u as u32, v));
                }
            }
        }
        moves
    }

    /// The side by sidling (above); `None` where the rounds do not settle
    /// within `MAX_SIDLING_NODES` nodes.
    fn sidled(&self, on: bool) -> Option<Stopper> {
        let n = self.len();
        let mut pool = Stopper {
            left: vec![Vec::new()],
            right: vec![Vec::new()],
            root: 0,
        };
        match on {
            true => pool.left[0].push(0),
            false => pool.right[0].push(0),
        }
        let mut current = vec![0u32; n];
        loop {
            if pool.len() + n > MAX_SIDLING_NODES {
                return None;
            }
            let first = pool.len() as u32;
            for x in 0..n {
                let of =
                    |options: &Vec<u32>| options.iter().map(|&y| current[y as usize]).collect();
                pool.left.push(of(&self.left[x]));
                pool.right.push(of(&self.right[x]));
            }
            let m = pool.len();
            let ge = pool.order()?;
            let next: Vec<u32> = (first..first + n as u32).collect();
            let settled = (0..n).all(|x| {
                let (a, b) = (next[x] as usize, current[x] as usize);
                ge[a * m + b] && ge[b * m + a]
            });
            current = next;
            if settled {
                break;
            }
        }
        pool.root = current[self.root as usize];
        pool.simplest()
    }
}
