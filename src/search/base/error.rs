//! What stops a search: a rule that cannot be applied, a game that can go on
//! forever, a limit reached. Each variant carries its facts; the code,
//! message, labels and help are derived from them.

use miette::SourceSpan;

use crate::moves::MoveError;
use crate::position::{Named, Position};
use crate::rules::Game;
use crate::rules::expr::EvalError;
use crate::source::Source;

/// Why a search could not answer: a rule with no value, a limit passed, a game that may never end.
#[derive(Clone, Debug, thiserror::Error, miette::Diagnostic)]
pub enum SearchError {
    /// A rule's condition or amount has no value at a position the game reaches.
    #[error("the rule `{rule}` cannot be applied at {position}: {reason}")]
    #[diagnostic(
        code(gamelang::eval),
        help("{}", rule_fails_help(.reason))
    )]
    RuleFails {
        /// The rule, by its name.
        rule: String,
        /// The position asked about.
        position: Named,
        /// Why it cannot be evaluated.
        reason: Box<EvalError>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where it is written.
        #[label("this rule")]
        span: SourceSpan,
    },

    /// The positions reachable from here include a cycle.
    #[error("`{game}` can go on forever: {}", cycle_text(.cycle, .rules))]
    #[diagnostic(
        code(gamelang::search::cycle),
        help(
            "for a game meant to end, change the rules so that every move makes progress; as it is, `analyze` answers its positions: an impartial game's outcomes P, N or D (a draw) and generalised Sprague-Grundy values, a partizan game's winner with each player first"
        )
    )]
    Cycle {
        /// The game, by its title.
        game: String,
        /// The positions of the cycle as played, the first repeated at the
        /// end (perhaps in another order of its heaps).
        cycle: Vec<Position>,
        /// The rule of each step: one fewer than the positions.
        rules: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// The rule that closes the cycle.
        #[label("this rule moves from {} back to {}", closing(.cycle), last(.cycle))]
        span: SourceSpan,
    },

    /// A play of a scoring game returns to a position.
    #[error("a play of the scoring game `{game}` can go on forever: {}", cycle_text(.cycle, .rules))]
    #[diagnostic(
        code(gamelang::search::scoring_cycle),
        help(
            "the points still to come from a position are a number only where every play from it ends: change the rules so that every move makes progress"
        )
    )]
    ScoringCycle {
        /// The game, by its title.
        game: String,
        /// The positions of the cycle as played, the first repeated at the
        /// end.
        cycle: Vec<Position>,
        /// The rule of each step: one fewer than the positions.
        rules: Vec<String>,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// The rule that closes the cycle.
        #[label("this rule moves from {} back to {}", closing(.cycle), last(.cycle))]
        span: SourceSpan,
    },

    /// A scoring game's margin passes what 128 bits hold.
    #[error(
        "the score of `{game}` from {position} does not fit in 128 bits: a move by the rule `{rule}` brings the points still to come past ±2^127"
    )]
    #[diagnostic(
        code(gamelang::search::score_overflow),
        help(
            "scores are exact integers of up to 128 bits: give the moves fewer points, or ask about a position with a shorter play"
        )
    )]
    ScoreOverflow {
        /// The game, by its title.
        game: String,
        /// The rule whose move passed it, by its name.
        rule: String,
        /// The position asked about.
        position: Named,
        /// The source the span points into.
        #[source_code]
        src: Source,
        /// Where the rule is written.
        #[label("its points")]
        span: SourceSpan,
    },

    /// A search for a cycle stopped before it had seen every position
    /// reachable (`stopped` says why; `None`: the heaps pass 2^64, beyond
    /// the search): no cycle was found, but none was shown not to exist.
    #[error("could not show that every play of `{game}` from {position} ends: {}", stopped_text(.stopped))]
    #[diagnostic(
        code(gamelang::search::end_unknown),
        help(
            "only a search of every position reachable shows that no play returns to a position: ask about a smaller position"
        )
    )]
    EndUnknown {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// Why the search stopped, where it did.
        stopped: Option<Box<SearchError>>,
    },

    /// A game with declared ends, asked for what does not take them yet.
    #[error(
        "`{game}` declares its ends (`win when`, `lose when`, `draw when`), which {what} does not take"
    )]
    #[diagnostic(
        code(gamelang::ends::unsupported),
        help("`analyze` answers the game's positions, alone or in sums (normal play)")
    )]
    EndsUnsupported {
        /// The game, by its title.
        game: String,
        /// What it does not take.
        what: &'static str,
    },

    /// Misère play of a game that can go on forever.
    #[error("`{game}` at {position} can go on forever, and is played misère")]
    #[diagnostic(
        code(gamelang::search::misere_loopy),
        help(
            "draws and the generalised Sprague-Grundy values are for normal play: play it normal, or change the rules so that every play ends"
        )
    )]
    MisereLoopy {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
    },

    /// A misère quotient asked of a game played to normal play.
    #[error("`{game}` is played to normal play: misère quotients are for misère games")]
    #[diagnostic(
        code(gamelang::quotient::normal_play),
        help(
            "add `play misere` to the game; in normal play the Grundy values already answer every sum (`gamelang table`)"
        )
    )]
    QuotientOfNormalPlay {
        /// The game, by its title.
        game: String,
    },

    /// A misère quotient asked of a game whose moves are not on one heap.
    #[error("`{game}` is not a heap game: its moves do not all act on one heap alone")]
    #[diagnostic(
        code(gamelang::quotient::not_heap_game),
        help(
            "a misère quotient needs a position to be the sum of its heaps: moves that take from one heap (and perhaps split it), with no invariant and nothing read from other heaps"
        )
    )]
    QuotientOfNonHeapGame {
        /// The game, by its title.
        game: String,
    },

    /// The search needs more positions than it may hold.
    #[error("the search of `{game}` at {position} needs more than {limit} positions, its limit")]
    #[diagnostic(
        code(gamelang::search::too_large),
        help("ask about a smaller position")
    )]
    TooManyPositions {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The limit it passed.
        limit: usize,
    },

    /// What a search keeps (its positions, the moves waiting, a graph kept
    /// whole) grew past its memory limit.
    #[error(
        "the positions reachable from {position} in `{game}` and their moves need more than {limit_mb} MB, a search's memory limit"
    )]
    #[diagnostic(
        code(gamelang::search::memory_limit),
        help(
            "give the search more memory where the machine has it, or ask about a smaller position"
        )
    )]
    MemoryLimit {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The limit, in megabytes.
        limit_mb: u64,
    },

    /// The memory a search needs at once could not be had.
    #[error(
        "the search of `{game}` at {position} needs {bytes} bytes at once, more than this machine gives"
    )]
    #[diagnostic(
        code(gamelang::search::memory),
        help(
            "ask about a smaller position, or keep the position limit below what memory can hold"
        )
    )]
    OutOfMemory {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The bytes needed.
        bytes: u128,
    },

    /// The search examined more moves than its budget allows.
    #[error("the search of `{game}` at {position} examined more than {limit} moves, its budget")]
    #[diagnostic(
        code(gamelang::search::too_many_moves),
        help(
            "ask about a smaller position; a condition on `k` is tried for every amount unless it is a bound, a multiple, a divisor, a square or a parity"
        )
    )]
    TooManyMoves {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The limit it passed.
        limit: u64,
    },

    /// At the rate of the heaps evaluated so far, the heaps left would take
    /// the search past its move budget: refused before the work.
    #[error(
        "the search of `{game}` at {position} would examine about {moves} moves, more than its budget of {limit}"
    )]
    #[diagnostic(
        code(gamelang::search::too_many_moves),
        help(
            "ask about a smaller position; the estimate takes the moves per heap of the heaps evaluated so far, which grow with the heap"
        )
    )]
    WouldExceedMoves {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The limit it passed.
        limit: u64,
        /// The moves it would examine.
        moves: u128,
    },

    /// At the rate of the work done so far, the work left would take far
    /// longer than the question's timeout: refused before the work.
    #[error(
        "the search of `{game}` at {position} would take about {seconds} s at the rate so far, more than ten times its timeout of {timeout} s"
    )]
    #[diagnostic(
        code(gamelang::search::timeout),
        help(
            "ask about a smaller position; the estimate takes the work per heap of the heaps evaluated so far, which grows with the heap"
        )
    )]
    WouldTakeTooLong {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The timeout, in seconds.
        timeout: u64,
        /// The seconds it would take, estimated.
        seconds: u64,
    },

    /// The search ran past its time limit.
    #[error("the search of `{game}` at {position} ran out of time ({seconds} s)")]
    #[diagnostic(code(gamelang::search::timeout), help("ask about a smaller position"))]
    OutOfTime {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// The time limit, in seconds.
        seconds: u64,
    },

    /// The store of canonical forms a partizan question needs outgrew the
    /// memory limit: the same limit as a search's, the same code.
    #[error(
        "the canonical forms this question needs take more than {limit_mb} MB, a search's memory limit"
    )]
    #[diagnostic(
        code(gamelang::search::memory_limit),
        help(
            "ask about fewer or smaller components (a sum's canonical form can be far larger than its parts'), or ask who wins alone"
        )
    )]
    FormsMemory {
        /// The limit, in megabytes.
        limit_mb: u64,
    },

    /// Finding the canonical forms a partizan question needs ran past its
    /// time limit (or was called off).
    #[error("finding the canonical forms this question needs ran out of time ({seconds} s)")]
    #[diagnostic(
        code(gamelang::search::timeout),
        help(
            "ask about fewer or smaller components (a sum's canonical form can be far larger than its parts'), or ask who wins alone"
        )
    )]
    FormsTime {
        /// The time limit, in seconds.
        seconds: u64,
    },

    /// The search outgrew its limit, or followed a very long play, on a
    /// game whose moves can add to the heaps: it may go on forever without
    /// repeating a position.
    #[error("`{game}` may never end: from {position} {growth}, and its moves can add to heaps")]
    #[diagnostic(
        code(gamelang::search::never_ends),
        help(
            "a game whose positions never run out cannot be searched to its end; make every move take more than it adds"
        )
    )]
    MayNotEnd {
        /// The game, by its title.
        game: String,
        /// The position asked about.
        position: Named,
        /// How the search grew.
        growth: Growth,
    },

    /// The graph below a position has more nodes than may be exported.
    #[error("the graph below {position} has more than {limit} positions")]
    #[diagnostic(code(gamelang::search::too_large), help("export a smaller position"))]
    GraphTooLarge {
        /// The position asked about.
        position: Named,
        /// The limit it passed.
        limit: usize,
    },

    /// A move block of a heap game left a heap at least as large as the one
    /// it moved from (or moved from an empty heap): misère quotients and
    /// genera are for games whose moves leave smaller heaps.
    #[error(
        "a move of `{game}` from a heap of {heap} leaves a heap of {part}: its moves do not all leave smaller heaps"
    )]
    #[diagnostic(
        code(gamelang::search::not_shrinking),
        help(
            "misère quotients are for games whose every move leaves smaller heaps (and none from an empty heap); `analyze` searches this game whole"
        )
    )]
    NotShrinking {
        /// The game, by its title.
        game: String,
        /// The heap moved from.
        heap: u64,
        /// The heap left.
        part: u64,
    },

    /// A one-heap rule made a heap larger: a bug in the rules' lowering.
    #[error("internal error: a move from heap {heap} of `{game}` does not shrink it")]
    #[diagnostic(code(gamelang::eval), help("this is a bug in gamelang"))]
    HeapGrows {
        /// The game, by its title.
        game: String,
        /// The heap moved from.
        heap: u64,
    },
}

impl SearchError {
    /// Whether a limit stopped the search (positions, memory, moves, time):
    /// the position is too large for it, not wrong.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            SearchError::TooManyPositions { .. }
                | SearchError::OutOfMemory { .. }
                | SearchError::MemoryLimit { .. }
                | SearchError::TooManyMoves { .. }
                | SearchError::WouldExceedMoves { .. }
                | SearchError::WouldTakeTooLong { .. }
                | SearchError::OutOfTime { .. }
                | SearchError::FormsMemory { .. }
                | SearchError::FormsTime { .. }
        )
    }

    /// The same error, `heaps` the position asked about: a search of part
    /// of it (a group of its heaps, `Solver`) names its part.
    pub(crate) fn asked(mut self, heaps: &[u64]) -> Self {
        match &mut self {
            SearchError::RuleFails { position, .. }
            | SearchError::EndUnknown { position, .. }
            | SearchError::MisereLoopy { position, .. }
            | SearchError::TooManyPositions { position, .. }
            | SearchError::MemoryLimit { position, .. }
            | SearchError::OutOfMemory { position, .. }
            | SearchError::TooManyMoves { position, .. }
            | SearchError::WouldExceedMoves { position, .. }
            | SearchError::WouldTakeTooLong { position, .. }
            | SearchError::OutOfTime { position, .. }
            | SearchError::MayNotEnd { position, .. }
            | SearchError::ScoreOverflow { position, .. }
            | SearchError::GraphTooLarge { position, .. } => {
                *position = Named::of(heaps, position.board)
            }
            SearchError::Cycle { .. }
            | SearchError::ScoringCycle { .. }
            | SearchError::EndsUnsupported { .. }
            | SearchError::QuotientOfNormalPlay { .. }
            | SearchError::QuotientOfNonHeapGame { .. }
            | SearchError::NotShrinking { .. }
            | SearchError::HeapGrows { .. }
            | SearchError::FormsMemory { .. }
            | SearchError::FormsTime { .. } => {}
        }
        self
    }
}

/// How a game that may never end showed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Growth {
    /// The positions reached outgrew the search's limit.
    Positions(usize),
    /// A play went on for this many moves without repeating a position.
    Play(usize),
}

impl std::fmt::Display for Growth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Growth::Positions(limit) => {
                write!(
                    f,
                    "its moves keep reaching new positions (more than {limit})"
                )
            }
            Growth::Play(moves) => write!(
                f,
                "a play went on for more than {moves} moves without repeating a position"
            ),
        }
    }
}

fn rule_fails_help(reason: &EvalError) -> &'static str {
    match reason {
        EvalError::HeapValue { .. } => {
            "make the move only where every heap stays between 0 and 2^64 - 1: a `where` on the amount, or a `require` in a move block"
        }
        EvalError::HeapIndex { .. } => {
            "keep heap indices between 1 and `len`, or `require` that they are"
        }
        EvalError::OffBoard { .. } => {
            "change only cells on the board, or `require` that they are: a cell off it reads as '#'"
        }
        EvalError::ItemIndex { .. } => {
            "keep a list's indices between 1 and its length, `len(T)`, or `require` that they are"
        }
        EvalError::TooManyIterations { .. } => {
            "loops with a `choose` inside run at most 1000 iterations deep in all: loop over fewer values"
        }
        EvalError::OutOfBudget => "ask about a smaller position",
        EvalError::TooManySteps { .. } => {
            "choose from and loop over fewer values, or narrow the ranges with the position's own bounds"
        }
        EvalError::Sum | EvalError::Unlinked { .. } => "this is a bug in gamelang",
        EvalError::Overflow | EvalError::DivisionByZero | EvalError::PrimeTooLarge(_) => {
            "make the rule's condition defined for every position the game reaches"
        }
    }
}

/// Why a search for a cycle stopped, in words.
fn stopped_text(stopped: &Option<Box<SearchError>>) -> String {
    match stopped {
        Some(error) => error.to_string(),
        None => "its heaps pass 2^64, beyond the search".to_string(),
    }
}

/// `5 → 4 [take 1] → 5 [add 1]`: each position after the first with the
/// rule that reached it.
fn cycle_text(cycle: &[Position], rules: &[String]) -> String {
    let mut text = cycle.first().map(ToString::to_string).unwrap_or_default();
    for (position, rule) in cycle.iter().skip(1).zip(rules) {
        text.push_str(&format!(" → {position} [{rule}]"));
    }
    text
}

fn last(cycle: &[Position]) -> String {
    cycle.last().map(ToString::to_string).unwrap_or_default()
}

/// The position the closing move is made from: the last before the repeat.
fn closing(cycle: &[Position]) -> String {
    cycle
        .len()
        .checked_sub(2)
        .and_then(|i| cycle.get(i))
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// The error of a rule that fails at `heaps`.
pub(crate) fn move_error(game: &Game, heaps: &[u64], e: MoveError) -> SearchError {
    let rule = &game.rules[e.rule];
    SearchError::RuleFails {
        rule: rule.name.clone(),
        position: Named::of(heaps, game.board),
        reason: Box::new(e.error),
        src: game.source.clone(),
        span: rule.span,
    }
}

/// The error of an end's condition (`win when` and the like) that has no
/// value at `heaps`: the end's index and the error.
pub(crate) fn end_error(game: &Game, heaps: &[u64], (i, error): (usize, EvalError)) -> SearchError {
    let end = &game.ends[i];
    SearchError::RuleFails {
        rule: format!("{} when", end.kind.word()),
        position: Named::of(heaps, game.board),
        reason: Box::new(error),
        src: game.source.clone(),
        span: end.span,
    }
}

/// The refusal of a search that would hold more than `max_positions`.
pub(crate) fn too_large(game: &Game, max_positions: usize, heaps: &[u64]) -> SearchError {
    SearchError::TooManyPositions {
        game: game.title(),
        position: Named::of(heaps, game.board),
        limit: max_positions,
    }
}
