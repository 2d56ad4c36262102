//! The reduced canonical form: a game with its infinitesimals ignored —
//! the simplest game that differs from it by an infinitesimal (J. P.
//! Grossman and A. N. Siegel, "Reductions of partizan games", in *Games of
//! No Chance 3*, MSRI Publ. 56, 2009; Siegel, *Combinatorial Game Theory*,
//! ch. II, "Reduced canonical form"; D. Calistrate, "The reduced canonical
//! form of a game", in *Games of No Chance*, MSRI Publ. 29, 1996).
//!
//! Found as Grossman and Siegel show it can be, without comparing games
//! modulo infinitesimals: heat G by * (∫^* G = G for a number G, else
//! {∫^* G^L + * | ∫^* G^R − *}, Winning Ways ch. 6's heating with * for
//! the temperature), then take the star projection of that (a number x
//! and x* both become x, every other game {ρ(G^L) | ρ(G^R)}). A game whose
//! two stops are one number x is x plus an infinitesimal: its reduced form
//! is x at once.

use super::form::Form;
use super::forms::Forms;
use crate::platform::deeper;

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
            let star = self.nimber(1);
            let heated = self.heat(g, star);
            self.star_projection(heated)
        };
        self.reduced.insert(g, reduced);
        reduced
    }

    /// The star projection of G: x for a number x and for x*, else
    /// {ρ(G^L) | ρ(G^R)} (Grossman and Siegel).
    fn star_projection(&mut self, g: Form) -> Form {
        if self.as_number(g).is_some() {
            return g;
        }
        let (left, right) = (self.left(g), self.right(g));
        // x* = {x | x}.
        if let ([l], [r]) = (left.as_slice(), right.as_slice())
            && l == r
            && self.as_number(*l).is_some()
        {
            return *l;
        }
        if let Some(&known) = self.projected.get(&g) {
            return known;
        }
        if !self.remember() {
            return g;
        }
        let projected = deeper(|| {
            let left: Vec<Form> = (left.into_iter())
                .map(|l| self.star_projection(l))
                .collect();
            let right: Vec<Form> = (right.into_iter())
                .map(|r| self.star_projection(r))
                .collect();
            self.game(&left, &right)
        });
        self.projected.insert(g, projected);
        projected
    }
}
