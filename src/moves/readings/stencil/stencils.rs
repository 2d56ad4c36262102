//! A board game's rules read as stencils, and a board split into the
//! regions that play independently (LANGUAGE.md, "Boards: regions", proves
//! the split).
//!
//! A board game's rules are **stencils** when every rule is a move block of
//! this shape: `choose r in A..rows - B` and `choose c in C..cols - D` (the
//! anchor, in either order), then `choose`s over constants (a range's top
//! may read the board's size where it rises with it and never binds:
//! Konane's jumps, up to `REACH`), `require`s, and last `b[r + dr, c + dc]
//! = value` with dr, dc and the value constants (given the `choose`s over
//! constants), `require`s and `for` loops over constants among them (no
//! `require` reading a cell written before it), where every cell read or written
//! is `b[r + dr, c + dc]` so, and every one is *pinned*: some `require`
//! says `b[r + dr, c + dc] == 'x'` as one of its `and`s. No pin is `'#'`,
//! every way through a rule writes a cell, and the anchor runs over every
//! place where the cells it reads lie on the board. The game is in normal
//! play, with no ends and no invariant.
//!
//! What such a rule does at one place depends only on its cells there; and
//! a cell that holds a value no rule writes over (`#`, and in Clobber `.`)
//! keeps it. A window that pins such a cell to another value is never a
//! move again. The cells of windows that may still be moves, joined by
//! those windows, fall into regions; the board is the sum of its regions,
//! each a board of its own with every other cell `#`.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::moves::orientation::Orientation;
use crate::moves::words::LOOK_EVERY;
use crate::platform::{Halt, Watch};
use crate::rules::expr::{BinOp, Env, Expr};
use crate::rules::{AssignOp, Block, Game, MoveKind, Side, Stmt};

/// What a cell off the board reads as, and what a region's board holds
/// beyond the region.
const WALL: u64 = b'#' as u64;

/// The most ways through a rule's `choose`s over constants.
const MOST_WAYS: usize = 256;

/// One cell of a stencil: where it lies from the anchor (rows, columns),
/// the value a move requires there, and the value it writes there, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Spot {
    at: (i64, i64),
    pin: u64,
    write: Option<u64>,
}

/// One way through a rule: its spots, in order of place.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Stencil {
    spots: Vec<Spot>,
}

/// A way through a rule, as the moves are made: the rule's index, and its
/// stencil.
#[derive(Clone, Debug)]
pub(super) struct RuleStencil {
    rule: usize,
    pub(super) side: Option<Side>,
    stencil: Stencil,
}

impl Stencil {
    /// Turned, and moved so that its least row and column are 0.
    fn turned(&self, turn: Orientation) -> Stencil {
        let mut spots: Vec<Spot> = (self.spots.iter())
            .map(|s| Spot {
                at: turn.offset(s.at),
                ..*s
            })
            .collect();
        let top = spots.iter().map(|s| s.at.0).min().unwrap_or(0);
        let left = spots.iter().map(|s| s.at.1).min().unwrap_or(0);
        for s in &mut spots {
            s.at = (s.at.0 - top, s.at.1 - left);
        }
        spots.sort_unstable();
        Stencil { spots }
    }
}

/// A region of a board: a board of its own (as heaps), and whether its
/// value is the negative of that board's (it was turned by a turn that
/// swaps Left's rules and Right's).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// The region's board (rows, columns, cells), packed: `unpack` reads
    /// it.
    pub heaps: Vec<u64>,
    /// Its value is the negative of `heaps`'.
    pub negated: bool,
}

/// What a player can count on in a region (`Stencils::move_bounds`): moves
/// that stay theirs whatever the other player does (`safe`); pairs of
/// moves where one played makes the other safe (`areas`) and single moves
/// (`exposed`) the other can take away, but no move of the other's more
/// than one pair or move (of these they claim every second one:
/// `claims`); and the most moves they can make there in all (`most`: the
/// size of a set of cells every move of theirs writes over one of). For
/// the bounds on the other's moves once these are claimed (the outcome
/// search's `Counted`): the cells their moves write over (`cells`), the
/// fewest one move of theirs writes over (`width`, 0 where they have
/// none), and how many of the other player's cells a claim takes — of
/// those the other's moves write over (`takes_cells`), of the other's set
/// for `most` (`takes_most`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveBounds {
    pub safe: u32,
    pub areas: u32,
    pub exposed: u32,
    pub most: u32,
    pub cells: u32,
    pub width: u32,
    pub takes_cells: Takes,
    pub takes_most: Takes,
}

/// The fewest cells of a set of the other player's a claim takes: a guarded
/// pair's (its guard's cells written over and all the cells of the move it
/// guards, which the other never writes over once the guard is played),
/// an exposed move's (its cells written over); `u32::MAX` where none is
/// counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takes {
    pub pair: u32,
    pub single: u32,
}

impl Default for Takes {
    fn default() -> Takes {
        Takes {
            pair: u32::MAX,
            single: u32::MAX,
        }
    }
}

/// A board game's rules as stencils (see the module's notes).
#[derive(Clone, Debug)]
pub struct Stencils {
    /// Every way through every rule, each once.
    stencils: Vec<Stencil>,
    /// No move writes a value a rule never writes over (Konane: only `#`
    /// is kept, and none is written): the windows dead on a region stay
    /// dead and the live ones live, so a region's moves leave it one
    /// region, on the same cells.
    stable: bool,
    /// No move writes a value a rule pins (Domineering: `.` is pinned, `#`
    /// written), and the rules are their pins: a window that is not a move
    /// now is never one, and the moves to come are among those now
    /// (`move_bounds`).
    pub(super) spent: bool,
    /// The most rows and columns of a board the stencils hold for, where
    /// a rule's range reads the board's size (`REACH`); a larger board is
    /// one region, as it is.
    reach: Option<usize>,
    /// Each rule's ways through, in order, with the rule's index; empty
    /// where a rule's `require`s are more than its pins (its moves are then
    /// the move generator's to make).
    pub(super) by_rule: Vec<RuleStencil>,
    /// The turns that map the rules onto themselves, the identity first,
    /// each with whether it swaps Left's rules and Right's.
    turns: Vec<(Orientation, bool)>,
    /// The values a region's cell may hold, sorted: the pins, and `#`.
    alphabet: Vec<u64>,
    /// The symbol of each value below 128 (`OTHER` for one not in the
    /// alphabet), and whether a cell holding each symbol keeps it: no rule
    /// writes over it.
    ascii: [u8; 128],
    kept: [bool; 256],
    /// Room for the work of `regions`, kept between calls.
    scratch: RefCell<Scratch>,
}

/// The cells `regions_by_joins` finds in windows that are not dead, and
/// each one's region by its root.
struct Found<'a> {
    live: &'a mut Vec<bool>,
    by_root: &'a mut Vec<usize>,
}

/// What `regions` works in.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// The windows on each size of board met, and their spots in all.
    windows: FxHashMap<(usize, usize), Arc<Windows>>,
    spots: usize,
    /// The board's cells' symbols.
    symbols: Vec<u8>,
    joined: UnionFind,
    live: Vec<bool>,
    /// Each cell's region, by the index of its root; then the regions'
    /// cells.
    by_root: Vec<usize>,
    members: Vec<Vec<usize>>,
    /// A region's cells' symbols; turned; the least turn so far.
    board: Vec<u8>,
    turned: Vec<u8>,
    best: Vec<u8>,
}

impl Stencils {
    /// The game's rules as stencils, where they are (see the module's
    /// notes).
    pub fn read(game: &Game) -> Option<Stencils> {
        if !game.board
            || game.misere
            || !game.ends.is_empty()
            || game.invariant.is_some()
            || game.rules.is_empty()
        {
            return None;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        let mut pure = true;
        let mut sized = false;
        let mut by_rule = Vec::new();
        for (index, rule) in game.rules.iter().enumerate() {
            let MoveKind::Block(block) = &rule.kind else {
                return None;
            };
            let (stencils, plain, reads_size) = read_block(block)?;
            pure &= plain;
            sized |= reads_size;
            by_rule.extend(stencils.iter().map(|s| RuleStencil {
                rule: index,
                side: rule.side,
                stencil: s.clone(),
            }));
            if rule.side != Some(Side::Right) {
                left.extend(stencils.iter().cloned());
            }
            if rule.side != Some(Side::Left) {
                right.extend(stencils);
            }
        }
        let norm = |set: &[Stencil], turn: Orientation| {
            let mut set: Vec<Stencil> = set.iter().map(|s| s.turned(turn)).collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let identity = Orientation::all().next()?;
        let (left0, right0) = (norm(&left, identity), norm(&right, identity));
        // A turn keeps the value where it maps each player's stencils onto
        // that player's, and negates it where it maps them onto the other's.
        // A stencil's `require`s are all its pins only where `pure`.
        let turns = match pure {
            true => (Orientation::all())
                .filter_map(|turn| {
                    let (l, r) = (norm(&left, turn), norm(&right, turn));
                    if l == left0 && r == right0 {
                        Some((turn, false))
                    } else if l == right0 && r == left0 {
                        Some((turn, true))
                    } else {
                        None
                    }
                })
                .collect(),
            false => vec![(identity, false)],
        };
        let mut stencils = left;
        stencils.extend(right);
        stencils.sort_unstable();
        stencils.dedup();
        let mut overwritten: Vec<u64> = (stencils.iter())
            .flat_map(|s| s.spots.iter())
            .filter(|s| s.write.is_some())
            .map(|s| s.pin)
            .collect();
        overwritten.sort_unstable();
        overwritten.dedup();
        let mut alphabet: Vec<u64> = (stencils.iter())
            .flat_map(|s| s.spots.iter().map(|s| s.pin))
            .chain([WALL])
            .collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        if alphabet.len() > usize::from(OTHER) {
            return None;
        }
        let mut ascii = [OTHER; 128];
        for (symbol, &value) in alphabet.iter().enumerate() {
            if let Some(slot) = usize::try_from(value).ok().and_then(|v| ascii.get_mut(v)) {
                *slot = symbol as u8;
            }
        }
        let mut kept = [true; 256];
        for (symbol, value) in alphabet.iter().enumerate() {
            kept[symbol] = overwritten.binary_search(value).is_err();
        }
        let stable = (stencils.iter())
            .flat_map(|s| s.spots.iter().filter_map(|s| s.write))
            .all(|written| overwritten.binary_search(&written).is_ok());
        let pinned = |value: u64| (stencils.iter()).any(|s| s.spots.iter().any(|s| s.pin == value));
        let spent = pure
            && (stencils.iter())
                .flat_map(|s| s.spots.iter().filter_map(|s| s.write))
                .all(|written| !pinned(written));
        if !pure {
            by_rule.clear();
        }
        Some(Stencils {
            stencils,
            stable,
            spent,
            reach: sized.then_some(REACH),
            by_rule,
            turns,
            alphabet,
            ascii,
            kept,
            scratch: RefCell::default(),
        })
    }

    /// The characters the rules read or write in a cell, and `#` (a cell
    /// off the board), each as its code point, in order.
    pub fn characters(&self) -> Vec<u64> {
        let written = (self.stencils.iter()).flat_map(|s| s.spots.iter().filter_map(|s| s.write));
        let mut characters: Vec<u64> = self.alphabet.iter().copied().chain(written).collect();
        characters.sort_unstable();
        characters.dedup();
        characters
    }

    /// The turns that map the rules onto themselves, the identity first,
    /// each with whether it swaps Left's rules and Right's.
    pub(crate) fn turns(&self) -> impl Iterator<Item = (Orientation, bool)> + '_ {
        self.turns.iter().copied()
    }

    /// Pushes the regions of the board `heaps` (rows, columns, cells) onto
    /// `out`, each in the least form its turns give and packed (`unpack`
    /// reads it; see the module's notes); a board none of whose cells can
    /// be moved on again has none.
    pub fn regions(&self, heaps: &[u64], out: &mut Vec<Region>) {
        let (Some(&rows), Some(&cols), Some(cells)) = (heaps.first(), heaps.get(1), heaps.get(2..))
        else {
            return;
        };
        let (rows, cols) = (rows as usize, cols as usize);
        let spots = (cells.len()).saturating_mul(self.spots_a_cell());
        let reached = self.reach.is_none_or(|most| rows <= most && cols <= most);
        if rows.checked_mul(cols) != Some(cells.len()) || spots > MOST_SPOTS || !reached {
            // Not a board the rules read (no move makes one), one whose
            // windows would take too much room, or one past the size the
            // stencils hold for: one region, itself, as it is.
            out.push(Region {
                heaps: std::iter::once(AS_IS)
                    .chain(heaps.iter().copied())
                    .collect(),
                negated: false,
            });
            return;
        }
        let mut symbols = std::mem::take(&mut self.scratch.borrow_mut().symbols);
        symbols.clear();
        symbols.extend(cells.iter().map(|&v| self.symbol(v)));
        self.split(rows, cols, &symbols, out);
        self.scratch.borrow_mut().symbols = symbols;
    }

    /// The windows on a board of `rows` × `cols` (of at most `MOST_SPOTS`
    /// spots), found once; those of other sizes forgotten first where they
    /// would pass four times that.
    pub(super) fn windows(&self, rows: usize, cols: usize) -> Arc<Windows> {
        let scratch = &mut *self.scratch.borrow_mut();
        if let Some(known) = scratch.windows.get(&(rows, cols)) {
            return known.clone();
        }
        let spots = rows * cols * self.spots_a_cell();
        if scratch.spots + spots > 4 * MOST_SPOTS {
            scratch.windows.clear();
            scratch.spots = 0;
        }
        scratch.spots += spots;
        let windows = Arc::new(Windows::new(self, rows, cols));
        scratch.windows.insert((rows, cols), windows.clone());
        windows
    }

    /// At most how many spots of windows a cell of a board starts: one a
    /// spot of each stencil, for the regions and for the moves.
    fn spots_a_cell(&self) -> usize {
        let spots = |s: &Stencil| s.spots.len();
        (self.stencils.iter().map(spots).sum::<usize>())
            + (self
                .by_rule
                .iter()
                .map(|p| spots(&p.stencil))
                .sum::<usize>())
    }

    /// Calls `f` with each move from the region `packed` (as `regions`
    /// packs it): its rule (by index), and the regions it leaves. How much
    /// it did (a window looked at, a cell of a board split: one each);
    /// `None` for a region it cannot read (kept as it is) or rules that are
    /// more than their pins: the move generator's to answer. It looks at
    /// `watch` as it goes (a move on a board of n cells splits all n), and
    /// ends early, saying why, where that says to stop. Where `cut`, the
    /// moves another of the same player's is at least as good as are left
    /// out and the rest made most promising first (`kept_moves`: for a
    /// normal-play value or outcome, never a misère one).
    pub fn each_move(
        &self,
        packed: &[u64],
        watch: &Watch,
        cut: bool,
        mut f: impl FnMut(usize, Vec<Region>),
    ) -> Option<Result<u64, Halt>> {
        if self.by_rule.is_empty() {
            return None;
        }
        let (rows, cols, mut board) = self.unpack_symbols(packed)?;
        let windows = self.windows(rows, cols);
        // All made, as found, or those kept, in their order.
        let found = self.live_moves(&windows, &board);
        let kept = cut.then(|| self.kept_moves(&found, board.len())).flatten();
        let order = kept.unwrap_or_else(|| (0..found.len()).collect());
        // A window looked at, one each.
        let looked = windows
            .by_rule
            .iter()
            .map(|ends| ends.len().saturating_sub(1));
        let (mut done, mut look_at) = (looked.sum::<usize>() as u64, LOOK_EVERY);
        for i in order {
            let LiveMove { rule, spots, .. } = found[i];
            for &(at, _, write) in spots {
                board[at as usize] = write;
            }
            let mut regions = Vec::new();
            if self.stable {
                // Its kept cells as they were: one region still.
                let scratch = &mut *self.scratch.borrow_mut();
                let (turned, best) = (&mut scratch.turned, &mut scratch.best);
                regions.push(self.least_turn((rows, cols), &board, turned, best));
            } else {
                self.split(rows, cols, &board, &mut regions);
            }
            done += board.len() as u64;
            f(rule, regions);
            for &(at, pin, _) in spots {
                board[at as usize] = pin;
            }
            if done >= look_at {
                look_at = done + LOOK_EVERY;
                if let Some(halt) = watch.halted() {
                    return Some(Err(halt));
                }
            }
        }
        Some(Ok(done))
    }

    /// The windows of `windows` that are moves on the board `board` (their
    /// cells hold their pins), in order: rule by rule, window by window.
    /// A look at each spot, at most `MOST_SPOTS`.
    pub(super) fn live_moves<'a>(&self, windows: &'a Windows, board: &[u8]) -> Vec<LiveMove<'a>> {
        let windows_in_all = (windows.by_rule.iter())
            .map(|ends| ends.len().saturating_sub(1))
            .sum();
        let mut found = Vec::with_capacity(windows_in_all);
        for (way, ends) in self.by_rule.iter().zip(&windows.by_rule) {
            for window in ends.windows(2) {
                let spots = &windows.rule_spots[window[0] as usize..window[1] as usize];
                if spots.iter().all(|s| board[s.0 as usize] == s.1) {
                    let (rule, side) = (way.rule, way.side);
                    found.push(LiveMove { rule, side, spots });
                }
            }
        }
        found
    }

    /// Calls `f` with the rule (by index) of each move from the region
    /// `packed`, without making it: a window looked at each. `None` where
    /// `each_move` is.
    pub fn each_rule_moved(&self, packed: &[u64], mut f: impl FnMut(usize)) -> Option<()> {
        if self.by_rule.is_empty() {
            return None;
        }
        let (rows, cols, board) = self.unpack_symbols(packed)?;
        let windows = self.windows(rows, cols);
        self.live_moves(&windows, &board)
            .iter()
            .for_each(|m| f(m.rule));
        Some(())
    }

    /// Pushes the regions of a board of `rows` × `cols` cells, their
    /// symbols `symbols`, onto `out` (`regions`).
    fn split(&self, rows: usize, cols: usize, symbols: &[u8], out: &mut Vec<Region>) {
        let windows = self.windows(rows, cols);
        let scratch = &mut *self.scratch.borrow_mut();
        let Scratch {
            joined,
            live,
            by_root,
            members,
            board,
            turned,
            best,
            ..
        } = scratch;
        let regions = match &windows.masks {
            Some(masks) => self.regions_by_masks(symbols, masks, members),
            None => {
                let found = Found { live, by_root };
                self.regions_by_joins(symbols, &windows, joined, found, members)
            }
        };
        let wall = self.symbol(WALL);
        for member in &members[..regions] {
            let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
            for &at in member {
                let (r, c) = windows.places[at];
                (top, bottom) = (top.min(r as usize), bottom.max(r as usize));
                (left, right) = (left.min(c as usize), right.max(c as usize));
            }
            let (h, w) = (bottom - top + 1, right - left + 1);
            board.clear();
            board.resize(h * w, wall);
            for &at in member {
                let (r, c) = windows.places[at];
                board[(r as usize - top) * w + c as usize - left] = symbols[at];
            }
            out.push(self.least_turn((h, w), board, turned, best));
        }
    }

    /// The region whose board (`h` × `w` symbols) is `board`, in the least
    /// of its turns (by rows, columns, then cells) and packed; `turned` and
    /// `best` are room to work in.
    fn least_turn(
        &self,
        (h, w): (usize, usize),
        board: &[u8],
        turned: &mut Vec<u8>,
        best: &mut Vec<u8>,
    ) -> Region {
        let mut least = (h, w);
        let mut negated = false;
        best.clear();
        best.extend_from_slice(board);
        for &(turn, negates) in &self.turns[1..] {
            // Compared cell by cell as turned, made only where less.
            let dims = turn.dims(h, w);
            let less = match dims.cmp(&least) {
                std::cmp::Ordering::Equal => turn.turned(h, w, board).lt(best.iter().copied()),
                order => order.is_lt(),
            };
            if less {
                turned.clear();
                turn.cells_after(h, w, board, turned);
                (least, negated) = (dims, negates);
                std::mem::swap(turned, best);
            }
        }
        Region {
            heaps: self.pack(least, best),
            negated,
        }
    }

    /// The regions of a board (their cells, into `members`; how many),
    /// window by window: the cells of each window that is not dead joined.
    fn regions_by_joins(
        &self,
        cells: &[u8],
        windows: &Windows,
        joined: &mut UnionFind,
        Found { live, by_root }: Found,
        members: &mut Vec<Vec<usize>>,
    ) -> usize {
        joined.reset(cells.len());
        live.clear();
        live.resize(cells.len(), false);
        'windows: for window in windows.ends.windows(2) {
            let spots = &windows.spots[window[0] as usize..window[1] as usize];
            // A window that pins a kept cell to another value is never a
            // move again.
            for &(at, pin) in spots {
                let cell = cells[at as usize];
                if cell != pin && self.kept[usize::from(cell)] {
                    continue 'windows;
                }
            }
            let first = spots[0].0 as usize;
            for &(at, _) in spots {
                live[at as usize] = true;
                joined.join(first, at as usize);
            }
        }
        by_root.clear();
        by_root.resize(cells.len(), usize::MAX);
        let mut regions = 0;
        for at in (0..cells.len()).filter(|&at| live[at]) {
            let root = joined.find(at);
            if by_root[root] == usize::MAX {
                by_root[root] = regions;
                if members.len() == regions {
                    members.push(Vec::new());
                }
                members[regions].clear();
                regions += 1;
            }
            members[by_root[root]].push(at);
        }
        regions
    }

    /// `regions_by_joins` for a board of at most 64 cells, a word a set of
    /// cells: the windows that are not dead, stencil by stencil, by shifts;
    /// each region grown from a cell by the windows that meet it.
    fn regions_by_masks(
        &self,
        cells: &[u8],
        masks: &[Mask],
        members: &mut Vec<Vec<usize>>,
    ) -> usize {
        // The cells holding kept values, and those holding each symbol.
        let mut kept = 0u64;
        let mut holding = [0u64; 256];
        for (at, &cell) in cells.iter().enumerate() {
            if self.kept[usize::from(cell)] {
                kept |= 1 << at;
            }
            holding[usize::from(cell)] |= 1 << at;
        }
        // Each stencil's places (by its window's first cell) whose window
        // is not dead, and the cells they cover.
        let mut open = [0u64; 64];
        let open = &mut open[..masks.len()];
        let mut live = 0u64;
        for (Mask { places, spots }, open) in masks.iter().zip(open.iter_mut()) {
            *open = *places;
            for &(shift, pin) in spots {
                *open &= !((kept & !holding[usize::from(pin)]) >> shift);
            }
            for &(shift, _) in spots {
                live |= *open << shift;
            }
        }
        let mut regions = 0;
        while live != 0 {
            let mut region = live & live.wrapping_neg();
            loop {
                let mut grown = region;
                for (Mask { spots, .. }, &open) in masks.iter().zip(open.iter()) {
                    let meets = (spots.iter()).fold(0, |m, &(shift, _)| m | region >> shift);
                    for &(shift, _) in spots {
                        grown |= (open & meets) << shift;
                    }
                }
                if grown == region {
                    break;
                }
                region = grown;
            }
            live &= !region;
            if members.len() == regions {
                members.push(Vec::new());
            }
            let member = &mut members[regions];
            member.clear();
            let mut bits = region;
            while bits != 0 {
                member.push(bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
            regions += 1;
        }
        regions
    }

    /// A cell's symbol: its value's place among the values a region's cell
    /// may hold (the pins and `#`, which are all: a region's cell lies in a
    /// window whose pin it holds or that may write over it), or `OTHER`.
    fn symbol(&self, value: u64) -> u8 {
        match usize::try_from(value).ok().and_then(|v| self.ascii.get(v)) {
            Some(&symbol) => symbol,
            None => self
                .alphabet
                .binary_search(&value)
                .map_or(OTHER, |s| s as u8),
        }
    }

    /// A board of `rows` × `cols` cells (their symbols) packed: the rows
    /// and the columns in one word, then the symbols, `bits` each.
    fn pack(&self, (rows, cols): (usize, usize), cells: &[u8]) -> Vec<u64> {
        let bits = self.bits();
        let mut packed = vec![0; 1 + (cells.len() * bits).div_ceil(64)];
        packed[0] = rows as u64 | (cols as u64) << 32;
        for (i, &symbol) in cells.iter().enumerate() {
            packed[1 + (i * bits) / 64] |= u64::from(symbol) << ((i * bits) % 64);
        }
        packed
    }

    /// The board (rows, columns, cells) of a region as `regions` packs it.
    pub fn unpack(&self, packed: &[u64]) -> Vec<u64> {
        if packed.first() == Some(&AS_IS) {
            return packed[1..].to_vec();
        }
        let Some((rows, cols, symbols)) = self.unpack_symbols(packed) else {
            return Vec::new();
        };
        let cells = (symbols.iter()).map(|&s| self.alphabet.get(usize::from(s)).copied());
        [rows as u64, cols as u64]
            .into_iter()
            .chain(cells.map(|v| v.unwrap_or(WALL)))
            .collect()
    }

    /// A packed region's rows, columns and cells' symbols; `None` for one
    /// kept as it is.
    pub(super) fn unpack_symbols(&self, packed: &[u64]) -> Option<(usize, usize, Vec<u8>)> {
        let (rows, cols, symbols) = self.packed_symbols(packed)?;
        Some((rows, cols, symbols.collect()))
    }

    /// How many cells of the region `packed` (as `regions` packs it) are
    /// not `#`, read without unpacking it; `None` for a region kept as it
    /// is.
    pub fn open_cells(&self, packed: &[u64]) -> Option<usize> {
        let (_, _, symbols) = self.packed_symbols(packed)?;
        // As `unpack` reads it: a symbol of no value is `#`.
        let value = |symbol: u8| self.alphabet.get(usize::from(symbol));
        Some(
            symbols
                .filter(|&s| value(s).is_some_and(|&v| v != WALL))
                .count(),
        )
    }

    /// A packed region's rows, columns and cells' symbols, read one by one;
    /// `None` for one kept as it is.
    fn packed_symbols<'p>(
        &self,
        packed: &'p [u64],
    ) -> Option<(usize, usize, impl Iterator<Item = u8> + 'p)> {
        let (&head, words) = packed.split_first()?;
        if head == AS_IS {
            return None;
        }
        let (rows, cols) = ((head & u64::from(u32::MAX)) as usize, (head >> 32) as usize);
        let (bits, mask) = (self.bits(), (1u64 << self.bits()) - 1);
        let symbols = (0..rows * cols).map(move |i| {
            let (word, shift) = ((i * bits) / 64, (i * bits) % 64);
            words.get(word).map_or(0, |w| (w >> shift) & mask) as u8
        });
        Some((rows, cols, symbols))
    }

    /// The bits of a symbol: at least one, and a divisor of 64.
    fn bits(&self) -> usize {
        let needed = usize::BITS - (self.alphabet.len().max(2) - 1).leading_zeros();
        needed.next_power_of_two() as usize
    }
}

/// The symbol of a value that is no pin and not `#`: a cell holding it is
/// in no window that is not dead.
const OTHER: u8 = u8::MAX;

/// The most spots of windows on one board (a board past it is one region,
/// as it is): about 12 MB of them.
const MOST_SPOTS: usize = 1 << 20;

/// The first word of a packed region that is its board as it is.
const AS_IS: u64 = u64::MAX;

/// The windows of the stencils on a board of one size: each its cells (by
/// place, from 0) with their pins.
#[derive(Clone, Debug, Default)]
pub(super) struct Windows {
    /// Each cell's row and column, from 0.
    places: Vec<(u32, u32)>,
    /// The windows' spots: a cell and its pin's symbol.
    spots: Vec<(u32, u8)>,
    /// Where each window's spots start, and last where they end.
    ends: Vec<u32>,
    /// On a board of at most 64 cells, with at most 64 stencils: each
    /// stencil's windows as masks.
    masks: Option<Vec<Mask>>,
    /// The windows of each rule's stencils (`Stencils::by_rule`), each spot
    /// its cell, its pin's symbol and the symbol the move leaves there;
    /// for each, where its windows' spots end, after where they start.
    pub(super) rule_spots: Vec<WindowSpot>,
    pub(super) by_rule: Vec<Vec<u32>>,
}

/// A spot of a rule's window: its cell, its pin's symbol and the symbol
/// the move leaves there (its pin, where it only reads the cell).
pub(super) type WindowSpot = (u32, u8, u8);

/// Whether a move writes over the cell of `spot` (leaves there another
/// symbol than its pin), not only reads it.
pub(super) fn written(spot: &WindowSpot) -> bool {
    spot.2 != spot.1
}

/// A window that is a move on a board (`Stencils::live_moves`): its rule
/// (by index), the rule's player (`None`: both), and its spots.
#[derive(Clone, Copy, Debug)]
pub(super) struct LiveMove<'a> {
    pub(super) rule: usize,
    pub(super) side: Option<Side>,
    pub(super) spots: &'a [WindowSpot],
}

/// A stencil's windows on a board of at most 64 cells: their places (by
/// their first cell) as one word, and each spot's shift from the first
/// cell with its pin's symbol.
#[derive(Clone, Debug)]
struct Mask {
    places: u64,
    spots: Vec<(u32, u8)>,
}

impl Windows {
    fn new(all: &Stencils, rows: usize, cols: usize) -> Windows {
        let mut windows = Windows {
            places: (0..rows * cols)
                .map(|at| ((at / cols) as u32, (at % cols) as u32))
                .collect(),
            spots: Vec::new(),
            ends: vec![0],
            masks: None,
            rule_spots: Vec::new(),
            by_rule: Vec::new(),
        };
        for way in &all.by_rule {
            let mut ends = vec![windows.rule_spots.len() as u32];
            for_each_place(&way.stencil, rows, cols, |r, c| {
                for s in &way.stencil.spots {
                    let at = (r + s.at.0) as usize * cols + (c + s.at.1) as usize;
                    let pin = all.symbol(s.pin);
                    let write = s.write.map_or(pin, |w| all.symbol(w));
                    windows.rule_spots.push((at as u32, pin, write));
                }
                ends.push(windows.rule_spots.len() as u32);
            });
            windows.by_rule.push(ends);
        }
        // Only the stencils that fit on the board have windows on it.
        let fits = |stencil: &&Stencil| {
            let mut any = false;
            for_each_place(stencil, rows, cols, |_, _| any = true);
            any
        };
        let stencils: Vec<&Stencil> = all.stencils.iter().filter(fits).collect();
        if rows * cols > 64 || stencils.len() > 64 {
            for stencil in stencils {
                for_each_place(stencil, rows, cols, |r, c| {
                    for s in &stencil.spots {
                        let at = (r + s.at.0) as usize * cols + (c + s.at.1) as usize;
                        windows.spots.push((at as u32, all.symbol(s.pin)));
                    }
                    windows.ends.push(windows.spots.len() as u32);
                });
            }
        } else {
            let masks = (stencils.iter()).map(|stencil| {
                let top = stencil.spots.iter().map(|s| s.at.0).min().unwrap_or(0);
                let left = stencil.spots.iter().map(|s| s.at.1).min().unwrap_or(0);
                let mut places = 0u64;
                for_each_place(stencil, rows, cols, |r, c| {
                    places |= 1 << ((r + top) as usize * cols + (c + left) as usize);
                });
                let spots = (stencil.spots.iter())
                    .map(|s| {
                        let shift = (s.at.0 - top) as usize * cols + (s.at.1 - left) as usize;
                        (shift as u32, all.symbol(s.pin))
                    })
                    .collect();
                Mask { places, spots }
            });
            windows.masks = Some(masks.collect());
        }
        windows
    }
}

/// Calls `f` with each anchor (row, column, from 0) that puts every spot of
/// `stencil` on a board of `rows` × `cols`.
fn for_each_place(stencil: &Stencil, rows: usize, cols: usize, mut f: impl FnMut(i64, i64)) {
    let rs = stencil.spots.iter().map(|s| s.at.0);
    let cs = stencil.spots.iter().map(|s| s.at.1);
    let (top, bottom) = (rs.clone().min().unwrap_or(0), rs.max().unwrap_or(0));
    let (left, right) = (cs.clone().min().unwrap_or(0), cs.max().unwrap_or(0));
    for r in -top..rows as i64 - bottom {
        for c in -left..cols as i64 - right {
            f(r, c);
        }
    }
}

/// Sets of cells joined (union by size, paths halved).
#[derive(Clone, Debug, Default)]
struct UnionFind {
    parent: Vec<usize>,
    size: Vec<u32>,
}

impl UnionFind {
    /// `n` cells, each alone.
    fn reset(&mut self, n: usize) {
        self.parent.clear();
        self.parent.extend(0..n);
        self.size.clear();
        self.size.resize(n, 1);
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn join(&mut self, a: usize, b: usize) {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
    }
}

/// The anchor of a block: its two first `choose`s, which is the row's.
struct Anchor {
    row: usize,
    col: usize,
}

/// A block's stencils, one for each way through its `choose`s over
/// constants whose constant `require`s hold; whether its `require`s are
/// its pins alone; and whether a `choose`'s range reads the board's size
/// (then the stencils hold for boards of at most `REACH` rows and columns);
/// `None` where it is no stencil rule (see the module's notes).
fn read_block(block: &Block) -> Option<(Vec<Stencil>, bool, bool)> {
    let [
        Stmt::Choose {
            slot: a,
            lo: lo_a,
            hi: hi_a,
        },
        Stmt::Choose {
            slot: b,
            lo: lo_b,
            hi: hi_b,
        },
        rest @ ..,
    ] = block.body.as_slice()
    else {
        return None;
    };
    // The anchor's row is the `choose` whose range runs to `rows`.
    let (anchor, row_range, col_range) = match (dim_less(hi_a, 1), dim_less(hi_b, 2)) {
        (Some(ra), Some(cb)) => (Anchor { row: *a, col: *b }, (lo_a, ra), (lo_b, cb)),
        _ => match (dim_less(hi_a, 2), dim_less(hi_b, 1)) {
            (Some(ca), Some(rb)) => (Anchor { row: *b, col: *a }, (lo_b, rb), (lo_a, ca)),
            _ => return None,
        },
    };
    // The `choose`s over constants come before anything is written; a
    // range's top may read the board's size where it only rises with it.
    let mut ways: Vec<Vec<i128>> = vec![vec![0; block.slots]];
    let mut constants = Vec::new();
    let mut sized = Vec::new();
    let mut written = false;
    for stmt in rest {
        match stmt {
            Stmt::Choose { slot, lo, hi } if !written => {
                let reads_size = !reads_only(hi, &constants);
                if !reads_only(lo, &constants) || (reads_size && !rises_with_board(hi, &constants))
                {
                    return None;
                }
                let mut next = Vec::new();
                for vars in &ways {
                    let (lo, hi) = (constant(lo, vars)?, constant_on(hi, vars, (REACH, REACH))?);
                    for value in lo..=hi {
                        if next.len() == MOST_WAYS {
                            return None;
                        }
                        let mut vars = vars.clone();
                        vars[*slot] = value;
                        next.push(vars);
                    }
                }
                ways = next;
                constants.push(*slot);
                if reads_size {
                    sized.push((*slot, hi));
                }
            }
            Stmt::Choose { .. } => return None,
            Stmt::Require(_) => {}
            Stmt::Assign { .. } | Stmt::For { .. } => written = true,
            _ => return None,
        }
    }
    let mut stencils = Vec::new();
    let mut pure = true;
    for mut vars in ways {
        let mut way = Way {
            anchor: &anchor,
            spots: Vec::new(),
            read: Vec::new(),
            writes: Vec::new(),
            pure: true,
        };
        if !way.walk(rest, &mut constants.clone(), &mut vars)? {
            continue;
        }
        let Way {
            mut spots,
            read,
            writes,
            pure: plain,
            ..
        } = way;
        pure &= plain;
        for (at, value) in writes {
            spots.iter_mut().find(|s| s.at == at)?.write = Some(value);
        }
        let pinned = |at: &(i64, i64)| spots.iter().any(|s| s.at == *at);
        if !read.iter().all(pinned)
            || spots.iter().all(|s| s.write.is_none())
            || spots.iter().any(|s| s.pin == WALL)
        {
            return None;
        }
        // A range that reads the board's size holds every value of a way
        // on the least board the way's cells fit: so on every board they
        // fit, the range rising with the board.
        let extent = |axis: fn(&Spot) -> i64| {
            let low = spots.iter().map(axis).min().unwrap_or(0);
            let high = spots.iter().map(axis).max().unwrap_or(0);
            (high - low + 1) as usize
        };
        let least = (extent(|s| s.at.0), extent(|s| s.at.1));
        for &(slot, hi) in &sized {
            if constant_on(hi, &vars, least)? < vars[slot] {
                return None;
            }
        }
        spots.sort_unstable();
        stencils.push(Stencil { spots });
    }
    // The anchor runs over every place where its cells lie on the board.
    let reaches = |axis: fn(&Spot) -> i64, (lo, less): (&Expr, i128)| {
        let Expr::Const(lo) = lo else { return false };
        stencils.iter().all(|s| {
            let low = s.spots.iter().map(axis).min().unwrap_or(0);
            let high = s.spots.iter().map(axis).max().unwrap_or(0);
            *lo <= 1 - i128::from(low) && less <= i128::from(high)
        })
    };
    (reaches(|s| s.at.0, row_range) && reaches(|s| s.at.1, col_range)).then_some((
        stencils,
        pure,
        !sized.is_empty(),
    ))
}

/// The most rows and columns of a board whose rules' ranges read its size
/// (Konane's `choose k in 1..max(rows, cols) / 2`) read as stencils: those
/// ranges are enumerated as on a board so large, and a larger board is one
/// region, as it is, its moves the move generator's.
const REACH: usize = 16;

/// The most times the `for` loops of one way through a rule run.
const MOST_ROUNDS: usize = 1 << 12;

/// One way through a rule as its statements are walked, every `choose`
/// fixed: its pinned cells, the other cells its `require`s read, and what
/// it writes, in order.
struct Way<'a> {
    anchor: &'a Anchor,
    spots: Vec<Spot>,
    read: Vec<(i64, i64)>,
    writes: Vec<((i64, i64), u64)>,
    pure: bool,
}

impl Way<'_> {
    /// Walks `stmts` (the `choose`s already fixed in `vars`, `for` loops
    /// unrolled): whether the way is a move somewhere (`false`: a constant
    /// `require` fails, or two pins of one cell differ); `None` where it is
    /// no stencil (a `require` reads a cell written before it, a `for`
    /// forks or runs past `MOST_ROUNDS`, anything but `require`s, `for`s
    /// and cells set to constants).
    fn walk(
        &mut self,
        stmts: &[Stmt],
        constants: &mut Vec<usize>,
        vars: &mut [i128],
    ) -> Option<bool> {
        for stmt in stmts {
            match stmt {
                Stmt::Choose { .. } => {}
                Stmt::Require(e) => {
                    for term in conjuncts(e) {
                        if reads_only(term, constants) {
                            match constant(term, vars)? {
                                0 => return Some(false),
                                _ => continue,
                            }
                        }
                        let mut cells = Vec::new();
                        if let Some((r, c, v)) = pin(term) {
                            let at = self.anchor.offset(r, c, constants, vars)?;
                            cells.push(at);
                            match self.spots.iter().find(|s| s.at == at) {
                                Some(s) if s.pin != v => return Some(false),
                                Some(_) => {}
                                None => self.spots.push(Spot {
                                    at,
                                    pin: v,
                                    write: None,
                                }),
                            }
                        } else {
                            self.pure = false;
                            self.anchor.cells(term, constants, vars, &mut cells)?;
                            self.read.extend(&cells);
                        }
                        if cells
                            .iter()
                            .any(|at| self.writes.iter().any(|w| w.0 == *at))
                        {
                            return None;
                        }
                    }
                }
                Stmt::Assign {
                    index: Expr::CellPlace(r, c),
                    op: AssignOp::Set,
                    value,
                } if reads_only(value, constants) => {
                    let at = self.anchor.offset(r, c, constants, vars)?;
                    let value = u64::try_from(constant(value, vars)?).ok()?;
                    self.writes.push((at, value));
                }
                Stmt::For {
                    slot,
                    lo,
                    hi,
                    body,
                    forks: false,
                } if reads_only(lo, constants) && reads_only(hi, constants) => {
                    let (lo, hi) = (constant(lo, vars)?, constant(hi, vars)?);
                    if hi.saturating_sub(lo) >= MOST_ROUNDS as i128 {
                        return None;
                    }
                    constants.push(*slot);
                    for value in lo..=hi {
                        vars[*slot] = value;
                        if !self.walk(body, constants, vars)? {
                            return Some(false);
                        }
                    }
                    constants.pop();
                }
                _ => return None,
            }
        }
        Some(true)
    }
}

impl Anchor {
    /// The offset of `b[r, c]` from the anchor, where `r` is the anchor's
    /// row plus constants and `c` its column so.
    fn offset(&self, r: &Expr, c: &Expr, constants: &[usize], vars: &[i128]) -> Option<(i64, i64)> {
        let along = |e: &Expr, slot: usize| -> Option<i64> {
            if !plus(e, slot, constants) {
                return None;
            }
            let mut vars = vars.to_vec();
            vars[slot] = 0;
            i64::try_from(constant(e, &vars)?)
                .ok()
                .filter(|k| k.unsigned_abs() <= 1 << 16)
        };
        Some((along(r, self.row)?, along(c, self.col)?))
    }

    /// Pushes the offset of every cell `e` reads; `None` where one is not
    /// read so, or `e` reads anything but cells and constants.
    fn cells(
        &self,
        e: &Expr,
        constants: &[usize],
        vars: &[i128],
        out: &mut Vec<(i64, i64)>,
    ) -> Option<()> {
        match e {
            Expr::Const(_) => Some(()),
            Expr::Var(s) => constants.contains(s).then_some(()),
            Expr::Cell(r, c) => {
                out.push(self.offset(r, c, constants, vars)?);
                Some(())
            }
            Expr::Item(_, x) | Expr::Neg(x) | Expr::Not(x) | Expr::Is(x, _) => {
                self.cells(x, constants, vars, out)
            }
            Expr::Binary(_, a, b) => {
                self.cells(a, constants, vars, out)?;
                self.cells(b, constants, vars, out)
            }
            Expr::Call(_, args) => {
                (args.iter()).try_for_each(|a| self.cells(a, constants, vars, out))
            }
            _ => None,
        }
    }
}

/// Whether `e` is `slot` plus terms that read only `constants` (the slot
/// once, added).
fn plus(e: &Expr, slot: usize, constants: &[usize]) -> bool {
    match e {
        Expr::Var(s) => *s == slot,
        Expr::Binary(BinOp::Add, a, b) => {
            (plus(a, slot, constants) && reads_only(b, constants))
                || (reads_only(a, constants) && plus(b, slot, constants))
        }
        Expr::Binary(BinOp::Sub, a, b) => plus(a, slot, constants) && reads_only(b, constants),
        _ => false,
    }
}

/// `b[r, c] == 'x'` (either way round): its cell and value.
fn pin(e: &Expr) -> Option<(&Expr, &Expr, u64)> {
    let Expr::Binary(BinOp::Eq, a, b) = e else {
        return None;
    };
    match (&**a, &**b) {
        (Expr::Cell(r, c), Expr::Const(v)) | (Expr::Const(v), Expr::Cell(r, c)) => {
            Some((r, c, u64::try_from(*v).ok()?))
        }
        _ => None,
    }
}

/// The `and`s of `e`.
fn conjuncts(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            let mut all = conjuncts(a);
            all.extend(conjuncts(b));
            all
        }
        _ => vec![e],
    }
}

/// Whether `e` reads nothing but constants and the variables `slots`.
fn reads_only(e: &Expr, slots: &[usize]) -> bool {
    match e {
        Expr::Const(_) => true,
        Expr::Var(s) => slots.contains(s),
        Expr::Item(_, x) | Expr::Neg(x) | Expr::Not(x) | Expr::Is(x, _) => reads_only(x, slots),
        Expr::Binary(_, a, b) => reads_only(a, slots) && reads_only(b, slots),
        Expr::Call(_, args) => args.iter().all(|a| reads_only(a, slots)),
        _ => false,
    }
}

/// The value of `e`, which reads only variables, with `vars`.
fn constant(e: &Expr, vars: &[i128]) -> Option<i128> {
    e.int(&Env {
        amount: 0,
        heap: 0,
        heaps: &[],
        vars,
    })
    .ok()
}

/// The value of `e`, which reads only variables and the board's size,
/// with `vars` on a board of `rows` × `cols`.
fn constant_on(e: &Expr, vars: &[i128], (rows, cols): (usize, usize)) -> Option<i128> {
    e.int(&Env {
        amount: 0,
        heap: 0,
        heaps: &[rows as u64, cols as u64],
        vars,
    })
    .ok()
}

/// Whether `e` reads only constants, `constants` and the board's rows and
/// columns, and never falls as the board grows: sums, a constant taken
/// away, products and quotients by a positive number, `min` and `max` of
/// such.
fn rises_with_board(e: &Expr, constants: &[usize]) -> bool {
    let rises = |e: &Expr| rises_with_board(e, constants);
    let positive = |e: &Expr| matches!(e, Expr::Const(k) if *k > 0);
    match e {
        _ if reads_only(e, constants) => true,
        Expr::HeapAt(i) => matches!(**i, Expr::Const(1 | 2)),
        Expr::Binary(BinOp::Add, a, b) => rises(a) && rises(b),
        Expr::Binary(BinOp::Sub, a, b) => rises(a) && reads_only(b, constants),
        Expr::Binary(BinOp::Mul, a, b) => (positive(a) && rises(b)) || (rises(a) && positive(b)),
        Expr::Binary(BinOp::Div, a, b) => rises(a) && positive(b),
        Expr::Call(_, args) => args.iter().all(rises),
        _ => false,
    }
}

/// For `rows - k` (`dim` 1) or `cols - k` (`dim` 2): k (`rows` alone: 0,
/// `rows + k`: -k).
fn dim_less(e: &Expr, dim: i128) -> Option<i128> {
    let is_dim = |e: &Expr| matches!(e, Expr::HeapAt(i) if **i == Expr::Const(dim));
    match e {
        _ if is_dim(e) => Some(0),
        Expr::Binary(BinOp::Sub, a, b) if is_dim(a) => match &**b {
            Expr::Const(k) => Some(*k),
            _ => None,
        },
        Expr::Binary(BinOp::Add, a, b) if is_dim(a) => match &**b {
            Expr::Const(k) => k.checked_neg(),
            _ => None,
        },
        _ => None,
    }
}
