//! Wythoff's game by hand, as a whole process: the Grundy value of (n, n)
//! from the grid 0..=n by 0..=n, one bit set of the values seen on each
//! row, column and diagonal (the loop `benches/engine.rs` times in
//! process). `same_run.sh` times it beside `gamelang analyze`.

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(999);
    let n1 = n + 1;
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
            let mut w = lines.iter().map(|&l| full[l]).max().unwrap_or(0);
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
    println!("wythoff at ({n}, {n}): grundy {}", g[n * n1 + n]);
}
