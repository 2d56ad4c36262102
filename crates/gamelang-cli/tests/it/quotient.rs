//! Misère quotients from the command line: `gamelang quotient`, and the
//! quotient an answer names.

use crate::cli::{gamelang, gamelang_with};

#[test]
fn the_quotient_command_prints_misere_kayles_quotient() {
    let run = gamelang(&["quotient", "games/misere_kayles.game", "--upto", "200"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    insta::assert_snapshot!("misere_kayles_quotient", run.stdout);
    let run = gamelang(&[
        "quotient",
        "games/misere_kayles.game",
        "--upto",
        "200",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(json["order"], 40);
    assert_eq!(json["p_portion"].as_array().map(Vec::len), Some(9));
    assert_eq!(json["period"]["period"], 12);
    assert_eq!(json["period"]["preperiod"], 71);
    assert_eq!(json["heaps"][5], "c");
    // The answer names the quotient that answered, with its presentation.
    let run = gamelang(&["analyze", "games/misere_kayles.game", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let method = &json[2]["method"];
    assert_eq!(method["kind"], "misere-quotient");
    assert_eq!(method["order"], 40);
    assert_eq!(
        method["presentation"]["generators"]
            .as_array()
            .map(Vec::len),
        Some(7)
    );
    assert_eq!(method["presentation"]["relations"][0]["left"], "a²");
    assert_eq!(method["p_words"][0], "a");
    // Dawson's Kayles grown to heap 20: no period, so it holds for the
    // heaps up to 20.
    let dawson = "game dk { heaps *; octal 0.07; play misere }\n";
    let run = gamelang_with(&["quotient", "-", "--upto", "20", "--json"], dawson, &[]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(json["order"], 24);
    assert_eq!(json["heaps_up_to"], 20);
    assert!(json["period"].is_null());
}
