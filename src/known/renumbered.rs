//! A game recognised with its rules written more than once: the known game
//! of its distinct rules, each move listed once for every copy of its rule.

use num_bigint::BigUint;

use super::closed::{Closed, Entry, Known, KnownMove};
use crate::rules::{Game, Rule};

/// The known game `game` is among `entries`, if any. A rule that repeats an earlier one
/// makes the same moves again, each a move of its own (LANGUAGE.md, "What a
/// move is"), and a move's outcome is the same however many rules make it:
/// the game is the known one with each rule written once (Wythoff written
/// with `take 1..` twice and `take 1.. from both heaps` once is still
/// Wythoff), and each of its moves is listed once for every copy of its
/// rule. Where the rules are written unevenly often, the count of winning
/// moves not listed is a lower bound (each is at least one).
pub fn among(entries: &[&Entry], game: &Game) -> Option<Box<dyn Known>> {
    // A game that ends other than by running out of moves is none of them,
    // and so is a partizan one: the closed forms are of impartial games.
    if !game.ends.is_empty() || game.is_partizan() {
        return None;
    }
    // Each distinct rule, with the indices of its copies.
    let mut copies: Vec<Vec<usize>> = Vec::new();
    let mut kept = Vec::new();
    for (i, rule) in game.rules.iter().enumerate() {
        match kept.iter().position(|r: &Rule| r.kind == rule.kind) {
            Some(k) => copies[k].push(i),
            None => {
                copies.push(vec![i]);
                kept.push(rule.clone());
            }
        }
    }
    if kept.len() == game.rules.len() {
        return entries.iter().find_map(|entry| (entry.recognise)(game));
    }
    let distinct = Game {
        rules: kept,
        ..game.clone()
    };
    let known = entries
        .iter()
        .find_map(|entry| (entry.recognise)(&distinct))?;
    Some(Box::new(Renumbered { known, copies }))
}

/// A known game recognised with repeated rules left out: each of its moves
/// is one by every copy of its rule, the rule indices mapped back to the
/// game's own rules.
struct Renumbered {
    known: Box<dyn Known>,
    /// The game's indices of each rule the known game saw, its copies.
    copies: Vec<Vec<usize>>,
}

impl Known for Renumbered {
    fn id(&self) -> &'static str {
        self.known.id()
    }

    fn rule(&self) -> String {
        self.known.rule()
    }

    fn coin_value(&self, coin: &BigUint) -> Option<BigUint> {
        self.known.coin_value(coin)
    }

    fn analyze(&self, heaps: &[BigUint], max_moves: usize) -> Closed {
        let mut closed = self.known.analyze(heaps, max_moves);
        let moves = std::mem::take(&mut closed.winning.moves);
        // Each move listed is one a copy of its rule; those not listed,
        // at least one a copy of the rule written fewest times (exactly,
        // where every rule is written as often).
        let copies = |rule: usize| self.copies.get(rule).map_or(1, Vec::len);
        let fewest = self.copies.iter().map(Vec::len).min().unwrap_or(1);
        let even = self.copies.iter().all(|c| c.len() == fewest);
        let listed: usize = moves.iter().map(|m| copies(m.rule)).sum();
        let unlisted =
            &closed.winning.count - BigUint::from(moves.len()).min(closed.winning.count.clone());
        closed.winning.at_least |= !even && unlisted > BigUint::ZERO;
        closed.winning.count = BigUint::from(listed) + unlisted * BigUint::from(fewest);
        closed.winning.moves = (moves.iter())
            .flat_map(|m| {
                (self.copies.get(m.rule).into_iter().flatten()).map(|&rule| KnownMove {
                    rule,
                    to: m.to.clone(),
                })
            })
            .take(max_moves)
            .collect();
        closed
    }
}
