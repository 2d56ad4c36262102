//! The questions running, each under the id the page gave it: how far its
//! search has got (positions evaluated), and the flag that cancels it.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use gamelang::{Cancel, Progress};

/// The most ids remembered at once: past it, a new question runs without
/// one (it cannot be watched or cancelled, but it runs).
const MAX_JOBS: usize = 1024;

/// The longest id kept.
const MAX_ID: usize = 64;

#[derive(Default)]
pub struct Jobs(Mutex<HashMap<String, (Cancel, Progress)>>);

/// A question's place among the jobs, taken out when it ends.
pub struct Job<'a> {
    jobs: &'a Jobs,
    id: Option<String>,
    pub cancel: Cancel,
    pub progress: Progress,
}

impl Jobs {
    /// Starts the job `id` (none: one nobody watches).
    pub fn start(&self, id: Option<&str>) -> Job<'_> {
        let (cancel, progress) = (Cancel::default(), Progress::default());
        let mut jobs = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let id = id
            .filter(|id| id.len() <= MAX_ID && jobs.len() < MAX_JOBS)
            .map(str::to_string);
        if let Some(id) = &id {
            jobs.insert(id.clone(), (cancel.clone(), progress.clone()));
        }
        Job {
            jobs: self,
            id,
            cancel,
            progress,
        }
    }

    /// The positions job `id` has evaluated, while it runs.
    pub fn progress(&self, id: &str) -> Option<u64> {
        let jobs = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        jobs.get(id).map(|(_, progress)| progress.get())
    }

    /// Cancels job `id`; whether it was running.
    pub fn cancel(&self, id: &str) -> bool {
        let jobs = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        jobs.get(id).map(|(cancel, _)| cancel.cancel()).is_some()
    }
}

impl Drop for Job<'_> {
    fn drop(&mut self) {
        if let Some(id) = &self.id {
            let mut jobs = self.jobs.0.lock().unwrap_or_else(PoisonError::into_inner);
            jobs.remove(id);
        }
    }
}
