//! A condition on the amount that only bounds it is read as the amounts it
//! allows (`rules::solve::normalise`): the spelling never changes what a
//! game is, so a known game and its period are recognised however its
//! amounts are written.

use gamelang::analysis::Analyzer;
use proptest::prelude::*;

use super::common::load_text;

/// The method line and the Grundy values of heaps 0 to 40 of `take AMOUNTS`,
/// and its answer at 10^15.
fn answers(amounts: &str) -> (String, Vec<String>) {
    let mut text = format!("game g {{ heaps 1; take {amounts} }}\nanalyze g at 1000000000000000\n");
    for n in 0..=40 {
        text.push_str(&format!("analyze g at {n}\n"));
    }
    let program = load_text("amounts.game", &text, &[]);
    let mut analyzer = Analyzer::default();
    let mut answers = (program.questions.iter())
        .map(|q| analyzer.analyze(q).expect("answered"))
        .map(|a| gamelang::report::text(&a, &|_| None));
    let huge = answers.next().expect("the huge heap");
    let method = (huge.lines())
        .find(|l| l.trim_start().starts_with("method:"))
        .unwrap_or_default()
        .to_string();
    let values = answers
        .map(|a| {
            a.lines()
                .find(|l| l.contains("grundy"))
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    (method, values)
}

#[test]
fn bounds_and_residues_are_the_ranges_they_allow() {
    for (condition, range) in [
        ("k where k <= 3", "1..3"),
        ("k where k >= 2 and k <= 5", "2..5"),
        ("k where 5 >= k and 2 <= k", "2..5"),
        ("k where k % 2 == 1 and k <= 9", "{1, 3, 5, 7, 9}"),
        ("1..9 where k % 2 == 1", "{1, 3, 5, 7, 9}"),
        ("k where k < 4 or k == 6", "{1, 2, 3, 6}"),
    ] {
        let (written, values) = answers(condition);
        let (ranged, range_values) = answers(range);
        assert_eq!(written, ranged, "{condition}");
        assert!(written.contains("closed form"), "{condition}: {written}");
        assert_eq!(values, range_values, "{condition}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// A union of up to three ranges of amounts, written as the set of its
    /// amounts and as a condition of bounds joined by `or`: the same method
    /// line and the same values.
    #[test]
    fn a_union_of_ranges_is_the_same_game_written_either_way(
        ranges in proptest::collection::vec((1u32..=12, 0u32..=4), 1..=3)
    ) {
        let mut set: Vec<u32> = ranges.iter().flat_map(|&(a, len)| a..=a + len).collect();
        set.sort_unstable();
        set.dedup();
        let items: Vec<String> = set.iter().map(u32::to_string).collect();
        let sides: Vec<String> = ranges
            .iter()
            .map(|&(a, len)| format!("(k >= {a} and k <= {})", a + len))
            .collect();
        let as_set = answers(&format!("{{{}}}", items.join(", ")));
        let as_condition = answers(&format!("k where {}", sides.join(" or ")));
        prop_assert_eq!(as_set, as_condition);
    }
}
