//! Operations on values — ordinal sums, cooling, heating, overheating,
//! Norton products, companions (`partizan::operations`) — against their
//! definitions written plainly here on the games born by day 2, against
//! the theorems about them, and against the values CGSuite's own tests
//! assert (CGSuite, github.com/aaron-siegel/cgsuite at e909ab8b:
//! `lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala`,
//! `CompoundGameTestCase.scala` and `CanonicalShortGameTestCase.scala`).

use gamelang::{Dyadic, Form, Forms, Relation};

use super::partizan::{Tree, born_by, eq, form_of, tree};

/// The canonical form of a value as a file writes it.
fn value(forms: &mut Forms, text: &str) -> Form {
    let written = gamelang::read_value(text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
    forms.written(&written).expect("a short value")
}

/// Each `(written, expected)`: the operation's value equals the value
/// expected.
fn assert_values(cases: &[(&str, &str)]) {
    let mut forms = Forms::new();
    for (written, expected) in cases {
        let (found, expected_form) = (value(&mut forms, written), value(&mut forms, expected));
        assert_eq!(
            forms.compare(found, expected_form),
            Relation::Equal,
            "{written}: {} where {expected} is expected",
            forms.text(found)
        );
    }
}

#[test]
fn the_values_the_issue_asks_for_hold() {
    assert_values(&[
        ("cool({3|-3}, 1)", "+-2"),
        ("1 : 1", "2"),
        ("1 : -1", "1/2"),
        ("0 : {1|-1}", "+-1"),
        ("norton(2, ^)", "^^"),
    ]);
}

#[test]
fn operations_give_the_values_cgsuite_tests_assert() {
    // GameTest.scala, ">=2-ary methods".
    assert_values(&[
        ("cool({3||2+*|1+*}, 0)", "{3||2*|1*}"),
        ("cool({3||2+*|1+*}, 1/4)", "{11/4||2|3/2}"),
        ("cool({3||2+*|1+*}, 1/2)", "{5/2|2*}"),
        ("cool({3||2+*|1+*}, 5/8)", "{19/8|17/8}"),
        ("cool({3||2+*|1+*}, 3/4)", "9/4*"),
        ("cool({3||2+*|1+*}, 70)", "9/4"),
        ("cool({3||2+*|1+*}, -1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("cool(1/4, -1/8)", "1/4"),
        ("cool(1/4, -1/4)", "1/4*"),
        ("cool(1/4, -3/8)", "{3/8|1/8}"),
        ("heat({3||2+*|1+*}, 0)", "{3||2*|1*}"),
        ("heat({3||2+*|1+*}, 1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("heat({3||2+*|1+*}, 1)", "{4|||3|1||0|-2}"),
        ("heat({3||2+*|1+*}, -3/4)", "9/4*"),
        ("heat({3||2+*|1+*}, -1)", "9/4"),
        ("heat({3||2+*|1+*}, -2)", "3/2"),
        ("heat({3||2+*|1+*}, -3)", "1"),
        ("heat({3||2+*|1+*}, -4)", "0"),
        ("heat({3||2+*|1+*}, *)", "{3*||2|1}"),
        ("norton(0, ^)", "0"),
        ("norton(6, ^)", "^6"),
        ("norton(-4, ^)", "v4"),
        ("norton(1/2, ^)", "{^^*|v*}"),
        ("norton(^, ^)", "{^^*||0|v4}"),
        ("norton(Tiny(2), ^)", "{^^*||0|v6}"),
        ("overheat({3||2+*|1+*}, *, 1+*)", "{1||+-(1*)|-1,{-1|-3}}"),
        ("overheat(7/16, 0, 0)", "^[3]"),
    ]);
    // CompoundGameTestCase.scala, `(G) : (H)` (its `'{*|*}' : 3` is of
    // a form that is not canonical, which a written value never is).
    assert_values(&[
        ("1/2 : 1/4", "9/16"),
        ("*5 : *6", "*11"),
        ("+-1 : ^^", "{1,+-1|-1,{1,+-1,+-{1,+-1}|-1,+-1}}"),
        ("{1|0} : 0", "{1|0}"),
    ]);
    // CanonicalShortGameTestCase.scala, each game's `Companion`.
    assert_values(&[
        ("companion(0)", "*"),
        ("companion(5)", "5"),
        ("companion(-1823437481924)", "-1823437481924"),
        ("companion(-1/2)", "-1/2"),
        ("companion(25/16)", "25/16"),
        ("companion(*8)", "*8"),
        ("companion(9/8*)", "9/8*"),
        ("companion(^)", "^*"),
        ("companion(v*)", "v"),
        ("companion(6^*)", "6^*"),
        ("companion(^*6)", "^*6"),
        ("companion(73/16v9*8)", "73/16v9*8"),
        ("companion(^[4])", "^[4]*"),
        ("companion({0|^<2>})", "{0|^<2>*}"),
        ("companion({0||0|v3})", "{0,*||*|v3*}"),
        ("companion({^3|vv})", "{^3*|vv*}"),
        ("companion(Tiny(3/2))", "{0,*||*|-3/2}"),
        ("companion(Tiny({3|1}))", "{0,*|||*||-1|-3}"),
        ("companion(Miny({5||3|1}))", "{5||3|1|||*||||0,*}"),
        ("companion({1|^^||^})", "{1|^^*||^*}"),
        ("companion({1|^3||^})", "{1|^3*||^*}"),
        ("companion({3||2*|1*})", "{3||2*|1*}"),
        (
            "companion({3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}})",
            "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}",
        ),
    ]);
}

/// G : H by its definition, G's options those of the tree given.
fn ordinal(g: &Tree, h: &Tree) -> Tree {
    let mut left = g.left.clone();
    left.extend(h.left.iter().map(|hl| ordinal(g, hl)));
    let mut right = g.right.clone();
    right.extend(h.right.iter().map(|hr| ordinal(g, hr)));
    Tree { left, right }
}

#[test]
fn ordinal_sums_of_the_games_born_by_day_2_are_their_definition_and_keep_the_order_of_h() {
    let mut forms = Forms::new();
    let day2 = born_by(&mut forms, 2).pop().unwrap_or_default();
    for &g in &day2 {
        let g_tree = tree(&mut forms, g);
        for &h in &day2 {
            let found = forms.ordinal_sum(g, h);
            let plain = ordinal(&g_tree, &tree(&mut forms, h));
            assert!(
                eq(&tree(&mut forms, found), &plain),
                "{} : {}",
                forms.text(g),
                forms.text(h)
            );
            // The colon principle (Siegel, ch. II): H ≤ H' gives
            // G : H ≤ G : H'.
            for &k in &day2 {
                if forms.le(h, k) {
                    let larger = forms.ordinal_sum(g, k);
                    assert!(forms.le(found, larger));
                }
            }
        }
    }
}

/// ∫^T G by its definition over G's canonical options (sums by the
/// store, held to the plain definition in `partizan`).
fn heated(forms: &mut Forms, g: Form, t: Form) -> Form {
    if forms.as_number(g).is_some() {
        return g;
    }
    let minus = forms.neg(t);
    let (gl, gr) = (forms.left(g), forms.right(g));
    let mut left = Vec::new();
    for l in gl {
        let l = heated(forms, l, t);
        left.push(forms.add(l, t));
    }
    let mut right = Vec::new();
    for r in gr {
        let r = heated(forms, r, t);
        right.push(forms.add(r, minus));
    }
    forms.game(&left, &right)
}

/// G.U by its definition over G's canonical options: an integer's copies
/// added one by one.
fn norton(forms: &mut Forms, g: Form, u: Form) -> Form {
    if let Some(x) = forms.as_number(g).filter(|x| x.is_integer()).cloned() {
        let n: i64 = x.numerator().try_into().expect("a small integer");
        let one = if n < 0 { forms.neg(u) } else { u };
        let mut total = forms.zero();
        for _ in 0..n.abs() {
            total = forms.add(total, one);
        }
        return total;
    }
    // U + I over the incentives I of U: U^L − U and U − U^R.
    let minus_u = forms.neg(u);
    let mut raised = Vec::new();
    for l in forms.left(u) {
        let incentive = forms.add(l, minus_u);
        raised.push(forms.add(u, incentive));
    }
    for r in forms.right(u) {
        let minus_r = forms.neg(r);
        let incentive = forms.add(u, minus_r);
        raised.push(forms.add(u, incentive));
    }
    let (gl, gr) = (forms.left(g), forms.right(g));
    let mut left = Vec::new();
    for l in gl {
        let l = norton(forms, l, u);
        for &i in &raised {
            left.push(forms.add(l, i));
        }
    }
    let mut right = Vec::new();
    for r in gr {
        let r = norton(forms, r, u);
        for &i in &raised {
            let minus = forms.neg(i);
            right.push(forms.add(r, minus));
        }
    }
    forms.game(&left, &right)
}

#[test]
fn heating_and_norton_products_of_the_games_born_by_day_3_are_their_definitions() {
    let mut forms = Forms::new();
    let day3 = born_by(&mut forms, 3).pop().unwrap_or_default();
    let by: Vec<Form> = ["1", "*", "^", "-1/2", "{1|0}", "-3"]
        .iter()
        .map(|t| value(&mut forms, t))
        .collect();
    for &g in &day3 {
        for &t in &by {
            let (found, plain) = (forms.heat(g, t), heated(&mut forms, g, t));
            assert_eq!(found, plain, "heat({}, {})", forms.text(g), forms.text(t));
            let (found, plain) = (forms.norton(g, t), norton(&mut forms, g, t));
            assert_eq!(found, plain, "norton({}, {})", forms.text(g), forms.text(t));
        }
    }
}

#[test]
fn norton_products_by_a_positive_unit_add_and_keep_the_order() {
    // For U > 0, G ↦ G.U is additive and keeps the order (Siegel, ch. II,
    // Norton multiplication; Winning Ways, ch. 8).
    let mut forms = Forms::new();
    let day2 = born_by(&mut forms, 2).pop().unwrap_or_default();
    for unit in ["1", "^", "1/2", "2*"] {
        let u = value(&mut forms, unit);
        for &g in &day2 {
            for &h in &day2 {
                let (gu, hu) = (forms.norton(g, u), forms.norton(h, u));
                let sum = forms.add(g, h);
                let (product, added) = (forms.norton(sum, u), forms.add(gu, hu));
                let (gt, ht) = (forms.text(g), forms.text(h));
                assert_eq!(product, added, "({gt} + {ht}).{unit}");
                assert_eq!(forms.le(g, h), forms.le(gu, hu), "{gt} <= {ht} by {unit}");
            }
        }
    }
}

#[test]
fn cooling_the_games_born_by_day_3_adds_keeps_the_mean_and_lowers_the_temperature() {
    // Siegel, §II.5: (G + H)_t = G_t + H_t; G_t has G's mean; a game that
    // is no number, cooled by t up to its temperature, has its
    // temperature less t; past it, G_t is its mean.
    let mut forms = Forms::new();
    let mut days = born_by(&mut forms, 3);
    let day3 = days.pop().unwrap_or_default();
    let day2 = days.pop().unwrap_or_default();
    let temperatures = ["0", "1/4", "1/2", "1", "3/2", "2", "-1/2"];
    for t in temperatures {
        let t = gamelang::read_value(t).ok().and_then(|w| match w {
            gamelang::Written::NumberUpStar { number, .. } => Some(number),
            gamelang::Written::Negative(n) => match *n {
                gamelang::Written::NumberUpStar { number, .. } => Some(number.neg()),
                _ => None,
            },
            _ => None,
        });
        let t = t.expect("a number");
        for &g in &day3 {
            let cooled = forms.cool(g, &t);
            let (mean, temperature) = (forms.mean(g), forms.temperature(g));
            let (mean, temperature) = (mean.expect("a mean"), temperature.expect("a temperature"));
            assert_eq!(
                forms.mean(cooled),
                Some(mean.clone()),
                "{} cooled by {t}",
                forms.text(g)
            );
            let number = forms.as_number(g).is_some();
            if temperature < t {
                let text = forms.text(g);
                assert_eq!(forms.as_number(cooled), Some(&mean), "{text}");
            } else if !number {
                let lowered = temperature.sub(&t);
                assert_eq!(
                    forms.temperature(cooled),
                    Some(lowered),
                    "{} by {t}",
                    forms.text(g)
                );
            }
        }
        if t < Dyadic::zero() {
            continue;
        }
        for &g in &day2 {
            for &h in &day2 {
                let s = forms.add(g, h);
                let (sc, gc, hc) = (forms.cool(s, &t), forms.cool(g, &t), forms.cool(h, &t));
                let added = forms.add(gc, hc);
                assert_eq!(
                    sc,
                    added,
                    "({} + {}) cooled by {t}",
                    forms.text(g),
                    forms.text(h)
                );
            }
        }
    }
}

/// G's companion by its definition on G's canonical options, plainly.
fn companion(forms: &mut Forms, g: Form) -> Tree {
    let zero = forms.zero();
    let (gl, gr) = (forms.left(g), forms.right(g));
    let mut left: Vec<Tree> = gl.into_iter().map(|l| companion(forms, l)).collect();
    let mut right: Vec<Tree> = gr.into_iter().map(|r| companion(forms, r)).collect();
    if forms.le(zero, g) {
        left.push(Tree {
            left: vec![],
            right: vec![],
        });
    }
    if forms.le(g, zero) {
        right.push(Tree {
            left: vec![],
            right: vec![],
        });
    }
    Tree { left, right }
}

#[test]
fn the_companion_is_its_definition_and_an_automorphism_of_the_games_born_by_day_3() {
    // Siegel, §III.2: on the games born by day n ≥ 1, G ↦ G's companion
    // is an automorphism of their order other than the identity, and so
    // its own inverse.
    let mut forms = Forms::new();
    let days = born_by(&mut forms, 3);
    for day in &days[1..] {
        let images: Vec<Form> = day.iter().map(|&g| forms.companion(g)).collect();
        let mut sorted = images.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let mut all = day.clone();
        all.sort_unstable();
        assert_eq!(sorted, all, "onto the games born by the same day");
        for (i, &g) in day.iter().enumerate() {
            assert_eq!(forms.companion(images[i]), g, "twice: {}", forms.text(g));
        }
        if day.len() <= 22 {
            for (i, &g) in day.iter().enumerate() {
                for (j, &h) in day.iter().enumerate() {
                    assert_eq!(forms.le(g, h), forms.le(images[i], images[j]));
                }
            }
        }
    }
    // The numbers' fast path against the definition.
    for x in ["1", "2", "3", "-1", "-2", "1/2", "-3/4", "5/4", "0"] {
        let g = value(&mut forms, x);
        let plain = companion(&mut forms, g);
        let plain = form_of(&mut forms, &plain);
        assert_eq!(forms.companion(g), plain, "{x}");
    }
    // And the definition on day 2.
    for &g in &days[2] {
        let plain = companion(&mut forms, g);
        let plain = form_of(&mut forms, &plain);
        assert_eq!(forms.companion(g), plain, "{}", forms.text(g));
    }
}

#[test]
fn an_operation_written_wrongly_is_placed_and_said() {
    let error = |text: &str| match gamelang::read_value(text) {
        Ok(v) => panic!("{text} read as {v}"),
        Err(e) => (e.message, e.offset),
    };
    assert_eq!(
        error("cool({3|-3}, -1)"),
        ("a game is cooled by a temperature above -1".to_string(), 13)
    );
    assert!(
        error("cool({3|-3}, *)")
            .0
            .contains("a number written as one")
    );
    assert!(error("cool(on, 1)").0.contains("takes short games"));
    assert!(error("norton(2)").0.contains("takes 2 values, not 1"));
    assert!(error("1 : on").0.contains("takes short games"));
    assert!(error("heat(1, 2").0.contains("closed by `)`"));
    // Written back as read.
    for text in [
        "cool({3|-3},1)",
        "1:-1",
        "(1+*):1",
        "1:(1:1)",
        "-(1:1)",
        "-(1+*)",
        "norton(2,^)",
        "companion(*)",
    ] {
        let written = gamelang::read_value(text).expect("a value");
        assert_eq!(written.to_string(), text);
    }
}

#[test]
fn ordinal_sums_of_numbers_follow_their_sign_expansions_as_the_definition_does() {
    // The numbers born by day 4, each pair's ordinal sum by sign
    // expansions (the store's way for numbers) and by the definition.
    let mut forms = Forms::new();
    let mut numbers: Vec<Form> = Vec::new();
    for day in born_by(&mut forms, 3) {
        numbers.extend(day.into_iter().filter(|&g| forms.as_number(g).is_some()));
    }
    for x in ["4", "-4", "5/2", "-7/4", "1/8", "-3/8", "11/8", "13/8"] {
        numbers.push(value(&mut forms, x));
    }
    numbers.sort_unstable();
    numbers.dedup();
    for &g in &numbers {
        let g_tree = tree(&mut forms, g);
        for &h in &numbers {
            let found = forms.ordinal_sum(g, h);
            let plain = ordinal(&g_tree, &tree(&mut forms, h));
            let plain = form_of(&mut forms, &plain);
            assert_eq!(found, plain, "{} : {}", forms.text(g), forms.text(h));
        }
    }
    // Far past what the options would reach: n + 1; −5 then +−+ is
    // −5 + 1/2 − 1/4 + 1/8; and 1 − 2^-1001.
    assert_values(&[("1 : 1000000", "1000001"), ("-5 : 3/4", "-37/8")]);
    let mut forms = Forms::new();
    let far = value(&mut forms, "1/2 : 1000");
    let one = forms.number(Dyadic::integer(1));
    assert_eq!(
        forms.as_number(far),
        Some(&one_less(forms.as_number(one).cloned().expect("1"), 1001))
    );
}

/// x − 2^-k.
fn one_less(x: Dyadic, k: u32) -> Dyadic {
    x.sub(&Dyadic::new(1, k))
}
