//! Every kind of error `gamelang check` reports, pinned by an insta snapshot
//! holding the source and the rendered errors side by side (no colour, 80
//! columns). Each test also asserts the codes, so that a wrong kind of error
//! fails even when the snapshots are being updated.
//!
//! Update the snapshots with `INSTA_UPDATE=always cargo test --release --test
//! it diagnostics` (or `cargo insta review`), then read every changed `.snap`:
//! the message must say what is wrong, the label must sit on the exact span,
//! and the help must say what to write instead.

use gamelang::check::check;
use gamelang::syntax::{parse_arg, parse_position};
use gamelang::{error::Error, source::Source};

/// The source, then every error rendered as `gamelang check` prints it.
fn side_by_side(sources: &[(&str, &str)], errors: &[Error]) -> String {
    let mut out = String::new();
    for (name, text) in sources {
        out.push_str(&format!("----- SOURCE {name}\n{text}"));
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out.push_str(&format!("----- ERRORS ({})\n", errors.len()));
    for error in errors {
        out.push_str(&gamelang::report::diagnostic_text(error, false, 80));
        out.push('\n');
    }
    out
}

/// Checks `src` as the file `NAME.game` with `--set` values, as every front
/// end does (the driver), and returns its errors and the sources shown.
fn errors_of(name: &str, src: &str, sets: &[&str]) -> (Vec<Error>, Vec<(String, String)>) {
    let mut sources = vec![(format!("{name}.game"), src.to_string())];
    sources.extend(
        sets.iter()
            .map(|text| ("--set".to_string(), text.to_string())),
    );
    let loaded = gamelang::driver::load(&Source::new(format!("{name}.game"), src), sets);
    (loaded.err().unwrap_or_default(), sources)
}

/// Checks `src`, asserts the codes of its errors (in order), and snapshots them.
fn snapshot(name: &str, src: &str, codes: &[&str]) {
    snapshot_with(name, src, &[], codes);
}

/// As [`snapshot`], with `--set NAME=VALUE` overrides.
fn snapshot_with(name: &str, src: &str, sets: &[&str], codes: &[&str]) {
    let (errors, sources) = errors_of(name, src, sets);
    let found: Vec<String> = errors.iter().map(Error::code).collect();
    let sources: Vec<(&str, &str)> = sources
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let text = side_by_side(&sources, &errors);
    assert_eq!(found, codes, "{text}");
    for error in &errors {
        assert!(
            miette::Diagnostic::help(error).is_some(),
            "every error has a help line:\n{text}"
        );
    }
    insta::assert_snapshot!(name, text);
}

/// The text under an error's primary label.
fn primary(error: &Error) -> String {
    let span = error.primary().expect("the error points into a source");
    let source = miette::Diagnostic::source_code(error).expect("the error has its source");
    let contents = source
        .read_span(&span, 0, 0)
        .expect("the span is in the source");
    String::from_utf8_lossy(contents.data()).into_owned()
}

const BASH: &str = "game bash(m = 3) {\n    heaps 1\n    take 1..m\n}\n";

/// Bash with a statement that uses its default (or `--set`) parameters.
const BASH_USED: &str = "game bash(m = 3) {\n    heaps 1\n    take 1..m\n}\nanalyze bash at 5\n";

// ---------------------------------------------------------------------------
// Syntax

#[test]
fn syntax_missing_equals_in_parameter() {
    let src = "game bash(m 3) {\n    heaps 1\n    take 1..m\n}\n";
    snapshot(
        "syntax_missing_equals_in_parameter",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_unknown_statement_in_body() {
    let src = "game nim {\n    heaps *\n    remove 1..\n}\n";
    snapshot(
        "syntax_unknown_statement_in_body",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_misspelt_keyword_gets_did_you_mean() {
    // Two letters swapped: `tkae` for `take`.
    let src = "game nim {\n    heaps *\n    tkae 1..\n}\n";
    snapshot(
        "syntax_misspelt_keyword_gets_did_you_mean",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_two_errors_in_one_file_are_both_reported() {
    // Recovery is at the next line starting with `game` or `analyze`.
    let src = "game bash(m = 3) {\n    heaps 1\n    take 1..m from\n}\n\ngame nim {\n    heaps *\n    take 1...\n}\n\nanalyze nim at (1, 2, 3\n";
    let (errors, _) = errors_of("two", src, &[]);
    assert_eq!(errors.len(), 3);
    assert_eq!(primary(&errors[0]), "\n");
    assert_eq!(primary(&errors[1]), ".");
    snapshot(
        "syntax_two_errors_in_one_file_are_both_reported",
        src,
        &["gamelang::syntax", "gamelang::syntax", "gamelang::syntax"],
    );
}

#[test]
fn a_games_statements_that_parsed_are_checked_beside_its_syntax_error() {
    // Issue 30: `frm` is a syntax error; `take 1..qq` parsed and names
    // nothing, and is reported too. The game as a whole is not checked (a
    // rule is missing from it), so no error about it all is made up.
    let src = "game b {\n    heaps 1\n    take 1..3 frm both heaps\n    take 1..qq\n}\n";
    let (errors, _) = errors_of("broken", src, &[]);
    let codes: Vec<String> = errors.iter().map(Error::code).collect();
    assert_eq!(codes, ["gamelang::syntax", "gamelang::check::unknown_name"]);
    assert_eq!(primary(&errors[0]), "frm");
    assert_eq!(primary(&errors[1]), "qq");
    // Only the failed statement: nothing more than its syntax error.
    let (errors, _) = errors_of("only", "game c {\n    heaps 1\n    take 1..3 frm\n}\n", &[]);
    assert_eq!(errors.len(), 1);
}

#[test]
fn syntax_unclosed_body_at_end_of_file() {
    let src = "game nim {\n    heaps *\n    take 1..\n";
    snapshot(
        "syntax_unclosed_body_at_end_of_file",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_file_ending_without_a_line_break() {
    // The label must still show, after the last token.
    let src = "game g { heaps 1; take (1";
    snapshot(
        "syntax_file_ending_without_a_line_break",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_single_equals_in_condition() {
    let src = "game g {\n    heaps 1\n    take k where k = 2\n}\n";
    snapshot(
        "syntax_single_equals_in_condition",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_keyword_as_parameter_name() {
    let src = "game g(each = 2) {\n    heaps 1\n    take 1..each\n}\n";
    snapshot(
        "syntax_keyword_as_parameter_name",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_heads_mixing_pairs_and_single_coins() {
    let src = "game r { coins; turn 1.. coins in a row }\ngame t { coins; product of r and r }\nanalyze t at {(1, 2), 3}\n";
    snapshot(
        "syntax_heads_mixing_pairs_and_single_coins",
        src,
        &["gamelang::syntax"],
    );
}

/// The slips of a newcomer (issue "first hours"), each with its help.
#[test]
fn syntax_heaps_listed_without_parentheses() {
    let src = "game nim { heaps *; take 1.. }\nanalyze nim at 3, 4, 5\n";
    snapshot(
        "syntax_heaps_listed_without_parentheses",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_another_languages_or() {
    let src = "game g { heaps 1; take k where k == 1 || k == 4 }\n";
    snapshot("syntax_another_languages_or", src, &["gamelang::syntax"]);
}

#[test]
fn syntax_amounts_joined_by_or() {
    let src = "game g { heaps 1; take 1..3 or 5 }\n";
    snapshot("syntax_amounts_joined_by_or", src, &["gamelang::syntax"]);
}

#[test]
fn syntax_amount_condition_after_if() {
    let src = "game g { heaps 1; take k if k % 2 == 1 }\n";
    snapshot(
        "syntax_amount_condition_after_if",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_a_player_in_capitals() {
    let src = "game g {\n    heaps 1\n    Left move up { h[1] -= 1 }\n}\n";
    snapshot("syntax_a_player_in_capitals", src, &["gamelang::syntax"]);
}

#[test]
fn a_partizan_game_checks_is_analyzed_and_tabled() {
    // Rules of one player's parse, lower and check; `left:` is still a
    // label; the analysis answers them, a table (of Grundy values) says it
    // takes impartial games only.
    let src = "game cutcake {\n    position (w, h)\n    left move vertical { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }\n    right move horizontal { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }\n}\ngame ps { heaps 1; left take 1..2; right take 1..3 }\ngame lbl { heaps 1; left: take 1 }\nanalyze cutcake at (4, 3)\nanalyze ps at 5\nanalyze lbl at 3\n";
    let program = super::common::load_text("partizan.game", src, &[]);
    let sides = |name: &str| -> Vec<Option<gamelang::rules::Side>> {
        let game = program
            .game(name)
            .expect("the game")
            .default
            .clone()
            .expect("lowered");
        game.rules.iter().map(|r| r.side).collect()
    };
    use gamelang::rules::Side;
    assert_eq!(sides("cutcake"), [Some(Side::Left), Some(Side::Right)]);
    assert_eq!(sides("ps"), [Some(Side::Left), Some(Side::Right)]);
    assert_eq!(sides("lbl"), [None]);
    let mut analyzer = gamelang::Analyzer::default();
    let outcomes: Vec<gamelang::Outcome> = (program.questions.iter())
        .map(|q| analyzer.analyze(q).expect("an answer").outcome)
        .collect();
    use gamelang::Outcome;
    assert_eq!(outcomes, [Outcome::L, Outcome::R, Outcome::N]);
    let game = program.questions[0].components[0].game.clone();
    let upto = num_bigint::BigUint::from(5u32);
    let table = analyzer.table(&game, &upto, None, &mut |_| {});
    let table = table.expect("a table of its values");
    assert!(
        matches!(table.shape, gamelang::Shape::Partizan { parts: 2, .. }),
        "{table:?}"
    );
    // Its positions have two parts: a table of three is refused.
    let table = analyzer.table(&game, &upto, Some(3), &mut |_| {});
    let error = table.expect_err("refused");
    assert_eq!(super::common::code(&error), "gamelang::table::heap_count");
}

#[test]
fn syntax_statement_outside_a_game() {
    let src = "game nim {\n    heaps *\n}\n    take 1..\n";
    snapshot(
        "syntax_statement_outside_a_game",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_split_into_three_heaps() {
    let src = "game g {\n    heaps *\n    split into 3 nonempty heaps\n}\n";
    snapshot("syntax_split_into_three_heaps", src, &["gamelang::syntax"]);
}

#[test]
fn syntax_negative_heap_in_position() {
    let src = format!("{BASH}analyze bash at -1\n");
    snapshot(
        "syntax_negative_heap_in_position",
        &src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_move_block_without_a_name() {
    let src = "game g {\n    heaps 1\n    move { h[1] -= 1 }\n}\n";
    snapshot(
        "syntax_move_block_without_a_name",
        src,
        &["gamelang::syntax"],
    );
}

#[test]
fn syntax_arrow_in_a_move_block() {
    let src = "game g {\n    heaps 1\n    move m { h[1] -> h[1] - 1 }\n}\n";
    snapshot("syntax_arrow_in_a_move_block", src, &["gamelang::syntax"]);
}

#[test]
fn octal_code_with_a_digit_above_7() {
    // `octal` was reserved in v1 and is a rule now; its digits are 0 to 7.
    let src = "game kayles {\n    heaps *\n    octal 0.78\n}\n";
    let (errors, _) = errors_of("octal", src, &[]);
    assert_eq!(primary(&errors[0]), "8");
    snapshot(
        "octal_code_with_a_digit_above_7",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

// ---------------------------------------------------------------------------
// Names, parameters and positions in `analyze`

#[test]
fn unknown_game_suggests_the_closest() {
    let src = format!("{BASH}analyze bsh at 21\n");
    snapshot(
        "unknown_game_suggests_the_closest",
        &src,
        &["gamelang::check::unknown_game"],
    );
}

#[test]
fn unknown_game_lists_the_games() {
    let src = format!("{BASH}game nim {{ heaps *; take 1.. }}\nanalyze wythoff at (3, 5)\n");
    snapshot(
        "unknown_game_lists_the_games",
        &src,
        &["gamelang::check::unknown_game"],
    );
}

#[test]
fn unknown_game_whose_definition_has_a_syntax_error() {
    // The definition of `nim` does not parse; the analyze statement should
    // not claim there is no such game.
    let src = "game nim {\n    heaps *\n    take 1..\n\nanalyze nim at (1, 2)\n";
    let (errors, _) = errors_of("broken", src, &[]);
    assert!(
        !errors[1].to_string().starts_with("there is no game"),
        "{}",
        errors[1]
    );
    snapshot(
        "unknown_game_whose_definition_has_a_syntax_error",
        src,
        &["gamelang::syntax", "gamelang::check::unknown_game"],
    );
}

#[test]
fn unknown_parameter_in_analyze() {
    let src = "game g(m = 3) {\n    heaps 1\n    take 1..m\n}\nanalyze g(x = 1) at 3\n";
    snapshot(
        "unknown_parameter_in_analyze",
        src,
        &["gamelang::check::unknown_parameter"],
    );
}

#[test]
fn parameter_given_to_a_game_without_parameters() {
    let src = "game nim {\n    heaps *\n    take 1..\n}\nanalyze nim(m = 1) at (1, 2)\n";
    snapshot(
        "parameter_given_to_a_game_without_parameters",
        src,
        &["gamelang::check::unknown_parameter"],
    );
}

#[test]
fn parameter_given_twice() {
    let src = format!("{BASH}analyze bash(m = 4, m = 5) at 3\n");
    snapshot(
        "parameter_given_twice",
        &src,
        &["gamelang::check::duplicate_parameter"],
    );
}

#[test]
fn number_parameter_given_a_set() {
    let src = format!("{BASH}analyze bash(m = {{1, 2}}) at 3\n");
    snapshot(
        "number_parameter_given_a_set",
        &src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn set_parameter_given_a_number() {
    let src = "game sub(S = {1, 3, 4}) {\n    heaps 1\n    take S\n}\nanalyze sub(S = 3) at 10\n";
    snapshot(
        "set_parameter_given_a_number",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn position_with_the_wrong_number_of_heaps() {
    let src = format!("{BASH}analyze bash at (1, 2)\n");
    let (errors, _) = errors_of("heaps", &src, &[]);
    assert_eq!(primary(&errors[0]), "(1, 2)");
    snapshot(
        "position_with_the_wrong_number_of_heaps",
        &src,
        &["gamelang::check::heap_count"],
    );
}

#[test]
fn position_breaking_the_invariant() {
    // games/empty_and_divide.game: neither box is ever empty.
    let src = "game empty_and_divide {\n    heaps 2 where each >= 1\n    empty one heap and split the other into 2 nonempty heaps\n}\nanalyze empty_and_divide at (0, 5)\n";
    let (errors, _) = errors_of("invariant", src, &[]);
    assert_eq!(primary(&errors[0]), "(0, 5)");
    snapshot(
        "position_breaking_the_invariant",
        src,
        &["gamelang::check::invariant"],
    );
}

#[test]
fn misere_game_in_a_sum() {
    let src = "game misere_bash(m = 3) {\n    heaps 1\n    take 1..m\n    play misere\n}\ngame nim { heaps *; take 1.. }\nanalyze misere_bash at 15 + nim at (1, 2)\n";
    let (errors, _) = errors_of("misere_sum", src, &[]);
    assert_eq!(primary(&errors[0]), "misere_bash at 15");
    snapshot(
        "misere_game_in_a_sum",
        src,
        &["gamelang::check::misere_sum"],
    );
}

// ---------------------------------------------------------------------------
// Games: definitions and statements

#[test]
fn duplicate_game() {
    let src = "game nim { heaps *; take 1.. }\ngame nim { heaps *; take 1..3 }\n";
    snapshot("duplicate_game", src, &["gamelang::check::duplicate_game"]);
}

#[test]
fn duplicate_parameter() {
    let src = "game g(m = 3, m = 4) {\n    heaps 1\n    take 1..m\n}\n";
    snapshot(
        "duplicate_parameter",
        src,
        &["gamelang::check::duplicate_parameter"],
    );
}

#[test]
fn reserved_parameter_name() {
    // `len` is a keyword: the parser refuses it before the check could.
    let src = "game g(len = 3) {\n    heaps 1\n    take 1..2\n}\n";
    snapshot("reserved_parameter_name", src, &["gamelang::syntax"]);
}

#[test]
fn duplicate_heaps_statement() {
    let src = "game g {\n    heaps 1\n    take 1..3\n    heaps 2\n}\n";
    snapshot(
        "duplicate_heaps_statement",
        src,
        &["gamelang::check::duplicate_statement"],
    );
}

#[test]
fn duplicate_play_statement() {
    let src = "game g {\n    heaps 1\n    play misere\n    take 1..3\n    play normal\n}\n";
    snapshot(
        "duplicate_play_statement",
        src,
        &["gamelang::check::duplicate_statement"],
    );
}

// ---------------------------------------------------------------------------
// Rules

#[test]
fn range_from_zero_leaves_the_position_unchanged() {
    let src = "game g {\n    heaps 1\n    take 0..3\n}\n";
    let (errors, _) = errors_of("zero", src, &[]);
    assert_eq!(primary(&errors[0]), "0");
    snapshot(
        "range_from_zero_leaves_the_position_unchanged",
        src,
        &["gamelang::check::unchanged_position"],
    );
}

#[test]
fn set_with_zero_leaves_the_position_unchanged() {
    let src = "game g {\n    heaps 1\n    take {0, 1}\n}\n";
    let (errors, _) = errors_of("zero", src, &[]);
    assert_eq!(primary(&errors[0]), "0");
    snapshot(
        "set_with_zero_leaves_the_position_unchanged",
        src,
        &["gamelang::check::unchanged_position"],
    );
}

#[test]
fn parameter_zero_leaves_the_position_unchanged() {
    let src = "game g(m = 0) {\n    heaps 1\n    take m\n}\n";
    snapshot(
        "parameter_zero_leaves_the_position_unchanged",
        src,
        &["gamelang::check::unchanged_position"],
    );
}

#[test]
fn split_without_nonempty_leaves_the_position_unchanged() {
    let src = "game g {\n    heaps *\n    split into 2 heaps\n}\n";
    snapshot(
        "split_without_nonempty_leaves_the_position_unchanged",
        src,
        &["gamelang::check::unchanged_position"],
    );
}

#[test]
fn empty_range() {
    let src = "game g {\n    heaps 1\n    take 3..1\n}\n";
    snapshot("empty_range", src, &["gamelang::check::empty_amounts"]);
}

#[test]
fn empty_set() {
    let src = "game g {\n    heaps 1\n    take {}\n}\n";
    snapshot("empty_set", src, &["gamelang::check::empty_amounts"]);
}

#[test]
fn empty_set_parameter() {
    let src = "game sub(S = {}) {\n    heaps 1\n    take S\n}\n";
    snapshot(
        "empty_set_parameter",
        src,
        &["gamelang::check::empty_amounts"],
    );
}

#[test]
fn unknown_name_in_a_condition() {
    let src = "game g {\n    heaps 1\n    take k where q > 1\n}\n";
    let (errors, _) = errors_of("unknown", src, &[]);
    assert_eq!(primary(&errors[0]), "q");
    snapshot(
        "unknown_name_in_a_condition",
        src,
        &["gamelang::check::unknown_name"],
    );
}

#[test]
fn amount_name_outside_a_rule() {
    let src = "game g {\n    heaps 1 where k > 1\n    take 1..\n}\n";
    snapshot(
        "amount_name_outside_a_rule",
        src,
        &["gamelang::check::unknown_name"],
    );
}

#[test]
fn parameter_named_like_the_amount() {
    let src = "game g(k = 2) {\n    heaps 1\n    take k\n}\n";
    snapshot(
        "parameter_named_like_the_amount",
        src,
        &["gamelang::check::unknown_name"],
    );
}

#[test]
fn parameter_value_in_analyze_empties_the_amounts() {
    // The default `m = 3` is fine; `m = 0` makes `1..m` empty.
    let src = format!("{BASH}analyze bash(m = 0) at 5\n");
    snapshot(
        "parameter_value_in_analyze_empties_the_amounts",
        &src,
        &["gamelang::check::empty_amounts"],
    );
}

#[test]
fn number_where_a_condition_is_expected() {
    let src = "game g {\n    heaps 1\n    take k where k + 1\n}\n";
    let (errors, _) = errors_of("kind", src, &[]);
    assert_eq!(primary(&errors[0]), "k + 1");
    snapshot(
        "number_where_a_condition_is_expected",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn condition_where_a_number_is_expected() {
    let src = "game g {\n    heaps 1\n    take k where (k > 1) + 1 > 2\n}\n";
    snapshot(
        "condition_where_a_number_is_expected",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn set_parameter_in_arithmetic() {
    let src = "game g(S = {1, 2}) {\n    heaps 1\n    take 1..S\n}\n";
    snapshot(
        "set_parameter_in_arithmetic",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn bound_depending_on_the_heap() {
    let src = "game half {\n    heaps 1\n    take 1..h / 2\n}\n";
    snapshot(
        "bound_depending_on_the_heap",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn bound_that_cannot_be_evaluated() {
    let src = "game g(m = 0) {\n    heaps 1\n    take 1..6 / m\n}\n";
    snapshot("bound_that_cannot_be_evaluated", src, &["gamelang::eval"]);
}

#[test]
fn number_too_large_for_a_condition() {
    let src = "game g {\n    heaps 1\n    take k where k < 1000000000000000000000000000000000000000000\n}\n";
    snapshot(
        "number_too_large_for_a_condition",
        src,
        &["gamelang::check::limit"],
    );
}

#[test]
fn from_both_heaps_in_a_game_of_any_number_of_heaps() {
    let src = "game g {\n    heaps *\n    take 1.. from both heaps\n}\n";
    let (errors, _) = errors_of("both", src, &[]);
    assert_eq!(primary(&errors[0]), "both");
    snapshot(
        "from_both_heaps_in_a_game_of_any_number_of_heaps",
        src,
        &["gamelang::check::bad_target"],
    );
}

#[test]
fn from_more_heaps_than_the_game_has() {
    let src = "game g {\n    heaps 2\n    take 1.. from 3 heaps\n}\n";
    snapshot(
        "from_more_heaps_than_the_game_has",
        src,
        &["gamelang::check::bad_target"],
    );
}

#[test]
fn from_zero_heaps() {
    let src = "game g {\n    heaps *\n    take 1.. from 0 heaps\n}\n";
    snapshot("from_zero_heaps", src, &["gamelang::check::bad_target"]);
}

#[test]
fn split_in_a_game_of_two_heaps() {
    let src = "game g {\n    heaps 2\n    split into 2 nonempty heaps\n}\n";
    snapshot(
        "split_in_a_game_of_two_heaps",
        src,
        &["gamelang::check::bad_target"],
    );
}

#[test]
fn split_the_rest_after_taking_from_two_heaps() {
    let src = "game g {\n    heaps *\n    take 1.. from two heaps and split the rest into 2 nonempty heaps\n}\n";
    snapshot(
        "split_the_rest_after_taking_from_two_heaps",
        src,
        &["gamelang::check::bad_target"],
    );
}

#[test]
fn empty_and_split_without_two_heaps() {
    let src =
        "game g {\n    heaps *\n    empty one heap and split the other into 2 nonempty heaps\n}\n";
    snapshot(
        "empty_and_split_without_two_heaps",
        src,
        &["gamelang::check::bad_target"],
    );
}

#[test]
fn too_many_heaps() {
    let src = "game g {\n    heaps 1000000\n    take 1..\n}\n";
    snapshot("too_many_heaps", src, &["gamelang::check::limit"]);
}

// ---------------------------------------------------------------------------
// Many errors at once

#[test]
fn several_errors_in_one_file_are_all_reported() {
    let src = "\
game bash(m = 3) {
    heaps 1
    take 1..m
}

game zero(m = 3) {
    heaps 1
    take 0..m
}

game nim {
    heaps *
    take 1.. from both heaps
}

game g {
    heaps 1
    take k where q > 1
    take 3..1
}

game nim { heaps *; take 1.. }

analyze bsh at 21
analyze bash at (1, 2)
analyze bash(x = 1) at 3
analyze zero at 5
";
    let codes = [
        "gamelang::check::unchanged_position",
        "gamelang::check::bad_target",
        "gamelang::check::unknown_name",
        "gamelang::check::empty_amounts",
        "gamelang::check::duplicate_game",
        "gamelang::check::unknown_game",
        "gamelang::check::heap_count",
        "gamelang::check::unknown_parameter",
    ];
    let (errors, _) = errors_of("several", src, &[]);
    assert_eq!(errors.len(), 8);
    snapshot("several_errors_in_one_file_are_all_reported", src, &codes);
}

// ---------------------------------------------------------------------------
// `--set` and `--at` values

#[test]
fn set_override_of_the_wrong_kind() {
    snapshot_with(
        "set_override_of_the_wrong_kind",
        BASH,
        &["m={1,2}"],
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn set_override_of_an_unknown_parameter() {
    snapshot_with(
        "set_override_of_an_unknown_parameter",
        BASH,
        &["q=1"],
        &["gamelang::check::unknown_parameter"],
    );
}

#[test]
fn set_override_empties_the_amounts() {
    snapshot_with(
        "set_override_empties_the_amounts",
        BASH_USED,
        &["m=0"],
        &["gamelang::check::empty_amounts"],
    );
}

#[test]
fn set_override_without_a_value() {
    let error = parse_arg("m").expect_err("`m` has no value");
    let error = Error::from(error.located(&Source::new("--set", "m")));
    assert_eq!(error.code(), "gamelang::syntax");
    let text = side_by_side(&[("--set", "m")], &[error]);
    insta::assert_snapshot!("set_override_without_a_value", text);
}

#[test]
fn at_position_cut_short() {
    let error = parse_position("(1,").expect_err("`(1,` is not a position");
    let error = Error::from(error.located(&Source::new("--at", "(1,")));
    assert_eq!(error.code(), "gamelang::syntax");
    let text = side_by_side(&[("--at", "(1,")], &[error]);
    insta::assert_snapshot!("at_position_cut_short", text);
}

#[test]
fn at_position_with_a_word() {
    let error = parse_position("(3, five)").expect_err("`five` is not a heap");
    let error = Error::from(error.located(&Source::new("--at", "(3, five)")));
    assert_eq!(error.code(), "gamelang::syntax");
    let text = side_by_side(&[("--at", "(3, five)")], &[error]);
    insta::assert_snapshot!("at_position_with_a_word", text);
}

#[test]
fn a_broken_games_statements_still_report_their_own_errors() {
    // The rule's own error, then each statement's: the wrong heap count and
    // the unknown parameter are mistakes whatever the rules say.
    let src = "game bash(m = 3) { heaps 1; take 0..m }\nanalyze bash at (1, 2)\nanalyze bash(x = 1) at 3\n";
    snapshot(
        "a_broken_games_statements_still_report_their_own_errors",
        src,
        &[
            "gamelang::check::unchanged_position",
            "gamelang::check::heap_count",
            "gamelang::check::unknown_parameter",
        ],
    );
}

#[test]
fn explicit_values_win_over_set() {
    // docs/LANGUAGE.md: explicit values in a statement win over `--set`, so
    // `--set m=0` breaks nothing when every statement gives `m`.
    let src =
        "game bash(m = 3) { heaps 1; take 1..m }\nanalyze bash(m = 3) at 10 + bash(m = 5) at 7\n";
    let (errors, _) = errors_of("explicit_values_win_over_set", src, &["m=0"]);
    assert!(errors.is_empty(), "{errors:?}");
}

// ---------------------------------------------------------------------------
// Move blocks and named parts

#[test]
fn block_with_an_unbounded_choose() {
    let src = "game g {\n    heaps *\n    move m {\n        choose k in 1..\n        h[1] -= k\n    }\n}\n";
    snapshot(
        "block_with_an_unbounded_choose",
        src,
        &["gamelang::check::unbounded_choose"],
    );
}

#[test]
fn block_assigning_to_a_variable() {
    let src = "game g {\n    position (stones, limit)\n    move m {\n        choose k in 1..limit\n        k = stones - k\n    }\n}\n";
    snapshot(
        "block_assigning_to_a_variable",
        src,
        &["gamelang::check::bad_assignment"],
    );
}

/// A `let` named as a part hides it: assigning the name is refused as such,
/// not as a name that is no part (hostile input, round two).
#[test]
fn block_assigning_to_a_let_that_hides_a_part() {
    let src = "game g {\n    position (a, b)\n    move m {\n        let a = 1\n        a = 2\n        b -= a\n    }\n}\n";
    snapshot(
        "block_assigning_to_a_let_that_hides_a_part",
        src,
        &["gamelang::check::bad_assignment"],
    );
}

#[test]
fn block_appending_in_a_fixed_size_game() {
    let src = "game g {\n    heaps 2\n    move m {\n        require h[1] > 1\n        h[1] -= 1\n        append 1\n    }\n}\n";
    snapshot(
        "block_appending_in_a_fixed_size_game",
        src,
        &["gamelang::check::fixed_heaps"],
    );
}

#[test]
fn block_that_changes_nothing() {
    let src = "game g {\n    heaps 1\n    move look {\n        choose k in 1..h[1]\n        require k > 1\n    }\n}\n";
    snapshot(
        "block_that_changes_nothing",
        src,
        &["gamelang::check::no_effect"],
    );
}

#[test]
fn becomes_naming_an_unknown_game() {
    let src = "game row { heaps *; octal 0.77 }\ngame circle {\n    heaps 1\n    move first {\n        require h[1] >= 1\n        becomes rwo at (h[1] - 1)\n    }\n}\n";
    snapshot(
        "becomes_naming_an_unknown_game",
        src,
        &["gamelang::check::unknown_game"],
    );
}

#[test]
fn becomes_with_the_wrong_number_of_parts() {
    // One of this game's positions with a part missing, and one of another
    // game (of one heap) with a part too many.
    let src = "game row { heaps 1; take 1 }\ngame sheet {\n    position (w, h)\n    move cut {\n        choose a in 1..w - 1\n        becomes (a, h) + (w - a)\n    }\n}\ngame scroll {\n    position (w, h)\n    move roll {\n        require w > 1\n        becomes row at (w, h)\n    }\n}\n";
    snapshot(
        "becomes_with_the_wrong_number_of_parts",
        src,
        &[
            "gamelang::check::becomes_parts",
            "gamelang::check::becomes_parts",
        ],
    );
}

#[test]
fn a_statement_after_becomes() {
    let src = "game sheet {\n    position (w, h)\n    move cut {\n        choose a in 1..w - 1\n        becomes (a, h) + (w - a, h)\n        w -= 1\n    }\n}\n";
    snapshot(
        "a_statement_after_becomes",
        src,
        &["gamelang::check::after_becomes"],
    );
}

#[test]
fn games_that_become_each_other_with_other_values() {
    let src = "game circle(m = 1) {\n    heaps 1\n    move open { require h[1] >= m; becomes row at (h[1] - m) }\n}\ngame row {\n    heaps 1\n    move close { require h[1] >= 2; becomes circle(m = 2) at (h[1] - 1) }\n}\n";
    snapshot(
        "games_that_become_each_other_with_other_values",
        src,
        &["gamelang::check::becomes_circle"],
    );
}

#[test]
fn block_with_a_misspelt_name() {
    let src = "game g {\n    position (stones, limit)\n    move m {\n        choose k in 1..min(stones, limt)\n        stones -= k\n    }\n}\n";
    snapshot(
        "block_with_a_misspelt_name",
        src,
        &["gamelang::check::unknown_name"],
    );
}

#[test]
fn heaps_and_position_in_one_game() {
    let src = "game g {\n    heaps 2\n    position (a, b)\n    take 1..\n}\n";
    snapshot(
        "heaps_and_position_in_one_game",
        src,
        &["gamelang::check::duplicate_statement"],
    );
}

#[test]
fn hexadecimal_code_with_a_wrong_digit_before_the_point() {
    // Before the point, a digit is for removing nothing: only splits.
    let src = "game g {\n    heaps *\n    hex 3.F\n}\n";
    snapshot(
        "hexadecimal_code_with_a_wrong_digit_before_the_point",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn position_with_a_part_named_twice() {
    let src = "game g {\n    position (a, a)\n    move m { require a > 0; a -= 1 }\n}\n";
    snapshot(
        "position_with_a_part_named_twice",
        src,
        &["gamelang::check::duplicate_part"],
    );
}

// The hostile-input issue's wrong or unhelpful messages (W1, W6, W7), its
// recovery inside a game, and the warnings, pinned as they print.

#[test]
fn from_more_heaps_than_any_position_can_have() {
    // W1: said the count was too small ("not 1000…").
    snapshot(
        "from_more_heaps_than_any_position_can_have",
        "game g { heaps *; take 1.. from 10000000000000000000000000000000000000000 heaps }\n",
        &["gamelang::check::bad_target"],
    );
}

#[test]
fn invisible_characters_are_named_by_code_point() {
    // W6: a no-break space was echoed raw, looking like a space.
    syntax_snapshot(
        "invisible_characters_are_named_by_code_point",
        "game g {\n    heaps 1\n    take 1..3\u{a0}\n}\n",
        1,
    );
}

#[test]
fn a_huge_number_is_shortened_in_the_message() {
    // W7: a 10^6-digit value was echoed whole.
    // The line itself is shown as written; the message and label are short.
    let src = format!(
        "game g {{\n    heaps 1\n    take 1..3 {}\n}}\n",
        "7".repeat(2_000)
    );
    let (errors, _) = errors_of("huge_token", &src, &[]);
    assert_eq!(errors.len(), 1);
    let label = miette::Diagnostic::labels(&errors[0])
        .and_then(|mut labels| labels.next())
        .and_then(|l| l.label().map(str::to_string))
        .unwrap_or_default();
    let text = format!("message: {}\nlabel: {label}\n", errors[0]);
    assert!(text.len() < 300, "{text}");
    insta::assert_snapshot!("a_huge_number_is_shortened_in_the_message", text);
}

#[test]
fn syntax_errors_in_several_statements_of_one_game_are_all_reported() {
    syntax_snapshot(
        "syntax_errors_in_several_statements_of_one_game_are_all_reported",
        "game g {\n    heaps 1\n    take 1..3 foo\n    play sideways\n    take 2; tkae 3\n}\n",
        3,
    );
}

/// Snapshots `count` syntax errors of `src` (not every one has a help).
fn syntax_snapshot(name: &str, src: &str, count: usize) {
    let (errors, _) = errors_of(name, src, &[]);
    let text = side_by_side(&[(&format!("{name}.game"), src)], &errors);
    assert_eq!(errors.len(), count, "{text}");
    assert!(
        errors.iter().all(|e| e.code() == "gamelang::syntax"),
        "{text}"
    );
    insta::assert_snapshot!(name, text);
}

#[test]
fn warnings() {
    let src = "game g(m = 3, unused = 4) {\n    heaps 1\n    take 1..m\n    take 1 .. m\n    take k where k > 5 and k < 3\n}\ngame inv { heaps 2 where h[1] < h[1]; take 1.. }\n";
    let (program, errors) = check(&Source::new("warnings.game", src), Vec::new());
    assert!(errors.is_empty(), "{errors:?}");
    let warnings = program.warnings();
    let codes: Vec<String> = warnings
        .iter()
        .map(|w| {
            miette::Diagnostic::code(w)
                .map(|c| c.to_string())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        codes,
        [
            "gamelang::warning::unused_parameter",
            "gamelang::warning::duplicate_rule",
            "gamelang::warning::never_applies",
            "gamelang::warning::no_position"
        ]
    );
    let mut text = format!(
        "----- SOURCE warnings.game\n{src}----- WARNINGS ({})\n",
        codes.len()
    );
    for warning in &warnings {
        text.push_str(&gamelang::report::diagnostic_text(warning, false, 80));
        text.push('\n');
    }
    insta::assert_snapshot!("warnings", text);
}

#[test]
fn a_compound_of_a_game_whose_moves_become_sums() {
    let src = "game sheet {\n    position (w, h)\n    move cut {\n        choose a in 1..w - 1\n        becomes (a, h) + (w - a, h)\n    }\n}\ngame nim { heaps *; take 1.. }\nanalyze every nim at 3 + sheet at (3, 2)\n";
    snapshot(
        "a_compound_of_a_game_whose_moves_become_sums",
        src,
        &["gamelang::check::compound_of_sums"],
    );
}

#[test]
fn an_end_whose_condition_changes_the_position() {
    let src = "game g {\n    heaps 1\n    take 1..2\n    win when {\n        require h[1] == 0\n        h[1] = 1\n    }\n}\n";
    snapshot(
        "an_end_whose_condition_changes_the_position",
        src,
        &["gamelang::check::end_changes"],
    );
}

// Games of coins (`coins`, `turn`) and their positions.

#[test]
fn coins_numbered_from_two() {
    let src = "game g {\n    coins from 2\n    turn 1..3 coins\n}\n";
    snapshot("coins_numbered_from_two", src, &["gamelang::check::coins"]);
}

#[test]
fn a_game_of_coins_with_a_take() {
    let src = "game g {\n    coins\n    take 1..3\n    turn 2 coins\n}\n";
    snapshot(
        "a_game_of_coins_with_a_take",
        src,
        &["gamelang::check::coins"],
    );
}

#[test]
fn a_turn_in_a_game_of_heaps() {
    let src = "game g {\n    heaps *\n    turn 1..2 coins\n}\n";
    snapshot(
        "a_turn_in_a_game_of_heaps",
        src,
        &["gamelang::check::coins"],
    );
}

#[test]
fn positions_of_coins_written_wrong() {
    let src = "game g {\n    coins\n    turn 1..2 coins\n}\ngame nim {\n    heaps *\n    take 1..\n}\n\
               analyze g at (1, 2)\nanalyze g at {1, 1}\nanalyze g at {0, 3}\nanalyze nim at {1, 2}\n";
    snapshot(
        "positions_of_coins_written_wrong",
        src,
        &[
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn a_product_of_a_game_of_heaps() {
    let src = "game nim {\n    heaps *\n    take 1..\n}\ngame square {\n    coins\n    product of nim and nim\n}\n";
    snapshot(
        "a_product_of_a_game_of_heaps",
        src,
        &["gamelang::check::coins", "gamelang::check::coins"],
    );
}

#[test]
fn a_product_beside_another_rule() {
    let src = "game ruler {\n    coins\n    turn 1.. coins in a row\n}\ngame square {\n    coins\n    product of ruler and ruler\n    turn 1 coin\n}\n";
    snapshot(
        "a_product_beside_another_rule",
        src,
        &["gamelang::check::coins"],
    );
}

#[test]
fn sliding_along_a_number() {
    let src = "game g(G = 3) {\n    heaps 1\n    slide along G\n}\n";
    snapshot(
        "sliding_along_a_number",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn positions_of_a_product_written_wrong() {
    let src = "game ruler {\n    coins\n    turn 1.. coins in a row\n}\ngame rugs {\n    coins\n    product of ruler and ruler\n}\n\
               analyze rugs at {1, 2}\nanalyze rugs at {(1, 1), (1, 1)}\nanalyze rugs at {(0, 1)}\nanalyze rugs at THT\n";
    snapshot(
        "positions_of_a_product_written_wrong",
        src,
        &[
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn green_hackenbush_written_wrong() {
    let src = "game green {\n    green hackenbush\n    take 1..\n}\ngame tree {\n    green hackenbush\n}\ngame nim {\n    heaps *\n    take 1..\n}\n\
               analyze tree at (1, 2)\nanalyze nim at graph { 0 -- 1 }\n";
    snapshot(
        "green_hackenbush_written_wrong",
        src,
        &[
            "gamelang::check::duplicate_statement",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn blue_red_hackenbush_written_wrong() {
    // A side on `hackenbush`; a blue edge in Green Hackenbush; a colour on
    // an edge of Kayles; a graph without colours for a game of heaps.
    let src = "game sided {\n    left hackenbush\n}\ngame green {\n    green hackenbush\n}\ngame node {\n    node kayles\n}\ngame blue_red {\n    hackenbush\n}\n\
               analyze green at graph { 0 -- 1, 1 -- 2 blue }\nanalyze node at graph { 1 -- 2 red }\nanalyze blue_red at (1, 2)\n";
    snapshot(
        "blue_red_hackenbush_written_wrong",
        src,
        &[
            "gamelang::check::wrong_kind",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
    // Colours belong to a position's edges, not a graph parameter's arcs.
    let src = "game s(G = graph { 1 -> 0 blue }) {\n    heaps 1\n    slide along G\n}\n";
    snapshot("coloured_arc_of_a_parameter", src, &["gamelang::syntax"]);
}

#[test]
fn snort_and_col_written_wrong() {
    // A side on `snort`; a coloured edge and a green vertex in Snort; a
    // loop in Col; a tinted vertex in Node Kayles; `col` beside another rule.
    let src = "game sided {\n    right snort\n}\ngame snort {\n    snort\n}\ngame col {\n    col\n}\ngame node {\n    node kayles\n}\ngame two {\n    col\n    take 1\n}\n\
               analyze snort at graph { 1 -- 2 blue }\nanalyze snort at graph { 1 -- 2, 2 green }\nanalyze col at graph { 1 -- 1 }\nanalyze node at graph { 1 -- 2, 3 red }\n";
    snapshot(
        "snort_and_col_written_wrong",
        src,
        &[
            "gamelang::check::wrong_kind",
            "gamelang::check::duplicate_statement",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn an_unknown_name_on_a_board_is_told_the_names_of_a_board() {
    // A board's names are `rows`, `cols` and `b[r, c]`, not a heap game's.
    let src = "game d {\n    board\n    move m { require b[1, 1] == '.' and width > 1; b[1, 1] = '#' }\n}\n";
    let (errors, _) = errors_of("d", src, &[]);
    let help = |e: &Error| miette::Diagnostic::help(e).map(|h| h.to_string());
    assert_eq!(errors.len(), 1);
    let help = help(&errors[0]).expect("a help");
    assert_eq!(help, "the names here are `rows`, `cols` and `b[r, c]`");
    let src = "game d {\n    board\n    move m { require b[1, 1] == '.' and rws > 1; b[1, 1] = '#' }\n}\n";
    let (errors, _) = errors_of("d", src, &[]);
    assert_eq!(
        miette::Diagnostic::help(&errors[0]).map(|h| h.to_string()),
        Some("did you mean `rows`?".to_string())
    );
}

#[test]
fn boards_written_wrong() {
    // A ragged board; heaps for a board; a board for heaps; a cell of no
    // board; a space for a cell.
    let src = "game d {\n    board\n    move m { require b[1, 1] == '.'; b[1, 1] = '#' }\n}\ngame cells {\n    heaps 1\n    move m { require b[1, 1] == '.'; h[1] -= 1 }\n}\ngame nim {\n    heaps 1\n    take 1..\n}\n\
               analyze d at \"..|.\"\nanalyze d at (1, 2)\nanalyze nim at \"..\"\nanalyze d at \". .\"\n";
    snapshot(
        "boards_written_wrong",
        src,
        &[
            "gamelang::check::unknown_name",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn kayles_written_wrong() {
    let src = "game node {\n    node kayles\n    take 1\n}\ngame arc {\n    arc kayles\n}\n\
               analyze arc at graph { 1 -- 1, 1 -- 2 }\nanalyze arc at (1, 2)\n";
    snapshot(
        "kayles_written_wrong",
        src,
        &[
            "gamelang::check::duplicate_statement",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn vertices_named_by_words_written_wrong() {
    let src = "game maze(G = graph { start -> home, home -> end }) {\n    heaps *\n    slide along G\n}\n\
               game nim {\n    heaps *\n    take 1..\n}\ngame node {\n    node kayles\n}\n\
               analyze maze at strat\nanalyze maze at (1, 2)\nanalyze nim at start\nanalyze node at graph { a -- b }\n";
    snapshot(
        "vertices_named_by_words_written_wrong",
        src,
        &[
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
            "gamelang::check::coins",
        ],
    );
}

#[test]
fn a_graph_of_numbers_and_words() {
    let src = "game g(G = graph { 1 -> a }) {\n    heaps 1\n    slide along G\n}\n";
    snapshot("a_graph_of_numbers_and_words", src, &["gamelang::syntax"]);
}

#[test]
fn a_graph_used_as_a_number() {
    let src = "game g(G = graph { 1 -> 0 }) {\n    heaps 1\n    take 1..G\n}\n";
    snapshot(
        "a_graph_used_as_a_number",
        src,
        &["gamelang::check::wrong_kind"],
    );
}

#[test]
fn a_minus_before_a_part_without_a_negative_and_a_comparison_without_an_order_are_placed() {
    // A scoring game's negative would exchange its points too; a compound
    // other than the sum has no negatives; misère play has no order by the
    // outcome of G − H.
    let src = "game s {\n    heaps 1\n    move m { require h[1] > 0; h[1] -= 1; score += 1 }\n}\ngame nim { heaps 1; take 1.. }\ngame mis { heaps 1; take 1..; play misere }\nanalyze nim at 2 - s at 3\nanalyze every nim at 2 - nim at 3\ncompare mis at 2 to mis at 3\ncompare nim at 2 to s at 3\n";
    let (errors, _) = errors_of("negatives", src, &[]);
    let codes: Vec<String> = errors.iter().map(Error::code).collect();
    assert_eq!(
        codes,
        [
            "gamelang::check::negative_not_answered",
            "gamelang::check::negative_not_answered",
            "gamelang::check::not_comparable",
            "gamelang::check::not_comparable",
        ]
    );
    let placed: Vec<String> = errors.iter().map(primary).collect();
    assert_eq!(placed, ["s at 3", "nim at 3", "mis at 2", "s at 3"]);
    for error in &errors {
        assert!(miette::Diagnostic::help(error).is_some());
    }
}
