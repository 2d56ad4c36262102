//! Every engine keeps the question's timeout: each question below is far
//! too large for a timeout of 50 ms (each engine's own, named), and ends
//! with `gamelang::search::timeout` (ran out of time, or would take far
//! longer at the rate so far) — never an answer, never another limit. The
//! error is asserted, not a time: an engine that did not look at the clock
//! would answer, or run into another limit, minutes later.

use std::time::Duration;

use gamelang::analysis::{self, Analyzer};
use gamelang::search::Options;

use super::common::code;

/// Each engine, a game of it and a question too large for 50 ms.
const CASES: [(&str, &str); 12] = [
    (
        "the general search",
        "game twice {
            position (stones, last)
            move take { choose k in 1..min(stones, 2 * last); stones -= k; last = k }
        }
        analyze twice at (3000, 2000)",
    ),
    (
        "the one-heap engine, compiled",
        "game p { heaps 1; take k where k is prime }\nanalyze p at 4999999",
    ),
    (
        "the one-heap engine, a block move by move",
        "game d {
            heaps *
            move take { choose i in 1..len; choose d in 1..h[i] - 1; require h[i] % d == 0; h[i] -= d }
        }
        analyze d at 100000",
    ),
    (
        "the box of rays",
        "game w { heaps 2; take 1..; take 1.. from both heaps; take 1 from both heaps }\nanalyze w at (1500, 1500)",
    ),
    (
        "the box of runs",
        "game chomp {
            heaps * where nonincreasing
            move bite {
                choose r in 1..len
                choose c in 1..h[r]
                require r > 1 or c > 1
                for s in r..len { h[s] = min(h[s], c - 1) }
            }
        }
        analyze chomp at (300, 250, 200)",
    ),
    (
        "moves into sums",
        "game sheet {
            position (w, h)
            move across { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }
            move down { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }
        }
        analyze sheet at (600, 600)",
    ),
    (
        "moves into sums, with ends",
        "game cut {
            position (w, h)
            move across { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }
            move down { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }
            win when w == 1 and h == 1
        }
        analyze cut at (600, 600)",
    ),
    (
        "moves into sums, misère play (whole sums)",
        "game sheet {
            position (w, h)
            play misere
            move across { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }
            move down { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }
        }
        analyze sheet at (12, 12)",
    ),
    (
        "coins, a coin at a time",
        "game t { coins; turn 1..3 coins where k != 2 }\nanalyze t at {100000}",
    ),
    (
        "a game that goes on forever (retrograde analysis)",
        "game up { heaps 2; take 1..; move up { require h[1] >= 1 and h[2] < 900; h[2] += 1 } }
        analyze up at (900, 0)",
    ),
    (
        "a game with ends (the reduced graph)",
        "game race {
            heaps 2
            take 1..3
            move both { require h[1] >= 1 and h[2] >= 1; h[1] -= 1; h[2] -= 1 }
            move swap { require h[1] > h[2]; h[1] -= 1; h[2] += 1 }
            win when h[1] == 1 and h[2] == 1
        }
        analyze race at (3000, 2999)",
    ),
    (
        "a compound searched whole (`some` in misère play)",
        "game s { heaps 1; take 1..3; play misere }
        analyze some s at 3000 + s at 2999 + s at 2998",
    ),
];

/// A strip game whose windows are 3001 cells wide, on a row of 3100.
fn strip() -> String {
    let row = vec!["0"; 3100].join(", ");
    format!(
        "game wide {{
            heaps *
            move cross {{ choose i in 1..len - 3000; require h[i] == 0 and h[i + 3000] == 0; h[i] = 1 }}
            win when {{ choose i in 1..len - 3000; require h[i] == 1 and h[i + 3000] == 1 }}
        }}
        analyze wide at ({row})"
    )
}

#[test]
fn every_engine_ends_with_the_timeout() {
    let strip = strip();
    let cases = CASES.into_iter().chain([("a strip game", strip.as_str())]);
    for (engine, text) in cases {
        let program = super::common::load_text("timeout.game", text, &[]);
        let question = program
            .questions
            .first()
            .unwrap_or_else(|| panic!("{engine}: a question"));
        let mut analyzer = Analyzer::new(analysis::Options {
            search: Options {
                timeout: Some(Duration::from_millis(50)),
                ..Options::default()
            },
            force_search: true,
            ..analysis::Options::default()
        });
        match analyzer.analyze(question) {
            Ok(_) => panic!("{engine}: answered within 50 ms"),
            Err(e) => assert_eq!(code(&e), "gamelang::search::timeout", "{engine}: {e:?}"),
        }
    }
}
