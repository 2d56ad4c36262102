//! The reduced canonical form: a game with its infinitesimals ignored —
//! the simplest game that differs from it by an infinitesimal (J. P.
//! Grossman and A. N. Siegel, "Reductions of partizan games", in *Games of
//! No Chance 3*, MSRI Publ. 56, 2009; Siegel, *Combinatorial Game Theory*,
//! ch. II, "Reduced canonical form"; D. Calistrate, "The reduced canonical
//! form of a game", in *Games of No Chance*, MSRI Publ. 29, 1996).
//!
//! G ≥ H modulo Inf when G + ε ≥ H for some infinitesimal ε; that holds
//! exactly when the Right stop of G − H is at least 0 (Grossman–Siegel).
//! The reduction is the canonical simplification with ≥ read modulo Inf:
//!
//! - a game whose two stops are one number x is x plus an infinitesimal:
//!   its reduced form is x;
//! - otherwise its options are reduced first; a Left option G^L1 is
//!   Inf-dominated when G^L1 ≤ G^L2 modulo Inf for another Left option
//!   (Right's alike, ≥), and is deleted;
//! - a Left option G^L1 is Inf-reversible through its Right option G^L1R1
//!   when G^L1R1 ≤ G modulo Inf, and is replaced by G^L1R1's Left options
//!   (Right's alike);
//! - until neither applies.

use super::form::Form;
use super::forms::Forms;
use crate::platform::deeper;
use crate::position::Side;

impl Forms {
    /// The reduced canonical form of `g`.
    pub fn reduced(&mut self, g: Form) -> Form {
        if let Some(&known) = self.reduced.get(&g) {
            return known;
        }
        if !self.remember() {
            return g;
        }
        let (x, y) = (self.left_stop(g), self.right_stop(g));
        let reduced = if x == y {
            self.number(x)
        } else {
            deeper(|| {
                let left: Vec<Form> = (self.left(g).into_iter())
                    .map(|l| self.reduced(l))
                    .collect();
                let right: Vec<Form> = (self.right(g).into_iter())
                    .map(|r| self.reduced(r))
                    .collect();
                self.reduce(left, right)
            })
        };
        self.reduced.insert(g, reduced);
        reduced
    }

    /// {left | right} (reduced options of a game equal to G modulo Inf)
    /// with its Inf-dominated options deleted and its Inf-reversible ones
    /// bypassed. Each step keeps the game equal to G modulo Inf, so the
    /// reversing test compares with the game as it stands (smaller than G,
    /// whose options are not reduced).
    fn reduce(&mut self, mut left: Vec<Form>, mut right: Vec<Form>) -> Form {
        loop {
            left = self.inf_undominated(left, Side::Left);
            right = self.inf_undominated(right, Side::Right);
            let now = self.game(&left, &right);
            if let Some(bypassed) = self.inf_bypass(now, &left, Side::Left) {
                left = bypassed;
                continue;
            }
            if let Some(bypassed) = self.inf_bypass(now, &right, Side::Right) {
                right = bypassed;
                continue;
            }
            return now;
        }
    }

    /// Whether G ≥ H modulo infinitesimals: the Right stop of G − H is at
    /// least 0 (Grossman–Siegel).
    pub fn ge_inf(&mut self, g: Form, h: Form) -> bool {
        let difference = self.sub(g, h);
        !self.right_stop(difference).is_negative()
    }

    /// `options` without those another of them Inf-dominates (for Left, one
    /// that is ≥ modulo Inf; for Right, ≤); of options equal modulo Inf,
    /// the first kept.
    fn inf_undominated(&mut self, options: Vec<Form>, side: Side) -> Vec<Form> {
        let mut kept: Vec<Form> = Vec::new();
        for (i, &o) in options.iter().enumerate() {
            let dominated = options.iter().enumerate().any(|(j, &p)| {
                if i == j {
                    return false;
                }
                let (better, worse) = side.of(((p, o), (o, p)));
                // p dominates o: strictly, or equally and written first.
                self.ge_inf(better, worse) && (j < i || !self.ge_inf(worse, better))
            });
            if !dominated {
                kept.push(o);
            }
        }
        kept
    }

    /// `options` with the first Inf-reversible one replaced by the options
    /// of the same side of its reversing option: a Left option G^L1 with a
    /// Right option G^L1R1 ≤ G modulo Inf (Right's with G^R1L1 ≥ G), where
    /// one is.
    fn inf_bypass(&mut self, g: Form, options: &[Form], side: Side) -> Option<Vec<Form>> {
        for (i, &o) in options.iter().enumerate() {
            for reply in self.options(o, side.other()) {
                let reverses = match side {
                    Side::Left => self.ge_inf(g, reply),
                    Side::Right => self.ge_inf(reply, g),
                };
                if reverses {
                    let mut bypassed = options.to_vec();
                    bypassed.remove(i);
                    bypassed.extend(self.options(reply, side));
                    return Some(bypassed);
                }
            }
        }
        None
    }
}
