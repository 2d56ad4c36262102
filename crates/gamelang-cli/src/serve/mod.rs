//! `gamelang serve [FILE]`: the explorer, a page in the browser over a
//! local web server. The server is thin: each request is one call of the
//! library's face (`explore`), answered in the command's own JSON; the page
//! (`page/`, embedded in the binary) draws what it is sent and holds no
//! game logic. Safe by default (`guard`): loopback only, its own Host and
//! Origin only, bodies capped, each question within the search limits and
//! on a thread of its own, so that tabs never wait for each other.

mod api;
mod explore;
mod guard;
mod jobs;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use super::error::CliError;
use super::input::{Budgets, read_source, saturating};
use super::output::{Output, USAGE, err, out};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang serve games/domineering.game            open the address it prints
  gamelang serve games/cutcake.game --open         and open it in the browser
  gamelang serve --port 8080                       a new game, not saved anywhere")]
pub struct Args {
    /// The .game file to explore, edit and save; without it the page
    /// starts with an example and cannot save.
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// The port to listen on (0: a free one, chosen by the system).
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    port: u16,
    /// The address to listen on: loopback (127.0.0.1) unless told
    /// otherwise; any other lets other machines in, and is warned about.
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Opens the page in the system's browser once the server listens.
    #[arg(long)]
    open: bool,
    /// The most positions one question's search may hold.
    #[arg(long, value_name = "N", default_value_t = gamelang::DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
    #[command(flatten)]
    budgets: Budgets,
}

/// What every request reads: the file, the limits of a question, and the
/// questions running.
pub struct Shared {
    /// The file the server was started with (the only one it reads or
    /// writes); `None`: an example, never saved.
    pub file: Option<String>,
    /// The limits of each question.
    pub search: gamelang::SearchOptions,
    /// The long options of `analyze`, for the advice its diagnostics give.
    pub analyze_options: Vec<String>,
    /// The questions running, by the page's job id.
    pub jobs: jobs::Jobs,
}

pub fn run(args: Args, output: &mut Output, analyze_options: Vec<String>) -> ExitCode {
    // The file is read once here, so that a missing one is said at once.
    if let Some(path) = &args.file
        && let Err(e) = read_source(path)
    {
        return output.fail_cli(&e, USAGE);
    }
    // A question's thread gets the main thread's stack, as the command
    // gives it (tokio's default is a quarter of it).
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(8 << 20)
        .build()
    {
        Ok(runtime) => runtime,
        Err(reason) => return output.fail_cli(&CliError::Serve { reason }, USAGE),
    };
    let address = SocketAddr::new(args.host, args.port);
    let listener = match runtime.block_on(tokio::net::TcpListener::bind(address)) {
        Ok(listener) => listener,
        Err(reason) => return output.fail_cli(&CliError::Serve { reason }, USAGE),
    };
    let bound = match listener.local_addr() {
        Ok(bound) => bound,
        Err(reason) => return output.fail_cli(&CliError::Serve { reason }, USAGE),
    };
    if !args.host.is_loopback() {
        err(&format!(
            "warning: listening on {}, not on loopback: other machines can reach this server, and read and write {}\n",
            args.host,
            args.file.as_deref().unwrap_or("nothing on this disk")
        ));
    }
    let shared = std::sync::Arc::new(Shared {
        file: args.file,
        search: args.budgets.options(args.max_positions),
        analyze_options,
        jobs: jobs::Jobs::default(),
    });
    let url = format!("http://{}/", guard::authority(bound));
    out(&format!("gamelang serve: listening on {url}\n"));
    if args.open
        && let Err(e) = open::that_detached(&url)
    {
        err(&format!("warning: could not open the browser: {e}\n"));
    }
    let app = api::router(shared, guard::Allowed::new(bound));
    match runtime.block_on(async { axum::serve(listener, app).await }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => output.fail_cli(&CliError::Serve { reason }, USAGE),
    }
}
