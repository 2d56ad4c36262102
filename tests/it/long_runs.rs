//! Long runs of one-heap games: the figures a table prints (against those
//! published for Grundy's game and Officers), and values saved and gone on
//! from.

use std::sync::Arc;

use super::common::{load, load_text};
use gamelang::analysis::saved::{self, Damage, SavedError};
use gamelang::analysis::table::{Column, Figures, Rare, Shape, Table};
use gamelang::analysis::{AnalysisError, Analyzer, NotResumable, Options};
use gamelang::rules::Game;
use gamelang::search::{self, Values};

fn game_of(name: &str) -> Arc<Game> {
    let program = load(name, &[]);
    (program.game(name).and_then(|entry| entry.default.clone())).expect("the game checks")
}

fn game_of_text(text: &str) -> Arc<Game> {
    let program = load_text("test.game", text, &[]);
    program.games[0].default.clone().expect("the game lowers")
}

/// An analyzer without a budget of moves: these runs are long.
fn unlimited() -> Analyzer {
    Analyzer::new(Options {
        search: search::Options {
            move_budget: Some(u64::MAX),
            timeout: None,
            ..search::Options::default()
        },
        ..Options::default()
    })
}

fn table(analyzer: &mut Analyzer, game: &Arc<Game>, upto: u64) -> Table {
    (analyzer.table(game, &upto.into(), None, &mut |_| {})).expect("the table is computed")
}

fn values(table: &Table) -> Vec<u32> {
    let Shape::OneHeap { values, .. } = &table.shape else {
        panic!("a one-heap table")
    };
    values.grundy().expect("Grundy values").to_vec()
}

fn figures(table: &Table) -> Figures {
    let Shape::OneHeap { figures, .. } = &table.shape else {
        panic!("a one-heap table")
    };
    figures.as_deref().cloned().expect("figures")
}

/// Grundy's game to 2^21 heaps: the largest value, where it is first, and
/// the rare values (Flammenkamp's sparse set: g & 0xfe with an even number
/// of ones) as published by T. Czajka's octal-games computations
/// (github.com/tczajka/octal-games, UnsolvedGames.md: "Grundy's | 2^21 |
/// 763622 | 231 | fe | 1274 | 82860"), held here against the table's.
#[test]
fn grundys_game_to_2_21_has_the_published_figures() {
    let game = game_of("grundy");
    let t = table(&mut unlimited(), &game, (1 << 21) - 1);
    let Shape::OneHeap { values, .. } = &t.shape else {
        panic!("a one-heap table")
    };
    // Kept as the engine keeps them: a byte a heap.
    assert!(matches!(values, Column::Grundy { .. }));
    assert_eq!(
        figures(&t),
        Figures {
            largest: 231,
            largest_at: 763_622,
            rare: Some(Rare {
                mask: 0xfe,
                heaps: 1274,
                last: 82_860,
            }),
        }
    );
}

/// Officers (octal 0.6) to 2^21 heaps, against the same page's figures
/// (".6 | 2^21 | 1274955 | 319 | 1ee | 1584 | 20627").
#[test]
fn officers_to_2_21_has_the_published_figures() {
    let game = game_of_text("game officers {\n  heaps *\n  octal 0.6\n}\n");
    let t = table(&mut unlimited(), &game, (1 << 21) - 1);
    assert_eq!(
        figures(&t),
        Figures {
            largest: 319,
            largest_at: 1_274_955,
            rare: Some(Rare {
                mask: 0x1ee,
                heaps: 1584,
                last: 20_627,
            }),
        }
    );
}

/// Octal 0.04 and 0.06 to 2^17 heaps, against the same page's figures
/// (".04 | 2^17 | 109363 | 1024 | 7b8 | 18860 | 131003" and
/// ".06 | 2^17 | 127083 | 1045 | 5a0 | 52923 | 131070"): values past 1023,
/// and rare values two heaps in five that the table still gives.
#[test]
fn octal_0_04_and_0_06_to_2_17_have_the_published_figures() {
    for (code, largest, largest_at, mask, heaps, last) in [
        ("0.04", 1024, 109_363, 0x7b8, 18_860, 131_003),
        ("0.06", 1045, 127_083, 0x5a0, 52_923, 131_070),
    ] {
        let game = game_of_text(&format!("game g {{\n  heaps *\n  octal {code}\n}}\n"));
        let t = table(&mut unlimited(), &game, (1 << 17) - 1);
        let rare = Some(Rare { mask, heaps, last });
        let expected = Figures {
            largest,
            largest_at,
            rare,
        };
        assert_eq!(figures(&t), expected, "octal {code}");
    }
}

/// The first rare heaps of Grundy's game, each with its value, as
/// Flammenkamp lists them ("Known Sparse SGV of Grundy's Game",
/// wwwhomes.uni-bielefeld.de/achim/grundy.html): every heap up to 231 whose
/// value has an even number of ones under 0xfe.
#[test]
fn grundys_game_has_flammenkamps_first_rare_values() {
    const LISTED: [(usize, u32); 48] = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let game = game_of("grundy");
    let g = values(&table(&mut unlimited(), &game, 231));
    let rare: Vec<(usize, u32)> = (g.iter().enumerate())
        .filter(|&(_, &v)| (v & 0xfe).count_ones().is_multiple_of(2))
        .map(|(n, &v)| (n, v))
        .collect();
    assert_eq!(rare, LISTED);
}

/// Values written and read back are the same, at each width, and a table
/// resumed from them agrees with one computed whole, wherever it was cut:
/// before and after the rare values are first looked for (1024 heaps), and
/// around the looks for a period (Kayles proves its period again).
#[test]
fn a_table_goes_on_from_its_saved_values_as_if_never_stopped() {
    for (name, text) in [
        ("grundy", None),
        ("kayles", None),
        // Values past 255, then past 65,535: two and four bytes each.
        ("wide", Some("game wide {\n  heaps *\n  take 1..\n}\n")),
    ] {
        let game = match text {
            Some(text) => game_of_text(text),
            None => game_of(name),
        };
        let upto = 70_000;
        let whole = table(&mut unlimited(), &game, upto);
        for cut in [0, 1, 100, 1023, 1024, 5000, 40_000, upto as usize + 1] {
            let mut first = unlimited();
            let part = table(&mut first, &game, cut.max(1) as u64 - 1);
            let Shape::OneHeap { values: column, .. } = &part.shape else {
                panic!("a one-heap table")
            };
            let Column::Grundy { values, .. } = column else {
                panic!("{name}: the engine's values")
            };
            let mut file = Vec::new();
            saved::write(&game, values, cut, &mut file).expect("written to memory");
            let back = saved::read(&game, file.as_slice(), usize::MAX).expect("read back");
            assert_eq!(
                back.to_vec(),
                values.to_vec()[..cut],
                "{name}: read back at {cut}"
            );
            let mut resumed = unlimited();
            resumed.resume(&game, file.as_slice()).expect("resumed");
            let t = table(&mut resumed, &game, upto);
            assert_eq!(
                values_of(&t),
                values_of(&whole),
                "{name}: resumed from {cut}"
            );
            let period = |t: &Table| match &t.shape {
                Shape::OneHeap { period, .. } => period.clone().map(|p| (p.preperiod, p.period)),
                Shape::Grid { .. } | Shape::Box { .. } | Shape::Partizan { .. } => None,
            };
            assert_eq!(period(&t), period(&whole), "{name}: resumed from {cut}");
        }
    }
}

fn values_of(t: &Table) -> Vec<u32> {
    values(t)
}

/// A resumed table takes the saved values as they are, and computes only
/// the heaps past them: a value changed in the file (and the checksum
/// written for it) shows in the table, and changes the heaps after it.
#[test]
fn a_resumed_table_computes_only_past_the_saved_values() {
    let game = game_of("grundy");
    let mut g = values(&table(&mut unlimited(), &game, 2000));
    let true_value = g[1000];
    g[1000] = 77;
    let mut file = Vec::new();
    saved::write(&game, &Values::from(g.clone()), g.len(), &mut file).expect("written");
    let mut resumed = unlimited();
    resumed.resume(&game, file.as_slice()).expect("resumed");
    let t = values(&table(&mut resumed, &game, 4000));
    assert_eq!(t[1000], 77, "the saved value, not {true_value}");
    assert_eq!(t[..=2000], g[..]);
    let whole = values(&table(&mut unlimited(), &game, 4000));
    assert_ne!(
        t[2001..],
        whole[2001..],
        "heaps past it see the changed value"
    );
}

/// A file that is not what it should be is refused, saying why.
#[test]
fn a_damaged_or_foreign_values_file_is_refused() {
    let game = game_of("grundy");
    let g = values(&table(&mut unlimited(), &game, 3000));
    let mut file = Vec::new();
    saved::write(&game, &Values::from(g), 3001, &mut file).expect("written");
    let read = |bytes: &[u8], limit| saved::read(&game, bytes, limit);
    assert!(read(&file, usize::MAX).is_ok());
    // Cut short, anywhere.
    for len in [20, 40, file.len() / 2, file.len() - 1] {
        match read(&file[..len], usize::MAX) {
            Err(SavedError::Damaged {
                what: Damage::Short,
            }) => {}
            other => panic!("cut at {len}: {other:?}"),
        }
    }
    // A value changed: the checksum fails.
    let mut changed = file.clone();
    changed[file.len() - 100] ^= 1;
    assert!(matches!(
        read(&changed, usize::MAX),
        Err(SavedError::Damaged {
            what: Damage::Checksum
        })
    ));
    // Bytes past the end.
    let mut long = file.clone();
    long.push(0);
    assert!(matches!(
        read(&long, usize::MAX),
        Err(SavedError::Damaged { what: Damage::Long })
    ));
    // Not a values file at all, or of a later version.
    assert!(matches!(
        read(b"game g {}", usize::MAX),
        Err(SavedError::NotValues)
    ));
    let mut later = file.clone();
    later[16] = 9;
    assert!(matches!(
        read(&later, usize::MAX),
        Err(SavedError::Version { found: 9 })
    ));
    // More values than the search may hold: refused before any is read.
    assert!(matches!(
        read(&file, 3000),
        Err(SavedError::TooMany {
            count: 3001,
            limit: 3000
        })
    ));
    // Another game's values, or the same game with other rules.
    let kayles = game_of("kayles");
    assert!(matches!(
        saved::read(&kayles, file.as_slice(), usize::MAX),
        Err(SavedError::OtherGame { .. })
    ));
    let three = game_of_text("game grundy {\n  heaps *\n  split into 2 nonempty heaps\n}\n");
    assert!(matches!(
        saved::read(&three, file.as_slice(), usize::MAX),
        Err(SavedError::OtherGame { .. })
    ));
}

/// Only the one-heap engine's values are kept: a misère game's table is
/// outcomes, a game with an invariant has heaps that are not positions.
#[test]
fn only_one_heap_values_in_normal_play_are_kept() {
    for text in [
        "game m {\n  heaps *\n  take 1..3\n  play misere\n}\n",
        "game w {\n  heaps 2\n  take 1.. from one heap\n}\n",
    ] {
        let game = game_of_text(text);
        let mut analyzer = unlimited();
        match analyzer.keeps_values(&game, false) {
            Err(AnalysisError::NotResumable {
                why: NotResumable::NotOneHeap,
                ..
            }) => {}
            other => panic!("{text}: {other:?}"),
        }
    }
    // A search that has values of its own does not take others.
    let game = game_of("grundy");
    let mut analyzer = unlimited();
    let g = values(&table(&mut analyzer, &game, 100));
    let mut file = Vec::new();
    saved::write(&game, &Values::from(g), 101, &mut file).expect("written");
    match analyzer.resume(&game, file.as_slice()) {
        Err(AnalysisError::NotResumable {
            why: NotResumable::Started,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
}
