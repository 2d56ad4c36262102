//! Reduced canonical forms and atomic weights (`Forms::reduced`,
//! `Forms::atomic_weight`) against their definitions on every game born by
//! day 3, and against values CGSuite's and cgt's own tests give.
//!
//! The definitions, tested without the rules the store computes by:
//! G and H are equal modulo infinitesimals when −ε < G − H < ε for every
//! positive number ε — here ε = 1/2^8, smaller than any number a game
//! born by day 6 can tell apart from 0 (Siegel, *Combinatorial Game
//! Theory*, ch. II: a number x ≠ 0 born by day n has |x| ≥ 1/2^(n−1)) —
//! and a reduced canonical form is the game of least birthday so equal to
//! G (Grossman and Siegel, "Reductions of partizan games", 2009). The
//! atomic weight is additive, n·↑ + *m weighs n, and a game that weighs 2
//! or more is positive (Norton's two-ahead rule; Winning Ways, ch. 8).

use gamelang::{Dyadic, Form, Forms};

use super::partizan::born_by;

/// Whether G − H lies strictly between −1/2^8 and 1/2^8.
fn equal_modulo_inf(forms: &mut Forms, g: Form, h: Form) -> bool {
    let difference = forms.sub(g, h);
    let epsilon = forms.number(Dyadic::new(1, 8));
    let minus = forms.neg(epsilon);
    forms.le(minus, difference)
        && !forms.le(difference, minus)
        && forms.le(difference, epsilon)
        && !forms.le(epsilon, difference)
}

fn value(forms: &mut Forms, text: &str) -> Form {
    let written = gamelang::read_value(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    forms.written(&written).expect("a short value")
}

#[test]
fn every_game_born_by_day_3_reduces_to_the_simplest_game_equal_to_it_modulo_infinitesimals() {
    let mut forms = Forms::new();
    let days = born_by(&mut forms, 3);
    for &g in &days[3] {
        let r = forms.reduced(g);
        let text = forms.text(g);
        assert!(equal_modulo_inf(&mut forms, g, r), "{text}");
        assert_eq!(forms.reduced(r), r, "{text}: reduced twice");
        // No game born before it is equal to g modulo Inf.
        let day = usize::try_from(forms.birthday(r)).expect("born by day 3");
        if day > 0 {
            for &earlier in &days[day - 1] {
                assert!(
                    !equal_modulo_inf(&mut forms, g, earlier),
                    "{text}: {} is simpler",
                    forms.text(earlier)
                );
            }
        }
    }
}

#[test]
fn reduced_canonical_forms_cgsuite_and_cgt_give() {
    // CGSuite's tests (aaron-siegel/cgsuite, CanonicalShortGameTestCase, at
    // e909ab8b) and cgt 0.11's (t4ccer/cgt-tools, canonical_form.rs).
    let mut forms = Forms::new();
    for (game, reduced) in [
        ("^", "0"),
        ("v*", "0"),
        ("*8", "0"),
        ("9/8*", "9/8"),
        ("{3||2*|1*}", "{3||2|1}"),
        (
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            "{3/2|1/2||{0|-3},{{-1/2|-1}|-5/2}}",
        ),
        ("{{2|0},1*|*}", "{1|0}"),
        ("{1|^||^}", "0"),
    ] {
        let g = value(&mut forms, game);
        let expected = value(&mut forms, reduced);
        let r = forms.reduced(g);
        assert_eq!(r, expected, "{game}: {}", forms.text(r));
    }
}

#[test]
fn atomic_weights_add_and_two_ahead_is_a_win() {
    let mut forms = Forms::new();
    let days = born_by(&mut forms, 3);
    let small: Vec<(Form, Form)> = (days[3].iter())
        .filter_map(|&g| Some((g, forms.atomic_weight(g)?)))
        .collect();
    // All-small games born by day 3: every position with a move for one
    // player has one for the other.
    assert!(small.len() > 20, "{}", small.len());
    let up = forms.up();
    for &(g, w) in &small {
        let text = forms.text(g);
        let two = forms.integer(2);
        if forms.le(two, w) {
            let zero = forms.zero();
            assert!(
                forms.le(zero, g) && !forms.le(g, zero),
                "{text} weighs 2 or more"
            );
        }
        // g + ↑ weighs one more.
        let more = forms.add(g, up);
        let one = forms.integer(1);
        let expected = forms.add(w, one);
        assert_eq!(forms.atomic_weight(more), Some(expected), "{text} + ^");
    }
    for &(g, v) in small.iter().step_by(7) {
        for &(h, w) in small.iter().step_by(11) {
            let sum = forms.add(g, h);
            let expected = forms.add(v, w);
            assert_eq!(
                forms.atomic_weight(sum),
                Some(expected),
                "{} + {}",
                forms.text(g),
                forms.text(h)
            );
        }
    }
}

#[test]
fn atomic_weights_cgsuite_and_cgt_give() {
    // CGSuite's tests (at e909ab8b) and cgt 0.11's, as above.
    let mut forms = Forms::new();
    for (game, weight) in [
        ("*8", "0"),
        ("^", "1"),
        ("v*", "-1"),
        ("^*6", "1"),
        ("*3", "0"),
        ("vv", "-2"),
        ("{^3|vv}", "{1|0}"),
        ("{0||0|v3}", "0"),
        ("{^^|v}", "1/2"),
        ("{^^|vv}", "*"),
        ("{^3|v3}", "{1|-1}"),
        ("{^^|*}", "1"),
        ("{*|vv}", "-1"),
    ] {
        let g = value(&mut forms, game);
        let expected = value(&mut forms, weight);
        let w = forms
            .atomic_weight(g)
            .unwrap_or_else(|| panic!("{game} is all-small"));
        assert_eq!(w, expected, "{game}: {}", forms.text(w));
    }
    // Numbers other than 0, and games with a number among their positions,
    // are not all-small.
    for game in ["1", "{1|0}", "{1|*}", "+-1"] {
        let g = value(&mut forms, game);
        assert_eq!(forms.atomic_weight(g), None, "{game}");
    }
}
