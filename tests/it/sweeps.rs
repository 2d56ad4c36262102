//! A block compiled into a sweep (`moves::sweep`: one `choose`, then a
//! `becomes` whose heaps are affine in the chosen variable) makes the
//! interpreter's moves, in its order: random blocks of that shape, with
//! expressions affine and not, are run both ways from every small
//! position. Where the sweep is not sure (a heap below 0, an expression
//! that fails) it says so, and its caller leaves the position to the
//! interpreter; that is checked too.

use gamelang::moves::{MoveGen, Next, Sweep, Swept};

use super::common::load_text;

/// A small random source (xorshift), so that a seed is a whole block.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A number-valued expression over the position, `t` where declared,
    /// and `v` where `chosen`: affine mostly, now and then not.
    fn number(&mut self, depth: u32, t: bool, chosen: bool) -> String {
        let leaf = depth == 0 || self.below(3) == 0;
        if leaf {
            let mut leaves = vec!["x".to_string(), "y".to_string(), "h[1]".to_string()];
            leaves.push(self.below(4).to_string());
            if t {
                leaves.push("t".into());
            }
            if chosen {
                leaves.extend(["v".to_string(), "v".to_string()]);
            }
            let i = self.below(leaves.len() as u64) as usize;
            return leaves[i].clone();
        }
        let (a, b) = (
            self.number(depth - 1, t, chosen),
            self.number(depth - 1, t, chosen),
        );
        match self.below(7) {
            0 | 1 => format!("({a} + {b})"),
            2 | 3 => format!("({a} - {b})"),
            4 => format!("({a} * {})", self.below(3)),
            5 => format!("({a} * {b})"),
            _ => format!("({a} / 2)"),
        }
    }

    fn block(&mut self) -> String {
        let mut body = String::new();
        if self.below(2) == 0 {
            let (a, b) = (self.number(1, false, false), self.number(1, false, false));
            body.push_str(&format!("        require {a} <= {b} + 2\n"));
        }
        let t = self.below(2) == 0;
        if t {
            let value = self.number(2, false, false);
            body.push_str(&format!("        let t = {value}\n"));
        }
        let (lo, hi) = (self.number(1, t, false), self.number(2, t, false));
        body.push_str(&format!("        choose v in {lo}..{hi}\n"));
        let parts = 1 + self.below(2);
        let sum: Vec<String> = (0..parts)
            .map(|_| {
                let (a, b) = (self.number(2, t, true), self.number(2, t, true));
                format!("({a}, {b})")
            })
            .collect();
        body.push_str(&format!("        becomes {}\n", sum.join(" + ")));
        format!("game g {{\n    position (x, y)\n    move m {{\n{body}    }}\n}}\n")
    }
}

/// The interpreter's moves from `heaps`: each the heaps of its parts.
fn interpreted(moves: &MoveGen, heaps: &[u64]) -> Option<Vec<Vec<Vec<u64>>>> {
    let mut found = Vec::new();
    let made = moves.each_option_within(heaps, u64::MAX, |_, next| match next {
        Next::Sum(parts) => found.push(parts.iter().map(|p| p.heaps.clone()).collect()),
        Next::Position(_) => panic!("a sweep's block becomes sums"),
    });
    made.ok().map(|_| found)
}

/// The sweep's moves from `heaps`: `None` where it is not sure (a failure,
/// or a heap outside 0 to 2^64 - 1), which its caller leaves to the
/// interpreter.
fn swept(sweep: &Sweep, heaps: &[u64]) -> Option<Vec<Vec<Vec<u64>>>> {
    let mut out = Swept::default();
    if !sweep.at(heaps, &mut out).ok()? {
        return Some(Vec::new());
    }
    let mut moves = Vec::new();
    let mut v = out.lo;
    while v <= out.hi {
        let mut from = 0;
        let mut parts = Vec::new();
        for &end in &out.ends {
            let part = (from..end)
                .map(|j| u64::try_from(out.bases[j] + out.slopes[j] * v).ok())
                .collect::<Option<Vec<u64>>>()?;
            parts.push(part);
            from = end;
        }
        moves.push(parts);
        v += 1;
    }
    Some(moves)
}

/// Compares the two on the block of `seed` from every position of heaps
/// below 6: how many positions were compared (`None`: not a sweep).
fn check(seed: u64) -> Result<Option<usize>, String> {
    let mut random = Random(seed | 1);
    let text = random.block();
    let program = load_text("sweep.game", &text, &[]);
    let game = program.games[0].default.clone().expect("the game lowers");
    let moves = MoveGen::new(&game);
    let Some(sweeps) = moves.sweeps() else {
        return Ok(None);
    };
    let mut compared = 0;
    for x in 0..6 {
        for y in 0..6 {
            let heaps = [x, y];
            let Some(by_sweep) = swept(&sweeps[0], &heaps) else {
                continue;
            };
            compared += 1;
            match interpreted(&moves, &heaps) {
                Some(by_interpreter) if by_interpreter == by_sweep => {}
                other => {
                    return Err(format!(
                        "{text}at {heaps:?}: the sweep makes {by_sweep:?}, the interpreter {other:?}"
                    ));
                }
            }
        }
    }
    Ok(Some(compared))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    #[test]
    fn a_sweep_makes_the_interpreters_moves(seed in proptest::prelude::any::<u64>()) {
        check(seed).map_err(proptest::test_runner::TestCaseError::fail)?;
    }
}

/// The generator is not idle: most of its blocks are sweeps, compared on
/// most positions, and some are not (a variable times a variable, a
/// variable halved).
#[test]
fn most_random_blocks_are_sweeps_and_some_are_not() {
    let (mut sweeps, mut others, mut compared) = (0, 0, 0);
    for seed in 1..=300 {
        match check(seed) {
            Ok(Some(n)) => {
                sweeps += 1;
                compared += n;
            }
            Ok(None) => others += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert!(
        sweeps > 100 && others > 20,
        "{sweeps} sweeps, {others} others"
    );
    assert!(
        compared > sweeps * 18,
        "{compared} positions of {sweeps} sweeps"
    );
}

/// The cutting game's cuts are sweeps; Nim's block (an assignment) is not.
#[test]
fn the_cutting_games_cuts_are_sweeps() {
    let sheet = "game sheet {\n position (w, h)\n move across { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }\n move down { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }\n}\n";
    let program = load_text("sheet.game", sheet, &[]);
    let game = program.games[0].default.clone().expect("lowers");
    let sweeps = MoveGen::new(&game).sweeps().expect("both rules are sweeps");
    let mut out = Swept::default();
    assert!(sweeps[0].at(&[5, 3], &mut out).expect("evaluates"));
    // a from 1 to 4: (a, 3) + (5 - a, 3).
    assert_eq!((out.lo, out.hi), (1, 4));
    assert_eq!(out.bases, [0, 3, 5, 3]);
    assert_eq!(out.slopes, [1, 0, -1, 0]);
    let nim = "game nim {\n heaps 2\n move take { choose i in 1..len; choose k in 1..h[i]; h[i] -= k }\n}\n";
    let program = load_text("nim.game", nim, &[]);
    let game = program.games[0].default.clone().expect("lowers");
    assert!(MoveGen::new(&game).sweeps().is_none());
}
