//! How a search keys a position in its table: the least of its images by
//! the board's turns (`turns`), or sorted where heap order does not matter
//! (`MoveGen::symmetry`); packed a byte a heap for positions of many heaps
//! (`arena::pack`). Positions of one key have one value. The scoring
//! search keys so, and the partizan search a board whose rules are proven
//! to turn with it and that no stencils split.

use super::turns::Turns;
use crate::moves::MoveGen;
use crate::search::base::arena::{pack_onto, unpack};

/// Positions of more heaps than this are held packed.
pub(super) const PACK_PAST: usize = 4;

/// The keys of one table's positions.
pub(super) struct Keying {
    /// Whether positions may be sorted and stripped of empty heaps.
    pub symmetry: (bool, bool),
    /// The turns of each shape of board held once up to them.
    pub turns: Vec<Turns>,
    /// Whether the turns of a board of a shape met for the first time are
    /// made and kept.
    turning: bool,
    /// Keys are packed (`arena::pack`).
    pub packed: bool,
    /// Scratch: a key before it is packed.
    image: Vec<u64>,
}

impl Keying {
    /// Keys of positions as they are but sorted where `symmetry` allows,
    /// unpacked.
    pub fn new(symmetry: (bool, bool)) -> Keying {
        Keying {
            symmetry,
            turns: Vec::new(),
            turning: false,
            packed: false,
            image: Vec::new(),
        }
    }

    /// Keys of boards held up to their turns (of every shape), packed.
    pub fn for_boards() -> Keying {
        Keying {
            turning: true,
            packed: true,
            ..Keying::new((false, false))
        }
    }

    /// Keys of boards held up to their turns (of every shape), where
    /// `turning`; packed where `heaps`, the first position keyed, has more
    /// heaps than `PACK_PAST`.
    pub fn for_position(symmetry: (bool, bool), turning: bool, heaps: &[u64]) -> Keying {
        let mut keying = Keying::new(symmetry);
        keying.turning = turning;
        keying.packed = keying.width(heaps) > PACK_PAST;
        keying
    }

    /// How many heaps `heaps`' key has, before it is packed.
    pub fn width(&mut self, heaps: &[u64]) -> usize {
        MoveGen::canonical_into(heaps, self.symmetry, &mut self.image);
        self.image.len()
    }

    /// The largest heap of `heaps`' key.
    pub fn top(&mut self, heaps: &[u64]) -> u64 {
        MoveGen::canonical_into(heaps, self.symmetry, &mut self.image);
        self.image.iter().copied().max().unwrap_or(0)
    }

    /// Appends the key of `heaps` to `out`.
    pub fn key_into(&mut self, heaps: &[u64], out: &mut Vec<u64>) {
        let mut fits = self.turns.iter().position(|t| t.fits(heaps));
        if fits.is_none()
            && self.turning
            && let Some(turns) = Turns::of_board(heaps)
        {
            self.turns.push(turns);
            fits = Some(self.turns.len() - 1);
        }
        match fits {
            Some(i) => self.turns[i].least(heaps, &mut self.image),
            None => MoveGen::canonical_into(heaps, self.symmetry, &mut self.image),
        }
        match self.packed {
            true => pack_onto(&self.image, out),
            false => out.extend_from_slice(&self.image),
        }
    }

    /// The position a key stands for (one of the positions of that key),
    /// written into `out`.
    pub fn load(&self, key: &[u64], out: &mut Vec<u64>) {
        out.clear();
        match self.packed {
            true => unpack(key, out),
            false => out.extend_from_slice(key),
        }
    }

    /// How many images of the board `heaps` are held as one: 1 where none
    /// are.
    pub fn turns(&self, heaps: &[u64]) -> usize {
        (self.turns.iter())
            .find(|t| t.fits(heaps))
            .map_or(1, Turns::count)
    }
}
