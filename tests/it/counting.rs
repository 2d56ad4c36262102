//! Counting moves, which the outcome search answers by where it can: the
//! moves a player is sure of and the most they can make on a board
//! (`Stencils::move_bounds`) on every Domineering board of up to 12 cells
//! against their plain definitions (a player's own moves played alone,
//! after any moves of the other's, or between them); the longest run of a player's moves in
//! a form (`Forms::run`) against its options; and the outcome search that
//! counts, against the value.

use std::collections::{HashMap, HashSet};

use gamelang::{Dyadic, Form, Forms, PartizanSearch, Side};

use super::boards::{Board, DOMINEERING, TO_12_CELLS, boards, drawn};
use super::partizan::{Tree, lowered, tree};
use crate::moves::{MoveBounds, Stencils, sure_moves};
use crate::search::partizan::counted::Counted;

/// The most placements one player makes in a row on `board`, the other
/// never moving: vertical ones (`down`, Left's) or horizontal ones.
fn longest(board: &Board, down: bool, memo: &mut HashMap<Board, u32>) -> u32 {
    if let Some(&n) = memo.get(board) {
        return n;
    }
    let n = (board.placements(down).iter())
        .map(|b| 1 + longest(b, down, memo))
        .max()
        .unwrap_or(0);
    memo.insert(board.clone(), n);
    n
}

/// Every board the player placing vertical ones (`down`) or horizontal
/// ones leaves by their moves alone, `board` first.
fn reached(board: &Board, down: bool) -> HashSet<Board> {
    let mut seen = HashSet::from([board.clone()]);
    let mut stack = vec![board.clone()];
    while let Some(b) = stack.pop() {
        for next in b.placements(down) {
            if seen.insert(next.clone()) {
                stack.push(next);
            }
        }
    }
    seen
}

/// The board `text` writes (`"..|.#"`).
fn board(text: &str) -> Board {
    let rows: Vec<&str> = text.split('|').collect();
    Board {
        cols: rows[0].len(),
        empty: rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '.'))
            .collect(),
    }
}

/// The most moves the player placing vertical ones (`down`) or horizontal
/// ones is sure to make on `board`, whatever the other does (moving or
/// passing in between), moving first (`first`) or second.
fn guaranteed(
    board: &Board,
    down: bool,
    first: bool,
    memo: &mut HashMap<(Board, bool), u32>,
) -> u32 {
    if let Some(&n) = memo.get(&(board.clone(), first)) {
        return n;
    }
    let n = match first {
        true => (board.placements(down).iter())
            .map(|b| 1 + guaranteed(b, down, false, memo))
            .max()
            .unwrap_or(0),
        false => {
            let passed = guaranteed(board, down, true, memo);
            (board.placements(!down).iter())
                .map(|b| guaranteed(b, down, true, memo))
                .fold(passed, u32::min)
        }
    };
    memo.insert((board.clone(), first), n);
    n
}

/// Left's bounds, then Right's, on `board` (safe, guarded pairs, exposed,
/// most): each region's, summed.
fn bounds_of(stencils: &Stencils, board: &Board) -> [(u32, u32, u32, u32); 2] {
    let mut regions = Vec::new();
    stencils.regions(&board.heaps(), &mut regions);
    let mut sums = [(0, 0, 0, 0); 2];
    for region in regions {
        let bounds = stencils.move_bounds(&region.heaps).expect("counted");
        for side in [Side::Left, Side::Right] {
            // A region turned to the other player's rules counts theirs.
            let of = match region.negated {
                false => side,
                true => side.other(),
            };
            let counted = bounds[of.index()];
            sums[side.index()].0 += counted.safe;
            sums[side.index()].1 += counted.areas;
            sums[side.index()].2 += counted.exposed;
            sums[side.index()].3 += counted.most;
        }
    }
    sums
}

#[test]
fn domineering_moves_counted_sure_and_at_most_hold_on_every_board_of_up_to_12_cells() {
    let stencils = Stencils::read(&lowered(DOMINEERING, "domineering")).expect("stencils");
    let mut memo = [HashMap::new(), HashMap::new()];
    let mut played = [HashMap::new(), HashMap::new()];
    let (mut sure, mut exact, mut exposed_too, mut paired) = (0, 0, 0, 0);
    for (rows, cols) in TO_12_CELLS {
        for board in boards(rows, cols) {
            let counted = bounds_of(&stencils, &board);
            for (side, down) in [(Side::Left, true), (Side::Right, false)] {
                let (safe, areas, exposed, most) = counted[side.index()];
                let alone = longest(&board, down, &mut memo[side.index()]);
                // At most: no play of theirs is longer, whatever the other
                // does (the other's moves only take room).
                assert!(most >= alone, "{} {side:?}: {most} < {alone}", board.text());
                exact += usize::from(most == alone);
                // Sure: after any moves of the other's, as many are left.
                for after in reached(&board, !down) {
                    let left = longest(&after, down, &mut memo[side.index()]);
                    assert!(
                        left >= safe,
                        "{} {side:?}: {safe} sure, {left}",
                        board.text()
                    );
                }
                sure += usize::from(safe > 0);
                // Exposed: every second one besides the safe ones, the
                // first of each two moving first, against any play of the
                // other's.
                for first in [true, false] {
                    let made = guaranteed(&board, down, first, &mut played[side.index()]);
                    let sure = sure_moves(safe.into(), areas.into(), exposed.into(), first);
                    assert!(
                        u64::from(made) >= sure,
                        "{} {side:?} first {first}: {safe} safe, {areas} pairs, {exposed} exposed, {made}",
                        board.text()
                    );
                }
                exposed_too += usize::from(exposed >= 2);
                paired += usize::from(areas >= 1);
            }
        }
    }
    // The bounds say something: sure moves on many boards, more with the
    // exposed ones, and the most exact on most.
    assert!(
        sure > 1000 && exposed_too > 1000 && paired > 1000 && exact > 10_000,
        "{sure} {exposed_too} {paired} {exact}"
    );
}

/// Each region of `board` with its bounds and whether it is negated.
fn region_bounds(stencils: &Stencils, board: &Board) -> Vec<([MoveBounds; 2], bool)> {
    let mut regions = Vec::new();
    stencils.regions(&board.heaps(), &mut regions);
    (regions.iter())
        .map(|r| (stencils.move_bounds(&r.heaps).expect("counted"), r.negated))
        .collect()
}

/// The regions `bounds` counted whole (as the outcome search counts its
/// large ones), Left moving first (`left`) or Right. Whose rules a player
/// moves by in a region: the mover is counted as Left; Right moving first,
/// or a negated region, turns them (both, not).
fn counted_regions(bounds: &[([MoveBounds; 2], bool)], left: bool) -> Counted {
    let mut counted = Counted::default();
    for (bounds, negated) in bounds {
        let turned = left == *negated;
        counted.add_region(|player| match turned {
            false => bounds[player.index()],
            true => bounds[player.other().index()],
        });
    }
    counted
}

/// Whether the player to move on `board` wins: Left (placing vertical
/// ones) where `left`, else Right; by the game tree.
fn mover_wins(board: &Board, left: bool, memo: &mut HashMap<(Board, bool), bool>) -> bool {
    if let Some(&won) = memo.get(&(board.clone(), left)) {
        return won;
    }
    let won = (board.placements(left).iter()).any(|next| !mover_wins(next, !left, memo));
    memo.insert((board.clone(), left), won);
    won
}

#[test]
fn who_wins_by_counting_is_who_wins_on_every_board_of_up_to_12_cells() {
    // Every region counted whole (as the outcome search counts its large
    // ones), Left moving first and Right moving first (the negative's
    // count, the players' places changed): where counting says who wins,
    // the game tree agrees.
    let stencils = Stencils::read(&lowered(DOMINEERING, "domineering")).expect("stencils");
    let mut memo = HashMap::new();
    let mut said = 0;
    for (rows, cols) in TO_12_CELLS {
        for board in boards(rows, cols) {
            let bounds = region_bounds(&stencils, &board);
            for left in [true, false] {
                let counted = counted_regions(&bounds, left);
                if let Some(won) = counted.win() {
                    let plain = mover_wins(&board, left, &mut memo);
                    assert_eq!(won, plain, "{} Left first {left}", board.text());
                    said += 1;
                }
            }
        }
    }
    assert!(said > 20_000, "{said}");
}

#[test]
fn domineering_moves_counted_on_strips_are_the_strips_own() {
    let stencils = Stencils::read(&lowered(DOMINEERING, "domineering")).expect("stencils");
    // A row of n cells: ⌊n/2⌋ of Right's, none of Left's; none sure (Right's
    // own moves take each other's cells, but no move of Left's harms them:
    // they are all sure, as many as fit apart).
    for n in 1..12 {
        let row = board(&".".repeat(n));
        assert_eq!(
            bounds_of(&stencils, &row),
            [(0, 0, 0, 0), (n as u32 / 2, 0, 0, n as u32 / 2)]
        );
    }
    // Two columns walled apart: each Left's alone, sure.
    let columns = board(".#.|.#.|.#.|.#.");
    assert_eq!(bounds_of(&stencils, &columns), [(4, 0, 0, 4), (0, 0, 0, 0)]);
    // A 2 × 2 square: two moves each at most, none sure; one guarded pair
    // each (either move played, the other is safe: two moves moving
    // first).
    assert_eq!(
        bounds_of(&stencils, &board("..|..")),
        [(0, 1, 0, 2), (0, 1, 0, 2)]
    );
    // Two squares apart: two pairs each, no move of the other's harming
    // both. Two rows of three: Left's first column guarded by the middle
    // one (every domino of Right's that harms it pins the middle column),
    // Right's first row by the second; nothing besides (each move left is
    // harmed by a move of the other's that harms the pair).
    assert_eq!(
        bounds_of(&stencils, &board("..#..|..#..")),
        [(0, 2, 0, 4), (0, 2, 0, 4)]
    );
    assert_eq!(
        bounds_of(&stencils, &board("...|...")),
        [(0, 1, 0, 3), (0, 1, 0, 2)]
    );
    // Three rows of two: Left's top domino of the first column guarded by
    // the second column's (each row of Right's that harms it pins a cell
    // of that one), at most two of Left's (every domino of hers covers a
    // middle cell); Right's top row guarded by the middle one, which every
    // domino of Left's pins: played, it leaves Left no move.
    assert_eq!(
        bounds_of(&stencils, &board("..|..|..")),
        [(0, 1, 0, 2), (0, 1, 0, 3)]
    );
}

#[test]
fn rules_that_write_what_they_pin_are_not_counted() {
    // Clobber writes `x` and `o`, which its rules pin: a window no move now
    // may be one later, so nothing is counted.
    let text = std::fs::read_to_string(super::common::root().join("games/clobber.game"))
        .expect("the example");
    let stencils = Stencils::read(&lowered(&text, "clobber")).expect("stencils");
    let mut regions = Vec::new();
    stencils.regions(
        &[1, 4, 'x' as u64, 'o' as u64, 'x' as u64, 'o' as u64],
        &mut regions,
    );
    assert!(!regions.is_empty());
    assert!(
        regions
            .iter()
            .all(|r| stencils.move_bounds(&r.heaps).is_none())
    );
}

#[test]
fn who_wins_by_counting_with_small_regions_valued_is_who_wins() {
    // A board of up to 3 × 4 counted by its stencils beside one of up to
    // 3 × 2 valued (its canonical form, as the outcome search keeps a small
    // region: `Counted::add_small`), walled apart in one board: where
    // counting says who wins, the game tree of the whole board agrees.
    let stencils = Stencils::read(&lowered(DOMINEERING, "domineering")).expect("stencils");
    let mut search = PartizanSearch::new(lowered(DOMINEERING, "domineering"), Default::default());
    let mut forms = Forms::new();
    let mut memo = HashMap::new();
    let (mut said, mut claimed) = (0, 0);
    for (rows, (large, small)) in [
        (2, (4, 2)),
        (2, (3, 3)),
        (3, (3, 2)),
        (3, (4, 1)),
        (2, (5, 2)),
    ] {
        let smalls: Vec<(Board, Form)> = (boards(rows, small).into_iter())
            .map(|b| {
                let value = search.value(&mut forms, &b.heaps()).expect("a value");
                (b, value)
            })
            .collect();
        for big in boards(rows, large) {
            let bounds = region_bounds(&stencils, &big);
            for (b, value) in &smalls {
                let whole = Board {
                    cols: large + 1 + small,
                    empty: (0..rows)
                        .flat_map(|r| {
                            (big.empty[r * large..(r + 1) * large].iter().copied())
                                .chain([false])
                                .chain(b.empty[r * small..(r + 1) * small].iter().copied())
                        })
                        .collect(),
                };
                for left in [true, false] {
                    let mut counted = counted_regions(&bounds, left);
                    // Right moving first: Left's place in the negative.
                    let part = match left {
                        true => *value,
                        false => forms.neg(*value),
                    };
                    for player in [Side::Left, Side::Right] {
                        let (sure, first) = forms.sure(part, player).expect("sure");
                        claimed += usize::from(first > sure);
                        counted
                            .add_small(&mut forms, part, player)
                            .expect("counted");
                    }
                    if let Some(won) = counted.win() {
                        let plain = mover_wins(&whole, left, &mut memo);
                        assert_eq!(won, plain, "{} Left first {left}", whole.text());
                        said += 1;
                    }
                }
            }
        }
    }
    assert!(said > 10_000 && claimed > 10_000, "{said} {claimed}");
}

/// Numbers, ↑, *3, ±1, and games of them and their sums, to day 4 or so.
fn some_forms(forms: &mut Forms) -> Vec<Form> {
    let mut all: Vec<Form> = [(0, 0), (7, 0), (-3, 0), (3, 3), (-5, 2), (13, 4), (-1, 5)]
        .iter()
        .map(|&(m, k)| forms.number(Dyadic::new(m, k)))
        .collect();
    all.push(forms.up());
    all.push(forms.nimber(3));
    let one = forms.number(Dyadic::new(1, 0));
    let minus_one = forms.neg(one);
    all.push(forms.game(&[one], &[minus_one]));
    for i in 0..30 {
        let (a, b, c) = (
            all[i % all.len()],
            all[(3 * i + 1) % all.len()],
            all[(7 * i + 2) % all.len()],
        );
        let g = forms.game(&[a, b], &[c]);
        let sum = forms.add(g, a);
        all.push(g);
        all.push(sum);
    }
    all
}

/// The moves `side` is sure of in the game tree `t` whatever the other
/// does there, and moving there first (`Forms::sure`), from the tree alone:
/// the other moving any number of times, `side` choosing when to move.
fn sure_by_tree(t: &Tree, side: Side) -> (u64, u64) {
    let (mine, theirs) = match side {
        Side::Left => (&t.left, &t.right),
        Side::Right => (&t.right, &t.left),
    };
    let first = (mine.iter())
        .map(|o| 1 + sure_by_tree(o, side).0)
        .max()
        .unwrap_or(0);
    let sure = (theirs.iter())
        .map(|o| sure_by_tree(o, side).0)
        .fold(first, u64::min);
    (sure, first)
}

#[test]
fn the_moves_sure_in_a_form_are_its_game_trees() {
    let mut forms = Forms::new();
    let all = some_forms(&mut forms);
    for &g in &all {
        let t = tree(&mut forms, g);
        for side in [Side::Left, Side::Right] {
            let sure = forms.sure(g, side).expect("sure");
            assert_eq!(sure, sure_by_tree(&t, side), "{g:?} {side:?}");
        }
    }
    // ±1 (a 2 × 2 square of Domineering): nothing sure, two moves to
    // whoever moves there first (a guarded pair, Bullock's protective area).
    let one = forms.number(Dyadic::new(1, 0));
    let minus_one = forms.neg(one);
    let switch = forms.game(&[one], &[minus_one]);
    assert_eq!(forms.sure(switch, Side::Left), Some((0, 2)));
    assert_eq!(forms.sure(switch, Side::Right), Some((0, 2)));
    // An integer: all its moves sure, of any size that fits.
    let four = forms.number(Dyadic::new(4, 0));
    assert_eq!(forms.sure(four, Side::Left), Some((4, 4)));
    assert_eq!(forms.sure(four, Side::Right), Some((0, 0)));
}

/// The longest run of `side`'s moves in `g`, from its options alone.
fn run_by_options(forms: &mut Forms, g: Form, side: Side) -> u32 {
    (forms.options(g, side).into_iter())
        .map(|o| 1 + run_by_options(forms, o, side))
        .max()
        .unwrap_or(0)
}

#[test]
fn a_forms_longest_run_of_moves_is_its_options() {
    let mut forms = Forms::new();
    let all = some_forms(&mut forms);
    for &g in &all {
        for side in [Side::Left, Side::Right] {
            let run = forms.run(g, side).expect("a run");
            assert_eq!(
                run,
                run_by_options(&mut forms, g, side).into(),
                "{g:?} {side:?}"
            );
        }
    }
    // An integer's run is itself, of any size.
    let huge = forms.number(Dyadic::integer(num_bigint::BigInt::from(10u32).pow(30)));
    assert_eq!(
        forms.run(huge, Side::Left),
        Some(num_bigint::BigUint::from(10u32).pow(30))
    );
    assert_eq!(forms.run(huge, Side::Right), Some(0u32.into()));
}

/// The outcome search against the outcome of the value, on `boards` of
/// the game `name` of `text`; at least three outcome classes met.
fn outcomes_against_values(text: &str, name: &str, boards: &[String]) {
    let mut forms = Forms::new();
    let mut search = PartizanSearch::new(lowered(text, name), Default::default());
    let mut valued = PartizanSearch::new(lowered(text, name), Default::default());
    let mut seen = HashSet::new();
    for drawn in boards {
        let heaps = board(drawn).heaps();
        let outcome = search.outcome(&mut forms, &heaps).expect("an outcome");
        let value = valued.value(&mut forms, &heaps).expect("a value");
        assert_eq!(outcome, forms.outcome(value), "{drawn}");
        seen.insert(outcome);
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn the_outcome_search_answers_by_counting_where_it_can_and_as_the_value_says() {
    // Columns of Left's walled apart above a row of Right's: Left is sure
    // of 5 moves (the top one of each column; the lowest meets the row),
    // Right makes at most 4 — Left wins moving first or second, and the
    // search says so without judging a position.
    let walls = board(&[".#.#.#.#.", ".#.#.#.#.", ".#.#.#.#.", "........."].join("|"));
    let mut search = PartizanSearch::new(lowered(DOMINEERING, "domineering"), Default::default());
    let outcome = search
        .outcome(&mut Forms::new(), &walls.heaps())
        .expect("an outcome");
    assert_eq!(outcome, gamelang::Outcome::L);
    assert_eq!(search.judged(), 0);
    // Boards with many cells removed, where sure moves are many, and a game
    // whose rules pin a cell they do not write and that both players play:
    // who wins is what the value says.
    let walled: Vec<String> = [(4, 6), (6, 4), (5, 5)]
        .iter()
        .flat_map(|&(r, c)| drawn(&['.', '.', '.', '#'], r, c, 20, (r * 7 + c) as u64))
        .collect();
    outcomes_against_values(DOMINEERING, "domineering", &walled);
    // Boards of 17 to 21 cells with few walls: mostly one region too large
    // to value, where exposed moves count.
    let open: Vec<String> = [(4, 5), (5, 4), (3, 6), (6, 3), (3, 7)]
        .iter()
        .flat_map(|&(r, c)| {
            drawn(
                &['.'; 9].iter().chain(&['#']).copied().collect::<Vec<_>>(),
                r,
                c,
                80,
                (r * 13 + c) as u64,
            )
        })
        .collect();
    outcomes_against_values(DOMINEERING, "domineering", &open);
    let shared = "game shared {\n    board\n    left move down {\n        choose r in 1..rows - 1\n        choose c in 1..cols\n        require b[r, c] == '.' and b[r + 1, c] == '.'\n        b[r, c] = '#'\n    }\n    right move across {\n        choose r in 1..rows\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r, c + 1] = '#'\n    }\n    move corner {\n        choose r in 1..rows - 1\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r + 1, c + 1] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r + 1, c + 1] = '#'\n    }\n}\n";
    let boards: Vec<String> = [(4, 5), (5, 4), (3, 7)]
        .iter()
        .flat_map(|&(r, c)| drawn(&['.', '.', '.', '.', '#'], r, c, 20, (r * 11 + c) as u64))
        .collect();
    outcomes_against_values(shared, "shared", &boards);
}
