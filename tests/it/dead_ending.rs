//! The misère forms of the dead-ending universe E (`MisereForms`) against
//! their definitions, written here plainly: a game is a tree of options;
//! its misère outcome is found by playing sums out (the player to move who
//! cannot move wins); G ≥ H in E where o(G + X) ≥ o(H + X) for every X of
//! E (Milley and Renault 2013; Larsson, Milley, Nowakowski, Renault and
//! Santos, arXiv 1807.11297). Every X cannot be tried: the X tried are
//! every game of E born by day 2 and sums of two of them, so the test can
//! refute a ≥ the store finds, and on the games born by day 2, where the X
//! tried tell every pair apart that the store does, it checks both ways.

use std::collections::HashMap;

use gamelang::{Misere, MisereForms, Outcome, Side};

/// Plain games: each its Left and Right options, by index.
#[derive(Default)]
struct Plain {
    games: Vec<(Vec<usize>, Vec<usize>)>,
    ids: HashMap<(Vec<usize>, Vec<usize>), usize>,
    wins: HashMap<(Vec<usize>, bool), bool>,
}

impl Plain {
    fn game(&mut self, mut left: Vec<usize>, mut right: Vec<usize>) -> usize {
        left.sort();
        left.dedup();
        right.sort();
        right.dedup();
        let key = (left, right);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        self.games.push(key.clone());
        self.ids.insert(key, self.games.len() - 1);
        self.games.len() - 1
    }

    fn options(&self, g: usize, left: bool) -> &[usize] {
        match left {
            true => &self.games[g].0,
            false => &self.games[g].1,
        }
    }

    /// Every follower of g that is an end of one player's is a dead end:
    /// that player has no move there, nor anywhere after it.
    fn dead_ending(&self, g: usize) -> bool {
        let dead = |mut at: Vec<usize>, left: bool| {
            while let Some(x) = at.pop() {
                if !self.options(x, left).is_empty() {
                    return false;
                }
                at.extend_from_slice(self.options(x, !left));
            }
            true
        };
        let mut all = vec![g];
        while let Some(x) = all.pop() {
            for left in [true, false] {
                if self.options(x, left).is_empty() && !dead(vec![x], left) {
                    return false;
                }
            }
            all.extend_from_slice(&self.games[x].0);
            all.extend_from_slice(&self.games[x].1);
        }
        true
    }

    /// Whether the player to move (Left where `left`) wins the sum of
    /// `parts` in misère play.
    fn wins(&mut self, parts: &[usize], left: bool) -> bool {
        let mut parts: Vec<usize> = parts.iter().copied().filter(|&p| p != 0).collect();
        parts.sort();
        if let Some(&won) = self.wins.get(&(parts.clone(), left)) {
            return won;
        }
        let mut moved = false;
        let mut won = false;
        'all: for i in 0..parts.len() {
            for &o in &self.options(parts[i], left).to_vec() {
                moved = true;
                let mut after = parts.clone();
                after[i] = o;
                if !self.wins(&after, !left) {
                    won = true;
                    break 'all;
                }
            }
        }
        let won = won || !moved;
        self.wins.insert((parts, left), won);
        won
    }

    /// (Left wins moving first, Left wins with Right moving first) for
    /// each sum g + X.
    fn outcomes(&mut self, g: usize, xs: &[Vec<usize>]) -> Vec<(bool, bool)> {
        (xs.iter())
            .map(|x| {
                let mut parts = x.clone();
                parts.push(g);
                (self.wins(&parts, true), !self.wins(&parts, false))
            })
            .collect()
    }

    /// The store's reduced form of g, its options reduced first.
    fn reduced(
        &self,
        g: usize,
        store: &mut MisereForms,
        done: &mut HashMap<usize, Misere>,
    ) -> Misere {
        if let Some(&f) = done.get(&g) {
            return f;
        }
        let (left, right) = self.games[g].clone();
        let left: Vec<Misere> = left.iter().map(|&o| self.reduced(o, store, done)).collect();
        let right: Vec<Misere> = right
            .iter()
            .map(|&o| self.reduced(o, store, done))
            .collect();
        let f = store.game(&left, &right);
        done.insert(g, f);
        f
    }

    /// The store's form back as a plain game.
    fn of_form(&mut self, f: Misere, store: &MisereForms) -> usize {
        let left = (store.options(f, Side::Left).to_vec().into_iter())
            .map(|o| self.of_form(o, store))
            .collect();
        let right = (store.options(f, Side::Right).to_vec().into_iter())
            .map(|o| self.of_form(o, store))
            .collect();
        self.game(left, right)
    }

    fn text(&self, g: usize) -> String {
        let list = |xs: &[usize]| {
            xs.iter()
                .map(|&x| self.text(x))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("{{{}|{}}}", list(&self.games[g].0), list(&self.games[g].1))
    }

    fn conjugate(&mut self, g: usize) -> usize {
        let (left, right) = self.games[g].clone();
        let new_left = right.iter().map(|&o| self.conjugate(o)).collect();
        let new_right = left.iter().map(|&o| self.conjugate(o)).collect();
        self.game(new_left, new_right)
    }
}

/// Every game born by day 2 (0 first), and those of E among them.
fn day_two(plain: &mut Plain) -> (Vec<usize>, Vec<usize>) {
    let zero = plain.game(vec![], vec![]);
    let mut born = vec![zero];
    for _ in 0..2 {
        let subsets: Vec<Vec<usize>> = (0..1usize << born.len())
            .map(|bits| {
                (0..born.len())
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| born[i])
                    .collect()
            })
            .collect();
        let mut next = Vec::new();
        for l in &subsets {
            for r in &subsets {
                next.push(plain.game(l.clone(), r.clone()));
            }
        }
        next.sort();
        next.dedup();
        born = next;
    }
    let e = born
        .iter()
        .copied()
        .filter(|&g| plain.dead_ending(g))
        .collect();
    (born, e)
}

/// The X tried: every game of E born by day 2, and every 7th sum of two.
fn tried(e: &[usize]) -> Vec<Vec<usize>> {
    let mut xs: Vec<Vec<usize>> = e.iter().map(|&x| vec![x]).collect();
    let mut k = 0;
    for (i, &a) in e.iter().enumerate() {
        for &b in &e[i..] {
            k += 1;
            if k % 7 == 0 {
                xs.push(vec![a, b]);
            }
        }
    }
    xs
}

/// o(G + X) ≥ o(H + X) for every X tried: Left wins G + X (moving first,
/// and with Right first) wherever she wins H + X.
fn at_least(g: &[(bool, bool)], h: &[(bool, bool)]) -> bool {
    g.iter().zip(h).all(|(g, h)| (g.0 || !h.0) && (g.1 || !h.1))
}

#[test]
fn the_comparison_is_the_definitions_on_every_game_born_by_day_two() {
    let mut plain = Plain::default();
    let (born, e) = day_two(&mut plain);
    // 256 forms born by day 2; 232 of them dead-ending.
    assert_eq!((born.len(), e.len()), (256, 232));
    let xs = tried(&e);
    let mut store = MisereForms::new();
    let mut done = HashMap::new();
    let outcomes: Vec<Vec<(bool, bool)>> = e.iter().map(|&g| plain.outcomes(g, &xs)).collect();
    let forms: Vec<Misere> = (e.iter())
        .map(|&g| plain.reduced(g, &mut store, &mut done))
        .collect();
    for i in 0..e.len() {
        for j in 0..e.len() {
            let seen = at_least(&outcomes[i], &outcomes[j]);
            assert_eq!(
                store.ge(forms[i], forms[j]),
                seen,
                "{:?} ≥ {:?}",
                store.text(forms[i]),
                store.text(forms[j])
            );
        }
        assert!(store.dead_ending(forms[i]));
        // The reduced form is played as the game is.
        let back = plain.of_form(forms[i], &store);
        assert_eq!(
            plain.outcomes(back, &xs),
            outcomes[i],
            "{:?}",
            store.text(forms[i])
        );
        assert_eq!(store.outcome(forms[i]), outcome_of(outcomes[i][0]));
    }
    // Equal games, one form: as many forms as classes of games the X tell
    // apart (196).
    let mut forms_met: Vec<Misere> = forms.clone();
    forms_met.sort();
    forms_met.dedup();
    let mut classes = outcomes.clone();
    classes.sort();
    classes.dedup();
    assert_eq!((forms_met.len(), classes.len()), (196, 196));
}

fn outcome_of((left_first, right_first): (bool, bool)) -> Outcome {
    match (left_first, right_first) {
        (true, true) => Outcome::L,
        (false, false) => Outcome::R,
        (true, false) => Outcome::N,
        (false, true) => Outcome::P,
    }
}

#[test]
fn strength_is_the_definitions_on_trees_of_rights_moves() {
    // Left-strong: Left moving first wins G + X for every tree X of Right's
    // moves alone (every Left end of E). Tried on every tree born by day 3
    // and 300 born by day 4 (a fixed sample), beside every game of E born
    // by day 2; Right-strong likewise, on the trees' conjugates.
    let mut plain = Plain::default();
    let (_, e) = day_two(&mut plain);
    let zero = plain.game(vec![], vec![]);
    let mut trees = vec![zero];
    for _ in 0..3 {
        let subsets: Vec<Vec<usize>> = (0..1usize << trees.len())
            .map(|bits| {
                (0..trees.len())
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| trees[i])
                    .collect()
            })
            .collect();
        trees = subsets.into_iter().map(|r| plain.game(vec![], r)).collect();
        trees.sort();
        trees.dedup();
    }
    assert_eq!(trees.len(), 16);
    let mut seed: u64 = 99;
    for _ in 0..300 {
        let mut options = Vec::new();
        for &t in &trees[..16] {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if seed >> 63 == 1 {
                options.push(t);
            }
        }
        let tree = plain.game(vec![], options);
        trees.push(tree);
    }
    let conjugates: Vec<usize> = trees.iter().map(|&t| plain.conjugate(t)).collect();
    let mut store = MisereForms::new();
    let mut done = HashMap::new();
    let mut strong = [0, 0];
    for &g in &e {
        let f = plain.reduced(g, &mut store, &mut done);
        let left = trees.iter().all(|&x| plain.wins(&[g, x], true));
        let right = conjugates.iter().all(|&x| plain.wins(&[g, x], false));
        assert_eq!(store.strong(f, Side::Left), left, "{:?}", store.text(f));
        assert_eq!(store.strong(f, Side::Right), right, "{:?}", store.text(f));
        strong[0] += usize::from(left);
        strong[1] += usize::from(right);
    }
    // Both kinds are met, and not everywhere.
    assert!(strong.iter().all(|&n| n > 0 && n < e.len()), "{strong:?}");
}

#[test]
fn games_born_by_day_three_reduce_to_forms_played_as_they_are() {
    // 300 games of E born by day 3, each its options drawn from the games
    // of E born by day 2 (a fixed sample): each reduced form plays as its
    // game against every X tried, and no ≥ the store finds is refuted.
    let mut plain = Plain::default();
    let (_, e) = day_two(&mut plain);
    let xs = tried(&e);
    let mut store = MisereForms::new();
    let mut done = HashMap::new();
    let mut seed: u64 = 12345;
    let mut draw = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut sample = Vec::new();
    while sample.len() < 300 {
        let left = (0..draw(4)).map(|_| e[draw(e.len())]).collect();
        let right = (0..draw(4)).map(|_| e[draw(e.len())]).collect();
        let g = plain.game(left, right);
        if plain.dead_ending(g) {
            sample.push(g);
        }
    }
    let outcomes: Vec<Vec<(bool, bool)>> = sample.iter().map(|&g| plain.outcomes(g, &xs)).collect();
    let forms: Vec<Misere> = (sample.iter())
        .map(|&g| plain.reduced(g, &mut store, &mut done))
        .collect();
    for (i, &f) in forms.iter().enumerate() {
        let back = plain.of_form(f, &store);
        assert_eq!(
            plain.outcomes(back, &xs),
            outcomes[i],
            "{:?} of {}",
            store.text(f),
            plain.text(sample[i])
        );
    }
    for (i, &f) in forms.iter().enumerate() {
        for (j, &h) in forms.iter().enumerate() {
            // Equal games get one form.
            assert!(f == h || !(store.ge(f, h) && store.ge(h, f)));
            if store.ge(f, h) {
                assert!(
                    at_least(&outcomes[i], &outcomes[j]),
                    "{:?} ≥ {:?}",
                    store.text(f),
                    store.text(h)
                );
            }
        }
    }
}

#[test]
fn known_values() {
    let mut store = MisereForms::new();
    let zero = store.zero();
    let one = store.integer(1);
    let minus_one = store.integer(-1);
    let star = store.game(&[zero], &[zero]);
    assert_eq!(store.text(star).as_deref(), Some("{0|0}"));
    // * + * is not 0 in E (it is among the dicots alone; the first test
    // tells them apart by the definition), while 1 + (−1) = {−1 | 1} is.
    let stars = store.add(star, star);
    assert_eq!(store.text(stars).as_deref(), Some("{{0|0}|{0|0}}"));
    assert_eq!(store.game(&[minus_one], &[one]), zero);
    assert_eq!(store.add(one, minus_one), zero);
    // Right's move to 2 in {0 | 2} reverses through the end 1, and is left
    // out: {0 | 2} = {0 | } = 1.
    let two = store.integer(2);
    assert_eq!(store.game(&[zero], &[two]), one);
    // Distinct integers are incomparable: a move of one's own is a burden
    // at the end and a tempo before it.
    assert!(!store.ge(zero, one) && !store.ge(one, zero));
    assert!(!store.ge(zero, minus_one) && !store.ge(minus_one, zero));
    // n + (−n) = 0 (Milley and Renault 2013; proved in Lean in
    // misere-games, `DeadEnding.int_add_neg_misereEQ'`).
    let two = store.integer(2);
    let minus_two = store.conjugate(two);
    assert_eq!(minus_two, store.integer(-2));
    assert_eq!(store.add(two, minus_two), zero);
    assert_eq!(store.text(minus_two).as_deref(), Some("-2"));
}

impl Plain {
    /// A form as `MisereForms::text` writes it (`{-1|0,1}`, `2`), read.
    fn read(&mut self, text: &str) -> usize {
        let mut at = 0;
        let bytes = text.as_bytes();
        let g = self.read_at(bytes, &mut at);
        assert_eq!(at, bytes.len(), "{text}");
        g
    }

    fn read_at(&mut self, text: &[u8], at: &mut usize) -> usize {
        if text[*at] != b'{' {
            let start = *at;
            while *at < text.len() && (text[*at] == b'-' || text[*at].is_ascii_digit()) {
                *at += 1;
            }
            let n: i64 = std::str::from_utf8(&text[start..*at])
                .unwrap()
                .parse()
                .unwrap();
            let mut g = self.game(vec![], vec![]);
            for _ in 0..n.unsigned_abs() {
                g = match n > 0 {
                    true => self.game(vec![g], vec![]),
                    false => self.game(vec![], vec![g]),
                };
            }
            return g;
        }
        *at += 1;
        let mut sides = [Vec::new(), Vec::new()];
        let mut side = 0;
        loop {
            match text[*at] {
                b'|' => {
                    side = 1;
                    *at += 1;
                }
                b',' => *at += 1,
                b'}' => {
                    *at += 1;
                    break;
                }
                _ => {
                    let option = self.read_at(text, at);
                    sides[side].push(option);
                }
            }
        }
        let [left, right] = sides;
        self.game(left, right)
    }

    /// The plain game of a Domineering board (common::domineering_moves).
    fn domineering(
        &mut self,
        empty: u32,
        size: (u32, u32),
        done: &mut HashMap<u32, usize>,
    ) -> usize {
        if let Some(&g) = done.get(&empty) {
            return g;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (i, left) in [true, false].into_iter().enumerate() {
            for after in super::common::domineering_moves(empty, size, left) {
                sides[i].push(self.domineering(after, size, done));
            }
        }
        let [left, right] = sides;
        let g = self.game(left, right);
        done.insert(empty, g);
        g
    }
}

#[test]
fn misere_domineering_values_play_as_the_boards() {
    // Issue 73: every board of 1 × 1 to 3 × 3 with every set of its cells
    // removed, analyzed misère: its value, read back, plays as the board
    // itself (a plain game tree of its moves) against every X tried, and
    // says who wins as the answer does.
    let game = std::fs::read_to_string(super::common::root().join("games/misere_domineering.game"))
        .expect("games/misere_domineering.game");
    let game: Vec<&str> = (game.lines())
        .filter(|line| !line.starts_with("analyze"))
        .collect();
    let mut asked = String::new();
    let mut boards = Vec::new();
    for size in [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)] {
        for empty in 0..1u32 << (size.0 * size.1) {
            boards.push((size, empty));
            let board = super::common::domineering_board(empty, size);
            asked.push_str(&format!("analyze domineering at {board}\n"));
        }
    }
    let answers = super::partizan::analyzed(&format!("{}\n{asked}", game.join("\n")));
    assert_eq!(answers.len(), boards.len());
    let mut plain = Plain::default();
    let (_, e) = day_two(&mut plain);
    let xs = tried(&e);
    let mut met = std::collections::BTreeSet::new();
    for (answer, &(size, empty)) in answers.iter().zip(&boards) {
        let loopy = answer.loopy.as_ref().expect("who wins each way");
        let Some(gamelang::MisereValue::Form(Some(text))) = &loopy.misere else {
            panic!("{size:?} {empty:b}: {:?}", loopy.misere);
        };
        let mut done = HashMap::new();
        let board = plain.domineering(empty, size, &mut done);
        let value = plain.read(text);
        assert_eq!(
            plain.outcomes(value, &xs),
            plain.outcomes(board, &xs),
            "{size:?} {empty:b}: {text}"
        );
        let left_first = plain.wins(&[value], true);
        let right_first = !plain.wins(&[value], false);
        assert_eq!(answer.outcome, outcome_of((left_first, right_first)));
        met.insert(text.clone());
    }
    // Boards of many values were met, among them the 2 × 2 square's.
    assert!(met.len() > 20, "{met:?}");
    assert!(met.contains("{1|-1}"));
}

#[test]
fn a_game_that_is_not_dead_ending_has_no_misere_value() {
    // At 2, Left has no move; Right's move to 1 gives her one: the game is
    // outside E, and its answer says so, with the code and the position.
    let answers = super::partizan::analyzed(
        "game parity {\n    play misere\n    position (n)\n    left move odd { require n % 2 == 1; n -= 1 }\n    right move even { require n > 0 and n % 2 == 0; n -= 1 }\n}\nanalyze parity at (4)\nanalyze parity at (1)\n",
    );
    let loopy = answers[0].loopy.as_ref().expect("who wins each way");
    let Some(gamelang::MisereValue::Outside { position, side, .. }) = &loopy.misere else {
        panic!("{:?}", loopy.misere);
    };
    assert_eq!((position.to_string(), *side), ("2".to_string(), Side::Left));
    let text = gamelang::answer_text(&answers[0], &|_| None);
    assert!(
        text.contains(gamelang::MISERE_OUTSIDE) && text.contains("at (n = 2)"),
        "{text}"
    );
    // From 1 play never meets 2: {0 | } = 1.
    let loopy = answers[1].loopy.as_ref().expect("who wins each way");
    assert_eq!(
        loopy.misere,
        Some(gamelang::MisereValue::Form(Some("1".to_string())))
    );
}
