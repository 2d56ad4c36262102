//! Games that go on forever, from the command line: refused in misère
//! play, played to a draw, tabulated with their draws.

use crate::cli::{TempGame, gamelang, gamelang_with};

#[test]
fn a_misere_loopy_game_is_refused_with_help() {
    let game = TempGame::new(
        "misere-loopy",
        "game up_from_two {\n heaps 1\n take 1\n play misere\n move up {\n require h[1] == 2\n h[1] += 1\n }\n}\n\n",
    );
    gamelang(&["analyze", game.path(), "--at", "3"])
        .exits(1)
        .stderr_has("gamelang::search::misere_loopy");
}

#[test]
fn a_loopy_game_plays_to_a_draw_or_punishes_a_slip() {
    // From 4 (a draw): keeping the draw (to 3, then 3 from 2) repeats a
    // position, and the play is declared drawn; moving to 5 hands the
    // computer the win.
    let keep = gamelang_with(
        &["play", "games/token_slide.game", "--at", "4", "--json"],
        "1\n2\n2\n2\n",
        &[],
    );
    keep.exits(0);
    let play: serde_json::Value = serde_json::from_str(&keep.stdout).expect("JSON");
    assert_eq!(play["winner"], "draw", "{}", keep.stdout);
    // The computer kept the draw: it never moved to 1 or 5 (wins for the
    // human) from 2 or 4.
    for m in play["moves"].as_array().expect("moves") {
        if m["player"] == "computer" {
            assert!(m["remoteness"].is_null(), "{m}");
        }
    }
    let slip = gamelang_with(
        &["play", "games/token_slide.game", "--at", "4", "--json"],
        "2\n",
        &[],
    );
    let play: serde_json::Value = serde_json::from_str(&slip.stdout).expect("JSON");
    assert_eq!(play["winner"], "computer");
}

#[test]
fn a_loopy_games_table_shows_its_values_and_draws() {
    let run = gamelang(&["table", "games/token_slide.game", "--upto", "5", "--json"]);
    run.exits(0);
    let table: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    // As the retrograde analysis of the arrows says, and games/token_slide.game's header.
    let outcomes: Vec<&str> = (table["outcomes"].as_array().expect("outcomes"))
        .iter()
        .filter_map(|o| o.as_str())
        .collect();
    assert_eq!(outcomes, ["P", "N", "D", "D", "D", "N"]);
    assert_eq!(table["values"][2]["infinite"], serde_json::json!([1]));
    assert_eq!(table["values"][3]["infinite"], serde_json::json!([]));
    assert_eq!(table["values"][5], 1);
}
