//! `gamelang play FILE`: a game against the perfect opponent. The legal
//! moves are listed, numbered; the human answers with a number or the
//! position the move leaves, one line each (a terminal or a script alike);
//! the computer answers with its move and why.

use std::io::BufRead;
use std::process::ExitCode;

use gamelang::analysis::play;
use gamelang::position::Outcome;
use gamelang::report::{self, Played};
use gamelang::search::DEFAULT_MAX_POSITIONS;
use gamelang::search::standing::{Move, Place, Standings};

use super::error::CliError;
use super::{FINDINGS, GameFile, USAGE, analyses, fail, fail_cli, load, out, saturating};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang play games/bash.game                 the file's position, you first
  gamelang play games/nim.game --at '(3, 4, 5)' --first computer
  printf '1\\n2\\n' | gamelang play games/bash.game --at 10 --json")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// The position to start from: `21` or `(3, 5)` (default: the file's
    /// first `analyze` statement, of `--game`'s game when given).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    at: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, value_name = "WHO", default_value_t = Player::Human)]
    first: Player,
    /// Prints, at the end, one JSON object: the winner and every move.
    #[arg(long)]
    json: bool,
    /// The most positions the computer may judge.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Player {
    Human,
    Computer,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer => "computer",
        }
    }

    fn other(self) -> Player {
        match self {
            Player::Human => Player::Computer,
            Player::Computer => Player::Human,
        }
    }
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.json
    }
}

pub fn run(args: Args) -> ExitCode {
    // The moves are read from standard input: the game cannot be too.
    if args.input.file == super::STDIN {
        return fail_cli(CliError::StdinTaken, USAGE);
    }
    let program = match load(&args.input.file, &args.input.set) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let analysis = match analyses(&args.input, args.at.as_deref(), &program) {
        Ok(mut analyses) => analyses.swap_remove(0),
        Err(code) => return code,
    };
    let (mut play, start) = match play::start(&analysis.components, args.max_positions) {
        Ok(set_up) => set_up,
        Err(e) => return fail(e, FINDINGS),
    };
    let say = |text: &str| {
        if !args.json {
            out(text);
        }
    };
    say(&format!(
        "{}: the {} moves first\n",
        report::play_title(&play, &start),
        args.first.name()
    ));
    let mut lines = std::io::stdin().lock().lines();
    let mut played = Vec::new();
    let (mut place, mut to_move) = (start.clone(), args.first);
    // In a game that can go on forever: the positions met so far, for a
    // draw to be declared when one of them comes back.
    let mut met = std::collections::HashSet::new();
    let mut drawn = false;
    loop {
        let result = (|| {
            let before = play.standing(&place)?;
            let moves = play.moves(&place)?;
            Ok::<_, gamelang::diagnostics::Error>((before, moves))
        })();
        let (before, moves) = match result {
            Ok(found) => found,
            Err(e) => return fail(e, FINDINGS),
        };
        if moves.is_empty() {
            break;
        }
        if !met.insert(place.clone()) && before.outcome == Outcome::D {
            drawn = true;
            break;
        }
        let chosen = match to_move {
            Player::Human => {
                say(&format!("\n{}\n", report::place_text(&play, &place)));
                for (i, m) in moves.iter().enumerate() {
                    say(&format!(
                        "  {}: {}\n",
                        i + 1,
                        report::move_text(&play, &place, m)
                    ));
                }
                match choose(&play, &place, &moves, &mut lines, &say) {
                    Some(i) => moves[i].clone(),
                    None => return fail_cli(CliError::InputEnded, USAGE),
                }
            }
            Player::Computer => match play.best(&place) {
                Ok(Some((m, after))) => {
                    say(&format!(
                        "\ncomputer: {}\n  ({})\n",
                        report::move_text(&play, &place, &m),
                        report::reason_text(after)
                    ));
                    m
                }
                Ok(None) => break,
                Err(e) => return fail(e, FINDINGS),
            },
        };
        played.push(Played {
            player: to_move.name(),
            from: place.clone(),
            mv: chosen.clone(),
            before,
        });
        place = chosen.to;
        to_move = to_move.other();
    }
    let winner = if drawn {
        say(&format!(
            "\n{} again, a draw: neither player can force a win from it, and play could go on forever.\n",
            report::place_text(&play, &place)
        ));
        "draw"
    } else {
        // No move is left for `to_move`: they lose, or win in misère play.
        let misere = (0..place.len()).any(|i| play.game(i).misere);
        let winner = if misere { to_move } else { to_move.other() };
        let ending = if misere {
            "the player to move has no move and wins (misère play)"
        } else {
            "the player to move has no move and loses"
        };
        say(&format!(
            "\nno moves from {}: {ending}. The {} wins.\n",
            report::place_text(&play, &place),
            winner.name()
        ));
        winner.name()
    };
    if args.json {
        let json = report::play_json(&play, &start, winner, &played);
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        ));
    }
    ExitCode::SUCCESS
}

/// Reads the human's choice: the number of a move, or the position it
/// leaves; asks again after anything else. `None` when the input ends.
fn choose(
    play: &Standings,
    place: &Place,
    moves: &[Move],
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    say: &impl Fn(&str),
) -> Option<usize> {
    // Spaces never matter, nor brackets round a single heap: `( 4 )` is 4.
    let squeeze = |s: &str| {
        let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        match s.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
            Some(inner) if !inner.contains(',') => inner.to_string(),
            _ => s,
        }
    };
    loop {
        say("your move (its number, or the position it leaves): ");
        let line = lines.next()?.ok()?;
        let answer = squeeze(&line);
        if let Ok(n) = answer.parse::<usize>()
            && (1..=moves.len()).contains(&n)
        {
            return Some(n - 1);
        }
        let leaves = |m: &Move| squeeze(&report::place_text(play, &m.to));
        if let Some(i) = moves.iter().position(|m| leaves(m) == answer) {
            return Some(i);
        }
        say(&format!(
            "\n`{}` is not a move from {}: give a number from 1 to {}\n",
            line.trim(),
            report::place_text(play, place),
            moves.len()
        ));
    }
}
