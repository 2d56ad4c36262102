//! The explorer in a real browser: Debian's Chromium, driven by
//! chromedriver over WebDriver (fantoccini). The page loads and shows the
//! value of the file's first position; a typo brings a diagnostic; a move
//! clicked changes the value, and back brings it back; a board's cell
//! clicked edits the position; a table's cell clicked is explored; a play
//! against the computer goes to its end; a Hackenbush position is drawn
//! with its edges in their colours.
//!
//! Chromium is not part of the Rust toolchain: `.ci/run` installs it
//! (packages `chromium` and `chromium-driver`) and sets
//! `GAMELANG_REQUIRE_BROWSER=1`, so that there the test cannot pass without
//! running. Elsewhere, without them, it says so and passes. With
//! `GAMELANG_SCREENSHOTS=DIR` it saves its views as PNG files in DIR (the
//! pictures of docs/EXPLORER.md).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::cli::TempGame;
use crate::serve::Server;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long a view may take to show what it should before the test fails
/// (a bound against hanging, not a measure: no time is asserted).
const PATIENCE: Duration = Duration::from_secs(60);

/// chromedriver, killed when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on loopback (bound, then let go for chromedriver).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

#[test]
fn the_explorer_works_in_chromium() {
    let present =
        std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists();
    if !present {
        assert!(
            std::env::var_os("GAMELANG_REQUIRE_BROWSER").is_none(),
            "GAMELANG_REQUIRE_BROWSER is set but chromium and chromedriver are not installed"
        );
        eprintln!("chromium is not installed: the browser test did not run");
        return;
    }
    let text = std::fs::read_to_string(format!("{}/games/domineering.game", crate::ROOT))
        .expect("the example is readable");
    let file = TempGame::new("explorer", &text);
    let server = Server::start(&[file.path()]);
    let port = free_port();
    let driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let hackenbush = Server::start(&["games/blue_red_hackenbush.game"]);
    runtime.block_on(async {
        let client = connect(port).await;
        let mut result = explore(&client, &server.address).await;
        if result.is_ok() {
            result = draw_hackenbush(&client, &hackenbush.address).await;
        }
        let _ = client.close().await;
        result.unwrap_or_else(|e| panic!("{e}"));
    });
    drop(driver);
}

/// A headless Chromium session, once chromedriver listens.
async fn connect(port: u16) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"],
        }),
    );
    let start = Instant::now();
    loop {
        let connected =
            ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await;
        match connected {
            Ok(client) => return client,
            Err(e) if start.elapsed() > PATIENCE => panic!("chromedriver did not answer: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

type Checked = Result<(), String>;

/// Asks `probe` until it says yes, within `PATIENCE`; where it never does,
/// `what` and what it saw last.
async fn until<F, Fut>(what: &str, mut probe: F) -> Checked
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = (bool, String)>,
{
    let start = Instant::now();
    loop {
        let (done, seen) = probe().await;
        if done {
            return Ok(());
        }
        if start.elapsed() > PATIENCE {
            return Err(format!("{what}: {seen}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The text of the first element `css` finds, or `None`.
async fn text_of(client: &Client, css: &str) -> Option<String> {
    let element = client.find(Locator::Css(css)).await.ok()?;
    element.text().await.ok()
}

/// Waits until the first element `css` finds has text `want`.
async fn wait_text(client: &Client, css: &str, want: &str) -> Checked {
    until(&format!("`{css}` never showed {want:?}"), || async {
        let shown = text_of(client, css).await;
        (shown.as_deref() == Some(want), format!("{shown:?}"))
    })
    .await
}

/// Waits until `css` finds an element.
async fn appears(client: &Client, css: &str) -> Checked {
    (client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await)
        .map(|_| ())
        .map_err(|e| format!("`{css}` never appeared: {e}"))
}

/// Waits until `css` finds an element; clicks it.
async fn click(client: &Client, css: &str) -> Checked {
    let element = (client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await)
        .map_err(|e| format!("`{css}` never appeared: {e}"))?;
    element
        .click()
        .await
        .map_err(|e| format!("`{css}` cannot be clicked: {e}"))
}

/// Types `text` into the input `id`, in place of what it held.
async fn type_in(client: &Client, id: &str, text: &str) -> Checked {
    let input = client
        .find(Locator::Id(id))
        .await
        .map_err(|e| e.to_string())?;
    input.clear().await.map_err(|e| e.to_string())?;
    input.send_keys(text).await.map_err(|e| e.to_string())
}

/// The property `name` of the element `id`.
async fn property(client: &Client, id: &str, name: &str) -> Option<String> {
    let element = client.find(Locator::Id(id)).await.ok()?;
    element.prop(name).await.ok()?
}

/// Saves the view as DIR/NAME.png where `GAMELANG_SCREENSHOTS=DIR` is set.
async fn picture(client: &Client, name: &str) {
    if let Some(dir) = std::env::var_os("GAMELANG_SCREENSHOTS")
        && let Ok(png) = client.screenshot().await
    {
        let _ = std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), png);
    }
}

async fn explore(client: &Client, address: &str) -> Checked {
    let fail = |e: fantoccini::error::CmdError| e.to_string();
    client
        .goto(&format!("http://{address}/"))
        .await
        .map_err(fail)?;
    // The first position of the file (Domineering at ".|.") is valued as
    // `analyze` values it: 1, Left's free move (Winning Ways).
    wait_text(client, "#fact-value", "1").await?;
    picture(client, "explore").await;

    // A typo: a diagnostic appears, and the place it points at is marked
    // in the text.
    let editor = client.find(Locator::Id("editor")).await.map_err(fail)?;
    editor.send_keys("\ngame broken {").await.map_err(fail)?;
    appears(client, "#diagnostics .diagnostic").await?;
    appears(client, "#highlight .wrong").await?;
    picture(client, "diagnostic").await;
    // Put the text back as it was: the diagnostics go.
    client
        .execute(
            "const e = document.getElementById('editor'); e.value = e.value.replace(/\\ngame broken \\{$/, ''); e.dispatchEvent(new Event('input'));",
            vec![],
        )
        .await
        .map_err(fail)?;
    until(
        "the diagnostic stayed after the typo was undone",
        || async {
            let gone = client
                .find(Locator::Css("#diagnostics .diagnostic"))
                .await
                .is_err();
            (gone, String::new())
        },
    )
    .await?;

    // A move clicked: the 2 × 2 board is ±1; Left's move leaves 1.
    type_in(client, "at", "\"..|..\"").await?;
    click(client, "#go").await?;
    wait_text(client, "#fact-value", "+-1").await?;
    click(client, "#moves-left li.move").await?;
    wait_text(client, "#fact-value", "1").await?;
    // Back: ±1 again.
    click(client, "#back").await?;
    wait_text(client, "#fact-value", "+-1").await?;

    // A board's cell clicked: the cell is covered, the position changes.
    click(client, "#board td[data-r='1'][data-c='1']").await?;
    until("clicking a cell did not cover it", || async {
        let at = property(client, "at", "value").await;
        (at.as_deref() == Some("\"#.|..\""), format!("{at:?}"))
    })
    .await?;
    // One vertical move (Left) and one horizontal (Right) remain, each
    // leaving 0: {0 | 0} = *.
    wait_text(client, "#fact-value", "*").await?;

    // The table of empty boards; a cell clicked is explored.
    click(client, "#tab-table").await?;
    type_in(client, "table-rows", "2").await?;
    type_in(client, "table-cols", "3").await?;
    click(client, "#table-make").await?;
    appears(client, "#table-picture svg").await?;
    picture(client, "table").await;
    click(client, "#values td[data-at='\"..|..\"']").await?;
    wait_text(client, "#fact-value", "+-1").await?;
    picture(client, "moves").await;

    // A play as Left, Left first, from the 2 × 2 board: Left's move leaves
    // Right without one, so the game ends with the human winning.
    click(client, "#tab-play").await?;
    click(client, "#play-start").await?;
    click(client, "#play-moves li.move").await?;
    until("the play did not end with the human winning", || async {
        let status = client.find(Locator::Id("play-status")).await;
        let over = match &status {
            Ok(status) => status.attr("data-over").await.ok().flatten(),
            Err(_) => None,
        };
        (
            over.as_deref() == Some("won"),
            text_of(client, "#play-status").await.unwrap_or_default(),
        )
    })
    .await?;
    picture(client, "play").await;
    Ok(())
}

/// The first position of games/blue_red_hackenbush.game, a string of one
/// blue edge and two red ones on the ground, drawn: one blue edge, two red;
/// worth 1 - 1/2 - 1/4 = 1/4 (Berlekamp's sign expansion, Winning Ways
/// ch. 2).
async fn draw_hackenbush(client: &Client, address: &str) -> Checked {
    client
        .goto(&format!("http://{address}/"))
        .await
        .map_err(|e| e.to_string())?;
    wait_text(client, "#fact-value", "1/4").await?;
    appears(client, "#graph-drawing").await?;
    let count = |css: &'static str| async move {
        (client.find_all(Locator::Css(css)).await).map_or(0, |found| found.len())
    };
    let blue = count("#graph-drawing path[stroke='#1f5fbf']").await;
    let red = count("#graph-drawing path[stroke='#c0392b']").await;
    if (blue, red) != (1, 2) {
        return Err(format!("drawn with {blue} blue edges and {red} red ones"));
    }
    picture(client, "hackenbush").await;
    Ok(())
}
