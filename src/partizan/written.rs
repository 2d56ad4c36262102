//! Values as a file writes them, read back: the notation `Forms::text`
//! writes (CGSuite's ASCII) — numbers `3`, `-3/2`; nimbers `*`, `*2`; ups
//! `^`, `v`, `^^`, `^3`, with a number and a nimber beside (`1^*`,
//! `v*2`); CGSuite's powers of up `^<2>` (↑²) and `^[3]` (↑ + ↑² + ↑³),
//! `v<2>`, `v[3]` their negatives, a number and a nimber beside alike;
//! switches `+-1`, `+-{2|1}` ({G | -G}) and `+-{1,2}` or `+-(1,2)`
//! ({1, 2 | -1, -2}); `Tiny(2)` ({0 || 0 | -2}) and `Miny(2)`
//! ({2 | 0 || 0}); every other game `{L | R}`, its options separated by
//! commas, an option alone on its side written with or without braces
//! (`{1|0||0}` is {{1 | 0} | 0}; `{0||0,*|-1}` is {0 | {0, * | -1}}: a
//! side with bars is one game, its commas its own). Wherever a value
//! stands, so may a sum or difference of values (`{3||2+*|1+*}`, `1-^`)
//! and a negative (`-{2|1}`); `+-` after a value is a sum with a switch
//! (`2+-1` is 2 + ±1), as CGSuite reads it. Operations: `G : H` the
//! ordinal sum (tighter than `+` and `-`, looser than a negative: `1 : -1`
//! is 1 : (−1)), and the calls `cool(G, t)` (t a number written as one,
//! above −1), `heat(G, T)`, `overheat(G, S, T)`, `norton(G, U)` and
//! `companion(G)`, each of short values (`operations`). Spaces may stand
//! between any two parts. What is read is a tree (`Written`), made a form by
//! `Forms::written`.

use std::fmt;

use num_bigint::BigInt;

use super::dyadic::Dyadic;
use super::form::Form;
use super::forms::Forms;
use super::notation::{nus_text, power_text};
use super::power::{MAX_EXPONENT, PowerOfUp};
use crate::platform::deeper;

/// The most nimbers or ups a written value may stack (`*1024`, `^1024`):
/// each is built from the ones below it.
pub const MAX_STACKED: u32 = 1 << 10;

/// The deepest a written value may nest braces (or bars).
pub const MAX_DEPTH: usize = 64;

/// The most values one sum may add: each is added to the sum of the ones
/// before it.
pub const MAX_TERMS: usize = 1 << 10;

/// A value as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// x + n·↑ + *m: a number, ups (negative for downs) and a nimber.
    NumberUpStar {
        /// The number.
        number: Dyadic,
        /// How many ups (downs, negative).
        ups: i64,
        /// The nimber.
        star: u32,
    },
    /// x + a power of up + *m: `^<2>` (↑²), `1v[3]*` (1 − ↑^{→3} + *).
    UpPower {
        /// The number.
        number: Dyadic,
        /// The power.
        power: PowerOfUp,
        /// The nimber.
        star: u32,
    },
    /// ±G: {G | -G}; ±(G, H, ...): {G, H, ... | -G, -H, ...}.
    Switch(Vec<Written>),
    /// Tiny(G): {0 || 0 | -G}.
    Tiny(Box<Written>),
    /// Miny(G): {G | 0 || 0}.
    Miny(Box<Written>),
    /// -G.
    Negative(Box<Written>),
    /// G + H + ...: two or more values.
    Sum(Vec<Written>),
    /// {L | R}.
    Options {
        /// Left's options.
        left: Vec<Written>,
        /// Right's options.
        right: Vec<Written>,
    },
    /// One of Siegel's loopy games by its name: the stoppers `on` =
    /// {pass|}, `off` = {|pass}, `over` = {0|pass}, `under` = {pass|0},
    /// `upon` = {pass|*}; and `dud` = {pass|pass}, the deathless universal
    /// draw (Winning Ways, ch. 11), no stopper.
    Named(&'static str),
    /// `pass`: the game in whose braces it stands.
    Pass,
    /// `a{L | R}`: a game labelled, so that an option inside it may be it.
    Labelled(String, Box<Written>),
    /// `a`: the game labelled so around it.
    Label(String),
    /// G : H, the ordinal sum.
    Ordinal(Box<Written>, Box<Written>),
    /// An operation on values, called on its arguments: `cool(G, 1)`.
    Applied(Operation, Vec<Written>),
}

/// An operation on values written as a call, by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// `cool(G, t)`: G cooled by the number t > −1.
    Cool,
    /// `heat(G, T)`: G heated by T.
    Heat,
    /// `overheat(G, S, T)`: G overheated from S to T.
    Overheat,
    /// `norton(G, U)`: the Norton product G.U.
    Norton,
    /// `companion(G)`: G's companion.
    Companion,
}

impl Operation {
    /// Every operation.
    pub const ALL: [Operation; 5] = [
        Operation::Cool,
        Operation::Heat,
        Operation::Overheat,
        Operation::Norton,
        Operation::Companion,
    ];

    /// Its name as written.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Cool => "cool",
            Operation::Heat => "heat",
            Operation::Overheat => "overheat",
            Operation::Norton => "norton",
            Operation::Companion => "companion",
        }
    }

    /// How it is called, its arguments named.
    pub fn call(self) -> &'static str {
        match self {
            Operation::Cool => "cool(G, t)",
            Operation::Heat => "heat(G, T)",
            Operation::Overheat => "overheat(G, S, T)",
            Operation::Norton => "norton(G, U)",
            Operation::Companion => "companion(G)",
        }
    }

    fn arity(self) -> usize {
        match self {
            Operation::Companion => 1,
            Operation::Overheat => 3,
            _ => 2,
        }
    }
}

/// The number a value writes as a number alone (`3/2`, `-1/4`), if so.
fn written_number(value: &Written) -> Option<Dyadic> {
    match value {
        Written::NumberUpStar {
            number,
            ups: 0,
            star: 0,
        } => Some(number.clone()),
        Written::Negative(g) => written_number(g).map(|x| x.neg()),
        _ => None,
    }
}

/// The loopy games `Written::Named` names.
pub const NAMED: [&str; 6] = ["on", "off", "over", "under", "upon", "dud"];

impl Written {
    /// Whether it is a loopy value: it names a loopy stopper, passes, or
    /// is labelled, anywhere inside (a short value has a canonical form,
    /// `Forms::written`; a loopy one a graph, `Stopper::written`).
    pub fn is_loopy(&self) -> bool {
        match self {
            Written::NumberUpStar { .. } | Written::UpPower { .. } => false,
            Written::Named(_) | Written::Pass | Written::Labelled(..) | Written::Label(_) => true,
            Written::Tiny(g) | Written::Miny(g) | Written::Negative(g) => deeper(|| g.is_loopy()),
            Written::Switch(all) | Written::Sum(all) | Written::Applied(_, all) => {
                all.iter().any(|g| deeper(|| g.is_loopy()))
            }
            Written::Ordinal(g, h) => deeper(|| g.is_loopy() || h.is_loopy()),
            Written::Options { left, right } => {
                left.iter().chain(right).any(|g| deeper(|| g.is_loopy()))
            }
        }
    }

    /// Whether an operation (`G : H`, `cool(G, t)`, ...) stands anywhere
    /// in it.
    pub fn operates(&self) -> bool {
        match self {
            Written::Ordinal(..) | Written::Applied(..) => true,
            Written::NumberUpStar { .. }
            | Written::UpPower { .. }
            | Written::Named(_)
            | Written::Pass
            | Written::Label(_) => false,
            Written::Tiny(g)
            | Written::Miny(g)
            | Written::Negative(g)
            | Written::Labelled(_, g) => deeper(|| g.operates()),
            Written::Switch(all) | Written::Sum(all) => all.iter().any(|g| deeper(|| g.operates())),
            Written::Options { left, right } => {
                left.iter().chain(right).any(|g| deeper(|| g.operates()))
            }
        }
    }
}

impl fmt::Display for Written {
    /// As it reads back: `3/2`, `^*`, `+-1`, `{{1|0}|0}` (every inner game
    /// in braces).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Written::NumberUpStar { number, ups, star } => {
                f.write_str(&nus_text(number, *ups, *star))
            }
            Written::UpPower {
                number,
                power,
                star,
            } => f.write_str(&power_text(number, *power, *star)),
            Written::Switch(options) => match options.as_slice() {
                [g] => write!(f, "+-{g}"),
                all => write!(f, "+-{{{}}}", joined(all, ",")),
            },
            Written::Tiny(g) => write!(f, "Tiny({g})"),
            Written::Miny(g) => write!(f, "Miny({g})"),
            // A sum or an ordinal sum negated whole: `-(1+*)`, `-(1:1)`.
            Written::Negative(g) => match g.as_ref() {
                Written::Sum(_) | Written::Ordinal(..) => write!(f, "-({g})"),
                g => write!(f, "-{g}"),
            },
            Written::Sum(terms) => f.write_str(&joined(terms, "+")),
            Written::Options { left, right } => {
                write!(f, "{{{}|{}}}", joined(left, ","), joined(right, ","))
            }
            Written::Named(name) => f.write_str(name),
            Written::Pass => f.write_str("pass"),
            Written::Labelled(label, g) => write!(f, "{label}{g}"),
            Written::Label(label) => f.write_str(label),
            Written::Ordinal(g, h) => {
                // A sum on either side, or an ordinal sum on the right, in
                // parentheses: `(1+*):1`.
                let (g, h) = (g.as_ref(), h.as_ref());
                match g {
                    Written::Sum(_) => write!(f, "({g}):")?,
                    g => write!(f, "{g}:")?,
                }
                match h {
                    Written::Sum(_) | Written::Ordinal(..) => write!(f, "({h})"),
                    h => write!(f, "{h}"),
                }
            }
            Written::Applied(operation, args) => {
                write!(f, "{}({})", operation.name(), joined(args, ","))
            }
        }
    }
}

/// Values written one after another with `between` them.
fn joined(values: &[Written], between: &str) -> String {
    let texts: Vec<String> = values.iter().map(ToString::to_string).collect();
    texts.join(between)
}

/// Why a text is not a value: what, and where (a byte offset and length
/// into the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// What is wrong.
    pub message: String,
    /// Where it starts.
    pub offset: usize,
    /// How long it is (at least 1, except at the end of the text).
    pub len: usize,
}

/// The value `text` writes, the whole of it.
pub fn read(text: &str) -> Result<Written, ReadError> {
    let mut reader = Reader { text, at: 0 };
    let value = reader.value(0)?;
    reader.spaces();
    if reader.at < text.len() {
        return Err(reader.error("nothing may follow the value here", 1));
    }
    // A loopy value's short parts are valued when it is built, outside
    // a question's limits: no operation stands among them.
    if value.is_loopy() && value.operates() {
        return Err(ReadError {
            message: "a loopy value holds no operation (`:`, `cool`, `heat`, ...): those take short games".to_string(),
            offset: 0,
            len: text.len(),
        });
    }
    Ok(value)
}

impl Forms {
    /// The canonical form of a written value; `None` where it is loopy
    /// (`Written::is_loopy`: its graph is `Stopper::written`'s).
    pub fn written(&mut self, value: &Written) -> Option<Form> {
        (!value.is_loopy()).then(|| self.short(value))
    }

    /// The canonical form of a short written value.
    fn short(&mut self, value: &Written) -> Form {
        match value {
            Written::NumberUpStar { number, ups, star } => {
                self.number_up_star_form(number, *ups, *star)
            }
            Written::UpPower {
                number,
                power,
                star,
            } => {
                let power = self.power_of_up(*power);
                let (number, star) = (self.number(number.clone()), self.nimber(*star));
                let sum = self.add(number, power);
                self.add(sum, star)
            }
            Written::Switch(options) => {
                let left: Vec<Form> = options.iter().map(|o| self.short(o)).collect();
                let right: Vec<Form> = left.iter().map(|&g| self.neg(g)).collect();
                self.game(&left, &right)
            }
            Written::Tiny(g) => {
                let g = self.short(g);
                let (zero, minus) = (self.zero(), self.neg(g));
                let right = self.game(&[zero], &[minus]);
                self.game(&[zero], &[right])
            }
            Written::Miny(g) => {
                let g = self.short(g);
                let zero = self.zero();
                let left = self.game(&[g], &[zero]);
                self.game(&[left], &[zero])
            }
            Written::Negative(g) => {
                let g = self.short(g);
                self.neg(g)
            }
            Written::Sum(terms) => {
                let mut total = self.zero();
                for term in terms {
                    let term = self.short(term);
                    total = self.add(total, term);
                }
                total
            }
            Written::Options { left, right } => {
                let left: Vec<Form> = left.iter().map(|o| self.short(o)).collect();
                let right: Vec<Form> = right.iter().map(|o| self.short(o)).collect();
                self.game(&left, &right)
            }
            Written::Ordinal(g, h) => {
                let (g, h) = deeper(|| (self.short(g), self.short(h)));
                self.ordinal_sum(g, h)
            }
            Written::Applied(operation, args) => {
                let forms: Vec<Form> = deeper(|| args.iter().map(|a| self.short(a)).collect());
                match (operation, forms.as_slice()) {
                    (Operation::Cool, [g, _]) => {
                        // A number written as one, checked when read.
                        let t = written_number(&args[1]).unwrap_or_else(Dyadic::zero);
                        self.cool(*g, &t)
                    }
                    (Operation::Heat, [g, t]) => self.heat(*g, *t),
                    (Operation::Overheat, [g, s, t]) => self.overheat(*g, *s, *t),
                    (Operation::Norton, [g, u]) => self.norton(*g, *u),
                    (Operation::Companion, [g]) => self.companion(*g),
                    // Never met: the arguments were counted when read.
                    _ => self.zero(),
                }
            }
            // Never met: a value with these is loopy, and not read here.
            Written::Named(_) | Written::Pass | Written::Labelled(..) | Written::Label(_) => {
                self.zero()
            }
        }
    }
}

/// A recursive-descent reader over the text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

/// Between braces: the options and the bars between them, in order.
enum Between {
    Option(Written),
    Comma,
    Bars(usize),
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start_matches([' ', '\t']).len();
    }

    fn error(&self, message: &str, len: usize) -> ReadError {
        ReadError {
            message: message.to_string(),
            offset: self.at,
            len: len.min(self.text.len() - self.at),
        }
    }

    fn eat(&mut self, prefix: &str) -> bool {
        if self.rest().starts_with(prefix) {
            self.at += prefix.len();
            true
        } else {
            false
        }
    }

    /// One value: a term, or a sum and difference of terms (`2+*`,
    /// `1-^`, `2+-1`: `+-` after a term adds a switch).
    fn value(&mut self, depth: usize) -> Result<Written, ReadError> {
        deeper(|| self.sum(depth))
    }

    fn sum(&mut self, depth: usize) -> Result<Written, ReadError> {
        let mut terms = vec![self.ordinal(depth)?];
        loop {
            self.spaces();
            // `+-` is left to the term: a switch added.
            let negative = if self.rest().starts_with("+-") || self.eat("+") {
                false
            } else if self.eat("-") {
                true
            } else {
                break;
            };
            if terms.len() >= MAX_TERMS {
                return Err(self.error(&format!("a sum of at most {MAX_TERMS} values"), 1));
            }
            let term = self.ordinal(depth)?;
            terms.push(match negative {
                true => Written::Negative(Box::new(term)),
                false => term,
            });
        }
        Ok(match terms.len() {
            1 => terms.remove(0),
            _ => Written::Sum(terms),
        })
    }

    /// Terms joined by `:`, ordinal sums from the left (`G : H : K` is
    /// (G : H) : K).
    fn ordinal(&mut self, depth: usize) -> Result<Written, ReadError> {
        let start = self.at;
        let mut g = self.term(depth)?;
        let mut joined = 0;
        loop {
            self.spaces();
            if !self.eat(":") {
                return Ok(g);
            }
            joined += 1;
            if joined >= MAX_TERMS {
                return Err(self.error(&format!("at most {MAX_TERMS} values joined by `:`"), 1));
            }
            let h = self.term(depth)?;
            if g.is_loopy() || h.is_loopy() {
                let len = self.at - start;
                self.at = start;
                return Err(self.error(
                    "an ordinal sum `G : H` takes short games: this one has a loopy part",
                    len,
                ));
            }
            g = Written::Ordinal(Box::new(g), Box::new(h));
        }
    }

    /// One term: a switch, a negative, a braced game, `Tiny(G)`, `Miny(G)`,
    /// an operation's call, or x + n·↑ + *m.
    fn term(&mut self, depth: usize) -> Result<Written, ReadError> {
        deeper(|| self.term_here(depth))
    }

    fn term_here(&mut self, depth: usize) -> Result<Written, ReadError> {
        self.spaces();
        if depth > MAX_DEPTH {
            return Err(self.error(&format!("values nest at most {MAX_DEPTH} deep"), 1));
        }
        if self.eat("+-") {
            self.spaces();
            // `+-(G, H)` and `+-{G, H}` (no bar): a switch of several.
            if let Some(options) = self.listed(depth)? {
                return Ok(Written::Switch(options));
            }
            let g = self.term(depth + 1)?;
            return Ok(Written::Switch(vec![g]));
        }
        let rest = self.rest();
        // A `-` before anything but a number's digits negates the term.
        if rest.starts_with('-') && !rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
            self.at += 1;
            let g = self.term(depth + 1)?;
            return Ok(Written::Negative(Box::new(g)));
        }
        for (name, tiny) in [("Tiny", true), ("Miny", false)] {
            if self.eat(name) {
                self.spaces();
                if !self.eat("(") {
                    return Err(self.error(&format!("`{name}` is followed by `(` and a value"), 1));
                }
                let g = Box::new(self.value(depth + 1)?);
                self.spaces();
                if !self.eat(")") {
                    return Err(self.error(&format!("this `{name}(` is closed by `)`"), 1));
                }
                return Ok(if tiny {
                    Written::Tiny(g)
                } else {
                    Written::Miny(g)
                });
            }
        }
        for operation in Operation::ALL {
            let rest = self.rest();
            if let Some(after) = rest.strip_prefix(operation.name())
                && after.trim_start_matches([' ', '\t']).starts_with('(')
            {
                return self.applied(operation, depth);
            }
        }
        if self.rest().starts_with('(') {
            self.at += 1;
            let g = self.value(depth + 1)?;
            self.spaces();
            if !self.eat(")") {
                return Err(self.error("this `(` is closed by `)`", 1));
            }
            return Ok(g);
        }
        if self.rest().starts_with('{') {
            return self.braced(depth);
        }
        // A word: a loopy stopper's name, `pass`, a label, or downs (`v`,
        // `vv`, `v3`: read as a number with ups).
        let word = (self.rest())
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(self.rest().len());
        let text = &self.rest()[..word];
        // Downs: `v`, `vv`, `v3`.
        let downs = text.trim_start_matches('v');
        let downs = text.starts_with('v') && downs.chars().all(|c| c.is_ascii_digit());
        if text.starts_with(|c: char| c.is_ascii_lowercase()) && !downs {
            let text = text.to_string();
            if let Some(name) = NAMED.iter().find(|&&n| n == text) {
                self.at += word;
                return Ok(Written::Named(name));
            }
            self.at += word;
            if text == "pass" {
                return Ok(Written::Pass);
            }
            if self.rest().starts_with('{') {
                let g = self.braced(depth)?;
                return Ok(Written::Labelled(text, Box::new(g)));
            }
            return Ok(Written::Label(text));
        }
        self.number_up_star()
    }

    /// `name(G, ...)`: an operation called on its arguments, as many as it
    /// takes, each a short value (`cool`'s temperature a number above −1).
    fn applied(&mut self, operation: Operation, depth: usize) -> Result<Written, ReadError> {
        let start = self.at;
        self.at += operation.name().len();
        self.spaces();
        self.at += 1;
        let mut args = Vec::new();
        loop {
            self.spaces();
            let at = self.at;
            let arg = self.value(depth + 1)?;
            let len = self.at - at;
            if arg.is_loopy() {
                self.at = at;
                return Err(self.error(
                    &format!(
                        "`{}` takes short games: this one is loopy",
                        operation.name()
                    ),
                    len,
                ));
            }
            if operation == Operation::Cool && args.len() == 1 {
                let t = written_number(&arg);
                if t.as_ref().is_none_or(|t| t <= &Dyadic::integer(-1)) {
                    self.at = at;
                    let message = match t {
                        None => {
                            "the temperature of `cool(G, t)` is a number written as one (`1`, `1/2`, `-1/4`)"
                        }
                        Some(_) => "a game is cooled by a temperature above -1",
                    };
                    return Err(self.error(message, len));
                }
            }
            args.push(arg);
            self.spaces();
            if self.eat(",") {
                continue;
            }
            if self.eat(")") {
                break;
            }
            return Err(self.error(
                &format!(
                    "the values of `{}` are separated by commas and closed by `)`",
                    operation.call()
                ),
                1,
            ));
        }
        if args.len() != operation.arity() {
            let len = self.at - start;
            self.at = start;
            return Err(self.error(
                &format!(
                    "`{}` takes {} values, not {}: `{}`",
                    operation.name(),
                    operation.arity(),
                    args.len(),
                    operation.call()
                ),
                len,
            ));
        }
        Ok(Written::Applied(operation, args))
    }

    /// After `+-`: `(G, H, ...)`, or `{G, H, ...}` with no bar inside, the
    /// values listed; `None` (nothing read) for anything else.
    fn listed(&mut self, depth: usize) -> Result<Option<Vec<Written>>, ReadError> {
        let start = self.at;
        let close = match self.rest().chars().next() {
            Some('(') => ')',
            Some('{') => '}',
            _ => return Ok(None),
        };
        if close == '}' && self.barred() {
            return Ok(None);
        }
        self.at += 1;
        let mut options = Vec::new();
        loop {
            let option = match self.value(depth + 1) {
                Ok(option) => option,
                // A brace that opens a game: read it as one.
                Err(_) if close == '}' => {
                    self.at = start;
                    return Ok(None);
                }
                Err(e) => return Err(e),
            };
            options.push(option);
            self.spaces();
            if self.eat(",") {
                continue;
            }
            if self.rest().starts_with(close) {
                self.at += 1;
                break;
            }
            if close == '}' {
                self.at = start;
                return Ok(None);
            }
            return Err(self.error(
                "the values of `+-(...)` are separated by commas and closed by `)`",
                1,
            ));
        }
        Ok(Some(options))
    }

    /// Whether the braces that open here hold a `|` of their own (not one
    /// of a game nested inside): a game, not a list of values.
    fn barred(&self) -> bool {
        let mut nested = 0usize;
        for c in self.rest().chars().skip(1) {
            match c {
                '{' | '(' => nested += 1,
                '}' | ')' if nested == 0 => return false,
                '}' | ')' => nested -= 1,
                '|' if nested == 0 => return true,
                '\n' => return false,
                _ => {}
            }
        }
        false
    }

    /// `{ ... }`: options and bars; the longest run of bars splits Left's
    /// side from Right's, shorter runs nest.
    fn braced(&mut self, depth: usize) -> Result<Written, ReadError> {
        let open = self.at;
        self.at += 1;
        let mut pieces = Vec::new();
        loop {
            self.spaces();
            let rest = self.rest();
            if rest.starts_with('}') {
                self.at += 1;
                break;
            }
            if rest.is_empty() || rest.starts_with('\n') {
                self.at = open;
                return Err(self.error("this `{` is never closed by a `}`", 1));
            }
            if rest.starts_with('|') {
                let bars = rest.len() - rest.trim_start_matches('|').len();
                self.at += bars;
                pieces.push((self.at - bars, Between::Bars(bars)));
            } else if rest.starts_with(',') {
                self.at += 1;
                pieces.push((self.at - 1, Between::Comma));
            } else {
                let at = self.at;
                pieces.push((at, Between::Option(self.value(depth + 1)?)));
            }
        }
        let end = self.at;
        self.split(&pieces, open, end, depth)
    }

    /// The game the pieces between braces (from `open` to `end`) write.
    fn split(
        &mut self,
        pieces: &[(usize, Between)],
        open: usize,
        end: usize,
        depth: usize,
    ) -> Result<Written, ReadError> {
        if depth > MAX_DEPTH {
            self.at = open;
            return Err(self.error(&format!("values nest at most {MAX_DEPTH} deep"), 1));
        }
        let most = (pieces.iter())
            .filter_map(|(_, p)| match p {
                Between::Bars(n) => Some(*n),
                _ => None,
            })
            .max();
        let Some(most) = most else {
            self.at = open;
            return Err(self.error(
                "a game's options need a `|` between Left's and Right's",
                end - open,
            ));
        };
        let splits: Vec<usize> = (pieces.iter().enumerate())
            .filter(|(_, (_, p))| matches!(p, Between::Bars(n) if *n == most))
            .map(|(i, _)| i)
            .collect();
        if let [_, second, ..] = splits.as_slice() {
            self.at = pieces[*second].0;
            return Err(self.error(
                "two bars of the same length at one level: write the inner game in braces",
                most,
            ));
        }
        let at = splits[0];
        let left = self.side(&pieces[..at], open, end, depth)?;
        let right = self.side(&pieces[at + 1..], open, end, depth)?;
        Ok(Written::Options { left, right })
    }

    /// One side's options: none, a list separated by commas, or one game
    /// written with shorter bars (the commas among them its own).
    fn side(
        &mut self,
        pieces: &[(usize, Between)],
        open: usize,
        end: usize,
        depth: usize,
    ) -> Result<Vec<Written>, ReadError> {
        // Shorter bars write a game inside: one level deeper.
        if pieces.iter().any(|(_, p)| matches!(p, Between::Bars(_))) {
            return Ok(vec![self.split(pieces, open, end, depth + 1)?]);
        }
        let mut options = Vec::new();
        let mut expect_option = true;
        for (at, piece) in pieces {
            match (piece, expect_option) {
                (Between::Option(o), true) => {
                    options.push(o.clone());
                    expect_option = false;
                }
                (Between::Comma, false) => expect_option = true,
                _ => {
                    self.at = *at;
                    return Err(self.error("options are separated by single commas", 1));
                }
            }
        }
        if expect_option && !options.is_empty() {
            self.at = end - 1;
            return Err(self.error("an option is missing after the last comma", 1));
        }
        Ok(options)
    }

    /// x + n·↑ + *m: `3`, `-3/2`, `^`, `vv`, `^3*`, `1v*2`, `*`.
    fn number_up_star(&mut self) -> Result<Written, ReadError> {
        let start = self.at;
        let negative = self.eat("-");
        let digits = self.digits();
        let number = match digits {
            Some(n) => {
                let numerator = if negative { -n } else { n };
                if self.eat("/") {
                    let at = self.at;
                    let Some(d) = self.digits() else {
                        return Err(self.error("a denominator follows `/`", 1));
                    };
                    let exponent = power_of_two(&d).ok_or_else(|| ReadError {
                        message: format!(
                            "{d} is not a power of 2: the numbers of short games are dyadic rationals (m/2^k)"
                        ),
                        offset: at,
                        len: self.at - at,
                    })?;
                    Dyadic::new(numerator, exponent)
                } else {
                    Dyadic::integer(numerator)
                }
            }
            None if negative => {
                self.at = start;
                return Err(self.error("a number follows `-`", 1));
            }
            None => Dyadic::zero(),
        };
        let power = self.power()?;
        let ups = match power {
            Some(_) => 0,
            None => self.ups()?,
        };
        let star = match self.eat("*") {
            true => self.count(1)?,
            false => 0,
        };
        if self.at == start {
            return Err(self.error("expected a value: a number, `*`, `^`, `v`, `+-` or `{`", 1));
        }
        if self
            .rest()
            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(self.error("a value's part runs into a name here", 1));
        }
        Ok(match power {
            Some(power) => Written::UpPower {
                number,
                power,
                star,
            },
            None => Written::NumberUpStar { number, ups, star },
        })
    }

    /// A power of up: `^<n>` (↑ⁿ), `^[n]` (↑^{→n}), `v<n>`, `v[n]`; or
    /// none.
    fn power(&mut self) -> Result<Option<PowerOfUp>, ReadError> {
        let rest = self.rest();
        let down = match rest.get(..2) {
            Some("^<" | "^[") => false,
            Some("v<" | "v[") => true,
            _ => return Ok(None),
        };
        let summed = rest.as_bytes()[1] == b'[';
        let close = if summed { "]" } else { ">" };
        self.at += 2;
        let at = self.at;
        let exponent = match self.digits() {
            Some(n) => u32::try_from(n)
                .ok()
                .filter(|n| (1..=MAX_EXPONENT).contains(n)),
            None => return Err(self.error("an exponent follows (a whole number from 1)", 1)),
        };
        let Some(exponent) = exponent else {
            let len = self.at - at;
            self.at = at;
            return Err(self.error(
                &format!("a power of up's exponent is from 1 to {MAX_EXPONENT}"),
                len,
            ));
        };
        if !self.eat(close) {
            return Err(self.error(&format!("this power of up is closed by `{close}`"), 1));
        }
        Ok(Some(PowerOfUp {
            exponent,
            summed,
            down,
        }))
    }

    /// `^`, `^^`, `^3`, `v`, `vv`, `v3` (downs negative), or none.
    fn ups(&mut self) -> Result<i64, ReadError> {
        let rest = self.rest();
        let (arrow, sign) = match rest.chars().next() {
            Some('^') => ('^', 1),
            Some('v') => ('v', -1),
            _ => return Ok(0),
        };
        let run = rest.len() - rest.trim_start_matches(arrow).len();
        self.at += run;
        let n = match run {
            1 => self.count(1)?,
            _ => u32::try_from(run).unwrap_or(u32::MAX),
        };
        if n > MAX_STACKED {
            self.at -= run;
            return Err(self.error(&format!("at most {MAX_STACKED} ups or downs"), run));
        }
        Ok(sign * i64::from(n))
    }

    /// The count after `*` or one arrow: digits, or `none` when absent.
    fn count(&mut self, none: u32) -> Result<u32, ReadError> {
        let at = self.at;
        match self.digits() {
            None => Ok(none),
            Some(n) => match u32::try_from(n).ok().filter(|&n| n <= MAX_STACKED) {
                Some(n) => Ok(n),
                None => {
                    self.at = at;
                    Err(self.error(
                        &format!(
                            "at most {MAX_STACKED} here: each is built from the ones below it"
                        ),
                        1,
                    ))
                }
            },
        }
    }

    fn digits(&mut self) -> Option<BigInt> {
        let rest = self.rest();
        let len = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let n = rest[..len].parse().ok()?;
        self.at += len;
        Some(n)
    }
}

/// k where d = 2^k.
fn power_of_two(d: &BigInt) -> Option<u32> {
    let bits = d.bits();
    (d.sign() == num_bigint::Sign::Plus && d.trailing_zeros() == Some(bits - 1))
        .then(|| u32::try_from(bits - 1).ok())
        .flatten()
}
