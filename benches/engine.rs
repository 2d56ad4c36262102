//! `cargo bench --bench engine`: gamelang's search against the loop a user
//! would write by hand, on the same machine in the same run. Each case
//! parses a `.game` text, runs the engine, runs a hand-written Rust
//! baseline, checks that both give the same values, and prints a table of
//! times and the ratio engine / baseline.
//!
//! One-heap games go through `HeapValues` three ways: `auto` (what
//! `gamelang` does: rare values for splits, proven periods copied), `sparse`
//! (rare values only, every heap's mex computed) and `plain` (every move of
//! every heap, as the baselines do). Two-dimensional and four-heap games go
//! through the general search with decomposition switched off. Runs under
//! half a second are repeated five times and the best time kept.
// The allocator that counts the memory held implements an unsafe trait:
// the one place of the workspace that may (its lints deny unsafe code).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::{HashMap, HashSet};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gamelang::Game;
use gamelang::MoveGen;
use gamelang::Source;
use gamelang::check;
use gamelang::{Analyzer, Grundy};
use gamelang::{HeapEngine as HeapValues, HeapMethod as Method};
use gamelang::{SearchOptions as Options, Solver, Value};

/// One line of the table.
struct Row {
    case: String,
    engine: Duration,
    baseline: Option<Duration>,
    note: String,
}

fn game(text: &str, name: &str) -> Arc<Game> {
    let source = Source::new(format!("{name}.game"), text);
    let (program, errors) = check(&source, Vec::new());
    assert!(errors.is_empty(), "{name}: {errors:?}");
    program
        .game(name)
        .expect("the game exists")
        .default
        .clone()
        .expect("the game lowers")
}

/// Runs taking under this long are repeated, and the best time kept: short
/// runs are the ones a busy machine disturbs most.
const REPEAT_BELOW: Duration = Duration::from_millis(500);
const REPEATS: usize = 5;

/// The system allocator, counting the bytes held now and the most held
/// since the count was last reset: the memory column of the octal rows.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to `System` as made; only the counts are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(held, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, size) };
        if !q.is_null() {
            if size >= layout.size() {
                let held = HELD.fetch_add(size - layout.size(), Ordering::Relaxed)
                    + (size - layout.size());
                PEAK.fetch_max(held, Ordering::Relaxed);
            } else {
                HELD.fetch_sub(layout.size() - size, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `f`'s result, its best time (as `timed`), and the most heap memory it
/// held at once beyond what was held before it, in bytes.
fn measured<T>(f: impl FnMut() -> T) -> (T, Duration, usize) {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let (out, time) = timed(f);
    (out, time, PEAK.load(Ordering::Relaxed) - before)
}

fn timed<T>(mut f: impl FnMut() -> T) -> (T, Duration) {
    let start = Instant::now();
    let mut out = black_box(f());
    let mut best = start.elapsed();
    if best < REPEAT_BELOW {
        for _ in 1..REPEATS {
            drop(out);
            let start = Instant::now();
            out = black_box(f());
            best = best.min(start.elapsed());
        }
    }
    (out, best)
}

/// g(0..=n) by the one-heap engine.
fn engine(game: &Game, n: usize, method: Method) -> (HeapValues, Duration, usize) {
    measured(|| {
        let mut heaps = HeapValues::with_method(n + 1, method);
        let top = n as u64;
        heaps
            .extend_to(game, &MoveGen::new(game), top, &[top])
            .expect("the values are defined");
        heaps
    })
}

fn same(case: &str, engine: &[u32], baseline: &[u32]) {
    assert_eq!(engine.len(), baseline.len(), "{case}: lengths");
    if let Some(n) = (0..engine.len()).find(|&n| engine[n] != baseline[n]) {
        panic!(
            "{case}: g({n}) is {} by the engine, {} by hand",
            engine[n], baseline[n]
        );
    }
}

// ---------------------------------------------------------------------------
// Hand-written baselines: a Vec<u32> dp with a mex over a small seen array.

/// Subtraction game S: g(n) = mex { g(n - s) }.
fn subtraction_by_hand(n: usize, s: &[usize]) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for i in 0..=n {
        let mut seen = [false; 8];
        for &k in s {
            if k <= i {
                seen[g[i - k] as usize] = true;
            }
        }
        g[i] = seen.iter().position(|&b| !b).unwrap() as u32;
    }
    g
}

/// Kayles (0.77): knock down 1 or 2 pins, possibly splitting the row.
fn kayles_by_hand(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for i in 1..=n {
        let mut seen = [false; 64];
        for j in 1..=2.min(i) {
            let r = i - j;
            seen[g[r] as usize] = true;
            for a in 1..=r / 2 {
                seen[(g[a] ^ g[r - a]) as usize] = true;
            }
        }
        g[i] = seen.iter().position(|&b| !b).unwrap() as u32;
    }
    g
}

/// Kayles by rare and common values, as a user who knows the trick would
/// write it: the first 1024 values plainly, then the mask with the fewest
/// rare values among them, fixed; splits with a rare part give every
/// common value, and the rare values below it are looked for by scanning.
fn kayles_sparse_by_hand(n: usize) -> Vec<u32> {
    let start = 1024.min(n);
    let mut g = kayles_by_hand(start);
    let parity = |v: u32, m: u32| (v & m).count_ones() & 1;
    let mask = (1..64)
        .min_by_key(|&m| g.iter().filter(|&&v| parity(v, m) == 0).count())
        .unwrap();
    let mut rare: Vec<usize> = (1..g.len()).filter(|&i| parity(g[i], mask) == 0).collect();
    let rare_bits: u64 = (0..64)
        .filter(|&v| parity(v, mask) == 0)
        .fold(0, |b, v| b | 1 << v);
    for i in start + 1..=n {
        let mut seen = (1u64 << g[i - 1]) | (1 << g[i - 2]);
        for r in [i - 1, i - 2] {
            if r % 2 == 0 {
                seen |= 1; // equal halves
            }
            for &a in &rare {
                if a >= r {
                    break;
                }
                seen |= 1 << (g[a] ^ g[r - a]);
            }
        }
        let common = (!seen & !rare_bits).trailing_zeros();
        let mut wanted = !seen & rare_bits & ((1 << common) - 1);
        let mut a = 1;
        while wanted != 0 && a <= (i - 1) / 2 {
            for r in [i - 1, i - 2] {
                if a <= r / 2 {
                    wanted &= !(1 << (g[a] ^ g[r - a]));
                }
            }
            a += 1;
        }
        let v = if wanted == 0 {
            common
        } else {
            wanted.trailing_zeros()
        };
        g.push(v);
        if parity(v, mask) == 0 {
            rare.push(i);
        }
    }
    g
}

/// Any octal game (`digits[j]` for removing j tokens: bit 1 leaves nothing,
/// 2 one heap, 4 two nonempty heaps) by rare and common values, as the
/// peers' hand-written loops do: every split plainly while rare values are
/// a quarter of the values or more, else the splits with a rare part from
/// the list of rare heaps (they give every common value), then the rare
/// values below the smallest missing common value looked for among all
/// splits in blocks of 256, stopping once all are found. The mask, the one
/// with the fewest rare values (a Walsh-Hadamard transform counts them for
/// every mask at once), is chosen again each time the values double.
fn octal_sparse_by_hand(digits: &[u8], n: usize) -> Vec<u32> {
    let rare = |v: u32, m: u32| (v & m).count_ones().is_multiple_of(2);
    let choose = |g: &[u32]| -> u32 {
        let size = (g.iter().max().unwrap() + 1).next_power_of_two().max(2) as usize;
        let mut w = vec![0i64; size];
        for &v in g {
            w[v as usize] += 1;
        }
        let mut len = 1;
        while len < size {
            for block in w.chunks_exact_mut(2 * len) {
                let (lo, hi) = block.split_at_mut(len);
                for (a, b) in lo.iter_mut().zip(hi) {
                    (*a, *b) = (*a + *b, *a - *b);
                }
            }
            len *= 2;
        }
        (1..size).min_by_key(|&m| w[m]).unwrap() as u32
    };
    let mut g: Vec<u32> = vec![0];
    let (mut seen, mut found) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    let (mut mask, mut next_choice) = (0, 1024);
    let (mut rare_heaps, mut rare_values) = (Vec::new(), Vec::new());
    let (mut wanted, mut cuts) = (Vec::new(), Vec::new());
    let mut max = 0u32;
    for i in 1..=n {
        if i == next_choice {
            mask = choose(&g);
            rare_heaps.clear();
            rare_values.clear();
            for (a, &v) in g
                .iter()
                .enumerate()
                .skip(1)
                .filter(|&(_, &v)| rare(v, mask))
            {
                rare_heaps.push(a);
                rare_values.push(v);
            }
            next_choice *= 2;
        }
        let bound = (2 * max + 2).next_power_of_two() as usize;
        cuts.clear();
        for (j, &d) in digits
            .iter()
            .enumerate()
            .skip(1)
            .take_while(|&(j, _)| j <= i)
        {
            let r = i - j;
            if d & 1 != 0 && r == 0 {
                seen[0] = 1;
            }
            if d & 2 != 0 && r > 0 {
                seen[g[r] as usize] = 1;
            }
            if d & 4 != 0 && r >= 2 {
                cuts.push(r);
            }
        }
        let v = if mask == 0 || rare_heaps.len() * 4 > i {
            for &r in &cuts {
                let most = r / 2;
                for (&x, &y) in g[1..=most].iter().zip(g[r - most..r].iter().rev()) {
                    seen[(x ^ y) as usize] = 1;
                }
            }
            seen.iter().position(|&b| b == 0).unwrap() as u32
        } else {
            for &r in &cuts {
                let end = rare_heaps.partition_point(|&a| a < r);
                for (&a, &x) in rare_heaps[..end].iter().zip(&rare_values[..end]) {
                    seen[(x ^ g[r - a]) as usize] = 1;
                }
            }
            let common = (0..)
                .find(|&v| !rare(v, mask) && seen[v as usize] == 0)
                .unwrap();
            wanted.clear();
            wanted.extend((0..common).filter(|&v| rare(v, mask) && seen[v as usize] == 0));
            let widest = cuts.iter().map(|&r| r / 2).max().unwrap_or(0);
            let mut from = 1;
            while !wanted.is_empty() && from <= widest {
                let to = (from + 256).min(widest + 1);
                for &r in &cuts {
                    let last = (r / 2).min(to - 1);
                    if from <= last {
                        let left = &g[from..=last];
                        let right = &g[r - last..=r - from];
                        for (&x, &y) in left.iter().zip(right.iter().rev()) {
                            found[(x ^ y) as usize] = 1;
                        }
                    }
                }
                wanted.retain(|&w| found[w as usize] == 0);
                from = to;
            }
            found[..bound].fill(0);
            wanted.first().copied().unwrap_or(common)
        };
        seen[..bound.max(v as usize + 1)].fill(0);
        max = max.max(v);
        g.push(v);
        if mask != 0 && rare(v, mask) && i < next_choice {
            rare_heaps.push(i);
            rare_values.push(v);
        }
    }
    g
}

/// Grundy's game: split a heap into two unequal nonempty heaps.
fn grundy_by_hand(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = vec![false; 1024];
    for i in 0..=n {
        seen.fill(false);
        for a in 1..=(i.max(1) - 1) / 2 {
            seen[(g[a] ^ g[i - a]) as usize] = true;
        }
        g[i] = seen.iter().position(|&b| !b).unwrap() as u32;
    }
    g
}

/// The dividing game (replace a heap by a proper divisor, AtCoder ABC 368
/// F): each heap's proper divisors by trial division up to its square
/// root, and their mex — what a contestant writes (a sieve of Ω would
/// skip the game altogether).
fn dividing_by_hand(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = [false; 64];
    for m in 2..=n {
        seen.fill(false);
        let mut d = 1;
        while d * d <= m {
            if m % d == 0 {
                seen[g[d] as usize] = true;
                if d > 1 && d * d != m {
                    seen[g[m / d] as usize] = true;
                }
            }
            d += 1;
        }
        g[m] = seen.iter().position(|&b| !b).unwrap() as u32;
    }
    g
}

/// Wythoff's game on the grid 0..=n by 0..=n, `g[x * (n + 1) + y]`, as the
/// fastest peers write it: one bit set of the values seen on each row,
/// column and diagonal, each with the index of its first word not full, so
/// that a cell's mex is an OR of three words or a few.
fn wythoff_by_hand(n: usize) -> Vec<u32> {
    let n1 = n + 1;
    // g(x, y) <= its number of moves, x + y + min(x, y) <= 3n.
    let words = 3 * n / 64 + 1;
    let mut row = vec![0u64; n1 * words];
    let mut column = vec![0u64; n1 * words];
    let mut diagonal = vec![0u64; 2 * n1 * words];
    let mut full = vec![0usize; 4 * n1];
    let mut g = vec![0u32; n1 * n1];
    for x in 0..n1 {
        for y in 0..n1 {
            let lines = [x, n1 + y, 2 * n1 + (x + n1 - y)];
            let (r, c, d) = (x * words, y * words, (x + n1 - y) * words);
            let mut w = lines.iter().map(|&l| full[l]).max().unwrap();
            let v = loop {
                let seen = row[r + w] | column[c + w] | diagonal[d + w];
                if seen != u64::MAX {
                    break w * 64 + (!seen).trailing_zeros() as usize;
                }
                w += 1;
            };
            g[x * n1 + y] = v as u32;
            let (word, bit) = (v / 64, 1u64 << (v % 64));
            for (set, start, line) in [
                (&mut row, r, lines[0]),
                (&mut column, c, lines[1]),
                (&mut diagonal, d, lines[2]),
            ] {
                set[start + word] |= bit;
                while full[line] < words - 1 && set[start + full[line]] == u64::MAX {
                    full[line] += 1;
                }
            }
        }
    }
    g
}

/// Nim with four heaps of at most n, indexed ((a n1 + b) n1 + c) n1 + d.
fn nim4_by_hand(n: usize) -> Vec<u32> {
    let n1 = n + 1;
    let mut g = vec![0u32; n1.pow(4)];
    let mut seen = vec![false; 4 * n + 2];
    let strides = [n1.pow(3), n1.pow(2), n1, 1];
    for i in 0..g.len() {
        seen.fill(false);
        for s in strides {
            let heap = i / s % n1;
            for k in 1..=heap {
                seen[g[i - k * s] as usize] = true;
            }
        }
        g[i] = seen.iter().position(|&b| !b).unwrap() as u32;
    }
    g
}

// ---------------------------------------------------------------------------
// Cases

/// A hand-written baseline's values, best time and peak heap memory, and
/// how it works.
struct ByHand {
    values: Vec<u32>,
    time: Duration,
    bytes: usize,
    how: &'static str,
}

/// Runs the hand-written baseline `f`, measured.
fn by_hand(how: &'static str, f: impl FnMut() -> Vec<u32>) -> Option<ByHand> {
    let (values, time, bytes) = measured(f);
    Some(ByHand {
        values,
        time,
        bytes,
        how,
    })
}

fn one_heap(
    rows: &mut Vec<Row>,
    case: &str,
    game: &Game,
    n: usize,
    methods: &[Method],
    baseline: Option<ByHand>,
) {
    let mb = |bytes: usize| bytes as f64 / 1e6;
    let mut first: Option<HeapValues> = None;
    for &method in methods {
        let (heaps, time, bytes) = engine(game, n, method);
        let values = heaps.values().to_vec();
        if let Some(b) = &baseline {
            same(case, &values, &b.values);
        }
        if let Some(first) = &first {
            same(case, &values, &first.values().to_vec());
        }
        rows.push(Row {
            case: format!("{case}, {}", format!("{method:?}").to_lowercase()),
            engine: time,
            baseline: baseline.as_ref().map(|b| b.time),
            note: baseline.as_ref().map_or(String::new(), |b| {
                format!(
                    "{}; peak heap {:.1} MB against {:.1} MB ({:.2}x)",
                    b.how,
                    mb(bytes),
                    mb(b.bytes),
                    bytes as f64 / b.bytes as f64
                )
            }),
        });
        first.get_or_insert(heaps);
    }
}

fn general(game: Arc<Game>, top: &[u64]) -> (Solver, Duration) {
    let (solver, time, _) = general_with(game, top, true);
    (solver, time)
}

/// The general search, with or without the ray engine; with the moves it
/// examined.
fn general_with(game: Arc<Game>, top: &[u64], rays: bool) -> (Solver, Duration, usize) {
    let options = Options {
        max_positions: 100_000_000,
        decompose: false,
        rays,
        ..Options::default()
    };
    let ((solver, moves), time) = timed(|| {
        let mut solver = Solver::with_options(game.clone(), options.clone());
        let (_, explored) = solver.value(top).expect("the value is defined");
        (solver, explored.edges)
    });
    (solver, time, moves)
}

/// `moves` over `time`: how many a second, in millions.
fn rate(moves: usize, time: Duration) -> String {
    let rate = moves as f64 / time.as_secs_f64() / 1e6;
    format!("{moves} moves, {rate:.1} M moves/s")
}

fn grundy_of(solver: &mut Solver, heaps: &[u64]) -> u32 {
    match solver.value(heaps).expect("the value is defined").0 {
        Value::Grundy(g) => g,
        Value::Misere { .. } => unreachable!("normal play"),
    }
}

fn main() {
    // `cargo bench --bench engine -- WORD` runs only the cases whose name
    // holds WORD (subtraction, kayles, octal, grundy, dividing, wythoff, nim, block,
    // sums, compound, period);
    // OCTAL_UPTO=N sets the octal rows' largest heap (default 10^5), and
    // an octal code (`-- 0.16`) runs that row alone.
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let run = |case: &str| only.as_ref().is_none_or(|w| case.contains(w.as_str()));
    let mut rows = Vec::new();

    if run("subtraction") {
        subtraction_cases(&mut rows);
    }
    if run("kayles") {
        kayles_cases(&mut rows);
    }
    // A case of its own: `-- 0.1777`.
    octal_cases(&mut rows, &|code: &str| run("octal") || run(code));
    if run("grundy") {
        grundy_cases(&mut rows);
    }
    if run("dividing") {
        dividing_case(&mut rows);
    }
    if run("wythoff") {
        wythoff_case(&mut rows);
    }
    if run("nim") {
        nim_case(&mut rows);
    }
    if run("block") {
        block_cases(&mut rows);
    }
    if run("sums") {
        sum_cases(&mut rows);
    }
    if run("compound") {
        compound_case(&mut rows);
    }
    if run("period") {
        period_case(&mut rows);
    }
    // Minutes and gigabytes: only when asked for by name.
    if only.as_deref() == Some("record") {
        record_case(&mut rows);
    }
    print_table(&rows);
}

fn subtraction_cases(rows: &mut Vec<Row>) {
    let subtraction = game("game s { heaps 1\n take {1, 3, 4} }", "s");
    let n = 10_000_000;
    let base = by_hand("dp, mex over [bool; 8]", || {
        subtraction_by_hand(n, &[1, 3, 4])
    });
    let methods = [Method::Auto, Method::Plain];
    one_heap(
        rows,
        "subtraction {1,3,4} to 10^7",
        &subtraction,
        n,
        &methods,
        base,
    );
}

fn kayles_cases(rows: &mut Vec<Row>) {
    let kayles = game("game kayles { heaps *\n octal 0.77 }", "kayles");
    let n = 100_000;
    let base = by_hand("plain dp, O(n^2)", || kayles_by_hand(n));
    let methods = [Method::Auto, Method::Sparse, Method::Plain];
    one_heap(rows, "Kayles 0.77 to 10^5", &kayles, n, &methods, base);
    let n = 1_000_000;
    let how = "by-hand rare/common (plain O(n^2) infeasible)";
    let base = by_hand(how, || kayles_sparse_by_hand(n));
    let methods = [Method::Auto, Method::Sparse];
    one_heap(rows, "Kayles 0.77 to 10^6", &kayles, n, &methods, base);
}

/// Officers (0.6), Treblecross (0.007) and Dawson's chess (0.137), with
/// Kayles (0.77), 0.16 and 0.1777: the octal rows, each against
/// the hand-written rare/common loop; those `run` is true of (given the
/// code). Where `auto` proves a period inside the range and copies the
/// rest, a second row times the loop itself by rare values (Kayles, 0.16),
/// as the hand-written loop uses them. Dawson's chess has no such row: its
/// values are never sparse, and the loop that scans every split is
/// Treblecross's row (the engine's `plain` is the slower reference).
fn octal_cases(rows: &mut Vec<Row>, run: &dyn Fn(&str) -> bool) {
    use Method::{Auto, Sparse};
    let cases: [(&str, &str, &[u8], &[Method]); 6] = [
        ("Kayles", "0.77", &[0, 7, 7], &[Auto, Sparse]),
        ("Officers", "0.6", &[0, 6], &[Auto]),
        ("Treblecross", "0.007", &[0, 0, 0, 7], &[Auto]),
        ("Dawson's chess", "0.137", &[0, 1, 3, 7], &[Auto]),
        ("octal", "0.16", &[0, 1, 6], &[Auto, Sparse]),
        ("octal", "0.1777", &[0, 1, 7, 7, 7], &[Auto]),
    ];
    let top = std::env::var("OCTAL_UPTO")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    for (name, code, digits, methods) in cases.into_iter().filter(|c| run(c.1)) {
        let g = game(&format!("game g {{ heaps *\n octal {code} }}"), "g");
        let base = by_hand("by-hand rare/common loop", || {
            octal_sparse_by_hand(digits, top)
        });
        one_heap(
            rows,
            &format!("{name} {code} to {top}"),
            &g,
            top,
            methods,
            base,
        );
    }
}

fn grundy_cases(rows: &mut Vec<Row>) {
    let grundy = game(
        "game grundy { heaps *\n split into 2 unequal nonempty heaps }",
        "grundy",
    );
    let n = 100_000;
    let base = by_hand("plain dp, O(n^2)", || grundy_by_hand(n));
    let methods = [Method::Auto, Method::Plain];
    one_heap(rows, "Grundy's game to 10^5", &grundy, n, &methods, base);
    let n = 1_000_000;
    let note = "no baseline: plain O(n^2) would take minutes";
    one_heap(
        rows,
        "Grundy's game to 10^6",
        &grundy,
        n,
        &[Method::Auto],
        None,
    );
    rows.last_mut().unwrap().note = note.to_string();
}

/// The dividing game written as a block (`choose x`, `require x divides
/// h[i]`: its divisors found, not every value tried) beside the
/// contestant's loop.
fn dividing_case(rows: &mut Vec<Row>) {
    let dividing = game(
        "game dividing { heaps *\n move divide { choose i in 1..len\n choose x in 1..h[i] - 1\n require x divides h[i]\n h[i] = x } }",
        "dividing",
    );
    let n = 100_000;
    let base = by_hand("trial division to the root, mex", || dividing_by_hand(n));
    one_heap(
        rows,
        "dividing game to 10^5 (block)",
        &dividing,
        n,
        &[Method::Auto],
        base,
    );
}

fn wythoff_case(rows: &mut Vec<Row>) {
    let wythoff = game(
        "game wythoff { heaps 2\n take 1..\n take 1.. from both heaps }",
        "wythoff",
    );
    let n = 999;
    let (mut solver, engine_time) = general(wythoff, &[n as u64, n as u64]);
    let (by_hand, time) = timed(|| wythoff_by_hand(n));
    for (i, &expected) in by_hand.iter().enumerate() {
        let (x, y) = ((i / (n + 1)) as u64, (i % (n + 1)) as u64);
        assert_eq!(
            grundy_of(&mut solver, &[x, y]),
            expected,
            "Wythoff ({x}, {y})"
        );
    }
    rows.push(Row {
        case: format!("Wythoff grid {0}x{0}, general search", n + 1),
        engine: engine_time,
        baseline: Some(time),
        note: format!(
            "row/column/diagonal bit sets; {} positions held (one box of rays)",
            solver.len()
        ),
    });
}

fn nim_case(rows: &mut Vec<Row>) {
    let nim = game("game nim { heaps 4\n take 1.. }", "nim");
    let n = 30;
    let (mut solver, engine_time) = general(nim, &[n as u64; 4]);
    let (by_hand, time) = timed(|| nim4_by_hand(n));
    let n1 = n + 1;
    for (i, &expected) in by_hand.iter().enumerate() {
        let heaps: Vec<u64> = (0..4).rev().map(|d| (i / n1.pow(d) % n1) as u64).collect();
        assert_eq!(grundy_of(&mut solver, &heaps), expected, "Nim {heaps:?}");
    }
    rows.push(Row {
        case: format!("Nim 4 heaps <= {n}, general search"),
        engine: engine_time,
        baseline: Some(time),
        note: format!("4D dp; {} positions held (one box of rays)", solver.len()),
    });
}

/// Chomp's values on three rows, `g[a][b][c]` for a >= b >= c within `top`,
/// by a 3-D dp: a bite at (row r, column k) leaves every row from r at
/// most k - 1 long; (1, 1) is poisoned.
fn chomp_by_hand(top: [usize; 3]) -> Vec<Vec<Vec<u32>>> {
    let [x, y, z] = top;
    let mut g = vec![vec![vec![0u32; z + 1]; y + 1]; x + 1];
    let mut seen = vec![false; x + y + z + 2];
    for a in 0..=x {
        for b in 0..=a.min(y) {
            for c in 0..=b.min(z) {
                seen.fill(false);
                for k in 2..=a {
                    seen[g[k - 1][b.min(k - 1)][c.min(k - 1)] as usize] = true;
                }
                for k in 1..=b {
                    seen[g[a][k - 1][c.min(k - 1)] as usize] = true;
                }
                for k in 1..=c {
                    seen[g[a][b][k - 1] as usize] = true;
                }
                g[a][b][c] = seen.iter().position(|&s| !s).unwrap() as u32;
            }
        }
    }
    g
}

/// Move blocks, compiled once per game: Nim written as a block against the
/// Nim phrase through the same search, and Chomp against a 3-D dp.
fn block_cases(rows: &mut Vec<Row>) {
    let n = 30;
    let phrase = game("game nim { heaps 4\n take 1.. }", "nim");
    let block = game(
        "game nim { heaps 4\n move take { choose i in 1..len; choose k in 1..h[i]; h[i] -= k } }",
        "nim",
    );
    // The compiler reads this block as rays, as it reads the phrase: both
    // go through the ray engine. Without rays, both go through the graph
    // search, and the block's own cost shows.
    for rays in [true, false] {
        let (phrase_solver, phrase_time, _) = general_with(phrase.clone(), &[n as u64; 4], rays);
        let (mut solver, block_time, moves) = general_with(block.clone(), &[n as u64; 4], rays);
        for heaps in [[1u64, 2, 3, 0], [30, 29, 28, 27], [5, 9, 12, 0]] {
            let xor = heaps.iter().fold(0, |x, h| x ^ h) as u32;
            assert_eq!(grundy_of(&mut solver, &heaps), xor, "Nim {heaps:?}");
        }
        let how = if rays {
            "ray engine"
        } else {
            "graph search, rays off"
        };
        rows.push(Row {
            case: format!("Nim 4 heaps <= {n} as a block, {how}"),
            engine: block_time,
            baseline: Some(phrase_time),
            note: format!(
                "the Nim phrase, same engine; {} positions held, the phrase {}; {}",
                solver.len(),
                phrase_solver.len(),
                rate(moves, block_time)
            ),
        });
    }
    let chomp = game(
        "game chomp {\n heaps * where nonincreasing\n move bite {\n choose r in 1..len\n choose c in 1..h[r]\n require r > 1 or c > 1\n for s in r..len { h[s] = min(h[s], c - 1) }\n }\n}",
        "chomp",
    );
    // Issue 48's two sizes: every position of the smaller is checked
    // against the dp; the larger, its values at a spread of positions.
    for (top, every) in [([97, 64, 35], 1), ([200, 150, 100], 7)] {
        let (mut solver, engine_time, moves) =
            general_with(chomp.clone(), &top.map(|t| t as u64), true);
        let (by_hand, time) = timed(|| chomp_by_hand(top));
        for (a, plane) in by_hand.iter().enumerate().step_by(every) {
            for (b, row) in plane.iter().enumerate().take(a + 1).step_by(every) {
                for (c, &expected) in row.iter().enumerate().take(b + 1).step_by(every) {
                    let g = grundy_of(&mut solver, &[a as u64, b as u64, c as u64]);
                    assert_eq!(g, expected, "Chomp ({a}, {b}, {c})");
                }
            }
        }
        let [a, b, c] = top;
        rows.push(Row {
            case: format!("Chomp ({a}, {b}, {c}) as a block, run engine"),
            engine: engine_time,
            baseline: Some(time),
            note: format!(
                "3-D dp; {} positions held; {}",
                solver.len(),
                rate(moves, engine_time)
            ),
        });
    }
    // A two-part game no engine reads: a square taken from either part,
    // its `choose` bounded by the `require` after it.
    let squares = game(
        "game squares {\n position (a, b)\n move from_a { choose k in 1..a; require k * k <= a; a -= k * k }\n move from_b { choose k in 1..b; require k * k <= b; b -= k * k }\n}",
        "squares",
    );
    let top = [1500, 1000];
    let (mut solver, engine_time, moves) = general_with(squares.clone(), &top, true);
    let (by_hand, time) = timed(|| squares_by_hand(top.map(|t| t as usize)));
    for (a, b) in [(1500, 1000), (0, 0), (17, 900), (1499, 3), (640, 641)] {
        let g = grundy_of(&mut solver, &[a as u64, b as u64]);
        assert_eq!(g, by_hand[a][b], "squares ({a}, {b})");
    }
    rows.push(Row {
        case: "a square from either part at (1500, 1000) as blocks, general search".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: format!("2-D dp; {}", rate(moves, engine_time)),
    });
    // The same game as users ask it: split into its groups (a) and (b),
    // each searched alone, beside the 1-D mex of each part by hand.
    let top = [3000u64, 2000];
    let options = Options {
        max_positions: 100_000_000,
        ..Options::default()
    };
    let ((g, moves), engine_time) = timed(|| {
        let mut solver = Solver::with_options(squares.clone(), options.clone());
        assert!(solver.by_groups());
        let (value, explored) = solver.value(&top).expect("the value is defined");
        (value, explored.edges)
    });
    let (by_hand, time) = timed(|| {
        let (a, b) = (
            squares_by_mex(top[0] as usize),
            squares_by_mex(top[1] as usize),
        );
        a[top[0] as usize] ^ b[top[1] as usize]
    });
    assert_eq!(g, Value::Grundy(by_hand), "squares {top:?}");
    rows.push(Row {
        case: "a square from either part at (3000, 2000), by groups".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: format!("1-D mex of each part; {}", rate(moves, engine_time)),
    });
}

/// The take-a-square game's values g(0) to g(top) by hand.
fn squares_by_mex(top: usize) -> Vec<u32> {
    let mut g = vec![0u32; top + 1];
    let mut seen = vec![false; 256];
    for n in 0..=top {
        seen.fill(false);
        for k in (1..).take_while(|k| k * k <= n) {
            seen[g[n - k * k] as usize] = true;
        }
        g[n] = seen.iter().position(|s| !s).expect("a value is missing") as u32;
    }
    g
}

/// The squares game by hand: g[a][b] is the mex over every square taken
/// from a or from b.
fn squares_by_hand([top_a, top_b]: [usize; 2]) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; top_b + 1]; top_a + 1];
    let mut seen = vec![false; 256];
    for a in 0..=top_a {
        for b in 0..=top_b {
            seen.fill(false);
            for k in (1..).take_while(|k| k * k <= a) {
                seen[g[a - k * k][b] as usize] = true;
            }
            for k in (1..).take_while(|k| k * k <= b) {
                seen[g[a][b - k * k] as usize] = true;
            }
            g[a][b] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

/// The cutting game by hand: g[w][h] is the mex over every cut of the XOR
/// of the two sheets' values, filled by increasing size.
fn sheets_by_hand(top: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; top + 1]; top + 1];
    let mut seen = vec![false; 4 * top + 4];
    for w in 1..=top {
        for h in 1..=top {
            seen.fill(false);
            for a in 1..w {
                seen[(g[a][h] ^ g[w - a][h]) as usize] = true;
            }
            for b in 1..h {
                seen[(g[w][b] ^ g[w][h - b]) as usize] = true;
            }
            g[w][h] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

/// Block games answered as sums (`becomes`, heap-local blocks): Kayles as
/// a block against the `octal 0.77` phrase; the cutting game against a
/// memoised dp; circular Kayles at 10^18 against the dp and its period.
fn sum_cases(rows: &mut Vec<Row>) {
    let n = 100_000;
    let phrase = game("game kayles { heaps *\n octal 0.77 }", "kayles");
    let block = game(
        "game kayles { heaps *\n move knock { choose i in 1..len; choose k in 1..2; require k <= h[i]; choose a in 0..h[i] - k; append h[i] - k - a; h[i] = a } }",
        "kayles",
    );
    let (by_phrase, phrase_time, _) = engine(&phrase, n, Method::Auto);
    let (by_block, block_time, _) = engine(&block, n, Method::Auto);
    same(
        "Kayles block",
        &by_block.values().to_vec(),
        &by_phrase.values().to_vec(),
    );
    rows.push(Row {
        case: "Kayles as a heap-local block to 10^5, auto".to_string(),
        engine: block_time,
        baseline: Some(phrase_time),
        note: "the octal 0.77 phrase, same engine (the block read as its code once, when checked)"
            .to_string(),
    });

    let top = 200;
    let sheet = game(
        "game sheet { position (w, h)\n move across { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }\n move down { choose b in 1..h - 1; becomes (w, b) + (w, h - b) } }",
        "sheet",
    );
    let ((mut solver, moves), engine_time) = timed(|| {
        let mut solver = Solver::new(sheet.clone(), 1_000_000);
        let (_, explored) = solver.value(&[top, top]).expect("the value is defined");
        (solver, explored.edges)
    });
    let (by_hand, time) = timed(|| sheets_by_hand(top as usize));
    for (w, h) in [(200, 200), (1, 7), (8, 5), (137, 61), (199, 2)] {
        let g = grundy_of(&mut solver, &[w, h]);
        assert_eq!(g, by_hand[w as usize][h as usize], "sheet ({w}, {h})");
    }
    rows.push(Row {
        case: "cutting game 200 x 200 (becomes)".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: format!(
            "memoised 2-D dp; {} positions held; {}",
            solver.len(),
            rate(moves, engine_time)
        ),
    });

    let text = "game row { heaps *; octal 0.77 }\ngame circle {\n heaps 1\n move first { choose k in 1..2; require k <= h[1]; becomes row at (h[1] - k) }\n}\nanalyze circle at 1000000000000000000\n";
    let source = Source::new("circle.game", text);
    let (program, errors) = check(&source, Vec::new());
    assert!(errors.is_empty(), "circle: {errors:?}");
    let question = program.questions[0].clone();
    let (answer, engine_time) = timed(|| {
        Analyzer::default()
            .analyze(&question)
            .expect("circular Kayles is answered")
    });
    let big: u64 = 1_000_000_000_000_000_000;
    let (expected, time) = timed(|| {
        // Kayles' period 12 from 71 (OEIS A002186): the rows of 10^18 - 1
        // and - 2 read from the values below 95.
        let g = kayles_by_hand(100);
        let row = |m: u64| g[(71 + (m - 71) % 12) as usize];
        let options = [row(big - 1), row(big - 2)];
        (0..).find(|v| !options.contains(v)).unwrap_or(0)
    });
    assert_eq!(
        answer.grundy,
        Grundy::Value(expected.into()),
        "circle at 10^18"
    );
    rows.push(Row {
        case: "circular Kayles at 10^18 (becomes row), analyze".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: "Kayles dp to 100 and its period".to_string(),
    });
}

/// Euclid's game by hand: whether the player to move wins, and the
/// suspense (Winning Ways, ch. 9), memoised on the pair.
fn euclid_suspense(a: u64, b: u64, memo: &mut HashMap<(u64, u64), (bool, u64)>) -> (bool, u64) {
    if let Some(&known) = memo.get(&(a, b)) {
        return known;
    }
    let mut next = Vec::new();
    if b > 0 && a >= b {
        next.extend((1..=a / b).map(|m| (a - m * b, b)));
    }
    if a > 0 && b > a {
        next.extend((1..=b / a).map(|m| (a, b - m * a)));
    }
    let after: Vec<(bool, u64)> = next
        .iter()
        .map(|&(x, y)| euclid_suspense(x, y, memo))
        .collect();
    let winning = after
        .iter()
        .filter(|(wins, _)| !wins)
        .map(|&(_, s)| s)
        .max();
    let result = match (after.is_empty(), winning) {
        (true, _) => (false, 0),
        (false, Some(s)) => (true, s + 1),
        (false, None) => (false, 1 + after.iter().map(|&(_, s)| s).min().unwrap_or(0)),
    };
    memo.insert((a, b), result);
    result
}

/// The every-component compound (continued conjunctive; Winning Ways,
/// ch. 9) of ten pairs of piles up to 10^3 (games/euclid_pairs.game),
/// whole `analyze` in process, against the suspense by hand.
fn compound_case(rows: &mut Vec<Row>) {
    let pairs: [(u64, u64); 10] = [
        (1000, 999),
        (987, 610),
        (377, 233),
        (500, 3),
        (999, 1),
        (640, 123),
        (1000, 1000),
        (89, 55),
        (777, 512),
        (313, 997),
    ];
    let parts: Vec<String> = (pairs.iter())
        .map(|(a, b)| format!("euclid at ({a}, {b})"))
        .collect();
    let text = format!(
        "game euclid {{\n position (a, b)\n move from_a {{ require b > 0 and a >= b; choose m in 1..a / b; a -= m * b }}\n move from_b {{ require a > 0 and b > a; choose m in 1..b / a; b -= m * a }}\n}}\nanalyze every {}\n",
        parts.join(" + ")
    );
    let source = Source::new("pairs.game", text);
    let (program, errors) = check(&source, Vec::new());
    assert!(errors.is_empty(), "pairs: {errors:?}");
    let question = program.questions[0].clone();
    let (answer, engine_time) = timed(|| {
        Analyzer::default()
            .analyze(&question)
            .expect("the compound is answered")
    });
    let (expected, time) = timed(|| {
        let mut memo = HashMap::new();
        (pairs.iter())
            .map(|&(a, b)| euclid_suspense(a, b, &mut memo).1)
            .max()
            .unwrap_or(0)
    });
    let deciding = answer.compound.and_then(|c| c.deciding).map(|d| d.compound);
    assert_eq!(deciding, Some(expected), "the greatest suspense");
    rows.push(Row {
        case: "every-compound of 10 Euclid pairs <= 10^3, analyze".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: format!(
            "memoised suspense by hand; {}",
            rate(pairs.iter().map(|&p| euclid_moves(p)).sum(), engine_time)
        ),
    });
}

/// The moves of every position Euclid's game reaches from `start`, each
/// position once: what a search of that pair examines.
fn euclid_moves(start: (u64, u64)) -> usize {
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    let mut moves = 0;
    while let Some((a, b)) = stack.pop() {
        let after: Vec<(u64, u64)> = match (a, b) {
            (a, b) if b > 0 && a >= b => (1..=a / b).map(|m| (a - m * b, b)).collect(),
            (a, b) if a > 0 && b > a => (1..=b / a).map(|m| (a, b - m * a)).collect(),
            _ => Vec::new(),
        };
        moves += after.len();
        stack.extend(after.into_iter().filter(|&p| seen.insert(p)));
    }
    moves
}

fn print_table(rows: &[Row]) {
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
    let width = rows.iter().map(|r| r.case.len()).max().unwrap_or(0);
    println!(
        "{:width$}  {:>12}  {:>12}  {:>8}  baseline",
        "case (engine method)", "engine", "by hand", "ratio"
    );
    println!("{}", "-".repeat(width + 44 + 10));
    for row in rows {
        let (base, ratio) = match row.baseline {
            Some(b) => (
                ms(b),
                format!("{:.2}x", row.engine.as_secs_f64() / b.as_secs_f64()),
            ),
            None => ("-".to_string(), "-".to_string()),
        };
        println!(
            "{:width$}  {:>12}  {:>12}  {:>8}  {}",
            row.case,
            ms(row.engine),
            base,
            ratio,
            row.note
        );
    }
    println!("ratio = engine time / hand-written time (below 1: the engine is faster)");
}

/// The period search on values with a long period: a preperiod of 1.6·10^7
/// values, then a cycle of 6·10^6 (a tenth of 0.1777's published period,
/// 60,620,715 from 160,949,017; Flammenkamp, OEIS A071509), enough of it
/// for the Guy–Smith theorem to prove it (t = 3). The baseline checks the
/// known period alone, by hand: what finding it must at least do.
fn period_case(rows: &mut Vec<Row>) {
    use gamelang::{Theorem, prove};
    let (pre, p, t) = (16_000_000usize, 6_000_000usize, 3usize);
    // Guy and Smith: checked from e to 2e + p + t + 1 (Winning Ways,
    // ch. 4), and a little more.
    let len = 2 * pre + 2 * p + t + 2;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 8) as u32
    };
    let head: Vec<u32> = (0..pre).map(|_| next()).collect();
    let cycle: Vec<u32> = (0..p).map(|_| next()).collect();
    let mut values = head;
    values.extend((0..len - pre).map(|i| cycle[i % p]));
    // The last value before the cycle differs from the one a period on,
    // so the preperiod is exactly `pre`.
    values[pre - 1] = (values[pre - 1 + p] + 1) % 8;
    let theorem = Theorem::GuySmith { t };
    let (found, engine_time) = timed(|| prove(&values, theorem, usize::MAX));
    let found = found.expect("the period is proven");
    assert_eq!((found.period, found.preperiod), (p, pre));
    let (agree, time) = timed(|| (pre..len - p).all(|n| values[n] == values[n + p]));
    assert!(agree);
    rows.push(Row {
        case: "period 6*10^6 from 1.6*10^7 found and proven".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: format!("checking the known period alone ({len} values)"),
    });
}

/// 0.1777's period, the longest known of an octal game (Flammenkamp;
/// OEIS A071509: 60,620,715 from heap 160,949,017), found and proven from
/// the rules by one question about a heap of 10^30, the values computed
/// until Guy and Smith's theorem proves it; beside the hand-written
/// rare/common loop computing as many values, which must show the same
/// period over the range the proof checked. `cargo bench --bench engine
/// -- record`: about two minutes and 3 GB each.
fn record_case(rows: &mut Vec<Row>) {
    let text = "game g { heaps *; octal 0.1777 }\nanalyze g at 1000000000000000000000000000000\n";
    let (program, errors) = check(&Source::new("record.game", text), Vec::new());
    assert!(errors.is_empty(), "{errors:?}");
    let mut analyzer = Analyzer::new(gamelang::Options {
        search: Options {
            max_positions: 600_000_000,
            move_budget: Some(u64::MAX),
            timeout: None,
            ..Options::default()
        },
        max_moves: 3,
        ..gamelang::Options::default()
    });
    let start = Instant::now();
    let answer = analyzer.analyze(&program.questions[0]).expect("answered");
    let engine_time = start.elapsed();
    let [gamelang::ComponentMethod::Period { period }] = answer.method.components.as_slice() else {
        panic!("answered from a period: {:?}", answer.method)
    };
    assert_eq!((period.period, period.preperiod), (60_620_715, 160_949_018));
    let checked = period.certificate.checked.clone();
    drop(analyzer);
    let len = checked.end + period.period;
    let start = Instant::now();
    let by_hand = octal_sparse_by_hand(&[0, 1, 7, 7, 7], len - 1);
    let time = start.elapsed();
    assert!(
        checked
            .clone()
            .all(|n| by_hand[n] == by_hand[n + period.period])
    );
    rows.push(Row {
        case: "0.1777's period from the rules (heap 10^30)".to_string(),
        engine: engine_time,
        baseline: Some(time),
        note: format!("by-hand rare/common loop to {len} values"),
    });
}
