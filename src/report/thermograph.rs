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
/// SVG document. Each unit of value and of temperature is a whole number
/// of pixels, so every point is placed exactly.
pub fn thermograph_svg(value: &str, t: &Thermograph) -> String {
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
    let per_value = (WIDTH / (most - least).max(1)).max(1);
    let per_degree = (HEIGHT / (high_t - low_t).max(1)).max(1);
    let px = |x: &Dyadic| MARGIN + most * per_value - int(x.floor_times(per_value));
    let py = |t: &Dyadic| MARGIN + high_t * per_degree - int(t.floor_times(per_degree));
    let zero = Dyadic::zero();
    let (w, h) = (
        MARGIN * 2 + (most - least) * per_value,
        MARGIN * 2 + (high_t - low_t) * per_degree,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="24" font-size="16">thermograph of {}</text>"#,
        escape(value)
    );
    // The axes: t = 0, and the value 0.
    let _ = writeln!(
        out,
        r#"<line x1="{MARGIN}" y1="{y}" x2="{x2}" y2="{y}" stroke="{AXIS_COLOUR}"/>"#,
        y = py(&zero),
        x2 = w - MARGIN
    );
    let _ = writeln!(
        out,
        r#"<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{y2}" stroke="{AXIS_COLOUR}" stroke-dasharray="3 3"/>"#,
        x = px(&zero),
        y2 = h - MARGIN
    );
    // Each wall from t = 0 (a number has none) to the temperature, then
    // the mast.
    if t.temperature > zero {
        for corners in [&left, &right] {
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
        r#"<text x="{MARGIN}" y="{y}">temperature {}, mean {} (Left's side to the left)</text>"#,
        escape(&t.temperature.to_string()),
        escape(&t.mean.to_string()),
        y = h - 20
    );
    out.push_str("</svg>\n");
    out
}
