//! Positions: tuples of heaps, exact integers of any size.

use std::fmt;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

mod board;
mod colour;
mod graph;
mod tinted;
pub(crate) use board::cell_character;
pub use board::{BoardProblem, board_position, board_rows, board_text};
pub use colour::Colour;
pub use graph::{GraphShape, Kayles, graph_position, graph_text, grounded_edges, grounded_regions};
pub use tinted::{Colouring, tinted_regions};
pub(crate) use tinted::{Tinted, tinted};

/// Who wins a position with best play: its outcome class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move loses (the previous player wins).
    P,
    /// The player to move wins (the next player wins).
    N,
    /// Neither player can force a win: with best play the game goes on
    /// forever (only in a game that can).
    D,
    /// Left wins, whoever starts (only in a partizan game: G > 0).
    L,
    /// Right wins, whoever starts (only in a partizan game: G < 0).
    R,
}

impl Outcome {
    /// `P` when `p` holds, else `N`.
    pub fn p_if(p: bool) -> Self {
        if p { Outcome::P } else { Outcome::N }
    }

    /// A scoring game's outcome from its score (the player to move's
    /// margin with best play): N where it is positive, P negative, D 0.
    pub fn of_score(score: i128) -> Self {
        match score.signum() {
            1 => Outcome::N,
            -1 => Outcome::P,
            _ => Outcome::D,
        }
    }

    /// Whether `side` wins a position of this outcome moving second: a
    /// move of `side`'s to it wins (Left's to a G ≥ 0, L or P; Right's to a
    /// G ≤ 0, R or P; Siegel, *Combinatorial Game Theory*, §II.1).
    pub fn won_second_by(self, side: Side) -> bool {
        match side {
            Side::Left => matches!(self, Outcome::L | Outcome::P),
            Side::Right => matches!(self, Outcome::R | Outcome::P),
        }
    }

    /// Its letter: `P`, `N`, `D`, `L` or `R`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
            Outcome::L => "L",
            Outcome::R => "R",
        }
    }
}

/// A player of a partizan game: Left or Right (Winning Ways' names; Left
/// is the one who wins where a value is positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Left (bLue in Hackenbush).
    Left,
    /// Right (Red).
    Right,
}

impl Side {
    /// `left` or `right`, as a file writes it.
    pub fn word(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// `Left` or `Right`, as a sentence names the player.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }

    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// Its place in a pair held Left first: 0 for Left, 1 for Right.
    pub fn index(self) -> usize {
        match self {
            Side::Left => 0,
            Side::Right => 1,
        }
    }

    /// Of a pair held Left first (`(left, right)`), this side's.
    pub fn of<T>(self, (left, right): (T, T)) -> T {
        match self {
            Side::Left => left,
            Side::Right => right,
        }
    }
}

/// A position: one non-negative integer per heap, heap 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(pub Vec<BigUint>);

impl Position {
    /// Its heaps, heap 1 first.
    pub fn heaps(&self) -> &[BigUint] {
        &self.0
    }

    /// The heaps as machine words, or `None` if one is too large for them.
    pub fn to_u64s(&self) -> Option<Vec<u64>> {
        self.0.iter().map(ToPrimitive::to_u64).collect()
    }

    /// The position of these heaps.
    pub fn from_u64s(heaps: &[u64]) -> Self {
        Position(heaps.iter().map(|&h| BigUint::from(h)).collect())
    }
}

/// `21` for one heap, `(3, 5)` otherwise: the form a `.game` file uses.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_heaps(f, &self.0)
    }
}

/// A position as a message names it, as its game writes positions: a
/// board by its rows, quoted (`"..#|...."`), as the file wrote it; any
/// other by its heaps (`(3, 5)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The position.
    pub position: Position,
    /// Whether it is a board's.
    pub board: bool,
}

impl Named {
    /// The position of `heaps`, a board's where `board` says.
    pub fn of(heaps: &[u64], board: bool) -> Named {
        Named {
            position: Position::from_u64s(heaps),
            board,
        }
    }

    /// `position`, not a board's.
    pub fn heaps(position: Position) -> Named {
        Named {
            position,
            board: false,
        }
    }
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.board {
            true => f.write_str(&board_text(&self.position.0)),
            false => self.position.fmt(f),
        }
    }
}

/// Positions of more heaps than this are written shortened: the first
/// `SHOWN_FIRST` heaps, `…`, the last `SHOWN_LAST`, and the count.
const SHOWN_IN_FULL: usize = 32;
const SHOWN_FIRST: usize = 12;
const SHOWN_LAST: usize = 4;

/// Writes heaps in position syntax: `21` or `(3, 5)`; a position of
/// thousands of heaps shortened, `(1, 1, …, 1) (20000 heaps)`, so that no
/// message grows with it (JSON gives every heap).
pub fn write_heaps<T: fmt::Display>(f: &mut impl fmt::Write, heaps: &[T]) -> fmt::Result {
    if let [only] = heaps {
        return write!(f, "{only}");
    }
    let shortened = heaps.len() > SHOWN_IN_FULL;
    f.write_char('(')?;
    for (i, h) in heaps.iter().enumerate() {
        if shortened && (SHOWN_FIRST..heaps.len() - SHOWN_LAST).contains(&i) {
            if i == SHOWN_FIRST {
                f.write_str(", …")?;
            }
            continue;
        }
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{h}")?;
    }
    f.write_char(')')?;
    if shortened {
        write!(f, " ({} heaps)", heaps.len())?;
    }
    Ok(())
}

/// The items in exactly one of two increasing lists, increasing: the heads
/// of a coin game after turning some coins over, or the coins a move turned.
pub fn symmetric_difference<T: Ord + Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i].clone());
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j].clone());
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// The heads of a coin game in position syntax: `{1, 5, 9}`; thousands of
/// them shortened as `write_heaps` shortens heaps.
pub fn heads_text<T: fmt::Display>(heads: &[T]) -> String {
    let shortened = heads.len() > SHOWN_IN_FULL;
    let mut items: Vec<String> = Vec::new();
    for (i, h) in heads.iter().enumerate() {
        if shortened && (SHOWN_FIRST..heads.len() - SHOWN_LAST).contains(&i) {
            if i == SHOWN_FIRST {
                items.push("…".to_string());
            }
            continue;
        }
        items.push(h.to_string());
    }
    let text = format!("{{{}}}", items.join(", "));
    match shortened {
        true => format!("{text} ({} heads)", heads.len()),
        false => text,
    }
}

/// The heads of a product of coin games, pairs flattened, in position
/// syntax: `{(1, 2), (3, 4)}`.
pub fn pairs_text<T: fmt::Display>(heads: &[T]) -> String {
    let pairs: Vec<String> = (heads.chunks(2))
        .map(|p| match p {
            [x, y] => format!("({x}, {y})"),
            _ => String::new(),
        })
        .collect();
    format!("{{{}}}", pairs.join(", "))
}

/// Heaps in position syntax, every one of them, as a string: for the
/// position graph, whose labels must tell positions apart.
pub fn heaps_text_in_full<T: fmt::Display>(heaps: &[T]) -> String {
    let items: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    match items.as_slice() {
        [only] => only.clone(),
        _ => format!("({})", items.join(", ")),
    }
}

/// Heaps in position syntax, as a string.
pub fn heaps_text<T: fmt::Display>(heaps: &[T]) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write_heaps(&mut s, heaps);
    s
}

#[cfg(test)]
mod shortening {
    use super::heaps_text;

    #[test]
    fn positions_of_many_heaps_are_written_short() {
        let heaps: Vec<u64> = (1..=32).collect();
        assert_eq!(heaps_text(&heaps).matches(", ").count(), 31);
        let heaps: Vec<u64> = (1..=20_000).collect();
        assert_eq!(
            heaps_text(&heaps),
            "(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …, 19997, 19998, 19999, 20000) (20000 heaps)"
        );
    }
}
