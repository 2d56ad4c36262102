//! A move in words, read off the rule that made it and the positions before
//! and after: `take 2 from heap 3`, `split heap 2 into 1 and 4`.

use num_bigint::{BigInt, BigUint};
use num_traits::ToPrimitive;

use crate::position::{Colour, Colouring, GraphShape, symmetric_difference};
use crate::rules::{Game, Kayles, MoveKind, Target};

/// Describes the move from `before` to `after` made by a rule of `kind`, in
/// `game` (its parts by their names where they have names, a board's cells
/// by their rows and columns): the `nth` (from 0) of the rule's moves from
/// `before` to `after`, where several lead there (two twin vertices of
/// Node Kayles picked).
pub fn describe(
    kind: &MoveKind,
    before: &[BigUint],
    after: &[BigUint],
    game: &Game,
    nth: usize,
) -> String {
    let parts = game.parts.as_deref();
    let m = Move {
        before,
        after,
        changed: (0..before.len().min(after.len()))
            .filter(|&i| before[i] != after[i])
            .collect(),
    };
    let first = m.changed.first().copied().unwrap_or(0);
    match kind {
        MoveKind::Take {
            split_rest: Some(_),
            ..
        } => m.take_and_split(first),
        MoveKind::Take {
            target: Target::One,
            ..
        } => match m.changed.first() {
            Some(&i) => m.take_from(i),
            None => "take nothing".to_string(),
        },
        MoveKind::Take { .. } => m.take_from_several(),
        MoveKind::Shift { .. } => m.shift(),
        MoveKind::Split(_) => m.take_and_split(first),
        MoveKind::Octal(_) if after.len() > before.len() => m.take_and_split(first),
        MoveKind::Octal(_) => m.take_from(first),
        // Its own words where it has them (`says`), else what it changed.
        MoveKind::Block(block) => {
            let words =
                |heaps: &[BigUint]| heaps.iter().map(|h| h.to_u64()).collect::<Option<Vec<_>>>();
            (words(before).zip(words(after)))
                .and_then(|(before, after)| crate::moves::said(block, &before, &after, nth))
                .unwrap_or_else(|| match game.board {
                    true => m.cells(),
                    false => m.changes(parts),
                })
        }
        MoveKind::Turn(_) => turn(before, after),
        MoveKind::Product(_) => turn_pairs(before, after),
        MoveKind::Cut(colour) => cut(GraphShape::of_cut(*colour).width(), before, after),
        MoveKind::Pick(kayles) => pick(*kayles, before, after, nth),
        MoveKind::Colour(game, colour) => colour_vertex(*game, *colour, before, after, nth),
        // A token is told by the vertex it leaves, not by a heap.
        MoveKind::Slide(graph) => match m.changed.first() {
            Some(&i) => format!(
                "slide a token from {} to {}",
                graph.vertex_name(&before[i]),
                graph.vertex_name(&after[i])
            ),
            None => "slide nowhere".to_string(),
        },
        MoveKind::EmptyAndSplit(_) => {
            let (a, b) = (&after[0], &after[1]);
            let (emptied, split) = if a + b == before[1] { (1, 2) } else { (2, 1) };
            format!("empty heap {emptied} and split heap {split} into {a} and {b}")
        }
    }
}

/// `turn 2, 5 and 9`, `turn 4 to 9`: the coins a move turned over (the
/// heads before and after, both increasing, differ in exactly those).
fn turn(before: &[BigUint], after: &[BigUint]) -> String {
    let turned = symmetric_difference(before, after);
    let run = turned.windows(2).all(|w| &w[0] + 1u32 == w[1]);
    match turned.as_slice() {
        [first, .., last] if run && turned.len() > 2 => format!("turn {first} to {last}"),
        _ => {
            let coins: Vec<String> = turned.iter().map(ToString::to_string).collect();
            format!("turn {}", and_list(&coins))
        }
    }
}

/// `turn (1, 2), (1, 4), (3, 2) and (3, 4)`: the coins of a product a
/// move turned over (heads as pairs, flattened, increasing).
fn turn_pairs(before: &[BigUint], after: &[BigUint]) -> String {
    let pairs = |heads: &[BigUint]| -> std::collections::BTreeSet<(BigUint, BigUint)> {
        (heads.chunks(2))
            .filter_map(|p| Some((p.first()?.clone(), p.get(1)?.clone())))
            .collect()
    };
    let (before, after) = (pairs(before), pairs(after));
    let coins: Vec<String> = (before.symmetric_difference(&after))
        .map(|(x, y)| format!("({x}, {y})"))
        .collect();
    format!("turn {}", and_list(&coins))
}

/// `cut 1 -- 2`, `cut 1 -- 2 blue`: the edge a Hackenbush move cut (its
/// colour where the graph is coloured: `width` heaps an edge): of the edges
/// `after` lacks (the cut one, and those that fell with it), the one that
/// touches what still stands (the ground, or an end of an edge left).
fn cut(width: usize, before: &[BigUint], after: &[BigUint]) -> String {
    let mut left: Vec<&[BigUint]> = after.chunks_exact(width).collect();
    let standing = |v: &BigUint| {
        *v == BigUint::from(0u8) || after.chunks_exact(width).any(|e| e[..2].contains(v))
    };
    let mut gone = Vec::new();
    for edge in before.chunks_exact(width) {
        match left.iter().position(|e| *e == edge) {
            Some(i) => {
                left.remove(i);
            }
            None => gone.push(edge),
        }
    }
    match gone
        .iter()
        .find(|e| e[..2].iter().any(standing))
        .or(gone.first())
    {
        Some([a, b]) => format!("cut {a} -- {b}"),
        Some([a, b, c]) => match c.to_u64().and_then(Colour::of_code) {
            Some(colour) => format!("cut {a} -- {b} {}", colour.word()),
            None => format!("cut {a} -- {b}"),
        },
        _ => "cut nothing".to_string(),
    }
}

/// `pick 2` (a vertex of Node Kayles), `pick 1 -- 2` (an edge of Arc
/// Kayles): the `nth` pick that leaves `after` (vertices have at most 18
/// digits).
fn pick(kayles: Kayles, before: &[BigUint], after: &[BigUint], nth: usize) -> String {
    let words =
        |heaps: &[BigUint]| -> Vec<u64> { heaps.iter().filter_map(|h| h.to_u64()).collect() };
    let (before, after) = (words(before), words(after));
    let mut text = None;
    let mut skip = nth;
    crate::moves::picks(kayles, &before, |picked, left| {
        if text.is_none() && left == after {
            if skip > 0 {
                skip -= 1;
                return;
            }
            text = match picked {
                [a, b] => Some(format!("pick {a} -- {b}")),
                [v] => Some(format!("pick {v}")),
                _ => None,
            };
        }
    });
    text.unwrap_or_else(|| "pick nothing".to_string())
}

/// `colour 3 blue`: the vertex a move of Snort or Col coloured, the
/// `nth` of those that leave `after`.
fn colour_vertex(
    game: Colouring,
    colour: Colour,
    before: &[BigUint],
    after: &[BigUint],
    nth: usize,
) -> String {
    let words =
        |heaps: &[BigUint]| -> Vec<u64> { heaps.iter().filter_map(|h| h.to_u64()).collect() };
    let (before, after) = (words(before), words(after));
    let mut coloured = Vec::new();
    crate::moves::colourings(game, colour, &before, |v, left| {
        if left == after {
            coloured.push(v);
        }
    });
    match coloured.get(nth) {
        Some(v) => format!("colour {v} {}", colour.word()),
        None => "colour nothing".to_string(),
    }
}

/// A move's positions, and the heaps it changed.
struct Move<'a> {
    before: &'a [BigUint],
    after: &'a [BigUint],
    changed: Vec<usize>,
}

impl Move<'_> {
    /// ` from heap i` (1-based), or nothing when there is one heap.
    fn heap(&self, i: usize) -> String {
        if self.before.len() == 1 {
            String::new()
        } else {
            format!(" from heap {}", i + 1)
        }
    }

    /// What heap `i` lost (negative: gained).
    fn diff(&self, i: usize) -> BigInt {
        BigInt::from(self.before[i].clone()) - BigInt::from(self.after[i].clone())
    }

    /// `take 2 from heap 3`.
    fn take_from(&self, i: usize) -> String {
        format!("{}{}", take(&self.diff(i)), self.heap(i))
    }

    /// Heap `i` became the heaps from `i` on that the move added (two, or
    /// three for a hexadecimal code): `split heap 1 into 2 and 3` when
    /// nothing was taken, else `take 1 and split the rest into 2 and 3`.
    fn take_and_split(&self, i: usize) -> String {
        let count = self.after.len() + 1 - self.before.len();
        let parts = &self.after[i..(i + count).min(self.after.len())];
        let kept: BigInt = parts.iter().map(|p| BigInt::from(p.clone())).sum();
        let k = BigInt::from(self.before[i].clone()) - kept;
        let into = and_list(&parts.iter().map(ToString::to_string).collect::<Vec<_>>());
        if k.sign() == num_bigint::Sign::NoSign {
            format!("split heap {} into {into}", i + 1)
        } else {
            format!(
                "{}{} and split the rest into {into}",
                take(&k),
                self.heap(i)
            )
        }
    }

    /// `take 2 from heaps 1 and 3`, or `take 1 from heap 1 and 2 from heap 3`.
    fn take_from_several(&self) -> String {
        let amounts: Vec<BigInt> = self.changed.iter().map(|&i| self.diff(i)).collect();
        if self.changed.len() > 1 && amounts.iter().all(|k| *k == amounts[0]) {
            let heaps: Vec<String> = self.changed.iter().map(|i| (i + 1).to_string()).collect();
            return format!("{} from heaps {}", take(&amounts[0]), and_list(&heaps));
        }
        let parts: Vec<String> = self
            .changed
            .iter()
            .zip(&amounts)
            .enumerate()
            .map(|(n, (&i, k))| {
                let verb = take(k);
                let what = if n == 0 {
                    verb
                } else {
                    verb.replacen("take ", "", 1)
                };
                format!("{what}{}", self.heap(i))
            })
            .collect();
        and_list(&parts)
    }

    /// What a move block changed: `stones from 20 to 19, limit from 19 to 2`,
    /// `heap 3 from 7 to 1, add a heap of 6`; `remove a heap` (`remove 3
    /// heaps`) when fewer are left (the position after it says which).
    /// `(1, 2) and (2, 2) to #`: the cells of a board a move changed, by
    /// row and column, grouped by what each became.
    fn cells(&self) -> String {
        let cols = self
            .before
            .get(1)
            .and_then(ToPrimitive::to_usize)
            .unwrap_or(1)
            .max(1);
        let character = |h: &BigUint| h.to_u32().and_then(char::from_u32).unwrap_or('?');
        let mut groups: Vec<(char, Vec<String>)> = Vec::new();
        for &i in self.changed.iter().filter(|&&i| i >= 2) {
            let at = format!("({}, {})", (i - 2) / cols + 1, (i - 2) % cols + 1);
            let to = character(&self.after[i]);
            match groups.iter_mut().find(|(c, _)| *c == to) {
                Some((_, cells)) => cells.push(at),
                None => groups.push((to, vec![at])),
            }
        }
        let each: Vec<String> = (groups.into_iter())
            .map(|(to, cells)| format!("{} to {to}", and_list(&cells)))
            .collect();
        match each.is_empty() {
            true => "change nothing".to_string(),
            false => each.join(", "),
        }
    }

    fn changes(&self, parts: Option<&[String]>) -> String {
        match self.before.len() - self.after.len().min(self.before.len()) {
            0 => {}
            1 => return "remove a heap".to_string(),
            n => return format!("remove {n} heaps"),
        }
        let name = |i: usize| match parts.and_then(|p| p.get(i)) {
            Some(part) => part.clone(),
            None => format!("heap {}", i + 1),
        };
        let changed = self
            .changed
            .iter()
            .map(|&i| format!("{} from {} to {}", name(i), self.before[i], self.after[i]));
        let added = self.after[self.before.len()..]
            .iter()
            .map(|h| format!("add a heap of {h}"));
        let all: Vec<String> = changed.chain(added).collect();
        if all.is_empty() {
            "change nothing".to_string()
        } else {
            all.join(", ")
        }
    }

    /// `shift 2 from heap 3 to heap 2`: the source heap is the one that lost
    /// tokens (the last changed).
    fn shift(&self) -> String {
        let Some(&i) = self
            .changed
            .iter()
            .rev()
            .find(|&&i| self.after[i] < self.before[i])
            .or(self.changed.last())
        else {
            return "shift nothing".to_string();
        };
        let k = self.diff(i);
        if i == 0 {
            format!("shift {k} from heap 1 off the board")
        } else {
            format!("shift {k} from heap {} to heap {}", i + 1, i)
        }
    }
}

fn take(k: &BigInt) -> String {
    if k.sign() == num_bigint::Sign::Minus {
        format!("add {}", -k)
    } else {
        format!("take {k}")
    }
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_removes_several_heaps_says_how_many() {
        // Issue 30: every such move was worded "remove a heap".
        let heaps = |v: &[u32]| v.iter().map(|&h| BigUint::from(h)).collect::<Vec<_>>();
        let m = |before: &[u32], after: &[u32]| {
            Move {
                before: &heaps(before),
                after: &heaps(after),
                changed: Vec::new(),
            }
            .changes(None)
        };
        assert_eq!(m(&[1, 2, 3], &[1, 2]), "remove a heap");
        assert_eq!(m(&[1, 2, 3, 4], &[4]), "remove 3 heaps");
    }
}
