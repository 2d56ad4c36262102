//! Statements that ask many positions: what a range, a box and a list ask
//! (checked against the positions written one by one), and answers found
//! over many questions of one run equal those found one question a run
//! (the remoteness and suspense an earlier question found are reused).

use gamelang::analysis::Analyzer;
use gamelang::check::Question;

use super::common::load_text;

/// The heaps each question of the program asks, component by component.
fn asked(questions: &[Question]) -> Vec<Vec<Vec<u64>>> {
    (questions.iter())
        .map(|q| {
            (q.components.iter())
                .map(|c| c.position.to_u64s().expect("small heaps"))
                .collect()
        })
        .collect()
}

#[test]
fn a_range_a_box_and_a_list_ask_what_they_write() {
    let many = load_text(
        "many.game",
        "game nim { heaps *; take 1.. }\nanalyze nim at [2..3, (1, 0..1), ()]\nanalyze nim at 0..1 + nim at (5, 6)\n",
        &[],
    );
    let one_by_one = load_text(
        "one.game",
        "game nim { heaps *; take 1.. }\nanalyze nim at 2\nanalyze nim at 3\nanalyze nim at (1, 0)\nanalyze nim at (1, 1)\nanalyze nim at ()\nanalyze nim at 0 + nim at (5, 6)\nanalyze nim at 1 + nim at (5, 6)\n",
        &[],
    );
    assert_eq!(asked(&many.questions), asked(&one_by_one.questions));
    // The positions of one statement share where it is written.
    let spans: Vec<_> = many.questions.iter().map(|q| q.asked).collect();
    assert!(spans[..5].iter().all(|s| *s == spans[0]));
    assert!(spans[5..].iter().all(|s| *s == spans[5] && *s != spans[0]));
}

#[test]
fn remoteness_and_suspense_reused_from_earlier_questions_are_what_a_fresh_search_finds() {
    let program = load_text(
        "steps.game",
        "game wythoff { heaps 2; take 1..; take 1.. from both heaps }\ngame kayles { heaps *; octal 0.77 }\nanalyze wythoff at (0..12, 0..12)\nanalyze kayles at [12, 3..11, (2, 3)]\n",
        &[],
    );
    // In the order asked, and backwards: each position's numbers found
    // with earlier ones known, and alone.
    let mut shared = Analyzer::default();
    let mut backwards = Analyzer::default();
    let forward: Vec<_> = (program.questions.iter())
        .map(|q| shared.analyze(q).expect("an answer").timing)
        .collect();
    let reverse: Vec<_> = (program.questions.iter().rev())
        .map(|q| backwards.analyze(q).expect("an answer").timing)
        .collect();
    for ((question, found), back) in program
        .questions
        .iter()
        .zip(&forward)
        .zip(reverse.iter().rev())
    {
        let alone = Analyzer::default()
            .analyze(question)
            .expect("an answer")
            .timing;
        assert!(
            alone.is_some(),
            "{:?}",
            asked(std::slice::from_ref(question))
        );
        assert_eq!(*found, alone, "{:?}", asked(std::slice::from_ref(question)));
        assert_eq!(*back, alone, "{:?}", asked(std::slice::from_ref(question)));
    }
}

#[test]
fn every_mistake_of_a_statement_of_many_positions_is_reported() {
    // An unknown game beside an empty range, and beside too many
    // positions: each mistake said, none hiding another.
    for (text, codes) in [
        (
            "game nim { heaps *; take 1.. }\nanalyze nosuch at 1 + nim at 5..3\n",
            [
                "gamelang::check::unknown_game",
                "gamelang::check::empty_range",
            ],
        ),
        (
            "game nim { heaps *; take 1.. }\nanalyze nim at (1..1000, 1..1000) + nosuch at 1\n",
            [
                "gamelang::check::too_many_positions",
                "gamelang::check::unknown_game",
            ],
        ),
    ] {
        let source = gamelang::source::Source::new("g.game", text);
        let errors = gamelang::driver::load(&source, &[] as &[&str]).expect_err("errors");
        let found: Vec<String> = (errors.iter())
            .filter_map(|e| miette::Diagnostic::code(e).map(|c| c.to_string()))
            .collect();
        for code in codes {
            assert!(found.iter().any(|f| f == code), "{text}: {found:?}");
        }
    }
}
