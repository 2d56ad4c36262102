// Coins in a row by the hand-written interval dp, the baseline of benches/scoring/same_run.sh:
// f[i][j] = max(v[i] - f[i+1][j], v[j] - f[i][j-1]); the best of five runs, in microseconds.
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).expect("the file of values").as_str()).unwrap();
    let v: Vec<i64> = text.split_whitespace().map(|x| x.parse().unwrap()).collect();
    let n = v.len();
    let start = Instant::now();
    let mut best = i64::MAX;
    let mut answer = 0;
    for _ in 0..5 {
        let t = Instant::now();
        // f over (i, j), i..=j, row by row of length.
        let mut f = vec![0i64; (n + 1) * (n + 1)];
        for len in 1..=n {
            for i in 0..=n - len {
                let j = i + len - 1;
                let first = v[i] - if len > 1 { f[(i + 1) * (n + 1) + j] } else { 0 };
                let last = v[j] - if len > 1 { f[i * (n + 1) + j - 1] } else { 0 };
                f[i * (n + 1) + j] = first.max(last);
            }
        }
        answer = f[n - 1];
        best = best.min(t.elapsed().as_micros() as i64);
    }
    println!("answer {answer} best of 5: {} us (all {:?})", best, start.elapsed());
}
