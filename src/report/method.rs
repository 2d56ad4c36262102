//! How an answer knows, in words and as JSON: the method of each
//! component (a closed form, a proven period, the search, a misère
//! quotient or genus, a loopy graph).

use serde_json::{Value as Json, json};

use super::quotient::{presentation_json, quotient_reach, word};
use crate::analysis::{ComponentMethod, Compound, CompoundRule, Decomposition};

/// How an answer knows, in a word or two, as a table's column shows it:
/// `closed form nim`, `search`, `period`.
pub(super) fn method_word(method: &ComponentMethod) -> String {
    match method {
        ComponentMethod::ClosedForm { id, .. } => format!("closed form {id}"),
        ComponentMethod::Period { .. } => "proven period".to_string(),
        ComponentMethod::Search { .. } => "search".to_string(),
        ComponentMethod::Loopy { .. } => "loopy search".to_string(),
        ComponentMethod::LoopyPartizan { .. } => "loopy partizan search".to_string(),
        ComponentMethod::MiserePartizan { .. } => "misère partizan search".to_string(),
        ComponentMethod::Tame { .. } => "tame genus".to_string(),
        ComponentMethod::Quotient { .. } => "misère quotient".to_string(),
        ComponentMethod::QuotientSearch { .. } => "quotient and search".to_string(),
        ComponentMethod::WholeSum { .. } => "search of the whole sum".to_string(),
        ComponentMethod::Ends { .. } => "search to the ends".to_string(),
        ComponentMethod::Compound { rule, .. } => compound_rule_id(*rule).to_string(),
        ComponentMethod::Partizan { .. } => "canonical form".to_string(),
        ComponentMethod::Outcome { .. } => "outcome search".to_string(),
        ComponentMethod::Scoring { pruned: None, .. } => "negamax search".to_string(),
        ComponentMethod::Scoring { .. } => "alpha-beta search".to_string(),
    }
}

pub(super) fn method_text(method: &ComponentMethod) -> String {
    match method {
        ComponentMethod::ClosedForm {
            id,
            rule,
            verified,
            grundy_by_search,
        } => {
            let grundy = if *grundy_by_search {
                "; Grundy value by search"
            } else {
                ""
            };
            format!(
                "closed form: {id} — {rule} (checked against the search on {} positions{grundy})",
                verified.positions
            )
        }
        ComponentMethod::Period { period } => format!(
            "closed form: proven period {} from {} ({})",
            period.period,
            period.preperiod,
            super::table::certificate(period)
        ),
        ComponentMethod::Search {
            explored,
            held,
            decomposition,
        } => {
            let (how, unit) = match decomposition {
                Decomposition::Groups => (
                    "search, as the sum of its groups of heaps, each moved by rules of its own (the Sprague-Grundy theorem; LANGUAGE.md, \"Groups\")",
                    "positions",
                ),
                Decomposition::Regions => (
                    "search, the board split into regions that play independently, each kept once up to the turns and reflections that keep the rules (LANGUAGE.md, \"Boards: regions\")",
                    "regions",
                ),
                Decomposition::Strips => (
                    "search, the strip split where cells can no longer change, into parts that play independently",
                    "parts",
                ),
                Decomposition::Components => (
                    "search, as a sum of connected components, each kept once up to the names of its vertices (canonical forms by individualisation and refinement)",
                    "components",
                ),
                Decomposition::Tartan => (
                    "search, as a sum of single coins, each the nim product of its sides' values (the coin-turning and Tartan theorems)",
                    "coins",
                ),
                Decomposition::Coins => (
                    "search, as a sum of single coins (the coin-turning theorem)",
                    "coins",
                ),
                Decomposition::Tokens => ("search, as a sum of one-token games", "vertices"),
                Decomposition::Heaps => ("search, as a sum of one-heap games", "heap sizes"),
                Decomposition::Whole => ("search", "positions"),
            };
            // A strip's parts are counted, not its moves.
            let moves = match decomposition {
                Decomposition::Strips => String::new(),
                _ => format!(", {} moves", explored.edges),
            };
            format!(
                "{how}: {} new {unit}{moves} ({held} {unit} held)",
                explored.positions
            )
        }
        ComponentMethod::Tame { heaps, period } => {
            let rule = "has a nim position's genus, and so has every sum of them, so misère Nim's rule answers";
            match period {
                Some(period) => format!(
                    "closed form: tame (Conway's genus): every heap {rule}; the genera repeat with period {} from heap {} ({})",
                    period.period,
                    period.preperiod,
                    super::table::certificate_of(period, "genus")
                ),
                None => format!(
                    "closed form: tame (Conway's genus): each heap up to {} {rule}",
                    heaps.saturating_sub(1)
                ),
            }
        }
        ComponentMethod::Quotient {
            order,
            p_portion,
            upto,
            period,
            presentation,
            verified,
            ..
        } => format!(
            "closed form: misère quotient of order {order} with {p_portion} P elements (Plambeck–Siegel), {}; checked against the search on {} sums of up to {} heaps of at most {}",
            if period.is_none() && upto.len() > 1 {
                games_reach(&presentation.games, upto)
            } else {
                quotient_reach(upto.iter().copied().min().unwrap_or(0), period.as_ref())
            },
            verified.positions,
            verified.max_heaps,
            verified.bound
        ),
        ComponentMethod::QuotientSearch {
            order,
            upto,
            positions,
        } => format!(
            "search of the heaps as one misère position: {positions} positions, each position of heaps up to {upto} decided by their misère quotient (order {order})"
        ),
        ComponentMethod::WholeSum { positions } => format!(
            "search of the whole sum as one misère game (misère values do not add): {positions} positions"
        ),
        ComponentMethod::MiserePartizan { positions } => format!(
            "misère partizan (the player who cannot move wins): retrograde analysis of the {positions} positions reachable, each with Left and with Right to move (misère values do not add: the sum is searched whole)"
        ),
        ComponentMethod::LoopyPartizan { positions, stopper } => {
            let stopper = match stopper {
                Some(true) => "a stopper: no play from it goes on forever",
                Some(false) => "not a stopper: a play from it can go on forever",
                None => "whether it is a stopper not looked at (too many positions)",
            };
            format!(
                "loopy partizan (play can go on forever): retrograde analysis of the {positions} sums reachable, each with Left and with Right to move; {stopper}"
            )
        }
        ComponentMethod::Loopy {
            positions,
            remoteness,
        } => {
            let end = match remoteness {
                Some(r) => format!("the play ends in {r} moves with best play"),
                None => "a draw: with best play it never ends".to_string(),
            };
            format!(
                "loopy (play can go on forever): retrograde analysis and generalised Sprague-Grundy values of the {positions} positions reachable; {end}"
            )
        }
        ComponentMethod::Ends {
            positions,
            played: Some(remoteness),
            ..
        } => {
            let end = match remoteness {
                Some(r) => format!("the play ends in {r} moves with best play"),
                None => {
                    "a draw with best play: it reaches a declared draw, or never ends".to_string()
                }
            };
            format!(
                "ends as declared (`win when`, `lose when`, `draw when`): retrograde analysis of the {positions} positions reachable; {end}"
            )
        }
        ComponentMethod::Ends {
            positions,
            played: None,
            split: true,
        } => format!(
            "ends as declared, reduced for sums: moves that lose at once left out, into an end or to where the other player wins at once; the strip split where cells can no longer change, into parts that play independently ({positions} parts valued)"
        ),
        ComponentMethod::Ends {
            positions,
            played: None,
            split: false,
        } => format!(
            "ends as declared, reduced for sums: moves that lose at once left out, into an end or to where the other player wins at once ({positions} positions searched)"
        ),
        ComponentMethod::Compound {
            kind,
            rule,
            positions,
        } => format!(
            "{} compound, {positions} positions searched: {}",
            compound_name(*kind),
            compound_rule_text(*rule)
        ),
        ComponentMethod::Partizan { positions } => format!(
            "canonical form by search: G = {{G^L | G^R}}, dominated options dropped and reversible ones bypassed (Siegel, Combinatorial Game Theory, §II.2), a position that falls apart (a move's sum, a Hackenbush graph's regions at the ground, a graph's connected parts in Snort and Col, a board's regions) worth the sum of their values ({positions} positions held)"
        ),
        ComponentMethod::Scoring {
            pruned: Some(searched),
            alone,
            turns,
            ..
        } => {
            let why = match alone {
                true => format!(
                    "every play proven to end (each move makes a cell holding a character no rule writes hold one a rule writes) and the rules to turn with the board, so the position is valued alone, a board held once up to its {turns} turns and reflections"
                ),
                false => "the position's graph did not fit the limits of positions and memory"
                    .to_string(),
            };
            format!(
                "alpha-beta search (Knuth and Moore, 1975): {why}; a move's value is looked for only as far as it can change the choice above it, the rest of a position's moves cut off once one is good enough, the moves after which their player moves again tried first; each value found kept as bounds in a table emptied when full; each move found best or not by a search one point wide at the score ({searched} positions searched)"
            )
        }
        ComponentMethod::Scoring {
            positions,
            turns,
            turns_proven,
            rows,
            ..
        } => {
            let how = match (turns, rows) {
                (_, true) => "; every rule a fixed shift, the box of the first position asked valued row by row in the order its moves allow, as an interval dp".to_string(),
                (1, false) => String::new(),
                (n, false) if *turns_proven => format!(
                    "; a board held once up to its {n} turns and reflections, the rules proven once to turn with the board (each rule, its cells' offsets from its anchor turned, the same rule)"
                ),
                (n, false) => format!(
                    "; a board held once up to its {n} turns and reflections, the rules checked at every position valued to move its images as they move it"
                ),
            };
            format!(
                "negamax search: a position's value is the best, over its moves, of the move's points minus the value of where it leads (plus it where the mover moves again), 0 where no move is left; each position valued once, the points still to come depending on the position alone{how} ({positions} positions held)"
            )
        }
        ComponentMethod::Outcome { positions } => format!(
            "outcome alone, by a search for who wins that stops at the first winning move: a player to move wins when some move leaves a position the other, moving first, does not win; small regions valued as canonical forms, whose options stand for them (Siegel, Combinatorial Game Theory, §II.2) ({positions} positions judged or valued)"
        ),
    }
}

/// The compound's name in Winning Ways (ch. 9).
pub(super) fn compound_name(kind: Compound) -> &'static str {
    match kind {
        Compound::Sum => "disjunctive",
        Compound::Every => "continued conjunctive",
        Compound::All => "conjunctive",
        Compound::Some => "selective",
        Compound::Any => "shortened selective",
        Compound::Series => "sequential",
    }
}

fn compound_rule_text(rule: CompoundRule) -> &'static str {
    match rule {
        CompoundRule::LeastRemoteness => {
            "the least remoteness of its components decides (Smith 1966; Winning Ways, ch. 9)"
        }
        CompoundRule::GreatestSuspense => {
            "the greatest suspense of its components decides (Winning Ways, ch. 9)"
        }
        CompoundRule::SomeN => {
            "the player to move wins when some component is an N-position (Winning Ways, ch. 9)"
        }
        CompoundRule::SomeNNoneEnded => {
            "the player to move wins when no component has ended and some is an N-position"
        }
        CompoundRule::WholeSearch => "no rule known; its positions searched whole",
    }
}

fn compound_rule_id(rule: CompoundRule) -> &'static str {
    match rule {
        CompoundRule::LeastRemoteness => "least-remoteness",
        CompoundRule::GreatestSuspense => "greatest-suspense",
        CompoundRule::SomeN => "some-n",
        CompoundRule::SomeNNoneEnded => "some-n-none-ended",
        CompoundRule::WholeSearch => "whole-search",
    }
}

pub(super) fn method_json(method: &ComponentMethod) -> Json {
    let mut json = match method {
        ComponentMethod::ClosedForm {
            id,
            rule,
            verified,
            grundy_by_search,
        } => json!({
            "kind": "closed-form",
            "name": id,
            "rule": rule,
            "verified": {
                "positions": verified.positions,
                "max_heap": verified.bound,
                "max_heaps": verified.max_heaps,
            },
            "grundy_by_search": grundy_by_search,
        }),
        ComponentMethod::Period { period } => json!({
            "kind": "period",
            "period": period.period,
            "preperiod": period.preperiod,
            "certificate": super::table::certificate(period),
        }),
        ComponentMethod::Search {
            explored,
            held,
            decomposition,
        } => {
            let is = |d: Decomposition| *decomposition == d;
            json!({
                "kind": "search",
                "groups": is(Decomposition::Groups),
                "tokens": is(Decomposition::Tokens),
                "split": is(Decomposition::Strips),
                "regions": is(Decomposition::Regions),
                "positions_explored": explored.positions,
                "edges_explored": explored.edges,
                "positions_held": held,
                "decomposed": decomposition.by_heaps(),
                "coins": is(Decomposition::Coins) || is(Decomposition::Tartan),
                "tartan": is(Decomposition::Tartan),
                "components": is(Decomposition::Components),
            })
        }
        ComponentMethod::Tame { heaps, period } => json!({
            "kind": "tame",
            "heaps": heaps,
            "period": period.as_ref().map(|p| super::table::period_json(p, "genus")),
        }),
        ComponentMethod::Quotient {
            order,
            p_portion,
            upto,
            period,
            presentation,
            p_words,
            verified,
        } => json!({
            "kind": "misere-quotient",
            "order": order,
            "p_portion": p_portion,
            "heaps_up_to": upto.iter().min(),
            "games": (presentation.games.iter().zip(upto))
                .map(|(game, upto)| json!({ "game": game, "heaps_up_to": upto }))
                .collect::<Vec<_>>(),
            "period": period.as_ref().map(|p| super::table::period_json(p, "φ")),
            "presentation": presentation_json(presentation),
            "p_words": p_words.iter().map(|w| word(w)).collect::<Vec<_>>(),
            "verified": {
                "positions": verified.positions,
                "max_heap": verified.bound,
                "max_heaps": verified.max_heaps,
            },
        }),
        ComponentMethod::QuotientSearch {
            order,
            upto,
            positions,
        } => json!({
            "kind": "quotient-search",
            "order": order,
            "heaps_up_to": upto,
            "positions": positions,
        }),
        ComponentMethod::WholeSum { positions } => json!({
            "kind": "whole-sum",
            "positions": positions,
        }),
        ComponentMethod::MiserePartizan { positions } => json!({
            "kind": "misere-partizan",
            "positions": positions,
        }),
        ComponentMethod::LoopyPartizan { positions, stopper } => json!({
            "kind": "loopy-partizan",
            "positions": positions,
            "stopper": stopper,
        }),
        ComponentMethod::Loopy {
            positions,
            remoteness,
        } => json!({
            "kind": "loopy",
            "positions": positions,
            "remoteness": remoteness,
        }),
        ComponentMethod::Ends {
            positions,
            played,
            split,
        } => json!({
            "kind": "ends",
            "positions": positions,
            "reduced": played.is_none(),
            "split": split,
            "remoteness": played.flatten(),
        }),
        ComponentMethod::Compound {
            kind,
            rule,
            positions,
        } => json!({
            "kind": "compound",
            "compound": kind.word(),
            "rule": compound_rule_id(*rule),
            "positions": positions,
        }),
        ComponentMethod::Partizan { positions } => json!({
            "kind": "canonical-form",
            "positions": positions,
        }),
        ComponentMethod::Scoring {
            pruned: Some(searched),
            alone,
            turns,
            turns_proven,
            ..
        } => json!({
            "kind": "alpha-beta",
            "positions": searched,
            "alone": alone,
            "turns": turns,
            "turns_proven": turns_proven,
        }),
        ComponentMethod::Scoring {
            positions,
            turns,
            turns_proven,
            rows,
            ..
        } => json!({
            "kind": "negamax",
            "positions": positions,
            "turns": turns,
            "turns_proven": turns_proven,
            "rows": rows,
        }),
        ComponentMethod::Outcome { positions } => json!({
            "kind": "outcome",
            "positions": positions,
        }),
    };
    if let Some(object) = json.as_object_mut() {
        object.insert("text".into(), method_text(method).into());
    }
    json
}

/// How far a quotient of several games' heaps holds, without a period:
/// "for heaps up to 60 of kayles, 3 of nim".
fn games_reach(games: &[String], upto: &[u64]) -> String {
    let each: Vec<String> = (upto.iter().zip(games))
        .map(|(n, game)| format!("{n} of {game}"))
        .collect();
    format!("for heaps up to {}", each.join(", "))
}
