//! `table --format svg`, `analyze --thermograph`, `analyze --board` and
//! `graph --format svg`: the SVG parses, renders with a real renderer
//! (resvg), and a P-position's cell or column has the P colour, a
//! thermograph's walls and mast their colour where the theory puts them, a
//! board's cells and pieces theirs.

use crate::cli::gamelang;

/// The SVG of `table FILE --upto N`, rendered: its pixels.
fn rendered(file: &str, upto: &str) -> resvg::tiny_skia::Pixmap {
    render(&svg(&["table", file, "--upto", upto, "--format", "svg"]))
}

/// What `gamelang ARGS` prints, which must be an SVG document.
fn svg(args: &[&str]) -> String {
    let run = gamelang(args);
    run.exits(0);
    assert!(run.stdout.starts_with("<svg"), "{}", run.stdout);
    run.stdout
}

/// An SVG document rendered: its pixels.
fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("the SVG parses: {e}\n{svg}"));
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// gamelang::P_COLOUR, #d62728.
const P: [u8; 3] = [0xd6, 0x27, 0x28];

fn colour_at(pixmap: &resvg::tiny_skia::Pixmap, x: u32, y: u32) -> [u8; 3] {
    let p = pixmap.pixel(x, y).expect("inside the picture");
    [p.red(), p.green(), p.blue()]
}

#[test]
fn the_wythoff_heat_map_has_p_cells_in_the_p_colour() {
    assert_eq!(
        gamelang::P_COLOUR,
        format!("#{:02x}{:02x}{:02x}", P[0], P[1], P[2])
    );
    // 11 x 11 cells of 24 pixels from (LEFT, TOP) = (60, 60)
    // (report/svg.rs), (a, b) at row a and column b.
    let pixmap = rendered("games/wythoff.game", "10");
    let centre = |a: u32, b: u32| (60 + 24 * b + 12, 60 + 24 * a + 12);
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
        let (x, y) = (60 + 12 * n + 6, 62);
        assert_eq!(colour_at(&pixmap, x, y) == P, zeros.contains(&n), "n = {n}");
    }
}

#[test]
fn a_table_of_three_heaps_draws_a_map_for_each_size_of_the_first() {
    // Nim of three heaps, each 0 to 3: P exactly where a ^ b ^ c = 0
    // (Bouton 1901). Four maps, two to a row, of 4 x 4 cells of 24 pixels,
    // 50 pixels apart with a caption of 20 above each (report/svg.rs).
    let picture = svg(&[
        "table",
        "games/nim.game",
        "--upto",
        "3",
        "--heaps",
        "3",
        "--format",
        "svg",
    ]);
    for c in 0..4 {
        assert!(
            picture.contains(&format!(">({c}, a, b)</text>")),
            "{picture}"
        );
    }
    let pixmap = render(&picture);
    for c in 0..4u32 {
        let (x0, y0) = (60 + (c % 2) * (96 + 50), 60 + 20 + (c / 2) * (96 + 50 + 20));
        for a in 0..4u32 {
            for b in 0..4u32 {
                let (x, y) = (x0 + 24 * b + 12, y0 + 24 * a + 12);
                assert_eq!(
                    colour_at(&pixmap, x, y) == P,
                    c ^ a ^ b == 0,
                    "({c}, {a}, {b})"
                );
            }
        }
    }
}

#[test]
fn each_picture_has_axes_ticks_labels_and_a_legend() {
    let one_heap = svg(&[
        "table",
        "games/dawson.game",
        "--upto",
        "40",
        "--format",
        "svg",
    ]);
    let grid = svg(&[
        "table",
        "games/wythoff.game",
        "--upto",
        "10",
        "--format",
        "svg",
    ]);
    for (picture, labels) in [
        (&one_heap, ["n (the heap)", "g(n)"]),
        (&grid, ["b (heap 2)", "a (heap 1)"]),
    ] {
        for label in labels {
            assert!(
                picture.contains(&format!(">{label}</text>")),
                "{label}: {picture}"
            );
        }
        assert!(picture.contains(">legend</text>"), "{picture}");
        assert!(picture.contains(">P-position (g = 0)</text>"), "{picture}");
        // Ticks: numbers along the axes, 0 and 10 among them.
        for tick in ["0", "10"] {
            assert!(
                picture.contains(&format!(">{tick}</text>")),
                "{tick}: {picture}"
            );
        }
    }
    // Dawson's Kayles has the period 34 from 52 (A002187): not shown this
    // short; its bars are.
    assert!(one_heap.contains("g(n), the bar's height"), "{one_heap}");
}

#[test]
fn graph_draws_the_positions_below_one_without_graphviz() {
    // Kayles at 6: 15 positions as the search keeps them (docs/TOUR.md),
    // their outcomes as `graph --format json` gives them.
    let run = gamelang(&[
        "graph",
        "games/kayles.game",
        "--at",
        "6",
        "--format",
        "json",
    ]);
    run.exits(0);
    let graph: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let nodes = graph["nodes"].as_array().expect("nodes");
    let edges = graph["edges"].as_array().expect("edges");
    assert_eq!(nodes.len(), 15);
    let picture = svg(&["graph", "games/kayles.game", "--at", "6", "--format", "svg"]);
    // Every move an arrow, with its words as a tooltip.
    assert_eq!(
        picture.matches(r#"marker-end="url(#arrow)""#).count(),
        edges.len()
    );
    for edge in edges {
        let words = edge["text"].as_str().expect("words");
        assert!(
            picture.contains(&format!("<title>{words}</title>")),
            "{words}"
        );
    }
    assert!(picture.contains(">legend</text>"), "{picture}");
    let pixmap = render(&picture);
    for (n, node) in nodes.iter().enumerate() {
        // The box of node n: `<g id="node-n"><rect x=".." y=".." width="..`.
        let at = picture
            .find(&format!(r#"<g id="node-{n}"><rect "#))
            .unwrap_or_else(|| panic!("node {n} is drawn"));
        let number = |name: &str| -> u32 {
            let from =
                at + picture[at..].find(&format!(r#" {name}=""#)).expect(name) + name.len() + 3;
            let to = from + picture[from..].find('"').expect("a closing quote");
            picture[from..to].parse().expect("a number")
        };
        let (x, y, w) = (number("x"), number("y"), number("width"));
        // Inside the box, left of its words.
        let colour = colour_at(&pixmap, x + 3, y + 18);
        assert_eq!(colour == P, node["outcome"] == "P", "node {n}: {node}");
        let text = node["position"].as_str().expect("a position");
        assert!(picture[at..].contains(&format!(">{text}</text>")), "{text}");
        assert!(w > 7 * text.chars().count() as u32, "{text}");
    }
}

#[test]
fn the_thermograph_of_a_switch_has_its_walls_and_mast_where_the_theory_puts_them() {
    // ±1 = {1 | -1}: walls from 1 and -1 at t = 0 meeting at the mean 0 at
    // the temperature 1, the mast above (Winning Ways, ch. 6). The plot
    // (report/thermograph.rs) starts 60 pixels in; values run from 2 (left)
    // to -2, temperatures from 2 (top) down to -1, both at one scale: the
    // lesser of 480 / 4 = 120 and 320 / 3 = 106 pixels a unit.
    let file = crate::cli::TempGame::new("switch", "analyze +-1\n");
    let svg = svg(&["analyze", file.path(), "--thermograph"]);
    assert!(svg.contains("temperature 1, mean 0"), "{svg}");
    let pixmap = render(&svg);
    let px = |x: f64| (60.0 + (2.0 - x) * 106.0) as u32;
    let py = |t: f64| (60.0 + (2.0 - t) * 106.0) as u32;
    let wall = [0x1f, 0x3a, 0x93];
    assert_eq!(
        gamelang::WALL_COLOUR,
        format!("#{:02x}{:02x}{:02x}", wall[0], wall[1], wall[2])
    );
    // The wall's colour, softened at a line's edge: blue over white.
    let on_wall = |x: f64, t: f64| {
        let [r, g, b] = colour_at(&pixmap, px(x), py(t));
        b > 120 && r < 120 && g < 120
    };
    // The mast at 0, above the temperature; each wall at ±1/2 halfway up.
    assert!(on_wall(0.0, 1.5));
    assert!(on_wall(0.5, 0.5));
    assert!(on_wall(-0.5, 0.5));
    // Nothing at 1/2 above the temperature, nor at 0 below it.
    assert!(!on_wall(0.5, 1.5));
    assert!(!on_wall(0.0, 0.5));
    // The axes are numbered and the walls and mast named.
    for words in [
        ">2</text>",
        ">-1</text>",
        ">Left wall<",
        ">Right wall<",
        ">mast<",
    ] {
        assert!(svg.contains(words), "{words}: {svg}");
    }
}

#[test]
fn several_thermographs_of_one_file_are_one_document() {
    // Two `analyze` lines: one SVG holding both, one under the other.
    let file = crate::cli::TempGame::new("two", "analyze +-1\nanalyze {2|-1/2}\n");
    let svg = svg(&["analyze", file.path(), "--thermograph"]);
    assert_eq!(svg.matches("<svg xmlns").count(), 1, "{svg}");
    assert!(svg.contains("thermograph of +-1") && svg.contains("thermograph of {2|-1/2}"));
    let pixmap = render(&svg);
    // Taller than one: the second drawn below the first.
    assert!(pixmap.height() > 400, "{}", pixmap.height());
}

/// gamelang::REMOVED_COLOUR, #4a4a4a.
const REMOVED: [u8; 3] = [0x4a, 0x4a, 0x4a];

#[test]
fn a_board_is_drawn_cell_by_cell_its_pieces_as_discs() {
    assert_eq!(
        gamelang::REMOVED_COLOUR,
        format!("#{:02x}{:02x}{:02x}", REMOVED[0], REMOVED[1], REMOVED[2])
    );
    // Cells of 36 pixels from (20, 40) (report/board.rs): row r, column c
    // centred at (20 + 36c + 18, 40 + 36r + 18), counting from 0.
    let pixmap = render(&svg(&[
        "analyze",
        "games/toads_and_frogs.game",
        "--at",
        "\"T.F#\"",
        "--board",
    ]));
    let centre = |c: u32| (20 + 36 * c + 18, 40 + 18);
    // A piece's disc is coloured (not white, not the removed grey) at its
    // centre, off its letter; an empty cell white; a removed cell grey.
    let disc = |c: u32| {
        let (x, y) = centre(c);
        colour_at(&pixmap, x - 10, y)
    };
    assert_eq!(disc(0), [0x1f, 0x5f, 0xbf], "a toad, Left's blue");
    assert_eq!(disc(2), [0xc0, 0x39, 0x2b], "a frog, Right's red");
    assert_eq!(disc(1), [0xff, 0xff, 0xff], "an empty cell");
    assert_eq!(disc(3), REMOVED, "a removed cell");
    // A sum draws each of its boards; a game of heaps none.
    let two = svg(&[
        "analyze",
        "games/cram.game",
        "--at",
        "\"..|..\"",
        "--at",
        "\"...\"",
        "--board",
    ]);
    assert_eq!(two.matches("<svg").count(), 2, "{two}");
    let run = gamelang(&["analyze", "games/nim.game", "--at", "(1, 2)", "--board"]);
    run.exits(0);
    assert_eq!(run.stdout, "");
}

#[test]
fn graph_draws_a_board_games_positions_as_boards() {
    let drawn = svg(&[
        "graph",
        "games/cram.game",
        "--at",
        "\"..#|...\"",
        "--format",
        "svg",
    ]);
    render(&drawn);
    let nodes = drawn.matches("<g id=\"node-").count();
    assert!(nodes > 3, "{drawn}");
    assert_eq!(drawn.matches("<g class=\"board\">").count(), nodes);
    // Every box holds its board: 6 cells each, the start's removed cell
    // among them.
    assert!(drawn.matches(gamelang::REMOVED_COLOUR).count() >= nodes);
    // In DOT, a board a row a line.
    let run = gamelang(&["graph", "games/cram.game", "--at", "\"..#|...\""]);
    run.exits(0);
    assert!(
        run.stdout.contains(
            "0 [ label = \"..#\\n...\\ng = 0\", shape = doublecircle, fontname = \"monospace\" ]"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_partizan_table_colours_each_cell_by_its_outcome_class() {
    // Cutcake 0..8 × 0..8: 9 columns of 720 / 9 = 80 pixels, clamped to
    // 64 (report/svg.rs), (w, h) at row w and column h. Every cake is an
    // integer (Winning Ways, ch. 2): w > h is Left's (L), w < h Right's
    // (R) where a cut is possible, a square and a cake of no cut are 0 (P).
    let pixmap = rendered("games/cutcake.game", "8");
    let centre = |w: u32, h: u32| (60 + 64 * h + 4, 60 + 64 * w + 4);
    let l = [0x9e, 0xca, 0xe1];
    let r = [0xfd, 0xae, 0x6b];
    assert_eq!(
        (gamelang::L_COLOUR, gamelang::R_COLOUR),
        ("#9ecae1", "#fdae6b")
    );
    let run = gamelang(&["table", "games/cutcake.game", "--upto", "8", "--json"]);
    let table: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(table["shape"], "partizan-grid");
    for w in 0..=8u32 {
        for h in 0..=8u32 {
            let (x, y) = centre(w, h);
            let expected = match table["outcomes"][w as usize][h as usize].as_str() {
                Some("L") => l,
                Some("R") => r,
                Some("P") => P,
                other => panic!("({w}, {h}): {other:?}"),
            };
            assert_eq!(colour_at(&pixmap, x, y), expected, "({w}, {h})");
        }
    }
    // A 4 × 3 cake is 1 (Winning Ways, ch. 2), written in its cell.
    assert_eq!(table["values"][4][3], "1");
    assert_eq!(table["outcomes"][4][3], "L");
    assert_eq!(table["outcomes"][3][4], "R");
}
