//! What one analyzer learned, taught to another: the canonical forms of the
//! positions of partizan games it valued as positions asked about (each
//! region's key, with its form apart from its store), so that analyzers
//! valuing a family of positions side by side — a census's threads, its
//! MPI ranks — each look up the regions another valued instead of searching
//! them again. As words, to be sent between processes.

use std::hash::{Hash, Hasher};

use super::kept::Kept;
use crate::partizan::{Portable, Reader};
use crate::rules::Game;

/// The regions one analyzer valued, each with its form, by game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Learned {
    /// Each game's fingerprint (`fingerprint`) and its regions' keys.
    games: Vec<(u64, Vec<Vec<u64>>)>,
    /// The regions' forms, in the order of their keys, game after game.
    forms: Portable,
}

impl Learned {
    /// How many regions it holds.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// It as words: the count of games, each game's fingerprint and count
    /// of regions, each region's count of words and its key's words; then
    /// the forms (`Portable::words`).
    pub fn words(&self) -> Vec<u64> {
        let mut words = vec![self.games.len() as u64];
        for (game, keys) in &self.games {
            words.extend([*game, keys.len() as u64]);
            for key in keys {
                words.push(key.len() as u64);
                words.extend(key);
            }
        }
        words.extend(self.forms.words());
        words
    }

    /// What `words` holds from its start (as `words` writes it), and the
    /// words after it; `None` where they are not so written.
    pub fn from_words(words: &[u64]) -> Option<(Learned, &[u64])> {
        let mut reader = Reader::new(words);
        let mut learned = Learned::default();
        let mut regions = 0usize;
        for _ in 0..reader.count()? {
            let game = reader.word()?;
            let keys = (0..reader.count()?)
                .map(|_| Some(reader.take()?.to_vec()))
                .collect::<Option<Vec<_>>>()?;
            regions += keys.len();
            learned.games.push((game, keys));
        }
        learned.forms = Portable::read(&mut reader)?;
        (learned.forms.len() == regions).then_some((learned, reader.rest()))
    }
}

/// A game's fingerprint: the same for the same lowered game in every
/// process of one binary (the std hasher with its fixed keys), so a region
/// is taught only to a search of its game.
fn fingerprint(game: &Game) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    game.hash(&mut hasher);
    hasher.finish()
}

/// What `kept`'s partizan searches learned since last asked (where they
/// keep it, `Kept::learning`).
pub(crate) fn learned(kept: &mut Kept) -> Learned {
    let mut games = Vec::new();
    let mut forms = Vec::new();
    for (game, state) in &mut kept.games {
        let Some(search) = &mut state.partizan else {
            continue;
        };
        let found = search.take_learned();
        if found.is_empty() {
            continue;
        }
        let (keys, found): (Vec<_>, Vec<_>) = found.into_iter().unzip();
        forms.extend(found);
        games.push((fingerprint(game), keys));
    }
    Learned {
        games,
        forms: kept.forms.export(&forms),
    }
}

/// Teaches `kept` what another analyzer learned: its forms read into
/// `kept`'s store, its regions into the partizan searches of their games
/// (made if need be: of the games `kept` has met, by any question; a game
/// not met learns nothing). A store that fills
/// its limits meanwhile is emptied, with every partizan search, as after a
/// question it stopped in.
pub(crate) fn learn(kept: &mut Kept, learned: &Learned) {
    if learned.is_empty() {
        return;
    }
    kept.limit_forms();
    let forms = kept.forms.import(&learned.forms);
    if kept.forms_went_on().is_err() {
        return;
    }
    let mut forms = forms.into_iter();
    for (game, keys) in &learned.games {
        let regions: Vec<_> = keys.iter().cloned().zip(forms.by_ref()).collect();
        let met = (kept.games.keys()).find(|met| fingerprint(met) == *game);
        if let Some(met) = met.cloned() {
            kept.partizan_search(&met).learn(regions);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Forms;

    fn some_learned() -> Learned {
        let mut forms = Forms::new();
        let (one, up) = (forms.integer(1), forms.up());
        let star = forms.nimber(1);
        Learned {
            games: vec![(17, vec![vec![1, 2], vec![]]), (3, vec![vec![u64::MAX]])],
            forms: forms.export(&[one, up, star]),
        }
    }

    #[test]
    fn learned_as_words_reads_back_whole() {
        let learned = some_learned();
        let mut words = learned.words();
        words.push(9);
        assert_eq!(Learned::from_words(&words), Some((learned, &[9][..])));
        let none = Learned::default();
        assert_eq!(Learned::from_words(&none.words()), Some((none, &[][..])));
    }

    #[test]
    fn words_not_so_written_are_refused() {
        let words = some_learned().words();
        for end in 0..words.len() {
            assert_eq!(Learned::from_words(&words[..end]), None, "cut at {end}");
        }
        // Keys and forms of different counts; a count past the words.
        let mut forms = Forms::new();
        let zero = forms.zero();
        let mismatched = Learned {
            games: vec![(1, vec![vec![1], vec![2]])],
            forms: forms.export(&[zero]),
        };
        assert_eq!(Learned::from_words(&mismatched.words()), None);
        assert_eq!(Learned::from_words(&[1, 5, u64::MAX]), None);
    }
}
