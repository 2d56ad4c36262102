//! Stoppers: loopy games from none of whose positions an alternating play
//! goes on for ever (Siegel, *Combinatorial Game Theory*, §VI.1; Winning
//! Ways, ch. 11), held as graphs — a node a position, each with its Left
//! and Right options — and their simplest forms.
//!
//! The order of stoppers is by survival: G ≥ H exactly when Left, moving
//! second in G − H, never loses (she wins, or play goes on for ever;
//! Siegel, §VI.4). It is found for every pair of nodes at once, by
//! retrograde analysis over the pairs: a position of G − H is a pair of
//! nodes (u, v) and the player to move; Left moves u to a Left option or
//! v to a Right option (a Left move in −v), Right the other way; the
//! player to move with no move loses. G ≥ H where Right, moving first
//! from (G, H), does not win.
//!
//! A stopper's simplest form (Siegel, §VI.5: unique up to the graph's
//! shape) comes from steps none of which changes any node's value, so the
//! order found once holds throughout: dominated options removed (a Left
//! option no greater than another, a Right option no less) and reversible
//! options bypassed (a Left option G^L with a Right option G^LR ≤ G
//! replaced by G^LR's Left options; Right's alike) until neither applies,
//! then equal nodes fused into one.

use std::collections::HashMap;

use super::form::Form;
use super::forms::Forms;
use super::written::Written;

/// The most nodes a stopper built here has (a game's positions, a written
/// value's graph).
pub const MAX_NODES: usize = 2048;

/// The most nodes an order is found for: two stoppers side by side. The
/// pairs of nodes, with each player to move, are held at once (2 · 4096²
/// of them).
const MAX_ORDERED: usize = 2 * MAX_NODES;

/// A stopper as a graph: each node's Left and Right options, by index;
/// node `root` is the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopper {
    /// Each node's Left options.
    pub left: Vec<Vec<u32>>,
    /// Each node's Right options.
    pub right: Vec<Vec<u32>>,
    /// The node that is the game.
    pub root: u32,
}

/// Who wins each pair of nodes with a player to move: won for the mover,
/// lost, or neither (play goes on for ever).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Open,
    Won,
    Lost,
}

impl Stopper {
    /// How many nodes it has.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether it has no node (no game: a stopper has its root).
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Whether no alternating play from any node goes on for ever: the
    /// graph of (node, player to move), a move to the other player's turn,
    /// has no cycle (Kahn's order takes every one).
    pub fn is_stopper(&self) -> bool {
        // State 2u: Left to move at u, to Right's turn; 2u + 1: Right.
        let turns: Vec<Vec<u32>> = (0..2 * self.len())
            .map(|s| match s % 2 {
                0 => self.left[s / 2].iter().map(|&v| 2 * v + 1).collect(),
                _ => self.right[s / 2].iter().map(|&v| 2 * v).collect(),
            })
            .collect();
        sinks_first(&turns).len() == turns.len()
    }

    /// `ge[u * n + v]`: node u ≥ node v, by survival (above); `None` for a
    /// graph of more than 4,096 nodes (`MAX_ORDERED`), before anything is
    /// held.
    pub fn order(&self) -> Option<Vec<bool>> {
        let n = self.len();
        if n > MAX_ORDERED {
            return None;
        }
        let mut reverse_left: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut reverse_right: Vec<Vec<u32>> = vec![Vec::new(); n];
        for u in 0..n {
            for &v in &self.left[u] {
                reverse_left[v as usize].push(u as u32);
            }
            for &v in &self.right[u] {
                reverse_right[v as usize].push(u as u32);
            }
        }
        // State (u, v, m): index (u * n + v) * 2 + m, m 0 for Left to move.
        let state = |u: usize, v: usize, m: usize| (u * n + v) * 2 + m;
        let moves = |u: usize, v: usize, m: usize| match m {
            0 => self.left[u].len() + self.right[v].len(),
            _ => self.right[u].len() + self.left[v].len(),
        };
        let mut label = vec![Label::Open; 2 * n * n];
        let mut open = vec![0u32; 2 * n * n];
        let mut queue = Vec::new();
        for u in 0..n {
            for v in 0..n {
                for m in 0..2 {
                    let k = moves(u, v, m);
                    open[state(u, v, m)] = k as u32;
                    if k == 0 {
                        label[state(u, v, m)] = Label::Lost;
                        queue.push((u, v, m));
                    }
                }
            }
        }
        let mut parents = Vec::new();
        while let Some((a, b, m)) = queue.pop() {
            let lost = label[state(a, b, m)] == Label::Lost;
            // The states with a move to (a, b, m), the other player to
            // move there. Where Right is to move now, Left moved: u → a
            // (a one of u's Left options) or v → b (b one of v's Right
            // options: a Left move in −v). Where Left is to move, Right
            // moved, the other way round.
            let (in_g, in_h) = match m {
                1 => (&reverse_left, &reverse_right),
                _ => (&reverse_right, &reverse_left),
            };
            parents.clear();
            parents.extend(in_g[a].iter().map(|&u| (u as usize, b)));
            parents.extend(in_h[b].iter().map(|&v| (a, v as usize)));
            let pm = 1 - m;
            for &(u, v) in &parents {
                let s = state(u, v, pm);
                if label[s] != Label::Open {
                    continue;
                }
                if lost {
                    label[s] = Label::Won;
                    queue.push((u, v, pm));
                } else {
                    open[s] -= 1;
                    if open[s] == 0 {
                        label[s] = Label::Lost;
                        queue.push((u, v, pm));
                    }
                }
            }
        }
        Some(
            (0..n * n)
                .map(|uv| label[uv * 2 + 1] != Label::Won)
                .collect(),
        )
    }

    /// Its simplest form (above): dominated options removed and
    /// reversible ones bypassed until none is left, then the equal nodes
    /// reachable from the root fused, each into the first met from the
    /// root (in a stopper with neither kind of option, equal nodes have
    /// equal options, so which is kept does not matter; Siegel, §VI.5 —
    /// fusing first would not do: a node whose option equals it would
    /// become its own option, a pass the game did not have). The root is
    /// node 0, the others in the order first met from it. `None` where it
    /// is too large to order (`order`).
    pub fn simplest(&self) -> Option<Stopper> {
        let n = self.len();
        let ge = self.order()?;
        let ge = |u: u32, v: u32| ge[u as usize * n + v as usize];
        let mut left: Vec<Vec<u32>> = self.left.iter().map(|l| best(l, ge)).collect();
        let mut right: Vec<Vec<u32>> = self
            .right
            .iter()
            .map(|r| best(r, |a, b| ge(b, a)))
            .collect();
        // Bypassing follows a Right move then a Left one (or the other way
        // round): in a stopper it cannot come back to where it began, so
        // this ends. The bound is a guard: every step keeps each node's
        // value, so a form cut short by it is still the game's.
        let mut changed = true;
        let mut rounds = 0;
        while changed && rounds <= 4 * n {
            changed = false;
            rounds += 1;
            for u in 0..n as u32 {
                let ui = u as usize;
                // A Left option with a Right option no greater than u is
                // replaced by that option's Left options; Right's alike.
                let (l, r) = bypassed(&left, &right, u, |_, x| ge(u, x), |_, x| ge(x, u));
                let (l, r) = (best(&l, ge), best(&r, |a, b| ge(b, a)));
                if l != left[ui] || r != right[ui] {
                    changed = true;
                    left[ui] = l;
                    right[ui] = r;
                }
            }
        }
        // Fused and renumbered from the root, in the order first met: each
        // node reached stands for every node equal to it.
        let mut number = vec![u32::MAX; n];
        let mut order: Vec<u32> = Vec::new();
        let meet = |v: u32, order: &mut Vec<u32>, number: &mut Vec<u32>| {
            if number[v as usize] != u32::MAX {
                return;
            }
            match order.iter().find(|&&w| ge(v, w) && ge(w, v)) {
                Some(&w) => number[v as usize] = number[w as usize],
                None => {
                    number[v as usize] = order.len() as u32;
                    order.push(v);
                }
            }
        };
        meet(self.root, &mut order, &mut number);
        let mut i = 0;
        while i < order.len() {
            let u = order[i] as usize;
            for &v in left[u].iter().chain(&right[u]) {
                meet(v, &mut order, &mut number);
            }
            i += 1;
        }
        let renumber = |options: &Vec<u32>| -> Vec<u32> {
            let mut out: Vec<u32> = options.iter().map(|&v| number[v as usize]).collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        Some(Stopper {
            left: order.iter().map(|&u| renumber(&left[u as usize])).collect(),
            right: order
                .iter()
                .map(|&u| renumber(&right[u as usize]))
                .collect(),
            root: 0,
        })
    }

    /// The canonical forms of the nodes from which no cycle is reached
    /// (short games), by index; `None` for the others. Kahn's order from
    /// the nodes without options up: a node all of whose options are short
    /// is short.
    fn short_forms(&self, forms: &mut Forms) -> Vec<Option<Form>> {
        let options: Vec<Vec<u32>> = (self.left.iter().zip(&self.right))
            .map(|(l, r)| l.iter().chain(r).copied().collect())
            .collect();
        let mut short: Vec<Option<Form>> = vec![None; self.len()];
        for u in sinks_first(&options) {
            let of = |options: &[u32]| -> Vec<Form> {
                options.iter().filter_map(|&v| short[v as usize]).collect()
            };
            let (l, r) = (of(&self.left[u]), of(&self.right[u]));
            short[u] = Some(forms.game(&l, &r));
        }
        short
    }

    /// Its text in CGSuite's notation for loopy games: a short node as
    /// its canonical form (`{1|0}`), `on` = {pass|}, `off` = {|pass},
    /// `over` = {0|pass}, `under` = {pass|0}, `upon` = {pass|*}; any other
    /// node `{L, ... | R, ...}`, an option that is the node itself `pass`,
    /// one that is a node being written around it by that node's label
    /// (`a{0|{a|*}}`: the labels `a`, `b`, ... in the order given).
    /// `None` where that takes more than `max` characters (a node met
    /// twice is written out each time).
    pub fn text_within(&self, forms: &mut Forms, max: usize) -> Option<String> {
        let short = self.short_forms(forms);
        let mut writer = Writer {
            stopper: self,
            short,
            path: Vec::new(),
            labels: vec![None; self.len()],
            next_label: 0,
            max,
            over: false,
        };
        let text = writer.write(self.root, forms);
        (!writer.over).then_some(text)
    }
}

/// The state of writing a stopper: the nodes being written (outermost
/// first) and the labels given.
struct Writer<'a> {
    stopper: &'a Stopper,
    short: Vec<Option<Form>>,
    path: Vec<u32>,
    labels: Vec<Option<String>>,
    next_label: usize,
    /// The most characters, and whether a node's text took more.
    max: usize,
    over: bool,
}

impl Writer<'_> {
    fn write(&mut self, u: u32, forms: &mut Forms) -> String {
        let ui = u as usize;
        if self.over {
            return String::new();
        }
        if let Some(form) = self.short[ui] {
            return forms.text_within(form, self.max).unwrap_or_else(|| {
                self.over = true;
                String::new()
            });
        }
        if self.path.last() == Some(&u) {
            return "pass".to_string();
        }
        if self.path.contains(&u) {
            return self.label(ui);
        }
        let (left, right) = (&self.stopper.left[ui], &self.stopper.right[ui]);
        let mut is = |options: &[u32], text: Option<&str>| -> bool {
            match (options, text) {
                ([], None) => true,
                ([v], Some("pass")) => *v == u,
                ([v], Some(t)) => (self.short[*v as usize])
                    .is_some_and(|f| forms.text_within(f, 8).as_deref() == Some(t)),
                _ => false,
            }
        };
        let named = [
            ("on", Some("pass"), None),
            ("off", None, Some("pass")),
            ("over", Some("0"), Some("pass")),
            ("under", Some("pass"), Some("0")),
            ("upon", Some("pass"), Some("*")),
        ];
        for (name, l, r) in named {
            if is(left, l) && is(right, r) {
                return name.to_string();
            }
        }
        let (left, right) = (left.clone(), right.clone());
        self.path.push(u);
        let l: Vec<String> = (left.iter())
            .map(|&v| crate::platform::deeper(|| self.write(v, forms)))
            .collect();
        let r: Vec<String> = (right.iter())
            .map(|&v| crate::platform::deeper(|| self.write(v, forms)))
            .collect();
        self.path.pop();
        // Options in the order of their texts, as a short game's are: the
        // same stopper built in another order is written the same.
        let (mut l, mut r) = (l, r);
        l.sort_unstable();
        r.sort_unstable();
        let body = format!("{{{}|{}}}", l.join(", "), r.join(", "));
        self.over |= body.len() > self.max;
        match &self.labels[ui] {
            Some(label) => format!("{label}{body}"),
            None => body,
        }
    }

    /// Node `u`'s label, given now if it has none: `a`, `b`, ..., `z`,
    /// `a1`, ...
    fn label(&mut self, u: usize) -> String {
        if let Some(label) = &self.labels[u] {
            return label.clone();
        }
        let i = self.next_label;
        self.next_label += 1;
        let letter = char::from(b'a' + (i % 26) as u8);
        let label = match i / 26 {
            0 => letter.to_string(),
            k => format!("{letter}{k}"),
        };
        self.labels[u] = Some(label.clone());
        label
    }
}

/// Kahn's order of a graph (each node's options, by index) from the nodes
/// without options up: the nodes from which no cycle is reached, each
/// after all of its options.
fn sinks_first(options: &[Vec<u32>]) -> Vec<usize> {
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); options.len()];
    for (u, out) in options.iter().enumerate() {
        for &v in out {
            parents[v as usize].push(u as u32);
        }
    }
    let mut left: Vec<usize> = options.iter().map(Vec::len).collect();
    let mut ready: Vec<usize> = (0..options.len()).filter(|&u| left[u] == 0).collect();
    let mut order = Vec::new();
    while let Some(u) = ready.pop() {
        order.push(u);
        for &p in &parents[u] {
            left[p as usize] -= 1;
            if left[p as usize] == 0 {
                ready.push(p as usize);
            }
        }
    }
    order
}

/// Node u's Left and Right options with each reversible one bypassed: a
/// Left option a with a Right option x (not u) for which `reverses_left(a,
/// x)` replaced by x's Left options; a Right option a with a Left option x
/// (not u) for which `reverses_right(a, x)` by x's Right options (Siegel,
/// §VI.5; the caller says what reverses). Each list sorted, each option
/// once.
pub(super) fn bypassed(
    left: &[Vec<u32>],
    right: &[Vec<u32>],
    u: u32,
    reverses_left: impl Fn(u32, u32) -> bool,
    reverses_right: impl Fn(u32, u32) -> bool,
) -> (Vec<u32>, Vec<u32>) {
    let side = |options: &[u32],
                across: &[Vec<u32>],
                along: &[Vec<u32>],
                reverses: &dyn Fn(u32, u32) -> bool| {
        let mut out = Vec::new();
        for &a in options {
            match across[a as usize]
                .iter()
                .find(|&&x| x != u && reverses(a, x))
            {
                Some(&x) => out.extend(along[x as usize].iter().copied()),
                None => out.push(a),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    };
    let u = u as usize;
    (
        side(&left[u], right, left, &reverses_left),
        side(&right[u], left, right, &reverses_right),
    )
}

/// The options of `options` that no other beats (`better(b, a)` and not
/// the other way), each once, in order; of equal ones, the least node.
fn best(options: &[u32], better: impl Fn(u32, u32) -> bool) -> Vec<u32> {
    let mut unique: Vec<u32> = options.to_vec();
    unique.sort_unstable();
    unique.dedup();
    (unique.iter().copied())
        .filter(|&a| !(unique.iter()).any(|&b| b != a && better(b, a) && (!better(a, b) || b < a)))
        .collect()
}

impl Stopper {
    /// The graph of a written value, loopy or short (`Written`): each pair
    /// of braces a node, `pass` the node of the braces it stands in, a
    /// label the node labelled so around it, Siegel's named stoppers their
    /// graphs, a short part its canonical form's game tree, and a sum,
    /// negative, switch, `Tiny` or `Miny` of loopy parts built by their
    /// definitions (Winning Ways, ch. 2 and 11). At most `MAX_NODES`
    /// nodes; why not, where it cannot be built.
    pub fn written(value: &Written, forms: &mut Forms) -> Result<Stopper, String> {
        let mut builder = Builder {
            left: Vec::new(),
            right: Vec::new(),
            path: Vec::new(),
            labels: Vec::new(),
            forms_met: HashMap::new(),
        };
        let root = builder.build(value, forms)?;
        Ok(Stopper {
            left: builder.left,
            right: builder.right,
            root,
        })
    }
}

/// A written value's graph as it is built.
struct Builder {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    /// The braces being built, outermost first: `pass` is the last.
    path: Vec<u32>,
    /// The labels of the braces being built, with their nodes.
    labels: Vec<(String, u32)>,
    /// The node of each short form built.
    forms_met: HashMap<Form, u32>,
}

impl Builder {
    fn node(&mut self) -> Result<u32, String> {
        if self.left.len() >= MAX_NODES {
            return Err(format!("a loopy value has at most {MAX_NODES} positions"));
        }
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        Ok(self.left.len() as u32 - 1)
    }

    fn build(&mut self, value: &Written, forms: &mut Forms) -> Result<u32, String> {
        crate::platform::deeper(|| self.build_here(value, forms))
    }

    fn build_here(&mut self, value: &Written, forms: &mut Forms) -> Result<u32, String> {
        if let Some(form) = forms.written(value) {
            return self.form(form, forms);
        }
        match value {
            Written::Named(name) => {
                let u = self.node()?;
                let zero = forms.zero();
                let (left, right) = match *name {
                    "on" => (vec![u], vec![]),
                    "off" => (vec![], vec![u]),
                    "over" => (vec![self.form(zero, forms)?], vec![u]),
                    "under" => (vec![u], vec![self.form(zero, forms)?]),
                    "dud" => (vec![u], vec![u]),
                    _ => {
                        let star = forms.nimber(1);
                        (vec![u], vec![self.form(star, forms)?])
                    }
                };
                self.left[u as usize] = left;
                self.right[u as usize] = right;
                Ok(u)
            }
            Written::Pass => (self.path.last().copied()).ok_or_else(|| {
                "`pass` stands inside braces: it is the game they write".to_string()
            }),
            Written::Label(label) => (self.labels.iter().rev())
                .find(|(l, _)| l == label)
                .map(|&(_, u)| u)
                .ok_or_else(|| format!("`{label}` labels no game around it (`{label}{{...}}`)")),
            Written::Labelled(label, g) => {
                let Written::Options { left, right } = g.as_ref() else {
                    return Err(format!("a label is followed by braces: `{label}{{...}}`"));
                };
                let u = self.node()?;
                self.labels.push((label.clone(), u));
                let built = self.options(u, left, right, forms);
                self.labels.pop();
                built.map(|()| u)
            }
            Written::Options { left, right } => {
                let u = self.node()?;
                self.options(u, left, right, forms).map(|()| u)
            }
            Written::Negative(g) => {
                let g = self.whole(g, forms)?;
                self.negated(g)
            }
            Written::Sum(terms) => {
                let mut total = self.whole(&terms[0], forms)?;
                for term in &terms[1..] {
                    let term = self.whole(term, forms)?;
                    total = self.sum(total, term)?;
                }
                Ok(total)
            }
            Written::Switch(options) => {
                let mut left = Vec::new();
                let mut right = Vec::new();
                for g in options {
                    let g = self.whole(g, forms)?;
                    left.push(g);
                    right.push(self.negated(g)?);
                }
                let u = self.node()?;
                self.left[u as usize] = left;
                self.right[u as usize] = right;
                Ok(u)
            }
            Written::Tiny(g) | Written::Miny(g) => {
                // Tiny(G) = {0 || 0 | -G}; Miny(G) = {G | 0 || 0}.
                let g = self.whole(g, forms)?;
                let zero = forms.zero();
                let zero = self.form(zero, forms)?;
                let (inner, outer) = (self.node()?, self.node()?);
                if matches!(value, Written::Tiny(_)) {
                    let minus = self.negated(g)?;
                    self.left[inner as usize] = vec![zero];
                    self.right[inner as usize] = vec![minus];
                    self.left[outer as usize] = vec![zero];
                    self.right[outer as usize] = vec![inner];
                } else {
                    self.left[inner as usize] = vec![g];
                    self.right[inner as usize] = vec![zero];
                    self.left[outer as usize] = vec![inner];
                    self.right[outer as usize] = vec![zero];
                }
                Ok(outer)
            }
            Written::NumberUpStar { .. } | Written::UpPower { .. } => {
                let form = forms.written(value).unwrap_or_else(|| forms.zero());
                self.form(form, forms)
            }
            // Never met: an operation takes short games alone (`read`
            // refuses a loopy one), and so is short.
            Written::Ordinal(..) | Written::Applied(..) => {
                Err("an operation on values takes short games".to_string())
            }
        }
    }

    /// Node `u`'s options, built inside its braces.
    fn options(
        &mut self,
        u: u32,
        left: &[Written],
        right: &[Written],
        forms: &mut Forms,
    ) -> Result<(), String> {
        self.path.push(u);
        let mut built = || -> Result<(Vec<u32>, Vec<u32>), String> {
            let l = (left.iter())
                .map(|g| self.build(g, forms))
                .collect::<Result<_, _>>()?;
            let r = (right.iter())
                .map(|g| self.build(g, forms))
                .collect::<Result<_, _>>()?;
            Ok((l, r))
        };
        let built = built();
        self.path.pop();
        let (l, r) = built?;
        self.left[u as usize] = l;
        self.right[u as usize] = r;
        Ok(())
    }

    /// A part of a sum, negative, switch, `Tiny` or `Miny`, built whole:
    /// none of its positions may be braces still being built around it
    /// (`{0 | -pass}` asks for the negative of a game not yet written).
    fn whole(&mut self, g: &Written, forms: &mut Forms) -> Result<u32, String> {
        let u = self.build(g, forms)?;
        let reached = self.reached(u);
        if reached.iter().any(|v| self.path.contains(v)) {
            return Err(
                "a part of a sum, `-`, `+-`, `Tiny` or `Miny` may not pass to or name braces around it"
                    .to_string(),
            );
        }
        Ok(u)
    }

    /// The nodes reachable from `u`, `u` first.
    fn reached(&self, u: u32) -> Vec<u32> {
        let mut seen = HashMap::new();
        let mut order = vec![u];
        seen.insert(u, ());
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if seen.insert(w, ()).is_none() {
                    order.push(w);
                }
            }
            i += 1;
        }
        order
    }

    /// The negative of the game at `u`: a copy of what it reaches, each
    /// node's Left and Right options exchanged (−G = {−G^R | −G^L}).
    fn negated(&mut self, u: u32) -> Result<u32, String> {
        let reached = self.reached(u);
        let mut copy = HashMap::new();
        for &v in &reached {
            copy.insert(v, self.node()?);
        }
        for &v in &reached {
            let c = copy[&v] as usize;
            self.left[c] = self.right[v as usize].iter().map(|w| copy[w]).collect();
            self.right[c] = self.left[v as usize].iter().map(|w| copy[w]).collect();
        }
        Ok(copy[&u])
    }

    /// The sum of the games at `a` and `b`: a node a pair of their
    /// positions, a move one in either (Winning Ways, ch. 2).
    fn sum(&mut self, a: u32, b: u32) -> Result<u32, String> {
        let mut pairs: HashMap<(u32, u32), u32> = HashMap::new();
        let mut order = vec![(a, b)];
        pairs.insert((a, b), self.node()?);
        let mut i = 0;
        while i < order.len() {
            let (x, y) = order[i];
            let mut sides = [Vec::new(), Vec::new()];
            for (side, options) in [(0, &self.left), (1, &self.right)] {
                let moved = (options[x as usize].iter().map(|&x2| (x2, y)))
                    .chain(options[y as usize].iter().map(|&y2| (x, y2)));
                sides[side].extend(moved);
            }
            let [l, r] = sides;
            let mut ids = [Vec::new(), Vec::new()];
            for (side, moved) in [l, r].into_iter().enumerate() {
                for pair in moved {
                    let id = match pairs.get(&pair) {
                        Some(&id) => id,
                        None => {
                            let id = self.node()?;
                            pairs.insert(pair, id);
                            order.push(pair);
                            id
                        }
                    };
                    ids[side].push(id);
                }
            }
            let node = pairs[&(x, y)] as usize;
            let [l, r] = ids;
            self.left[node] = l;
            self.right[node] = r;
            i += 1;
        }
        Ok(pairs[&(a, b)])
    }

    /// The node of a short form: its game tree, each form built once.
    fn form(&mut self, form: Form, forms: &mut Forms) -> Result<u32, String> {
        if let Some(&u) = self.forms_met.get(&form) {
            return Ok(u);
        }
        let u = self.node()?;
        self.forms_met.insert(form, u);
        let mut l = Vec::new();
        for option in forms.left(form) {
            l.push(crate::platform::deeper(|| self.form(option, forms))?);
        }
        let mut r = Vec::new();
        for option in forms.right(form) {
            r.push(crate::platform::deeper(|| self.form(option, forms))?);
        }
        self.left[u as usize] = l;
        self.right[u as usize] = r;
        Ok(u)
    }
}

impl Stopper {
    /// Its negative: each node's Left and Right options exchanged
    /// (−G = {−G^R | −G^L}).
    pub fn negated(&self) -> Stopper {
        Stopper {
            left: self.right.clone(),
            right: self.left.clone(),
            root: self.root,
        }
    }

    /// Whether this stopper is at least `other` (both stoppers): their
    /// graphs side by side, ordered by survival; `None` where that is too
    /// large to order.
    pub fn at_least(&self, other: &Stopper) -> Option<bool> {
        let n = self.len() as u32;
        let shifted = |options: &[Vec<u32>]| -> Vec<Vec<u32>> {
            (options.iter())
                .map(|o| o.iter().map(|&v| v + n).collect())
                .collect()
        };
        let both = Stopper {
            left: self
                .left
                .iter()
                .cloned()
                .chain(shifted(&other.left))
                .collect(),
            right: self
                .right
                .iter()
                .cloned()
                .chain(shifted(&other.right))
                .collect(),
            root: self.root,
        };
        let m = both.len();
        Some(both.order()?[self.root as usize * m + (other.root + n) as usize])
    }
}
