//! Games that can go on forever. Their reachable positions are explored
//! into an explicit graph, then:
//!
//! - retrograde analysis labels each position P, N or D (a draw) with its
//!   remoteness where finite: an end position is P, remoteness 0; a
//!   position with a move to a P one is N, one more than the nearest such;
//!   a position whose every move leads to an N one is P, one more than the
//!   farthest; what is never labelled is a draw;
//! - the generalised Sprague-Grundy function of Smith (1966) and Fraenkel
//!   gives each position a value that is a number or ∞ with a set K of
//!   numbers, so that sums are answered from their components' values: a
//!   sum of numbers is their XOR, a number a plus ∞(K) is ∞(K ⊕ a), and two
//!   ∞ values make ∞(∅). A value 0 is P; another number, or ∞(K) with 0 in
//!   K, is N; ∞(K) without 0 is a draw.
//!
//! The values are computed as Smith's algorithm does, for m = 0, 1, ...:
//! while some unlabelled position u has no move to a position labelled m,
//! and every move from u to a position unlabelled or labelled ∞ can be
//! answered by a move to one labelled m, label u with m; then label ∞ each
//! unlabelled position with no move to one labelled m.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::moves::MoveGen;
use crate::position::{Named, Outcome};
use crate::rules::EndKind;
use crate::rules::Game;
use crate::search::base::budget::Budget;
use crate::search::base::budget::Exhausted;
use crate::search::base::error::SearchError;
use crate::search::base::reached::{Reached, Visit};
use crate::search::engines::sums::Sums;
use crate::search::solver::Solver;
use crate::search::value::{Explored, Value};

/// A generalised Sprague-Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A number: the game is worth that nimber (0 for a P-position).
    Finite(u32),
    /// ∞ with the finite values of the position's moves, ascending.
    Infinite(Vec<u32>),
}

impl Gamma {
    /// Who wins a position (or a sum) of this value.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.contains(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }

    /// The value of the sum of positions of values `self` and `other`
    /// (Smith's theorem).
    pub fn add(&self, other: &Gamma) -> Gamma {
        match (self, other) {
            (Gamma::Finite(a), Gamma::Finite(b)) => Gamma::Finite(a ^ b),
            (Gamma::Finite(a), Gamma::Infinite(k)) | (Gamma::Infinite(k), Gamma::Finite(a)) => {
                let mut shifted: Vec<u32> = k.iter().map(|v| v ^ a).collect();
                shifted.sort_unstable();
                Gamma::Infinite(shifted)
            }
            (Gamma::Infinite(_), Gamma::Infinite(_)) => Gamma::Infinite(Vec::new()),
        }
    }
}

/// What a search of a position found: its value, or, when play can go on
/// forever from there, the graph of the positions reachable.
pub enum Found {
    Value(Value, Explored),
    Loopy(Box<LoopyGraph>),
}

/// Searches `heaps`; where a play can return to a position, explores the
/// positions reachable instead (at most `max_positions`). A misère game
/// that can go on forever is refused: draws and the generalised values are
/// for normal play.
pub fn search(
    solver: &mut Solver,
    heaps: &[u64],
    max_positions: usize,
) -> Result<Found, SearchError> {
    search_from(solver, heaps, &[], max_positions)
}

/// `search`, where a graph is explored, from `more` too: one graph for
/// positions asked about together (a table's).
pub fn search_from(
    solver: &mut Solver,
    heaps: &[u64],
    more: &[Vec<u64>],
    max_positions: usize,
) -> Result<Found, SearchError> {
    // The search for a value and the graph after a cycle are one question:
    // one timeout and one move budget.
    solver.as_one_question(|solver| match solver.value(heaps) {
        Ok((value, explored)) => Ok(Found::Value(value, explored)),
        Err(SearchError::Cycle { .. }) => {
            // The search stopped midway: what it holds is half evaluated.
            solver.forget();
            if solver.game.misere {
                return Err(SearchError::MisereLoopy {
                    game: solver.game.title(),
                    position: Named::of(heaps, solver.game.board),
                });
            }
            LoopyGraph::explore_game(solver, heaps, more, max_positions)
                .map(|g| Found::Loopy(Box::new(g)))
        }
        Err(e) => Err(e),
    })
}

/// The moves Smith's labelling looks at that take as long as one move of a
/// search: measured on the take-any game with a move up (the labelling at
/// about 2·10^9 looks a second, a search at about 7·10^6 moves).
const WORK_PER_MOVE: u64 = 256;

/// The graph of the positions reachable from some start, canonical, with
/// their outcomes, remoteness and values.
pub struct LoopyGraph {
    reached: Reached,
    keys: Keys,
    outcome: Vec<Outcome>,
    /// Moves to the end with best play (the winner hurrying, the loser
    /// delaying); `None` for a draw.
    remoteness: Vec<Option<u64>>,
    gamma: Vec<Gamma>,
}

/// How a graph's positions are keyed.
enum Keys {
    /// Positions of one game, canonical by its symmetry
    /// (`MoveGen::symmetry`).
    Positions((bool, bool)),
    /// Whole sums, where a move may become a sum (`Sums`).
    Sums(Box<Sums>),
}

impl LoopyGraph {
    /// Explores every position reachable from `heaps` in `solver`'s game,
    /// at most `max_positions` (and within the search's budgets), and
    /// labels them. In misère play an end
    /// position is won, and there are no values (they are for normal play).
    pub fn explore(
        solver: &Solver,
        heaps: &[u64],
        max_positions: usize,
    ) -> Result<Self, SearchError> {
        LoopyGraph::explore_from(solver, heaps, &[], max_positions)
    }

    /// `explore`, from `more` too, into one graph (`Reached::explore_from`).
    pub fn explore_from(
        solver: &Solver,
        heaps: &[u64],
        more: &[Vec<u64>],
        max_positions: usize,
    ) -> Result<Self, SearchError> {
        // The moves generated count against the search's budget of moves
        // and time, as a search's do.
        let mut budget = solver.question_budget();
        // A position where the play ends (`win when` and the like) is
        // explored no further.
        let mut visit = |heaps: &[u64]| {
            Ok(match solver.end_at(heaps)? {
                Some(kind) => Visit::End(kind),
                None => Visit::Open,
            })
        };
        let reached =
            Reached::explore_from(solver, heaps, more, max_positions, &mut budget, &mut visit)?;
        // Values are for normal play (with ends, they are the values of
        // the positions as a graph, which `analysis::ends` does not use).
        let values = !solver.game.misere;
        let keys = Keys::Positions(solver.symmetry());
        LoopyGraph::labelled(reached, keys, solver.game.misere, values, &mut budget)
            .map_err(|e| e.error(&solver.game, heaps))
    }

    /// `explore_from`, or in a game whose moves may become sums
    /// (`becomes`), the graph of the whole sums reachable from `heaps` and
    /// from each of `more`, labelled and valued (normal play).
    pub fn explore_game(
        solver: &mut Solver,
        heaps: &[u64],
        more: &[Vec<u64>],
        max_positions: usize,
    ) -> Result<Self, SearchError> {
        let mut budget = solver.question_budget();
        let game = solver.game.clone();
        let starts: Vec<Vec<u64>> = std::iter::once(heaps.to_vec())
            .chain(more.iter().cloned())
            .collect();
        let Some(search) = solver.sum_search() else {
            return LoopyGraph::explore_from(solver, heaps, more, max_positions);
        };
        let (reached, sums) = search.explore_whole(&starts, max_positions, &mut budget)?;
        LoopyGraph::labelled(
            reached,
            Keys::Sums(Box::new(sums)),
            false,
            true,
            &mut budget,
        )
        .map_err(|e| e.error(&game, heaps))
    }

    /// The positions reachable from `heaps` in the game reduced for sums
    /// (normal play): every move to a position that ends the play (`win
    /// when`, `lose when`), or from which the next player can win at once,
    /// left out; a position left with no move is an end, lost. Its values
    /// are the game's in sums with other games (see `analysis::ends`).
    pub fn reduced(
        solver: &Solver,
        heaps: &[u64],
        max_positions: usize,
    ) -> Result<Self, SearchError> {
        let mut budget = solver.question_budget();
        let mut probe = solver.question_budget();
        let mut visit = |heaps: &[u64]| {
            Ok(match solver.end_at(heaps)? {
                Some(EndKind::Draw) => Visit::End(EndKind::Draw),
                Some(_) => Visit::Skip,
                None if solver.wins_at_once(heaps, &mut probe)? => Visit::Skip,
                None => Visit::Open,
            })
        };
        let reached = Reached::explore_with(solver, heaps, max_positions, &mut budget, &mut visit)?;
        let keys = Keys::Positions(solver.symmetry());
        LoopyGraph::labelled(reached, keys, false, true, &mut budget)
            .map_err(|e| e.error(&solver.game, heaps))
    }

    /// `reached` labelled, and valued when `values`.
    fn labelled(
        reached: Reached,
        keys: Keys,
        misere: bool,
        values: bool,
        budget: &mut Budget,
    ) -> Result<Self, Exhausted> {
        let mut graph = LoopyGraph {
            reached,
            keys,
            outcome: Vec::new(),
            remoteness: Vec::new(),
            gamma: Vec::new(),
        };
        graph.label(misere);
        if values {
            graph.value(budget)?;
        }
        Ok(graph)
    }

    /// The id of a position in canonical form (`Solver::canonical`), if
    /// it was reached.
    pub fn id(&self, canonical: &[u64]) -> Option<usize> {
        self.reached.id(canonical)
    }

    /// The id of the position (or sum) `pieces`, each a game and its
    /// heaps, if it was reached: in a graph of one game's positions, one
    /// piece of that game.
    pub fn find<'a>(
        &self,
        pieces: impl IntoIterator<Item = (&'a Game, &'a [u64])>,
    ) -> Option<usize> {
        let key = match &self.keys {
            Keys::Positions(symmetry) => {
                let mut pieces = pieces.into_iter();
                let (Some((_, heaps)), None) = (pieces.next(), pieces.next()) else {
                    return None;
                };
                let mut key = Vec::new();
                MoveGen::canonical_into(heaps, *symmetry, &mut key);
                key
            }
            Keys::Sums(sums) => sums.key(pieces)?,
        };
        self.reached.id(&key)
    }

    pub fn len(&self) -> usize {
        self.reached.len()
    }

    /// About the bytes it takes: its graph, and a label and a value a
    /// position.
    pub fn bytes(&self) -> u64 {
        let labels = size_of::<Outcome>() + size_of::<Option<u64>>() + size_of::<Gamma>();
        self.reached.bytes() + (self.len() * labels) as u64
    }

    pub fn is_empty(&self) -> bool {
        self.reached.is_empty()
    }

    pub fn outcome(&self, id: usize) -> Outcome {
        self.outcome[id]
    }

    pub fn remoteness(&self, id: usize) -> Option<u64> {
        self.remoteness[id]
    }

    /// The end a position meets (`win when` and the like), if any.
    pub fn end(&self, id: usize) -> Option<EndKind> {
        self.reached.ends[id]
    }

    /// The value of a position (normal play only).
    pub fn gamma(&self, id: usize) -> &Gamma {
        &self.gamma[id]
    }

    /// Retrograde analysis (`retrograde`). An end position is lost, or
    /// won in `misere` play.
    fn label(&mut self, misere: bool) {
        let (outcome, remoteness) = retrograde(&self.reached, misere);
        self.outcome = outcome;
        self.remoteness = remoteness;
    }

    /// Smith's algorithm for the generalised Sprague-Grundy values (C. A.
    /// B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966);
    /// Fraenkel and Yesha's statement). Whether a position may take the
    /// value m changes only when a position two moves below it takes m, so
    /// each stage rechecks only those. The moves looked at are spent from
    /// `budget`, `WORK_PER_MOVE` of them as one move of a search (measured:
    /// about as long): the labelling is cubic in the worst case, and the
    /// budget bounds it.
    fn value(&mut self, budget: &mut Budget) -> Result<(), Exhausted> {
        let n = self.reached.len();
        let parents = self.reached.parents();
        // None: unlabelled; Some(None): ∞; Some(Some(m)): m.
        let mut label: Vec<Option<Option<u32>>> = vec![None; n];
        let mut left = n;
        let mut m = 0u32;
        let mut queue = std::collections::VecDeque::new();
        let mut queued = vec![false; n];
        // How many of a position's moves reach a position labelled m, this
        // stage (`stamp` says which stage the count is of).
        let mut to_m = vec![0u32; n];
        let mut stamp = vec![u32::MAX; n];
        while left > 0 {
            budget.check_clock()?;
            let has_m = |to_m: &[u32], stamp: &[u32], u: usize| stamp[u] == m && to_m[u] > 0;
            let mut work = 0u64;
            for u in (0..n).filter(|&u| label[u].is_none()) {
                queue.push_back(u);
                queued[u] = true;
            }
            while let Some(u) = queue.pop_front() {
                queued[u] = false;
                if label[u].is_some() || has_m(&to_m, &stamp, u) {
                    continue;
                }
                work += self.reached.moves(u).len() as u64;
                let answered = self.reached.moves(u).all(|v| match label[v] {
                    None | Some(None) => has_m(&to_m, &stamp, v),
                    Some(Some(_)) => true,
                });
                if !answered {
                    continue;
                }
                label[u] = Some(Some(m));
                left -= 1;
                for p in parents.of(u) {
                    if stamp[p] != m {
                        stamp[p] = m;
                        to_m[p] = 0;
                    }
                    to_m[p] += 1;
                    work += parents.of(p).len() as u64;
                    for g in parents.of(p) {
                        if label[g].is_none() && !queued[g] {
                            queue.push_back(g);
                            queued[g] = true;
                        }
                    }
                }
                if work >= 1 << 20 {
                    budget.spend(work / WORK_PER_MOVE)?;
                    work %= WORK_PER_MOVE;
                }
            }
            budget.spend((work + n as u64) / WORK_PER_MOVE)?;
            for (u, l) in label.iter_mut().enumerate() {
                if l.is_none() && !has_m(&to_m, &stamp, u) {
                    *l = Some(None);
                    left -= 1;
                }
            }
            m += 1;
        }
        self.gamma = (0..n)
            .map(|u| match label[u] {
                Some(Some(m)) => Gamma::Finite(m),
                _ => {
                    let mut k: Vec<u32> = self
                        .reached
                        .moves(u)
                        .filter_map(|v| label[v].flatten())
                        .collect();
                    k.sort_unstable();
                    k.dedup();
                    Gamma::Infinite(k)
                }
            })
            .collect();
        Ok(())
    }
}

/// Retrograde analysis of the graph `reached`, nearest first (a heap
/// ordered by remoteness), so that each position's remoteness is found
/// when it is labelled: each position P (the player to move loses), N (wins)
/// or D (a draw: never labelled), with the moves to the end with best play
/// (the winner hurrying, the loser delaying). An end position is lost, or
/// won in `misere` play; a position a `win when` ends is lost for the
/// player to move, a `lose when` won.
pub(crate) fn retrograde(reached: &Reached, misere: bool) -> (Vec<Outcome>, Vec<Option<u64>>) {
    let n = reached.len();
    let parents = reached.parents();
    // Moves not yet known to lead to an N position.
    let mut open: Vec<usize> = (0..n).map(|u| reached.moves(u).len()).collect();
    let mut outcome = vec![Outcome::D; n];
    let mut remoteness = vec![None; n];
    let mut queue = BinaryHeap::new();
    let end = if misere { Outcome::N } else { Outcome::P };
    for (u, &left) in open.iter().enumerate() {
        // Where the play ends: won by the player who moved there (lost
        // for the player to move), lost, or drawn (never labelled).
        let label = match reached.ends[u] {
            Some(EndKind::Win) => Outcome::P,
            Some(EndKind::Lose) => Outcome::N,
            Some(EndKind::Draw) => continue,
            None if left == 0 => end,
            None => continue,
        };
        outcome[u] = label;
        remoteness[u] = Some(0);
        queue.push(Reverse((0u64, u)));
    }
    while let Some(Reverse((r, u))) = queue.pop() {
        for p in parents.of(u) {
            if remoteness[p].is_some() {
                continue;
            }
            if outcome[u] == Outcome::P {
                outcome[p] = Outcome::N;
                remoteness[p] = Some(r + 1);
                queue.push(Reverse((r + 1, p)));
            } else {
                open[p] -= 1;
                if open[p] == 0 {
                    // Its farthest N move is this one: labelled last.
                    outcome[p] = Outcome::P;
                    remoteness[p] = Some(r + 1);
                    queue.push(Reverse((r + 1, p)));
                }
            }
        }
    }
    (outcome, remoteness)
}
