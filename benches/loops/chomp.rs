//! Three-row Chomp by hand, as a whole process: the Grundy value of
//! (a, b, c) by a 3-D dp over every a' ≤ a, b' ≤ min(a', b), c' ≤
//! min(b', c) (the loop `benches/engine.rs` times in process). A bite at
//! (row r, column k) leaves every row from r at most k − 1 long; (1, 1)
//! is poisoned. `same_run.sh` times it beside `gamelang analyze`.

fn main() {
    let top: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [x, y, z] = <[usize; 3]>::try_from(top).unwrap_or([97, 64, 35]);
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
                g[a][b][c] = seen.iter().position(|&s| !s).unwrap_or(0) as u32;
            }
        }
    }
    println!("chomp at ({x}, {y}, {z}): grundy {}", g[x][y][z]);
}
