//! Games on boards (`board`, `b[r, c]`): Domineering and Cram on every
//! small board, each cell empty or removed, against their game trees
//! written here plainly — Left covers two empty cells one above the other,
//! Right two side by side (Domineering; Winning Ways), either player
//! either way (Cram, impartial: Grundy values by the mex rule) — with no
//! memo but the plain one, no regions and no canonical forms.

use std::collections::HashMap;

use gamelang::{Forms, PartizanSearch};

use super::partizan::{Tree, analyzed, eq, lowered, tree, values_agree};

pub(super) const DOMINEERING: &str = "game domineering {\n    board\n    left move vertical {\n        choose r in 1..rows - 1\n        choose c in 1..cols\n        require b[r, c] == '.' and b[r + 1, c] == '.'\n        b[r, c] = '#'\n        b[r + 1, c] = '#'\n    }\n    right move horizontal {\n        choose r in 1..rows\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r, c + 1] = '#'\n    }\n}\n";

const CRAM: &str = "game cram {\n    board\n    move place {\n        choose r in 1..rows\n        choose c in 1..cols\n        choose down in 0..1\n        require b[r, c] == '.' and b[r + down, c + 1 - down] == '.'\n        b[r, c] = '#'\n        b[r + down, c + 1 - down] = '#'\n    }\n}\n";

/// A board: its columns, and each cell empty (true) or not, row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Board {
    pub(super) cols: usize,
    pub(super) empty: Vec<bool>,
}

impl Board {
    /// The boards after each placement of a domino: vertical (`down`) or
    /// horizontal.
    pub(super) fn placements(&self, down: bool) -> Vec<Board> {
        let rows = self.empty.len() / self.cols;
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..self.cols {
                let (r2, c2) = if down { (r + 1, c) } else { (r, c + 1) };
                if r2 >= rows || c2 >= self.cols {
                    continue;
                }
                let (a, b) = (r * self.cols + c, r2 * self.cols + c2);
                if self.empty[a] && self.empty[b] {
                    let mut next = self.clone();
                    next.empty[a] = false;
                    next.empty[b] = false;
                    out.push(next);
                }
            }
        }
        out
    }

    /// As a position keeps it: rows, columns, each cell's character.
    pub(super) fn heaps(&self) -> Vec<u64> {
        let rows = self.empty.len() / self.cols;
        let mut heaps = vec![rows as u64, self.cols as u64];
        heaps.extend(self.empty.iter().map(|&e| if e { '.' } else { '#' } as u64));
        heaps
    }

    /// As a file writes it: `"..|.#"`.
    pub(super) fn text(&self) -> String {
        let rows: Vec<String> = (self.empty.chunks(self.cols))
            .map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect())
            .collect();
        format!("\"{}\"", rows.join("|"))
    }
}

/// Shapes of boards of up to 12 cells, each with its every board
/// (`boards`) tried where a test holds something to a plain definition.
pub(super) const TO_12_CELLS: [(usize, usize); 8] = [
    (1, 5),
    (2, 2),
    (2, 3),
    (3, 3),
    (2, 5),
    (3, 4),
    (4, 3),
    (2, 6),
];

/// Every board of `rows` × `cols`, each cell empty or removed.
pub(super) fn boards(rows: usize, cols: usize) -> Vec<Board> {
    let cells = rows * cols;
    (0..1u32 << cells)
        .map(|bits| Board {
            cols,
            empty: (0..cells).map(|i| bits >> i & 1 == 1).collect(),
        })
        .collect()
}

fn domineering(board: &Board) -> Tree {
    Tree {
        left: board.placements(true).iter().map(domineering).collect(),
        right: board.placements(false).iter().map(domineering).collect(),
    }
}

fn cram(board: &Board, memo: &mut HashMap<Board, u32>) -> u32 {
    if let Some(&g) = memo.get(board) {
        return g;
    }
    let mut seen: Vec<u32> = (board.placements(true).into_iter())
        .chain(board.placements(false))
        .map(|b| cram(&b, memo))
        .collect();
    seen.sort_unstable();
    let g = (0..).find(|v| seen.binary_search(v).is_err()).unwrap_or(0);
    memo.insert(board.clone(), g);
    g
}

#[test]
fn domineering_on_every_board_of_up_to_8_cells_is_worth_its_game_tree() {
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(DOMINEERING, "domineering"), Default::default());
    let mut checked = 0;
    for (rows, cols) in [
        (1, 1),
        (1, 4),
        (4, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (1, 8),
    ] {
        for board in boards(rows, cols) {
            let form = search.value(&mut forms, &board.heaps()).expect("a value");
            assert!(
                eq(&tree(&mut forms, form), &domineering(&board)),
                "{}",
                board.text()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 2 + 16 + 16 + 16 + 64 + 64 + 256 + 256 + 256);
}

#[test]
fn the_graph_of_a_domineering_board_holds_its_positions_values_and_each_sides_moves() {
    // Every board reachable from a 2 × 3 board, by the placements written
    // here; each position's form that of its game tree (`domineering`);
    // Left's moves vertical and Right's horizontal, each winning for its
    // player where it leaves a G ≥ 0 (Left) or G ≤ 0 (Right) (Siegel,
    // Combinatorial Game Theory, §II.1).
    let start = Board {
        cols: 3,
        empty: vec![true; 6],
    };
    let program = super::common::load_text(
        "graph.game",
        &format!("{DOMINEERING}analyze domineering at {}\n", start.text()),
        &[],
    );
    let instance = &program.questions[0].components[0];
    let graph = gamelang::Analyzer::default()
        .graph(instance)
        .expect("drawn");
    let mut reached = std::collections::HashSet::new();
    let mut queue = vec![start.clone()];
    while let Some(board) = queue.pop() {
        if reached.insert(board.heaps()) {
            queue.extend(board.placements(true));
            queue.extend(board.placements(false));
        }
    }
    let drawn: std::collections::HashSet<Vec<u64>> = graph
        .node_indices()
        .map(|i| graph[i].heaps.clone())
        .collect();
    assert_eq!(drawn, reached);
    let mut forms = Forms::new();
    let board_of = |heaps: &[u64]| Board {
        cols: heaps[1] as usize,
        empty: heaps[2..].iter().map(|&c| c == u64::from(b'.')).collect(),
    };
    let zero = forms.zero();
    for i in graph.node_indices() {
        let node = &graph[i];
        let tree = domineering(&board_of(&node.heaps));
        let form = super::partizan::form_of(&mut forms, &tree);
        let written = gamelang::read_value(node.form.as_deref().expect("a form")).expect("reads");
        assert_eq!(
            forms.written(&written).expect("a short value"),
            form,
            "{:?}",
            node.heaps
        );
        assert_eq!(node.outcome, forms.outcome(form));
    }
    use petgraph::visit::EdgeRef;
    let (mut left, mut right) = (0, 0);
    for e in graph.edge_references() {
        let edge = e.weight();
        let after = &graph[e.target()];
        let tree = domineering(&board_of(&after.heaps));
        let form = super::partizan::form_of(&mut forms, &tree);
        let (side, wins) = match edge.side {
            Some(gamelang::Side::Left) => (0, forms.le(zero, form)),
            Some(gamelang::Side::Right) => (1, forms.le(form, zero)),
            None => panic!("a partizan move has its player"),
        };
        *[&mut left, &mut right][side] += 1;
        assert_eq!(
            edge.winning,
            wins,
            "{:?} → {:?}",
            graph[e.source()].heaps,
            after.heaps
        );
        // Left's rule is `vertical` (0), Right's `horizontal` (1).
        assert_eq!(edge.rule, side);
    }
    assert!(left > 0 && right > 0);
    let svg = gamelang::graph_svg(&instance.game, &graph);
    assert!(
        svg.contains("Left's move") && svg.contains("Right's move"),
        "{svg}"
    );
    let json = gamelang::graph_json(&instance.game, &graph);
    assert_eq!(json["nodes"][0]["value"], "{2|-1/2}");
    assert!(json["edges"][0]["side"].is_string());
}

#[test]
fn a_table_of_empty_boards_holds_each_boards_value() {
    // Domineering's empty boards of 1 to 3 rows and 1 to 4 columns, each
    // the form of its game tree; Cram's (impartial) each the nimber of its
    // Grundy value (the Sprague-Grundy theorem), both by the placements
    // written here.
    let mut analyzer = gamelang::Analyzer::default();
    let mut forms = Forms::new();
    for (text, name) in [(DOMINEERING, "domineering"), (CRAM, "cram")] {
        let program = super::common::load_text("boards.game", text, &[]);
        let game = (program.game(name).and_then(|g| g.default.clone())).expect("lowers");
        let table = analyzer
            .board_table(&game, (1, 3), (1, 4), &mut |_| {})
            .expect("a table");
        assert!(table.boards);
        let gamelang::Shape::Partizan {
            parts: 2,
            from: [1, 1],
            values,
        } = &table.shape
        else {
            panic!("a grid of boards: {:?}", table.shape);
        };
        let mut memo = HashMap::new();
        for rows in 1..=3usize {
            for cols in 1..=4usize {
                let board = Board {
                    cols,
                    empty: vec![true; rows * cols],
                };
                let cell = values[rows - 1][cols - 1].as_ref().expect("a board");
                let written = gamelang::read_value(&cell.value).expect("a value");
                let found = forms.written(&written).expect("a short value");
                let expected = match name {
                    "domineering" => super::partizan::form_of(&mut forms, &domineering(&board)),
                    _ => forms.nimber(cram(&board, &mut memo)),
                };
                assert_eq!(found, expected, "{name} {rows} x {cols}: {}", cell.value);
                assert_eq!(cell.outcome, forms.outcome(expected));
            }
        }
        let text = gamelang::table_text(&table);
        assert!(
            text.starts_with(&format!(
                "{name}: empty boards of rows × cols, rows = 1..3, cols = 1..4\n"
            )),
            "{text}"
        );
        let json = gamelang::table_json(&table);
        assert_eq!(
            (&json["shape"], &json["from"]),
            (&"boards".into(), &serde_json::json!([1, 1]))
        );
    }
    // Sizes from 0, backwards, or past 64 cells are refused; so is a game
    // played on heaps.
    let program = super::common::load_text("boards.game", DOMINEERING, &[]);
    let game = (program.game("domineering").and_then(|g| g.default.clone())).expect("lowers");
    for (rows, cols) in [((0, 2), (1, 2)), ((3, 2), (1, 2)), ((1, 9), (1, 9))] {
        let error = analyzer.board_table(&game, rows, cols, &mut |_| {});
        let error = error.expect_err("refused");
        assert_eq!(super::common::code(&error), "gamelang::table::board_sizes");
    }
    let program = super::common::load_text("nim.game", "game nim { heaps 1; take 1.. }\n", &[]);
    let nim = (program.game("nim").and_then(|g| g.default.clone())).expect("lowers");
    let error = analyzer
        .board_table(&nim, (1, 2), (1, 2), &mut |_| {})
        .expect_err("refused");
    assert_eq!(super::common::code(&error), "gamelang::table::heap_count");
}

#[test]
fn a_domineering_square_minus_a_switch_is_zero() {
    // The 2 × 2 square is ±1 (Winning Ways, ch. 5): less a written ±1 it is
    // 0, and less itself too.
    let answers = analyzed(&format!(
        "{DOMINEERING}analyze domineering at \"..|..\" - {{1|-1}}\nanalyze domineering at \"..|..\" - domineering at \"..|..\"\nanalyze - domineering at \"...|...\" + domineering at \"...|...\"\n"
    ));
    for answer in &answers {
        let value = answer.partizan.as_ref().and_then(|p| p.value.clone());
        assert_eq!(value.as_deref(), Some("0"));
        assert_eq!(answer.outcome, gamelang::Outcome::P);
    }
}

#[test]
fn familiar_domineering_values() {
    // From the definition (Winning Ways; Lessons in Play): room for one
    // vertical domino is 1, for one horizontal -1; on a 2 × 2 square each
    // player's move leaves the other's free move: {1 | -1} = ±1.
    let answers = analyzed(&format!(
        "{DOMINEERING}analyze domineering at \".|.\"\nanalyze domineering at \"..\"\nanalyze domineering at \"..|..\"\n"
    ));
    let values: Vec<String> = (answers.iter())
        .map(|a| {
            a.partizan
                .as_ref()
                .and_then(|p| p.value.clone())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(values, ["1", "-1", "+-1"]);
    let text = gamelang::answer_text(&answers[2], &|_| None);
    assert!(text.contains("domineering at \"..|..\""), "{text}");
}

#[test]
fn cram_on_every_board_of_up_to_9_cells_has_the_grundy_value_of_its_game_tree() {
    let mut memo = HashMap::new();
    let mut file = CRAM.to_string();
    let mut expected = Vec::new();
    for (rows, cols) in [(1, 5), (2, 2), (2, 3), (3, 3)] {
        for board in boards(rows, cols) {
            file.push_str(&format!("analyze cram at {}\n", board.text()));
            expected.push(cram(&board, &mut memo));
        }
    }
    let answers = analyzed(&file);
    let found = grundy_values(&answers);
    let expected: Vec<u64> = expected.into_iter().map(u64::from).collect();
    assert_eq!(found, expected);
}

/// The Grundy value of each answer.
fn grundy_values(answers: &[gamelang::Answer]) -> Vec<u64> {
    (answers.iter())
        .map(|a| match &a.grundy {
            gamelang::analysis::Grundy::Value(v) => u64::try_from(v).expect("small"),
            other => panic!("{other:?}"),
        })
        .collect()
}

#[test]
fn a_board_game_has_no_table_of_heaps() {
    let game = lowered(CRAM, "cram");
    let upto = num_bigint::BigUint::from(5u32);
    let table = gamelang::Analyzer::default().table(&game, &upto, None, &mut |_| {});
    let error = table.expect_err("refused");
    assert_eq!(super::common::code(&error), "gamelang::table::heap_count");
}

/// A board of characters, for Clobber and Toads and Frogs: its columns and
/// its cells row by row.
#[derive(Clone)]
struct Cells {
    cols: usize,
    cells: Vec<char>,
}

impl Cells {
    fn of(text: &str) -> Cells {
        let rows: Vec<&str> = text.split('|').collect();
        Cells {
            cols: rows[0].chars().count(),
            cells: rows.iter().flat_map(|r| r.chars()).collect(),
        }
    }

    fn rows(&self) -> usize {
        self.cells.len() / self.cols
    }

    fn at(&self, r: i64, c: i64) -> Option<usize> {
        let inside = (0..self.rows() as i64).contains(&r) && (0..self.cols as i64).contains(&c);
        inside.then(|| r as usize * self.cols + c as usize)
    }

    /// The boards after each move of a `piece` one of `steps` onto a cell
    /// holding `onto` (`'.'`: a slide; the other's stone: a capture), or,
    /// where `jump` says what it jumps, two steps over such a cell into an
    /// empty one.
    fn moves(
        &self,
        piece: char,
        steps: &[(i64, i64)],
        onto: char,
        jump: Option<char>,
    ) -> Vec<Cells> {
        let mut out = Vec::new();
        for r in 0..self.rows() as i64 {
            for c in 0..self.cols as i64 {
                let Some(from) = self.at(r, c).filter(|&i| self.cells[i] == piece) else {
                    continue;
                };
                for &(dr, dc) in steps {
                    if let Some(to) = self.at(r + dr, c + dc).filter(|&i| self.cells[i] == onto) {
                        let mut next = self.clone();
                        next.cells[from] = '.';
                        next.cells[to] = piece;
                        out.push(next);
                    }
                    if let Some(over) = jump
                        && let Some(mid) = self.at(r + dr, c + dc)
                        && self.cells[mid] == over
                        && let Some(to) = self.at(r + 2 * dr, c + 2 * dc)
                        && self.cells[to] == '.'
                    {
                        let mut next = self.clone();
                        next.cells[from] = '.';
                        next.cells[to] = piece;
                        out.push(next);
                    }
                }
            }
        }
        out
    }

    fn heaps(&self) -> Vec<u64> {
        let mut heaps = vec![self.rows() as u64, self.cols as u64];
        heaps.extend(self.cells.iter().map(|&c| c as u64));
        heaps
    }
}

const FOUR: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Clobber's game tree: Left's `x` onto an adjacent `o`, Right's `o` onto an
/// adjacent `x`, the stone taken.
fn clobber(board: &Cells) -> Tree {
    Tree {
        left: board
            .moves('x', &FOUR, 'o', None)
            .iter()
            .map(clobber)
            .collect(),
        right: board
            .moves('o', &FOUR, 'x', None)
            .iter()
            .map(clobber)
            .collect(),
    }
}

/// Toads and Frogs' game tree: Left's toads `T` right, Right's frogs `F`
/// left, a slide into an empty cell or a jump over one of the other's.
fn toads_and_frogs(board: &Cells) -> Tree {
    Tree {
        left: (board.moves('T', &[(0, 1)], '.', Some('F')).iter())
            .map(toads_and_frogs)
            .collect(),
        right: (board.moves('F', &[(0, -1)], '.', Some('T')).iter())
            .map(toads_and_frogs)
            .collect(),
    }
}

/// Every word of `len` characters over `alphabet`.
fn words(alphabet: &[char], len: usize) -> Vec<String> {
    (0..alphabet.len().pow(len as u32))
        .map(|mut n| {
            (0..len)
                .map(|_| {
                    let c = alphabet[n % alphabet.len()];
                    n /= alphabet.len();
                    c
                })
                .collect()
        })
        .collect()
}

/// Every board a game example file defines, checked against `plain` on
/// each board `texts` writes.
fn against_plain(file: &str, name: &str, texts: &[String], plain: fn(&Cells) -> Tree) {
    let text = std::fs::read_to_string(super::common::root().join(file)).expect("the example");
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(&text, name), Default::default());
    for board in texts {
        let cells = Cells::of(board);
        let form = search.value(&mut forms, &cells.heaps()).expect("a value");
        assert!(eq(&tree(&mut forms, form), &plain(&cells)), "{board}");
    }
}

/// Every row of `x`, `o` and `.` of 1 to `longest` cells, and every 2 × 3
/// board of them.
fn stone_boards(longest: usize) -> Vec<String> {
    let stones = ['x', 'o', '.'];
    let mut boards: Vec<String> = (1..=longest).flat_map(|n| words(&stones, n)).collect();
    boards.extend((words(&stones, 6).iter()).map(|w| format!("{}|{}", &w[..3], &w[3..])));
    boards
}

#[test]
fn clobber_on_every_row_to_6_cells_and_every_2_by_3_board_is_worth_its_game_tree() {
    against_plain("games/clobber.game", "clobber", &stone_boards(6), clobber);
}

#[test]
fn toads_and_frogs_on_every_strip_to_6_cells_is_worth_its_game_tree() {
    let boards: Vec<String> = (1..=6).flat_map(|n| words(&['T', 'F', '.'], n)).collect();
    against_plain(
        "games/toads_and_frogs.game",
        "toads_and_frogs",
        &boards,
        toads_and_frogs,
    );
}

#[test]
fn domineering_rectangles_clobber_and_toads_and_frogs_agree_with_pycgt() {
    // tests/data/pycgt_boards.txt: its command and pycgt's version in its
    // header (benches/pycgt/boards.py).
    let game = |name: &str| {
        let file = super::common::root().join(format!("games/{name}.game"));
        let text = std::fs::read_to_string(file).expect("the example");
        text.split("\nanalyze")
            .next()
            .expect("the game")
            .to_string()
    };
    let games = ["domineering", "clobber", "toads_and_frogs"]
        .map(game)
        .join("\n");
    values_agree(&games, "tests/data/pycgt_boards.txt", 36);
}

impl Cells {
    /// The boards after each Konane jump of a `piece` over the other's
    /// stones `over`: one jump or more, each over one stone into the empty
    /// cell beyond, all in one direction.
    fn jumps(&self, piece: char, over: char) -> Vec<Cells> {
        let mut out = Vec::new();
        for r in 0..self.rows() as i64 {
            for c in 0..self.cols as i64 {
                if self.at(r, c).is_none_or(|i| self.cells[i] != piece) {
                    continue;
                }
                for (dr, dc) in FOUR {
                    let mut board = self.clone();
                    let (mut at_r, mut at_c) = (r, c);
                    loop {
                        let mid = board.at(at_r + dr, at_c + dc);
                        let to = board.at(at_r + 2 * dr, at_c + 2 * dc);
                        let (Some(mid), Some(to)) = (mid, to) else {
                            break;
                        };
                        if board.cells[mid] != over || board.cells[to] != '.' {
                            break;
                        }
                        let from = board.at(at_r, at_c).expect("on the board");
                        board.cells[from] = '.';
                        board.cells[mid] = '.';
                        board.cells[to] = piece;
                        out.push(board.clone());
                        (at_r, at_c) = (at_r + 2 * dr, at_c + 2 * dc);
                    }
                }
            }
        }
        out
    }
}

/// Konane's game tree: Left's `x` jumps `o`, Right's `o` jumps `x`.
fn konane(board: &Cells) -> Tree {
    Tree {
        left: board.jumps('x', 'o').iter().map(konane).collect(),
        right: board.jumps('o', 'x').iter().map(konane).collect(),
    }
}

#[test]
fn konane_on_every_row_to_7_cells_and_every_2_by_3_board_is_worth_its_game_tree() {
    against_plain("games/konane.game", "konane", &stone_boards(7), konane);
}

#[test]
fn konane_read_as_stencils_to_their_reach_and_past_it_as_it_is_is_worth_its_game_tree() {
    // Konane's jumps (`choose k in 1..max(rows, cols) / 2`, a `for` over
    // the stones jumped) are read as stencils for boards of at most 16 rows
    // and columns; a longer row is one region, its moves the generator's.
    // Both against the game tree: rows of 15 to 18 cells (long jumps among
    // them), and 4 × 4 boards.
    let text = std::fs::read_to_string(super::common::root().join("games/konane.game"))
        .expect("the example");
    assert!(crate::moves::Stencils::read(&lowered(&text, "konane")).is_some());
    let boards: Vec<String> = [
        "xo.o.o.o.o.o.o...",
        "x.xoxo.o.o.o.o.o..",
        "xoxoxo.o.o.o.o.",
        "xo.o.o.o.o.o.o.o",
        "xoxo|o.ox|xo.o|oxox",
        ".o.o|xoxo|o.ox|xox.",
    ]
    .map(String::from)
    .to_vec();
    against_plain("games/konane.game", "konane", &boards, konane);
}

#[test]
fn a_range_that_reads_the_board_size_is_a_stencil_only_where_it_never_binds() {
    // A jump of k stones to the right, k's range as written: read as
    // stencils only where the range rises with the board and holds every k
    // whose cells fit on it; each value the same as the game tree says
    // (moves made as written where no stencil is read).
    let game = |range: &str| {
        format!(
            "game jumps {{\n board\n left move jump {{\n choose r in 1..rows\n choose c in 1..cols\n require b[r, c] == 'x'\n choose k in 1..{range}\n for j in 1..k {{ require b[r, c + 2 * j - 1] == 'o'; require b[r, c + 2 * j] == '.'; b[r, c + 2 * j - 1] = '.' }}\n b[r, c] = '.'\n b[r, c + 2 * k] = 'x'\n }}\n}}\n"
        )
    };
    for (range, stencils) in [
        ("max(rows, cols) / 2", true),
        ("cols", true),
        ("2 * cols + rows - 1", true),
        ("min(cols, 9)", true),
        ("cols / 4", false),
        ("9 - cols", false),
        ("cols - 3", false),
    ] {
        let text = game(range);
        let lowered = lowered(&text, "jumps");
        assert_eq!(
            crate::moves::Stencils::read(&lowered).is_some(),
            stencils,
            "{range}"
        );
        let mut forms = Forms::new();
        let mut search = PartizanSearch::new(lowered, Default::default());
        for board in ["xo.o.o.o.", "xo.xo.o.o.o.", "xo.|xo.", "xo.o.|.xo.."] {
            let cells = Cells::of(board);
            let form = search.value(&mut forms, &cells.heaps()).expect("a value");
            let k_most = |cols: usize| -> usize {
                match range {
                    "max(rows, cols) / 2" => cols.max(cells.rows()) / 2,
                    "cols" => cols,
                    "2 * cols + rows - 1" => 2 * cols + cells.rows() - 1,
                    "min(cols, 9)" => cols.min(9),
                    "cols / 4" => cols / 4,
                    "9 - cols" => 9usize.saturating_sub(cols),
                    _ => cols.saturating_sub(3),
                }
            };
            let plain = jumps_right(&cells, k_most(cells.cols));
            assert!(eq(&tree(&mut forms, form), &plain), "{range}: {board}");
        }
    }
}

/// The game tree of Left's jumps to the right over `o` stones, at most
/// `most` stones a move; Right has none.
fn jumps_right(board: &Cells, most: usize) -> Tree {
    let mut left = Vec::new();
    for r in 0..board.rows() as i64 {
        for c in 0..board.cols as i64 {
            if board.at(r, c).is_none_or(|i| board.cells[i] != 'x') {
                continue;
            }
            let mut after = board.clone();
            for k in 1..=most as i64 {
                let mid = after.at(r, c + 2 * k - 1);
                let to = after.at(r, c + 2 * k);
                let (Some(mid), Some(to)) = (mid, to) else {
                    break;
                };
                if after.cells[mid] != 'o' || after.cells[to] != '.' {
                    break;
                }
                after.cells[mid] = '.';
                let mut moved = after.clone();
                moved.cells[after.at(r, c).expect("on the board")] = '.';
                moved.cells[to] = 'x';
                left.push(jumps_right(&moved, most));
            }
        }
    }
    Tree {
        left,
        right: Vec::new(),
    }
}

const EIGHT: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Cells {
    /// The empty cells a queen at (r, c) reaches in a line (Amazons).
    fn queen_reach(&self, r: i64, c: i64) -> Vec<usize> {
        let mut out = Vec::new();
        for (dr, dc) in EIGHT {
            let (mut at_r, mut at_c) = (r + dr, c + dc);
            while let Some(i) = self.at(at_r, at_c).filter(|&i| self.cells[i] == '.') {
                out.push(i);
                (at_r, at_c) = (at_r + dr, at_c + dc);
            }
        }
        out
    }

    /// The boards after each Amazons move of a `piece`: a queen's slide,
    /// then an arrow shot as a queen moves from where it lands, burning
    /// the cell it stops on (`#`).
    fn amazon_moves(&self, piece: char) -> Vec<Cells> {
        let mut out = Vec::new();
        for from in (0..self.cells.len()).filter(|&i| self.cells[i] == piece) {
            let (r, c) = ((from / self.cols) as i64, (from % self.cols) as i64);
            for to in self.queen_reach(r, c) {
                let mut moved = self.clone();
                moved.cells[from] = '.';
                moved.cells[to] = piece;
                let (tr, tc) = ((to / self.cols) as i64, (to % self.cols) as i64);
                for arrow in moved.queen_reach(tr, tc) {
                    let mut shot = moved.clone();
                    shot.cells[arrow] = '#';
                    out.push(shot);
                }
            }
        }
        out
    }
}

/// Amazons' game tree: Left's `L`, Right's `R`.
fn amazons(board: &Cells) -> Tree {
    Tree {
        left: board.amazon_moves('L').iter().map(amazons).collect(),
        right: board.amazon_moves('R').iter().map(amazons).collect(),
    }
}

#[test]
fn amazons_on_every_row_to_5_cells_every_2_by_3_board_and_some_3_by_3_is_worth_its_game_tree() {
    let pieces = ['L', 'R', '.', '#'];
    let mut boards: Vec<String> = (1..=5).flat_map(|n| words(&pieces, n)).collect();
    boards.extend((words(&pieces, 6).iter()).map(|w| format!("{}|{}", &w[..3], &w[3..])));
    // And 3 × 3 boards, half their cells burnt, drawn with a fixed seed.
    let burnt = ['L', 'R', '.', '#', '#', '#'];
    boards.extend(drawn(&burnt, 3, 3, 60, 46));
    against_plain("games/amazons.game", "amazons", &boards, amazons);
}

/// The same game searched two ways: split into regions, each kept once up
/// to the turns that keep the rules (the default), and whole, each board
/// its own position (`decompose` off; the whole search is checked against
/// plain game trees above).
struct BothWays {
    forms: Forms,
    split: PartizanSearch,
    whole: PartizanSearch,
}

impl BothWays {
    fn new(text: &str, name: &str) -> BothWays {
        let whole = gamelang::SearchOptions {
            decompose: false,
            ..Default::default()
        };
        BothWays {
            forms: Forms::new(),
            split: PartizanSearch::new(lowered(text, name), Default::default()),
            whole: PartizanSearch::new(lowered(text, name), whole),
        }
    }

    /// Checks that both ways value the board `text` alike (one store: equal
    /// games are one form).
    fn check(&mut self, text: &str) {
        let heaps = Cells::of(text).heaps();
        let split = self.split.value(&mut self.forms, &heaps).expect("a value");
        let whole = self.whole.value(&mut self.forms, &heaps).expect("a value");
        assert_eq!(split, whole, "{text}");
    }
}

/// A few boards of `rows` × `cols` drawn from `alphabet` (a fixed seed:
/// the same boards each run).
pub(super) fn drawn(
    alphabet: &[char],
    rows: usize,
    cols: usize,
    count: usize,
    seed: u64,
) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count)
        .map(|_| {
            let rows: Vec<String> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                        .collect()
                })
                .collect();
            rows.join("|")
        })
        .collect()
}

#[test]
fn domineering_split_into_regions_is_worth_the_whole_board() {
    // Every 3 × 3, 2 × 5 and 5 × 2 board, each cell empty or removed: walls
    // that cut a board into regions, regions turned a quarter (negated),
    // reflected, met again elsewhere.
    let mut both = BothWays::new(DOMINEERING, "domineering");
    for (rows, cols) in [(3, 3), (2, 5), (5, 2)] {
        for board in boards(rows, cols) {
            both.check(&board.text()[1..board.text().len() - 1]);
        }
    }
    for (rows, cols, seed) in [(4, 4, 1), (3, 5, 2), (5, 3, 3), (4, 5, 4)] {
        for board in drawn(&['.', '.', '.', '#'], rows, cols, 60, seed) {
            both.check(&board);
        }
    }
}

#[test]
fn clobber_split_into_regions_is_worth_the_whole_board() {
    let text = std::fs::read_to_string(super::common::root().join("games/clobber.game"))
        .expect("the example");
    let mut both = BothWays::new(&text, "clobber");
    for (rows, cols, seed) in [(3, 3, 5), (3, 4, 6), (4, 3, 7), (2, 6, 8)] {
        for board in drawn(&['x', 'o', '.', '#'], rows, cols, 80, seed) {
            both.check(&board);
        }
    }
}

#[test]
fn a_region_turned_is_valued_once() {
    // Domineering's quarter turn swaps Left's rule and Right's: a board and
    // its turn are one region, worth negatives of each other; a reflection
    // keeps the rules: a board and its mirror image are one region, of one
    // value.
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(DOMINEERING, "domineering"), Default::default());
    // "...|.##" = {-1 | 0, 1} = -1/2 (Left's one vertical leaves Right a
    // move; Right's left horizontal leaves 0, the right one Left a move).
    let board = Cells::of("...|.##").heaps();
    let value = search.value(&mut forms, &board).expect("a value");
    assert_eq!(forms.as_number(value), Some(&gamelang::Dyadic::new(-1, 1)));
    let held = search.len();
    let turned = Cells::of("..|.#|.#").heaps();
    let turned_value = search.value(&mut forms, &turned).expect("a value");
    assert_eq!(turned_value, forms.neg(value));
    let mirrored = Cells::of("...|##.").heaps();
    assert_eq!(search.value(&mut forms, &mirrored).expect("a value"), value);
    assert_eq!(search.len(), held, "nothing new was searched");
    // The moves from the board as asked, each with the value it leaves:
    // Left's one to -1, Right's two to 0 and 1.
    let moves = search.moves(&mut forms, &board).expect("its moves");
    let mut found: Vec<_> = (moves.iter())
        .map(|(rule, _, form)| (*rule, forms.as_number(*form).cloned()))
        .collect();
    found.sort();
    let integer = |n| Some(gamelang::Dyadic::integer(n));
    assert_eq!(
        found,
        [(0, integer(-1)), (1, integer(0)), (1, integer(1))],
        "rule 0 vertical, rule 1 horizontal"
    );
}

/// Amazons' rules are proven to turn with the board (`moves/directed.rs`),
/// though no stencils split it: a board and each of its 8 images are one
/// position of one value, searched once; its moves are the board's own.
#[test]
fn an_amazons_board_and_its_turns_are_valued_once() {
    let text = std::fs::read_to_string(super::common::root().join("games/amazons.game"))
        .expect("the example");
    let game = lowered(&text, "amazons");
    assert!(gamelang::moves::turns_with_board(&game));
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(game, Default::default());
    let board = "L.#|...|.R.";
    let value = search
        .value(&mut forms, &Cells::of(board).heaps())
        .expect("a value");
    let held = search.len();
    // Its turns and reflections: the rows reversed, the columns reversed,
    // both, and each of those transposed.
    let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
    let write = |cell: &dyn Fn(usize, usize) -> char| {
        (0..3)
            .map(|r| (0..3).map(|c| cell(r, c)).collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    };
    let images = [
        write(&|r, c| rows[2 - r][c]),
        write(&|r, c| rows[r][2 - c]),
        write(&|r, c| rows[2 - r][2 - c]),
        write(&|r, c| rows[c][r]),
        write(&|r, c| rows[2 - c][r]),
        write(&|r, c| rows[c][2 - r]),
        write(&|r, c| rows[2 - c][2 - r]),
    ];
    for image in &images {
        let heaps = Cells::of(image).heaps();
        assert_eq!(
            search.value(&mut forms, &heaps).expect("a value"),
            value,
            "{image}"
        );
    }
    assert_eq!(search.len(), held, "nothing new was searched");
    // Each image's moves are its own, as the plain game tree makes them.
    for image in images.iter().chain([&board.to_string()]) {
        let cells = Cells::of(image);
        let moves = search.moves(&mut forms, &cells.heaps()).expect("its moves");
        let (left, right) = (cells.amazon_moves('L'), cells.amazon_moves('R'));
        assert_eq!(moves.len(), left.len() + right.len(), "{image}");
    }
}

#[test]
fn cram_split_into_regions_has_the_grundy_value_of_its_game_tree() {
    // Every 3 × 4 board, each cell empty or removed, and some 4 × 4 and
    // 3 × 5 boards, against the plain mex of the game tree (`cram`).
    let mut memo = HashMap::new();
    let mut file = CRAM.to_string();
    let mut expected = Vec::new();
    let mut texts: Vec<String> = (boards(3, 4).iter()).map(Board::text).collect();
    for (rows, cols, seed) in [(4, 4, 9), (3, 5, 10)] {
        texts.extend(
            (drawn(&['.', '.', '.', '#'], rows, cols, 40, seed).iter()).map(|b| format!("\"{b}\"")),
        );
    }
    for text in &texts {
        file.push_str(&format!("analyze cram at {text}\n"));
        let cells = Cells::of(&text[1..text.len() - 1]);
        let board = Board {
            cols: cells.cols,
            empty: cells.cells.iter().map(|&c| c == '.').collect(),
        };
        expected.push(u64::from(cram(&board, &mut memo)));
    }
    let answers = analyzed(&file);
    let found = grundy_values(&answers);
    assert_eq!(found, expected);
    let json = gamelang::answer_json(&answers[0], &|_| None);
    assert_eq!(json["method"]["regions"], true, "{json}");
}

#[test]
fn a_board_whose_windows_would_take_too_much_room_is_valued_whole() {
    // 256 ways through one rule, on 1,100 cells: more windows than the split
    // keeps (about a million spots), so the board is one region as it is,
    // searched by the block itself. Its only move covers the last two cells
    // (the first empty cell is 1,098 cells from them, past 256): * (g = 1).
    let file = format!(
        "game far {{\n    board\n    move place {{\n        choose r in 1..rows\n        choose c in 1..cols\n        choose d in 0..255\n        require b[r, c] == '.' and b[r, c + d + 1] == '.'\n        b[r, c] = '#'\n        b[r, c + d + 1] = '#'\n    }}\n}}\nanalyze far at \".{}..\"\n",
        "#".repeat(1097)
    );
    assert_eq!(grundy_values(&analyzed(&file)), [1]);
}

/// The outcome search (`PartizanSearch::outcome`, `analyze --outcome`)
/// against the outcome of the value, on `boards` of the game `name` of
/// `file`: boards of more than 16 open cells, so that the search for who
/// wins runs (smaller regions are valued).
fn outcomes_against_values(file: &str, name: &str, boards: &[String]) {
    let text = std::fs::read_to_string(super::common::root().join(file)).expect("the example");
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(&text, name), Default::default());
    let mut valued = PartizanSearch::new(lowered(&text, name), Default::default());
    let mut seen = std::collections::HashSet::new();
    for board in boards {
        let heaps = Cells::of(board).heaps();
        let outcome = search.outcome(&mut forms, &heaps).expect("an outcome");
        let value = valued.value(&mut forms, &heaps).expect("a value");
        assert_eq!(outcome, forms.outcome(value), "{board}");
        seen.insert(outcome);
    }
    // Boards of every outcome class were met.
    assert_eq!(seen.len(), 4, "{seen:?}");
    assert!(search.judged() > 0);
}

#[test]
fn the_outcome_search_agrees_with_the_value_on_domineering_clobber_and_konane_boards() {
    let mut boards: Vec<String> = [(4, 5), (5, 4), (3, 6), (6, 3)]
        .iter()
        .flat_map(|&(r, c)| {
            drawn(
                &['.', '.', '.', '.', '.', '.', '.', '#'],
                r,
                c,
                20,
                (r * 10 + c) as u64,
            )
        })
        .collect();
    boards.extend(
        [(4, 5), (5, 4), (3, 6), (6, 3), (5, 5)]
            .iter()
            .map(|&(r, c)| vec![".".repeat(c); r].join("|")),
    );
    outcomes_against_values("games/domineering.game", "domineering", &boards);
    let rows: Vec<String> = [17, 18, 19]
        .iter()
        .flat_map(|&n| drawn(&['x', 'o'], 1, n, 25, n as u64))
        .collect();
    outcomes_against_values("games/clobber.game", "clobber", &rows);
    // Konane, whose rules split no board: searched whole.
    let rows: Vec<String> = [17, 18]
        .iter()
        .flat_map(|&n| drawn(&['x', 'o', 'x', 'o', '.'], 1, n, 25, 3 * n as u64))
        .collect();
    outcomes_against_values("games/konane.game", "konane", &rows);
}

#[test]
fn the_partizan_searches_count_their_positions_for_a_progress_display() {
    // The count a progress display reads (`SearchOptions::progress`) grows
    // by each position valued or judged: by at least as many as the search
    // keeps, valued and judged.
    let text = std::fs::read_to_string(super::common::root().join("games/domineering.game"))
        .expect("the example");
    let progress = gamelang::search::Progress::default();
    let options = gamelang::SearchOptions {
        progress: progress.clone(),
        ..Default::default()
    };
    let mut search = PartizanSearch::new(lowered(&text, "domineering"), options);
    let board = ["......"; 5].join("|");
    (search.outcome(&mut Forms::new(), &Cells::of(&board).heaps())).expect("an outcome");
    let kept = (search.judged() + search.len()) as u64;
    assert!(
        search.judged() > 0 && progress.get() >= kept,
        "{} < {kept}",
        progress.get()
    );
}

#[test]
fn an_outcome_search_that_forgets_positions_answers_the_same() {
    // Within 40 positions the table of positions judged (20, two tables)
    // is full many times over on rows of Konane of 18 and 19 cells
    // (searched whole: no region of theirs is valued, so the positions are
    // the outcome search's alone) and forgets its older half each time;
    // who wins is what the value says.
    let text = std::fs::read_to_string(super::common::root().join("games/konane.game"))
        .expect("the example");
    let small = gamelang::SearchOptions {
        max_positions: 40,
        ..Default::default()
    };
    let (mut forms, mut own) = (Forms::new(), Forms::new());
    let mut search = PartizanSearch::new(lowered(&text, "konane"), small);
    let mut valued = PartizanSearch::new(lowered(&text, "konane"), Default::default());
    let rows = [18, 19]
        .iter()
        .flat_map(|&n| drawn(&['x', 'o', 'x', 'o', '.'], 1, n, 10, 7 * n as u64));
    for row in rows {
        let heaps = Cells::of(&row).heaps();
        let outcome = search.outcome(&mut own, &heaps).expect("an outcome");
        let value = valued.value(&mut forms, &heaps).expect("a value");
        assert_eq!(outcome, forms.outcome(value), "{row}");
    }
    assert!(search.forgotten() > 0, "{} judged", search.judged());
}

/// The partizan search counts the positions it keeps against the memory
/// limit before its table grows: Toads and Frogs on a strip of 12 cells
/// needs more than 1 MB and is refused under it, and answers under the
/// default limit (under a 50 MB limit a strip of 21 cells took 1.38 GB
/// before, stopped only by the position limit).
#[test]
fn a_partizan_search_past_its_memory_limit_is_refused() {
    let text = std::fs::read_to_string(super::common::root().join("games/toads_and_frogs.game"))
        .expect("the example");
    let heaps = Cells::of("TTTT....FFFF").heaps();
    let small = gamelang::SearchOptions {
        max_bytes: 1 << 20,
        ..Default::default()
    };
    let mut search = PartizanSearch::new(lowered(&text, "toads_and_frogs"), small);
    let e = (search.value(&mut Forms::new(), &heaps)).expect_err("past the memory limit");
    assert!(
        matches!(e, gamelang::SearchError::MemoryLimit { .. }),
        "{e}"
    );
    let mut search = PartizanSearch::new(lowered(&text, "toads_and_frogs"), Default::default());
    search.value(&mut Forms::new(), &heaps).expect("a value");
    assert!(search.len() > 1000, "{} positions", search.len());
}
