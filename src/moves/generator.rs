//! The move generator: a game's rules compiled once (`Compiled`), and
//! every position one move away from a position.

use std::sync::Arc;

use super::amounts::AmountGen;
use super::block::Code;
use super::reach::{Reach, reach};
use super::readings::runs::{self, Runs};
use super::readings::{Shift, Sweep};
use super::words::{Allowance, Group, MoveError, Next, Term, Within, move_cost};
use super::{block, kinds, reach};
use crate::position::{Colour, Colouring, symmetric_difference};
use crate::rules::expr::{Env, EvalError, Expr, Func};
use crate::rules::{
    Block, EndKind, EndTest, Game, Kayles, MoveKind, OctalCode, Split, Target, TermGame,
};

/// A game's rules, ready to generate moves.
#[derive(Clone, Debug)]
pub struct MoveGen {
    rules: Vec<Compiled>,
    invariant: Option<Expr>,
    /// `win when` and the like, in the order written.
    ends: Vec<(EndKind, EndTest)>,
    /// Positions are kept as written: the game has named parts or a move
    /// block, whose moves may tell heaps apart by place.
    as_written: bool,
    allowance: Allowance,
}

/// Makes `next` the copy of `heaps` a rule changes and puts back as it
/// makes its moves, unless it has one or the rule is a block (whose code
/// keeps its own): a block game's positions are not copied an extra time.
fn scratch_for(rule: &Compiled, heaps: &[u64], next: &mut Vec<u64>) {
    if !matches!(rule, Compiled::Block(..)) && next.len() != heaps.len() {
        next.clear();
        next.extend_from_slice(heaps);
    }
}

#[derive(Clone, Debug)]
enum Compiled {
    Take {
        amounts: AmountGen,
        target: Target,
        split_rest: Option<Split>,
    },
    Shift(AmountGen),
    Split(Split),
    EmptyAndSplit(Split),
    Octal(OctalCode),
    /// A move block, how it reaches the heaps, and its code (the block
    /// compiled, which makes its moves).
    Block(Block, Reach, Arc<Code>),
    /// Turn coins, numbered from `origin`.
    Turn {
        counts: AmountGen,
        row: bool,
        origin: u64,
    },
    /// The product of two coin games: their moves (none before linking).
    Product(Option<Box<[MoveGen; 2]>>),
    /// Slide a token along an arc: every arc one way, sorted by its start.
    Slide(Arc<Vec<(u64, u64)>>),
    /// Hackenbush: cut an edge (of a colour, of a coloured graph).
    Cut(Option<Colour>),
    /// Node or Arc Kayles: pick a vertex or an edge.
    Pick(Kayles),
    /// Snort or Col: colour a vertex.
    Colour(Colouring, Colour),
}

impl MoveGen {
    /// The moves of `game`'s rules, each compiled once.
    pub fn new(game: &Game) -> Self {
        let allowance = Allowance::default();
        let rules: Vec<Compiled> = game
            .rules
            .iter()
            .map(|rule| match &rule.kind {
                MoveKind::Take {
                    amounts,
                    target,
                    split_rest,
                } => Compiled::Take {
                    amounts: AmountGen::new(amounts, allowance.clone()),
                    target: *target,
                    split_rest: *split_rest,
                },
                MoveKind::Shift { amounts } => {
                    Compiled::Shift(AmountGen::new(amounts, allowance.clone()))
                }
                MoveKind::Split(split) => Compiled::Split(*split),
                MoveKind::EmptyAndSplit(split) => Compiled::EmptyAndSplit(*split),
                MoveKind::Octal(code) => Compiled::Octal(code.clone()),
                MoveKind::Block(block) => {
                    Compiled::Block(block.clone(), reach(block), Arc::new(Code::new(block)))
                }
                MoveKind::Slide(graph) => Compiled::Slide(Arc::new(graph.successors())),
                MoveKind::Cut(colour) => Compiled::Cut(*colour),
                MoveKind::Pick(kayles) => Compiled::Pick(*kayles),
                MoveKind::Colour(game, colour) => Compiled::Colour(*game, *colour),
                MoveKind::Product(product) => Compiled::Product(match &product.factors {
                    [TermGame::Other(a), TermGame::Other(b)] => {
                        Some(Box::new([MoveGen::new(a), MoveGen::new(b)]))
                    }
                    _ => None,
                }),
                MoveKind::Turn(turn) => Compiled::Turn {
                    counts: AmountGen::new(&turn.counts, allowance.clone()),
                    row: turn.row,
                    origin: game.coins.map_or(0, |c| c.origin),
                },
            })
            .collect();
        // An end's condition may read heaps by place.
        let as_written = game.parts.is_some()
            || !game.ends.is_empty()
            || (rules.iter()).any(|r| matches!(r, Compiled::Block(_, Reach::ByPlace, _)));
        MoveGen {
            rules,
            invariant: game.invariant.as_ref().map(|i| i.expr.clone()),
            ends: (game.ends.iter())
                .map(|end| (end.kind, end.test.clone()))
                .collect(),
            as_written,
            allowance,
        }
    }

    /// True when the order of heaps and empty heaps never matter, so that
    /// positions may be sorted and, with `drop_zeros`, stripped of zeros.
    /// A game with named parts, or a move block that names heaps by place
    /// (`reach`), is kept as written; one with any block keeps its empty
    /// heaps (a block may move from one).
    pub fn symmetry(&self, game: &Game) -> (bool, bool) {
        // A product's heads are pairs, kept in order by its moves: sorting
        // the heaps would part them.
        if self.as_written || game.graph.is_some() || game.coins.is_some_and(|c| c.pairs.is_some())
        {
            return (false, false);
        }
        let shifts = self.rules.iter().any(|r| matches!(r, Compiled::Shift(_)));
        let blocks = self.rules.iter().any(|r| matches!(r, Compiled::Block(..)));
        let sorted = !shifts && !self.reads_places();
        // A coin game's positions are kept increasing by its moves; coin 0
        // may show heads.
        let coins = game.coins.is_some();
        // A token on vertex 0 may still move: it is no empty heap.
        let slides = self.rules.iter().any(|r| matches!(r, Compiled::Slide(_)));
        (
            sorted,
            sorted && !blocks && !coins && !slides && !self.may_add() && game.heap_count.is_none(),
        )
    }

    /// Writes into `key` the form of `heaps` the search keeps: without empty
    /// heaps and sorted, where `symmetry` (as `MoveGen::symmetry` gives it)
    /// allows. Positions with the same form have the same value.
    pub fn canonical_into(heaps: &[u64], symmetry: (bool, bool), key: &mut Vec<u64>) {
        key.clear();
        Self::canonical_after(heaps, symmetry, key);
    }

    /// Writes the canonical form of `heaps` after what `key` holds (a
    /// game's number, say).
    pub fn canonical_after(heaps: &[u64], (sorted, drop_zeros): (bool, bool), key: &mut Vec<u64>) {
        let start = key.len();
        if drop_zeros {
            key.extend(heaps.iter().copied().filter(|&h| h != 0));
        } else {
            key.extend_from_slice(heaps);
        }
        if sorted {
            key[start..].sort_unstable();
        }
    }

    /// True when every move acts on one heap alone (a phrase that takes
    /// from one heap and perhaps splits it, or a block that reaches one
    /// chosen heap), and nothing reads other heaps: then a position is the
    /// sum of its heaps as one-heap games. A phrase removes tokens; a
    /// block's moves are seen to shrink the heap only as they are made
    /// (`shrinks`).
    pub fn one_heap_moves(&self) -> bool {
        let one_heap = self.rules.iter().all(|r| match r {
            Compiled::Take { target, .. } => *target == Target::One,
            Compiled::Split(_) | Compiled::Octal(_) | Compiled::Block(_, Reach::OneHeap, _) => true,
            Compiled::Shift(_)
            | Compiled::EmptyAndSplit(_)
            | Compiled::Block(..)
            | Compiled::Turn { .. }
            | Compiled::Product(_)
            | Compiled::Slide(_)
            | Compiled::Cut(..)
            | Compiled::Pick(_)
            | Compiled::Colour(..) => false,
        });
        one_heap
            && !self.as_written
            && self.invariant.is_none()
            && !self.may_add()
            && !self.reads_places()
    }

    /// Whether every move acts on one heap alone and reads no other, as in
    /// `one_heap_moves`, but perhaps leaving it larger (a token slid along
    /// a graph to a vertex of a higher number): a position is then still
    /// the sum of its heaps as one-heap games, where each one's play ends.
    pub fn independent_heaps(&self) -> bool {
        let one_heap = self.rules.iter().all(|r| match r {
            Compiled::Take { target, .. } => *target == Target::One,
            Compiled::Split(_)
            | Compiled::Octal(_)
            | Compiled::Block(_, Reach::OneHeap, _)
            | Compiled::Slide(_) => true,
            Compiled::Shift(_)
            | Compiled::EmptyAndSplit(_)
            | Compiled::Block(..)
            | Compiled::Turn { .. }
            | Compiled::Product(_)
            | Compiled::Cut(..)
            | Compiled::Pick(_)
            | Compiled::Colour(..) => false,
        });
        one_heap && !self.as_written && self.invariant.is_none() && !self.reads_places()
    }

    /// Whether every move is known to leave only smaller heaps: no block
    /// makes them (a block's moves are seen only as they are made).
    pub fn shrinks(&self) -> bool {
        !self.rules.iter().any(|r| matches!(r, Compiled::Block(..)))
    }

    /// When every move takes any positive amount from each of a fixed set
    /// of heaps — `take 1..`, `take 1.. from n heaps`, or a move block the
    /// compiler reads as one (`choose i in 1..len; choose k in 1..h[i];
    /// h[i] -= k`, or `choose k in 1..min(a, b); a -= k; b -= k`): the
    /// rays, deduplicated. The moves from p are then p − k·d for k = 1, 2,
    /// … along each direction d (a set of heaps); where every heap has its
    /// own, the positions below p fill the box [0, p₁] × … × [0, pₙ].
    pub fn rays(&self) -> Option<Vec<Ray>> {
        if self.invariant.is_some() {
            return None;
        }
        let mut rays = Vec::new();
        for rule in &self.rules {
            rays.push(match rule {
                Compiled::Take {
                    amounts,
                    target,
                    split_rest: None,
                } if amounts.every_positive() => match *target {
                    Target::One | Target::UpTo(1) => Ray::Any(1),
                    Target::Same(n) => Ray::Any(n),
                    Target::UpTo(_) => return None,
                },
                Compiled::Block(block, _, _) => block_ray(block)?,
                _ => return None,
            });
        }
        rays.sort();
        rays.dedup();
        // Without a ray along one heap there is no box to fill.
        let single =
            |r: &Ray| matches!(r, Ray::Any(1)) || matches!(r, Ray::Fixed(h) if h.len() == 1);
        rays.iter().any(single).then_some(rays)
    }

    /// Whether every rule is a move block: such a game may be read as runs.
    pub fn all_blocks(&self) -> bool {
        !self.rules.is_empty() && self.rules.iter().all(|r| matches!(r, Compiled::Block(..)))
    }

    /// Where every rule is a move block that names heaps only by fixed
    /// places (`reach::fixed_places`), nothing else reads the position (no
    /// end, no invariant), and the rules fall into two or more groups that
    /// no rule joins (no rule names places of two): each group's places
    /// (from 0) and rules (by index). Each group's moves then depend on and
    /// change its places alone, so a position of `heap_count` heaps is the
    /// sum of its groups, each a game of its rules alone.
    pub fn groups(&self, heap_count: usize) -> Option<Vec<Group>> {
        if self.invariant.is_some() || !self.ends.is_empty() {
            return None;
        }
        let mut groups: Vec<Group> = Vec::new();
        for (rule, compiled) in self.rules.iter().enumerate() {
            let Compiled::Block(block, ..) = compiled else {
                return None;
            };
            let places = reach::fixed_places(block)?;
            if places.iter().any(|&p| p >= heap_count) {
                return None;
            }
            // The groups this rule names places of become one, with it.
            let mut joined = Group {
                places,
                rules: vec![rule],
            };
            groups.retain(|g| {
                let meets = g.places.iter().any(|p| joined.places.contains(p));
                if meets {
                    joined.places.extend(&g.places);
                    joined.rules.extend(&g.rules);
                }
                !meets
            });
            joined.places.sort_unstable();
            joined.places.dedup();
            joined.rules.sort_unstable();
            groups.push(joined);
        }
        (groups.len() > 1).then_some(groups)
    }

    /// The rules read as runs for positions of `n` heaps (see `runs`):
    /// `None` unless every rule is a move block the forms can say.
    pub fn runs(&self, n: usize) -> Option<Runs> {
        let blocks: Vec<&Block> = (self.rules.iter())
            .map(|r| match r {
                Compiled::Block(block, _, _) => Some(block),
                _ => None,
            })
            .collect::<Option<_>>()?;
        runs::read(&blocks, self.invariant.as_ref(), n)
    }

    /// Whether some condition reads heaps by place or counts them.
    fn reads_places(&self) -> bool {
        let mut exprs: Vec<&Expr> = self.invariant.iter().collect();
        for rule in &self.rules {
            if let Compiled::Take { amounts, .. }
            | Compiled::Shift(amounts)
            | Compiled::Turn {
                counts: amounts, ..
            } = rule
            {
                exprs.extend(&amounts.condition);
            }
        }
        exprs.iter().any(|e| mentions_position_order(e))
    }

    /// Whether a move can make the position larger: a negative amount, or
    /// a block that adds to a heap or appends one.
    pub fn may_grow(&self) -> bool {
        fn grows(statements: &[crate::rules::Stmt]) -> bool {
            use crate::rules::{AssignOp, Stmt};
            Stmt::any(statements, &|s| match s {
                Stmt::Assign { op, .. } => *op != AssignOp::Sub,
                Stmt::Append(_) => true,
                _ => false,
            })
        }
        self.may_add()
            || self.rules.iter().any(|r| match r {
                Compiled::Block(block, _, _) => grows(&block.body),
                _ => false,
            })
    }

    /// Whether some amount is negative, adding to a heap.
    fn may_add(&self) -> bool {
        self.rules.iter().any(|r| match r {
            Compiled::Take { amounts, .. } | Compiled::Shift(amounts) => amounts.may_add(),
            _ => false,
        })
    }

    /// Stops the generation under way: its caller wants no more moves (it
    /// then ends with `EvalError::OutOfBudget`, which the caller expects).
    pub fn halt(&self) {
        self.allowance.set(0);
    }

    /// Calls `f(rule, next)` for every move from `heaps`, where `next` is the
    /// position after it. Moves to positions that break the game's invariant
    /// are not moves. A move that becomes a sum (`becomes`) is an error
    /// here (`EvalError::Sum`): `each_option_within` gives those.
    pub fn each_move(&self, heaps: &[u64], f: impl FnMut(usize, &[u64])) -> Result<(), MoveError> {
        self.each_move_within(heaps, u64::MAX, f).map(|_| ())
    }

    /// `each_move`, examining at most `allowance` moves (each move made and
    /// each amount a condition rejected counts one): returns how many it
    /// examined, or fails with `EvalError::OutOfBudget` past the allowance.
    pub fn each_move_within(
        &self,
        heaps: &[u64],
        allowance: impl Into<Within>,
        mut f: impl FnMut(usize, &[u64]),
    ) -> Result<u64, MoveError> {
        let mut sum = false;
        let examined = self.each_option_within(heaps, allowance, |rule, next| match next {
            Next::Position(next) => f(rule, next),
            Next::Sum(_) => sum = true,
        })?;
        if sum {
            // Which rule made it does not matter to a caller that cannot
            // take sums: the game's search is the sum engine's.
            return Err(MoveError {
                rule: 0,
                error: EvalError::Sum,
            });
        }
        Ok(examined)
    }

    /// Calls `f(rule, next)` for every move from `heaps`: the position
    /// after it, or the sum of positions it becomes, examining at most
    /// `allowance` moves, as `each_move_within`. Moves to positions that
    /// break their game's invariant are not moves.
    pub fn each_option_within(
        &self,
        heaps: &[u64],
        allowance: impl Into<Within>,
        mut f: impl FnMut(usize, Next),
    ) -> Result<u64, MoveError> {
        let within = allowance.into();
        let allowance = within.moves;
        self.allowance.start(within);
        let mut next = Vec::new();
        for (index, rule) in self.rules.iter().enumerate() {
            scratch_for(rule, heaps, &mut next);
            let mut emit = |next: Next| -> Result<(), EvalError> {
                let allowed = match next {
                    Next::Position(heaps) => {
                        self.allowance.spend_n(move_cost(heaps))?;
                        self.allows(heaps)?
                    }
                    Next::Sum(parts) => {
                        let heaps = parts.iter().map(|p| p.heaps.len() as u64).sum::<u64>();
                        self.allowance.spend_n((heaps / 2).max(1))?;
                        parts.iter().try_fold(true, |all, part| {
                            Ok::<_, EvalError>(all && self.part_allowed(part)?)
                        })?
                    }
                };
                if allowed {
                    f(index, next);
                }
                Ok(())
            };
            self.rule_moves(rule, heaps, &mut next, &mut emit)
                .map_err(|error| MoveError { rule: index, error })?;
        }
        Ok(allowance - self.allowance.left())
    }

    /// Calls `f(rule, next, points, again)` for every move of a scoring
    /// game from `heaps`: the position after it, the points its player
    /// scores (`score += ...` in a block; a rule that is not a block
    /// scores none), and whether that player moves again (`again`);
    /// examining at most `allowance` moves, as `each_move_within`.
    pub fn each_scored_move(
        &self,
        heaps: &[u64],
        allowance: impl Into<Within>,
        mut f: impl FnMut(usize, &[u64], i128, bool),
    ) -> Result<u64, MoveError> {
        let within = allowance.into();
        let allowance = within.moves;
        self.allowance.start(within);
        let mut next = Vec::new();
        for (index, rule) in self.rules.iter().enumerate() {
            scratch_for(rule, heaps, &mut next);
            let mut emit = |after: &[u64], points: i128, again: bool| -> Result<(), EvalError> {
                self.allowance.spend_n(move_cost(after))?;
                if self.allows(after)? {
                    f(index, after, points, again);
                }
                Ok(())
            };
            let made = match rule {
                Compiled::Block(_, _, code) => code
                    .scored_moves(heaps, &mut emit)
                    .and_then(|steps| self.allowance.spend_n(steps)),
                _ => self.rule_moves(rule, heaps, &mut next, &mut |next| match next {
                    Next::Position(after) => emit(after, 0, false),
                    Next::Sum(_) => Err(EvalError::Sum),
                }),
            };
            made.map_err(|error| MoveError { rule: index, error })?;
        }
        Ok(allowance - self.allowance.left())
    }

    /// Whether the game's invariant allows `heaps`.
    /// The end `heaps` meets, if any: the first `win when`, `lose when` or
    /// `draw when` (in the order written) whose condition holds there. Its
    /// error names the end by its index.
    pub fn end_at(&self, heaps: &[u64]) -> Result<Option<EndKind>, (usize, EvalError)> {
        for (i, (kind, test)) in self.ends.iter().enumerate() {
            let holds = match test {
                EndTest::Expr(expr) => expr.truth(&Env::position(heaps)),
                EndTest::Block(block) => {
                    let mut any = false;
                    block::moves(block, heaps, &mut |_| {
                        any = true;
                        Ok(())
                    })
                    .map(|_| any)
                }
            };
            if holds.map_err(|e| (i, e))? {
                return Ok(Some(*kind));
            }
        }
        Ok(None)
    }

    fn allows(&self, heaps: &[u64]) -> Result<bool, EvalError> {
        match &self.invariant {
            Some(invariant) => invariant.truth(&Env::position(heaps)),
            None => Ok(true),
        }
    }

    /// Every rule as a sweep (`sweep`), where each is one: a block whose
    /// one `choose` makes moves into sums affine in its variable.
    pub fn sweeps(&self) -> Option<Vec<Sweep>> {
        (self.rules.iter())
            .map(|rule| match rule {
                Compiled::Block(block, _, _) => Sweep::of(block),
                _ => None,
            })
            .collect()
    }

    /// Every rule as a fixed shift (`shift`), where each is one and nothing
    /// else decides a move: no invariant, no end.
    pub fn shifts(&self) -> Option<Vec<Shift>> {
        if self.invariant.is_some() || !self.ends.is_empty() {
            return None;
        }
        (self.rules.iter())
            .map(|rule| match rule {
                Compiled::Block(block, _, _) => Shift::of(block),
                _ => None,
            })
            .collect()
    }

    /// Whether a part of a sum is a position of its game: this game's
    /// invariant, or the other game's, and its number of heaps.
    fn part_allowed(&self, part: &Term) -> Result<bool, EvalError> {
        match &part.game {
            None => self.allows(&part.heaps),
            Some(game) => {
                let fits = game.heap_count.is_none_or(|n| n == part.heaps.len());
                let holds = match &game.invariant {
                    Some(invariant) => invariant.expr.truth(&Env::position(&part.heaps))?,
                    None => true,
                };
                Ok(fits && holds)
            }
        }
    }

    /// Whether some move may become a sum of positions (`becomes`).
    pub fn has_sums(&self) -> bool {
        (self.rules.iter())
            .any(|r| matches!(r, Compiled::Block(block, _, _) if block::becomes(&block.body)))
    }

    fn rule_moves(
        &self,
        rule: &Compiled,
        heaps: &[u64],
        next: &mut [u64],
        emit: &mut impl FnMut(Next) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        if let Compiled::Block(_, _, code) = rule {
            // Each step of the block (a value chosen, a loop's iteration)
            // is work, as an amount a condition rejects is.
            let steps = code.moves(heaps, emit)?;
            return self.allowance.spend_n(steps);
        }
        let emit = &mut |heaps: &[u64]| emit(Next::Position(heaps));
        match rule {
            Compiled::Take {
                amounts,
                target,
                split_rest,
            } => match *target {
                Target::One => kinds::take_from_one(amounts, *split_rest, heaps, next, emit),
                Target::Same(n) => kinds::take_same(amounts, n, heaps, next, emit),
                Target::UpTo(n) => kinds::take_up_to(amounts, n, heaps, next, emit),
            },
            Compiled::Shift(amounts) => kinds::shift(amounts, heaps, next, emit),
            Compiled::Split(split) => kinds::split(*split, heaps, emit),
            Compiled::Octal(code) => kinds::octal(code, heaps, next, emit),
            Compiled::EmptyAndSplit(split) => kinds::empty_and_split(*split, heaps, emit),
            Compiled::Block(..) => Ok(()),
            Compiled::Turn {
                counts,
                row,
                origin,
            } => kinds::turn(counts, *row, *origin, heaps, emit),
            Compiled::Product(Some(factors)) => product(factors, heaps, emit),
            Compiled::Product(None) => Ok(()),
            Compiled::Slide(arcs) => kinds::slide(arcs, heaps, next, emit),
            Compiled::Cut(colour) => kinds::cut(*colour, heaps, emit),
            Compiled::Pick(kayles) => kinds::pick(*kayles, heaps, emit),
            Compiled::Colour(game, colour) => kinds::colour(*game, *colour, heaps, emit),
        }
    }
}

/// A ray rule's directions: any `n` of the heaps, or these heaps (0-based).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ray {
    Any(usize),
    Fixed(Vec<usize>),
}

/// The ray a move block makes, when it is one of the two forms the
/// compiler reads: any positive amount from any one heap, or the same
/// positive amount from fixed heaps, up to the smallest of them.
fn block_ray(block: &Block) -> Option<Ray> {
    use crate::rules::{AssignOp, Stmt};
    let one = Expr::Const(1);
    match block.body.as_slice() {
        [
            Stmt::Choose {
                slot: i,
                lo: lo_i,
                hi: Expr::Len,
            },
            Stmt::Choose {
                slot: k,
                lo: lo_k,
                hi: Expr::HeapAt(at),
            },
            Stmt::Assign {
                index: Expr::Var(assigned),
                op: AssignOp::Sub,
                value: Expr::Var(taken),
            },
        ] if *lo_i == one
            && *lo_k == one
            && **at == Expr::Var(*i)
            && assigned == i
            && taken == k
            && i != k =>
        {
            Some(Ray::Any(1))
        }
        [Stmt::Choose { slot: k, lo, hi }, assigns @ ..] if *lo == one && !assigns.is_empty() => {
            let mut heaps = Vec::new();
            for statement in assigns {
                match statement {
                    Stmt::Assign {
                        index: Expr::Const(index),
                        op: AssignOp::Sub,
                        value: Expr::Var(taken),
                    } if taken == k && *index >= 1 => heaps.push(usize::try_from(*index).ok()?),
                    _ => return None,
                }
            }
            // The bound: the smallest of exactly the heaps taken from.
            let mut bounded = match hi {
                Expr::HeapAt(_) => vec![hi],
                Expr::Call(Func::Min, args) => args.iter().collect(),
                _ => return None,
            }
            .into_iter()
            .map(|e| match e {
                Expr::HeapAt(at) => match **at {
                    Expr::Const(index) => usize::try_from(index).ok(),
                    _ => None,
                },
                _ => None,
            })
            .collect::<Option<Vec<usize>>>()?;
            heaps.sort_unstable();
            bounded.sort_unstable();
            bounded.dedup();
            let distinct = heaps.windows(2).all(|w| w[0] != w[1]);
            (distinct && heaps == bounded)
                .then(|| Ray::Fixed(heaps.iter().map(|h| h - 1).collect()))
        }
        _ => None,
    }
}

/// Whether a condition reads heaps by place or counts them (`h[i]`, `len`,
/// `nonincreasing`), so that sorting or dropping empty heaps would change it.
fn mentions_position_order(e: &Expr) -> bool {
    match e {
        Expr::HeapAt(_)
        | Expr::Len
        | Expr::Monotone(_)
        | Expr::Cell(..)
        | Expr::CellPlace(..)
        | Expr::Count(..) => true,
        Expr::Const(_) | Expr::Amount | Expr::Heap | Expr::Var(_) => false,
        Expr::Neg(e) | Expr::Not(e) | Expr::Is(e, _) | Expr::Each(_, e) | Expr::Item(_, e) => {
            mentions_position_order(e)
        }
        Expr::Binary(_, a, b) => mentions_position_order(a) || mentions_position_order(b),
        Expr::Call(_, args) => args.iter().any(mentions_position_order),
    }
}

/// The moves of a product of two coin games (heads as pairs, flattened):
/// from each head (x, y), a move of the first game from x and one of the
/// second from y, turning every coin (a, b) with a among the first's coins
/// turned and b among the second's.
fn product(
    factors: &[MoveGen; 2],
    heads: &[u64],
    emit: &mut impl FnMut(&[u64]) -> Result<(), EvalError>,
) -> Result<(), EvalError> {
    // Heaps that are not pairs are not a position: no moves.
    if !heads.len().is_multiple_of(2) {
        return Ok(());
    }
    let pairs: Vec<(u64, u64)> = heads.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    // Each move of the first factor from x, and for it each of the second's
    // from y, made one at a time: a factor's moves from a large coin are
    // many, each turning many coins (Ruler from coin 10^6: 10^6 runs), and
    // are never all listed. The first error (the budget's, from `emit`)
    // stops both generations.
    let mut failed: Option<EvalError> = None;
    for &(x, y) in &pairs {
        // A dynamic closure: a factor's generation is not instantiated anew
        // for every product (a product's factor could be generic in turn).
        let across: &mut dyn FnMut(usize, &[u64]) = &mut |_, a_left| {
            if failed.is_some() {
                return;
            }
            let down: &mut dyn FnMut(usize, &[u64]) = &mut |_, b_left| {
                if failed.is_some() {
                    return;
                }
                // The coins a move turns: the head's coordinate and those
                // it leaves heads.
                let a = a_left.iter().chain([&x]);
                let mut turned: Vec<(u64, u64)> = a
                    .flat_map(|&i| b_left.iter().chain([&y]).map(move |&j| (i, j)))
                    .collect();
                turned.sort_unstable();
                let after = symmetric_difference(&pairs, &turned);
                let flat: Vec<u64> = after.iter().flat_map(|&(i, j)| [i, j]).collect();
                if let Err(e) = emit(&flat) {
                    failed = Some(e);
                    factors[1].halt();
                }
            };
            let second = factors[1].each_move(&[y], down).map_err(|e| e.error);
            if let Err(e) = second
                && failed.is_none()
            {
                failed = Some(e);
            }
            if failed.is_some() {
                factors[0].halt();
            }
        };
        let first = factors[0].each_move(&[x], across).map_err(|e| e.error);
        if let Some(e) = failed.take() {
            return Err(e);
        }
        first?;
    }
    Ok(())
}
