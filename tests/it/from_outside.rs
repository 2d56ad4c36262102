//! Questions asked of a program from outside its file, as the Python
//! package asks them: one `analyze` statement (`ask`), a position by its
//! heaps (`question_of`), and many positions answered in brief (`brief`,
//! a fast path: each brief is checked here against the whole answer).

use num_bigint::BigUint;

use gamelang::analysis::Analyzer;
use gamelang::report::json as answer_json;

use super::common::{code, load, root};

/// The whole answer's outcome and value, and the brief's, of `question`.
fn both(analyzer: &mut Analyzer, question: &gamelang::Question) -> (String, String) {
    let answer = analyzer
        .analyze(question)
        .expect("the question has an answer");
    let whole = format!(
        "{:?} {:?} {:?}",
        answer.outcome,
        answer.grundy,
        answer.partizan.and_then(|p| p.value)
    );
    let brief = analyzer.brief(question).expect("and a brief one");
    (
        whole,
        format!("{:?} {:?} {:?}", brief.outcome, brief.grundy, brief.value),
    )
}

#[test]
fn a_brief_answer_is_the_whole_answers_outcome_and_value() {
    let mut files: Vec<_> = std::fs::read_dir(root().join("games"))
        .expect("games/ is there")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    let mut asked = 0;
    for path in files {
        let name = path
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .to_string();
        let program = load(&name, &[]);
        let mut analyzer = Analyzer::default();
        for question in &program.questions {
            let (whole, brief) = both(&mut analyzer, question);
            assert_eq!(whole, brief, "{name}: {}", gamelang::asked_text(question));
            asked += 1;
        }
    }
    assert!(asked > 100, "only {asked} questions");
    // And over ranges the search answers, sums and a misère game.
    for (name, statement) in [
        ("kayles", "kayles at 0..80"),
        ("dawson", "dawson at 0..80"),
        ("nim", "nim at (0..4, 0..4, 0..4)"),
        ("kayles", "kayles at 0..6 + kayles at 0..6"),
        ("misere_kayles", "misere_kayles at 0..30"),
        ("wythoff", "wythoff at (0..8, 0..8)"),
    ] {
        let program = load(name, &[]);
        let mut analyzer = Analyzer::default();
        let questions = gamelang::ask(&program, statement).expect("the statement checks");
        assert!(questions.len() > 20, "{statement}");
        for question in &questions {
            let (whole, brief) = both(&mut analyzer, question);
            assert_eq!(
                whole,
                brief,
                "{statement}: {}",
                gamelang::asked_text(question)
            );
        }
    }
}

#[test]
fn a_statement_asked_from_outside_is_the_files_own() {
    let program = load("nim", &[]);
    let file = gamelang::questions(&program, None, &[]).expect("the file asks");
    let mut analyzer = Analyzer::default();
    for (written, statement) in [(0, "analyze nim at (1, 2, 3)"), (1, "nim at (3, 4, 5)")] {
        let asked = gamelang::ask(&program, statement).expect("the statement checks");
        let [asked] = asked.as_slice() else {
            panic!("{statement} asks one position")
        };
        let ours = analyzer.analyze(asked).expect("an answer");
        let theirs = analyzer.analyze(&file[written]).expect("an answer");
        assert_eq!(
            answer_json(&ours, &|_| None),
            answer_json(&theirs, &|_| None)
        );
    }
    // A statement of many positions asks each (a range includes its end).
    let asked = gamelang::ask(&program, "nim at [(1, 2), 3, 1..4]").expect("it checks");
    assert_eq!(asked.len(), 6);
}

#[test]
fn a_mistake_in_a_statement_is_placed_in_it() {
    let program = load("nim", &[]);
    let errors = gamelang::ask(&program, "nimm at 3").expect_err("no game nimm");
    assert_eq!(code(&errors[0]), "gamelang::check::unknown_game");
    let json = gamelang::diagnostic_json(&errors[0]);
    // Shown as written with `analyze` before it: `analyze nimm at 3`.
    assert_eq!(
        (json["file"].as_str(), json["column"].as_u64()),
        (Some("analyze"), Some(9))
    );
    let errors = gamelang::ask(&program, "nim at (1, 2").expect_err("unclosed");
    assert_eq!(code(&errors[0]), "gamelang::syntax");
    let errors = gamelang::ask(&program, "").expect_err("nothing asked");
    assert_eq!(code(&errors[0]), "gamelang::syntax");
}

#[test]
fn a_position_by_its_heaps_is_the_position_written() {
    let program = load("wythoff", &[]);
    let heaps = [BigUint::from(3u32), BigUint::from(5u32)];
    let by_heaps = gamelang::question_of(&program, None, &heaps).expect("a position");
    let written = gamelang::question_at(&program, None, "(3, 5)").expect("a position");
    assert_eq!(
        by_heaps.components[0].position,
        written.components[0].position
    );
    let three: Vec<BigUint> = [1u32, 2, 3].map(BigUint::from).to_vec();
    let errors = gamelang::question_of(&program, None, &three).expect_err("two heaps");
    assert_eq!(code(&errors[0]), "gamelang::check::heap_count");
    // The error shows the position as it would be written.
    let text = gamelang::diagnostic_text(&errors[0], false, 80);
    assert!(text.contains("(1, 2, 3)"), "{text}");
}
