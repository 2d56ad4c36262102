//! A progress bar on stderr for work that runs longer than about a second,
//! drawn only when stderr is a terminal.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Shows itself once the work has run for a second.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: bool,
    enabled: bool,
}

impl Progress {
    pub fn new(what: &str) -> Self {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let style =
            ProgressStyle::with_template("{prefix} [{bar:40}] {pos}/{len} ({elapsed}) {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
        bar.set_style(style);
        bar.set_prefix(what.to_string());
        Progress {
            bar,
            started: Instant::now(),
            shown: false,
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// Says `what` after the bar (the largest value so far, say).
    pub fn note(&mut self, what: &str) {
        if self.enabled {
            self.bar.set_message(what.to_string());
        }
    }

    /// Steps done a second so far, in whole steps.
    pub fn rate(&self, done: u64) -> u64 {
        let millis = self.started.elapsed().as_millis().max(1);
        u64::try_from(u128::from(done) * 1000 / millis).unwrap_or(u64::MAX)
    }

    /// `done` of `total` steps are done.
    pub fn update(&mut self, done: u64, total: u64) {
        if !self.enabled {
            return;
        }
        if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_length(total);
        self.bar.set_position(done);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// A spinner counting the positions a search has evaluated, shown from a
/// second on while the search runs, when stderr is a terminal.
pub struct Spinner {
    stop: Arc<AtomicBool>,
    watcher: Option<JoinHandle<()>>,
}

impl Spinner {
    pub fn start(what: &str, count: gamelang::Progress) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let watcher = std::io::stderr().is_terminal().then(|| {
            let stop = stop.clone();
            let what = what.to_string();
            std::thread::spawn(move || watch(&what, &count, &stop))
        });
        Spinner { stop, watcher }
    }
}

fn watch(what: &str, count: &gamelang::Progress, stop: &AtomicBool) {
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if started.elapsed() < Duration::from_secs(1) {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        });
        bar.set_message(format!("{what}: {} positions", count.get()));
        bar.tick();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}
