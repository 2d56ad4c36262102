//! The store of canonical forms against the definitions, written plainly
//! here: a game a tree of options, G ≤ H when no G^L ≥ H and no H^R ≤ G,
//! G + H = {G^L + H, G + H^L | G^R + H, G + H^R}, no caches, no numbers
//! kept apart, no canonical forms (Conway, ONAG ch. 0–1; Siegel,
//! *Combinatorial Game Theory*, II.1).

use std::collections::HashMap;

use num_bigint::BigUint;

use gamelang::{Dyadic, Form, Forms, Outcome, Relation};

/// A game by its options, plainly.
#[derive(Clone, Debug)]
pub(super) struct Tree {
    pub(super) left: Vec<Tree>,
    pub(super) right: Vec<Tree>,
}

pub(super) fn le(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| le(h, gl)) && !h.right.iter().any(|hr| le(hr, g))
}

pub(super) fn eq(g: &Tree, h: &Tree) -> bool {
    le(g, h) && le(h, g)
}

fn sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|gl| sum(gl, h)).collect();
    left.extend(h.left.iter().map(|hl| sum(g, hl)));
    let mut right: Vec<Tree> = g.right.iter().map(|gr| sum(gr, h)).collect();
    right.extend(h.right.iter().map(|hr| sum(g, hr)));
    Tree { left, right }
}

fn neg(g: &Tree) -> Tree {
    Tree {
        left: g.right.iter().map(neg).collect(),
        right: g.left.iter().map(neg).collect(),
    }
}

/// A plain tree's form in the store, built from its options' forms.
pub(super) fn form_of(forms: &mut Forms, g: &Tree) -> Form {
    let left: Vec<Form> = g.left.iter().map(|o| form_of(forms, o)).collect();
    let right: Vec<Form> = g.right.iter().map(|o| form_of(forms, o)).collect();
    forms.game(&left, &right)
}

/// A stored form as a plain tree, through its canonical options.
pub(super) fn tree(forms: &mut Forms, f: Form) -> Tree {
    let left = forms.left(f);
    let right = forms.right(f);
    Tree {
        left: left.into_iter().map(|o| tree(forms, o)).collect(),
        right: right.into_iter().map(|o| tree(forms, o)).collect(),
    }
}

/// The forms born by each day up to `days`: day 0 is {0}; day n + 1 every
/// {L | R} with L and R sets of forms born by day n. Only antichains need
/// be tried (a dominated option changes nothing), which keeps day 3 within
/// reach.
pub(super) fn born_by(forms: &mut Forms, days: usize) -> Vec<Vec<Form>> {
    let zero = forms.zero();
    let mut out = vec![vec![zero]];
    for _ in 0..days {
        let before = out.last().cloned().unwrap_or_default();
        let sets = antichains(forms, &before);
        let mut made: Vec<Form> = Vec::new();
        for l in &sets {
            for r in &sets {
                made.push(forms.game(l, r));
            }
        }
        made.sort_unstable();
        made.dedup();
        out.push(made);
    }
    out
}

/// Every set of pairwise incomparable forms of `all`, the empty one too.
fn antichains(forms: &mut Forms, all: &[Form]) -> Vec<Vec<Form>> {
    fn extend(
        forms: &mut Forms,
        all: &[Form],
        from: usize,
        current: &mut Vec<Form>,
        out: &mut Vec<Vec<Form>>,
    ) {
        out.push(current.clone());
        for i in from..all.len() {
            let candidate = all[i];
            let free = current
                .clone()
                .into_iter()
                .all(|c| forms.compare(c, candidate) == Relation::Fuzzy);
            if free {
                current.push(candidate);
                extend(forms, all, i + 1, current, out);
                current.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(forms, all, 0, &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_games_born_by_each_day_are_1_4_22_1474() {
    // OEIS A065401: 1, 4, 22, 1474 games born by day 0, 1, 2, 3.
    let mut forms = Forms::new();
    let days = born_by(&mut forms, 3);
    let counts: Vec<usize> = days.iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 4, 22, 1474]);
}

#[test]
fn comparisons_sums_and_negatives_of_the_games_born_by_day_2_agree_with_the_definitions() {
    let mut forms = Forms::new();
    let day2 = born_by(&mut forms, 2).pop().unwrap_or_default();
    let trees: Vec<Tree> = day2.iter().map(|&f| tree(&mut forms, f)).collect();
    for (i, &g) in day2.iter().enumerate() {
        // The canonical form is the value, and another form is another value.
        for (j, &h) in day2.iter().enumerate() {
            assert_eq!(forms.le(g, h), le(&trees[i], &trees[j]), "{i} <= {j}");
            assert_eq!(g == h, eq(&trees[i], &trees[j]), "{i} = {j}");
            let s = forms.add(g, h);
            let plain = sum(&trees[i], &trees[j]);
            assert!(eq(&tree(&mut forms, s), &plain), "{i} + {j}");
        }
        let n = forms.neg(g);
        assert!(eq(&tree(&mut forms, n), &neg(&trees[i])), "-{i}");
    }
}

#[test]
fn a_canonical_form_has_no_dominated_and_no_reversible_option() {
    // Siegel §II.2: the canonical form is the one with neither.
    let mut forms = Forms::new();
    let day2 = born_by(&mut forms, 2).pop().unwrap_or_default();
    for &g in &day2 {
        let t = tree(&mut forms, g);
        for (i, a) in t.left.iter().enumerate() {
            for (j, b) in t.left.iter().enumerate() {
                assert!(i == j || !le(a, b), "a dominated Left option");
            }
            assert!(
                !a.right.iter().any(|ar| le(ar, &t)),
                "a reversible Left option"
            );
        }
        for (i, a) in t.right.iter().enumerate() {
            for (j, b) in t.right.iter().enumerate() {
                assert!(i == j || !le(b, a), "a dominated Right option");
            }
            assert!(
                !a.left.iter().any(|al| le(&t, al)),
                "a reversible Right option"
            );
        }
    }
}

#[test]
fn sums_of_three_games_born_by_day_3_agree_with_the_definition() {
    // Sums of three forms of day 3 (chosen by a fixed sequence), each
    // against the plain sum of their trees.
    let mut forms = Forms::new();
    let day3 = born_by(&mut forms, 3).pop().unwrap_or_default();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % day3.len() as u64) as usize
    };
    for _ in 0..20 {
        let (a, b, c) = (day3[next()], day3[next()], day3[next()]);
        let ab = forms.add(a, b);
        let total = forms.add(ab, c);
        let plain = sum(
            &sum(&tree(&mut forms, a), &tree(&mut forms, b)),
            &tree(&mut forms, c),
        );
        assert!(eq(&tree(&mut forms, total), &plain));
    }
}

#[test]
fn familiar_values_are_written_as_cgsuite_writes_them_and_fall_in_their_classes() {
    // Winning Ways ch. 2–3; Siegel ch. II: ↑ = {0 | *} > 0, * ‖ 0,
    // ↑* = {0, * | 0} ‖ 0, ±1 = {1 | -1} ‖ 0, {{1 | 0} | 0} < 0 (Left
    // moving first goes to {1 | 0}, from which Right moves to 0).
    let mut forms = Forms::new();
    let zero = forms.zero();
    let one = forms.integer(1);
    let minus_one = forms.integer(-1);
    let star = forms.nimber(1);
    let up = forms.up();
    let up_star = forms.add(up, star);
    let double_up = forms.add(up, up);
    let pm_one = forms.game(&[one], &[minus_one]);
    let one_zero = forms.game(&[one], &[zero]);
    let nested = forms.game(&[one_zero], &[zero]);
    let half = forms.game(&[zero], &[one]);
    let two = forms.integer(2);
    let minus_half = forms.number(Dyadic::new(-1, 1));
    let hot = forms.game(&[two], &[minus_half]);
    let star2 = forms.nimber(2);
    let down = forms.neg(up);
    let one_star = forms.game(&[one], &[one]);
    let cases = [
        (zero, "0", Outcome::P, 0),
        (one, "1", Outcome::L, 1),
        (minus_one, "-1", Outcome::R, 1),
        (half, "1/2", Outcome::L, 2),
        (star, "*", Outcome::N, 1),
        (star2, "*2", Outcome::N, 2),
        (up, "^", Outcome::L, 2),
        (down, "v", Outcome::R, 2),
        (up_star, "^*", Outcome::N, 2),
        (double_up, "^^", Outcome::L, 3),
        (pm_one, "+-1", Outcome::N, 2),
        (one_zero, "{1|0}", Outcome::N, 2),
        // {1 | 0 || 0} is miny-one (Winning Ways, ch. 5), as CGSuite names it.
        (nested, "Miny(1)", Outcome::R, 3),
        (hot, "{2|-1/2}", Outcome::N, 3),
        (one_star, "1*", Outcome::L, 2),
    ];
    for (form, text, class, day) in cases {
        assert_eq!(forms.text(form), text);
        assert_eq!(forms.outcome(form), class, "{text}");
        assert_eq!(forms.birthday(form), BigUint::from(day as u32), "{text}");
    }
    // Stops (Winning Ways ch. 3): {2 | -1/2} stops at 2 and -1/2.
    assert_eq!(forms.left_stop(hot), Dyadic::integer(2));
    assert_eq!(forms.right_stop(hot), Dyadic::new(-1, 1));
    assert_eq!(forms.left_stop(up), Dyadic::zero());
    // ↑ + ↑ + ↑ + * and ↑* + ↑* = ⇑ (Winning Ways ch. 3).
    let two_up_stars = forms.add(up_star, up_star);
    assert_eq!(two_up_stars, double_up);
    // 1/2 + 1/2 = 1: numbers add as numbers.
    let sum = forms.add(half, half);
    assert_eq!(sum, one);
}

#[test]
fn temperatures_and_means_of_familiar_games() {
    // Winning Ways ch. 6; Siegel §II.5: {2 | -1/2} has temperature 5/4 and
    // mean 3/4; ±1 temperature 1, mean 0; {1 | 0} temperature 1/2, mean
    // 1/2; *, ↑ and ↑* temperature 0; an integer -1, m/2^k -1/2^k.
    let mut forms = Forms::new();
    let zero = forms.zero();
    let one = forms.integer(1);
    let minus_one = forms.integer(-1);
    let two = forms.integer(2);
    let minus_half = forms.number(Dyadic::new(-1, 1));
    let three_quarters = forms.number(Dyadic::new(3, 2));
    let star = forms.nimber(1);
    let up = forms.up();
    let up_star = forms.add(up, star);
    let cases = [
        (forms.game(&[two], &[minus_half]), (5, 2), (3, 2)),
        (forms.game(&[one], &[minus_one]), (1, 0), (0, 0)),
        (forms.game(&[one], &[zero]), (1, 1), (1, 1)),
        (star, (0, 0), (0, 0)),
        (up, (0, 0), (0, 0)),
        (up_star, (0, 0), (0, 0)),
        (one, (-1, 0), (1, 0)),
        (three_quarters, (-1, 2), (3, 2)),
    ];
    for (g, (tm, tk), (mm, mk)) in cases {
        let text = forms.text(g);
        assert_eq!(forms.temperature(g), Some(Dyadic::new(tm, tk)), "{text}");
        assert_eq!(forms.mean(g), Some(Dyadic::new(mm, mk)), "{text}");
    }
    // {2 | -1/2}: the Left wall 2 - t and the Right wall -1/2 + t meet at
    // t = 5/4, at 3/4.
    let hot = forms.game(&[two], &[minus_half]);
    let graph = forms.thermograph(hot).expect("a thermograph");
    assert_eq!(graph.left.at(&Dyadic::new(1, 1)), Dyadic::new(3, 1));
    assert_eq!(graph.right.at(&Dyadic::new(1, 1)), Dyadic::zero());
    assert_eq!(graph.left.at(&Dyadic::integer(7)), Dyadic::new(3, 2));
}

#[test]
fn means_add_temperatures_do_not_rise_and_stops_stay_near_the_mean() {
    // The mean is additive, m(G + H) = m(G) + m(H); the temperature of a sum
    // is at most the larger of its terms' (Winning Ways ch. 6; Siegel §II.5);
    // and n·m(G) - t(G) <= RS(nG) <= LS(nG) <= n·m(G) + t(G) for t(G) >= 0
    // (the mean value theorem, Siegel §II.5).
    let mut forms = Forms::new();
    let day3 = born_by(&mut forms, 3).pop().unwrap_or_default();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % day3.len() as u64) as usize
    };
    for _ in 0..300 {
        let (g, h) = (day3[next()], day3[next()]);
        let s = forms.add(g, h);
        let (mg, mh, ms) = (forms.mean(g), forms.mean(h), forms.mean(s));
        let (mg, mh, ms) = (
            mg.expect("a mean"),
            mh.expect("a mean"),
            ms.expect("a mean"),
        );
        assert_eq!(ms, mg.add(&mh), "{} + {}", forms.text(g), forms.text(h));
        let (tg, th, ts) = (
            forms.temperature(g),
            forms.temperature(h),
            forms.temperature(s),
        );
        let most = tg.max(th).expect("a temperature");
        assert!(ts.expect("a temperature") <= most);
    }
    for &g in day3.iter().take(400) {
        let m = forms.mean(g).expect("a mean");
        let t = forms
            .temperature(g)
            .expect("a temperature")
            .max(Dyadic::zero());
        let mut multiple = g;
        let mut n_mean = m.clone();
        for _ in 1..=4 {
            let (ls, rs) = (forms.left_stop(multiple), forms.right_stop(multiple));
            assert!(rs <= ls);
            assert!(
                ls <= n_mean.add(&t) && rs >= n_mean.sub(&t),
                "{}",
                forms.text(g)
            );
            multiple = forms.add(multiple, g);
            n_mean = n_mean.add(&m);
        }
    }
}

/// Cutcake by its definition (Winning Ways ch. 2): Left cuts a w × h cake
/// along the grain into a × h and (w - a) × h, Right across it into w × b
/// and w × (h - b); a cake cut is the sum of its pieces.
fn cutcake_tree(w: u64, h: u64) -> Tree {
    let left = (1..w)
        .map(|a| sum(&cutcake_tree(a, h), &cutcake_tree(w - a, h)))
        .collect();
    let right = (1..h)
        .map(|b| sum(&cutcake_tree(w, b), &cutcake_tree(w, h - b)))
        .collect();
    Tree { left, right }
}

/// The game as the file writes it, lowered.
pub(super) fn lowered(text: &str, name: &str) -> std::sync::Arc<gamelang::Game> {
    let program = super::common::load_text("partizan.game", text, &[]);
    let entry = program.game(name).expect("the game");
    entry.default.clone().expect("it lowers")
}

#[test]
fn the_partizan_search_values_cutcake_and_a_partizan_subtraction_game_as_their_definitions() {
    let text = "game cutcake {\n    position (w, h)\n    left move vertical { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }\n    right move horizontal { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }\n}\ngame unequal { heaps 1; left take 1..2; right take 1..3 }\n";
    let mut forms = Forms::new();
    let mut cutcake = gamelang::PartizanSearch::new(lowered(text, "cutcake"), Default::default());
    for (w, h) in [
        (1, 1),
        (2, 1),
        (1, 2),
        (2, 2),
        (3, 1),
        (3, 2),
        (2, 3),
        (3, 3),
        (4, 1),
        (4, 2),
        (1, 4),
    ] {
        let form = cutcake.value(&mut forms, &[w, h]).expect("a value");
        assert!(
            eq(&tree(&mut forms, form), &cutcake_tree(w, h)),
            "{w} x {h}"
        );
    }
    // A strip w × 1 is w - 1 free moves for Left (Winning Ways ch. 2), and
    // a square is 0 (Left and Right mirror each other).
    let strip = cutcake.value(&mut forms, &[7, 1]).expect("a value");
    assert_eq!(forms.text(strip), "6");
    let square = cutcake.value(&mut forms, &[6, 6]).expect("a value");
    assert_eq!(forms.text(square), "0");
    // Left takes 1 or 2, Right 1 to 3, from one heap.
    fn unequal(n: u64) -> Tree {
        Tree {
            left: (1..=2.min(n)).map(|k| unequal(n - k)).collect(),
            right: (1..=3.min(n)).map(|k| unequal(n - k)).collect(),
        }
    }
    let mut search = gamelang::PartizanSearch::new(lowered(text, "unequal"), Default::default());
    for n in 0..=9 {
        let form = search.value(&mut forms, &[n]).expect("a value");
        assert!(eq(&tree(&mut forms, form), &unequal(n)), "heap {n}");
    }
}

#[test]
fn a_table_of_cutcake_holds_the_values_of_its_definition() {
    // Cutcake by its definition (Winning Ways, ch. 2): Left cuts a w × h
    // cake into a × h and (w − a) × h, Right into w × b and w × (h − b);
    // each cake's form built here from its options, and the table's cells
    // (canonical forms as written, outcome classes) held to them.
    fn cake(forms: &mut Forms, known: &mut HashMap<(u64, u64), Form>, w: u64, h: u64) -> Form {
        if let Some(&form) = known.get(&(w, h)) {
            return form;
        }
        let mut left = Vec::new();
        for a in 1..w {
            let (x, y) = (cake(forms, known, a, h), cake(forms, known, w - a, h));
            left.push(forms.add(x, y));
        }
        let mut right = Vec::new();
        for b in 1..h {
            let (x, y) = (cake(forms, known, w, b), cake(forms, known, w, h - b));
            right.push(forms.add(x, y));
        }
        let form = forms.game(&left, &right);
        known.insert((w, h), form);
        form
    }
    let program = super::common::load_text("cutcake.game", CUTCAKE, &[]);
    let game = (program.game("cutcake").and_then(|g| g.default.clone())).expect("cutcake lowers");
    let mut analyzer = gamelang::Analyzer::default();
    let table = (analyzer.table(&game, &BigUint::from(8u8), None, &mut |_| {})).expect("a table");
    let gamelang::analysis::table::Shape::Partizan {
        parts: 2, values, ..
    } = &table.shape
    else {
        panic!("a grid of values: {:?}", table.shape);
    };
    let (mut forms, mut known) = (Forms::new(), HashMap::new());
    for w in 0..=8u64 {
        for h in 0..=8u64 {
            let cell = values[w as usize][h as usize].as_ref().expect("a position");
            let written = gamelang::read_value(&cell.value).expect("a value");
            let form = cake(&mut forms, &mut known, w, h);
            assert_eq!(
                forms.written(&written).expect("a short value"),
                form,
                "{w} x {h}: {}",
                cell.value
            );
            assert_eq!(cell.outcome, forms.outcome(form), "{w} x {h}");
        }
    }
    let text = gamelang::table_text(&table);
    assert!(
        text.starts_with("cutcake: positions (w, h), w and h = 0..8\n"),
        "{text}"
    );
    assert!(text.contains("outcomes (L: Left wins"), "{text}");
    // One part: a row, its heading by the part's name.
    let row_game = "game unequal { heaps 1; left take 1..2; right take 1..3 }\n";
    let program = super::common::load_text("unequal.game", row_game, &[]);
    let game = (program.game("unequal").and_then(|g| g.default.clone())).expect("lowers");
    let table = (analyzer.table(&game, &BigUint::from(5u8), None, &mut |_| {})).expect("a table");
    let json = gamelang::table_json(&table);
    assert_eq!(json["shape"], "partizan-row");
    assert_eq!(json["values"][0], "0");
    assert_eq!(json["outcomes"][0], "P");
    assert_eq!(json["values"].as_array().map(Vec::len), Some(6));
}

const CUTCAKE: &str = "game cutcake {\n    position (w, h)\n    left move vertical { choose a in 1..w - 1; becomes (a, h) + (w - a, h) }\n    right move horizontal { choose b in 1..h - 1; becomes (w, b) + (w, h - b) }\n}\n";

/// The answers to a file's `analyze` statements, by one analyzer.
/// Each row of an outside data file (`data`, from the repository's root:
/// `GAME ; POSITION ; VALUE` a line, `#` lines its header) asked after the
/// games `games`: the value gamelang finds equal, as a form, to the row's;
/// `count` rows.
pub(super) fn values_agree(games: &str, data: &str, count: usize) {
    let data = std::fs::read_to_string(super::common::root().join(data)).expect("the data");
    let rows: Vec<Vec<&str>> = (data.lines())
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(" ; ").collect())
        .collect();
    let mut file = games.to_string();
    for row in &rows {
        file.push_str(&format!("\nanalyze {} at {}", row[0], row[1]));
    }
    let answers = analyzed(&format!("{file}\n"));
    assert_eq!(answers.len(), count);
    let mut forms = Forms::new();
    for (answer, row) in answers.iter().zip(&rows) {
        let value = (answer.partizan.as_ref())
            .and_then(|p| p.value.clone())
            .expect("a value");
        let ours = forms
            .written(&gamelang::read_value(&value).expect("reads"))
            .expect("a short value");
        let theirs = forms
            .written(&gamelang::read_value(row[2]).expect("reads"))
            .expect("a short value");
        assert_eq!(
            ours, theirs,
            "{} at {}: {value} against {}",
            row[0], row[1], row[2]
        );
    }
}

pub(super) fn analyzed(text: &str) -> Vec<gamelang::Answer> {
    let program = super::common::load_text("partizan.game", text, &[]);
    let questions = gamelang::questions(&program, None, &[]).expect("questions");
    let mut analyzer = gamelang::Analyzer::default();
    (questions.iter())
        .map(|q| analyzer.analyze(q).expect("an answer"))
        .collect()
}

#[test]
fn cutcake_analyzed_is_worth_the_values_winning_ways_tabulates() {
    // Winning Ways, ch. 2 (Cutcake): every cake is an integer; with w ≥ h
    // it is ⌊w / 2^⌊log₂ h⌋⌋ − 1, and a cake with w < h is the negative of
    // the one with w and h swapped (Left's and Right's roles swap).
    fn formula(w: u64, h: u64) -> i64 {
        let one_way = |w: u64, h: u64| (w >> h.ilog2()) as i64 - 1;
        if w >= h {
            one_way(w, h)
        } else {
            -one_way(h, w)
        }
    }
    let mut text = CUTCAKE.to_string();
    let sizes: Vec<(u64, u64)> = (1..=12)
        .flat_map(|w| (1..=12).map(move |h| (w, h)))
        .collect();
    for (w, h) in &sizes {
        text.push_str(&format!("analyze cutcake at ({w}, {h})\n"));
    }
    for ((w, h), answer) in sizes.iter().zip(analyzed(&text)) {
        let partizan = answer.partizan.as_ref().expect("a partizan answer");
        let value = formula(*w, *h);
        assert_eq!(partizan.value, Some(value.to_string()), "{w} x {h}");
        let outcome = match value {
            0 => Outcome::P,
            v if v > 0 => Outcome::L,
            _ => Outcome::R,
        };
        assert_eq!(answer.outcome, outcome, "{w} x {h}");
        assert_eq!(
            answer.grundy,
            gamelang::Grundy::None(gamelang::NoValue::Partizan)
        );
    }
}

/// Who wins a position of the sum of the partizan subtraction game (Left
/// takes 1 or 2, Right 1 to 3) at `a` and Nim at `b`, `left` moving first,
/// by plain game-tree search: the mover wins when some move leaves the
/// other player, moving first, losing.
fn first_wins(a: u64, b: u64, left: bool) -> bool {
    let most = if left { 2 } else { 3 };
    let moves = (1..=most.min(a))
        .map(|k| (a - k, b))
        .chain((1..=b).map(|k| (a, b - k)));
    moves.into_iter().any(|(a, b)| !first_wins(a, b, !left))
}

#[test]
fn a_sum_of_a_partizan_and_an_impartial_game_answers_as_its_game_tree() {
    let text = "game unequal { heaps 1; left take 1..2; right take 1..3 }\ngame nim { heaps 1; take 1.. }\n";
    let mut text = text.to_string();
    let positions: Vec<(u64, u64)> = (0..=7).flat_map(|a| (0..=5).map(move |b| (a, b))).collect();
    for (a, b) in &positions {
        text.push_str(&format!("analyze unequal at {a} + nim at {b}\n"));
    }
    for ((a, b), answer) in positions.iter().zip(analyzed(&text)) {
        let (a, b) = (*a, *b);
        let (left, right) = (first_wins(a, b, true), first_wins(a, b, false));
        let outcome = match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        assert_eq!(answer.outcome, outcome, "{a} + {b}");
        let partizan = answer.partizan.as_ref().expect("a partizan answer");
        // Each side's winning moves are those the game tree says win: to a
        // position the other, moving first, loses.
        let after = |m: &gamelang::WinningMove| {
            let to = m.to.to_u64s().expect("small heaps")[0];
            if m.component == 0 { (to, b) } else { (a, to) }
        };
        let left_wins: Vec<(u64, u64)> = (1..=2.min(a))
            .map(|k| (a - k, b))
            .chain((1..=b).map(|k| (a, b - k)))
            .filter(|&(a, b)| !first_wins(a, b, false))
            .collect();
        let right_wins: Vec<(u64, u64)> = (1..=3.min(a))
            .map(|k| (a - k, b))
            .chain((1..=b).map(|k| (a, b - k)))
            .filter(|&(a, b)| !first_wins(a, b, true))
            .collect();
        let listed_left: Vec<(u64, u64)> = partizan.left_moves.iter().map(after).collect();
        let listed_right: Vec<(u64, u64)> = partizan.right_moves.iter().map(after).collect();
        assert_eq!(listed_left, left_wins, "Left's moves from {a} + {b}");
        assert_eq!(listed_right, right_wins, "Right's moves from {a} + {b}");
        assert_eq!(partizan.left_move_count, left_wins.len());
        assert_eq!(partizan.right_move_count, right_wins.len());
        // Nim at b is *b (the Sprague-Grundy theorem).
        let nimber = match b {
            0 => "0".to_string(),
            1 => "*".to_string(),
            b => format!("*{b}"),
        };
        assert_eq!(partizan.components[1], nimber);
    }
}

#[test]
fn a_partizan_answer_says_its_value_temperature_stops_and_moves_in_text_and_json() {
    // A 4 × 3 cake is 1 (Winning Ways, ch. 2); the switch below is
    // {1 | -1} = ±1, of temperature 1 and mean 0 (Siegel, CGT, §II.5).
    let switch = "game switch {\n    position (n)\n    left move up { require n == 1; n = 3 }\n    left move off { require n == 3; n = 0 }\n    right move down { require n == 1; n = 4 }\n    right move back { require n == 4; n = 0 }\n}\n";
    let text = format!("{CUTCAKE}{switch}analyze cutcake at (4, 3)\nanalyze switch at 1\n");
    let answers = analyzed(&text);
    let answer = &answers[0];
    let shown = gamelang::answer_text(answer, &|_| None);
    assert!(
        shown.contains("outcome: L (Left wins, whoever starts)"),
        "{shown}"
    );
    assert!(shown.contains("value:   1"), "{shown}");
    assert!(shown.contains("temperature: -1; mean: 1"), "{shown}");
    assert!(
        shown.contains("Left moving first, winning moves: 1"),
        "{shown}"
    );
    assert!(
        shown.contains("Right moving first, winning moves: 0"),
        "{shown}"
    );
    let json = gamelang::answer_json(answer, &|_| None);
    assert_eq!(json["outcome"], "L");
    assert_eq!(json["value"], "1");
    assert_eq!(json["temperature"], "-1");
    assert_eq!(json["mean"], "1");
    assert_eq!(json["left_stop"], "1");
    assert_eq!(json["right_stop"], "1");
    assert_eq!(json["left_move_count"], 1);
    assert_eq!(json["right_moves"], serde_json::json!([]));
    assert_eq!(json["left_moves"][0]["rule"], "vertical");
    let hot = gamelang::answer_json(&answers[1], &|_| None);
    assert_eq!(hot["outcome"], "N");
    assert_eq!(hot["value"], "+-1");
    assert_eq!(hot["temperature"], "1");
    assert_eq!(hot["mean"], "0");
    assert_eq!(hot["left_stop"], "1");
    assert_eq!(hot["right_stop"], "-1");
    assert_eq!(hot["left_moves"][0]["rule"], "up");
    assert_eq!(hot["right_moves"][0]["rule"], "down");
    // A number is its own reduced form, and is not all-small; ±1 neither
    // reduces nor is all-small.
    assert_eq!(json["reduced_canonical_form"], "1");
    assert_eq!(json["atomic_weight"], serde_json::Value::Null);
    assert_eq!(hot["reduced_canonical_form"], "+-1");
    assert!(shown.contains("reduced canonical form: 1\n"), "{shown}");
    // ↑ + {↑↑ | ↓} weighs 1 + 1/2 (Winning Ways, ch. 8: weights add; the
    // second is cgt's test value), and reduces to 0.
    let small = analyzed("analyze ^ + {^^|v}\n");
    let shown = gamelang::answer_text(&small[0], &|_| None);
    assert!(
        shown.contains("reduced canonical form: 0; atomic weight: 3/2"),
        "{shown}"
    );
    let json = gamelang::answer_json(&small[0], &|_| None);
    assert_eq!(json["atomic_weight"], "3/2");
}

#[test]
fn every_game_born_by_day_3_reads_back_from_its_text_as_itself() {
    let mut forms = Forms::new();
    let days = born_by(&mut forms, 3);
    let mut sums = Vec::new();
    // Sums too: their forms are the ones with numbers, ups and nimbers
    // beside each other (`1^*`, `+-1`, `{1*|0}`).
    for (i, &g) in days[2].iter().enumerate() {
        for &h in days[2].iter().skip(i) {
            sums.push(forms.add(g, h));
        }
    }
    for &g in days[3].iter().chain(&sums) {
        let text = forms.text(g);
        let written = gamelang::read_value(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(forms.written(&written).expect("a short value"), g, "{text}");
    }
}

#[test]
fn a_game_is_written_the_same_whatever_the_store_met_first() {
    // Options are written in one order (their texts'), not the store's: the
    // same game read in two stores that met its options in other orders
    // (Amazons' reduced form showed both orders before).
    let texts: Vec<String> = ["+-{5|{1|0},{2|-1/4}}", "+-{5|{2|-1/4},{1|0}}"]
        .iter()
        .map(|text| {
            let mut forms = Forms::new();
            // Each store meets the options in the order written.
            let written = gamelang::read_value(text).expect("a value");
            let form = forms.written(&written).expect("a short value");
            forms.text(form)
        })
        .collect();
    assert_eq!(texts[0], texts[1]);
    assert_eq!(texts[0], "+-{5|{1|0},{2|-1/4}}");
}

#[test]
fn values_are_read_as_cgsuite_writes_them_and_mistakes_are_placed() {
    let mut forms = Forms::new();
    let mut value = |text: &str| {
        let written = gamelang::read_value(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let form = forms.written(&written).expect("a short value");
        forms.text(form)
    };
    // Each as written, then as the canonical form writes it.
    for (text, canonical) in [
        ("0", "0"),
        ("-3/2", "-3/2"),
        ("6/4", "3/2"),
        ("{ | }", "0"),
        ("{0|}", "1"),
        ("{0 | 1}", "1/2"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("^ ", "^"),
        ("^^*", "^^*"),
        ("v3", "v3"),
        ("1v*2", "1v*2"),
        ("*", "*"),
        ("*3", "*3"),
        ("+-1", "+-1"),
        ("{1 | -1}", "+-1"),
        ("{2|-2}", "+-2"),
        ("+-{2|1}", "+-{2|1}"),
        ("{2|1||-1|-2}", "+-{2|1}"),
        ("{^|v}", "*"),
        ("+-{1,2}", "+-2"),
        ("+-(1, 2)", "+-2"),
        ("+-{^,*}", "+-{*,^}"),
        ("{^,*|v,*}", "+-{*,^}"),
        ("+-{2,{3|1}}", "+-{2,{3|1}}"),
        // CGSuite's input forms: sums and differences inside braces, a
        // negative, `+-` after a value adding a switch.
        ("{3||2+*|1+*}", "{3||2*|1*}"),
        ("{3 || 2 + * | 1 + *}", "{3||2*|1*}"),
        ("1-^", "1v"),
        ("^ - ^", "0"),
        ("-^", "v"),
        ("-{2|1}", "{-1|-2}"),
        ("-(1/2)", "-1/2"),
        ("2+-1", "{3|1}"),
        ("{1+1|0}", "{2|0}"),
        // Tiny and Miny (Winning Ways, ch. 5; CGSuite's names).
        ("Tiny(2)", "Tiny(2)"),
        ("{0||0|-2}", "Tiny(2)"),
        ("Miny(1/2)", "Miny(1/2)"),
        ("{1/2|0||0}", "Miny(1/2)"),
        ("-Tiny(2)", "Miny(2)"),
        ("{0||0|-^}", "^"),
        ("+-{1|0}", "0"),
        ("{1|0||0}", "Miny(1)"),
        ("{{1|0}|0}", "Miny(1)"),
        ("{2|0||0}", "Miny(2)"),
        ("{2 | -1/2}", "{2|-1/2}"),
        ("{0,*|0,*}", "*2"),
        ("{0,{1|0}|-1}", "{0,{1|0}|-1}"),
    ] {
        assert_eq!(value(text), canonical, "{text}");
    }
    let error = |text: &str| gamelang::read_value(text).expect_err(text);
    let e = error("{1|0");
    assert_eq!((e.offset, e.len), (0, 1), "{e:?}");
    let e = error("3/5");
    assert!(e.message.contains("not a power of 2"), "{e:?}");
    assert_eq!((e.offset, e.len), (2, 1));
    assert!(error("{1|0|0}").message.contains("same length"));
    assert!(error("{1,|0}").message.contains("comma"));
    assert!(error("{1,,2|0}").message.contains("single commas"));
    assert!(error("*5000").message.contains("at most 1024"));
    assert!(error("{1}").message.contains("`|`"));
    assert!(error("^x").message.contains("name"));
    let deep = format!("{}0{}", "{|".repeat(100), "}".repeat(100));
    assert!(error(&deep).message.contains("nest"));
}

#[test]
fn a_part_after_a_minus_is_the_negative_and_a_position_minus_itself_is_zero() {
    // −G = {−G^R | −G^L} (Winning Ways, ch. 2): G − G = 0 for every G, and
    // the Left moves of −G are G's Right moves, negated.
    let text = format!(
        "{CUTCAKE}analyze cutcake at (5, 3) - cutcake at (5, 3)\nanalyze - cutcake at (5, 3)\nanalyze cutcake at (5, 3)\nanalyze cutcake at (4, 3) - 1\nanalyze {{2|1}} - {{2|1}}\nanalyze - {{2|1}}\n"
    );
    let answers = analyzed(&text);
    let value = |a: &gamelang::Answer| {
        (a.partizan.as_ref().expect("partizan").value.clone()).expect("written")
    };
    assert_eq!(value(&answers[0]), "0");
    assert_eq!(answers[0].outcome, gamelang::Outcome::P);
    let mut forms = Forms::new();
    let mut read = |text: &str| {
        let written = gamelang::read_value(text).expect("a value");
        forms.written(&written).expect("a short value")
    };
    let (minus, plain) = (read(&value(&answers[1])), read(&value(&answers[2])));
    assert_eq!(forms.neg(plain), minus);
    let (m, p) = (answers[1].partizan.as_ref(), answers[2].partizan.as_ref());
    let (m, p) = (m.expect("partizan"), p.expect("partizan"));
    // Left's winning moves in −G are Right's in G, to the same positions.
    let to = |moves: &[gamelang::WinningMove]| -> Vec<String> {
        (moves.iter())
            .map(|w| format!("{} {:?} {:?}", w.rule, w.to, w.terms))
            .collect()
    };
    assert_eq!(to(&m.left_moves), to(&p.right_moves));
    assert_eq!(to(&m.right_moves), to(&p.left_moves));
    assert!(answers[1].components[0].negated);
    // A 4 × 3 cake is 1 (Winning Ways, ch. 2).
    assert_eq!(value(&answers[3]), "0");
    assert_eq!(value(&answers[4]), "0");
    assert_eq!(value(&answers[5]), "{-1|-2}");
    let shown = gamelang::answer_text(&answers[1], &|_| None);
    assert!(
        shown.starts_with("- cutcake at (w = 5, h = 3)\n"),
        "{shown}"
    );
    // A move of the negative that becomes a sum leaves each term negated.
    assert!(
        shown.contains("→ - cutcake at (w = 2, h = 3) - cutcake at (w = 3, h = 3)"),
        "{shown}"
    );
    let shown = gamelang::answer_text(&answers[0], &|_| None);
    assert!(
        shown.starts_with("cutcake at (w = 5, h = 3) - cutcake at (w = 5, h = 3)\n"),
        "{shown}"
    );
}

#[test]
fn compare_orders_two_sums_by_the_outcome_of_their_difference() {
    // G > H, G < H, G = H, G ‖ H as G − H is L, R, P or N (Siegel,
    // Combinatorial Game Theory, §II.1): 1/2 > ^ (^ is infinitesimal), ^ ‖ *
    // and ±1 ‖ 0 (Winning Ways, ch. 2 and 3), the 2 × 2 Domineering square
    // is ±1 (Winning Ways, ch. 5), a 3 × 2 cake is 0 and a 4 × 3 one is 1
    // (Winning Ways, ch. 2); impartial games are equal where their Grundy
    // values are, else confused.
    let domineering = "game domineering {\n    board\n    left move vertical {\n        choose r in 1..rows - 1\n        choose c in 1..cols\n        require b[r, c] == '.' and b[r + 1, c] == '.'\n        b[r, c] = '#'\n        b[r + 1, c] = '#'\n    }\n    right move horizontal {\n        choose r in 1..rows\n        choose c in 1..cols - 1\n        require b[r, c] == '.' and b[r, c + 1] == '.'\n        b[r, c] = '#'\n        b[r, c + 1] = '#'\n    }\n}\n";
    let text = format!(
        "{CUTCAKE}{domineering}game nim {{ heaps 1; take 1.. }}\n\
         compare 1/2 to ^\n\
         compare ^ to *\n\
         compare {{1|-1}} to 0\n\
         compare domineering at \"..|..\" to {{1|-1}}\n\
         compare cutcake at (4, 3) to 1\n\
         compare cutcake at (3, 2) to cutcake at (4, 3) - 1/2\n\
         compare cutcake at (3, 2) - 1 to - cutcake at (4, 3)\n\
         compare nim at 3 to nim at 3\n\
         compare nim at 3 to nim at 2\n"
    );
    let answers = analyzed(&text);
    let relations: Vec<&str> = (answers.iter())
        .map(|a| {
            let compared = a.compared.as_ref().expect("a comparison");
            compared.relation.expect("ordered").symbol()
        })
        .collect();
    assert_eq!(relations, [">", "||", "||", "=", "=", "<", "=", "=", "||"]);
    let shown = gamelang::answer_text(&answers[5], &|_| None);
    assert!(
        shown.starts_with(
            "compare cutcake at (w = 3, h = 2) to cutcake at (w = 4, h = 3) - 1/2\n  relation: cutcake at (w = 3, h = 2) < cutcake at (w = 4, h = 3) - 1/2\n"
        ),
        "{shown}"
    );
    let json = gamelang::answer_json(&answers[6], &|_| None);
    assert_eq!(json["relation"], "=");
    assert_eq!(
        json["compared"],
        serde_json::json!([
            "cutcake at (w = 3, h = 2) - 1",
            "- cutcake at (w = 4, h = 3)"
        ])
    );
}

#[test]
fn values_written_in_a_file_add_with_games_and_what_is_printed_reads_back_the_same() {
    let text = format!(
        "{CUTCAKE}analyze {{2 | -1/2}} + ^ + *3\nanalyze cutcake at (3, 2) + {{1 | 0}}\nanalyze cutcake at (4, 3) + -1\nanalyze +-1 + +-1\n"
    );
    let answers = analyzed(&text);
    let mut forms = Forms::new();
    let mut read = |text: &str| {
        let written = gamelang::read_value(text).expect("a value");
        forms.written(&written).expect("a short value")
    };
    // {2 | -1/2} + ^ + *3, summed here from its parts.
    let parts = [read("{2|-1/2}"), read("^"), read("*3")];
    let zero = read("0");
    let mut expected = zero;
    for part in parts {
        expected = forms.add(expected, part);
    }
    let values: Vec<String> = answers
        .iter()
        .map(|a| a.partizan.as_ref().expect("partizan").value.clone())
        .collect::<Option<_>>()
        .expect("each value written");
    assert_eq!(forms.text(expected), values[0]);
    // A 3 × 2 cake is 0 (Winning Ways, ch. 2); 4 × 3 is 1, and 1 - 1 = 0;
    // ±1 + ±1 = 0 (each is its own negative).
    assert_eq!(values[1..], ["{1|0}", "0", "0"]);
    assert_eq!(answers[2].outcome, Outcome::P);
    // {2|-1/2}: Left's winning move is to 2, Right's to -1/2.
    let first = answers[0].partizan.as_ref().expect("partizan");
    assert_eq!(first.values, ["{2|-1/2}", "^", "*3"]);
    let to = |moves: &[gamelang::ValueMove]| -> Vec<String> {
        moves.iter().map(|m| m.to.clone()).collect()
    };
    assert_eq!(to(&first.left_value_moves), ["2"]);
    assert_eq!(to(&first.right_value_moves), ["-1/2"]);
    // Every value printed, written back in a file, is the same value.
    let again: String = values.iter().map(|v| format!("analyze {v}\n")).collect();
    let reread: Vec<String> = analyzed(&again)
        .iter()
        .map(|a| a.partizan.as_ref().expect("partizan").value.clone())
        .collect::<Option<_>>()
        .expect("each value written");
    assert_eq!(reread, values);
}

#[test]
fn sums_of_games_born_by_day_3_agree_with_pycgt() {
    // tests/data/pycgt_day3_sums.txt: pycgt 0.2.0 (MIT), generated by the
    // command its header names. Each component is written as drawn (not
    // canonical); the canonical form of the sum, its outcome, stops,
    // temperature and mean are pycgt's.
    let text = include_str!("../data/pycgt_day3_sums.txt");
    let mut forms = Forms::new();
    let read = |forms: &mut Forms, text: &str| -> Form {
        let written = gamelang::read_value(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        forms.written(&written).expect("a short value")
    };
    let sum_of = |forms: &mut Forms, components: &str| -> Form {
        let mut total = forms.zero();
        for component in components.split(" , ") {
            let g = read(forms, component);
            total = forms.add(total, g);
        }
        total
    };
    let (mut sums, mut comparisons) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" ; ").collect();
        match fields.as_slice() {
            [
                "sum",
                components,
                canonical,
                outcome,
                left,
                right,
                temperature,
                mean,
                shown,
            ] => {
                let total = sum_of(&mut forms, components);
                let expected = read(&mut forms, canonical);
                assert_eq!(total, expected, "{shown}: {}", forms.text(total));
                assert_eq!(forms.outcome(total).letter(), *outcome, "{shown}");
                assert_eq!(forms.left_stop(total).to_string(), *left, "{shown}");
                assert_eq!(forms.right_stop(total).to_string(), *right, "{shown}");
                let t = forms.temperature(total).expect("a temperature");
                assert_eq!(t.to_string(), *temperature, "{shown}");
                let m = forms.mean(total).expect("a mean");
                assert_eq!(m.to_string(), *mean, "{shown}");
                sums += 1;
            }
            ["compare", a, b, relation] => {
                let (a, b) = (sum_of(&mut forms, a), sum_of(&mut forms, b));
                let ours = match forms.compare(a, b) {
                    Relation::Less => "<",
                    Relation::Greater => ">",
                    Relation::Equal => "=",
                    Relation::Fuzzy => "||",
                };
                assert_eq!(ours, *relation);
                comparisons += 1;
            }
            other => panic!("a line of neither kind: {other:?}"),
        }
    }
    assert_eq!((sums, comparisons), (40, 10));
}

#[test]
fn a_written_value_is_shown_as_it_reads_back() {
    // Every written value reads back from how it is shown as the same
    // form: the rows of a statement of many positions show it so.
    let mut forms = Forms::new();
    for text in [
        "0",
        "-3/2",
        "^*",
        "v3*2",
        "1^",
        "+-1",
        "+-{2|1}",
        "{1|0||0}",
        "{0,{1|0}|-1}",
        "{|}",
    ] {
        let written = gamelang::read_value(text).expect("a value");
        let shown = written.to_string();
        let again = gamelang::read_value(&shown).expect("reads back");
        assert_eq!(
            forms.written(&again).expect("a short value"),
            forms.written(&written).expect("a short value"),
            "{text} shown {shown}"
        );
    }
    let program = super::common::load_text(
        "partizan.game",
        "game nim { heaps 1; take 1.. }\nanalyze nim at 1..2 + {1 | 0}\n",
        &[],
    );
    let questions = gamelang::questions(&program, None, &[]).expect("questions");
    let rows: Vec<String> = questions.iter().map(gamelang::asked_text).collect();
    assert_eq!(rows, ["nim at 1 + {1|0}", "nim at 2 + {1|0}"]);
}

/// G + H by the definition, {G^L + H, G + H^L | G^R + H, G + H^R}, made
/// canonical by `Forms::game` alone: none of the store's own sums.
fn plain_sum(
    forms: &mut Forms,
    g: Form,
    h: Form,
    memo: &mut std::collections::HashMap<(Form, Form), Form>,
) -> Form {
    if let Some(&known) = memo.get(&(g, h)) {
        return known;
    }
    let (gl, gr, hl, hr) = (forms.left(g), forms.right(g), forms.left(h), forms.right(h));
    let mut left: Vec<Form> = gl.iter().map(|&o| plain_sum(forms, o, h, memo)).collect();
    left.extend(hl.iter().map(|&o| plain_sum(forms, g, o, memo)));
    let mut right: Vec<Form> = gr.iter().map(|&o| plain_sum(forms, o, h, memo)).collect();
    right.extend(hr.iter().map(|&o| plain_sum(forms, g, o, memo)));
    let sum = forms.game(&left, &right);
    memo.insert((g, h), sum);
    sum
}

/// -G by the definition, {-G^R | -G^L}, made canonical by `Forms::game`.
fn plain_neg(forms: &mut Forms, g: Form) -> Form {
    let (gl, gr) = (forms.left(g), forms.right(g));
    let left: Vec<Form> = gr.iter().map(|&o| plain_neg(forms, o)).collect();
    let right: Vec<Form> = gl.iter().map(|&o| plain_neg(forms, o)).collect();
    forms.game(&left, &right)
}

/// *m by the definition, {*0, ..., *(m - 1) | *0, ..., *(m - 1)}, made
/// canonical by `Forms::game`.
fn plain_nimber(forms: &mut Forms, m: u32) -> Form {
    let mut below = vec![forms.zero()];
    for _ in 0..m {
        let next = forms.game(&below, &below);
        below.push(next);
    }
    below[m as usize]
}

#[test]
fn ups_and_nimbers_built_from_their_forms_are_the_sums_of_the_definition() {
    // n·↑ + *m built from its canonical form ({0 | (n - 1)·↑ + *(m ⊕ 1)},
    // ↑* = {0, * | 0}; Winning Ways ch. 3), and its negative, against the
    // sum of n ups and *m by the definition: n up to 9, m up to 9.
    let mut forms = Forms::new();
    let mut memo = std::collections::HashMap::new();
    let zero = forms.zero();
    let star = plain_nimber(&mut forms, 1);
    let up = forms.game(&[zero], &[star]);
    for m in 0..10 {
        let mut sum = plain_nimber(&mut forms, m);
        assert_eq!(forms.nimber(m), sum, "*{m}");
        for n in 0..10 {
            let minus = plain_neg(&mut forms, sum);
            assert_eq!(forms.uptimal(n, m), sum, "{n}·↑ + *{m}");
            assert_eq!(forms.uptimal(-n, m), minus, "{n}·↓ + *{m}");
            assert_eq!(
                forms.text(sum),
                gamelang::Written::NumberUpStar {
                    number: Dyadic::zero(),
                    ups: n,
                    star: m,
                }
                .to_string()
            );
            sum = plain_sum(&mut forms, sum, up, &mut memo);
        }
    }
}

#[test]
fn sums_and_negatives_of_numbers_ups_and_nimbers_are_those_of_the_definition() {
    // (x + n·↑ + *m) + (y + k·↑ + *j) = (x + y) + (n + k)·↑ + *(m ⊕ j), the
    // store's short way, against the sum by the definition; and -(x + n·↑
    // + *m) against the negative by the definition.
    let mut forms = Forms::new();
    let numbers = [Dyadic::zero(), Dyadic::integer(1), Dyadic::new(-3, 1)];
    let mut values = Vec::new();
    for x in &numbers {
        for n in -3..=3 {
            for m in 0..4 {
                values.push(forms.number_up_star_form(x, n, m));
            }
        }
    }
    let mut plain = Forms::new();
    let mut plain_memo = std::collections::HashMap::new();
    for &g in &values {
        let tree_g = tree(&mut forms, g);
        let g_there = from_tree(&mut plain, &tree_g);
        let minus = forms.neg(g);
        let minus_there = plain_neg(&mut plain, g_there);
        assert!(eq(&tree(&mut plain, minus_there), &tree(&mut forms, minus)));
        for &h in &values {
            let sum = forms.add(g, h);
            let h_there = from_tree(&mut plain, &tree(&mut forms, h));
            let plain_sum = plain_sum(&mut plain, g_there, h_there, &mut plain_memo);
            assert_eq!(
                forms.text(sum),
                plain.text(plain_sum),
                "{} + {}",
                forms.text(g),
                forms.text(h)
            );
        }
    }
}

/// A plain tree's canonical form, made by `Forms::game` alone.
fn from_tree(forms: &mut Forms, t: &Tree) -> Form {
    let left: Vec<Form> = t.left.iter().map(|o| from_tree(forms, o)).collect();
    let right: Vec<Form> = t.right.iter().map(|o| from_tree(forms, o)).collect();
    forms.game(&left, &right)
}

#[test]
fn uptimals_are_known_by_their_options_and_compared_as_their_definitions() {
    // x + n·↑ + *m built from the definition (a sum of plain trees: x,
    // n copies of ↑ = {0 | *} or ↓, *m) in one store, where only its
    // options tell what it is, must be written as the same value built as
    // an uptimal in another store; and the store's comparisons of uptimals
    // (answered by arithmetic, Winning Ways ch. 3) with every game born by
    // day 3 must be the definition's.
    fn number(x: i64, halves: bool) -> Tree {
        // x or x + 1/2 for x ≥ 0, as its canonical tree.
        let mut t = Tree {
            left: vec![],
            right: vec![],
        };
        for _ in 0..x {
            t = Tree {
                left: vec![t],
                right: vec![],
            };
        }
        if halves {
            let next = Tree {
                left: vec![t.clone()],
                right: vec![],
            };
            t = Tree {
                left: vec![t],
                right: vec![next],
            };
        }
        t
    }
    fn nimber(m: u32) -> Tree {
        let below: Vec<Tree> = (0..m).map(nimber).collect();
        Tree {
            left: below.clone(),
            right: below,
        }
    }
    let up = Tree {
        left: vec![number(0, false)],
        right: vec![nimber(1)],
    };
    let mut by_options = Forms::new();
    let mut built = Forms::new();
    let mut uptimals = Vec::new();
    for (x, halves) in [(0, false), (0, true), (1, false)] {
        for n in -2i64..=2 {
            for m in 0..3u32 {
                let mut t = sum(&number(x, halves), &nimber(m));
                for _ in 0..n.abs() {
                    t = sum(&t, &if n > 0 { up.clone() } else { neg(&up) });
                }
                let f = form_of(&mut by_options, &t);
                let value = Dyadic::new(2 * x + i64::from(halves), 1);
                let g = built.number_up_star_form(&value, n, m);
                assert_eq!(by_options.text(f), built.text(g), "{x} {halves} {n} {m}");
                uptimals.push(f);
            }
        }
    }
    let day3 = born_by(&mut by_options, 3).pop().unwrap_or_default();
    let trees: Vec<Tree> = uptimals.iter().map(|&f| tree(&mut by_options, f)).collect();
    for (&u, ut) in uptimals.iter().zip(&trees) {
        for (&v, vt) in uptimals.iter().zip(&trees) {
            assert_eq!(by_options.le(u, v), le(ut, vt));
        }
    }
    for &g in &day3 {
        let gt = tree(&mut by_options, g);
        for (&u, ut) in uptimals.iter().zip(&trees) {
            assert_eq!(by_options.le(g, u), le(&gt, ut), "{}", by_options.text(g));
            assert_eq!(by_options.le(u, g), le(ut, &gt), "{}", by_options.text(g));
        }
    }
}

#[test]
fn powers_of_up_are_their_definitions_and_are_written_as_cgsuite_writes_them() {
    // ↑¹ = ↑ = {0 | *}, ↑ⁿ = {0 | ↓^{→(n−1)}*} and ↑^{→n} = ↑ + ↑² + ... +
    // ↑ⁿ (Siegel, CGT §II.4), built here by the plain definitions of the
    // sum and the negative, n to 10; each with a number and a nimber
    // beside, written (`1/2^<3>*2`, `-3v[4]`) and read back as itself.
    use gamelang::{PowerOfUp, Written};
    let mut forms = Forms::new();
    let mut memo = HashMap::new();
    let zero = forms.zero();
    let star = plain_nimber(&mut forms, 1);
    let numbers = [Dyadic::zero(), Dyadic::new(1, 1), Dyadic::integer(-3)];
    let mut below = zero; // ↑^{→(n−1)}
    for n in 1..=10u32 {
        let down = plain_neg(&mut forms, below);
        let right = plain_sum(&mut forms, down, star, &mut memo);
        let power = forms.game(&[zero], &[right]);
        let summed = plain_sum(&mut forms, below, power, &mut memo);
        if n >= 2 {
            // The shape by which a form is known as ↑^{→n}: {↑^{→(n−1)} | *}.
            assert_eq!(
                (forms.left(summed), forms.right(summed)),
                (vec![below], vec![star])
            );
        }
        for (is_summed, up) in [(false, power), (true, summed)] {
            for is_down in [false, true] {
                let p = PowerOfUp {
                    exponent: n,
                    summed: is_summed,
                    down: is_down,
                };
                let g = if is_down {
                    plain_neg(&mut forms, up)
                } else {
                    up
                };
                assert_eq!(forms.power_of_up(p), g, "{p:?}");
                for number in &numbers {
                    for m in 0..4 {
                        let (x, nimber) =
                            (forms.number(number.clone()), plain_nimber(&mut forms, m));
                        let with_x = plain_sum(&mut forms, g, x, &mut memo);
                        let whole = plain_sum(&mut forms, with_x, nimber, &mut memo);
                        let written = match n {
                            1 => Written::NumberUpStar {
                                number: number.clone(),
                                ups: if is_down { -1 } else { 1 },
                                star: m,
                            },
                            _ => Written::UpPower {
                                number: number.clone(),
                                power: p,
                                star: m,
                            },
                        };
                        let text = written.to_string();
                        assert_eq!(forms.text(whole), text, "{p:?} + {number} + *{m}");
                        let read = gamelang::read_value(&text).expect("a value");
                        assert_eq!(forms.written(&read), Some(whole), "{text}");
                    }
                }
            }
        }
        below = summed;
    }
    // CGSuite's own assertions (lib/core/src/test/scala/org/cgsuite/lang/,
    // EvalTest and CanonicalShortGameTestCase, commit e909ab8, 2024): a
    // form as CGSuite reads it, and as it prints it.
    for (text, printed) in [
        ("{0|v*}", "^<2>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("{0,^*|0}", "^[2]*"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("^[4]+*", "^[4]*"),
        ("^[3]-^[4]", "v<4>"),
        ("^[4]-^[4]", "0"),
    ] {
        let read = gamelang::read_value(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let form = forms.written(&read).expect("a short value");
        assert_eq!(forms.text(form), printed, "{text}");
    }
    let error = |text: &str| gamelang::read_value(text).expect_err(text);
    assert!(error("^<0>").message.contains("from 1 to 64"));
    assert!(error("v[65]").message.contains("from 1 to 64"));
    assert!(error("^<2]").message.contains("closed by `>`"));
    assert!(error("^[").message.contains("exponent follows"));
}
