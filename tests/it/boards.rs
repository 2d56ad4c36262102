//! Games on boards (`board`, `b[r, c]`): Domineering and Cram on every
//! small board, each cell empty or removed, against their game trees
//! written here plainly — Left covers two empty cells one above the other,
//! Right two side by side (Domineering; Winning Ways), either player
//! either way (Cram, impartial: Grundy values by the mex rule) — with no
//! memo but the plain one, no regions and no canonical forms.

use std::collections::HashMap;

use gamelang::{Forms, PartizanSearch};

use super::partizan::{Tree, analyzed, eq, lowered, tree};

const DOMINEERING: &str = "game domineering {\n    board\n    left move vertical {\n        choose r in 1..rows - 1\n        choose c in 1..cols\n        require b[r, c] == '.' and b[r + 1, c] == '.'\n        b[r, c] = '#'\n        b[r + 1, c] = '#'\n    }\n    right move horizontal {\n        choose r in 1..rows\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r, c + 1] = '#'\n    }\n}\n";

const CRAM: &str = "game cram {\n    board\n    move place {\n        choose r in 1..rows\n        choose c in 1..cols\n        choose down in 0..1\n        require b[r, c] == '.' and b[r + down, c + 1 - down] == '.'\n        b[r, c] = '#'\n        b[r + down, c + 1 - down] = '#'\n    }\n}\n";

/// A board: its columns, and each cell empty (true) or not, row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Board {
    cols: usize,
    empty: Vec<bool>,
}

impl Board {
    /// The boards after each placement of a domino: vertical (`down`) or
    /// horizontal.
    fn placements(&self, down: bool) -> Vec<Board> {
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
    fn heaps(&self) -> Vec<u64> {
        let rows = self.empty.len() / self.cols;
        let mut heaps = vec![rows as u64, self.cols as u64];
        heaps.extend(self.empty.iter().map(|&e| if e { '.' } else { '#' } as u64));
        heaps
    }

    /// As a file writes it: `"..|.#"`.
    fn text(&self) -> String {
        let rows: Vec<String> = (self.empty.chunks(self.cols))
            .map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect())
            .collect();
        format!("\"{}\"", rows.join("|"))
    }
}

/// Every board of `rows` × `cols`, each cell empty or removed.
fn boards(rows: usize, cols: usize) -> Vec<Board> {
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
    let found: Vec<u64> = (answers.iter())
        .map(|a| match &a.grundy {
            gamelang::analysis::Grundy::Value(v) => u64::try_from(v).expect("small"),
            other => panic!("{other:?}"),
        })
        .collect();
    let expected: Vec<u64> = expected.into_iter().map(u64::from).collect();
    assert_eq!(found, expected);
}

#[test]
fn a_board_game_has_no_table_of_heaps() {
    let game = lowered(CRAM, "cram");
    let upto = num_bigint::BigUint::from(5u32);
    let table = gamelang::Analyzer::default().table(&game, &upto, None, &mut |_| {});
    let error = table.expect_err("refused");
    assert_eq!(super::common::code(&error), "gamelang::table::heap_count");
}
