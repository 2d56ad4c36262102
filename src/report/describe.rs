//! A move in words, read off the rule that made it and the positions before
//! and after: `take 2 from heap 3`, `split heap 2 into 1 and 4`.

use num_bigint::{BigInt, BigUint};

use crate::rules::{MoveKind, Target};

/// Describes the move from `before` to `after` made by a rule of `kind`.
pub fn describe(kind: &MoveKind, before: &[BigUint], after: &[BigUint]) -> String {
    let one_heap = before.len() == 1;
    let heap = |i: usize| {
        if one_heap {
            String::new()
        } else {
            format!(" from heap {}", i + 1)
        }
    };
    let changed: Vec<usize> = (0..before.len().min(after.len()))
        .filter(|&i| before[i] != after[i])
        .collect();
    let diff = |i: usize| BigInt::from(before[i].clone()) - BigInt::from(after[i].clone());
    match kind {
        MoveKind::Take {
            split_rest: Some(_),
            ..
        } => {
            let i = changed.first().copied().unwrap_or(0);
            let (a, b) = (&after[i], &after[i + 1]);
            let k =
                BigInt::from(before[i].clone()) - BigInt::from(a.clone()) - BigInt::from(b.clone());
            format!(
                "{}{} and split the rest into {a} and {b}",
                take(&k),
                heap(i)
            )
        }
        MoveKind::Take {
            target: Target::One,
            ..
        } => match changed.first() {
            Some(&i) => format!("{}{}", take(&diff(i)), heap(i)),
            None => "take nothing".to_string(),
        },
        MoveKind::Take { .. } => {
            let amounts: Vec<BigInt> = changed.iter().map(|&i| diff(i)).collect();
            let heaps: Vec<String> = changed.iter().map(|i| (i + 1).to_string()).collect();
            if changed.len() > 1 && amounts.iter().all(|k| *k == amounts[0]) {
                format!("{} from heaps {}", take(&amounts[0]), and_list(&heaps))
            } else {
                let parts: Vec<String> = changed
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
                        format!("{what}{}", heap(i))
                    })
                    .collect();
                and_list(&parts)
            }
        }
        MoveKind::Shift { .. } => {
            // The source heap is the one that lost tokens (the last changed).
            let Some(&i) = changed
                .iter()
                .rev()
                .find(|&&i| after[i] < before[i])
                .or(changed.last())
            else {
                return "shift nothing".to_string();
            };
            let k = diff(i);
            if i == 0 {
                format!("shift {k} from heap 1 off the board")
            } else {
                format!("shift {k} from heap {} to heap {}", i + 1, i)
            }
        }
        MoveKind::Split(_) => {
            let i = changed.first().copied().unwrap_or(0);
            format!(
                "split heap {} into {} and {}",
                i + 1,
                after[i],
                after[i + 1]
            )
        }
        MoveKind::Octal(_) => {
            let i = changed.first().copied().unwrap_or(0);
            if after.len() > before.len() {
                let (a, b) = (&after[i], &after[i + 1]);
                let k = BigInt::from(before[i].clone())
                    - BigInt::from(a.clone())
                    - BigInt::from(b.clone());
                if k.sign() == num_bigint::Sign::NoSign {
                    format!("split heap {} into {a} and {b}", i + 1)
                } else {
                    format!(
                        "{}{} and split the rest into {a} and {b}",
                        take(&k),
                        heap(i)
                    )
                }
            } else {
                format!("{}{}", take(&diff(i)), heap(i))
            }
        }
        MoveKind::EmptyAndSplit(_) => {
            let (a, b) = (&after[0], &after[1]);
            let (emptied, split) = if a + b == before[1] { (1, 2) } else { (2, 1) };
            format!("empty heap {emptied} and split heap {split} into {a} and {b}")
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
