//! What stops an analysis: a search that could not answer (its error,
//! wrapped), a position no method can answer, a closed form that disagrees
//! with the search, a table or a play that cannot be set up.

use num_bigint::BigUint;

use crate::known::KnownMove;
use crate::position::{Outcome, Position, heaps_text};
use crate::search::SearchError;

/// What can go wrong answering a question: the search's errors, and the analysis's own.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum AnalysisError {
    /// A search could not answer.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Search(Box<SearchError>),

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
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Position,
    },

    /// No closed form applies and a heap is beyond the search's machine words.
    #[error("{position} is too large for a search of `{game}`")]
    #[diagnostic(
        code(gamelang::search::too_large),
        help("the search handles heaps below 2^64; no closed form is known for this game")
    )]
    TooLargeToSearch {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Position,
    },

    /// Comparing a closed form with the search on every small position
    /// would take too many positions.
    #[error(
        "comparing `{game}` on every position with heaps up to {bound} takes {} positions, more than the {limit} allowed",
        count_text(*.positions)
    )]
    #[diagnostic(code(gamelang::verify::too_large), help("compare on smaller heaps"))]
    TooManyToVerify {
        /// The game, by its title.
        game: String,
        /// Positions were compared with heaps up to this.
        bound: u64,
        /// `None`: more than 2^128.
        positions: Option<u128>,
        /// The limit it passed.
        limit: usize,
    },

    /// A closed form disagrees with the search: a bug in gamelang.
    #[error(
        "internal error: the closed form `{id}` disagrees with the search on `{game}` at {position}: {disagreement}"
    )]
    #[diagnostic(code(gamelang::internal), help("this is a bug in gamelang"))]
    ClosedFormDisagrees {
        /// The closed form's catalogue id.
        id: &'static str,
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Position,
        /// How they disagree.
        disagreement: Box<Disagreement>,
    },

    /// A table of positions of another number of heaps than the game's
    /// (or of none).
    #[error("a table of positions of {asked} heaps, and `{game}` is played on {played} heaps")]
    #[diagnostic(
        code(gamelang::table::heap_count),
        help(
            "a table of a game of any number of heaps may say how many, from 1 to 64; of a game of a fixed number, it is that number"
        )
    )]
    TableHeapCount {
        /// The game, by its title.
        game: String,
        /// How many heaps the game is played on: a number, or `any number of`.
        played: String,
        /// How many the table asks for.
        asked: usize,
    },

    /// A table shows positions of heaps (or coins), and this game's
    /// positions are graphs.
    #[error("a table shows positions of heaps, and `{game}` is played on graphs")]
    #[diagnostic(
        code(gamelang::table::heap_count),
        help(
            "analyze its graphs one by one instead, like `analyze {game} at graph {{ 0 -- 1, 1 -- 2 }}`"
        )
    )]
    TableOfGraphs {
        /// The game, by its title.
        game: String,
    },

    /// A table of a board game's sizes asked past what it holds.
    #[error("a table of empty boards of {rows} rows and {cols} columns is not one to make")]
    #[diagnostic(
        code(gamelang::table::board_sizes),
        help(
            "give the rows and the columns as ranges from 1 (`1..4`), the first no larger than the last, the largest board of at most {most} cells"
        )
    )]
    BoardSizes {
        /// The rows asked, as written.
        rows: String,
        /// The columns asked, as written.
        cols: String,
        /// The most cells a board may have.
        most: u64,
    },

    /// A table of empty boards was asked of a game played on heaps.
    #[error(
        "`{game}` is played on heaps, and a table by rows and columns shows a board game's empty boards"
    )]
    #[diagnostic(
        code(gamelang::table::heap_count),
        help("table its heaps instead, by their largest size")
    )]
    NotABoard {
        /// The game, by its title.
        game: String,
    },

    /// A table of heaps was asked of a game played on a board.
    #[error("a table shows positions of heaps, and `{game}` is played on a board")]
    #[diagnostic(
        code(gamelang::table::heap_count),
        help(
            "a partizan board game is tabled by its empty boards' rows and columns; or analyze its boards one by one, like `analyze {game} at \"...|...\"`"
        )
    )]
    TableOfBoards {
        /// The game, by its title.
        game: String,
    },

    /// Values computed before are taken up only by the one-heap engine,
    /// and only before it has values of its own.
    #[error("`{game}` cannot go on from values computed before: {why}")]
    #[diagnostic(
        code(gamelang::values::not_resumable),
        help(
            "values are kept for one-heap games in normal play, without ends, coins or an invariant, whose heaps are valued one by one"
        )
    )]
    NotResumable {
        /// The game, by its title.
        game: String,
        /// Why not.
        why: NotResumable,
    },

    /// A values file could not be read back.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Saved(#[from] super::saved::SavedError),

    /// A graph is drawn heap by heap, and this heap is past 64 bits.
    #[error("{position} is too large for a graph")]
    #[diagnostic(code(gamelang::search::too_large), help("give heaps below 2^64"))]
    TooLargeForAGraph {
        /// The position asked about.
        position: Position,
    },

    /// A graph's nodes are positions of one game, and this game's moves
    /// become sums of positions.
    #[error("`{game}`'s moves become sums of positions, which its position graph does not draw")]
    #[diagnostic(
        code(gamelang::graph::sums),
        help(
            "`analyze` answers each position and lists the sums its winning moves become; `play` plays them out"
        )
    )]
    GraphOfSums {
        /// The game, by its title.
        game: String,
    },

    /// A compound other than the sum is decided by how long each
    /// component's play lasts, and this component's can go on forever.
    #[error(
        "`{game}` can go on forever from {position}, and a compound other than the sum needs games that end"
    )]
    #[diagnostic(
        code(gamelang::compound::loopy),
        help(
            "remoteness and suspense, which decide compounds, are for games that end; `analyze` answers the game alone, or a sum (`+`) with it"
        )
    )]
    LoopyCompound {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Position,
    },

    /// A sum with a game whose ends are declared, in misère play or with
    /// declared draws: no reduction to its components is known.
    #[error("`{game}` declares its ends, and a sum with it {} has no rule to answer it", if *.misere { "in misère play" } else { "and declared draws" })]
    #[diagnostic(
        code(gamelang::ends::sum),
        help(
            "analyze the game alone; sums of games with `win when` and `lose when` are answered in normal play, without `draw when`"
        )
    )]
    EndsInSum {
        /// The game, by its title.
        game: String,
        /// Whether it is played misère.
        misere: bool,
    },

    /// Play moves heap by heap, and this heap is past 64 bits.
    #[error("the play of `{game}` starts at {position}, with a heap of 2^64 or more")]
    #[diagnostic(
        code(gamelang::play::too_large),
        help("play from a position whose heaps are below 2^64 (18446744073709551616)")
    )]
    PlayTooLarge {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Position,
    },

    /// A partizan game (a rule of one player's) asked what only impartial
    /// games are answered.
    #[error(
        "`{game}` is a partizan game (Left and Right have different moves), and {what} takes impartial games only"
    )]
    #[diagnostic(
        code(gamelang::analysis::partizan),
        help(
            "`analyze` answers sums of partizan games (in normal play the canonical form, temperature and winning moves of each side; in misère play who wins each way and the winning moves) and their compounds (`all`, `every`, `some`, `any`, `series`: who wins each way); drop `left` and `right` for the impartial game"
        )
    )]
    Partizan {
        /// The game, by its title.
        game: String,
        /// What was asked: `table`, `play`, misère play, ...
        what: &'static str,
    },

    /// A scoring game in a sum, a compound or beside written values.
    #[error("`{game}` is a scoring game, and sums and compounds of scoring games are not answered")]
    #[diagnostic(
        code(gamelang::analysis::scoring_sum),
        help(
            "ask about one position of the game alone; sums of scoring games have no simple theory (the player who wins a component by more may still lose the sum on tempo), and gamelang implements none of the partial ones (Milnor's, Ettinger's, Stewart's)"
        )
    )]
    ScoringSum {
        /// The game, by its title.
        game: String,
    },

    /// A scoring game asked what only games won by the last move are
    /// answered.
    #[error("`{game}` is a scoring game, and {what} takes games won by the last move only")]
    #[diagnostic(
        code(gamelang::analysis::scoring),
        help(
            "`analyze`, `table` and `play` answer a scoring game: its score with best play, its best moves, each player's points"
        )
    )]
    Scoring {
        /// The game, by its title.
        game: String,
        /// What was asked: `graph`, a misère quotient, ...
        what: &'static str,
    },

    /// An impartial component of a partizan sum whose Grundy value is too
    /// large for its nimber to be built (or is not known).
    #[error(
        "`{game}` at {position} has no Grundy value of at most {max}, and a partizan sum takes its impartial components as nimbers of at most that"
    )]
    #[diagnostic(
        code(gamelang::analysis::nimber_too_large),
        help(
            "analyze the impartial component on its own, or a smaller position of it; its nimber *g is built from every smaller nimber"
        )
    )]
    NimberTooLarge {
        /// The game, by its title.
        game: String,
        /// The position.
        position: Position,
        /// The largest nimber built.
        max: u32,
    },

    /// A sum with a game that can go on forever.
    #[error("`{game}` can go on forever, and a sum with such a game cannot be played yet")]
    #[diagnostic(
        code(gamelang::play::loopy_sum),
        help("play the game on its own, or analyze the sum (`analyze` answers it)")
    )]
    LoopySum {
        /// The game, by its title.
        game: String,
    },

    /// A compound position with more moves than a play lists.
    #[error("this `{word}` position has {moves} moves, more than the {limit} a play lists")]
    #[diagnostic(
        code(gamelang::play::compound_too_wide),
        help("play from smaller positions, or fewer components; `analyze` answers the compound")
    )]
    CompoundTooWide {
        /// The compound's word.
        word: &'static str,
        /// How many moves the position has (at most 2^128 − 1).
        moves: u128,
        /// The most a play lists.
        limit: usize,
    },
}

impl From<SearchError> for AnalysisError {
    fn from(error: SearchError) -> Self {
        AnalysisError::Search(Box::new(error))
    }
}

fn count_text(positions: Option<u128>) -> String {
    positions.map_or_else(|| "more than 2^128".to_string(), |n| n.to_string())
}

/// Why a game cannot go on from values computed before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotResumable {
    /// Its table is not its one-heap values in normal play, found by the
    /// one-heap engine.
    #[error("its table is not a one-heap game's values in normal play")]
    NotOneHeap,
    /// Its search has values of its own already.
    #[error("its search has values of its own already")]
    Started,
}

/// Where a closed form and the search disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// Who wins.
    Outcome {
        /// The closed form's.
        closed: Outcome,
        /// The search's.
        search: Outcome,
    },
    /// The Grundy value.
    Grundy {
        /// The closed form's.
        closed: BigUint,
        /// The search's.
        search: u32,
    },
    /// The winning moves (each the rule's index and the position after it).
    Moves {
        /// The closed form's.
        closed: Vec<KnownMove>,
        /// How many the closed form counts.
        closed_count: BigUint,
        /// The search's.
        search: Vec<KnownMove>,
    },
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |moves: &[KnownMove]| {
            moves
                .iter()
                .map(|m| format!("{} by rule {}", heaps_text(&m.to), m.rule + 1))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Disagreement::Outcome { closed, search } => {
                write!(f, "the closed form says {closed:?}, the search {search:?}")
            }
            Disagreement::Grundy { closed, search } => {
                write!(
                    f,
                    "Grundy value {closed} by the closed form, {search} by the search"
                )
            }
            Disagreement::Moves {
                closed,
                closed_count,
                search,
            } => write!(
                f,
                "winning moves [{}] (count {closed_count}) by the closed form, [{}] by the search",
                show(closed),
                show(search)
            ),
        }
    }
}
