//! `gamelang play FILE`: a game against the perfect opponent. The legal
//! moves are listed, numbered; the human answers with a number or the
//! position the move leaves, one line each (a terminal or a script alike),
//! or with `hint`, `undo`, `new POSITION` or `quit`; the computer answers
//! with its move and why. The end of the input stops the play, as `quit`.

use std::io::{BufRead, Read};
use std::process::ExitCode;

use gamelang::DEFAULT_MAX_POSITIONS;
use gamelang::Side;
use gamelang::{Ending, Player, Session, Turn};
use gamelang::{Gain, Move, PartizanPlay, Question, Standing};

use super::error::CliError;
use super::input::{GameFile, STDIN, saturating};
use super::output::{FINDINGS, Output, USAGE, out};

/// What `play` says where the human is asked.
const ASK: &str = "your move (its number, its words, or the position it leaves; or hint, undo, new POSITION, quit): ";

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  gamelang play games/bash.game                 the file's position, you first
  gamelang play games/nim.game --at '(3, 4, 5)' --first computer
  printf '1\\n2\\n' | gamelang play games/bash.game --at 10 --json
  gamelang play games/domineering.game --at '...|...' --as right --first computer")]
pub struct Args {
    #[command(flatten)]
    input: GameFile,
    /// The position to start from: `21` or `(3, 5)` (default: the file's
    /// first `analyze` statement, of `--game`'s game when given).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    at: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, value_name = "WHO", default_value_t = First::Human)]
    first: First,
    /// In a partizan game, the side the human plays (the computer plays the
    /// other); Left by default.
    #[arg(long = "as", value_enum, value_name = "SIDE")]
    side: Option<SideArg>,
    /// Prints, at the end, one JSON object: the winner and every move.
    #[arg(long)]
    json: bool,
    /// The most positions the computer may judge.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS, value_parser = saturating::<usize>)]
    max_positions: usize,
}

/// A partizan game's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SideArg {
    Left,
    Right,
}

impl From<SideArg> for Side {
    fn from(side: SideArg) -> Side {
        match side {
            SideArg::Left => Side::Left,
            SideArg::Right => Side::Right,
        }
    }
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum First {
    Human,
    Computer,
}

impl From<First> for Player {
    fn from(first: First) -> Player {
        match first {
            First::Human => Player::Human,
            First::Computer => Player::Computer,
        }
    }
}

impl Args {
    /// Whether the output is JSON: then so are the diagnostics.
    pub fn json(&self) -> bool {
        self.json
    }
}

pub fn run(args: Args, output: &mut Output) -> ExitCode {
    // The moves are read from standard input: the game cannot be too.
    if args.input.file == STDIN {
        return output.fail_cli(&CliError::StdinTaken, USAGE);
    }
    let program = match args.input.load(output) {
        Ok(program) => program,
        Err(code) => return code,
    };
    let question = match args.input.questions(&program, args.at.as_slice(), output) {
        Ok(mut questions) => questions.swap_remove(0),
        Err(code) => return code,
    };
    let partizan = (question.components.iter()).any(|c| c.game.partizan_anywhere().is_some());
    if partizan {
        return play_partizan(&args, &question, output);
    }
    if args.side.is_some() {
        return output.fail_cli(&CliError::SideOfImpartial, USAGE);
    }
    let first = Player::from(args.first);
    let mut session = match Session::start(&question, args.max_positions, first) {
        Ok(session) => session,
        Err(e) => return output.fail(&[e.into()], FINDINGS),
    };
    let say = |text: &str| {
        if !args.json {
            out(text);
        }
    };
    let title = |session: &Session| {
        let start = gamelang::play_title(session.standings(), session.start_place());
        format!("{start}: the {} moves first\n", first.name())
    };
    say(&title(&session));
    let mut lines = bounded_lines(std::io::stdin().lock());
    let ending = loop {
        let turn = match session.turn() {
            Ok(turn) => turn,
            Err(e) => return output.fail(&[e.into()], FINDINGS),
        };
        let (play, place) = (session.standings(), session.place());
        let chosen = match turn {
            Turn::Over(ending) => break ending,
            Turn::Human(moves) => {
                say(&format!("\n{}\n", gamelang::place_text(play, place)));
                say(&gamelang::place_boards_text(play, place));
                for (i, m) in moves.iter().enumerate() {
                    say(&format!(
                        "  {}: {}\n",
                        i + 1,
                        gamelang::move_text(play, place, m)
                    ));
                }
                let named: Vec<Named> = (moves.iter())
                    .map(|m| Named {
                        words: gamelang::move_text(play, place, m),
                        leaves: gamelang::place_text(play, &m.to),
                    })
                    .collect();
                let here = gamelang::place_text(play, place);
                match choose(&named, &here, &mut lines, &say) {
                    Choice::Move(i) => moves[i].clone(),
                    Choice::Quit => break Ending::Stopped,
                    Choice::Ended => {
                        say("\n(the input ended)\n");
                        break Ending::Stopped;
                    }
                    Choice::Undo => {
                        if !session.undo() {
                            say("\nnothing to undo: you have not moved yet\n");
                        }
                        continue;
                    }
                    Choice::Hint => {
                        let best = match session.hint() {
                            Ok(best) => best,
                            Err(e) => return output.fail(&[e.into()], FINDINGS),
                        };
                        if let Some((m, after)) = best {
                            let gain = session.gain(&m).ok().flatten();
                            say(&format!(
                                "\nhint: {}\n",
                                explained(&session, &m, after, gain)
                            ));
                        }
                        continue;
                    }
                    Choice::New(at) => {
                        let game = args.input.game.as_deref();
                        let started = gamelang::questions(&program, game, &[at.as_str()])
                            .map_err(|errors| errors.into_iter().next())
                            .and_then(|mut questions| {
                                let question = questions.swap_remove(0);
                                Session::start(&question, args.max_positions, first)
                                    .map_err(|e| Some(e.into()))
                            });
                        match started {
                            Ok(new) => {
                                session = new;
                                say(&format!("\n{}", title(&session)));
                            }
                            Err(e) => say(&format!(
                                "\n`{at}` is no position to play from: {}\n",
                                e.map_or_else(String::new, |e| e.to_string())
                            )),
                        }
                        continue;
                    }
                }
            }
            Turn::Computer(m, after) => {
                let gain = session.gain(&m).ok().flatten();
                say(&format!(
                    "\ncomputer: {}\n",
                    explained(&session, &m, after, gain)
                ));
                m
            }
        };
        session.play(chosen);
        if let Some([human, computer]) = session.scores() {
            say(&format!("points: you {human}, the computer {computer}\n"));
        }
    };
    say(&format!("\n{}\n", gamelang::ending_text(&session, ending)));
    if args.json {
        let json = gamelang::play_json(&session, ending);
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        ));
    }
    ExitCode::SUCCESS
}

/// The play of a partizan game: the human plays `--as` (Left by default),
/// the computer the other side; `--first` says who moves first.
fn play_partizan(args: &Args, question: &Question, output: &mut Output) -> ExitCode {
    let [instance] = question.components.as_slice() else {
        let error = gamelang::AnalysisError::Partizan {
            game: (question.components.first())
                .map_or_else(|| "the values written".to_string(), |c| c.game.title()),
            what: match question.compound {
                gamelang::Compound::Sum => "play of a sum",
                _ => "play of a compound",
            },
        };
        return output.fail(&[error.into()], FINDINGS);
    };
    if !question.values.is_empty() {
        let error = gamelang::AnalysisError::Partizan {
            game: instance.game.title(),
            what: "play beside written values",
        };
        return output.fail(&[error.into()], FINDINGS);
    }
    let human = Side::from(args.side.unwrap_or(SideArg::Left));
    let first = match args.first {
        First::Human => human,
        First::Computer => human.other(),
    };
    let options = gamelang::Options {
        search: gamelang::SearchOptions {
            max_positions: args.max_positions,
            ..gamelang::SearchOptions::default()
        },
        ..gamelang::Options::default()
    };
    let mut play = match PartizanPlay::start(instance, options, human, first) {
        Ok(play) => play,
        Err(e) => return output.fail(&[e.into()], FINDINGS),
    };
    let say = |text: &str| {
        if !args.json {
            out(text);
        }
    };
    say(&format!(
        "{} at {}: you play {}, the computer {}; {} moves first\n",
        instance.game.title(),
        gamelang::side_position_text(&instance.game, play.position()),
        human.name(),
        human.other().name(),
        first.name(),
    ));
    let mut lines = bounded_lines(std::io::stdin().lock());
    let winner = loop {
        let (moves, best) = match play.moves() {
            Ok(found) => found,
            Err(e) => return output.fail(&[e.into()], FINDINGS),
        };
        let (game, from) = (play.game().clone(), play.position().to_vec());
        // The player to move with no move loses.
        let Some(best) = best else {
            break Some(play.to_move().other());
        };
        let chosen = match play.player_to_move() {
            Player::Human => {
                let here = gamelang::side_position_text(&game, &from);
                say(&format!(
                    "\n{here}{}\n",
                    gamelang::side_board_text(&game, &from)
                ));
                let texts: Vec<String> = (moves.iter())
                    .map(|m| gamelang::side_move_text(&game, &from, m))
                    .collect();
                for (i, text) in texts.iter().enumerate() {
                    say(&format!("  {}: {text}\n", i + 1));
                }
                let named: Vec<Named> = (texts.iter().zip(&moves))
                    .map(|(text, m)| Named {
                        words: text.clone(),
                        leaves: gamelang::side_position_text(&game, &m.to),
                    })
                    .collect();
                match choose(&named, &here, &mut lines, &say) {
                    Choice::Move(i) => moves[i].clone(),
                    Choice::Quit => break None,
                    Choice::Ended => {
                        say("\n(the input ended)\n");
                        break None;
                    }
                    Choice::Undo => {
                        if !play.undo() {
                            say("\nnothing to undo: you have not moved yet\n");
                        }
                        continue;
                    }
                    Choice::Hint => {
                        let m = &moves[best];
                        say(&format!(
                            "\nhint: {}\n  ({})\n",
                            gamelang::side_move_text(&game, &from, m),
                            gamelang::side_reason_text(m)
                        ));
                        continue;
                    }
                    Choice::New(_) => {
                        say(
                            "\n`new` starts a new play of an impartial game only: quit, and play again from there\n",
                        );
                        continue;
                    }
                }
            }
            Player::Computer => {
                let m = moves[best].clone();
                say(&format!(
                    "\ncomputer ({}): {}\n  ({})\n",
                    m.side.name(),
                    gamelang::side_move_text(&game, &from, &m),
                    gamelang::side_reason_text(&m)
                ));
                m
            }
        };
        play.play(chosen);
    };
    match winner {
        Some(side) => say(&format!(
            "\n{} has no move: {} wins ({})\n",
            side.other().name(),
            side.name(),
            match play.player(side) {
                Player::Human => "you win",
                Player::Computer => "the computer wins",
            }
        )),
        None => say("\nthe play stopped\n"),
    }
    if args.json {
        let json = gamelang::side_play_json(&play, winner);
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        ));
    }
    ExitCode::SUCCESS
}

/// Move `m` from the position now, and why it is the perfect player's
/// (`after`: the standing of where it leads; `gain`, in a scoring game,
/// what it scores and is worth), on two lines.
fn explained(session: &Session, m: &Move, after: Standing, gain: Option<(Gain, i128)>) -> String {
    let (play, place) = (session.standings(), session.place());
    let why = match (session.compound(), gain) {
        (_, Some((gain, worth))) => gamelang::scoring_reason_text(gain, worth),
        (Some(kind), None) => gamelang::compound_reason_text(kind, after),
        (None, None) => gamelang::reason_text(play, m, after),
    };
    format!("{}\n  ({why})", gamelang::move_text(play, place, m))
}

/// What the human answered.
enum Choice {
    /// The move of this index.
    Move(usize),
    Hint,
    Undo,
    /// A new play, from this position.
    New(String),
    Quit,
    /// The input ended.
    Ended,
}

/// A move as the human may name it: its words as the list tells them
/// (`take 2 → 18`), and the position it leaves.
struct Named {
    words: String,
    leaves: String,
}

/// Reads the human's choice among `moves` from `here`: the number of a
/// move, the position it leaves, its words where they name one move (`take
/// 2`), or a word (`hint`, `undo`, `new POSITION`, `quit`); asks again
/// after anything else.
fn choose(
    moves: &[Named],
    here: &str,
    lines: &mut impl Iterator<Item = Line>,
    say: &impl Fn(&str),
) -> Choice {
    // Spaces never matter, nor brackets round a single heap: `( 4 )` is 4.
    let squeeze = |s: &str| {
        let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        match s.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
            Some(inner) if !inner.contains(',') => inner.to_string(),
            _ => s,
        }
    };
    loop {
        say(ASK);
        let line = match lines.next() {
            None => return Choice::Ended,
            Some(Line::Text(line)) => line,
            Some(Line::TooLong) => {
                say(&format!(
                    "\nthat line is longer than {MAX_LINE} bytes: give a number from 1 to {}\n",
                    moves.len()
                ));
                continue;
            }
        };
        match line.trim() {
            "quit" | "exit" => return Choice::Quit,
            "hint" => return Choice::Hint,
            "undo" => return Choice::Undo,
            word => {
                if let Some(at) = word.strip_prefix("new ") {
                    return Choice::New(at.trim().to_string());
                }
            }
        }
        let answer = squeeze(&line);
        if let Ok(n) = answer.parse::<usize>()
            && (1..=moves.len()).contains(&n)
        {
            return Choice::Move(n - 1);
        }
        if let Some(i) = moves.iter().position(|m| squeeze(&m.leaves) == answer) {
            return Choice::Move(i);
        }
        // Or its words, as the list tells it (`take 2, leaving 18`), where
        // they name one move.
        let words = |m: &Named| squeeze(m.words.split(" → ").next().unwrap_or(&m.words));
        let said: Vec<usize> = (0..moves.len())
            .filter(|&i| words(&moves[i]) == answer)
            .collect();
        if let [i] = said.as_slice() {
            return Choice::Move(*i);
        }
        say(&format!(
            "\n`{}` is not a move from {here}: give a number from 1 to {}, or hint, undo, new POSITION, quit\n",
            line.trim(),
            moves.len()
        ));
    }
}

/// The longest line of input read as a move: past it, no move is written.
const MAX_LINE: usize = 4096;

/// One line of the human's input.
enum Line {
    Text(String),
    /// A line longer than `MAX_LINE` bytes, read past without being kept.
    TooLong,
}

/// The lines of `input`, none kept longer than `MAX_LINE` bytes; they end
/// where the input ends or cannot be read.
fn bounded_lines(mut input: impl BufRead) -> impl Iterator<Item = Line> {
    std::iter::from_fn(move || {
        let mut line = Vec::new();
        let read = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .ok()?;
        if read == 0 {
            return None;
        }
        if line.ends_with(b"\n") || line.len() <= MAX_LINE {
            let text = String::from_utf8_lossy(&line);
            return Some(Line::Text(text.trim_end_matches(['\n', '\r']).to_string()));
        }
        // Past the limit: the rest of the line is skipped, a buffer at a time.
        loop {
            let buffer = input.fill_buf().ok()?;
            if buffer.is_empty() {
                break;
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    input.consume(end + 1);
                    break;
                }
                None => {
                    let n = buffer.len();
                    input.consume(n);
                }
            }
        }
        Some(Line::TooLong)
    })
}
