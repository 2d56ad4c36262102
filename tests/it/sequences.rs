//! Grundy sequences of the example heap games, computed by the search and
//! compared with published values.

use super::asked::answer;
use super::common::{A002188, load};
use gamelang::analysis::Analyzer;

fn grundy_values(game: &str, upto: u64) -> Vec<u32> {
    use num_traits::ToPrimitive;
    let program = load(game, &[]);
    let mut analyzer = Analyzer::default();
    (0..=upto)
        .map(|n| {
            answer(&mut analyzer, &program, game, &[n])
                .grundy
                .value()
                .and_then(|g| g.to_u32())
                .expect("normal play has Grundy values")
        })
        .collect()
}

#[test]
fn grundys_game_matches_oeis_a002188() {
    assert_eq!(grundy_values("grundy", 104), A002188);
}

#[test]
fn lasker_matches_its_formula() {
    // Lasker's Nim (Winning Ways for your Mathematical Plays): g(4k+1) = 4k+1, g(4k+2) = 4k+2,
    // g(4k+3) = 4k+4, g(4k+4) = 4k+3, and g(0) = 0.
    let formula = |n: u64| match n % 4 {
        0 if n == 0 => 0,
        1 | 2 => n,
        3 => n + 1,
        _ => n - 1,
    };
    let values = grundy_values("lasker", 60);
    for (n, g) in values.into_iter().enumerate() {
        assert_eq!(u64::from(g), formula(n as u64), "n = {n}");
    }
}
