//! What a move of a scoring game is worth (a leaf the negamax and the
//! alpha-beta search share).

/// What a move is worth to its player: its points, plus the value of
/// where it leads when they move again, else minus it; `None` past 128
/// bits.
pub fn worth(points: i128, again: bool, value: i128) -> Option<i128> {
    match again {
        true => points.checked_add(value),
        false => points.checked_sub(value),
    }
}
