//! The command line's own errors, and the advice it adds to the library's:
//! only here are command-line options named.

use std::fmt;

use gamelang::AnalysisError;
use gamelang::CheckError;
use gamelang::Error;
use gamelang::SearchError;
use gamelang::Source;
use miette::{Diagnostic, LabeledSpan, SourceCode, SourceSpan};

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum CliError {
    #[error("internal error: {message}")]
    #[diagnostic(
        code(gamelang::internal),
        help(
            "this is a bug in gamelang: please report it with the file and command that caused it"
        )
    )]
    Internal { message: String },

    #[error("a table needs `--upto`, or both `--rows` and `--cols`")]
    #[diagnostic(
        code(gamelang::usage),
        help(
            "`--upto N` tables heaps up to N; `--rows 1..4 --cols 1..6` a board game's empty boards"
        )
    )]
    TableSizes,

    #[error("`--as` chooses a side of a partizan game, and this game is impartial")]
    #[diagnostic(
        code(gamelang::usage),
        help("both players have the same moves here: drop `--as` (`--first` says who starts)")
    )]
    SideOfImpartial,

    #[error("cannot read {path}: {reason}")]
    #[diagnostic(code(gamelang::io), help("give the path of a readable .game file"))]
    Unreadable {
        path: String,
        reason: std::io::Error,
    },

    #[error("the explorer's server cannot start: {reason}")]
    #[diagnostic(
        code(gamelang::serve),
        help(
            "choose another port with `--port` (0: any free one), or an address of this machine with `--host`"
        )
    )]
    Serve { reason: std::io::Error },

    #[error("the explorer walks the positions of one game, and `{asked}` is {what}")]
    #[diagnostic(
        code(gamelang::serve::position),
        help("give one game's position, like `3` or `(3, 4)`, with the game's name apart")
    )]
    NotOnePosition { asked: String, what: &'static str },

    #[error("this position has no {kind} to draw")]
    #[diagnostic(
        code(gamelang::serve::picture),
        help(
            "a board is drawn for a board game's position, a thermograph for a partizan position with a value"
        )
    )]
    NoPicture { kind: &'static str },

    #[error("this request needs a parameter `{name}`, written as its kind reads it")]
    #[diagnostic(
        code(gamelang::serve::request),
        help(
            "see docs/EXPLORER.md for the API: `at` a position as after `at` in a file, `side` `left` or `right`, `upto`, `rows` and `cols` whole numbers"
        )
    )]
    MissingParameter { name: &'static str },

    #[error("this server was started without a file, so there is nowhere to save")]
    #[diagnostic(
        code(gamelang::serve::save),
        help("start it with the file to edit: `gamelang serve mygame.game`")
    )]
    NoFile,

    #[error("cannot write {path}: {reason}")]
    #[diagnostic(code(gamelang::io), help("give the path of a writable .game file"))]
    Unwritable {
        path: String,
        reason: std::io::Error,
    },

    #[error("cannot go on from {path}: {error}")]
    #[diagnostic(forward(error))]
    Values {
        path: String,
        error: gamelang::SavedError,
    },

    #[error("cannot save the values to {path}: {reason}")]
    #[diagnostic(
        code(gamelang::values::io),
        help("give --save the path of a file in a writable directory with room for the values")
    )]
    Unsaved {
        path: String,
        reason: std::io::Error,
    },

    #[error("{path} is larger than {limit} bytes, the most a .game file may be")]
    #[diagnostic(code(gamelang::io), help("give a .game file, or split this one"))]
    TooLarge { path: String, limit: u64 },

    #[error("{path} is not UTF-8 text: line {line}, column {column} is not a character")]
    #[diagnostic(code(gamelang::io), help("save the file as UTF-8"))]
    NotUtf8 {
        path: String,
        line: usize,
        column: usize,
        /// The text up to the first byte that is not UTF-8, to place it.
        #[source_code]
        valid: Source,
        #[label("not a character")]
        at: SourceSpan,
    },

    #[error("comparing on every position with heaps up to {bound} takes more than 2^64 positions")]
    #[diagnostic(
        code(gamelang::verify::too_large),
        help("give --verify a smaller bound")
    )]
    TooManyToVerify { bound: num_bigint::BigUint },

    /// The census's family or sizes do not fit the game.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Census(gamelang::CensusError),

    #[error("a census needs `--cells`, `--length`, `--upto` or `--vertices`")]
    #[diagnostic(
        code(gamelang::usage),
        help(
            "`--cells 1..8` a board game's shapes, `--length 1..8` its strips, `--upto N` a heap game's positions, `--vertices 1..6` a graph game's graphs"
        )
    )]
    CensusFamily,

    #[error("{path} holds a census of `{held}` already")]
    #[diagnostic(
        code(gamelang::census::held),
        help(
            "give --resume to go on with a census of `{game}` there (only a census of the same game and family), or another --db"
        )
    )]
    CensusHeld {
        path: String,
        held: String,
        game: String,
    },

    #[error("the census's database {path} cannot be used: {message}")]
    #[diagnostic(
        code(gamelang::census::database),
        help("give --db a file SQLite can create or open, in a folder that can be written")
    )]
    CensusDatabase { path: String, message: String },

    #[error("this gamelang was built without MPI, so it cannot run a census across processes")]
    #[diagnostic(
        code(gamelang::census::mpi),
        help(
            "build it with MPI (the system's OpenMPI and libclang installed): `cargo build --release --features mpi`, then run `mpirun -np K target/release/gamelang census ... --mpi`; or leave out --mpi to run on this machine's cores"
        )
    )]
    CensusNoMpi,

    #[error(
        "a batch of {positions} positions came back from the census's ranks with {rows} valued"
    )]
    #[diagnostic(
        code(gamelang::census::ranks),
        help("this is a bug in gamelang: run the census without --mpi, and report it")
    )]
    CensusRanks { positions: usize, rows: usize },

    #[error("play reads the moves from standard input, so it cannot read the game from there too")]
    #[diagnostic(code(gamelang::io), help("give the path of the .game file"))]
    StdinTaken,

    /// The command line itself is wrong: clap's message and its tips.
    #[error("{message}")]
    #[diagnostic(code(gamelang::usage))]
    Usage {
        message: String,
        #[help]
        help: String,
    },
}

impl CliError {
    /// clap's error about the command line, as a diagnostic: its first
    /// paragraph the message, its tips and usage line the help (else
    /// `command`'s `--help`).
    pub fn usage(e: &clap::Error, command: &str) -> CliError {
        let text = e.render().to_string();
        let mut paragraphs = text.split("\n\n").map(str::trim);
        let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let first = paragraphs.next().unwrap_or_default();
        let message = squeeze(first.strip_prefix("error:").unwrap_or(first));
        let mut help = Vec::new();
        for paragraph in paragraphs {
            for line in paragraph.lines().map(str::trim) {
                if let Some(tip) = line.strip_prefix("tip:") {
                    help.push(squeeze(tip));
                } else if let Some(usage) = line.strip_prefix("Usage:") {
                    help.push(format!("usage: {}", squeeze(usage)));
                }
            }
        }
        if help.is_empty() {
            help.push(format!("see {command} --help"));
        }
        CliError::Usage {
            message,
            help: help.join("; "),
        }
    }
}

/// A library error with the command line's advice: where the way out is an
/// option of the command, the message or help says so.
pub struct Advised<'a> {
    error: &'a Error,
    message: Option<String>,
    help: Option<String>,
    /// Where what the error is about is written, for an error with no
    /// place of its own (a search's about a position an `analyze`
    /// statement wrote, a table's about a game), and its label.
    placed: Option<(&'a Source, SourceSpan, &'static str)>,
}

impl<'a> Advised<'a> {
    /// `error` with the advice of a command whose long options are
    /// `options` (`--max-positions`, ...): advice names no other.
    pub fn new(error: &'a Error, options: &[String]) -> Self {
        let (message, help) = advice(error, &|option| options.iter().any(|o| o == option));
        Advised {
            error,
            message,
            help,
            placed: None,
        }
    }

    /// `new`, placed at `at` in `source` with `label` (the statement that
    /// asked, the game it is about), where the error has no place of its
    /// own.
    pub fn placed(
        error: &'a Error,
        options: &[String],
        (source, at, label): (&'a Source, SourceSpan, &'static str),
    ) -> Self {
        let placeless = Diagnostic::labels(error).is_none_or(|mut l| l.next().is_none());
        Advised {
            placed: placeless.then_some((source, at, label)),
            ..Advised::new(error, options)
        }
    }
}

/// The message and help that name an option, for errors an option can get
/// past or that a value given by an option caused; `has` says whether the
/// command has an option.
fn advice(error: &Error, has: &dyn Fn(&str) -> bool) -> (Option<String>, Option<String>) {
    // The library's words alone, as another front end gets them: the error
    // catalogue's test renders every example so, and finds no option named.
    if std::env::var_os("GAMELANG_NO_ADVICE").is_some() {
        return (None, None);
    }
    let help = |text: &str| (None, Some(text.to_string()));
    // "raise the limit with --max-positions N, or ask about a smaller
    // position", where the command has the option.
    let raise = |what: &str, option: &str, value: &str| {
        if has(option) {
            help(&format!(
                "{what} with {option} {value}, or ask about a smaller position"
            ))
        } else {
            help("ask about a smaller position")
        }
    };
    if let Some(e) = error.search() {
        return match e {
            SearchError::TooManyPositions { .. } => {
                raise("raise the limit", "--max-positions", "N")
            }
            SearchError::TooManyMoves { .. } => raise("raise the budget", "--move-budget", "N"),
            SearchError::MemoryLimit { .. } => raise("give it more", "--max-memory", "MB"),
            SearchError::WouldExceedMoves { moves, .. } => {
                raise("raise the budget", "--move-budget", &moves.to_string())
            }
            SearchError::WouldTakeTooLong { seconds, .. } => {
                raise("give it longer", "--timeout", &seconds.to_string())
            }
            SearchError::MayNotEnd { .. } if has("--max-positions") => help(
                "a game whose positions never run out cannot be searched to its end; if this one's do, raise --max-positions N (a play may be a 32nd of it)",
            ),
            SearchError::MayNotEnd { .. } => help(
                "a game whose positions never run out cannot be searched to its end; ask about a smaller position",
            ),
            SearchError::OutOfTime { .. } => raise("give it longer", "--timeout", "SECONDS"),
            SearchError::GraphTooLarge { .. } if has("--max-positions") => {
                help("export a smaller position, or raise the limit with --max-positions")
            }
            // The store of forms stopped: the limit it passed first, and
            // the question that needs no forms.
            SearchError::FormsMemory { .. } | SearchError::FormsTime { .. } => {
                let raise = match e {
                    SearchError::FormsMemory { .. } if has("--max-memory") => {
                        "give it more with --max-memory MB, or "
                    }
                    SearchError::FormsTime { .. } if has("--timeout") => {
                        "give it longer with --timeout SECONDS, or "
                    }
                    _ => "",
                };
                // Who wins alone, where the command asks it and was not
                // asked so already.
                let alone = match has("--outcome") {
                    true => ", or ask who wins alone: `gamelang analyze --outcome`",
                    false => "",
                };
                help(&format!(
                    "{raise}ask about fewer or smaller components (a sum's canonical form can be far larger than its parts'){alone}"
                ))
            }
            _ => (None, None),
        };
    }
    match error {
        Error::Analysis(e) => match **e {
            AnalysisError::TooManyToVerify { .. } if has("--verify") => {
                help("give --verify a smaller bound")
            }
            AnalysisError::ClosedFormDisagrees { .. } if has("--method") => {
                help("this is a bug in gamelang; `--method search` answers by the search alone")
            }
            AnalysisError::TableHeapCount { .. } if has("--heaps") => help(
                "--heaps sets the number of heaps of a game of any number of heaps, from 1 to 64; leave it out for a game of a fixed number",
            ),
            _ => (None, None),
        },
        Error::Check(e) => match &**e {
            CheckError::SeveralGames { file, .. } if has("--game") => (
                Some(format!(
                    "{file} defines several games: say which with --game"
                )),
                None,
            ),
            CheckError::NoAnalyzeStatement { .. } if has("--at") => {
                help("add `analyze GAME at POSITION` to the file, or give a position with --at")
            }
            CheckError::CausedByValues(caused) if has("--set") => {
                (None, Some(caused.help_with("by --set")))
            }
            _ => (None, None),
        },
    }
}

impl fmt::Debug for Advised<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.error, f)
    }
}

impl fmt::Display for Advised<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.message {
            Some(message) => f.write_str(message),
            None => fmt::Display::fmt(self.error, f),
        }
    }
}

impl std::error::Error for Advised<'_> {}

impl Diagnostic for Advised<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Diagnostic::code(self.error)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        match &self.help {
            Some(help) => Some(Box::new(help)),
            None => Diagnostic::help(self.error),
        }
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        match self.placed {
            Some((source, ..)) => Some(source as &dyn SourceCode),
            None => Diagnostic::source_code(self.error),
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        match self.placed {
            Some((_, span, label)) => Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
                Some(label.to_string()),
                span,
            )))),
            None => Diagnostic::labels(self.error),
        }
    }
}
