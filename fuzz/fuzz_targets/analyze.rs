//! Every stage on any text, with small limits: check, analyze every
//! `analyze` statement, draw a small table of every game. The same run as
//! the mutation test's (`tests/it/exercise.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/it/exercise.rs"]
#[allow(dead_code)]
mod exercise;

fuzz_target!(|text: &str| {
    exercise::exercise(text);
});
