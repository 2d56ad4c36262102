//! Why a census cannot be taken: sizes out of a family's range, a family
//! the game's positions are not of, an alphabet of strips unknown or
//! amiss, a number of heaps the game is not played on.

/// Why a census cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum CensusError {
    #[error("a census of {what} of {first}..{last} {unit} is not one to take")]
    #[diagnostic(
        code(gamelang::census::sizes),
        help(
            "give the sizes as a range from 1 (`1..{example}`), the first no larger than the last, at most {most} {unit}{why}"
        )
    )]
    /// Sizes out of the family's range.
    Sizes {
        /// The family's positions: `shapes`.
        what: &'static str,
        /// What its sizes count: `cells`.
        unit: &'static str,
        /// The first size asked for.
        first: u64,
        /// The last size asked for.
        last: u64,
        /// A size to show.
        example: u64,
        /// The most size.
        most: u64,
        /// Why the most (in brackets, with a space before).
        why: &'static str,
    },

    #[error("`{game}` is played on {played}: a census of {asked} takes {takes}")]
    #[diagnostic(code(gamelang::census::family), help("{help}"))]
    /// A family the game's positions are not of.
    Family {
        /// The game, by its title.
        game: String,
        /// What its positions are: `heaps`.
        played: &'static str,
        /// The family asked for: `shapes`.
        asked: &'static str,
        /// What that family takes: `a board game`.
        takes: &'static str,
        /// Which census fits the game.
        help: String,
    },

    #[error("the characters of `{game}`'s cells are not known: its rules are not stencils")]
    #[diagnostic(
        code(gamelang::census::alphabet),
        help(
            "give the characters a strip's cells take as its alphabet (`.xo`: an empty cell, a cross, a nought)"
        )
    )]
    /// Strips of a game whose cells' characters are not known.
    NoAlphabet {
        /// The game, by its title.
        game: String,
    },

    #[error("the alphabet {alphabet:?} cannot be the characters of a board's cells: {why}")]
    #[diagnostic(
        code(gamelang::census::alphabet),
        help("give each character once, each printable and none a space, `|` or a quote (`.xo`)")
    )]
    /// An alphabet given that cannot be a board's cells.
    BadAlphabet {
        /// The alphabet as given.
        alphabet: String,
        /// What is wrong with it.
        why: String,
    },

    #[error("`{game}` is played on {played} heaps, and the census asks for {asked}")]
    #[diagnostic(
        code(gamelang::census::heaps),
        help(
            "leave out the number of heaps for the game's own; a number is given for a game of any number of heaps (`heaps *`), from 1 to {most}"
        )
    )]
    /// A number of heaps the game is not played on.
    Heaps {
        /// The game, by its title.
        game: String,
        /// How many heaps it is played on: `2`, `any number of`.
        played: String,
        /// How many were asked for.
        asked: usize,
        /// The most a census takes.
        most: usize,
    },
}
