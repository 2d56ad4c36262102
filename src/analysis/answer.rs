//! What an analysis returns: one position's outcome, Grundy value, winning
//! moves and method, as values. Turning them into words is `report`'s job.

use std::sync::Arc;

use num_bigint::BigUint;

use crate::check::Instance;
use crate::misere::quotient::{Presentation, Stopped};
use crate::partizan::{Dyadic, Relation, Thermograph};
use crate::period::Period;
pub use crate::position::Outcome;
use crate::position::{Position, Side};
use crate::rules::Game;
pub use crate::search::Decomposition;
use crate::search::Explored;
pub use crate::search::loopy::Gamma;
pub use crate::search::timing::Timing;
pub use crate::syntax::ast::Compound;
use crate::syntax::ast::Split;

/// Everything gamelang says about one position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The position: one component per game of a sum, one for a single game.
    pub components: Vec<Component>,
    /// Who wins: P, N, or D (a draw).
    pub outcome: Outcome,
    /// Its Grundy value, or why there is none.
    pub grundy: Grundy,
    /// The first winning moves, at most `Options::max_moves` of them.
    pub winning_moves: Vec<WinningMove>,
    /// How many winning moves there are in all.
    pub winning_move_count: Count,
    /// From a draw: the first moves that keep the draw (none otherwise),
    /// at most `Options::max_moves` of them.
    pub drawing_moves: Vec<WinningMove>,
    /// How many moves keep the draw, in all.
    pub drawing_move_count: usize,
    /// How it was found.
    pub method: Method,
    /// What the answer leaves out, and why.
    pub notes: Vec<Note>,
    /// For a compound other than the sum (`every`, `all`, `some`, `any`):
    /// its kind, the number that decides it, and its winning moves, each a
    /// move in several components at once (`winning_moves` is then empty;
    /// `winning_move_count` counts these).
    pub compound: Option<CompoundAnswer>,
    /// A single game's remoteness and suspense (`search::timing`), where its
    /// play from the position is small enough to explore whole.
    pub timing: Option<Timing>,
    /// For a partizan position (a game with rules of one player, alone or
    /// in a sum): its canonical form and what follows from it (`grundy` is
    /// then `NoValue::Partizan`, `winning_moves` empty).
    pub partizan: Option<Box<Partizan>>,
    /// For a scoring game's position: its score with best play and its
    /// best moves (`grundy` is then `NoValue::Scoring`; `winning_moves`, or
    /// from a draw `drawing_moves`, are its best moves where they win or
    /// draw).
    pub scoring: Option<Box<Scoring>>,
    /// Asked as `compare G to H`: how G stands to H.
    pub compared: Option<Compared>,
    /// For a partizan sum whose play can go on forever: who wins with
    /// each player moving first, and each one's moves (`outcome` is then
    /// Siegel's class where neither start is a draw — L, R, N or P — and D
    /// where one is; `grundy` is `NoValue::Loopy`).
    pub loopy: Option<Box<Loopy>>,
}

/// What `compare G to H` answers: G's order against H, from the outcome
/// of G − H (G > H when Left wins G − H whoever starts, G < H when Right
/// does, G = H when the player to move loses, G ‖ H, confused, when the
/// player to move wins; Siegel, *Combinatorial Game Theory*, §II.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// G's order against H; `None` where G − H is a draw (play can go on
    /// forever), which orders nothing.
    pub relation: Option<Relation>,
    /// Where G's parts end among the components and the written values
    /// (the rest are H's, negated).
    pub split: Split,
    /// The written values as written, G's then H's, each with whether it
    /// is subtracted in its own sum (without the negation the comparison
    /// gives H's).
    pub values: Vec<(bool, String)>,
}

/// What a scoring game's answer adds (LANGUAGE.md, "Scoring games").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// The most the player to move wins by, both playing their best: their
    /// points from here on minus the other player's (negative: what they
    /// lose by; 0: a draw).
    pub score: i128,
    /// The first best moves (each worth `score` to its player), at most
    /// `Options::max_moves` of them.
    pub best_moves: Vec<WinningMove>,
    /// What each best move scores, in the same order.
    pub gains: Vec<Gain>,
    /// How many best moves there are in all.
    pub best_move_count: usize,
}

/// A move of one player in a partizan position, valued: what `play` offers
/// and chooses among.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideMove {
    /// The player who makes it.
    pub side: Side,
    /// The rule that makes it (an index into `Game::rules`).
    pub rule: usize,
    /// The position it leaves.
    pub to: Vec<u64>,
    /// That position's canonical form, as written.
    pub value: String,
    /// That position's outcome class.
    pub outcome: Outcome,
    /// It wins for its player: it leaves a position that player wins
    /// moving second (Left: G ≥ 0, Right: G ≤ 0).
    pub wins: bool,
}

/// The points one move scores, and whether its player moves again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gain {
    /// The points its player scores.
    pub points: i128,
    /// Its player moves again (`again`).
    pub again: bool,
}

/// A question's answer in brief: who wins and its value, without its
/// moves (`Analyzer::brief`), for questions asked by the million.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brief {
    /// Who wins: P, N, D, or for a partizan position L or R.
    pub outcome: Outcome,
    /// Its Grundy value, or why there is none.
    pub grundy: Grundy,
    /// A partizan position's canonical form, written as `Partizan::value`.
    pub value: Option<String>,
}

/// What a partizan position's answer adds: its value as a canonical form
/// and what follows from it, and each side's winning moves.
#[derive(Clone, Debug)]
pub struct Partizan {
    /// The canonical form, in CGSuite's ASCII notation: `0`, `-3/2`, `*2`,
    /// `^*`, `+-1`, `{2|-1/2}`; `None` where that is longer than 65,536
    /// characters (a form shares its options, and its text writes them out
    /// each time). The other forms of the answer are then written as a
    /// sentence that says so.
    pub value: Option<String>,
    /// Each game component's canonical form, in order, written so.
    pub components: Vec<String>,
    /// Each value written as a part of the sum (`Question::values`), as
    /// its canonical form writes it.
    pub values: Vec<String>,
    /// Where play ends, both playing for the best number: Left starting.
    pub left_stop: Dyadic,
    /// ... Right starting.
    pub right_stop: Dyadic,
    /// Its thermograph (`None` never for a short game: the theory's
    /// guard); its temperature and mean are the thermograph's.
    pub thermograph: Option<Thermograph>,
    /// Its birthday: the day its canonical form is born.
    pub birthday: BigUint,
    /// Its reduced canonical form, infinitesimals ignored (Grossman and
    /// Siegel), written as `value` is (`None` where that is too long).
    pub reduced: Option<String>,
    /// Its atomic weight, where it is all-small (Winning Ways, ch. 8),
    /// written as `value` is; `None` where it is not all-small.
    pub atomic_weight: Option<String>,
    /// Left's winning moves in the games, Left moving first (to a
    /// position G^L ≥ 0), at most `Options::max_moves` of them with those
    /// in the values.
    pub left_moves: Vec<WinningMove>,
    /// Left's winning moves in the written values.
    pub left_value_moves: Vec<ValueMove>,
    /// How many winning moves Left has in all.
    pub left_move_count: usize,
    /// Right's winning moves in the games, Right moving first (to
    /// G^R ≤ 0).
    pub right_moves: Vec<WinningMove>,
    /// Right's winning moves in the written values.
    pub right_value_moves: Vec<ValueMove>,
    /// How many winning moves Right has in all.
    pub right_move_count: usize,
}

/// A move in a value written as a part of a sum: to one of its canonical
/// form's options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueMove {
    /// Which value (0-based, into `Partizan::values`).
    pub value: usize,
    /// The option moved to, as its canonical form writes it.
    pub to: String,
}

impl Partizan {
    /// Its temperature, from its thermograph.
    pub fn temperature(&self) -> Option<&Dyadic> {
        self.thermograph.as_ref().map(|t| &t.temperature)
    }

    /// Its mean, from its thermograph.
    pub fn mean(&self) -> Option<&Dyadic> {
        self.thermograph.as_ref().map(|t| &t.mean)
    }
}

/// What a compound's answer adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundAnswer {
    /// Which compound.
    pub kind: Compound,
    /// The number that decides it, where one does.
    pub deciding: Option<Deciding>,
    /// The first winning moves, at most `Options::max_moves` of them: each
    /// the moves made at once, one per component that moves.
    pub moves: Vec<Vec<WinningMove>>,
}

/// The number that decides a compound: each component's, and the
/// compound's (the least remoteness, or the greatest suspense).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deciding {
    /// Which number.
    pub number: Number,
    /// Each component's, in order.
    pub components: Vec<u64>,
    /// The compound's.
    pub compound: u64,
}

/// How long a game's play lasts, both players playing to win
/// (`search::timing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// Smith's remoteness: the moves to the end with best play.
    Remoteness,
    /// The suspense number (Winning Ways, ch. 9).
    Suspense,
}

impl Answer {
    /// Whether the position is a sum of several games.
    pub fn is_sum(&self) -> bool {
        self.components.len() > 1
    }
}

/// One game of the position, with its parameter values, and its heaps.
#[derive(Clone, Debug)]
pub struct Component {
    /// The game, with its parameter values.
    pub game: Arc<Game>,
    /// Its position.
    pub position: Position,
    /// Written after `-`: its negative is in the sum.
    pub negated: bool,
}

impl From<&Instance> for Component {
    fn from(instance: &Instance) -> Component {
        Component {
            game: instance.game.clone(),
            position: instance.position.clone(),
            negated: instance.negated,
        }
    }
}

/// A position's Grundy value, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grundy {
    /// The value: 0 exactly for a P-position.
    Value(BigUint),
    /// Misère play has no Grundy values that add in sums.
    Misere,
    /// Not known, and why.
    Unknown(Unknown),
    /// A game that can go on forever: its generalised Sprague-Grundy value
    /// (Smith), a number or ∞ with a set of numbers.
    Loopy(Gamma),
    /// No value, and why.
    None(NoValue),
}

/// Why a position has no Grundy value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoValue {
    /// A compound other than the sum: values add only in sums.
    Compound,
    /// The play is over here (`win when`, `lose when`).
    Over,
    /// A move wins the whole play at once (`win when`), whatever else is
    /// played beside.
    WinsAtOnce,
    /// The game declares draws (`draw when`).
    Draws,
    /// A partizan position: its value is a canonical form
    /// (`Answer::partizan`).
    Partizan,
    /// A partizan position asked for its outcome alone (`--outcome`).
    OutcomeOnly,
    /// A scoring game: its value is its score (`Answer::scoring`).
    Scoring,
    /// A partizan sum whose play can go on forever (`Answer::loopy`).
    Loopy,
}

/// Why a Grundy value is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// The closed form (by its catalogue id) gives the outcome only, and the
    /// position is too large to search.
    OutcomeOnly {
        /// The closed form's catalogue id.
        closed_form: &'static str,
    },
}

impl Grundy {
    /// The value, where there is one.
    pub fn value(&self) -> Option<&BigUint> {
        match self {
            Grundy::Value(g) => Some(g),
            Grundy::Misere | Grundy::Unknown(_) | Grundy::Loopy(_) | Grundy::None(_) => None,
        }
    }
}

/// How many winning moves there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exact(BigUint),
    /// Counting them all would take too long; there are at least this many.
    AtLeast(BigUint),
    /// Not counted: a component's position is too large to search.
    Unknown,
}

/// A move to a P-position: made in one component, by one of its game's
/// rules, to new heaps for that component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// The component the move is made in (0-based, into `Answer::components`).
    pub component: usize,
    /// The rule that makes it (an index into the component's `Game::rules`).
    pub rule: usize,
    /// The component's heaps after the move (none where it `becomes` a sum).
    pub to: Position,
    /// The sum of positions the move becomes (`becomes`), in place of the
    /// component; empty for a move to the position `to`.
    pub terms: Vec<SumTerm>,
}

/// One position of the sum a move becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumTerm {
    /// Its game: `None` for the component's own game.
    pub game: Option<Arc<Game>>,
    /// Its position.
    pub position: Position,
}

/// How an answer was found: one method per component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    /// Each component's, in order.
    pub components: Vec<ComponentMethod>,
}

/// How one component was answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentMethod {
    /// By a known game's closed form.
    ClosedForm {
        /// The known game's catalogue id.
        id: &'static str,
        /// The closed form, with the game's parameters.
        rule: String,
        /// What the closed form was checked against before it answered.
        verified: Verified,
        /// The Grundy value came from the search, the closed form giving none.
        grundy_by_search: bool,
    },
    /// Heaps too large for the search, answered from the period the one-heap
    /// engine proved on small heaps: g(n) = g(index of n in the period).
    Period {
        /// The period proven.
        period: Period,
    },
    /// By the search.
    Search {
        /// Positions and moves this answer added to the search.
        explored: Explored,
        /// Positions (or heap sizes) the search holds, with earlier work.
        held: usize,
        /// Whole, or as the sum of which pieces.
        decomposition: Decomposition,
    },
    /// A partizan sum that can go on forever, searched whole: every sum its
    /// play reaches, with each player to move, labelled by retrograde
    /// analysis.
    LoopyPartizan {
        /// The sums reached, each counted once for each player to move.
        positions: usize,
        /// Whether it is a stopper: no play from it goes on forever;
        /// `None` where that was not looked at (more positions than a
        /// stopper's form is found for).
        stopper: Option<bool>,
    },
    /// A partizan sum played misère (the player who cannot move wins),
    /// searched whole: misère values do not add, and canonical forms are
    /// normal play's. Every position its play reaches, with each player
    /// to move, labelled by retrograde analysis.
    MiserePartizan {
        /// The positions reached, each counted once for each player to
        /// move.
        positions: usize,
    },
    /// A game that can go on forever, its reachable positions labelled by
    /// retrograde analysis and valued by the generalised Sprague-Grundy
    /// function.
    Loopy {
        /// Positions reachable from this one.
        positions: usize,
        /// Moves to the end with best play; `None` for a draw.
        remoteness: Option<u64>,
    },
    /// A misère game whose every heap (up to the largest asked about, or
    /// every heap by a proven period) has a tame genus (Conway): answered
    /// by the misère Nim rule on the genera.
    Tame {
        /// Heaps whose genus was found (0 up to this, less one).
        heaps: u64,
        /// The genera repeat with this period, for every heap.
        period: Option<Period>,
    },
    /// A sum of heaps of one misère game, answered by the game's misère
    /// quotient: P exactly when the product of the heaps' elements is in
    /// its P-portion.
    Quotient {
        /// The quotient's elements.
        order: usize,
        /// Elements in its P-portion.
        p_portion: usize,
        /// The heaps it was grown for, of each of its games (in the order
        /// of `presentation.games`).
        upto: Vec<u64>,
        /// The heaps' elements repeat from a heap on: for every heap, when
        /// proven.
        period: Option<Period>,
        /// Its generators and relations, and the P-portion's words.
        presentation: Presentation,
        /// The P-portion's elements, each a word in the generators.
        p_words: Vec<Vec<u32>>,
        /// What it was checked against before it answered.
        verified: Verified,
    },
    /// A sum of heaps of one misère game, larger than its quotient holds
    /// for: searched whole as one position, every position whose heaps the
    /// quotient holds for decided by it.
    QuotientSearch {
        /// The quotient's elements.
        order: usize,
        /// The heaps it holds for.
        upto: u64,
        /// Positions this answer searched.
        positions: usize,
    },
    /// A sum searched whole, as one game (a sum of misère games, whose
    /// values do not add): the one method of all its components.
    WholeSum {
        /// Positions of the sum the search judged.
        positions: usize,
    },
    /// A game that ends other than by running out of moves (`win when`,
    /// `lose when`, `draw when`).
    Ends {
        /// Positions explored.
        positions: usize,
        /// Searched with the ends as the rules say (`Some`, with the
        /// position's remoteness, `None` for a draw); or reduced for sums,
        /// every move that loses at once left out (`None`).
        played: Option<Option<u64>>,
        /// Reduced, and valued as a strip: the sum of parts that play
        /// independently (`positions` parts valued).
        split: bool,
    },
    /// A partizan game's position, valued as a canonical form by the
    /// partizan search (G = {G^L | G^R}, dominated options dropped and
    /// reversible ones bypassed).
    Partizan {
        /// Positions the game's partizan search holds, with earlier work.
        positions: usize,
    },
    /// A scoring game's position, valued by negamax: each position's
    /// points still to come found once (`search::scoring`).
    Scoring {
        /// Positions the game's scoring search holds, with earlier work.
        positions: usize,
        /// How many images of a board position (its turns and
        /// reflections, itself among them) are held as one: 1 where none
        /// are.
        turns: usize,
        /// The rules were proven once, from their blocks, to turn with the
        /// board (`moves::turns_with_board`); else, where `turns` is more
        /// than 1, they were checked at every position valued.
        turns_proven: bool,
        /// Where alpha-beta valued the position (`alone`, or its graph did
        /// not fit the limits): the positions that search expanded.
        pruned: Option<usize>,
        /// The position was valued alone by alpha-beta, not with every
        /// position below it: every play proven to end
        /// (`moves::plays_end`), and the board's rules to turn with it.
        alone: bool,
        /// The position was valued with the box of the first position
        /// asked (or a table's), row by row, as an interval dp (every rule
        /// a fixed shift).
        rows: bool,
    },
    /// A partizan game's position, asked for its outcome alone: searched
    /// for who wins, Left first and Right first, stopping at the first
    /// winning move, small regions valued as canonical forms.
    Outcome {
        /// Positions judged (each with the player to move) and regions
        /// valued, with earlier work.
        positions: usize,
    },
    /// A compound other than the sum, answered by its rule from each
    /// component's positions, all searched (`positions` of them).
    Compound {
        /// Which compound.
        kind: Compound,
        /// The rule that answered it.
        rule: CompoundRule,
        /// The positions searched.
        positions: usize,
    },
}

/// The rule that answers a compound (Winning Ways, ch. 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompoundRule {
    /// `all`: the least of the components' remoteness decides; odd, the
    /// player to move wins (even, in misère play). Smith 1966.
    LeastRemoteness,
    /// `every`: the greatest of the components' suspense decides; odd, the
    /// player to move wins (even, in misère play). Winning Ways, ch. 9.
    GreatestSuspense,
    /// `some` in normal play: the player to move wins exactly when some
    /// component is an N-position. Winning Ways, ch. 9.
    SomeN,
    /// `any` in normal play: the player to move wins exactly when no
    /// component has ended and some component is an N-position.
    SomeNNoneEnded,
    /// No rule known: the compound's positions searched whole.
    WholeSearch,
}

/// What an answer leaves out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A scoring game's position has `count` best moves; only the first
    /// `listed` are given.
    BestMovesCut {
        /// How many there are.
        count: usize,
        /// How many are listed.
        listed: usize,
    },
    /// There are `count` winning moves; only the first `listed` are given.
    MovesCut {
        /// How many there are.
        count: BigUint,
        /// How many are listed.
        listed: usize,
    },
    /// There are `count` winning moves, each to a position of `heaps`
    /// heaps: fewer are listed than asked for, to keep the answer small
    /// (`MAX_LISTED_HEAPS`).
    MovesCutBySize {
        /// How many there are.
        count: BigUint,
        /// How many are listed.
        listed: usize,
        /// The heaps of each position after a move.
        heaps: usize,
    },
    /// There are `count` drawing moves; only the first `listed` are given.
    DrawingMovesCut {
        /// How many there are.
        count: usize,
        /// How many are listed.
        listed: usize,
    },
    /// The winning moves are too many to count; the closed form's strategy
    /// found the ones listed.
    MovesUncounted,
    /// A loopy partizan sum too large to search whole, whose games are
    /// each a stopper alone: its outcome and value come from the sum of
    /// their simplest forms, and no move is listed.
    LoopyByValues,
    /// The closed form gives the value, but tries no move from heads this
    /// large: none is listed (an N-position has one).
    MovesNotTried,
    /// A heap far past a period's start has more winning splits than can be
    /// counted; those listed split off the smallest parts.
    SplitsUncounted,
    /// A heap far past a period's start: its winning moves are counted, and
    /// those listed split off the smallest parts.
    SplitsListedSmallest {
        /// How many there are.
        count: BigUint,
        /// How many are listed.
        listed: usize,
    },
    /// One side's winning moves in a partizan position, more than are
    /// listed.
    SideMovesCut {
        /// `Left` or `Right`.
        side: &'static str,
        /// How many there are.
        count: usize,
        /// How many are listed.
        listed: usize,
    },
    /// The moves in this component (0-based) are not listed: its position
    /// is too large to search.
    MovesNotListed {
        /// The component.
        component: usize,
    },
    /// This component's (0-based) Grundy value is unknown, and why.
    GrundyUnknown {
        /// The component.
        component: usize,
        /// Why.
        why: Unknown,
    },
    /// The play is over at this position (`win when`, `lose when`): the
    /// player who moved here won (`won`) or lost.
    Over {
        /// Won by the player who moved here (else lost).
        won: bool,
    },
    /// The game's misère quotient was not found for the heaps asked about,
    /// and why: the search answered instead.
    QuotientStopped {
        /// The game, by its title.
        game: String,
        /// Why the quotient stopped.
        stopped: Stopped,
    },
}

/// What a verification compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// How many positions were compared.
    pub positions: usize,
    /// Every heap was at most this.
    pub bound: u64,
    /// Positions had at most this many heaps.
    pub max_heaps: usize,
}

/// A partizan sum whose play can go on forever (Winning Ways, ch. 11;
/// Siegel, *Combinatorial Game Theory*, ch. VI): who wins with Left moving
/// first and with Right moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loopy {
    /// Left moving first.
    pub left_first: Start,
    /// Right moving first.
    pub right_first: Start,
    /// Whether it is a stopper: no play from it, or from any position it
    /// reaches, goes on forever (Siegel, §VI.1); `None` where that was not
    /// looked at (more positions than `partizan::MAX_STOPPER_NODES`).
    pub stopper: Option<bool>,
    /// Its value in CGSuite's notation for loopy games: a stopper's
    /// simplest form (`over`, `{1|pass}`; Siegel, §VI.5), another game's
    /// onside and offside (`on & off`; §VI.6), or the one stopper both
    /// are; `None` where they were not found or are longer than 65,536
    /// characters to write.
    pub value: Option<String>,
    /// Each value written as a part of the sum, as its canonical form
    /// writes it.
    pub values: Vec<String>,
    /// A sum played misère: its value in the dead-ending universe, or why
    /// there is none; `None` in normal play.
    pub misere: Option<MisereValue>,
}

/// A partizan sum played misère: its reduced form in the dead-ending
/// universe E (`partizan::MisereForms`), or why it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereValue {
    /// Its reduced form, as written (`{-1|0,1}`, an integer as its
    /// number); `None` where it is longer than `MAX_MISERE_TEXT`
    /// characters to write.
    Form(Option<String>),
    /// A game of the sum is not dead-ending: at `position` of `game`,
    /// `side` has no move, yet gets one after the other's move. Misère
    /// values are known in E alone (`MISERE_OUTSIDE`).
    Outside {
        /// The game the position is of.
        game: Arc<Game>,
        /// The position.
        position: Position,
        /// The player with no move there.
        side: Side,
    },
    /// Not found: the limit that stopped it, as its error says.
    Stopped(String),
}

/// The code of a misère value refused because the game is outside the
/// dead-ending universe.
pub const MISERE_OUTSIDE: &str = "gamelang::analysis::not_dead_ending";

/// Who wins a loopy partizan sum with one player (the mover) moving
/// first, and the mover's moves that do best: those that win where the
/// mover wins, those that keep the draw where it is a draw; none where
/// the mover loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The winner; `None` for a draw (play goes on forever).
    pub winner: Option<Side>,
    /// The moves to the end with best play (the winner hurrying, the loser
    /// delaying); `None` for a draw.
    pub remoteness: Option<u64>,
    /// The mover's best moves in the games, at most `Options::max_moves`
    /// of them with those in the values.
    pub moves: Vec<WinningMove>,
    /// ... in the written values.
    pub value_moves: Vec<ValueMove>,
    /// In a compound, the mover's best moves, each its moves in the
    /// components that move (at most `Options::max_moves`).
    pub compound_moves: Vec<Vec<WinningMove>>,
    /// How many best moves the mover has in all.
    pub move_count: BigUint,
    /// In an `all` compound answered by its components' tallies, each
    /// component's tally with this player first (the least decides).
    pub tallies: Vec<u64>,
}

impl Loopy {
    /// The outcome class: Siegel's L, R, N or P where neither start is a
    /// draw, D where one is.
    pub fn outcome(&self) -> Outcome {
        match (self.left_first.winner, self.right_first.winner) {
            (Some(Side::Left), Some(Side::Left)) => Outcome::L,
            (Some(Side::Right), Some(Side::Right)) => Outcome::R,
            (Some(Side::Left), Some(Side::Right)) => Outcome::N,
            (Some(Side::Right), Some(Side::Left)) => Outcome::P,
            _ => Outcome::D,
        }
    }
}
