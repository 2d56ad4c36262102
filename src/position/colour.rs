//! The colour of a Hackenbush edge, shared by the graphs and the tinted
//! graphs (a leaf: it names neither).

/// The colour of a Hackenbush edge (Winning Ways, ch. 2): Left cuts blue
/// edges, Right red ones, and either player green ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Either player's.
    Green,
    /// Left's.
    Blue,
    /// Right's.
    Red,
}

impl Colour {
    /// Every colour, in the order of their numbers.
    pub const ALL: [Colour; 3] = [Colour::Green, Colour::Blue, Colour::Red];

    /// The number an edge of this colour keeps as its third heap.
    pub fn code(self) -> u64 {
        self as u64
    }

    /// The colour kept as `code`, if one is.
    pub fn of_code(code: u64) -> Option<Colour> {
        Colour::ALL.get(usize::try_from(code).ok()?).copied()
    }

    /// Its word: `green`, `blue`, `red`.
    pub fn word(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }
}
