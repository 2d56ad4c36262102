//! The store of canonical forms: every short partizan game value met, each
//! kept once (equal values are one id), with caches of comparisons, sums
//! and negatives.
//!
//! The theory each rule uses (Siegel, *Combinatorial Game Theory*, AMS
//! 2013, ch. II; Berlekamp, Conway and Guy, *Winning Ways*, ch. 1–2;
//! Albert, Nowakowski and Wolfe, *Lessons in Play*, ch. 4–5):
//!
//! - G ≤ H exactly when no Left option of G is ≥ H and no Right option of
//!   H is ≤ G (the definition, Siegel §II.1).
//! - Every short game has one canonical form, reached by deleting
//!   dominated options and bypassing reversible ones (Siegel, §II.2,
//!   canonical forms): so two games are equal exactly when their canonical forms
//!   are the same, and a value is stored once, as an id.
//! - Numbers are kept as exact dyadic rationals, not as chains of options:
//!   the simplest number between a game's Left and Right number options is
//!   its value when every Left one is below every Right one (the
//!   simplicity theorem, Siegel Thm. II.3.7); sums and comparisons of
//!   numbers are arithmetic; a number x plus a game G that is not a
//!   number is {x + G^L | x + G^R} (the number translation theorem, Siegel
//!   §II.3), so a number's own options are never expanded in a sum.
//! - Negation swaps and negates the options, and keeps a form canonical.

use num_bigint::{BigInt, BigUint};
use rustc_hash::FxHashMap as HashMap;

use super::comparisons::Comparisons;
use super::dyadic::Dyadic;
use super::form::Form;
use super::operated::Operated;
use super::power::PowerOfUp;
use super::wall::Thermograph;
use super::work::Work;
use crate::platform::{Deadline, Growth, Halt, Watch, deeper};
use crate::position::{Outcome, Side};

/// A node's bytes, but for its options (estimated: the enum, a number's
/// digits).
const NODE_BYTES: u64 = 96;
/// A cache entry's bytes, with the map's spare room (estimated).
const ENTRY_BYTES: u64 = 48;

/// What the store holds for a form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    /// A number, whose options are found when asked (`options`).
    Number(Dyadic),
    /// A game that is not a number: its canonical options, sorted.
    Options {
        left: Box<[Form]>,
        right: Box<[Form]>,
    },
}

/// How two games compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// G < H.
    Less,
    /// G = H.
    Equal,
    /// G > H.
    Greater,
    /// G ‖ H: neither ≤ nor ≥.
    Fuzzy,
}

impl Relation {
    /// G's order against H from the outcome of G − H: greater where Left
    /// wins it whoever starts, less where Right does, equal where the
    /// player to move loses, fuzzy where the player to move wins (Siegel,
    /// *Combinatorial Game Theory*, §II.1); none for a draw.
    pub fn of_difference(outcome: Outcome) -> Option<Relation> {
        match outcome {
            Outcome::L => Some(Relation::Greater),
            Outcome::R => Some(Relation::Less),
            Outcome::P => Some(Relation::Equal),
            Outcome::N => Some(Relation::Fuzzy),
            Outcome::D => None,
        }
    }

    /// `>`, `<`, `=` or `||`, as CGSuite writes them.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Greater => ">",
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Fuzzy => "||",
        }
    }
}

/// The store: every form met, once each, and what was found of them.
///
/// Its work stops at its limits (`limit`: the bytes it may hold, and the
/// `Watch` every search looks at — a deadline, a flag, the process's
/// memory): from then on every operation returns at once with a
/// meaningless result, `stopped` says why (a `Halt`, as a search's), and
/// the store must be thrown away (its caches may hold the meaningless
/// results).
#[derive(Debug, Default)]
pub struct Forms {
    /// What its work spent (bytes held, steps) and its limits.
    work: Work,
    nodes: Vec<Node>,
    ids: HashMap<Node, Form>,
    /// The comparisons G ≤ H found, as many as its table holds.
    le: Comparisons,
    sums: HashMap<(Form, Form), Form>,
    negatives: HashMap<Form, Form>,
    births: HashMap<Form, BigUint>,
    /// The most moves each player makes in a row in each form asked
    /// (`run`), Left's then Right's.
    runs: HashMap<(Form, Side), BigUint>,
    /// The moves each player is sure of in each form asked (`sure`).
    sures: HashMap<(Form, Side), (u64, u64)>,
    /// The nimbers built, *0, *1, ... in order (`nimber`).
    nimbers: Vec<Form>,
    /// The forms known to be x + n·↑ + *m, as that (`number_up_star`): those
    /// built so (`uptimal`), and the sums and negatives of such.
    pub(super) uptimals: HashMap<Form, (Dyadic, i64, u32)>,
    /// n·↑ + *m by (n, m), once built (`uptimal`).
    built_uptimals: HashMap<(i64, u32), Form>,
    /// A number's canonical options (Left, Right), once asked for.
    number_options: HashMap<Form, (Option<Form>, Option<Form>)>,
    /// Each form's (Left, Right) stops, once found.
    stops: HashMap<Form, (Dyadic, Dyadic)>,
    /// Each form's thermograph, once found (`thermograph`).
    pub(super) thermographs: HashMap<Form, Thermograph>,
    /// Each form's reduced canonical form, once found (`reduced`).
    pub(super) reduced: HashMap<Form, Form>,
    /// What each operation on values found (`operations`): G heated by T,
    /// cooled by t, ...
    pub(super) operated: HashMap<Operated, Form>,
    /// Each form's star projection, once found (`reduced`).
    pub(super) projected: HashMap<Form, Form>,
    /// Each form's atomic weight, once found (`atomic_weight`): `None` for
    /// a form that is not all-small.
    pub(super) atomic: HashMap<Form, Option<Form>>,
    /// Whether each form is all-small, once found (`all_small`).
    pub(super) all_small: HashMap<Form, bool>,
    /// ↑^{→k} for k = 0, 1, ..., once built (`powers`).
    pub(super) power_sums: Vec<Form>,
    /// Each form looked at as x + a power of up + *m, and what it was
    /// found to be (`powers`).
    pub(super) powers_found: HashMap<Form, Option<(Dyadic, PowerOfUp, u32)>>,
}

impl Forms {
    /// An empty store.
    pub fn new() -> Self {
        Forms::default()
    }

    /// How many forms it holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Sets the limits of the work to come (what it holds already counts):
    /// what a question's search looks at (`watch`: its deadline, its flag,
    /// the process's memory), and the most bytes the store may hold.
    pub fn limit(&mut self, watch: Watch, max_bytes: u64) {
        // Comparisons may take a quarter of the memory, past which the
        // table keeps the latest.
        self.le.allow(max_bytes / 4);
        self.work.limit(watch, max_bytes);
    }

    /// An empty store whose work stops after `timeout` or once the process
    /// has grown by `max_bytes` (or the store holds that much): for a value
    /// read alone, outside a question.
    pub fn bounded(timeout: std::time::Duration, max_bytes: u64) -> Self {
        let mut forms = Forms::new();
        let watch = Watch {
            deadline: Deadline::after(timeout),
            cancel: None,
            memory: Growth::from_now().map(|growth| (growth, max_bytes)),
        };
        forms.limit(watch, max_bytes);
        forms
    }

    /// Why its work stopped, if it did: then it must be thrown away.
    pub fn stopped(&self) -> Option<Halt> {
        self.work.stopped()
    }

    /// What it holds, by its estimate, in bytes.
    pub fn bytes(&self) -> u64 {
        self.work.bytes()
    }

    /// One step of work that keeps `bytes` more; whether to go on.
    fn step(&mut self, bytes: u64) -> bool {
        self.work.step(bytes)
    }

    /// One more entry in a cache (`births`, `thermographs`, ...): whether
    /// to go on.
    pub(super) fn remember(&mut self) -> bool {
        self.step(ENTRY_BYTES)
    }

    /// `bytes` more kept: whether to go on.
    pub(super) fn keep(&mut self, bytes: u64) -> bool {
        self.step(bytes)
    }

    fn intern(&mut self, node: Node) -> Form {
        if let Some(&form) = self.ids.get(&node) {
            return form;
        }
        // The node twice (the list and the index's key), the index's
        // entry, and the maps' spare room.
        let options = match &node {
            Node::Number(_) => 0,
            Node::Options { left, right } => left.len() + right.len(),
        };
        self.step(2 * (NODE_BYTES + 4 * options as u64) + 16);
        let Ok(id) = u32::try_from(self.nodes.len()) else {
            // Past 2^32 forms (never within a memory limit): stopped.
            self.work.stop(Halt::Memory(self.work.bytes()));
            return Form(0);
        };
        let form = Form(id);
        self.nodes.push(node.clone());
        self.ids.insert(node, form);
        form
    }

    fn node(&self, form: Form) -> &Node {
        &self.nodes[form.0 as usize]
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> Form {
        self.intern(Node::Number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Form {
        self.number(Dyadic::integer(n))
    }

    /// 0, the game with no moves.
    pub fn zero(&mut self) -> Form {
        self.integer(0)
    }

    /// The nimber *n: {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}, in
    /// canonical form as it stands: its options are pairwise fuzzy, so none
    /// dominates another, and none is reversible, each *k's options being
    /// *j with j < k, fuzzy with *n (Winning Ways, ch. 3; Siegel, §II.2).
    /// Each nimber below it is built once, in time and space that grow as
    /// n²; a store that stops on the way returns 0.
    pub fn nimber(&mut self, n: u32) -> Form {
        if self.nimbers.is_empty() {
            let zero = self.zero();
            self.nimbers.push(zero);
        }
        while self.nimbers.len() <= n as usize {
            if self.work.stopped().is_some() {
                return self.nimbers[0];
            }
            let below: Box<[Form]> = self.nimbers.as_slice().into();
            let k = below.len() as u32;
            let next = self.intern(Node::Options {
                left: below.clone(),
                right: below,
            });
            self.uptimals.insert(next, (Dyadic::zero(), 0, k));
            self.nimbers.push(next);
        }
        self.nimbers[n as usize]
    }

    /// The k of a nimber *k, if `f` is one: its options on each side are
    /// *0, ..., *(k − 1). Each nimber found is known as one from then on.
    pub(super) fn as_nimber(&mut self, f: Form) -> Option<u32> {
        if let Some((x, ups, m)) = self.known_uptimal(f) {
            return (x.is_zero() && ups == 0).then_some(m);
        }
        let options = match self.node(f) {
            Node::Options { left, right } if left == right => left.clone(),
            _ => return None,
        };
        let k = u32::try_from(options.len()).ok()?;
        let mut met = vec![false; options.len()];
        for o in options {
            let j = deeper(|| self.as_nimber(o))?;
            match met.get_mut(j as usize) {
                Some(seen @ false) => *seen = true,
                _ => return None,
            }
        }
        if !self.remember() {
            return None;
        }
        self.uptimals.insert(f, (Dyadic::zero(), 0, k));
        Some(k)
    }

    /// ↑ = {0 | *}.
    pub fn up(&mut self) -> Form {
        self.uptimal(1, 0)
    }

    /// n·↑ + *m (n < 0: |n|·↓ + *m), built from its canonical form: for
    /// n ≥ 1, n·↑ + *m = {0 | (n − 1)·↑ + *(m ⊕ 1)}, but ↑* = {0, * | 0};
    /// n·↓ + *m its negative (the ups of Winning Ways, ch. 3: ↑ = {0 | *},
    /// ⇑ = {0 | ↑*}, ⇑* = {0 | ↑}; proven by induction on n, each option
    /// undominated and none reversible, and tested against the sums).
    /// The ones below it are built on the way, from the highest one built
    /// before: no recursion, and no sum.
    pub fn uptimal(&mut self, n: i64, m: u32) -> Form {
        let zero = Dyadic::zero();
        // The levels from n down, each's nimber alternating m and m ⊕ 1,
        // to the first one built (or to *m at n = 0).
        let mut wanted = Vec::new();
        let (mut k, mut star) = (n, m);
        let mut below = loop {
            if k == 0 {
                break self.nimber(star);
            }
            if let Some(&built) = self.built_uptimals.get(&(k, star)) {
                break built;
            }
            if !self.step(2 * ENTRY_BYTES) {
                return self.zero();
            }
            wanted.push((k, star));
            k -= k.signum();
            star ^= 1;
        };
        while let Some((k, star)) = wanted.pop() {
            if self.work.stopped().is_some() {
                return self.zero();
            }
            let nothing = self.zero();
            let (mut near, far) = (vec![nothing], vec![below]);
            if k.abs() == 1 && star == 1 {
                // ↑* = {0, * | 0}: its one exception.
                near.push(self.nimber(1));
                let form = match k {
                    1 => self.game(&near, &[nothing]),
                    _ => self.game(&[nothing], &near),
                };
                below = form;
            } else {
                below = match k > 0 {
                    true => self.game(&near, &far),
                    false => self.game(&far, &near),
                };
            }
            self.uptimals.insert(below, (zero.clone(), k, star));
            self.built_uptimals.insert((k, star), below);
        }
        below
    }

    /// x + n·↑ + *m: n·↑ + *m translated by x (`add`), known as such
    /// from then on.
    pub fn number_up_star_form(&mut self, x: &Dyadic, n: i64, m: u32) -> Form {
        let form = match (n, m) {
            (0, 0) => return self.number(x.clone()),
            _ => self.uptimal(n, m),
        };
        if x.is_zero() {
            return form;
        }
        let sum = deeper(|| self.translate(x, form));
        self.uptimals.insert(sum, (x.clone(), n, m));
        sum
    }

    /// `g` as x + n·↑ + *m, where it is known to be one: a number, or a
    /// form built so, summed from such, or seen to be one by its options.
    pub(super) fn known_uptimal(&self, g: Form) -> Option<(Dyadic, i64, u32)> {
        self.uptimal_of(g).map(|(x, n, m)| (x.clone(), n, m))
    }

    /// `known_uptimal`, borrowed.
    fn uptimal_of(&self, g: Form) -> Option<(&Dyadic, i64, u32)> {
        match self.node(g) {
            Node::Number(x) => Some((x, 0, 0)),
            Node::Options { .. } => self.uptimals.get(&g).map(|(x, n, m)| (x, *n, *m)),
        }
    }

    /// The number `form` is, if it is one.
    pub fn as_number(&self, form: Form) -> Option<&Dyadic> {
        match self.node(form) {
            Node::Number(x) => Some(x),
            Node::Options { .. } => None,
        }
    }

    /// Its options for `side`, canonical; a number's as its canonical form
    /// has them (n > 0: {n - 1 |}; m/2^k: {(m - 1)/2^k | (m + 1)/2^k}).
    pub fn options(&mut self, form: Form, side: Side) -> Vec<Form> {
        let option = match self.node(form) {
            Node::Options { left, right } => return side.of((left, right)).to_vec(),
            Node::Number(x) => side.of(number_options(x)),
        };
        option.map(|o| self.number(o)).into_iter().collect()
    }

    /// Its Left options, canonical.
    pub fn left(&mut self, form: Form) -> Vec<Form> {
        self.options(form, Side::Left)
    }

    /// Its Right options, canonical.
    pub fn right(&mut self, form: Form) -> Vec<Form> {
        self.options(form, Side::Right)
    }

    /// Whether G ≤ H.
    pub fn le(&mut self, g: Form, h: Form) -> bool {
        if g == h {
            return true;
        }
        if let (Some(a), Some(b)) = (self.uptimal_of(g), self.uptimal_of(h)) {
            return uptimal_le(a, b);
        }
        // Every comparison is a step, those answered at once too: a
        // game's options are compared in loops as long as the options
        // are many (a nimber's).
        if !self.step(0) {
            return false;
        }
        if let Some(known) = self.le.get(g, h) {
            return known;
        }
        // The stops answer most pairs at once, each time anew (their stops
        // are kept, the pair is not).
        if let Some(known) = self.le_by_stops(g, h) {
            return known;
        }
        let result = deeper(|| self.le_anew(g, h));
        let grew = self.le.insert(g, h, result);
        self.step(grew);
        result
    }

    /// Whether G ≤ H, by the definition.
    fn le_anew(&mut self, g: Form, h: Form) -> bool {
        // G ≤ H: no G^L ≥ H, and no H^R ≤ G (options by place: no list
        // is made).
        let mut result = true;
        let mut i = 0;
        while let (None, Some(gl)) = (self.work.stopped(), self.option(g, Side::Left, i)) {
            if self.le(h, gl) {
                result = false;
                break;
            }
            i += 1;
        }
        i = 0;
        while let (true, None, Some(hr)) =
            (result, self.work.stopped(), self.option(h, Side::Right, i))
        {
            if self.le(hr, g) {
                result = false;
            }
            i += 1;
        }
        result
    }

    /// Its `i`th option for `side`, canonical, if it has one so far along.
    fn option(&mut self, form: Form, side: Side, i: usize) -> Option<Form> {
        match self.node(form) {
            Node::Options { left, right } => side.of((left, right)).get(i).copied(),
            Node::Number(_) if i > 0 => None,
            Node::Number(x) => {
                let (l, r) = match self.number_options.get(&form) {
                    Some(&known) => known,
                    None => {
                        let (l, r) = number_options(x);
                        let l = l.map(|l| self.number(l));
                        let r = r.map(|r| self.number(r));
                        self.number_options.insert(form, (l, r));
                        (l, r)
                    }
                };
                side.of((l, r))
            }
        }
    }

    /// How G compares with H.
    pub fn compare(&mut self, g: Form, h: Form) -> Relation {
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Fuzzy,
        }
    }

    /// Who wins G, by who starts: L (G > 0), R (G < 0), P (G = 0) or N
    /// (G ‖ 0) (Siegel, *Combinatorial Game Theory*, §II.1).
    pub fn outcome(&mut self, g: Form) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Fuzzy => Outcome::N,
        }
    }

    /// The game {left | right}, in canonical form.
    pub fn game(&mut self, left: &[Form], right: &[Form]) -> Form {
        let mut left = sorted(left.to_vec());
        let mut right = sorted(right.to_vec());
        if let Some(number) = self.number_between(&left, &right) {
            return self.number(number);
        }
        // What is known of comparisons with the game being simplified: its
        // value stays the same as its options change. (X, true): X ≤ G;
        // (X, false): G ≤ X.
        let mut against = HashMap::default();
        loop {
            if self.work.stopped().is_some() {
                // Stopped: any form will do (see `Forms`).
                return self.zero();
            }
            left = self.undominated(left, Side::Left);
            right = self.undominated(right, Side::Right);
            if let Some(bypassed) = self.bypass(Side::Left, (&left, &right), &mut against) {
                left = sorted(bypassed);
                continue;
            }
            if let Some(bypassed) = self.bypass(Side::Right, (&left, &right), &mut against) {
                right = sorted(bypassed);
                continue;
            }
            break;
        }
        if let Some(number) = self.number_between(&left, &right) {
            return self.number(number);
        }
        self.canonical(left, right)
    }

    /// The game of the canonical options `left` and `right` (sorted, not a
    /// number's), kept as it stands.
    pub(super) fn canonical(&mut self, left: Vec<Form>, right: Vec<Form>) -> Form {
        let shape = self.uptimal_shape(&left, &right);
        let form = self.intern(Node::Options {
            left: left.into(),
            right: right.into(),
        });
        if let Some(known) = shape
            && !self.uptimals.contains_key(&form)
            && self.remember()
        {
            self.uptimals.insert(form, known);
        }
        form
    }

    /// What the store holds for `form`: a number, or its canonical Left
    /// and Right options.
    pub(super) fn parts(&self, form: Form) -> Result<&Dyadic, (&[Form], &[Form])> {
        match self.node(form) {
            Node::Number(x) => Ok(x),
            Node::Options { left, right } => Err((left, right)),
        }
    }

    /// The canonical form {left | right} as x + n·↑ + *m, where its
    /// options show it to be one: by the number translation theorem, x
    /// plus the canonical form of n·↑ + *m (see `uptimal`): x + *k is
    /// {x, x*, ..., x*(k − 1) | the same}; x↑* is {x, x* | x}; and for
    /// n ≥ 0, {x | x + n·↑ + *m} not a number is x + (n + 1)·↑ + *(m ⊕ 1);
    /// their negatives the same way.
    fn uptimal_shape(&self, left: &[Form], right: &[Form]) -> Option<(Dyadic, i64, u32)> {
        let known = |f: &Form| self.uptimal_of(*f);
        if left == right {
            // x + *k: options x + *j, j = 0, ..., k − 1 (sorted ids, so
            // looked at as a set).
            let x = self.as_number(*left.first()?)?;
            let mut met = vec![false; left.len()];
            for f in left {
                let (y, ups, m) = known(f)?;
                match met.get_mut(m as usize) {
                    Some(seen @ false) if y == x && ups == 0 => *seen = true,
                    _ => return None,
                }
            }
            return Some((x.clone(), 0, left.len() as u32));
        }
        match (left, right) {
            ([a], [b]) => {
                if let Some(x) = self.as_number(*a)
                    && let Some((y, n, m)) = known(b)
                    && y == x
                    && n >= 0
                    && (n, m) != (0, 0)
                {
                    return Some((x.clone(), n + 1, m ^ 1));
                }
                if let Some(x) = self.as_number(*b)
                    && let Some((y, n, m)) = known(a)
                    && y == x
                    && n <= 0
                    && (n, m) != (0, 0)
                {
                    return Some((x.clone(), n - 1, m ^ 1));
                }
                None
            }
            ([a, b], [c]) | ([c], [a, b]) => {
                // x↑* = {x, x* | x}, x↓* = {x | x, x*}.
                let x = self.as_number(*c)?;
                let (p, q) = (known(a)?, known(b)?);
                let star = |(y, n, m): (&Dyadic, i64, u32)| y == x && n == 0 && m == 1;
                let zero = |(y, n, m): (&Dyadic, i64, u32)| y == x && n == 0 && m == 0;
                if !((zero(p) && star(q)) || (star(p) && zero(q))) {
                    return None;
                }
                let ups = if left.len() == 2 { 1 } else { -1 };
                Some((x.clone(), ups, 1))
            }
            _ => None,
        }
    }

    /// The simplest number between the options, when every option is a
    /// number and each Left one is below each Right one.
    fn number_between(&self, left: &[Form], right: &[Form]) -> Option<Dyadic> {
        let numbers = |forms: &[Form]| -> Option<Vec<&Dyadic>> {
            forms.iter().map(|&f| self.as_number(f)).collect()
        };
        let (l, r) = (numbers(left)?, numbers(right)?);
        let high_left = l.into_iter().max();
        let low_right = r.into_iter().min();
        if let (Some(a), Some(b)) = (high_left, low_right)
            && a >= b
        {
            return None;
        }
        Some(Dyadic::simplest_between(high_left, low_right))
    }

    /// The options not dominated: for Left, those no other is above; for
    /// Right, those no other is below; sorted. Each option is compared only
    /// with those kept so far (the best ones met), which is the same set:
    /// of distinct forms none equals another.
    fn undominated(&mut self, options: Vec<Form>, side: Side) -> Vec<Form> {
        let mut kept: Vec<Form> = Vec::with_capacity(options.len());
        'options: for a in options {
            if self.work.stopped().is_some() {
                break;
            }
            let mut i = 0;
            while i < kept.len() {
                let b = kept[i];
                let (low, high) = side.of(((a, b), (b, a)));
                if self.le(low, high) {
                    continue 'options;
                }
                if self.le(high, low) {
                    kept.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            kept.push(a);
        }
        kept.sort_unstable();
        kept
    }

    /// The options of `side` with the first reversible one bypassed, if one
    /// is: a Left option A with a Right option A^R ≤ G is replaced by the
    /// Left options of A^R; a Right option B with a Left option B^L ≥ G by
    /// the Right options of B^L (Siegel, §II.2).
    fn bypass(
        &mut self,
        side: Side,
        (left, right): (&[Form], &[Form]),
        against: &mut HashMap<(Form, bool), bool>,
    ) -> Option<Vec<Form>> {
        let own = side.of((left, right));
        for (i, &a) in own.iter().enumerate() {
            if self.work.stopped().is_some() {
                return None;
            }
            for reply in self.options(a, side.other()) {
                let reverses = match side {
                    Side::Left => self.le_game(reply, left, right, against),
                    Side::Right => self.game_le(left, right, reply, against),
                };
                if reverses {
                    let mut out: Vec<Form> = own[..i].to_vec();
                    out.extend(self.options(reply, side));
                    out.extend_from_slice(&own[i + 1..]);
                    return Some(out);
                }
            }
        }
        None
    }

    /// Whether X ≤ G, G = {left | right} not yet in the store.
    fn le_game(
        &mut self,
        x: Form,
        left: &[Form],
        right: &[Form],
        against: &mut HashMap<(Form, bool), bool>,
    ) -> bool {
        if let Some(&known) = against.get(&(x, true)) {
            return known;
        }
        // (`against` lives while the game is simplified: a step, no
        // bytes kept.)
        if !self.step(0) {
            return false;
        }
        // X ≤ G: no X^L ≥ G, and no G^R ≤ X.
        let result = deeper(|| {
            if right.iter().any(|&gr| self.le(gr, x)) {
                return false;
            }
            let options = self.left(x);
            !(options.into_iter()).any(|xl| self.game_le(left, right, xl, against))
        });
        against.insert((x, true), result);
        result
    }

    /// Whether G ≤ X, G = {left | right} not yet in the store.
    fn game_le(
        &mut self,
        left: &[Form],
        right: &[Form],
        x: Form,
        against: &mut HashMap<(Form, bool), bool>,
    ) -> bool {
        if let Some(&known) = against.get(&(x, false)) {
            return known;
        }
        if !self.step(0) {
            return false;
        }
        // G ≤ X: no G^L ≥ X, and no X^R ≤ G.
        let result = deeper(|| {
            if left.iter().any(|&gl| self.le(x, gl)) {
                return false;
            }
            let options = self.right(x);
            !(options.into_iter()).any(|xr| self.le_game(xr, left, right, against))
        });
        against.insert((x, false), result);
        result
    }

    /// -G.
    pub fn neg(&mut self, g: Form) -> Form {
        if let Some(&known) = self.negatives.get(&g) {
            return known;
        }
        if !self.step(2 * ENTRY_BYTES) {
            return g;
        }
        if let Some((x, n, m)) = self.known_uptimal(g)
            && let Some(minus_n) = n.checked_neg()
        {
            let result = self.number_up_star_form(&x.neg(), minus_n, m);
            self.negatives.insert(g, result);
            self.negatives.insert(result, g);
            return result;
        }
        deeper(|| self.neg_anew(g))
    }

    /// -G, from -G's options.
    fn neg_anew(&mut self, g: Form) -> Form {
        let result = match self.node(g).clone() {
            Node::Number(x) => self.number(x.neg()),
            Node::Options { left, right } => {
                let new_left = sorted(right.iter().map(|&r| self.neg(r)).collect());
                let new_right = sorted(left.iter().map(|&l| self.neg(l)).collect());
                self.intern(Node::Options {
                    left: new_left.into(),
                    right: new_right.into(),
                })
            }
        };
        self.negatives.insert(g, result);
        self.negatives.insert(result, g);
        result
    }

    /// G + H.
    pub fn add(&mut self, g: Form, h: Form) -> Form {
        if let (Node::Number(x), Node::Number(y)) = (self.node(g), self.node(h)) {
            let sum = x.add(y);
            return self.number(sum);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return known;
        }
        if !self.step(ENTRY_BYTES) {
            return g;
        }
        // Two sums of a number, ups and a nimber: (x + n·↑ + *m) +
        // (y + k·↑ + *j) = (x + y) + (n + k)·↑ + *(m ⊕ j) (nimbers add by
        // the nim-sum: Winning Ways, ch. 3; Siegel, §II.3).
        if let (Some((x, n, m)), Some((y, k, j))) = (self.known_uptimal(g), self.known_uptimal(h))
            && let Some(ups) = n.checked_add(k)
        {
            let result = self.number_up_star_form(&x.add(&y), ups, m ^ j);
            self.sums.insert(key, result);
            return result;
        }
        let result = deeper(|| self.add_anew(g, h));
        self.sums.insert(key, result);
        result
    }

    /// G + H, from their options (neither known as x + n·↑ + *m with the
    /// other).
    fn add_anew(&mut self, g: Form, h: Form) -> Form {
        if let Some(x) = self.as_number(g).cloned() {
            self.translate(&x, h)
        } else if let Some(y) = self.as_number(h).cloned() {
            self.translate(&y, g)
        } else {
            let mut left = Vec::new();
            let mut right = Vec::new();
            for gl in self.left(g) {
                left.push(self.add(gl, h));
            }
            for hl in self.left(h) {
                left.push(self.add(g, hl));
            }
            for gr in self.right(g) {
                right.push(self.add(gr, h));
            }
            for hr in self.right(h) {
                right.push(self.add(g, hr));
            }
            self.game(&left, &right)
        }
    }

    /// x + G for a number x and a game G that is not one: {x + G^L | x + G^R}
    /// (the number translation theorem).
    fn translate(&mut self, x: &Dyadic, g: Form) -> Form {
        if x.is_zero() {
            return g;
        }
        let number = self.number(x.clone());
        let left: Vec<Form> = (self.left(g).into_iter())
            .map(|gl| self.add(number, gl))
            .collect();
        let right: Vec<Form> = (self.right(g).into_iter())
            .map(|gr| self.add(number, gr))
            .collect();
        self.game(&left, &right)
    }

    /// G - H.
    pub fn sub(&mut self, g: Form, h: Form) -> Form {
        let minus = self.neg(h);
        self.add(g, minus)
    }

    /// The Left stop: where play ends when Left starts and both play for the
    /// best number (Winning Ways, ch. 3; Siegel §II.5).
    pub fn left_stop(&mut self, g: Form) -> Dyadic {
        self.stops(g).0
    }

    /// The Right stop.
    pub fn right_stop(&mut self, g: Form) -> Dyadic {
        self.stops(g).1
    }

    /// Whether G ≤ H, where the stops tell (Siegel, *Combinatorial Game
    /// Theory*, §II.5): G ≤ H only where each of G's stops is at most H's;
    /// and G < H where G's Left stop is below H's Right stop, for then
    /// L(G − H) ≤ L(G) − R(H) < 0 (a Left stop of a sum is at most the
    /// sum of the Left stops, and −H's Left stop is −R(H)), and a game
    /// whose Left stop is below 0 is below 0.
    fn le_by_stops(&mut self, g: Form, h: Form) -> Option<bool> {
        for f in [g, h] {
            if self.stops_of(f).is_none() {
                self.stops(f);
            }
        }
        let (Some((gl, gr)), Some((hl, hr))) = (self.stops_of(g), self.stops_of(h)) else {
            return None;
        };
        if gl > hl || gr > hr {
            Some(false)
        } else if gl < hr {
            Some(true)
        } else {
            None
        }
    }

    /// Its stops, found before (`stops`).
    fn stops_of(&self, g: Form) -> Option<(&Dyadic, &Dyadic)> {
        match self.node(g) {
            Node::Number(x) => Some((x, x)),
            Node::Options { .. } => self.stops.get(&g).map(|(l, r)| (l, r)),
        }
    }

    /// Both stops: a number's are itself; else the Left stop is the best
    /// Right stop of a Left option, the Right stop the least Left stop of
    /// a Right option.
    fn stops(&mut self, g: Form) -> (Dyadic, Dyadic) {
        if let Some(x) = self.as_number(g) {
            return (x.clone(), x.clone());
        }
        if let Some(known) = self.stops.get(&g) {
            return known.clone();
        }
        if !self.step(ENTRY_BYTES) {
            return (Dyadic::zero(), Dyadic::zero());
        }
        let left = self.left(g);
        let right = self.right(g);
        let found = deeper(|| {
            let best = (left.into_iter().map(|gl| self.stops(gl).1)).max();
            let least = (right.into_iter().map(|gr| self.stops(gr).0)).min();
            (
                best.unwrap_or_else(Dyadic::zero),
                least.unwrap_or_else(Dyadic::zero),
            )
        });
        self.stops.insert(g, found.clone());
        found
    }

    /// The day it is born: 0 for 0, one more than its options' latest; an
    /// integer n on day |n|, m/2^k (m odd, k > 0) on day ⌊|x|⌋ + k + 1
    /// (Siegel, §II.3). Exact, of any size.
    pub fn birthday(&mut self, g: Form) -> BigUint {
        if let Some(known) = self.births.get(&g) {
            return known.clone();
        }
        let day = match self.node(g).clone() {
            Node::Number(x) => {
                let whole = x.numerator().magnitude() >> x.exponent() as usize;
                match x.exponent() {
                    0 => whole,
                    k => whole + k + 1u32,
                }
            }
            Node::Options { left, right } => {
                if !self.step(ENTRY_BYTES) {
                    return BigUint::default();
                }
                let options = left.iter().chain(right.iter());
                let latest = deeper(|| options.map(|&o| self.birthday(o)).max());
                latest.map_or_else(BigUint::default, |d| d + 1u32)
            }
        };
        self.births.insert(g, day.clone());
        day
    }
    /// The most moves `side` makes in a row in `g`'s canonical form, the
    /// other player never moving there: 0 where `side` has no move, else
    /// one more than the most of its options'. An integer n gives Left n
    /// and Right none (n ≥ 0); m/2^k (k > 0) one move more than its option
    /// `side`'s way, (m ∓ 1)/2^k. Exact, of any size; `None` once the
    /// store's work has stopped.
    pub fn run(&mut self, g: Form, side: Side) -> Option<BigUint> {
        if let Some(known) = self.runs.get(&(g, side)) {
            return Some(known.clone());
        }
        let most = match self.node(g).clone() {
            Node::Number(mut x) => {
                // Along the canonical options, an exponent lower each move
                // to an integer.
                let mut moves = BigUint::default();
                while !x.is_integer() {
                    let step = Dyadic::new(1, x.exponent());
                    x = match side {
                        Side::Left => x.sub(&step),
                        Side::Right => x.add(&step),
                    };
                    moves += 1u32;
                }
                let whole = match side {
                    Side::Left => x.numerator().clone(),
                    Side::Right => -x.numerator(),
                };
                moves + whole.to_biguint().unwrap_or_default()
            }
            Node::Options { left, right } => {
                if !self.step(ENTRY_BYTES) {
                    return None;
                }
                let mut most = BigUint::default();
                for &o in side.of((left, right)).iter() {
                    most = most.max(deeper(|| self.run(o, side))? + 1u32);
                }
                most
            }
        };
        if self.stopped().is_some() {
            return None;
        }
        self.runs.insert((g, side), most.clone());
        Some(most)
    }

    /// The moves `side` is sure to make in `g`'s canonical form, the other
    /// moving there as often as they like between `side`'s moves (`.0`),
    /// and the same where `side` moves there first (`.1`): `.0` the least
    /// of `.1` and the other's options' `.0`; `.1` one more than the
    /// most of `side`'s options' `.0` (none where `side` has no move).
    /// An integer n gives Left n and Right none (n ≥ 0). `None` where a
    /// count would not fit or once the store's work has stopped.
    pub fn sure(&mut self, g: Form, side: Side) -> Option<(u64, u64)> {
        if let Some(&known) = self.sures.get(&(g, side)) {
            return Some(known);
        }
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = match side {
                Side::Left => x.numerator().clone(),
                Side::Right => -x.numerator(),
            };
            let n = u64::try_from(n.max(BigInt::default())).ok()?;
            return Some((n, n));
        }
        if !self.step(ENTRY_BYTES) {
            return None;
        }
        let mut first = 0u64;
        for o in self.options(g, side) {
            first = first.max(deeper(|| self.sure(o, side))?.0.checked_add(1)?);
        }
        let mut sure = first;
        for o in self.options(g, side.other()) {
            sure = sure.min(deeper(|| self.sure(o, side))?.0);
        }
        if self.stopped().is_some() {
            return None;
        }
        self.sures.insert((g, side), (sure, first));
        Some((sure, first))
    }
}

/// A number's canonical options: n > 0 is {n - 1 |}, n < 0 is {| n + 1},
/// 0 is {|}, m/2^k (m odd, k > 0) is {(m - 1)/2^k | (m + 1)/2^k}.
fn number_options(x: &Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
    if x.is_integer() {
        if x.is_positive() {
            (Some(x.sub(&Dyadic::integer(1))), None)
        } else if x.is_negative() {
            (None, Some(x.add(&Dyadic::integer(1))))
        } else {
            (None, None)
        }
    } else {
        let k = x.exponent();
        let m = x.numerator();
        (Some(Dyadic::new(m - 1, k)), Some(Dyadic::new(m + 1, k)))
    }
}

/// Whether x + n·↑ + *m ≤ y + k·↑ + *j: whether their difference
/// (y − x) + (k − n)·↑ + *(m ⊕ j) is ≥ 0 — by its number where that is
/// not 0; else d·↑ + *s ≥ 0 exactly where d ≥ 2 (⇑ exceeds every
/// nimber), d = 1 and s ≠ 1 (↑* is fuzzy with 0, ↑ + *s > 0 otherwise), or
/// d = 0 and s = 0 (Winning Ways, ch. 3; Siegel, §II.4).
fn uptimal_le((x, n, m): (&Dyadic, i64, u32), (y, k, j): (&Dyadic, i64, u32)) -> bool {
    match x.cmp(y) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            let d = i128::from(k) - i128::from(n);
            let s = m ^ j;
            d >= 2 || (d == 1 && s != 1) || (d == 0 && s == 0)
        }
    }
}

fn sorted(mut forms: Vec<Form>) -> Vec<Form> {
    forms.sort_unstable();
    forms.dedup();
    forms
}
