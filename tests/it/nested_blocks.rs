//! Every way through a move block is one move, whatever the nesting: a
//! `choose` inside a `for`, inside an `if` inside a `for`, a loop whose
//! bounds come from an earlier `choose`, several `choose`s and `let`s in
//! one loop body. The interpreter (which runs a block in continuation
//! style, undoing each change) and the run reader (which follows every way
//! as a path of affine forms) are held against a plain walk written here:
//! each way through the block on a copy of its own, nothing undone.

use std::collections::HashMap;
use std::sync::Arc;

use gamelang::moves::runs::pieces::SetsBelowZero;
use gamelang::moves::{Code, MoveGen, Next, interpret, interpret_scored};
use gamelang::rules::expr::{Env, EvalError, Expr, place};
use gamelang::rules::{AssignOp, Block, Game, MoveKind, Stmt};
use gamelang::search::{Solver, Value};

use super::asked::answer;
use super::common::{all_positions, load_text};

fn game(text: &str) -> Arc<Game> {
    let program = load_text("nested.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

/// What is left to run on one way through a block, innermost last.
#[derive(Clone)]
enum Work<'a> {
    Statements(&'a [Stmt]),
    /// A loop's iterations from `next` to `hi`.
    Loop {
        slot: usize,
        next: i128,
        hi: i128,
        body: &'a [Stmt],
    },
}

/// One way through a block: the position and variables so far, and what is
/// left to run.
#[derive(Clone)]
struct Way<'a> {
    heaps: Vec<u64>,
    vars: Vec<i128>,
    work: Vec<Work<'a>>,
    /// Iterations of loops with a `choose` inside entered so far: the
    /// interpreter's continuations nest that deep, and it refuses more than
    /// `MOST_FORKING_ITERATIONS`.
    forking: i128,
    /// The points the move scores so far (`score += ...`).
    score: i128,
}

/// The interpreter's limit on loops with a `choose` inside (its error
/// `TooManyIterations`).
const MOST_FORKING_ITERATIONS: i128 = 1_000;

impl Way<'_> {
    fn env(&self) -> Env<'_> {
        Env {
            amount: 0,
            heap: 0,
            heaps: &self.heaps,
            vars: &self.vars,
        }
    }

    fn int(&self, e: &Expr) -> Result<i128, EvalError> {
        e.int(&self.env())
    }

    fn place(&self, e: &Expr) -> Result<usize, EvalError> {
        let index = self.int(e)?;
        place(index, self.heaps.len()).ok_or(EvalError::HeapIndex {
            index,
            len: self.heaps.len(),
        })
    }
}

/// A heap's new content, as the language reference says: 0 to 2^64 - 1.
fn heap_value(index: usize, value: Option<i128>) -> Result<u64, EvalError> {
    let value = value.ok_or(EvalError::Overflow)?;
    u64::try_from(value).map_err(|_| EvalError::HeapValue {
        index: index + 1,
        value,
    })
}

/// The moves of `block` from `heaps` by a plain walk: each way through it
/// on a copy of its own, depth first, the lowest value of a `choose` first
/// (so that the first error met is the interpreter's first); moves that
/// break `invariant` left out. `None` once more than `limit` ways are
/// walked: too large a block to compare.
fn walk(
    block: &Block,
    invariant: Option<&Expr>,
    heaps: &[u64],
    limit: usize,
) -> Option<Result<Vec<Vec<u64>>, EvalError>> {
    let mut ways = vec![Way {
        heaps: heaps.to_vec(),
        vars: vec![0; block.slots],
        work: vec![Work::Statements(&block.body)],
        forking: 0,
        score: 0,
    }];
    let (mut moves, mut walked) = (Vec::new(), 0);
    while let Some(way) = ways.pop() {
        walked += 1;
        if walked > limit {
            return None;
        }
        match step(way, &mut ways) {
            Ok(Some(after)) => {
                let allowed = match invariant {
                    Some(invariant) => invariant.truth(&Env::position(&after)),
                    None => Ok(true),
                };
                match allowed {
                    Ok(true) => moves.push(after),
                    Ok(false) => {}
                    Err(e) => return Some(Err(e)),
                }
            }
            Ok(None) => {}
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(moves))
}

/// Runs one statement of `way`, pushing the ways it leads to (the first to
/// run last); the position once nothing is left to run.
fn step<'a>(mut way: Way<'a>, ways: &mut Vec<Way<'a>>) -> Result<Option<Vec<u64>>, EvalError> {
    let Some(work) = way.work.pop() else {
        return Ok(Some(way.heaps));
    };
    let statement = match work {
        Work::Statements([]) => {
            ways.push(way);
            return Ok(None);
        }
        Work::Statements([first, rest @ ..]) => {
            way.work.push(Work::Statements(rest));
            first
        }
        Work::Loop {
            slot,
            next,
            hi,
            body,
        } => {
            if next <= hi {
                way.vars[slot] = next;
                way.work.push(Work::Loop {
                    slot,
                    next: next + 1,
                    hi,
                    body,
                });
                way.work.push(Work::Statements(body));
            }
            ways.push(way);
            return Ok(None);
        }
    };
    match statement {
        Stmt::Choose { slot, lo, hi } => {
            let (lo, hi) = (way.int(lo)?, way.int(hi)?);
            if lo <= hi {
                for value in (lo..=hi).rev() {
                    let mut chosen = way.clone();
                    chosen.vars[*slot] = value;
                    ways.push(chosen);
                }
            }
        }
        Stmt::Require(condition) => {
            if condition.truth(&way.env())? {
                ways.push(way);
            }
        }
        Stmt::Let { slot, value } => {
            way.vars[*slot] = way.int(value)?;
            ways.push(way);
        }
        Stmt::Assign { index, op, value } => {
            let i = way.place(index)?;
            let (old, value) = (i128::from(way.heaps[i]), way.int(value)?);
            let new = match op {
                AssignOp::Set => Some(value),
                AssignOp::Add => old.checked_add(value),
                AssignOp::Sub => old.checked_sub(value),
            };
            way.heaps[i] = heap_value(i, new)?;
            ways.push(way);
        }
        Stmt::For {
            slot,
            lo,
            hi,
            body,
            forks,
        } => {
            let (lo, hi) = (way.int(lo)?, way.int(hi)?);
            if *forks {
                let count = hi.saturating_sub(lo).saturating_add(1).max(0);
                way.forking = way.forking.saturating_add(count);
                if way.forking > MOST_FORKING_ITERATIONS {
                    return Err(EvalError::TooManyIterations { count: way.forking });
                }
            }
            way.work.push(Work::Loop {
                slot: *slot,
                next: lo,
                hi,
                body,
            });
            ways.push(way);
        }
        Stmt::If {
            condition,
            then,
            otherwise,
        } => {
            let branch = if condition.truth(&way.env())? {
                then
            } else {
                otherwise
            };
            way.work.push(Work::Statements(branch));
            ways.push(way);
        }
        Stmt::Append(value) => {
            let value = heap_value(way.heaps.len(), Some(way.int(value)?))?;
            way.heaps.push(value);
            ways.push(way);
        }
        Stmt::Remove(index) => {
            let i = way.place(index)?;
            way.heaps.remove(i);
            ways.push(way);
        }
        // The random blocks end with an assignment: no move becomes a sum.
        Stmt::Becomes(_) => unreachable!("no `becomes` in the blocks written here"),
        // Points do not change the position; they are counted, as their sum
        // must fit (the compiled code and the interpreter are held to each
        // other's points below, and `tests/it/scoring.rs` to the definition).
        Stmt::Score(points) => {
            way.score = way
                .score
                .checked_add(way.int(points)?)
                .ok_or(EvalError::Overflow)?;
            ways.push(way);
        }
        Stmt::Again => ways.push(way),
    }
    Ok(None)
}

/// The moves of a game's rules (all blocks) by the plain walk, rule after
/// rule; `None` where a block is too large to compare.
fn walk_game(game: &Game, heaps: &[u64], limit: usize) -> Option<Result<Vec<Vec<u64>>, EvalError>> {
    let invariant = game.invariant.as_ref().map(|i| &i.expr);
    let mut all = Vec::new();
    for rule in &game.rules {
        let MoveKind::Block(block) = &rule.kind else {
            panic!("only blocks are walked");
        };
        match walk(block, invariant, heaps, limit)? {
            Ok(moves) => all.extend(moves),
            Err(e) => return Some(Err(e)),
        }
    }
    Some(Ok(all))
}

/// The moves the interpreter makes, as `MoveGen::each_move` gives them.
/// The most work (moves, each a heap or two of them, and a block's steps)
/// the interpreter may do for one position here: the walk stops at
/// `MOST_WAYS` ways, but where it stops on an error the interpreter might
/// otherwise make millions of moves (each a copy of the heaps) before it
/// meets the same error (a random block ran one test process to 24 GB).
const MOST_WORK: u64 = 2_000_000;

/// The interpreter's moves, or its error; `None` past `MOST_WORK`.
fn interpreted(moves: &MoveGen, heaps: &[u64]) -> Option<Result<Vec<Vec<u64>>, EvalError>> {
    let mut all = Vec::new();
    match moves.each_move_within(heaps, MOST_WORK, |_, next| all.push(next.to_vec())) {
        Ok(_) => Some(Ok(all)),
        Err(e) if matches!(e.error, EvalError::OutOfBudget) => None,
        Err(e) => Some(Err(e.error)),
    }
}

fn sorted(mut moves: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    moves.sort();
    moves
}

/// How the three agree on one position, or where they differ.
fn compare(game: &Game, heaps: &[u64], limit: usize) -> Option<Result<(), String>> {
    let reference = walk_game(game, heaps, limit)?;
    let moves = MoveGen::new(game);
    let interpreted = match (interpreted(&moves, heaps), &reference) {
        (Some(found), _) => found,
        // Both stop short of the block's moves: nothing to compare.
        (None, Err(_)) => return None,
        (None, Ok(walked)) => {
            return Some(Err(format!(
                "at {heaps:?}: the interpreter works past {MOST_WORK} where the walk makes {} moves",
                walked.len()
            )));
        }
    };
    if interpreted.clone().map(sorted) != reference.clone().map(sorted) {
        return Some(Err(format!(
            "at {heaps:?}: the interpreter makes {interpreted:?}, the walk {reference:?}"
        )));
    }
    let runs = moves.runs(heaps.len()).and_then(|r| r.moves(heaps));
    let agrees = match (&runs, &reference) {
        (None, _) => true,
        (Some(Ok(runs)), Ok(walked)) => sorted(runs.clone()) == sorted(walked.clone()),
        (Some(Err(SetsBelowZero)), Err(EvalError::HeapValue { .. })) => true,
        (Some(_), _) => false,
    };
    if !agrees {
        return Some(Err(format!(
            "at {heaps:?}: the run reading makes {runs:?}, the walk {reference:?}"
        )));
    }
    for rule in &game.rules {
        let MoveKind::Block(block) = &rule.kind else {
            continue;
        };
        if let Err(e) = same_as_the_interpreter(block, heaps) {
            return Some(Err(format!("at {heaps:?}: {e}")));
        }
    }
    Some(Ok(()))
}

/// One move as the compiled code or the interpreter makes it: where it
/// leads, its points, whether its player moves again.
type Made = (Vec<u64>, i128, bool);

/// The moves a run made, and how it ended: its steps, or its error.
type Ran = (Vec<Made>, Result<u64, EvalError>);

/// The most moves compared from one position: both are stopped there by
/// the same error.
const MOST_MADE: usize = 20_000;

/// Collects a run's moves, stopping it after `MOST_MADE`.
fn collect(made: &mut Vec<Made>) -> impl FnMut(&[u64], i128, bool) -> Result<(), EvalError> + '_ {
    |after, points, again| {
        if made.len() >= MOST_MADE {
            return Err(EvalError::OutOfBudget);
        }
        made.push((after.to_vec(), points, again));
        Ok(())
    }
}

/// The compiled code makes the interpreter's moves from `heaps`, in the
/// same order, with the same points, steps and errors — both as a scoring
/// game's moves and as plain ones.
fn same_as_the_interpreter(block: &Block, heaps: &[u64]) -> Result<(), String> {
    let code = Code::new(block);
    let scored = |compiled: bool| -> Ran {
        let mut made = Vec::new();
        let ended = {
            let mut emit = collect(&mut made);
            match compiled {
                true => code.scored_moves(heaps, &mut emit),
                false => interpret_scored(block, heaps, &mut emit),
            }
        };
        (made, ended)
    };
    let plain = |compiled: bool| -> Ran {
        let mut made = Vec::new();
        let ended = {
            let mut emit = collect(&mut made);
            let mut emit = |next: Next| match next {
                Next::Position(after) => emit(after, 0, false),
                Next::Sum(_) => Err(EvalError::Sum),
            };
            match compiled {
                true => code.moves(heaps, &mut emit),
                false => interpret(block, heaps, &mut emit),
            }
        };
        (made, ended)
    };
    for (how, run) in [
        ("scored", &scored as &dyn Fn(bool) -> Ran),
        ("plain", &plain),
    ] {
        let (compiled, interpreted) = (run(true), run(false));
        if compiled != interpreted {
            return Err(format!(
                "{how}: the compiled code makes {compiled:?}, the interpreter {interpreted:?}"
            ));
        }
    }
    Ok(())
}

/// Reads choices off a tape of bytes, 0 (the simplest choice) once it runs
/// out: proptest's shrinking of the tape shrinks the block.
struct Writer<'a> {
    tape: &'a [u8],
    at: usize,
    heaps: usize,
    /// `heaps *`: `append` and `remove` may be written.
    resizable: bool,
    /// A scoring game: `score += ...` and `again` may be written.
    scoring: bool,
    /// Only what the narrow form covers: no loops, no `append` or
    /// `remove`.
    narrow: bool,
    /// The names in scope, and how many were ever declared.
    scope: Vec<String>,
    declared: usize,
}

impl Writer<'_> {
    fn pick(&mut self, n: usize) -> usize {
        let byte = self.tape.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte as usize % n
    }

    fn declare(&mut self, prefix: &str) -> String {
        self.declared += 1;
        let name = format!("{prefix}{}", self.declared);
        self.scope.push(name.clone());
        name
    }

    fn variable(&mut self) -> Option<String> {
        if self.scope.is_empty() {
            return None;
        }
        let i = self.pick(self.scope.len());
        Some(self.scope[self.scope.len() - 1 - i].clone())
    }

    /// A heap index: a constant (sometimes one past the last heap), a
    /// variable, `len`.
    fn index(&mut self) -> String {
        match self.pick(6) {
            0..=2 => format!("{}", 1 + self.pick(self.heaps)),
            3 => self.variable().unwrap_or_else(|| "1".into()),
            4 => "len".into(),
            _ => format!("{}", 1 + self.pick(self.heaps + 1)),
        }
    }

    fn number(&mut self, depth: usize) -> String {
        let kinds = if depth < 2 { 13 } else { 4 };
        match self.pick(kinds) {
            0 => format!("{}", self.pick(4)),
            1 => self.variable().unwrap_or_else(|| "1".into()),
            2 => format!("h[{}]", self.index()),
            3 => "len".into(),
            4 => format!("({} + {})", self.number(depth + 1), self.number(depth + 1)),
            5 => format!("({} - {})", self.number(depth + 1), self.number(depth + 1)),
            6 => format!(
                "min({}, {})",
                self.number(depth + 1),
                self.number(depth + 1)
            ),
            7 => format!(
                "max({}, {})",
                self.number(depth + 1),
                self.number(depth + 1)
            ),
            8 => format!("2 * {}", self.number(depth + 1)),
            9 => format!("({} % 3)", self.number(depth + 1)),
            10 => format!("-{}", self.number(depth + 1)),
            11 => format!("({} * {})", self.number(depth + 1), self.number(depth + 1)),
            _ => format!("({} / 2)", self.number(depth + 1)),
        }
    }

    fn condition(&mut self, depth: usize) -> String {
        let kinds = if depth < 2 { 10 } else { 4 };
        match self.pick(kinds) {
            0 => format!("{} < {}", self.number(depth + 1), self.number(depth + 1)),
            1 => format!("{} <= {}", self.number(depth + 1), self.number(depth + 1)),
            2 => format!("{} == {}", self.number(depth + 1), self.number(depth + 1)),
            3 => format!("{} != {}", self.number(depth + 1), self.number(depth + 1)),
            4 => format!(
                "({} and {})",
                self.condition(depth + 1),
                self.condition(depth + 1)
            ),
            5 => format!(
                "({} or {})",
                self.condition(depth + 1),
                self.condition(depth + 1)
            ),
            6 => format!("{} > {}", self.number(depth + 1), self.number(depth + 1)),
            7 => format!("{} >= {}", self.number(depth + 1), self.number(depth + 1)),
            8 => format!("{} is even", self.number(depth + 1)),
            _ => format!("not ({})", self.condition(depth + 1)),
        }
    }

    /// A test on `var` that, once it fails, fails for every larger value
    /// (mostly: `c * c <= h[1]`, `h[2] > 2 * c + 1`), or one that holds from
    /// some value up; perhaps `and` more.
    fn bound(&mut self, var: &str) -> String {
        let rising = match self.pick(7) {
            0 => var.to_string(),
            1 => format!("{var} * {var}"),
            2 => format!("2 * {var} + {}", self.number(1)),
            3 => format!("{var} - {}", self.number(1)),
            4 => format!("({var} + h[{}]) * {var}", self.index()),
            // Falling, or not always rising: no bound.
            5 => format!("{} - {var}", self.number(1)),
            _ => format!("({} - 2) * {var}", self.number(1)),
        };
        let limit = self.number(1);
        let test = match self.pick(6) {
            0 => format!("{rising} <= {limit}"),
            1 => format!("{rising} < {limit}"),
            2 => format!("{limit} >= {rising}"),
            3 => format!("{limit} > {rising}"),
            // The other way: it holds from some value up, no bound.
            4 => format!("{limit} <= {rising}"),
            _ => format!("{rising} > {limit}"),
        };
        match self.pick(3) {
            0 => format!("{test} and {}", self.condition(1)),
            _ => test,
        }
    }

    /// A range's lower bound: mostly 0 or 1.
    fn low(&mut self) -> String {
        match self.pick(4) {
            0 => "1".into(),
            1 => "0".into(),
            _ => self.number(1),
        }
    }

    /// A loop of tests up to `var` (a queen's path: `for j in 1..k {
    /// require b[r + j, c] == '.' }`): mostly tests and a start that do
    /// not read `var`, which the compiled loop tests a new value at a time.
    fn path_to(&mut self, var: &str) -> String {
        let reads = self.pick(4) == 0;
        let outer = self.scope.clone();
        if !reads {
            self.scope.retain(|name| name != var);
        }
        let from = self.low();
        let j = self.declare("j");
        let tests: Vec<String> = (0..1 + self.pick(2))
            .map(|_| format!("require {}", self.condition(0)))
            .collect();
        self.scope = outer;
        format!("for {j} in {from}..{var} {{ {} }}", tests.join("; "))
    }

    fn assignment(&mut self) -> String {
        let op = ["-=", "=", "+=", "-="][self.pick(4)];
        format!("h[{}] {op} {}", self.index(), self.number(0))
    }

    /// Statements in a scope of their own, nested `depth` deep.
    fn statements(&mut self, depth: usize) -> String {
        let scope = self.scope.len();
        let count = 1 + self.pick(3);
        let body: Vec<String> = (0..count).map(|_| self.statement(depth)).collect();
        self.scope.truncate(scope);
        body.join("; ")
    }

    fn statement(&mut self, depth: usize) -> String {
        match self.pick(if self.scoring { 11 } else { 9 }) {
            0 | 1 => {
                let (lo, hi) = (self.low(), self.number(0));
                let var = self.declare("c");
                let choose = format!("choose {var} in {lo}..{hi}");
                match self.pick(4) {
                    // A bound right after: the compiled loop stops at the
                    // first value past it.
                    0 => format!("{choose}; require {}", self.bound(&var)),
                    1 if !self.narrow => format!("{choose}; {}", self.path_to(&var)),
                    _ => choose,
                }
            }
            2 => {
                let value = self.number(0);
                format!("let {} = {value}", self.declare("v"))
            }
            3 => format!("require {}", self.condition(0)),
            4 | 5 => self.assignment(),
            6 if depth < 2 && !self.narrow => {
                let (lo, hi) = (self.low(), self.number(1));
                let scope = self.scope.len();
                let var = self.declare("j");
                let body = match self.pick(3) {
                    // Tests alone (a queen's path): the compiled loop puts
                    // back only its variable.
                    0 => format!(
                        "require {}; require {}",
                        self.condition(0),
                        self.condition(0)
                    ),
                    _ => self.statements(depth + 1),
                };
                self.scope.truncate(scope);
                format!("for {var} in {lo}..{hi} {{ {body} }}")
            }
            7 if depth < 2 => {
                let condition = self.condition(0);
                let (then, otherwise) = (self.statements(depth + 1), self.statements(depth + 1));
                format!("if {condition} {{ {then} }} else {{ {otherwise} }}")
            }
            8 if self.resizable => match self.pick(2) {
                0 => format!("append {}", self.number(1)),
                _ => format!("remove {}", self.index()),
            },
            9 => format!("score += {}", self.number(0)),
            10 => "again".to_string(),
            _ => self.assignment(),
        }
    }
}

/// A game of 2 or 3 heaps (or any number) whose one block is written from
/// `tape`, and the heap count to try it at; `narrow`: a block of only what
/// the narrow form covers.
fn written(tape: &[u8], narrow: bool) -> (String, usize) {
    let mut writer = Writer {
        tape,
        at: 0,
        heaps: 2,
        resizable: false,
        scoring: false,
        narrow,
        scope: Vec::new(),
        declared: 0,
    };
    writer.heaps = 2 + writer.pick(2);
    writer.scoring = writer.pick(4) == 0;
    let heaps = match writer.pick(6) {
        0 if !narrow => {
            writer.resizable = true;
            "*".to_string()
        }
        1 => format!("{} where h[1] >= h[2]", writer.heaps),
        2 => format!("{} where each <= 5", writer.heaps),
        _ => writer.heaps.to_string(),
    };
    let body = writer.statements(0);
    // Every block changes the position somewhere.
    let last = writer.assignment();
    // A scoring game scores somewhere (else `again` is refused).
    let points = if writer.scoring { "score += 1; " } else { "" };
    let text = format!("game g {{ heaps {heaps}; move m {{ {body}; {points}{last} }} }}");
    (text, writer.heaps)
}

/// The most ways walked from one position: blocks past it are not compared.
const MOST_WAYS: usize = 20_000;

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 2_000,
        max_global_rejects: 100_000,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Random blocks of nested `for`, `if`, `choose`, `let`, assignments,
    /// `require` and points: on every position of their heaps up to 4 the
    /// moves made make the moves the plain walk makes (the same error,
    /// where it fails), and so does the run reading where it reads the
    /// block; the compiled code makes exactly the interpreter's moves.
    #[test]
    fn nested_blocks_make_the_moves_of_a_plain_walk(tape in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..160)) {
        let (text, heaps) = written(&tape, false);
        let program = load_text("nested.game", &text, &[]);
        // A block the checker refuses (a name used out of scope, say) is
        // not a block to compare.
        proptest::prop_assume!(program.games[0].default.is_some());
        let game = program.games[0].default.clone().expect("checked");
        for position in all_positions(heaps, 4) {
            match compare(&game, &position, MOST_WAYS) {
                None => proptest::prop_assume!(false),
                Some(result) => proptest::prop_assert!(result.is_ok(), "{}\n{}", text, result.unwrap_err()),
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 1_000,
        max_global_rejects: 100_000,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Random blocks of only what the narrow form covers (`choose`s with
    /// bounds and conditions, `let`, `if`, `require`, assignments, points
    /// and `again`; every operation): each has a narrow form, and on every position of its
    /// heaps up to 4 — within its bound — the compiled code makes the
    /// interpreter's moves, steps and errors, where the narrow run goes to
    /// the end and where it hands over to the checked code (a heap index
    /// past the heaps, a division by 0, a heap below 0, the receiver
    /// stopping it).
    #[test]
    fn narrow_blocks_make_the_interpreter_s_moves(tape in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..160)) {
        let (text, heaps) = written(&tape, true);
        let program = load_text("nested.game", &text, &[]);
        proptest::prop_assume!(program.games[0].default.is_some());
        let game = program.games[0].default.clone().expect("checked");
        let MoveKind::Block(block) = &game.rules[0].kind else {
            panic!("a block: {text}");
        };
        let bound = Code::new(block).narrow_bound();
        proptest::prop_assert!(bound.is_some_and(|b| b >= 4), "{text}: narrow to {bound:?}");
        for position in all_positions(heaps, 4) {
            let same = same_as_the_interpreter(block, &position);
            proptest::prop_assert!(same.is_ok(), "{}\nat {:?}: {}", text, position, same.unwrap_err());
        }
    }
}

/// The bound of the narrow form is the proof's: a square of a heap's
/// number, `k * k` with `k` up to `a`, stays within 62 bits while `a` is at
/// most 2^31, and there the narrow form runs; past it the checked code
/// does. Either way the moves, steps and errors are the interpreter's, at
/// the bound, one past it, and where the checked code's 128 bits overflow
/// too (a cube of 2^62).
#[test]
fn the_narrow_form_runs_within_its_proven_bound() {
    let squares = game(
        "game squares { heaps 1; move take { choose k in 1..h[1]; require k * k <= h[1]; h[1] -= k * k } }",
    );
    let cube =
        game("game cube { heaps 1; move drop { require h[1] * h[1] * h[1] > 5; h[1] -= 1 } }");
    let large = game(
        "game large { heaps 1; move drop { require h[1] < 1000000000000000000000; h[1] -= 1 } }",
    );
    let block = |game: &Game| match &game.rules[0].kind {
        MoveKind::Block(block) => block.clone(),
        _ => panic!("a block"),
    };
    let (squares, cube, large) = (block(&squares), block(&cube), block(&large));
    // k <= a <= 2^31: k * k <= 2^62.
    assert_eq!(Code::new(&squares).narrow_bound(), Some(1 << 31));
    // a^3 <= 2^62: a <= 2^20.
    assert_eq!(Code::new(&cube).narrow_bound(), Some(1 << 20));
    // A number past 62 bits: no narrow form.
    assert_eq!(Code::new(&large).narrow_bound(), None);
    for a in [0, 1, 2, 99, (1 << 31) - 1, 1 << 31, (1 << 31) + 1, 1 << 40] {
        same_as_the_interpreter(&squares, &[a]).unwrap_or_else(|e| panic!("squares at {a}: {e}"));
    }
    for a in [
        0,
        2,
        (1 << 20) - 1,
        1 << 20,
        (1 << 20) + 1,
        1 << 42,
        1 << 62,
    ] {
        same_as_the_interpreter(&cube, &[a]).unwrap_or_else(|e| panic!("cube at {a}: {e}"));
    }
    let mut cubed = Vec::new();
    let run = Code::new(&cube).moves(&[1 << 62], &mut |next| {
        if let Next::Position(after) = next {
            cubed.push(after.to_vec());
        }
        Ok(())
    });
    assert_eq!(run, Err(EvalError::Overflow), "2^186 is past 128 bits");
    assert!(cubed.is_empty());
    same_as_the_interpreter(&large, &[7]).expect("the checked code alone");
}

/// A loop with a `choose` inside runs its iterations nested, each of its
/// whole body: near the limit of 1,000 with a long body, the interpreter's
/// continuations outgrew a spawned thread's 2 MiB stack and aborted the
/// process. Now the stack grows where it runs low: on a thread of 2 MiB,
/// the interpreter and the compiled code make the same moves.
#[test]
fn a_deep_forking_loop_runs_on_a_small_stack() {
    let deep = game(
        "game deep { heaps 2; move m { for j in 1..999 { choose c in 0..1; let v = c + 1; if v > 0 { require c == 0; let w = v * 2; require w > 1; let x = w + 1; require x > 2 } else { h[2] -= 0 }; choose d in 0..0 }; require h[1] > 0; h[1] -= 1 } }",
    );
    let MoveKind::Block(block) = &deep.rules[0].kind else {
        panic!("a block");
    };
    let block = block.clone();
    let ran = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut made = Vec::new();
            let steps = interpret(&block, &[3, 3], &mut |next| {
                if let Next::Position(after) = next {
                    made.push(after.to_vec());
                }
                Ok(())
            });
            (same_as_the_interpreter(&block, &[3, 3]), steps, made)
        })
        .expect("a thread")
        .join()
        .expect("no overflow");
    let (same, steps, made) = ran;
    same.expect("the compiled code makes the interpreter's moves");
    // One way through: c = 0 and d = 0 in each of the 999 iterations, two
    // values chosen and one iteration each.
    assert_eq!(made, vec![vec![2, 3]]);
    assert_eq!(steps, Ok(999 * 4));
}

/// The example: each move lowers every heap by an amount of its own.
const EVERY_HEAP: &str = "game every_heap {
    heaps 2
    move lower_all {
        for j in 1..2 {
            choose k in 1..h[j]
            h[j] -= k
        }
    }
}";

#[test]
fn a_choose_in_a_loop_is_chosen_again_in_every_iteration() {
    let program = load_text("every_heap.game", EVERY_HEAP, &[]);
    let game = program.games[0].default.clone().expect("lowers");
    let moves = MoveGen::new(&game);
    let expect = |heaps: &[u64], after: &[[u64; 2]]| {
        let made = sorted(
            interpreted(&moves, heaps)
                .expect("within the work")
                .expect("moves"),
        );
        assert_eq!(made, after.iter().map(|a| a.to_vec()).collect::<Vec<_>>());
    };
    expect(&[2, 2], &[[0, 0], [0, 1], [1, 0], [1, 1]]);
    expect(&[2, 1], &[[0, 0], [1, 0]]);
    // (1, 0) has no move (heap 2 cannot be lowered), nor has (0, 0):
    // (1, 1) → (0, 0) is 1, and (2, 2) reaches 0, 0, 0 and 1: mex 2, and
    // three winning moves.
    let mut analyzer = gamelang::analysis::Analyzer::default();
    let at_22 = answer(&mut analyzer, &program, "every_heap", &[2, 2]);
    assert_eq!(at_22.outcome, gamelang::analysis::Outcome::N);
    assert_eq!(at_22.grundy, gamelang::analysis::Grundy::Value(2u32.into()));
    assert_eq!(at_22.winning_moves.len(), 3);
    let at_21 = answer(&mut analyzer, &program, "every_heap", &[2, 1]);
    assert_eq!(at_21.outcome, gamelang::analysis::Outcome::N);
    assert_eq!(at_21.winning_moves.len(), 2);
}

/// The mex of a set of values.
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: std::collections::HashSet<u32> = values.into_iter().collect();
    (0..).find(|g| !seen.contains(g)).unwrap_or(0)
}

/// Grundy values by a brute force over `moves`, memoised.
fn brute(
    heaps: Vec<u64>,
    moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
    memo: &mut HashMap<Vec<u64>, u32>,
) -> u32 {
    if let Some(&g) = memo.get(&heaps) {
        return g;
    }
    let values: Vec<u32> = moves(&heaps)
        .into_iter()
        .map(|next| brute(next, moves, memo))
        .collect();
    let g = mex(values);
    memo.insert(heaps, g);
    g
}

fn grundy_values_agree(
    text: &str,
    heaps: usize,
    max: u64,
    moves: &dyn Fn(&[u64]) -> Vec<Vec<u64>>,
) {
    let game = game(text);
    let mut solver = Solver::new(game, 10_000_000);
    let mut memo = HashMap::new();
    for position in all_positions(heaps, max) {
        let (value, _) = solver.value(&position).expect("a value");
        let expected = brute(position.clone(), moves, &mut memo);
        assert_eq!(value, Value::Grundy(expected), "{position:?}");
    }
}

/// A judge-style compound: two games of Nim on two heaps each, played
/// together, and the player to move moves in both (heaps 1-2 and 3-4);
/// where one has no move, there is none.
#[test]
fn moving_in_every_pair_of_heaps_matches_a_brute_force() {
    let text = "game every_pair {
        heaps 4
        move both {
            for j in 1..2 {
                choose side in 0..1
                let i = 2 * j - 1 + side
                choose k in 1..h[i]
                h[i] -= k
            }
        }
    }";
    let moves = |p: &[u64]| {
        let in_pair = |a: usize| -> Vec<(usize, u64)> {
            (a..a + 2)
                .flat_map(|i| (1..=p[i]).map(move |k| (i, k)))
                .collect()
        };
        let mut out = Vec::new();
        for (i, k) in in_pair(0) {
            for (j, l) in in_pair(2) {
                let mut next = p.to_vec();
                next[i] -= k;
                next[j] -= l;
                out.push(next);
            }
        }
        out
    };
    grundy_values_agree(text, 4, 3, &moves);
}

/// A judge-style game: take at least one stone from a pile, then hand out
/// any of what is left of it to the other piles, each getting what it gets.
/// The stones in play always fall, so every play ends.
#[test]
fn taking_then_handing_out_the_rest_matches_a_brute_force() {
    let text = "game hand_out {
        heaps 3
        move take {
            choose i in 1..len
            choose k in 1..h[i]
            h[i] -= k
            for j in 1..len {
                if j != i {
                    choose given in 0..h[i]
                    h[i] -= given
                    h[j] += given
                }
            }
        }
    }";
    let moves = |p: &[u64]| {
        let mut out = Vec::new();
        for i in 0..3 {
            let others: Vec<usize> = (0..3).filter(|&j| j != i).collect();
            for k in 1..=p[i] {
                let left = p[i] - k;
                for a in 0..=left {
                    for b in 0..=left - a {
                        let mut next = p.to_vec();
                        next[i] = left - a - b;
                        next[others[0]] += a;
                        next[others[1]] += b;
                        out.push(next);
                    }
                }
            }
        }
        out
    };
    grundy_values_agree(text, 3, 4, &moves);
}

/// Every board game of `games/`, compiled, makes the interpreter's moves
/// (`same_as_the_interpreter`) on boards of random cells: the characters
/// the games use, walls (`#`) and cells that no game writes, on boards of
/// 1 × 1 to 5 × 6 — cells read off the board, writes off it (errors), the
/// conditions of Dots and Boxes, Amazons' rays, Konane's jumps.
#[test]
fn board_blocks_compile_to_the_interpreter_s_moves() {
    let games = [
        include_str!("../../games/amazons.game"),
        include_str!("../../games/clobber.game"),
        include_str!("../../games/cram.game"),
        include_str!("../../games/domineering.game"),
        include_str!("../../games/dots_and_boxes.game"),
        include_str!("../../games/konane.game"),
        include_str!("../../games/tic_tac_toe.game"),
        include_str!("../../games/toads_and_frogs.game"),
    ];
    let alphabet: Vec<u64> = "+.-|ox#LRBWXOQ@_ ".chars().map(u64::from).collect();
    // A fixed linear congruential sequence.
    let mut seed: u64 = 11;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let (mut blocks, mut narrow) = (0, Vec::new());
    for text in games {
        let program = load_text("board.game", text, &[]);
        let game = program.games[0].default.clone().expect("checked");
        for rule in &game.rules {
            let MoveKind::Block(block) = &rule.kind else {
                continue;
            };
            blocks += 1;
            if Code::new(block).narrow_bound().is_some() {
                narrow.push(rule.name.clone());
            }
            for _ in 0..60 {
                let (rows, cols) = (1 + next(5), 1 + next(6));
                let mut heaps = vec![rows as u64, cols as u64];
                // Mostly a few characters, as a game's boards are.
                let few: Vec<u64> = (0..3).map(|_| alphabet[next(alphabet.len())]).collect();
                heaps.extend((0..rows * cols).map(|_| match next(8) {
                    0 => alphabet[next(alphabet.len())],
                    k => few[k % 3],
                }));
                if let Err(e) = same_as_the_interpreter(block, &heaps) {
                    panic!("{}: {e}", rule.name);
                }
            }
        }
    }
    assert!(blocks >= 8, "{blocks} blocks compared");
    // Clobber's, Cram's, Domineering's, Dots and Boxes' and Toads and
    // Frogs' blocks (10 of 15) have a narrow form; the others have loops.
    assert!(narrow.len() >= 10, "narrow: {narrow:?} of {blocks}");
}

/// A `choose` whose `require` begins `x divides E` runs over E's divisors
/// alone (`divisors_within`): the moves are the plain walk's, and the
/// compiled code's moves, steps and errors the interpreter's, over bounds
/// below 1, above E, an E of 0 or below 0, tests after the first (one
/// that divides by 0 at x = 3) and a `becomes` before it.
#[test]
fn divisor_choices_make_the_plain_walks_moves() {
    let blocks = [
        "choose x in 1..h[i] - 1; require x divides h[i]; h[i] = x",
        "choose x in 0..h[i]; require x divides h[i] and x < h[i]; h[i] = x",
        "choose x in 2..h[i] + 9; require x divides h[i] * 3 - 12 and x != 4; h[i] = x % 11",
        "choose x in -3..3; require x divides h[i]; h[i] = x + 3",
        "choose x in 1..40; require x divides h[i] - 6 and h[i] / (x - 3) >= 0; h[i] = x",
        "choose x in 1..h[i]; require x divides h[i] and x % 2 == 1 or x == 2; h[i] -= x",
    ];
    let mut compared = 0;
    for body in blocks {
        let text = format!("game g {{ heaps * \n move m {{ choose i in 1..len; {body} }} }}");
        let game = game(&text);
        for heaps in [
            vec![0],
            vec![1],
            vec![12],
            vec![36, 7],
            vec![97, 60, 6],
            vec![0, 30],
        ] {
            match compare(&game, &heaps, 100_000) {
                Some(Ok(())) => compared += 1,
                Some(Err(e)) => panic!("{body}: {e}"),
                None => {}
            }
        }
    }
    assert_eq!(compared, 36);
    // The dividing game: replace a heap by a proper divisor. Its Grundy
    // value is Ω(n), the number of prime factors counted with their
    // multiplicity (a move removes any number of them but not all, so
    // the game is Nim on Ω; AtCoder ABC 368 F's editorial).
    let game = game(
        "game dividing { heaps *\n move divide { choose i in 1..len; \
         choose x in 1..h[i] - 1; require x divides h[i]; h[i] = x } }",
    );
    let omega = |mut n: u64| {
        let (mut count, mut d) = (0, 2);
        while d * d <= n {
            while n.is_multiple_of(d) {
                n /= d;
                count += 1;
            }
            d += 1;
        }
        count + u32::from(n > 1)
    };
    let mut solver = Solver::new(game, 10_000_000);
    for n in (1..400).chain([65_536, 97_530, 99_991, 1_000_000]) {
        let (value, _) = solver.value(&[n]).expect("a value");
        assert_eq!(value, Value::Grundy(omega(n)), "{n}");
    }
}

/// Two heaps chosen in order (`require i < j`, `<=`, `>`, `>=`, or
/// `choose j in i + 1..len`) are searched on sorted positions where what
/// follows is the same with the two swapped, and as written where it is
/// not: each block's values on every position of four heaps up to 3 equal
/// those of the same block kept as written (a `require h[1] >= 0`, always
/// true, names a heap by its place).
#[test]
fn ordered_pairs_are_searched_sorted_only_where_the_pair_is_unordered() {
    // (body after the two chooses, whether it is unordered)
    let cases = [
        (
            "choose j in 1..len; require i < j; choose k in 1..min(h[i], h[j]); h[i] -= k; h[j] -= k",
            true,
        ),
        (
            "choose j in 1..len; require j > i and h[i] >= 1 and h[j] >= 1 and h[i] + h[j] >= 3; h[j] -= 1; h[i] -= 1",
            true,
        ),
        (
            "choose j in i + 1..len; require h[i] > 0 and h[j] > 0; h[i] -= 1; h[j] -= 1",
            true,
        ),
        (
            "choose j in 1..len; require i <= j and h[i] >= 2 and h[j] >= 2; h[i] -= 2",
            false,
        ),
        (
            "choose j in 1..len; require i <= j and max(h[i], h[j]) >= 1 and min(h[i], h[j]) >= 2; h[i] -= 1; h[j] -= 1",
            true,
        ),
        // Asymmetric: the earlier heap loses two, the later one.
        (
            "choose j in 1..len; require i < j and h[i] >= 2 and h[j] >= 1; h[i] -= 2; h[j] -= 1",
            false,
        ),
        // Asymmetric: the earlier heap must be the larger.
        (
            "choose j in i + 1..len; require h[i] > h[j]; h[i] -= 1",
            false,
        ),
        // Asymmetric: the heaps trade (order matters: neither reads alone).
        (
            "choose j in 1..len; require i < j and h[j] > 0; h[i] = h[j]; h[j] = h[i] - 1",
            false,
        ),
    ];
    for (body, unordered) in cases {
        let text = |extra: &str| {
            format!("game g {{ heaps 4\n move m {{ choose i in 1..len; {body}{extra} }} }}")
        };
        let (sorted, written) = (game(&text("")), game(&text("; require h[1] >= 0")));
        let mut sorted = Solver::new(sorted, 1_000_000);
        let mut written = Solver::new(written, 1_000_000);
        assert_eq!(sorted.symmetry().0, unordered, "{body}");
        assert!(!written.symmetry().0, "{body}");
        for position in all_positions(4, 3) {
            let a = sorted.value(&position).expect("a value").0;
            let b = written.value(&position).expect("a value").0;
            assert_eq!(a, b, "{body} at {position:?}");
        }
    }
    // Issue 71: five heaps of 6 taking the same from two hold at most the
    // 462 sorted positions (7^5 = 16,807 as written), and are worth what
    // the block kept as written is.
    let pairs = |extra: &str| {
        game(&format!(
            "game pairs {{ heaps *\n move both {{ choose i in 1..len; choose j in 1..len; \
             require i < j{extra}; choose k in 1..min(h[i], h[j]); h[i] -= k; h[j] -= k }} }}"
        ))
    };
    let solved = |game| {
        Solver::new(game, 1_000_000)
            .value(&[6; 5])
            .expect("a value")
    };
    let ((value, explored), (written, _)) = (solved(pairs("")), solved(pairs(" and h[1] >= 0")));
    assert_eq!(value, written);
    assert!(explored.positions <= 462, "{explored:?}");
}
