//! The names the grammar's rules are shown with in syntax errors ("I was
//! expecting `{`"), and the order a list of them is shown in.

use super::grammar::Rule;

/// How an expected rule is shown, and where it goes in the list.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Class {
    /// The main things: statements, expressions, names, keywords.
    Main,
    /// `..`, then `where`, `from`, `and`: ways a rule may go on.
    Continue,
    /// `,` in a list.
    Comma,
    /// The end of a statement, a line or the text.
    End,
    /// `}`, `)`, `]`.
    Close,
    /// Operators: left out when anything else is expected.
    Operator,
}

/// How a rule is named to the user; `None` for rules never worth naming:
/// entry points, layout, and rules that cannot fail or are never reported
/// (their insides are).
pub(super) fn describe(rule: Rule) -> Option<(Class, &'static str)> {
    structure(rule)
        .or_else(|| statement(rule))
        .or_else(|| expression(rule))
        .or_else(|| value(rule))
        .or_else(|| keyword(rule))
}

/// Items, parameter lists, bodies and their ends.
fn structure(rule: Rule) -> Option<(Class, &'static str)> {
    use Class::*;
    Some(match rule {
        Rule::item_line | Rule::game_def | Rule::analyze => {
            (Main, "`game`, `analyze` or `compare`")
        }
        Rule::item_end => (End, "the end of the line"),
        Rule::EOI => (End, "the end of the text"),
        Rule::params | Rule::args | Rule::term_args | Rule::lparen | Rule::paren => (Main, "`(`"),
        Rule::param | Rule::arg | Rule::term_arg | Rule::ident => (Main, "a name"),
        Rule::component | Rule::game_name => (Main, "a game's name"),
        Rule::written_value => (Main, "a value (`{1 | 0}`, `^`, `*2`, `-1/2`)"),
        Rule::body_open | Rule::set_open | Rule::amount_set | Rule::set_value => (Main, "`{`"),
        Rule::body_close | Rule::set_close => (Close, "`}`"),
        Rule::rparen => (Close, "`)`"),
        Rule::rbracket => (Close, "`]`"),
        Rule::body | Rule::statement => (Main, "a statement"),
        Rule::block_open => (Main, "`{`"),
        Rule::block_close => (Close, "`}`"),
        Rule::block_body | Rule::block_stmt => (
            Main,
            "a statement of a move block (`choose`, `require`, `let`, `for`, `if`, `append`, `remove` or an assignment like `h[1] = 3`)",
        ),
        Rule::eos => (End, "the end of the statement (a new line or `;`)"),
        _ => return None,
    })
}

/// Statements and rules: `heaps`, `take`, `from`, amounts.
fn statement(rule: Rule) -> Option<(Class, &'static str)> {
    use Class::*;
    Some(match rule {
        Rule::heaps_decl | Rule::kw_heaps => (Main, "`heaps`"),
        Rule::heap_count => (Main, "a heap count (a number or `*`)"),
        Rule::star => (Main, "`*`"),
        Rule::where_clause | Rule::kw_where => (Continue, "`where`"),
        Rule::play_decl | Rule::kw_play => (Main, "`play`"),
        Rule::rule_def => (
            Main,
            "a rule (`take`, `shift`, `split`, `empty`, `octal`, `hex`, `turn`, `product`, `slide`, `green hackenbush`, `node kayles`, `arc kayles`, `snort` or `col`)",
        ),
        Rule::take_rule | Rule::kw_take => (Main, "`take`"),
        Rule::take_split => (Continue, "`and`"),
        Rule::split_rest | Rule::split_rule | Rule::split_other | Rule::kw_split => {
            (Main, "`split`")
        }
        Rule::shift_rule | Rule::kw_shift => (Main, "`shift`"),
        Rule::empty_rule | Rule::kw_empty => (Main, "`empty`"),
        Rule::split_count => (Main, "`2`"),
        Rule::from_clause | Rule::kw_from => (Continue, "`from`"),
        Rule::from_target => (
            Main,
            "which heaps to take from (`one heap`, `both heaps`, `N heaps` or `up to N heaps`)",
        ),
        Rule::from_both | Rule::kw_both => (Main, "`both`"),
        Rule::from_one | Rule::kw_one => (Main, "`one`"),
        Rule::from_two | Rule::kw_two => (Main, "`two`"),
        Rule::from_up_to | Rule::kw_up => (Main, "`up`"),
        Rule::from_n => (Main, "a number of heaps"),
        Rule::octal_rule => (Main, "`octal`"),
        Rule::coins_decl | Rule::kw_coins => (Main, "`coins`"),
        Rule::turn_rule | Rule::kw_turn => (Main, "`turn`"),
        Rule::slide_rule | Rule::kw_slide => (Main, "`slide`"),
        Rule::hackenbush_rule | Rule::kw_green => (Main, "`green`"),
        Rule::kw_hackenbush => (Main, "`hackenbush`"),
        Rule::kayles_rule => (Main, "`node kayles` or `arc kayles`"),
        Rule::kw_node => (Main, "`node`"),
        Rule::kw_arc => (Main, "`arc`"),
        Rule::colouring_rule => (Main, "`snort` or `col`"),
        Rule::kw_snort => (Main, "`snort`"),
        Rule::kw_col => (Main, "`col`"),
        Rule::kw_kayles => (Main, "`kayles`"),
        Rule::kw_along => (Main, "`along`"),
        Rule::graph_value | Rule::kw_graph => (Main, "a graph (like `graph { 1 -> 0, 2 -- 3 }`)"),
        Rule::arc => (
            Main,
            "an arc (like `1 -> 0`, or `2 -- 3` both ways) or a vertex alone",
        ),
        Rule::vertex | Rule::vertex_number => {
            (Main, "a vertex (a number of at most 18 digits, or a word)")
        }
        Rule::arc_to | Rule::arc_with => (Main, "`->` or `--`"),
        Rule::product_rule | Rule::kw_product => (Main, "`product`"),
        Rule::row => (Main, "a row of coins (like `THHTH`)"),
        Rule::head | Rule::head_pair => (Main, "a coin (like `5`, or `(1, 2)` in a product)"),
        Rule::coins_word => (Main, "`coins`"),
        Rule::in_a_row => (Continue, "`in a row`"),
        Rule::turn_counts => (Main, "how many coins (like `1..3`, `1..`, `{1, 3}` or `2`)"),
        Rule::heads => (Main, "the coins showing heads (like `{1, 5, 9}`)"),
        Rule::octal_code => (Main, "an octal code (like `0.77`)"),
        Rule::amounts => (Main, "the amounts (like `1..3`, `1..`, `{1, 2}` or `k`)"),
        _ => return None,
    })
}

/// Expressions and their operators.
fn expression(rule: Rule) -> Option<(Class, &'static str)> {
    use Class::*;
    Some(match rule {
        Rule::range | Rule::turn_range | Rule::single | Rule::expr | Rule::sum | Rule::primary => {
            (Main, "an expression")
        }
        rule if super::expr::is_operator(rule) || rule == Rule::kw_is => (Operator, "an operator"),
        Rule::property => (Main, "a property (`square`, `prime`, `even` or `odd`)"),
        Rule::heap_index | Rule::h_open => (Main, "`h[`"),
        Rule::call => (Main, "`min` or `max`"),
        Rule::each_expr | Rule::kw_each => (Main, "`each`"),
        Rule::each_cmp => (Main, "a comparison (`==`, `!=`, `<`, `<=`, `>` or `>=`)"),
        _ => return None,
    })
}

/// Positions, values, and the punctuation between them.
fn value(rule: Rule) -> Option<(Class, &'static str)> {
    use Class::*;
    Some(match rule {
        Rule::position | Rule::positions => (
            Main,
            "a position (a number, or numbers in parentheses like `(3, 5)`)",
        ),
        Rule::value => (Main, "a value (a number, or a set like `{1, 2}`)"),
        Rule::signed_int | Rule::int => (Main, "a number"),
        Rule::comma => (Comma, "`,`"),
        Rule::equals => (Main, "`=`"),
        Rule::dotdot => (Continue, "`..`"),
        Rule::plus => (Continue, "`+`"),
        Rule::minus => (Continue, "`-`"),
        Rule::heaps_word => (Main, "`heaps`"),
        Rule::label => (Main, "a label"),
        _ => return None,
    })
}

/// Keywords, each named as written.
fn keyword(rule: Rule) -> Option<(Class, &'static str)> {
    use Class::*;
    Some(match rule {
        Rule::kw_game => (Main, "`game`"),
        Rule::kw_analyze => (Main, "`analyze`"),
        Rule::kw_compare => (Main, "`compare`"),
        Rule::kw_at => (Main, "`at`"),
        Rule::kw_heap => (Main, "`heap`"),
        Rule::kw_normal => (Main, "`normal`"),
        Rule::kw_misere => (Main, "`misere`"),
        Rule::kw_to => (Main, "`to`"),
        Rule::kw_the => (Main, "`the`"),
        Rule::kw_previous => (Main, "`previous`"),
        Rule::kw_into => (Main, "`into`"),
        Rule::kw_unequal => (Main, "`unequal`"),
        Rule::kw_nonempty => (Main, "`nonempty`"),
        Rule::kw_and => (Continue, "`and`"),
        Rule::kw_or => (Main, "`or`"),
        Rule::kw_not => (Main, "`not`"),
        Rule::kw_square => (Main, "`square`"),
        Rule::kw_prime => (Main, "`prime`"),
        Rule::kw_even => (Main, "`even`"),
        Rule::kw_odd => (Main, "`odd`"),
        Rule::kw_divides => (Main, "`divides`"),
        Rule::kw_nonincreasing => (Main, "`nonincreasing`"),
        Rule::kw_nondecreasing => (Main, "`nondecreasing`"),
        Rule::kw_other => (Main, "`other`"),
        Rule::kw_rest => (Main, "`rest`"),
        Rule::kw_min => (Main, "`min`"),
        Rule::kw_max => (Main, "`max`"),
        Rule::count_of | Rule::kw_count => (Main, "`count`"),
        Rule::kw_len => (Main, "`len`"),
        Rule::kw_move => (Main, "`move`"),
        Rule::kw_octal => (Main, "`octal`"),
        Rule::kw_hex | Rule::hex_rule => (Main, "`hex`"),
        Rule::hex_code => (Main, "a hexadecimal code (like `0.F`)"),
        Rule::kw_position | Rule::position_decl => (Main, "`position`"),
        Rule::kw_choose | Rule::choose_stmt => (Main, "`choose`"),
        Rule::kw_in => (Main, "`in`"),
        Rule::kw_require | Rule::require_stmt => (Main, "`require`"),
        Rule::kw_let | Rule::let_stmt => (Main, "`let`"),
        Rule::kw_for | Rule::for_stmt => (Main, "`for`"),
        Rule::kw_if | Rule::if_stmt => (Main, "`if`"),
        Rule::kw_else => (Continue, "`else`"),
        Rule::kw_append | Rule::append_stmt => (Main, "`append`"),
        Rule::kw_again | Rule::again_stmt => (Main, "`again`"),
        Rule::kw_remove | Rule::remove_stmt => (Main, "`remove`"),
        Rule::kw_becomes | Rule::becomes_stmt => (Main, "`becomes`"),
        Rule::becomes_term | Rule::term_parts => (
            Main,
            "a position in parentheses (like `(a, h)`) or `GAME at (...)`",
        ),
        Rule::move_def => (Main, "`move`"),
        Rule::move_name => (Main, "the move's name"),
        Rule::block => (Main, "`{`"),
        Rule::assign_stmt | Rule::place => (Main, "`h[...]` or a named part"),
        Rule::assign_op | Rule::op_assign | Rule::op_add_assign | Rule::op_sub_assign => {
            (Main, "`=`, `+=` or `-=`")
        }
        _ => return None,
    })
}
