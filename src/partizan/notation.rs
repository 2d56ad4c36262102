//! Canonical forms written as CGSuite writes them in ASCII: numbers `0`,
//! `3`, `-3/2`; nimbers `*`, `*2`; ups `^`, `v`, `^^`, `vv`, `^3`, with a
//! number and a nimber beside (`1^*`, `^*2`); powers of up `^<2>` (↑²)
//! and `v[3]` (−(↑ + ↑² + ↑³)), a number and a nimber beside alike
//! (`powers`); switches `+-1` ({1 | -1}),
//! `+-{2|1}` ({{2|1} | {-1|-2}}: any form whose Right options are the
//! negatives of its Left ones, Winning Ways' ±G) and `+-{1,2}` ({1, 2 |
//! -1, -2}); `Tiny(2)` ({0 || 0 | -2}) and `Miny(2)` ({2 | 0 || 0}) for a
//! positive number x, as CGSuite names them (Winning Ways, ch. 5: tiny and
//! miny); every other form `{L | R}`, its options separated by commas,
//! each side's in the order of their texts (one text a game, whatever the
//! store met first). An option that is itself such a form, alone on its
//! side, is written without braces, the enclosing form's sides separated by
//! one bar more than its own: `{1|0||0}` is {{1 | 0} | 0}; beside other
//! options it keeps its braces: `{0,{1|0}|-1}`.

use rustc_hash::FxHashMap as HashMap;

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::Forms;
use super::power::PowerOfUp;
use crate::platform::deeper;

/// The largest birthday up to which a form is tried as x + n·↑ + *m.
const MOST_TRIED: u32 = 48;

impl Forms {
    /// `g` as CGSuite writes it, where that takes at most `max` characters
    /// (a form shares its options, written out each time: its text can be
    /// exponentially longer than the form).
    /// An atom (a number, x + n·↑ + *m, ±x) is written whatever its
    /// length: its text is as long as its digits, which the question wrote.
    pub fn text_within(&mut self, g: Form, max: usize) -> Option<String> {
        if let Some(atom) = self.atom(g) {
            return Some(atom);
        }
        let mut lengths = HashMap::default();
        let (len, bars) = self.length(g, &mut lengths);
        let len = if bars > 0 { len.saturating_add(2) } else { len };
        (len <= max).then(|| self.text(g))
    }

    /// The length of `g`'s bare text (`bare`), and its bars, each form's
    /// found once.
    fn length(&mut self, g: Form, known: &mut HashMap<Form, (usize, usize)>) -> (usize, usize) {
        if let Some(&found) = known.get(&g) {
            return found;
        }
        let found = if let Some(atom) = self.atom(g) {
            (atom.len(), 0)
        } else if let Some(options) = self.switch(g) {
            // `+-G`, or `+-{G,H}`: each option as `text` writes it.
            let mut len = 2 + if options.len() > 1 {
                options.len() + 1
            } else {
                0
            };
            for f in options {
                let (l, bars) = deeper(|| self.length(f, known));
                let braces = if bars > 0 { 2 } else { 0 };
                len = len.saturating_add(l).saturating_add(braces);
            }
            (len, 0)
        } else if !self.keep(0) {
            // (The lengths live while the text is measured: a step, no
            // bytes kept.)
            (usize::MAX, 0)
        } else {
            let (left, right) = (self.left(g), self.right(g));
            let mut side = |forms: &[Form]| -> (usize, usize) {
                match forms {
                    [only] => self.length(*only, known),
                    all => {
                        let mut len = all.len().saturating_sub(1);
                        for &f in all {
                            let (l, bars) = self.length(f, known);
                            let braces = if bars > 0 { 2 } else { 0 };
                            len = len.saturating_add(l).saturating_add(braces);
                        }
                        (len, 0)
                    }
                }
            };
            let ((l, dl), (r, dr)) = deeper(|| (side(&left), side(&right)));
            let bars = dl.max(dr) + 1;
            (l.saturating_add(r).saturating_add(bars), bars)
        };
        known.insert(g, found);
        found
    }

    /// `g`'s text where it is an atom, written short: a number, x + n·↑ +
    /// *m, or a switch ±x ({x | -x} for a number x > 0).
    fn atom(&mut self, g: Form) -> Option<String> {
        if let Some(x) = self.as_number(g) {
            return Some(x.to_string());
        }
        if let Some((x, ups, nim)) = self.number_up_star(g) {
            return Some(nus_text(&x, ups, nim));
        }
        if let Some((x, power, nim)) = self.number_power_star(g) {
            return Some(power_text(&x, power, nim));
        }
        let (left, right) = (self.left(g), self.right(g));
        let ([l], [r]) = (left.as_slice(), right.as_slice()) else {
            return None;
        };
        if let (Some(a), Some(b)) = (self.as_number(*l), self.as_number(*r))
            && a.is_positive()
            && a.neg() == *b
        {
            return Some(format!("+-{a}"));
        }
        let zero = self.zero();
        // Tiny(x) = {0 || 0 | -x}, Miny(x) = {x | 0 || 0}, x > 0.
        let (name, inner) = match (*l == zero, *r == zero) {
            (true, false) => ("Tiny", *r),
            (false, true) => ("Miny", *l),
            _ => return None,
        };
        let (inner_left, inner_right) = (self.left(inner), self.right(inner));
        let x = match (name, inner_left.as_slice(), inner_right.as_slice()) {
            ("Tiny", [z], [m]) if *z == zero => self.as_number(*m)?.neg(),
            ("Miny", [x], [z]) if *z == zero => self.as_number(*x)?.clone(),
            _ => return None,
        };
        x.is_positive().then(|| format!("{name}({x})"))
    }

    /// The Left options of `g` where it is a switch ±G or ±(G, H, ...):
    /// its Right options the negatives of its Left ones (and not an atom).
    fn switch(&mut self, g: Form) -> Option<Vec<Form>> {
        let (left, mut right) = (self.left(g), self.right(g));
        if left.is_empty() || left.len() != right.len() {
            return None;
        }
        let mut minus: Vec<Form> = left.iter().map(|&l| self.neg(l)).collect();
        minus.sort_unstable();
        right.sort_unstable();
        (minus == right).then_some(left)
    }

    /// `g` as CGSuite writes it.
    pub fn text(&mut self, g: Form) -> String {
        match self.bare(g) {
            (text, 0) => text,
            (inner, _) => format!("{{{inner}}}"),
        }
    }

    /// `g`'s text, and how many bars separate its sides: 0 for an atom,
    /// written as it is; else its sides without braces, which an enclosing
    /// form writes bare, separating its own sides by one bar more.
    fn bare(&mut self, g: Form) -> (String, usize) {
        if let Some(atom) = self.atom(g) {
            return (atom, 0);
        }
        if let Some(options) = self.switch(g) {
            let mut texts: Vec<String> = deeper(|| options.iter().map(|&f| self.text(f)).collect());
            // In one order, whatever the store's: the same game, the same text.
            texts.sort_unstable();
            let text = match texts.as_slice() {
                [one] => format!("+-{one}"),
                all => format!("+-{{{}}}", all.join(",")),
            };
            return (text, 0);
        }
        let (left, right) = (self.left(g), self.right(g));
        let mut texts = |forms: &[Form]| -> (Vec<String>, usize) {
            match forms {
                [only] => {
                    let (text, depth) = self.bare(*only);
                    (vec![text], depth)
                }
                all => {
                    let mut texts: Vec<String> = all.iter().map(|&f| self.text(f)).collect();
                    // In one order, whatever the store's: the same game, the
                    // same text.
                    texts.sort_unstable();
                    (texts, 0)
                }
            }
        };
        let ((l, dl), (r, dr)) = deeper(|| (texts(&left), texts(&right)));
        let bars = dl.max(dr) + 1;
        let inner = format!("{}{}{}", l.join(","), "|".repeat(bars), r.join(","));
        (inner, bars)
    }

    /// `g` as x + G, where it may be x + an infinitesimal written short (a
    /// multiple of up or a power of up, and a nimber): its stops are both
    /// x, its birthday (returned) at most `MOST_TRIED`, and G = g − x
    /// all-small.
    pub(super) fn number_and_rest(&mut self, g: Form) -> Option<(Dyadic, Form, u32)> {
        let x = self.left_stop(g);
        if self.right_stop(g) != x {
            return None;
        }
        let day = u32::try_from(self.birthday(g))
            .ok()
            .filter(|&d| d <= MOST_TRIED)?;
        let number = self.number(x.clone());
        let rest = self.sub(g, number);
        self.all_small(rest).then_some((x, rest, day))
    }

    /// `g` as x + n·↑ + *m, where it is one (and born by `MOST_TRIED`):
    /// such a game's stops are both x, g − x is all-small (n·↑ + *m is), and
    /// g − x − n·↑ is the nimber *m for one n with |n| at most its
    /// birthday. Equal values are one form, so each candidate is looked at
    /// by its id.
    pub(super) fn number_up_star(&mut self, g: Form) -> Option<(Dyadic, i64, u32)> {
        if let Some(known) = self.known_uptimal(g) {
            return Some(known);
        }
        let (x, rest, day) = self.number_and_rest(g)?;
        let up = self.up();
        let down = self.neg(up);
        // rest − n·↑ and rest + n·↑, for n = 0, 1, ...
        let (mut less, mut more) = (rest, rest);
        for n in 0..=i64::from(day) + 1 {
            if n > 0 {
                less = self.add(less, down);
                more = self.add(more, up);
            }
            let found = match (self.as_nimber(less), self.as_nimber(more)) {
                (Some(m), _) => (x, n, m),
                (None, Some(m)) => (x, -n, m),
                (None, None) => continue,
            };
            // Known so from now on: its sums are found from it.
            if self.remember() {
                self.uptimals.insert(g, found.clone());
            }
            return Some(found);
        }
        None
    }
}

/// x + a power of up + *m in CGSuite's words: `^<2>`, `1v[3]*`.
pub(super) fn power_text(x: &Dyadic, power: PowerOfUp, nim: u32) -> String {
    let mut out = String::new();
    if !x.is_zero() {
        out.push_str(&x.to_string());
    }
    out.push_str(&power.text());
    out.push_str(&star_text(nim));
    out
}

/// *m in CGSuite's words: ``, `*`, `*2`.
fn star_text(nim: u32) -> String {
    match nim {
        0 => String::new(),
        1 => "*".to_string(),
        m => format!("*{m}"),
    }
}

/// x + n·↑ + *m in CGSuite's words: `0`, `1/2`, `*3`, `^`, `v*`, `^^`,
/// `2v3*2`.
pub(super) fn nus_text(x: &Dyadic, ups: i64, nim: u32) -> String {
    let mut out = String::new();
    if !x.is_zero() || (ups == 0 && nim == 0) {
        out.push_str(&x.to_string());
    }
    let arrow = if ups > 0 { "^" } else { "v" };
    match ups.unsigned_abs() {
        0 => {}
        1 => out.push_str(arrow),
        2 => {
            out.push_str(arrow);
            out.push_str(arrow);
        }
        n => out.push_str(&format!("{arrow}{n}")),
    }
    out.push_str(&star_text(nim));
    out
}
