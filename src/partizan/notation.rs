//! Canonical forms written as CGSuite writes them in ASCII: numbers `0`,
//! `3`, `-3/2`; nimbers `*`, `*2`; ups `^`, `v`, `^^`, `vv`, `^3`, with a
//! number and a nimber beside (`1^*`, `^*2`); switches `+-1` ({1 | -1});
//! every other form `{L | R}`, its options separated by commas. An option
//! that is itself such a form, alone on its side, is written without
//! braces, the enclosing form's sides separated by one bar more than its
//! own: `{1|0||0}` is {{1 | 0} | 0}; beside other options it keeps its
//! braces: `{0,{1|0}|-1}`.

use super::dyadic::Dyadic;
use super::forms::{Form, Forms};

/// The largest birthday up to which a form is tried as x + n·↑ + *m.
const MOST_TRIED: u32 = 48;

impl Forms {
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
        if let Some(x) = self.as_number(g) {
            return (x.to_string(), 0);
        }
        if let Some((x, ups, nim)) = self.number_up_star(g) {
            return (nus_text(&x, ups, nim), 0);
        }
        let (left, right) = (self.left(g), self.right(g));
        // ±x: {x | -x} for a number x > 0.
        if let ([l], [r]) = (left.as_slice(), right.as_slice())
            && let (Some(a), Some(b)) = (self.as_number(*l), self.as_number(*r))
            && a.is_positive()
            && a.neg() == *b
        {
            return (format!("+-{a}"), 0);
        }
        let mut texts = |forms: &[Form]| -> (Vec<String>, usize) {
            match forms {
                [only] => {
                    let (text, depth) = self.bare(*only);
                    (vec![text], depth)
                }
                all => (all.iter().map(|&f| self.text(f)).collect(), 0),
            }
        };
        let (l, dl) = texts(&left);
        let (r, dr) = texts(&right);
        let bars = dl.max(dr) + 1;
        let inner = format!("{}{}{}", l.join(","), "|".repeat(bars), r.join(","));
        (inner, bars)
    }

    /// `g` as x + n·↑ + *m, where it is one (and born by `MOST_TRIED`):
    /// such a game's stops are both x, and g - x is n·↑ + *m for one pair
    /// with |n| and m at most its birthday. Equal values are one form, so
    /// each candidate is tried by its id.
    fn number_up_star(&mut self, g: Form) -> Option<(Dyadic, i64, u32)> {
        let x = self.left_stop(g);
        if self.right_stop(g) != x {
            return None;
        }
        let day = self.birthday(g);
        if day > MOST_TRIED {
            return None;
        }
        let number = self.number(x.clone());
        let minus = self.neg(number);
        let rest = self.add(g, minus);
        let up = self.up();
        let down = self.neg(up);
        let bound = i64::from(day) + 1;
        // *m = {0, *, ..., *(m - 1) | the same}, each from those below.
        let mut nimbers: Vec<Form> = Vec::new();
        for m in 0..=day + 1 {
            let star = match m {
                0 => self.zero(),
                _ => self.game(&nimbers, &nimbers),
            };
            nimbers.push(star);
            let (mut above, mut below) = (star, star);
            for n in 0..=bound {
                if n > 0 {
                    above = self.add(above, up);
                    below = self.add(below, down);
                }
                if above == rest {
                    return Some((x, n, m));
                }
                if below == rest {
                    return Some((x, -n, m));
                }
            }
        }
        None
    }
}

/// x + n·↑ + *m in CGSuite's words: `0`, `1/2`, `*3`, `^`, `v*`, `^^`,
/// `2v3*2`.
fn nus_text(x: &Dyadic, ups: i64, nim: u32) -> String {
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
    match nim {
        0 => {}
        1 => out.push('*'),
        m => out.push_str(&format!("*{m}")),
    }
    out
}
