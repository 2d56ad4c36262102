//! A partizan value's thermograph as an SVG picture, drawn by hand as
//! Winning Ways draws one (ch. 6): values along the horizontal axis with
//! Left's side (larger values) on the left, temperature up; the Left and
//! Right walls from t = 0 to where they meet, then the mast at the mean.
//! Every point is placed in whole pixels by exact arithmetic.

use std::fmt::Write;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::svg::escape;
use crate::partizan::{Dyadic, Thermograph};

/// The walls and the mast.
pub const WALL_COLOUR: &str = "#1f3a93";
/// The axes.
const AXIS_COLOUR: &str = "#888888";
/// The plot's size, and the room around it, in pixels.
const WIDTH: i64 = 480;
const HEIGHT: i64 = 320;
const MARGIN: i64 = 60;

/// The thermograph `t` of the value `value` (its text, for the title) as an
/// SVG document. One unit of value and one of temperature are the same
/// whole number of pixels, so every point is placed exactly and a wall's
/// slope is as the theory draws it (45° where a wall is a line of slope 1).
pub fn thermograph_svg(value: &str, t: &Thermograph) -> String {
    let (body, w, h) = drawn(value, t);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// Several thermographs as one SVG document, one under another (the answers
/// of a file's `analyze` lines, in order); one alone as `thermograph_svg`
/// draws it.
pub fn thermographs_svg(all: &[(&str, &Thermograph)]) -> String {
    if let [(value, t)] = all {
        return thermograph_svg(value, t);
    }
    let drawn: Vec<(String, i64, i64)> = all.iter().map(|(v, t)| drawn(v, t)).collect();
    let w = drawn.iter().map(|d| d.1).max().unwrap_or(0);
    let h: i64 = drawn.iter().map(|d| d.2).sum();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let mut y = 0;
    for (body, dw, dh) in &drawn {
        let _ = writeln!(
            out,
            r#"<svg x="0" y="{y}" width="{dw}" height="{dh}" viewBox="0 0 {dw} {dh}">"#
        );
        out.push_str(body);
        out.push_str("</svg>\n");
        y += dh;
    }
    out.push_str("</svg>\n");
    out
}

/// The elements of `t`'s picture, and its width and height.
fn drawn(value: &str, t: &Thermograph) -> (String, i64, i64) {
    let (left, right) = (t.left.corners(), t.right.corners());
    let int = |n: BigInt| n.to_i64().unwrap_or(0);
    // Values from a unit past the largest (left) to a unit past the
    // least; temperatures from -1 (a number's is at least that) to a unit
    // above where the walls meet, the mast going on.
    let all: Vec<&Dyadic> = (left.iter().chain(&right))
        .map(|(_, x)| x)
        .chain([&t.mean])
        .collect();
    let most = all.iter().map(|x| int(x.ceil())).max().unwrap_or(0) + 1;
    let least = all.iter().map(|x| int(x.floor())).min().unwrap_or(0) - 1;
    let (low_t, high_t) = (-1, int(t.temperature.ceil()).max(0) + 1);
    // One scale for both axes.
    let unit = (WIDTH / (most - least).max(1))
        .min(HEIGHT / (high_t - low_t).max(1))
        .max(1);
    let px = |x: &Dyadic| MARGIN + most * unit - int(x.floor_times(unit));
    let py = |t: &Dyadic| MARGIN + high_t * unit - int(t.floor_times(unit));
    let zero = Dyadic::zero();
    let (w, h) = (
        MARGIN * 2 + (most - least) * unit,
        MARGIN * 2 + (high_t - low_t) * unit,
    );
    let mut out = String::new();
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="24" font-size="16">thermograph of {}</text>"#,
        escape(value)
    );
    // The axes: t = 0 with a tick and a number at each whole value (Left's
    // side, the larger values, to the left), and the value 0 dashed, with
    // a tick and a number at each whole temperature.
    let y0 = py(&zero);
    let _ = writeln!(
        out,
        r#"<line x1="{MARGIN}" y1="{y0}" x2="{x2}" y2="{y0}" stroke="{AXIS_COLOUR}"/>"#,
        x2 = w - MARGIN
    );
    let x0 = px(&zero);
    let _ = writeln!(
        out,
        r#"<line x1="{x0}" y1="{MARGIN}" x2="{x0}" y2="{y2}" stroke="{AXIS_COLOUR}" stroke-dasharray="3 3"/>"#,
        y2 = h - MARGIN
    );
    let every = (1..).find(|k| k * unit >= 24).unwrap_or(1);
    for v in (least..=most).filter(|v| v % every == 0) {
        let x = px(&Dyadic::integer(v));
        let _ = writeln!(
            out,
            r#"<line x1="{x}" y1="{y0}" x2="{x}" y2="{y1}" stroke="{AXIS_COLOUR}"/>"#,
            y1 = y0 + 4
        );
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{y}" text-anchor="middle" fill="{AXIS_COLOUR}">{v}</text>"#,
            y = y0 + 16
        );
    }
    for d in (low_t..=high_t).filter(|d| d % every == 0) {
        let y = py(&Dyadic::integer(d));
        let _ = writeln!(
            out,
            r#"<line x1="{a}" y1="{y}" x2="{MARGIN}" y2="{y}" stroke="{AXIS_COLOUR}"/>"#,
            a = MARGIN - 4
        );
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{ty}" text-anchor="end" fill="{AXIS_COLOUR}">{d}</text>"#,
            x = MARGIN - 6,
            ty = y + 4
        );
    }
    let _ = writeln!(
        out,
        r#"<line x1="{MARGIN}" y1="{MARGIN}" x2="{MARGIN}" y2="{y2}" stroke="{AXIS_COLOUR}"/>"#,
        y2 = h - MARGIN
    );
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{y}" text-anchor="middle" fill="{AXIS_COLOUR}">t</text>"#,
        x = MARGIN - 16,
        y = MARGIN - 8
    );
    // Each wall from t = 0 (a number has none) to the temperature, then
    // the mast, each named where it starts.
    if t.temperature > zero {
        for (corners, name, anchor) in
            [(&left, "Left wall", "end"), (&right, "Right wall", "start")]
        {
            let mut points: Vec<String> = (corners.iter())
                .filter(|(at, _)| *at <= t.temperature)
                .map(|(at, x)| format!("{},{}", px(x), py(at)))
                .collect();
            points.push(format!("{},{}", px(&t.mean), py(&t.temperature)));
            let _ = writeln!(
                out,
                r#"<polyline points="{}" fill="none" stroke="{WALL_COLOUR}" stroke-width="2"/>"#,
                points.join(" ")
            );
            if let Some((_, x)) = corners.first() {
                let _ = writeln!(
                    out,
                    r#"<text x="{x}" y="{y}" text-anchor="{anchor}" fill="{WALL_COLOUR}">{name}</text>"#,
                    x = px(x),
                    y = y0 - 6
                );
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<line x1="{x}" y1="{y1}" x2="{x}" y2="{MARGIN}" stroke="{WALL_COLOUR}" stroke-width="2"/>"#,
        x = px(&t.mean),
        y1 = py(&t.temperature)
    );
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{y}" fill="{WALL_COLOUR}">mast</text>"#,
        x = px(&t.mean) + 6,
        y = MARGIN + 12
    );
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{y}">temperature {}, mean {} (value along, Left's side to the left; temperature up)</text>"#,
        escape(&t.temperature.to_string()),
        escape(&t.mean.to_string()),
        y = h - 20
    );
    (out, w, h)
}
