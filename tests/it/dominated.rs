//! Moves left out because another of the same player's is at least as good
//! (`Stencils::each_move` cutting, `kept_moves`): on every board of up to
//! 12 cells of Domineering and of a game with a rule that pins a cell it does
//! not write and a rule both players play, each move left out has a kept
//! one of the same player's whose position is worth at least as much to
//! them — positions valued here by their plain moves (canonical forms
//! built up from the boards the rules leave, no search) — and the search,
//! which cuts, values every board as the plain moves do. Each region's
//! cells that are not `#`, read packed (`Stencils::open_cells`), are those
//! it unpacks to.

use std::collections::HashMap;

use gamelang::{Form, Forms, PartizanSearch, Side};

use super::boards::{Board, DOMINEERING, TO_12_CELLS, boards};
use super::partizan::lowered;
use crate::moves::Stencils;
use crate::platform::Watch;

/// A game whose Left rule pins a cell it does not write (the one below),
/// whose Right rule is Domineering's, and whose third rule both play.
const SHARED: &str = "game shared {\n    board\n    left move down {\n        choose r in 1..rows - 1\n        choose c in 1..cols\n        require b[r, c] == '.' and b[r + 1, c] == '.'\n        b[r, c] = '#'\n    }\n    right move across {\n        choose r in 1..rows\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r, c + 1] = '#'\n    }\n    move corner {\n        choose r in 1..rows - 1\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r + 1, c + 1] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r + 1, c + 1] = '#'\n    }\n}\n";

/// A move as `each_move` makes it: its rule, and the regions it leaves
/// (each packed, and whether it is worth its negative).
type Made = (usize, Vec<(Vec<u64>, bool)>);

/// A game's moves, written plainly: the boards `player` leaves on `board`.
type Plain = fn(&Board, Side) -> Vec<Board>;

fn domineering(board: &Board, player: Side) -> Vec<Board> {
    board.placements(player == Side::Left)
}

/// `board` with the cells `(r, c)` of `written` filled, where every cell
/// of `pinned` (and `written`) is on the board and empty.
fn placed(board: &Board, pinned: &[(usize, usize)], written: &[(usize, usize)]) -> Option<Board> {
    let rows = board.empty.len() / board.cols;
    let at = |&(r, c): &(usize, usize)| (r < rows && c < board.cols).then_some(r * board.cols + c);
    let all: Option<Vec<usize>> = pinned.iter().chain(written).map(at).collect();
    if !all?.iter().all(|&i| board.empty[i]) {
        return None;
    }
    let mut next = board.clone();
    for cell in written {
        next.empty[at(cell)?] = false;
    }
    Some(next)
}

fn shared(board: &Board, player: Side) -> Vec<Board> {
    let rows = board.empty.len() / board.cols;
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..board.cols {
            let own = match player {
                Side::Left => placed(board, &[(r + 1, c)], &[(r, c)]),
                Side::Right => placed(board, &[], &[(r, c), (r, c + 1)]),
            };
            let corner = placed(board, &[(r, c + 1)], &[(r, c), (r + 1, c + 1)]);
            out.extend(own.into_iter().chain(corner));
        }
    }
    out
}

/// The canonical form of `board` built up from the boards its plain moves
/// leave.
fn plain_value(
    forms: &mut Forms,
    plain: Plain,
    board: &Board,
    memo: &mut HashMap<Board, Form>,
) -> Form {
    if let Some(&form) = memo.get(board) {
        return form;
    }
    let left: Vec<Form> = (plain(board, Side::Left).iter())
        .map(|b| plain_value(forms, plain, b, memo))
        .collect();
    let right: Vec<Form> = (plain(board, Side::Right).iter())
        .map(|b| plain_value(forms, plain, b, memo))
        .collect();
    let form = forms.game(&left, &right);
    memo.insert(board.clone(), form);
    form
}

/// The board a packed region's heaps unpack to.
fn unpacked(stencils: &Stencils, packed: &[u64]) -> Board {
    let heaps = stencils.unpack(packed);
    Board {
        cols: heaps[1] as usize,
        empty: heaps[2..].iter().map(|&c| c == u64::from(b'.')).collect(),
    }
}

/// Each move `each_move` makes on the region `packed` (cutting or not).
fn moves_made(stencils: &Stencils, packed: &[u64], cut: bool) -> Vec<Made> {
    let mut made = Vec::new();
    let done = stencils.each_move(packed, &Watch::default(), cut, |rule, after| {
        made.push((
            rule,
            after.into_iter().map(|r| (r.heaps, r.negated)).collect(),
        ));
    });
    assert!(matches!(done, Some(Ok(_))));
    made
}

/// The value of the regions `after` a move leaves, each valued by its
/// plain moves.
fn value_after(
    forms: &mut Forms,
    plain: Plain,
    stencils: &Stencils,
    after: &[(Vec<u64>, bool)],
    memo: &mut HashMap<Board, Form>,
) -> Form {
    let mut sum = forms.zero();
    for (heaps, negated) in after {
        let mut value = plain_value(forms, plain, &unpacked(stencils, heaps), memo);
        if *negated {
            value = forms.neg(value);
        }
        sum = forms.add(sum, value);
    }
    sum
}

/// The moves left out on the region `packed`, each checked: some move of
/// the same player's kept leaves a position at least as good for them.
fn left_out_checked(
    forms: &mut Forms,
    plain: Plain,
    stencils: &Stencils,
    packed: &[u64],
    memo: &mut HashMap<Board, Form>,
    side: &dyn Fn(usize) -> Option<Side>,
) -> usize {
    let (all, kept) = (
        moves_made(stencils, packed, false),
        moves_made(stencils, packed, true),
    );
    // What was left out: all the moves less those kept.
    let mut out = all.clone();
    for move_kept in &kept {
        let at = out
            .iter()
            .position(|m| m == move_kept)
            .expect("kept among all");
        out.remove(at);
    }
    let text = unpacked(stencils, packed).text();
    assert!(all.is_empty() || !kept.is_empty(), "{text}");
    let kept: Vec<(usize, Form)> = (kept.iter())
        .map(|(rule, after)| (*rule, value_after(forms, plain, stencils, after, memo)))
        .collect();
    for (rule, after) in &out {
        let value = value_after(forms, plain, stencils, after, memo);
        let player = side(*rule).expect("a move both play is kept");
        let at_least = kept.iter().any(|&(other, kept_value)| {
            side(other).is_none_or(|s| s == player)
                && match player {
                    Side::Left => forms.le(value, kept_value),
                    Side::Right => forms.le(kept_value, value),
                }
        });
        assert!(
            at_least,
            "{text}: a move by rule {rule} left out, none kept as good"
        );
    }
    out.len()
}

/// Checks every board of the shapes `shapes` of the game `name` of `text`
/// (moves `plain`): its value, and the moves left out on each of its
/// regions; how many were left out.
fn check(text: &str, name: &str, plain: Plain, shapes: &[(usize, usize)]) -> usize {
    let game = lowered(text, name);
    let stencils = Stencils::read(&game).expect("stencils");
    let side = |rule: usize| game.rules[rule].side;
    let mut forms = Forms::new();
    let mut memo = HashMap::new();
    let mut search = PartizanSearch::new(game.clone(), Default::default());
    let mut left_out = 0;
    for &(rows, cols) in shapes {
        for board in boards(rows, cols) {
            // The search values it as its plain moves do.
            let valued = search.value(&mut forms, &board.heaps()).expect("a value");
            let plainly = plain_value(&mut forms, plain, &board, &mut memo);
            assert_eq!(valued, plainly, "{}", board.text());
            // Each region's moves (of a region worth its negative, those of
            // its board turned: the rules' own there).
            let mut regions = Vec::new();
            stencils.regions(&board.heaps(), &mut regions);
            for region in regions {
                // Its cells that are not `#`, read packed, as unpacked.
                let heaps = stencils.unpack(&region.heaps);
                let open = heaps[2..].iter().filter(|&&c| c != u64::from(b'#'));
                assert_eq!(
                    stencils.open_cells(&region.heaps),
                    Some(open.count()),
                    "{}",
                    board.text()
                );
                left_out += left_out_checked(
                    &mut forms,
                    plain,
                    &stencils,
                    &region.heaps,
                    &mut memo,
                    &side,
                );
            }
        }
    }
    left_out
}

#[test]
fn domineering_moves_left_out_have_one_kept_as_good_on_every_board_of_up_to_12_cells() {
    let shapes: Vec<_> = TO_12_CELLS.into_iter().chain([(1, 12), (6, 2)]).collect();
    let left_out = check(DOMINEERING, "domineering", domineering, &shapes);
    assert!(left_out > 1000, "{left_out}");
}

#[test]
fn moves_left_out_of_a_game_with_a_rule_both_play_have_one_kept_as_good() {
    let shapes = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 3)];
    let left_out = check(SHARED, "shared", shared, &shapes);
    assert!(left_out > 1000, "{left_out}");
}

#[test]
fn a_strip_of_four_leaves_out_its_middle_move() {
    // Right's middle move on "...." leaves nothing (0); an end one leaves
    // a domino of hers (−1), better for her.
    let stencils = Stencils::read(&lowered(DOMINEERING, "domineering")).expect("stencils");
    let board = Board {
        cols: 4,
        empty: vec![true; 4],
    };
    let mut regions = Vec::new();
    stencils.regions(&board.heaps(), &mut regions);
    let count = |cut| {
        let mut n = 0;
        let done = stencils.each_move(&regions[0].heaps, &Watch::default(), cut, |_, _| n += 1);
        assert!(matches!(done, Some(Ok(_))));
        n
    };
    assert_eq!((count(false), count(true)), (3, 2));
}
