//! `table --format svg`: the SVG parses, renders with a real renderer
//! (resvg), and a P-position's cell or column has the P colour.

use crate::cli::gamelang;

/// The SVG of `table FILE --upto N`, rendered: its pixels.
fn rendered(file: &str, upto: &str) -> resvg::tiny_skia::Pixmap {
    let run = gamelang(&["table", file, "--upto", upto, "--format", "svg"]);
    run.exits(0);
    let tree = resvg::usvg::Tree::from_str(&run.stdout, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("the SVG parses: {e}\n{}", run.stdout));
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// gamelang::report::P_COLOUR, #d62728.
const P: [u8; 3] = [0xd6, 0x27, 0x28];

fn colour_at(pixmap: &resvg::tiny_skia::Pixmap, x: u32, y: u32) -> [u8; 3] {
    let p = pixmap.pixel(x, y).expect("inside the picture");
    [p.red(), p.green(), p.blue()]
}

#[test]
fn the_wythoff_heat_map_has_p_cells_in_the_p_colour() {
    assert_eq!(
        gamelang::report::P_COLOUR,
        format!("#{:02x}{:02x}{:02x}", P[0], P[1], P[2])
    );
    // 11 x 11 cells of 24 pixels from a margin of 40 (report/svg.rs).
    let pixmap = rendered("games/wythoff.game", "10");
    let centre = |a: u32, b: u32| (40 + 24 * a + 12, 40 + 24 * b + 12);
    // Wythoff's P-positions below 11: (0, 0), (1, 2), (3, 5), (4, 7),
    // (6, 10) and their mirrors (Wythoff, 1907; OEIS A000201, A001950).
    let p_positions = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)];
    for a in 0..=10u32 {
        for b in 0..=10u32 {
            let p = p_positions.contains(&(a, b)) || p_positions.contains(&(b, a));
            let (x, y) = centre(a, b);
            assert_eq!(colour_at(&pixmap, x, y) == P, p, "({a}, {b})");
        }
    }
}

#[test]
fn a_one_heap_sequence_marks_its_p_positions() {
    // Dawson's Kayles (0.07) up to 40, its P-positions as the table's JSON
    // gives them. 41 columns: 1000 / 41 = 24, clamped to 12 pixels.
    let run = gamelang(&["table", "games/dawson.game", "--upto", "40", "--json"]);
    let table: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let outcomes = table["outcomes"].as_array().expect("outcomes");
    let zeros: Vec<u32> = (0..=40u32)
        .filter(|&n| outcomes[n as usize] == "P")
        .collect();
    assert!(zeros.len() > 3, "{zeros:?}");
    let pixmap = rendered("games/dawson.game", "40");
    for n in 0..=40u32 {
        // Near the top of the plot, above every bar.
        let (x, y) = (40 + 12 * n + 6, 42);
        assert_eq!(colour_at(&pixmap, x, y) == P, zeros.contains(&n), "n = {n}");
    }
}
