//! Who plays: the human or the computer.

/// Who plays: a person, or the perfect opponent (as an index, 0 and 1:
/// a scoring play's points are kept so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The person at the keyboard (or the caller).
    Human = 0,
    /// The perfect opponent.
    Computer = 1,
}

impl Player {
    /// `human` or `computer`, as a play's JSON names them.
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer => "computer",
        }
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Human => Player::Computer,
            Player::Computer => Player::Human,
        }
    }
}
