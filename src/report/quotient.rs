//! A misère quotient in words and as JSON: its order, P-portion,
//! presentation, how far it holds, and each heap's element.

use std::fmt::Write;

use serde_json::{Value as Json, json};

use crate::misere::quotient::{Presentation, Quotient, Stopped};
use crate::period::Period;
use crate::platform::usize_of;
use crate::search::budget::Exhausted;

/// Heaps shown on one line of the text.
const HEAPS_PER_LINE: usize = 12;

/// Generator i's name: a, b, …, z, then g26, g27, ….
fn generator(i: usize) -> String {
    match u8::try_from(i) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("g{i}"),
    }
}

/// A word of exponents, one per generator: `a²c`, or `1` for none.
pub(super) fn word(exponents: &[u32]) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut text = String::new();
    for (i, &e) in exponents.iter().enumerate() {
        if e == 0 {
            continue;
        }
        text.push_str(&generator(i));
        if e > 1 {
            text.extend(
                e.to_string()
                    .bytes()
                    .map(|d| SUPERSCRIPTS[usize::from(d - b'0')]),
            );
        }
    }
    if text.is_empty() {
        "1".to_string()
    } else {
        text
    }
}

/// A generator's heap: `heap 5`, or `heap 5 of g` when several games share
/// the quotient.
fn heap_text(presentation: &Presentation, (game, heap): (usize, u64)) -> String {
    match presentation.games.as_slice() {
        [_] => format!("heap {heap}"),
        games => format!("heap {heap} of {}", games[game]),
    }
}

/// Items joined by commas, or `none`.
fn listed(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The quotient of `game`, and why it stopped short of the heaps asked for.
pub fn quotient_text(game: &str, q: &Quotient, stopped: Option<&Stopped>) -> String {
    let presentation = q.presentation();
    let element = |x: u32| word(&presentation.words[x as usize]);
    let proven = q.period.as_ref().filter(|p| p.is_proven());
    let mut out = String::new();
    let _ = writeln!(out, "misère quotient of {game}, heaps 0 to {}", q.upto());
    let _ = writeln!(
        out,
        "  order {}, P-portion of {} elements",
        q.order(),
        q.p.count_ones(..)
    );
    let _ = writeln!(out, "  holds {}", quotient_reach(q.upto(), proven));
    if let Some(seen) = q.period.as_ref().filter(|p| !p.is_proven()) {
        let _ = writeln!(
            out,
            "  seen, not proven: {}",
            super::table::certificate_of(seen, "φ")
        );
    }
    if let Some(stopped) = stopped {
        let _ = writeln!(out, "  stopped: {}", stopped_text(stopped));
    }
    let growth: Vec<String> = (q.growth.iter())
        .map(|(heap, order)| format!("{heap} ({order})"))
        .collect();
    let _ = writeln!(out, "  order grew at heaps: {}", listed(&growth));
    let generators: Vec<String> = (presentation.generators.iter().enumerate())
        .map(|(i, heap)| format!("{} = {}", generator(i), heap_text(&presentation, *heap)))
        .collect();
    let _ = writeln!(out, "  generators: {}", listed(&generators));
    let relations: Vec<String> = (presentation.relations.iter())
        .map(|(left, right)| format!("{} = {}", word(left), word(right)))
        .collect();
    let _ = writeln!(out, "  relations: {}", listed(&relations));
    let p: Vec<String> = q.p.ones().map(|x| element(x as u32)).collect();
    let _ = writeln!(out, "  P-portion: {}", listed(&p));
    for (g, name) in q.games.iter().enumerate() {
        match q.games.len() {
            1 => {
                let _ = writeln!(out, "  heaps' elements:");
            }
            _ => {
                let _ = writeln!(out, "  heaps' elements of {name}:");
            }
        }
        let elements: Vec<String> = (0..=usize_of(q.upto_of(g)))
            .map(|n| element(q.phi[q.index(g, n)]))
            .collect();
        for (line, chunk) in elements.chunks(HEAPS_PER_LINE).enumerate() {
            let first = line * HEAPS_PER_LINE;
            let _ = writeln!(
                out,
                "    {first:>4}–{:<4} {}",
                first + chunk.len() - 1,
                chunk.join(" ")
            );
        }
    }
    out
}

/// Generators (each named, with its heap) and relations (each side a word).
pub(super) fn presentation_json(presentation: &Presentation) -> Json {
    json!({
        "generators": (presentation.generators.iter().enumerate())
            .map(|(i, &(game, heap))| json!({
                "name": generator(i),
                "game": presentation.games.get(game),
                "heap": heap,
            }))
            .collect::<Vec<_>>(),
        "relations": (presentation.relations.iter())
            .map(|(left, right)| json!({"left": word(left), "right": word(right)}))
            .collect::<Vec<_>>(),
    })
}

/// The quotient as JSON.
pub fn quotient_json(game: &str, q: &Quotient, stopped: Option<&Stopped>) -> Json {
    let presentation = q.presentation();
    let element = |x: u32| word(&presentation.words[x as usize]);
    let proven = q.period.as_ref().filter(|p| p.is_proven());
    json!({
        "game": game,
        "order": q.order(),
        "heaps_up_to": q.upto(),
        "p_portion": q.p.ones().map(|x| element(x as u32)).collect::<Vec<_>>(),
        "period": proven.map(|p| super::table::period_json(p, "φ")),
        "growth": q.growth.iter().map(|(heap, order)| json!({"heap": heap, "order": order})).collect::<Vec<_>>(),
        "presentation": presentation_json(&presentation),
        "heaps": (0..=usize_of(q.upto()))
            .map(|n| element(q.phi[q.index(0, n)]))
            .collect::<Vec<_>>(),
        "stopped": stopped.map(|s| json!({
            "heap": s.heap(),
            "reason": stopped_text(s),
        })),
    })
}

/// Why a misère quotient stopped growing.
pub fn stopped_text(stopped: &Stopped) -> String {
    match stopped {
        Stopped::Budget {
            heap,
            exhausted: Exhausted::Time(timeout),
        } => format!("its time ran out ({} s) at heap {heap}", timeout.as_secs()),
        Stopped::Budget {
            heap,
            exhausted: Exhausted::Memory(bytes),
        } => format!(
            "it grew past its memory limit ({} MB) at heap {heap}",
            bytes >> 20
        ),
        Stopped::Budget { heap, .. } => format!("its work budget ran out at heap {heap}"),
        Stopped::Stuck { heap } => {
            format!("no trial at heap {heap} led to a quotient that passes the checks")
        }
        Stopped::TooLarge { heap, order } => {
            format!("it grew to {order} elements at heap {heap}, past the most allowed")
        }
        Stopped::TooManyHeaps { heap } => {
            format!(
                "heaps from {heap} on are not grown (at most 2^20 are), and no period was proven"
            )
        }
    }
}

/// How far a misère quotient holds.
pub fn quotient_reach(upto: u64, period: Option<&Period>) -> String {
    match period {
        Some(period) => format!(
            "for every heap: the heaps' elements φ(n) repeat with period {} from heap {} ({})",
            period.period,
            period.preperiod,
            super::table::certificate_of(period, "φ")
        ),
        None => format!("for heaps up to {upto}"),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A quotient stopped by its clock says so, not that its work budget
    /// ran out (hostile input, round two).
    #[test]
    fn a_quotient_stopped_by_its_clock_says_so() {
        let stopped = |exhausted| {
            stopped_text(&Stopped::Budget {
                heap: 40,
                exhausted,
            })
        };
        assert_eq!(
            stopped(Exhausted::Time(Duration::from_secs(3))),
            "its time ran out (3 s) at heap 40"
        );
        assert_eq!(
            stopped(Exhausted::Moves(1000)),
            "its work budget ran out at heap 40"
        );
    }
}
