//! The shapes of a census (`gamelang census`): every connected shape of n
//! empty cells of a board game, once up to the turns that keep or negate
//! its value.

use std::collections::BTreeSet;

use gamelang::CensusShapes;

use super::partizan::lowered;

/// Every connected set of `n` cells, by the plain definition: grown from
/// one cell by every neighbour, kept once up to translation; then kept
/// once up to the eight turns and reflections (`free`) or not.
fn plain_shapes(n: usize, free: bool) -> usize {
    let normal = |cells: &[(i64, i64)]| {
        let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut out: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
        out.sort_unstable();
        out
    };
    let mut tier: BTreeSet<Vec<(i64, i64)>> = [vec![(0, 0)]].into();
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &tier {
            for &(r, c) in shape {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    if !shape.contains(&(r + dr, c + dc)) {
                        let mut grown = shape.clone();
                        grown.push((r + dr, c + dc));
                        next.insert(normal(&grown));
                    }
                }
            }
        }
        tier = next;
    }
    if !free {
        return tier.len();
    }
    let images = |shape: &Vec<(i64, i64)>| -> Vec<Vec<(i64, i64)>> {
        (0..8)
            .map(|t| {
                let turned: Vec<(i64, i64)> = (shape.iter())
                    .map(|&(r, c)| {
                        let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                        (
                            if t & 2 != 0 { -r } else { r },
                            if t & 1 != 0 { -c } else { c },
                        )
                    })
                    .collect();
                normal(&turned)
            })
            .collect()
    };
    let classes: BTreeSet<Vec<(i64, i64)>> = (tier.iter())
        .map(|s| images(s).into_iter().min().expect("eight images"))
        .collect();
    classes.len()
}

#[test]
fn a_census_grows_each_shape_once_up_to_the_turns_that_keep_its_value() {
    // Domineering's turns keep its value or negate it: its shapes are the
    // free polyominoes (OEIS A000105), here against the plain definition
    // to 8 cells and the sequence to 10.
    let domineering = lowered(super::boards::DOMINEERING, "domineering");
    let mut shapes = CensusShapes::of(&domineering);
    let free = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];
    for (n, &count) in free.iter().enumerate() {
        assert!(shapes.grow());
        assert_eq!(shapes.cells(), n + 1);
        assert_eq!(shapes.boards().len(), count, "{} cells", n + 1);
        if n < 8 {
            assert_eq!(count, plain_shapes(n + 1, true));
        }
    }
    let boards = {
        let mut shapes = CensusShapes::of(&domineering);
        (0..3).for_each(|_| assert!(shapes.grow()));
        shapes.boards()
    };
    assert_eq!(boards, ["...", "..|.#"]);
    // A game whose rules are no stencils keeps its shapes up to
    // translation alone: the fixed polyominoes (OEIS A001168).
    let text = "game cover {\n board\n move cover {\n choose r in 1..rows\n choose c in 1..cols\n require b[r, c] == '.' and r + c > 0\n b[r, c] = '#'\n }\n}\n";
    let mut shapes = CensusShapes::of(&lowered(text, "cover"));
    for (n, count) in [1, 2, 6, 19, 63, 216, 760].into_iter().enumerate() {
        assert!(shapes.grow());
        assert_eq!(shapes.boards().len(), count, "{} cells", n + 1);
        assert_eq!(count, plain_shapes(n + 1, false));
    }
}
