//! What an operation on values (`operations`) was asked of: the key under
//! which the store keeps what it found.

use super::dyadic::Dyadic;
use super::form::Form;

/// An operation and its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Operated {
    Ordinal(Form, Form),
    Cool(Form, Dyadic),
    Heat(Form, Form),
    Overheat(Form, Form, Form),
    Norton(Form, Form),
    Companion(Form),
}
