//! Helpers for the tests of the library and of the command (which includes
//! this file): load a game from `games/`, values from outside. They use the
//! library's face alone, as the command's tests must.

use gamelang::{Answer, Outcome, Program, Source};

/// The first P-positions of Wythoff's game, as seed 000 lists them
/// (Wythoff 1907: a_k = floor(k phi), b_k = a_k + k; OEIS A000201 and
/// A001950).
pub const WYTHOFF_P: [(u64, u64); 9] = [
    (0, 0),
    (1, 2),
    (3, 5),
    (4, 7),
    (6, 10),
    (8, 13),
    (9, 15),
    (11, 18),
    (12, 20),
];

/// OEIS A002186, Sprague-Grundy values for Kayles (octal 0.77),
/// a(0)..a(104).
pub const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// A002186 a(n) for any n: its terms, then its formula a(n) = a(n - 12)
/// for n >= 83.
pub fn a002186(n: usize) -> u32 {
    match A002186.get(n) {
        Some(&a) => a,
        None => A002186[83 + (n - 83) % 12],
    }
}

/// OEIS A002187, Sprague-Grundy values for Dawson's chess (octal 0.137),
/// a(0)..a(131).
pub const A002187: [u32; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// A002187 a(n) for any n: its terms, then its period of 34, which has no
/// exception past n = 51 (A002187's comment).
pub fn a002187(n: usize) -> u32 {
    match A002187.get(n) {
        Some(&a) => a,
        None => A002187[52 + (n - 52) % 34],
    }
}

/// OEIS A002188, Sprague-Grundy values for Grundy's game, a(0)..a(104).
pub const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// The workspace's root, where `games/` is: this file is shared by the
/// library's tests and the command line's (crates/gamelang-cli).
pub fn root() -> std::path::PathBuf {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if here.join("games").is_dir() {
        here.to_path_buf()
    } else {
        here.join("../..")
    }
}

/// A diagnostic's code: `gamelang::search::too_large`.
pub fn code(diagnostic: &dyn miette::Diagnostic) -> String {
    diagnostic
        .code()
        .map_or_else(String::new, |c| c.to_string())
}

/// Checks `games/NAME.game` with `--set` style overrides; panics on errors.
pub fn load(name: &str, sets: &[&str]) -> Program {
    let path = root().join("games").join(format!("{name}.game"));
    let text = std::fs::read_to_string(&path).expect("the game file exists");
    load_text(&path.to_string_lossy(), &text, sets)
}

/// Checks a source text with `--set` style values, as every front end
/// does (the driver); panics on errors.
pub fn load_text(name: &str, text: &str, sets: &[&str]) -> Program {
    let source = Source::new(name, text);
    gamelang::load(&source, sets).unwrap_or_else(|errors| panic!("{name}: {errors:?}"))
}

pub fn is_p(answer: &Answer) -> bool {
    answer.outcome == Outcome::P
}

/// Every tuple of `len` heaps, each in `0..=max`.
pub fn all_positions(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    out
}

/// Remoteness by brute force for Bash's game with take 1 to 3 (Smith, 1966):
/// 0 at 0; a position with a move to an even remoteness (a loss for the
/// player then to move) is one more than the smallest such; else one more
/// than the largest remoteness of its moves.
pub fn bash_remoteness(top: u64) -> Vec<u64> {
    let mut r = vec![0u64; top as usize + 1];
    for n in 1..=top as usize {
        let moves: Vec<u64> = (1..=3.min(n)).map(|k| r[n - k]).collect();
        r[n] = match moves.iter().filter(|&&m| m % 2 == 0).min() {
            Some(&m) => m + 1,
            None => 1 + moves.iter().max().copied().unwrap_or(0),
        };
    }
    r
}

/// The moves of a one-heap subtraction game by hand: from `p[0]`, take one
/// of `amounts` (those at most the heap).
pub fn subtraction_moves(p: &[u64], amounts: &[u64]) -> Vec<Vec<u64>> {
    (amounts.iter())
        .filter(|&&k| k <= p[0])
        .map(|k| vec![p[0] - k])
        .collect()
}

/// An analyzer that searches every game whole: no sum of heaps, strip,
/// region or group split first.
pub fn whole() -> gamelang::Analyzer {
    gamelang::Analyzer::new(gamelang::Options {
        search: gamelang::SearchOptions {
            decompose: false,
            ..gamelang::SearchOptions::default()
        },
        ..gamelang::Options::default()
    })
}

/// The positions an answer's winning moves lead to, as words, sorted.
pub fn winning(answer: &Answer) -> Vec<String> {
    let mut moves: Vec<String> = (answer.winning_moves.iter())
        .map(|m| m.to.to_string())
        .collect();
    moves.sort();
    moves
}

/// Domineering's moves by hand (games/domineering.game): the boards one
/// move of Left (a vertical domino) or of Right (a horizontal one) leaves
/// on the `rows` × `cols` board whose empty cells are the bits of `empty`,
/// row by row.
pub fn domineering_moves(empty: u32, (rows, cols): (u32, u32), left: bool) -> Vec<u32> {
    let cell = |r: u32, c: u32| 1u32 << (r * cols + c);
    let mut moves = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let other = match left {
                true if r + 1 < rows => cell(r + 1, c),
                false if c + 1 < cols => cell(r, c + 1),
                _ => continue,
            };
            let pair = cell(r, c) | other;
            if empty & pair == pair {
                moves.push(empty & !pair);
            }
        }
    }
    moves
}

/// A Domineering board as a file writes it, `"..|.#"`: the `rows` × `cols`
/// board whose empty cells are the bits of `empty`, row by row.
pub fn domineering_board(empty: u32, (rows, cols): (u32, u32)) -> String {
    let rows: Vec<String> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| match empty >> (r * cols + c) & 1 {
                    1 => '.',
                    _ => '#',
                })
                .collect()
        })
        .collect();
    format!("\"{}\"", rows.join("|"))
}

/// The moves of a compound by the definitions (docs/LANGUAGE.md,
/// "Compounds"), plainly: from the components at `at`, where the player
/// to move has the moves `each[c]` (each to where it leads) and `over(c)`
/// says component c has no move for either player, every move the word
/// allows, as the tuple of components after.
pub fn compound_moves<T: Clone>(
    kind: gamelang::Compound,
    at: &[T],
    each: &[Vec<T>],
    over: impl Fn(usize) -> bool,
) -> Vec<Vec<T>> {
    use gamelang::Compound;
    let n = at.len();
    let stuck = |c: usize| each[c].is_empty();
    let ended = match kind {
        Compound::All | Compound::Any => (0..n).any(stuck),
        _ => (0..n).all(stuck),
    };
    if ended {
        return Vec::new();
    }
    // `series`: the first component not over, alone; none where the
    // player to move has no move there.
    if kind == Compound::Series {
        let Some(c) = (0..n).find(|&c| !over(c)) else {
            return Vec::new();
        };
        return (each[c].iter())
            .map(|p| {
                let mut t = at.to_vec();
                t[c] = p.clone();
                t
            })
            .collect();
    }
    // Each component's choices, a move (Some) or staying (None), and
    // every tuple of them in which something moves.
    let mut tuples: Vec<(Vec<T>, bool)> = vec![(Vec::new(), false)];
    for c in 0..n {
        let mut choices: Vec<Option<T>> = each[c].iter().cloned().map(Some).collect();
        let stay = match kind {
            Compound::All => false,
            Compound::Every => stuck(c),
            _ => true,
        };
        if stay {
            choices.push(None);
        }
        tuples = (tuples.into_iter())
            .flat_map(|(t, moved)| {
                choices.iter().map(move |choice| {
                    let mut t = t.clone();
                    t.push(choice.clone().unwrap_or_else(|| at[c].clone()));
                    (t, moved || choice.is_some())
                })
            })
            .collect();
    }
    (tuples.into_iter())
        .filter(|(_, moved)| *moved)
        .map(|(t, _)| t)
        .collect()
}
