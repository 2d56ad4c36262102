//! The server outlives a bug: whatever panics while a file is checked or a
//! request answered is caught and reported as an internal error, and the
//! server goes on serving every file.

use std::panic::{AssertUnwindSafe, catch_unwind};

/// `work`'s result, or the message of the panic that ended it. What it
/// touched is not used again after a panic (a document that panicked is
/// replaced whole; a request's reply is an error), so the unwind safety
/// asserted here holds.
pub fn guarded<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        (payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string())
    })
}

/// What the editor is told of a bug met while answering `what`.
pub fn bug(what: &str, message: &str) -> String {
    format!(
        "internal error while {what}: {message} (gamelang::internal: this is a bug in gamelang, please report it with the file; the server goes on)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message_and_the_caller_goes_on() {
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let index = 1;
        let by_str = guarded(|| -> u32 { panic!("a bug") });
        let by_string = guarded(|| [0u32][index]);
        std::panic::set_hook(quiet);
        assert_eq!(by_str, Err("a bug".to_string()));
        let message = by_string.expect_err("out of bounds");
        assert!(message.contains("index out of bounds"), "{message}");
        assert_eq!(guarded(|| 7), Ok(7));
        assert!(bug("answering x", "a bug").contains("gamelang::internal"));
    }
}
