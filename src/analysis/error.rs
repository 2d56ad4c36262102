//! What stops an analysis beyond its searches: a position no method can
//! answer, or a closed form that disagrees with the search.

use super::verify::Disagreement;
use crate::position::Position;

#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    /// A component's closed form gives the outcome only, so a sum with it
    /// has no value.
    #[error(
        "the sum cannot be decided: the Grundy value of component {} ({game} at {position}) is unknown",
        .component + 1
    )]
    #[diagnostic(
        code(gamelang::search::too_large),
        help(
            "its closed form gives only the outcome, and the position is too large to search: analyze it on its own"
        )
    )]
    SumUndecided {
        /// The component (0-based, as in an answer).
        component: usize,
        game: String,
        position: Position,
    },

    /// No closed form applies and a heap is beyond the search's machine words.
    #[error("{position} is too large for a search of `{game}`")]
    #[diagnostic(
        code(gamelang::search::too_large),
        help("the search handles heaps below 2^64; no closed form is known for this game")
    )]
    TooLargeToSearch { game: String, position: Position },

    /// Comparing a closed form with the search on every small position
    /// would take too many positions.
    #[error(
        "comparing `{game}` on every position with heaps up to {bound} takes {} positions, more than the {limit} allowed",
        count_text(*.positions)
    )]
    #[diagnostic(code(gamelang::verify::too_large), help("compare on smaller heaps"))]
    TooManyToVerify {
        game: String,
        bound: u64,
        /// `None`: more than 2^128.
        positions: Option<u128>,
        limit: usize,
    },

    /// A closed form disagrees with the search: a bug in gamelang.
    #[error(
        "internal error: the closed form `{id}` disagrees with the search on `{game}` at {position}: {disagreement}"
    )]
    #[diagnostic(code(gamelang::internal), help("this is a bug in gamelang"))]
    ClosedFormDisagrees {
        id: &'static str,
        game: String,
        position: Position,
        disagreement: Disagreement,
    },
}

fn count_text(positions: Option<u128>) -> String {
    positions.map_or_else(|| "more than 2^128".to_string(), |n| n.to_string())
}
