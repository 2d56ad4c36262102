//! A board game's strips: every row of n cells, each cell a character of
//! an alphabet, each once up to reversal where reversing the board keeps
//! its value (a turn of the game's stencils that maps a row onto itself
//! reversed and each player's rules onto their own; `moves::Stencils`).

use crate::moves::Stencils;
use crate::rules::Game;

use super::error::CensusError;

/// The longest strip a census takes: a board's most cells.
pub const MAX_CENSUS_LENGTH: usize = 4096;

/// The strips of a board game.
pub struct Strips {
    /// The characters a cell takes, in order.
    alphabet: Vec<char>,
    /// A strip is taken once with its reversal.
    reversible: bool,
}

impl Strips {
    /// The strips of `game` over `alphabet` (sorted, each once).
    pub fn new(game: &Game, alphabet: Vec<char>) -> Strips {
        let reversible = Stencils::read(game).is_some_and(|stencils| {
            (stencils.turns()).any(|(turn, negates)| !turn.swap && turn.flip_cols && !negates)
        });
        Strips {
            alphabet,
            reversible,
        }
    }

    /// The alphabet, as written.
    pub fn alphabet(&self) -> String {
        self.alphabet.iter().collect()
    }

    /// How many strips of `n` cells there are (at most `u64::MAX`).
    pub fn count(&self, n: u64) -> u64 {
        let a = self.alphabet.len() as u128;
        let power = |k: u64| {
            (0..k)
                .try_fold(1u128, |p, _| p.checked_mul(a))
                .unwrap_or(u128::MAX)
        };
        let all = power(n);
        let count = match self.reversible {
            // Burnside: each strip and its reversal, the palindromes once.
            true => all / 2 + power(n.div_ceil(2)).div_ceil(2),
            false => all,
        };
        u64::try_from(count).unwrap_or(u64::MAX)
    }

    /// The strips of `n` cells, in the alphabet's order, each the least of
    /// itself and its reversal where reversing keeps the value.
    pub fn tier(&self, n: u64) -> impl Iterator<Item = String> + use<> {
        let alphabet = self.alphabet.clone();
        let reversible = self.reversible;
        let mut digits: Option<Vec<usize>> = Some(vec![0; n as usize]);
        std::iter::from_fn(move || {
            loop {
                let current = digits.as_mut()?;
                let strip: Vec<usize> = current.clone();
                // The next in order: the last digit up, carried.
                let mut i = current.len();
                loop {
                    if i == 0 {
                        digits = None;
                        break;
                    }
                    i -= 1;
                    current[i] += 1;
                    if current[i] < alphabet.len() {
                        break;
                    }
                    current[i] = 0;
                }
                if reversible && strip.iter().rev().lt(strip.iter()) {
                    continue;
                }
                return Some(strip.iter().map(|&d| alphabet[d]).collect());
            }
        })
    }
}

/// The characters of `given` as an alphabet of cells: each once, none that
/// a board cannot hold.
pub fn alphabet(given: &str) -> Result<Vec<char>, CensusError> {
    let refuse = |why: String| CensusError::BadAlphabet {
        alphabet: given.to_string(),
        why,
    };
    let mut alphabet: Vec<char> = given.chars().collect();
    if alphabet.is_empty() {
        return Err(refuse("it has no character".to_string()));
    }
    if let Some(bad) = (alphabet.iter()).find(|c| !cell_character(**c)) {
        return Err(refuse(format!("{bad:?} cannot be a cell")));
    }
    alphabet.sort_unstable();
    if let Some(twice) = alphabet.windows(2).find(|w| w[0] == w[1]) {
        return Err(refuse(format!("{:?} is given twice", twice[0])));
    }
    Ok(alphabet)
}

/// The characters `stencils` read or write in a cell but `#` (a cell off
/// the board), where each is one a board can hold.
pub fn alphabet_of(stencils: &Stencils) -> Option<Vec<char>> {
    let alphabet: Option<Vec<char>> = (stencils.characters().iter())
        .filter(|&&c| c != u64::from(b'#'))
        .map(|&c| u32::try_from(c).ok().and_then(char::from_u32))
        .collect();
    alphabet.filter(|a| !a.is_empty() && a.iter().all(|&c| cell_character(c)))
}

/// Whether a strip's cell may be `c`: a board's cell, and no `|` (which
/// parts a board's rows).
fn cell_character(c: char) -> bool {
    c != '|' && crate::position::cell_character(c)
}
