//! `cargo bench --bench nimber`: nim multiplication (the Tartan theorem's
//! product of two coin-turning games; issue 28's target: coordinates up to
//! 2^64 under 10 ms) beside the hand-written way competitive programmers
//! use — a 64 × 64 table of the products of powers of two, then the XOR of
//! the entries of every pair of set bits — on the same random pairs; and
//! gamelang's product of numbers of 1024 bits, which the table cannot do.

use std::hint::black_box;
use std::time::Instant;

use num_bigint::BigUint;

/// A linear congruential generator: the same pairs every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 ^ (self.0 >> 29)
    }
}

/// The hand-written product: 2^i ⊗ 2^j for every i, j < 64, by the Fermat
/// 2-power rules on the bits of i and j, then a product as the XOR of the
/// table over the pairs of set bits.
struct Table([[u64; 64]; 64]);

impl Table {
    fn new() -> Self {
        let mut t = [[0u64; 64]; 64];
        for i in 0..64 {
            for j in 0..64 {
                t[i][j] = Self::powers(i as u32, j as u32, &t);
            }
        }
        Table(t)
    }

    /// 2^i ⊗ 2^j from the smaller entries: with the highest bit 2^k of i
    /// or j, F = 2^(2^k), 2^i = F·2^(i - 2^k) where the bit is set.
    fn powers(i: u32, j: u32, t: &[[u64; 64]; 64]) -> u64 {
        if i == 0 || j == 0 {
            return 1 << (i + j);
        }
        let k = 31 - (i | j).leading_zeros();
        let half = 1u32 << k;
        match (i & half != 0, j & half != 0) {
            // F·a ⊗ F·b = (F ⊗ F)·(a ⊗ b) = (F ⊕ F/2) ⊗ (a ⊗ b).
            (true, true) => {
                let ab = t[(i - half) as usize][(j - half) as usize];
                let f = 1u64 << half;
                Self::mul(ab, f, t) ^ Self::mul(ab, f >> 1, t)
            }
            (true, false) => t[(i - half) as usize][j as usize] << half,
            (false, true) => t[i as usize][(j - half) as usize] << half,
            (false, false) => unreachable!("k is the highest bit of i or j"),
        }
    }

    fn mul(x: u64, y: u64, t: &[[u64; 64]; 64]) -> u64 {
        let mut product = 0;
        let mut a = x;
        while a != 0 {
            let i = a.trailing_zeros() as usize;
            a &= a - 1;
            let mut b = y;
            while b != 0 {
                let j = b.trailing_zeros() as usize;
                b &= b - 1;
                product ^= t[i][j];
            }
        }
        product
    }
}

fn main() {
    const PAIRS: usize = 1_000_000;
    let mut random = Random(2026);
    let pairs: Vec<(u64, u64)> = (0..PAIRS).map(|_| (random.next(), random.next())).collect();
    let started = Instant::now();
    let table = Table::new();
    let built = started.elapsed();
    // The table is filled in order, so an entry may only use smaller ones.
    for &(x, y) in pairs.iter().take(10_000) {
        assert_eq!(
            gamelang::nim_mul_u64(x, y),
            Table::mul(x, y, &table.0),
            "{x} ⊗ {y}"
        );
    }
    let started = Instant::now();
    let ours = pairs.iter().fold(0, |acc, &(x, y)| {
        acc ^ black_box(gamelang::nim_mul_u64(x, y))
    });
    let ours_time = started.elapsed();
    let started = Instant::now();
    let theirs = (pairs.iter()).fold(0, |acc, &(x, y)| {
        acc ^ black_box(Table::mul(x, y, &table.0))
    });
    let theirs_time = started.elapsed();
    assert_eq!(ours, theirs);
    let per = |d: std::time::Duration| d.as_secs_f64() * 1e9 / PAIRS as f64;
    println!("nim products of {PAIRS} random pairs below 2^64:");
    println!(
        "  gamelang {:>8.1} ns a product   hand-written table {:>8.1} ns (table built in {:.1} µs)   ratio {:.2}",
        per(ours_time),
        per(theirs_time),
        built.as_secs_f64() * 1e6,
        ours_time.as_secs_f64() / theirs_time.as_secs_f64()
    );
    let big = |random: &mut Random| {
        (0..16).fold(BigUint::ZERO, |n, _| {
            (n << 64u32) | BigUint::from(random.next())
        })
    };
    let big_pairs: Vec<(BigUint, BigUint)> = (0..1_000)
        .map(|_| (big(&mut random), big(&mut random)))
        .collect();
    let started = Instant::now();
    for (x, y) in &big_pairs {
        black_box(gamelang::nim_mul(x, y));
    }
    println!(
        "  gamelang, numbers of 1024 bits: {:.1} µs a product",
        started.elapsed().as_secs_f64() * 1e6 / big_pairs.len() as f64
    );
}
