//! A scoring game's box valued row by row (`search::scoring`, rows: every
//! rule a fixed shift), held against plain recursive negamax written here
//! over a model of the same rules: random games of requires affine in the
//! heaps, points a number, affine or an item of a list, heaps moved by
//! numbers, `again`; and coins in a row of 2,000 against the interval dp.

use std::collections::HashMap;

use gamelang::search::Options;
use gamelang::search::scoring::ScoringSearch;

use super::common::load_text;

/// `c + k[0] × a + k[1] × b + ...` over the heaps.
#[derive(Clone, Debug)]
struct Affine {
    c: i128,
    k: Vec<i128>,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
}

#[derive(Clone, Debug)]
enum Points {
    Affine(Affine),
    Item(Affine),
}

/// One rule: its requires (each `a OP b`, or `not (a OP b)`), its points,
/// each heap's change, and `again`.
#[derive(Clone, Debug)]
struct Rule {
    requires: Vec<(Affine, Op, Affine, bool)>,
    points: Option<Points>,
    moved: Vec<i128>,
    again: bool,
}

const NAMES: [&str; 3] = ["a", "b", "c"];

impl Affine {
    fn at(&self, heaps: &[i128]) -> i128 {
        self.c + (self.k.iter().zip(heaps)).map(|(k, h)| k * h).sum::<i128>()
    }

    fn text(&self) -> String {
        let mut out = self.c.to_string();
        for (k, name) in self.k.iter().zip(NAMES) {
            match k.signum() {
                1 => out += &format!(" + {k} * {name}"),
                -1 => out += &format!(" - {} * {name}", -k),
                _ => {}
            }
        }
        out
    }
}

impl Op {
    fn holds(self, a: i128, b: i128) -> bool {
        match self {
            Op::Lt => a < b,
            Op::Le => a <= b,
            Op::Gt => a > b,
            Op::Ge => a >= b,
            Op::Eq => a == b,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "==",
        }
    }
}

/// A game's rules with its list, as text and as the model.
struct Model {
    list: Vec<i128>,
    rules: Vec<Rule>,
}

/// Why the model has no value: a rule fails, or play goes round.
#[derive(Debug, PartialEq)]
struct Fails;

impl Model {
    fn text(&self) -> String {
        let heaps = self.rules[0].moved.len();
        let list: Vec<String> = self.list.iter().map(i128::to_string).collect();
        let mut text = format!(
            "game g(v = [{}]) {{\n    position ({})\n",
            list.join(", "),
            NAMES[..heaps].join(", ")
        );
        for (r, rule) in self.rules.iter().enumerate() {
            let mut body = Vec::new();
            for (a, op, b, not) in &rule.requires {
                let test = format!("{} {} {}", a.text(), op.text(), b.text());
                body.push(match not {
                    true => format!("require not ({test})"),
                    false => format!("require {test}"),
                });
            }
            match &rule.points {
                Some(Points::Affine(p)) => body.push(format!("score += {}", p.text())),
                Some(Points::Item(i)) => body.push(format!("score += v[{}]", i.text())),
                None => {}
            }
            for (by, name) in rule.moved.iter().zip(NAMES) {
                match by.signum() {
                    1 => body.push(format!("{name} += {by}")),
                    -1 => body.push(format!("{name} -= {}", -by)),
                    _ => {}
                }
            }
            if rule.again {
                body.push("again".into());
            }
            text += &format!("    move r{r} {{ {} }}\n", body.join("; "));
        }
        text + "}\n"
    }

    /// Each move from `heaps`: its points, where it leads, `again`.
    fn moves(&self, heaps: &[i128]) -> Result<Vec<(i128, Vec<i128>, bool)>, Fails> {
        let mut out = Vec::new();
        'rules: for rule in &self.rules {
            for (a, op, b, not) in &rule.requires {
                if op.holds(a.at(heaps), b.at(heaps)) == *not {
                    continue 'rules;
                }
            }
            let points = match &rule.points {
                None => 0,
                Some(Points::Affine(p)) => p.at(heaps),
                Some(Points::Item(i)) => {
                    let index = i.at(heaps);
                    if index < 1 || index > self.list.len() as i128 {
                        return Err(Fails);
                    }
                    self.list[index as usize - 1]
                }
            };
            let after: Vec<i128> = heaps.iter().zip(&rule.moved).map(|(h, d)| h + d).collect();
            if after.iter().any(|&h| h < 0) {
                return Err(Fails);
            }
            out.push((points, after, rule.again));
        }
        Ok(out)
    }

    /// Negamax by the definition, remembering values (`None`: on the
    /// stack, a cycle if met again).
    fn value(
        &self,
        heaps: &[i128],
        memo: &mut HashMap<Vec<i128>, Option<Result<i128, Fails>>>,
    ) -> Result<i128, Fails> {
        match memo.get(heaps) {
            Some(Some(Ok(v))) => return Ok(*v),
            Some(_) => return Err(Fails),
            None => {}
        }
        memo.insert(heaps.to_vec(), None);
        let value = self.moves(heaps).and_then(|moves| {
            let mut best: Option<i128> = None;
            for (points, after, again) in moves {
                let v = self.value(&after, memo)?;
                let worth = if again { points + v } else { points - v };
                best = Some(best.map_or(worth, |b| b.max(worth)));
            }
            Ok(best.unwrap_or(0))
        });
        let kept = match &value {
            Ok(v) => Ok(*v),
            Err(_) => Err(Fails),
        };
        memo.insert(heaps.to_vec(), Some(kept));
        value
    }
}

/// A fixed linear congruential sequence.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = (self.0)
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    fn between(&mut self, lo: i128, hi: i128) -> i128 {
        lo + self.below((hi - lo + 1) as u64) as i128
    }

    fn affine(&mut self, heaps: usize, most: i128) -> Affine {
        Affine {
            c: self.between(-3, 6),
            k: (0..heaps).map(|_| self.between(-most, most)).collect(),
        }
    }
}

/// A random game: each heap's way chosen first (so that most games fill
/// their box), now and then a rule against it.
fn random_model(random: &mut Random) -> Model {
    let heaps = 1 + random.below(3) as usize;
    let ways: Vec<i128> = (0..heaps).map(|_| random.between(-1, 1)).collect();
    let list = (0..1 + random.below(6))
        .map(|_| random.between(-9, 9))
        .collect();
    let rules = (0..1 + random.below(3))
        .map(|r| {
            let first = r == 0;
            let mut moved: Vec<i128> = (ways.iter())
                .map(|&w| match random.below(6) {
                    0 => random.between(-2, 2),
                    1 => 0,
                    _ => w * random.between(1, 2),
                })
                .collect();
            if moved.iter().all(|&d| d == 0) {
                moved[0] = if ways[0] == 0 { -1 } else { ways[0] };
            }
            let mut requires = Vec::new();
            for _ in 0..random.below(3) {
                let (a, b) = (random.affine(heaps, 2), random.affine(heaps, 1));
                let op = [Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq][random.below(5) as usize];
                requires.push((a, op, b, random.below(4) == 0));
            }
            // Bounds that keep play in a small box, mostly: a heap raised
            // stays at most 7; one lowered stays at least 0, but not always
            // (a heap below 0 is an error of the rule).
            for (k, &d) in moved.iter().enumerate() {
                let mut at = Affine {
                    c: 0,
                    k: vec![0; heaps],
                };
                at.k[k] = 1;
                let (bound, op) = match d.signum() {
                    1 => (7 - d, Op::Le),
                    -1 if random.below(5) > 0 => (-d, Op::Ge),
                    _ => continue,
                };
                let bound = Affine {
                    c: bound,
                    k: vec![0; heaps],
                };
                requires.push((at, op, bound, false));
            }
            let points = match random.below(4) {
                // The first rule scores: the game is a scoring game.
                0 if !first => None,
                1 => Some(Points::Affine(random.affine(heaps, 2))),
                _ => Some(Points::Item(random.affine(heaps, 1))),
            };
            Rule {
                requires,
                points,
                moved,
                again: random.below(5) == 0,
            }
        })
        .collect::<Vec<Rule>>();
    Model { list, rules }
}

fn search_of(text: &str) -> ScoringSearch {
    let program = load_text("rows.game", text, &[]);
    let game = program.games[0].default.clone().expect("checked");
    ScoringSearch::new(game, Options::default())
}

#[test]
fn random_step_games_match_the_definition_at_every_small_position() {
    let mut random = Random(29);
    let (mut asked, mut by_rows) = (0, 0);
    for _ in 0..250 {
        let model = random_model(&mut random);
        let text = model.text();
        let heaps = model.rules[0].moved.len();
        let positions: Vec<Vec<u64>> = (0..5u64.pow(heaps as u32))
            .map(|n| (0..heaps).map(|k| n / 5u64.pow(k as u32) % 5).collect())
            .collect();
        for position in positions {
            // A search of its own: its box is this position's.
            let mut search = search_of(&text);
            let heaps: Vec<i128> = position.iter().map(|&h| h as i128).collect();
            let want = model.value(&heaps, &mut HashMap::new());
            let got = search.value(&position);
            match (&want, &got) {
                (Ok(w), Ok(g)) => assert_eq!(w, g, "{text} at {position:?}"),
                (Err(_), Err(_)) => continue,
                _ => panic!("{text} at {position:?}: {want:?} but {got:?}"),
            }
            asked += 1;
            by_rows += usize::from(search.in_rows(&position));
            // Every move's worth, its target valued by the definition.
            let moves = search.moves(&position).expect("valued, so its moves are");
            let made = model.moves(&heaps).expect("valued");
            assert_eq!(moves.len(), made.len(), "{text} at {position:?}");
            for ((m, worth), (points, after, again)) in moves.iter().zip(made) {
                let v = model.value(&after, &mut HashMap::new()).expect("valued");
                assert_eq!(m.points, points);
                assert_eq!(m.again, again);
                assert_eq!(*worth, if again { points + v } else { points - v });
            }
        }
    }
    // Most positions valued come from the box filled row by row (5,937 of
    // 7,776 when written); the others' rules fail in their box, or are not
    // fixed shifts (`not (a == b)`, a rule against a heap's way).
    assert!(by_rows * 3 > asked * 2, "{by_rows} of {asked} by rows");
}

/// Coins in a row by the interval dp the contests write: `f[i][j]` (from
/// 1) = max(v_i - f(i + 1, j), v_j - f(i, j - 1)), 0 where j < i.
fn interval_dp(v: &[i128]) -> Vec<Vec<i128>> {
    let n = v.len();
    let mut f = vec![vec![0i128; n + 2]; n + 2];
    for i in (1..=n).rev() {
        for j in i..=n {
            f[i][j] = (v[i - 1] - f[i + 1][j]).max(v[j - 1] - f[i][j - 1]);
        }
    }
    f
}

/// Coins in a row of the coins `v`, as a game.
fn coins_text(v: &[i128]) -> String {
    let list: Vec<String> = v.iter().map(i128::to_string).collect();
    format!(
        "game coins(v = [{}]) {{ position (i, j)
            move take_first {{ require i <= j; score += v[i]; i += 1 }}
            move take_last {{ require i <= j; score += v[j]; j -= 1 }} }}",
        list.join(", ")
    )
}

#[test]
fn coins_in_a_row_of_two_thousand_match_the_interval_dp() {
    // Values 1 to 1000 from a fixed sequence; the dp as the contests write
    // it, f(i, j) = max(v_i - f(i + 1, j), v_j - f(i, j - 1)).
    let mut random = Random(5);
    let v: Vec<i128> = (0..2000).map(|_| random.between(1, 1000)).collect();
    let (n, f) = (v.len(), interval_dp(&v));
    let mut search = search_of(&coins_text(&v));
    assert_eq!(search.value(&[1, n as u64]).expect("valued"), f[1][n]);
    assert!(search.in_rows(&[1, n as u64]));
    for (i, j) in [(1, 1), (7, 1500), (1000, 1001), (2000, 2000), (400, 399)] {
        let got = search.value(&[i as u64, j as u64]).expect("valued");
        assert_eq!(got, f[i][j], "({i}, {j})");
        assert!(search.in_rows(&[i as u64, j as u64]));
    }
}

#[test]
fn points_past_32_and_64_bits_are_valued_exactly() {
    // Coins of 10^12 and 10^30: the box is held in 64 bits for the first
    // (past 2^29), and the second, past what 64 bits hold, is searched as
    // before; each against the definition.
    for big in [1_000_000_000_000i128, 1_000_000_000_000_000_000_000_000_000] {
        let v: Vec<i128> = (0..9).map(|k| big * (k * 7 % 5 + 1) + k).collect();
        let model = Model {
            list: v.clone(),
            rules: (0..2)
                .map(|r| Rule {
                    requires: vec![(
                        Affine {
                            c: 0,
                            k: vec![1, 0],
                        },
                        Op::Le,
                        Affine {
                            c: 0,
                            k: vec![0, 1],
                        },
                        false,
                    )],
                    points: Some(Points::Item(Affine {
                        c: 0,
                        k: if r == 0 { vec![1, 0] } else { vec![0, 1] },
                    })),
                    moved: if r == 0 { vec![1, 0] } else { vec![0, -1] },
                    again: false,
                })
                .collect(),
        };
        let text = model.text();
        let mut search = search_of(&text);
        let want = model.value(&[1, 9], &mut HashMap::new()).expect("valued");
        assert_eq!(search.value(&[1, 9]).expect("valued"), want);
        assert_eq!(search.in_rows(&[1, 9]), big < 1 << 50, "{big}");
    }
}

#[test]
fn a_rule_that_fails_in_the_box_is_left_to_the_search() {
    // v has 5 items: from (1, 5) every play stays within them, and the box
    // (i to 6, j to 5) holds positions where v[i] or v[j] is past the list
    // (i = 6 cannot be met); from (1, 6) play meets v[6] at once, and the
    // error is the search's, naming the rule.
    let v = [4i128, 1, 7, 2, 5];
    let text = coins_text(&v);
    let mut search = search_of(&text);
    let value = search.value(&[1, 5]).expect("valued");
    assert!(search.in_rows(&[1, 5]));
    assert_eq!(value, interval_dp(&v)[1][5]);
    let mut search = search_of(&text);
    let refused = search.value(&[1, 6]).expect_err("v[6] is past the list");
    let message = refused.to_string();
    assert!(message.contains("take"), "{message}");
    assert!(!search.in_rows(&[1, 6]));
}

#[test]
fn a_box_filled_before_it_is_asked_values_every_position_of_it() {
    // A table's way: the box from (1, 0) to (30, 30) filled at once, then
    // each of its positions asked, each against the interval dp.
    let mut random = Random(17);
    let v: Vec<i128> = (0..30).map(|_| random.between(1, 50)).collect();
    let f = interval_dp(&v);
    let mut search = search_of(&coins_text(&v));
    search.fill_between(&[1, 0], &[30, 30]).expect("filled");
    for (i, row) in f.iter().enumerate().take(31).skip(1) {
        for (j, &want) in row.iter().enumerate().take(31) {
            let at = [i as u64, j as u64];
            assert!(search.in_rows(&at), "({i}, {j})");
            assert_eq!(search.value(&at).expect("valued"), want, "({i}, {j})");
        }
    }
}
