//! Partizan games in misère play (the player who cannot move wins), valued
//! in the dead-ending universe E: the games in which a player who has no
//! move never has one again (each end is a *dead* end; Milley and Renault,
//! "Dead ends in misère play: the misère monoid of canonical numbers",
//! Discrete Math. 313, 2013). Two games of E are equal where no game of E
//! added to them tells them apart (G ≥ H: o(G + X) ≥ o(H + X) for every X
//! of E), and each has one reduced form (Larsson, Milley, Nowakowski,
//! Renault and Santos, "Progress on misère dead ends: game comparison,
//! canonical form, and conjugate inverses", arXiv 1807.11297, 2018).
//!
//! **Comparison.** Modulo any universe, and so modulo E, G ≥ H holds
//! exactly when the *maintenance* and the *proviso* hold (Siegel, "On the
//! general dead-ending universe of partizan games", 2025, §5; proved in
//! Lean by Davies and Maciosowski, `misere-games`, `Promain.Test`):
//! - each G^R has an H^R ≤ G^R or a G^{RL} ≥ H, and each H^L has a
//!   G^L ≥ H^L or an H^{LR} ≤ G;
//! - where G is a Right end, H is *Right-strong* (Right moving first wins
//!   H + X for every Right end X of E), and where H is a Left end, G is
//!   *Left-strong*.
//!
//! Whether G is Left-strong is decided here exactly. A Left end X of E is a
//! tree of Right's moves alone (finite, any shape). Beside the followers g
//! of G, X matters only through which of "Left moving first wins g + X"
//! (W₁(g)) and "Left wins g + X with Right first" (W₂(g)) hold at it:
//! W₁(g) when g has no Left move or some g^L has W₂(g^L); W₂(g) when Right
//! has some move (in g, or in X: X is not over), every g^R has W₁(g^R), and
//! every move of X leads where W₁(g) holds. The last is the only look at
//! X's children, and it is true of all of them or not: so the truths at a
//! tree of height k + 1 are least where its children show every truth seen
//! at height k, and the truths false at some tree are those false at the
//! fixed point of that (a lattice of at most as many steps as G has
//! followers). G is Left-strong where W₁(G) holds there. The tests check
//! this against every tree of Right's moves born by day 3 and a sample of
//! day 4, and the whole comparison against the definition.
//!
//! **Reduced forms.** A dominated option is removed (G^{L1} ≤ G^{L2}); an
//! option reversible through a follower that is not an end is bypassed as
//! in normal play (G^{L1R1} ≤ G has Left options: G^{L1} is replaced by
//! them); an option reversible through an end (G^{L1R1} ≤ G has none) is
//! left out where G stays in E and equal without it (as in {0 | 2} = 1),
//! else replaced by the integer −(n + 1), n the least with −n ≤ G (where
//! there is none up to the birthday, by {· | G^{L1R1}}); and a game equal
//! to 0 is 0 (as {−1 | 1} = 1 + (−1) is). Larsson, Milley, Nowakowski, Renault
//! and Santos (ibid., §4) prove a reduced form unique in E; the
//! replacement through an end here is ours, found and checked by the
//! tests: every form reduced equals its game, and equal games get one
//! form, on every game of E born by day 2 and a sample born by day 3.

use rustc_hash::FxHashMap as HashMap;

use super::work::Work;
use crate::platform::{Halt, Watch, deeper};
use crate::position::{Outcome, Side};

/// The estimated bytes of a form (its node, twice: the list and the
/// index), and of a remembered fact.
const NODE_BYTES: u64 = 96;
const ENTRY_BYTES: u64 = 48;
/// The longest text a form is written in.
pub const MAX_TEXT: usize = 65_536;

/// A game form in the store of misère forms (`MisereForms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Misere(u32);

/// A form: its Left and Right options, sorted, each once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    left: Box<[Misere]>,
    right: Box<[Misere]>,
}

impl Node {
    fn options(&self, side: Side) -> &[Misere] {
        match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }
}

/// The store of misère forms: every form met, once each, with what was
/// found of them. As `Forms`, its work stops at its limits (`limit`), after
/// which every result is meaningless and `stopped` says why.
#[derive(Debug, Default)]
pub struct MisereForms {
    /// What its work spent (bytes held, steps) and its limits.
    work: Work,
    nodes: Vec<Node>,
    births: Vec<u32>,
    /// Each form's ends: (a dead Left end, a dead Right end, dead-ending).
    ends: Vec<(bool, bool, bool)>,
    ids: HashMap<Node, Misere>,
    /// G ≥ H in E, once found.
    ge: HashMap<(Misere, Misere), bool>,
    /// Whether the player to move wins G, once found.
    wins: HashMap<(Misere, Side), bool>,
    /// Whether G is strong for the side (the module's comparison), once
    /// found.
    strong: HashMap<(Misere, Side), bool>,
    sums: HashMap<(Misere, Misere), Misere>,
    conjugates: HashMap<Misere, Misere>,
    integers: HashMap<i64, Misere>,
}

impl MisereForms {
    /// An empty store.
    pub fn new() -> Self {
        MisereForms::default()
    }

    /// Sets the limits of the work to come: what a question's search looks
    /// at, and the most bytes the store may hold.
    pub fn limit(&mut self, watch: Watch, max_bytes: u64) {
        self.work.limit(watch, max_bytes);
    }

    /// Why its work stopped, if it did: then its results mean nothing.
    pub fn stopped(&self) -> Option<Halt> {
        self.work.stopped()
    }

    /// What it holds, by its estimate, in bytes.
    pub fn bytes(&self) -> u64 {
        self.work.bytes()
    }

    /// How many forms it holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// One step of work that keeps `bytes` more: whether to go on.
    fn step(&mut self, bytes: u64) -> bool {
        self.work.step(bytes)
    }

    /// The form with these options, as they are (no reduction).
    fn intern(&mut self, left: &[Misere], right: &[Misere]) -> Misere {
        let node = Node {
            left: sorted(left).into(),
            right: sorted(right).into(),
        };
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let options = (node.left.len() + node.right.len()) as u64;
        self.step(2 * (NODE_BYTES + 4 * options));
        let Ok(id) = u32::try_from(self.nodes.len()) else {
            self.work.stop(Halt::Memory(self.work.bytes()));
            return Misere(0);
        };
        let birth = (node.left.iter().chain(node.right.iter()))
            .map(|o| self.births[o.0 as usize].saturating_add(1))
            .max()
            .unwrap_or(0);
        let fact = |o: &Misere| self.ends[o.0 as usize];
        let left_dead = node.left.is_empty() && node.right.iter().all(|o| fact(o).0);
        let right_dead = node.right.is_empty() && node.left.iter().all(|o| fact(o).1);
        let dead_ending = (!node.left.is_empty() || left_dead)
            && (!node.right.is_empty() || right_dead)
            && node.left.iter().chain(node.right.iter()).all(|o| fact(o).2);
        let id = Misere(id);
        self.ends.push((left_dead, right_dead, dead_ending));
        self.nodes.push(node.clone());
        self.births.push(birth);
        self.ids.insert(node, id);
        id
    }

    fn node(&self, g: Misere) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// `side`'s options of `g`.
    pub fn options(&self, g: Misere, side: Side) -> &[Misere] {
        self.node(g).options(side)
    }

    /// Whether `g` is in E: each of its followers that is an end of one
    /// player's is a dead end (that player never moves again).
    pub fn dead_ending(&self, g: Misere) -> bool {
        self.ends[g.0 as usize].2
    }

    /// The birthday of the form `g`.
    pub fn birthday(&self, g: Misere) -> u32 {
        self.births[g.0 as usize]
    }

    /// 0 = { | }.
    pub fn zero(&mut self) -> Misere {
        self.intern(&[], &[])
    }

    /// The integer `n`: n moves of Left's alone ({n − 1 | }) where n > 0,
    /// −n of Right's ({ | n + 1}) where n < 0.
    pub fn integer(&mut self, n: i64) -> Misere {
        if let Some(&g) = self.integers.get(&n) {
            return g;
        }
        let mut g = self.zero();
        for k in 1..=n.unsigned_abs() {
            g = match n > 0 {
                true => self.intern(&[g], &[]),
                false => self.intern(&[], &[g]),
            };
            let k = k as i64 * n.signum();
            self.integers.entry(k).or_insert(g);
        }
        g
    }

    /// The integer `g` is, if it is one.
    pub fn integer_of(&self, g: Misere) -> Option<i64> {
        let mut n: i64 = 0;
        let mut at = g;
        loop {
            let node = self.node(at);
            match (&node.left[..], &node.right[..]) {
                ([], []) => return Some(n),
                ([x], []) if n >= 0 => (n, at) = (n + 1, *x),
                ([], [x]) if n <= 0 => (n, at) = (n - 1, *x),
                _ => return None,
            }
        }
    }

    /// Whether the player to move (`mover`) wins `g` in misère play.
    fn wins(&mut self, g: Misere, mover: Side) -> bool {
        if let Some(&won) = self.wins.get(&(g, mover)) {
            return won;
        }
        if self.work.stopped().is_some() {
            return false;
        }
        let won = deeper(|| {
            let options = self.node(g).options(mover).to_vec();
            options.is_empty() || options.iter().any(|&o| !self.wins(o, mover.other()))
        });
        self.step(ENTRY_BYTES);
        self.wins.insert((g, mover), won);
        won
    }

    /// The misère outcome of `g` alone: who wins with each player first.
    pub fn outcome(&mut self, g: Misere) -> Outcome {
        let left_first = self.wins(g, Side::Left);
        let right_first = !self.wins(g, Side::Right);
        match (left_first, right_first) {
            (true, true) => Outcome::L,
            (false, false) => Outcome::R,
            (true, false) => Outcome::N,
            (false, true) => Outcome::P,
        }
    }

    /// G ≥ H in the dead-ending universe (the module's comparison).
    pub fn ge(&mut self, g: Misere, h: Misere) -> bool {
        if g == h {
            return true;
        }
        if let Some(&ge) = self.ge.get(&(g, h)) {
            return ge;
        }
        if self.work.stopped().is_some() {
            return false;
        }
        let ge = deeper(|| self.proviso(g, h) && self.maintenance(g, h));
        self.step(ENTRY_BYTES);
        self.ge.insert((g, h), ge);
        ge
    }

    /// The proviso: where G is a Right end, H is Right-strong; where H
    /// is a Left end, G is Left-strong.
    fn proviso(&mut self, g: Misere, h: Misere) -> bool {
        let right = !self.options(g, Side::Right).is_empty() || self.strong(h, Side::Right);
        right && (!self.options(h, Side::Left).is_empty() || self.strong(g, Side::Left))
    }

    /// Whether `side` moving first wins G + X for every end X of `side`'s
    /// in E (the module's fixed point).
    pub fn strong(&mut self, g: Misere, side: Side) -> bool {
        if let Some(&strong) = self.strong.get(&(g, side)) {
            return strong;
        }
        if self.work.stopped().is_some() {
            return false;
        }
        let followers = self.followers(g);
        let at: HashMap<Misere, usize> =
            followers.iter().enumerate().map(|(i, &x)| (x, i)).collect();
        let listed = |forms: &Self, x: Misere, s: Side| -> Vec<usize> {
            forms.options(x, s).iter().map(|o| at[o]).collect()
        };
        let moves: Vec<(Vec<usize>, Vec<usize>)> = (followers.iter())
            .map(|&x| (listed(self, x, side), listed(self, x, side.other())))
            .collect();
        // W₁ at each follower, X a leaf (`leaf`) or not, its children's W₁
        // `below`.
        let truths = |leaf: bool, below: &[bool]| -> Vec<bool> {
            let mut first = vec![false; moves.len()];
            let mut second = vec![false; moves.len()];
            for (i, (own, others)) in moves.iter().enumerate() {
                first[i] = own.is_empty() || own.iter().any(|&a| second[a]);
                second[i] =
                    !(others.is_empty() && leaf) && others.iter().all(|&b| first[b]) && below[i];
            }
            first
        };
        let leaf = truths(true, &vec![true; moves.len()]);
        let mut least = leaf.clone();
        loop {
            if !self.step(ENTRY_BYTES * moves.len() as u64 / 8 + 1) {
                return false;
            }
            let higher = truths(false, &least);
            let next: Vec<bool> = leaf.iter().zip(&higher).map(|(a, b)| *a && *b).collect();
            if next == least {
                break;
            }
            least = next;
        }
        let strong = least[at[&g]];
        self.strong.insert((g, side), strong);
        strong
    }

    /// Every follower of `g` (itself too), each after its options.
    fn followers(&self, g: Misere) -> Vec<Misere> {
        let mut order = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(g, false)];
        while let Some((x, done)) = stack.pop() {
            if done {
                order.push(x);
                continue;
            }
            if !seen.insert(x) {
                continue;
            }
            stack.push((x, true));
            for side in [Side::Left, Side::Right] {
                for &o in self.options(x, side) {
                    if !seen.contains(&o) {
                        stack.push((o, false));
                    }
                }
            }
        }
        order
    }

    /// The maintenance: Right's options of G and Left's of H answered.
    fn maintenance(&mut self, g: Misere, h: Misere) -> bool {
        let g_right = self.options(g, Side::Right).to_vec();
        let h_left = self.options(h, Side::Left).to_vec();
        let h_right = self.options(h, Side::Right).to_vec();
        let g_left = self.options(g, Side::Left).to_vec();
        for gr in g_right {
            let grl = self.options(gr, Side::Left).to_vec();
            if !(grl.iter().any(|&x| self.ge(x, h)) || h_right.iter().any(|&hr| self.ge(gr, hr))) {
                return false;
            }
        }
        for hl in h_left {
            let hlr = self.options(hl, Side::Right).to_vec();
            if !(hlr.iter().any(|&x| self.ge(g, x)) || g_left.iter().any(|&gl| self.ge(gl, hl))) {
                return false;
            }
        }
        true
    }

    /// Whether `a` is better than or as good as `b` for `side`.
    fn better(&mut self, side: Side, a: Misere, b: Misere) -> bool {
        match side {
            Side::Left => self.ge(a, b),
            Side::Right => self.ge(b, a),
        }
    }

    /// The reduced form of the game whose options are `left` and `right`,
    /// each a reduced form (the module's reductions).
    pub fn game(&mut self, left: &[Misere], right: &[Misere]) -> Misere {
        let mut options = [sorted(left), sorted(right)];
        'reduce: loop {
            if self.work.stopped().is_some() {
                return self.zero();
            }
            for side in [Side::Left, Side::Right] {
                if let Some(i) = self.dominated(&options[side.index()], side) {
                    options[side.index()].remove(i);
                    continue 'reduce;
                }
            }
            let g = self.intern(&options[0], &options[1]);
            for side in [Side::Left, Side::Right] {
                if let Some(bypassed) = self.reversed(g, side) {
                    options[side.index()] = sorted(&bypassed);
                    continue 'reduce;
                }
            }
            break;
        }
        let g = self.intern(&options[0], &options[1]);
        let zero = self.zero();
        match g != zero && self.ge(g, zero) && self.ge(zero, g) {
            true => zero,
            false => g,
        }
    }

    /// The index of an option of `side`'s that another is at least as good
    /// as (of two equal, the later).
    fn dominated(&mut self, options: &[Misere], side: Side) -> Option<usize> {
        for (i, &a) in options.iter().enumerate() {
            for &b in options {
                if b != a && self.better(side, b, a) && (!self.better(side, a, b) || b < a) {
                    return Some(i);
                }
            }
        }
        None
    }

    /// `side`'s options of `g` with the first reversible one replaced, if
    /// one is (the module's reductions).
    fn reversed(&mut self, g: Misere, side: Side) -> Option<Vec<Misere>> {
        let other = side.other();
        let options = self.options(g, side).to_vec();
        for (i, &a) in options.iter().enumerate() {
            for back in self.options(a, other).to_vec() {
                // Reversible: the other's answer is at least as good for
                // `side`'s opponent as g.
                if !self.better(other, back, g) {
                    continue;
                }
                let mut kept: Vec<Misere> = options.clone();
                kept.remove(i);
                let beyond = self.options(back, side).to_vec();
                if !beyond.is_empty() {
                    kept.extend(beyond);
                    return Some(kept);
                }
                // Through an end: left out where g stays in E and equal to
                // what it was, else replaced.
                let without = match side {
                    Side::Left => {
                        self.intern(&kept, self.options(g, Side::Right).to_vec().as_slice())
                    }
                    Side::Right => {
                        self.intern(self.options(g, Side::Left).to_vec().as_slice(), &kept)
                    }
                };
                if self.dead_ending(without) && self.ge(without, g) && self.ge(g, without) {
                    return Some(kept);
                }
                let end = self.end_option(g, back, side);
                if end != a {
                    kept.push(end);
                    return Some(kept);
                }
            }
        }
        None
    }

    /// What replaces `side`'s option of `g` reversible through the end
    /// `back` (an end of `side`'s): the integer ∓(n + 1), n the least with
    /// ∓n no better for `side` than g; else the option whose one answer is
    /// `back`.
    fn end_option(&mut self, g: Misere, back: Misere, side: Side) -> Misere {
        let sign = match side {
            Side::Left => -1,
            Side::Right => 1,
        };
        let most = i64::from(self.birthday(g)) + 2;
        for n in 0..=most {
            let end = self.integer(sign * n);
            if self.better(side, g, end) {
                return self.integer(sign * (n + 1));
            }
        }
        match side {
            Side::Left => self.intern(&[], &[back]),
            Side::Right => self.intern(&[back], &[]),
        }
    }

    /// The reduced form of G + H.
    pub fn add(&mut self, g: Misere, h: Misere) -> Misere {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&sum) = self.sums.get(&key) {
            return sum;
        }
        if self.work.stopped().is_some() {
            return zero;
        }
        let sum = deeper(|| {
            let mut sides = [Vec::new(), Vec::new()];
            for side in [Side::Left, Side::Right] {
                for x in self.options(g, side).to_vec() {
                    sides[side.index()].push(self.add(x, h));
                }
                for y in self.options(h, side).to_vec() {
                    sides[side.index()].push(self.add(g, y));
                }
            }
            self.game(&sides[0], &sides[1])
        });
        self.step(ENTRY_BYTES);
        self.sums.insert(key, sum);
        sum
    }

    /// The conjugate of `g`: Left's and Right's options swapped, all the
    /// way down (in E, G's inverse where G has one; ibid., §5).
    pub fn conjugate(&mut self, g: Misere) -> Misere {
        if let Some(&c) = self.conjugates.get(&g) {
            return c;
        }
        if self.work.stopped().is_some() {
            return g;
        }
        let c = deeper(|| {
            let left: Vec<Misere> = (self.options(g, Side::Right).to_vec().into_iter())
                .map(|x| self.conjugate(x))
                .collect();
            let right: Vec<Misere> = (self.options(g, Side::Left).to_vec().into_iter())
                .map(|x| self.conjugate(x))
                .collect();
            self.intern(&left, &right)
        });
        self.step(ENTRY_BYTES);
        self.conjugates.insert(g, c);
        c
    }

    /// `g` written: an integer as its number, another form as `{L|R}`, its
    /// options written so, comma-separated; `None` past `MAX_TEXT`
    /// characters.
    pub fn text(&self, g: Misere) -> Option<String> {
        let mut out = String::new();
        self.write(g, &mut out).then_some(out)
    }

    fn write(&self, g: Misere, out: &mut String) -> bool {
        if out.len() > MAX_TEXT {
            return false;
        }
        if let Some(n) = self.integer_of(g) {
            out.push_str(&n.to_string());
            return true;
        }
        deeper(|| {
            out.push('{');
            for (side, list) in [(Side::Left, "|"), (Side::Right, "}")] {
                for (i, &o) in self.options(g, side).iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if !self.write(o, out) {
                        return false;
                    }
                }
                out.push_str(list);
            }
            true
        })
    }
}

fn sorted(options: &[Misere]) -> Vec<Misere> {
    let mut options = options.to_vec();
    options.sort_unstable();
    options.dedup();
    options
}
