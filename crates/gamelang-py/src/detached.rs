//! Work off the GIL. A question that may take long runs on a thread of its
//! own while the calling thread, every `TICK`, takes the GIL back to see
//! whether Ctrl-C was pressed (Python runs signal handlers on its main
//! thread only, when asked): then the search's cancel flag is raised, the
//! work stops at its next check, and `KeyboardInterrupt` is raised. A
//! question known to be quick runs on the calling thread, the GIL
//! released, without the cost of a thread.

use std::time::Duration;

use pyo3::prelude::*;

use gamelang::Cancel;

/// How often a long question looks for Ctrl-C (and tells its progress).
const TICK: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own, the GIL released; every `TICK` this
/// thread checks for signals and calls `tick`. A signal's exception (or
/// `tick`'s) raises `cancel`, waits for the work to stop, and is returned.
pub fn detached<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    mut tick: impl FnMut() -> PyResult<()>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let found = work();
            caller.unpark();
            found
        });
        while !worker.is_finished() {
            py.detach(|| std::thread::park_timeout(TICK));
            if worker.is_finished() {
                break;
            }
            if let Err(e) = py.check_signals().and_then(|()| tick()) {
                cancel.cancel();
                // The work stops at its search's next check of the flag.
                let _ = py.detach(|| worker.join());
                return Err(e);
            }
        }
        match py.detach(|| worker.join()) {
            Ok(found) => Ok(found),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Runs `work` on this thread with the GIL released: for work of
/// microseconds, which no Ctrl-C need stop.
pub fn quick<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> T {
    py.detach(work)
}
