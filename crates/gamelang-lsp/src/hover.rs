//! What a hover shows, but for `analyze` statements (whose answers are
//! found in the background, `answers.rs`): a game's rules in words and the
//! known game it is, a parameter's value, one line on a keyword.

use gamelang::Program;
use gamelang::{GameDef, ValueKind};

use gamelang::Symbol;

/// A game's hover: its header, rules as written, and the closed form when
/// one is recognised.
pub fn game(program: &Program, name: &str) -> Option<String> {
    let entry = program.games.iter().find(|g| g.def.name.name == name)?;
    let mut out = format!("**game {name}**{}\n\n", params(&entry.def));
    let Some(game) = &entry.default else {
        out.push_str("(its rules have errors)");
        return Some(out);
    };
    let heaps = match (&game.parts, game.heap_count) {
        (Some(parts), _) => format!("position ({})", parts.join(", ")),
        (None, Some(n)) => format!("{n} heap{}", if n == 1 { "" } else { "s" }),
        (None, None) => "any number of heaps".to_string(),
    };
    let play = if game.misere { "misère" } else { "normal" };
    out.push_str(&format!("- {heaps}, {play} play\n"));
    for rule in &game.rules {
        let text = program.source.text();
        let start = rule.span.offset().min(text.len());
        let end = (rule.span.offset() + rule.span.len()).min(text.len());
        let written = text.get(start..end).unwrap_or(&rule.name);
        let first = written.lines().next().unwrap_or_default();
        out.push_str(&format!("- `{}`\n", first.trim()));
    }
    for end in &game.ends {
        out.push_str(&format!(
            "- `{}`\n",
            end.text.lines().next().unwrap_or_default()
        ));
    }
    match gamelang::known_game(game) {
        Some((entry, rule)) => {
            out.push_str(&format!("\nKnown game **{}**: {rule}", entry.id));
            out.push_str(&format!("\n\nSource: {}", entry.source));
        }
        None => out.push_str("\nNo closed form recognised: answered by search."),
    }
    Some(out)
}

fn params(def: &GameDef) -> String {
    if def.params.is_empty() {
        return String::new();
    }
    let list: Vec<String> = (def.params.iter())
        .map(|p| format!("{} = {}", p.name.name, value(&p.default.kind)))
        .collect();
    format!("({})", list.join(", "))
}

fn value(kind: &ValueKind) -> String {
    fn items<T: ToString>(items: &[T]) -> String {
        let items: Vec<String> = items.iter().map(ToString::to_string).collect();
        items.join(", ")
    }
    match kind {
        ValueKind::Int(n) => n.to_string(),
        ValueKind::Set(set) => format!("{{{}}}", items(set)),
        ValueKind::List(list) => format!("[{}]", items(list)),
        ValueKind::Graph { arcs, names } => gamelang::Graph {
            arcs: arcs.clone(),
            names: names.clone(),
        }
        .to_string(),
    }
}

/// A name's hover: a game's description, a parameter's value, what a part
/// or variable is.
pub fn symbol(program: &Program, tree_games: &[&GameDef], symbol: &Symbol) -> Option<String> {
    match symbol {
        Symbol::Game(name) => game(program, name),
        Symbol::Param { game, name } => {
            let def = tree_games.iter().find(|g| &g.name.name == game)?;
            let param = def.params.iter().find(|p| &p.name.name == name)?;
            Some(format!(
                "**{name}** = {}: a parameter of `{game}` (`--set {name}=...` changes it)",
                value(&param.default.kind)
            ))
        }
        Symbol::Part { game, name } => {
            Some(format!("**{name}**: a named part of `{game}`'s position"))
        }
        Symbol::Var { name, .. } => Some(format!("**{name}**: a variable of this move block")),
    }
}

/// One line from the language reference on a keyword.
pub fn keyword(word: &str) -> Option<&'static str> {
    Some(match word {
        "game" => "`game NAME(PARAMS) { ... }` defines a game: its heaps, its play and its moves.",
        "analyze" => {
            "`analyze GAME at POSITION` asks who wins there; `+` joins components into a sum, `-` adds a negative; `every`/`all`/`some`/`any`/`series` ask other compounds."
        }
        "compare" => {
            "`compare G to H` orders two sums: `>`, `<`, `=` or `||` (confused), from the outcome of G − H."
        }
        "at" => {
            "`at POSITION`: the position asked about, `21` or `(3, 5)`; or many: a range `1..100`, a box `(1..3, 0..5)`, a list `[(3, 4), 7]`."
        }
        "heaps" => {
            "`heaps N`, `heaps *`: how many heaps a position has; `where` adds an invariant."
        }
        "heap" => "`heap`: one heap, in `shift ... to the previous heap` and `empty one heap ...`.",
        "position" => "`position (a, b)`: a fixed number of parts, each with a name.",
        "play" => "`play misere` (whoever moves last loses) or `play normal` (the default).",
        "misere" | "misère" => {
            "misère play: whoever makes the last move loses. A partizan game played so is valued in the dead-ending universe, where it is dead-ending (a player with no move never gets one again)."
        }
        "normal" => "normal play: whoever makes the last move wins (the default).",
        "take" => {
            "`take AMOUNTS [from TARGET] [and split the rest into two heaps]`: take tokens from one heap (or more)."
        }
        "from" => {
            "`from both heaps`, `from one heap`, `from 2 heaps`, `from up to k heaps`: which heaps a take takes from."
        }
        "where" => {
            "`where COND`: which amounts (`k`), or which positions (`heaps ... where`), are allowed."
        }
        "shift" => {
            "`shift AMOUNTS to the previous heap`: move tokens one heap down (staircase Nim)."
        }
        "split" => "`split into 2 [unequal] [nonempty] heaps`: split one heap in two.",
        "empty" => {
            "`empty one heap and split the other into two heaps`: the empty-and-divide move."
        }
        "octal" => "`octal 0.d1d2...`: Guy and Smith's code for a take-and-break game.",
        "hex" => "`hex d0.d1...`: a hexadecimal code, which may also split a heap in three.",
        "coins" => {
            "`coins` (`coins from 0`): a row of coins; a position is the coins showing heads, `{1, 5, 9}` or `THHTH`."
        }
        "turn" | "coin" => {
            "`turn AMOUNTS coins [in a row]`: turn that many coins over, the rightmost from heads to tails."
        }
        "product" => {
            "`product of G and H`: the product of two coin games; coin (x, y) has the nim product of their values (Tartan theorem)."
        }
        "graph" => {
            "`graph { 1 -> 0, 2 -- 3, 4 }`: a graph, its arcs one way (`->`) or both (`--`), a vertex without arcs alone; vertices are numbers or words."
        }
        "slide" | "along" => "`slide along G`: a token slides along an arc of the graph `G`.",
        "green" | "hackenbush" => {
            "`green hackenbush`: positions are graphs grounded at vertex 0; a move cuts an edge, and what no longer reaches the ground falls."
        }
        "node" | "arc" | "kayles" => {
            "`node kayles`: a move picks a vertex and removes it with its neighbours; `arc kayles`: picks an edge and removes its two ends. Positions are graphs, `graph { 1 -- 2, 3 }`."
        }
        "count" => {
            "`count(x)`: how many heaps equal x; on a board, how many cells hold x, `count('x')`."
        }
        "snort" | "col" => {
            "`snort`, `col`: Left colours a vertex blue, Right red; in Snort never next to the other colour, in Col never next to the same. Positions are graphs of the vertices not yet coloured, each tinted with the colour it alone may still take, `graph { 1 -- 2, 1 blue }`."
        }
        "move" => {
            "`move NAME { ... }`: a custom move; each way through the block that meets its `require`s is one move."
        }
        "choose" => "`choose x in LO..HI`: each value is a separate move.",
        "require" => "`require COND`: a way through the block is a move only if COND holds.",
        "let" => "`let x = EXPR`: names a value in a move block.",
        "for" => "`for x in LO..HI { ... }`: the block once for each x, in order.",
        "if" | "else" => "`if COND { ... } else { ... }`: one branch, by the condition.",
        "append" => "`append EXPR`: a new heap at the end of the position.",
        "says" => {
            "`says \"take {k}\"`: the words a move block's moves are told in, each `{EXPR}` valued as the move is made."
        }
        "remove" => "`remove I`: heap I leaves the position.",
        "score" => {
            "`score += EXPR` in a move block: the move wins EXPR points for its player (`-=`: loses them), and the game is a scoring game: when the player to move has no move, more points win (LANGUAGE.md, \"Scoring games\"). Where `position (...)` names a part `score`, the part."
        }
        "again" => {
            "`again` in a scoring game's move block: the player who made the move moves again (Dots and Boxes: a completed box)."
        }
        "becomes" => {
            "`becomes T + T`: the move ends in a sum of positions, of this game or others (`row at (n)`)."
        }
        "win" => "`win when COND`: moving into a position that meets COND wins the play at once.",
        "lose" => {
            "`lose when COND`: moving into a position that meets COND loses the play at once."
        }
        "draw" => "`draw when COND`: moving into a position that meets COND draws the play.",
        "when" => "`win when`, `lose when`, `draw when`: ends other than running out of moves.",
        "len" => "`len`: the number of heaps of the position.",
        "each" => "`each >= 1`: every heap compares so.",
        "nonincreasing" | "nondecreasing" => {
            "the heaps in order, each no larger (no smaller) than the one before."
        }
        "is" => {
            "`x is square`, `prime`, `even`, `odd`; `a is power of b`: a = b^j for some j >= 0."
        }
        "divides" => "`a divides b`: b is a multiple of a.",
        "min" | "max" => "`min(a, b, ...)`, `max(a, b, ...)`.",
        "and" | "or" | "not" => "`and`, `or`, `not`: combine conditions.",
        _ => return None,
    })
}
