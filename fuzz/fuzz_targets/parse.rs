//! The parser alone, on any text: a syntax tree or syntax errors, never a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = gamelang::parse_file(text);
});
