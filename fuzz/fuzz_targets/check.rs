//! Parse and check any text, and render every diagnostic in words and as
//! JSON, as `gamelang check` does.
#![no_main]

use gamelang::check::check;
use gamelang::source::Source;
use gamelang::report;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let (_, errors) = check(&Source::new("fuzz.game", text), Vec::new());
    for e in &errors {
        let _ = report::diagnostic_text(e, false, 80);
        let _ = report::diagnostic_json(e);
    }
});
