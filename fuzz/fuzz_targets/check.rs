//! Parse and check any text, and render every diagnostic in words and as
//! JSON, as `gamelang check` does.
#![no_main]

use gamelang::check;
use gamelang::Source;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let (_, errors) = check(&Source::new("fuzz.game", text), Vec::new());
    for e in &errors {
        let _ = gamelang::diagnostic_text(e, false, 80);
        let _ = gamelang::diagnostic_json(e);
    }
});
