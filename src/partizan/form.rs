//! A canonical form's name: its id in its store.

/// A canonical form: an id in its `Forms` store. Two forms of one store are
/// equal games exactly when their ids are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(pub(super) u32);

impl Form {
    /// Its id in its store.
    pub(super) fn id(self) -> u32 {
        self.0
    }

    /// The form of id `id` (for tests of the store's parts).
    #[cfg(test)]
    pub(super) fn new(id: u32) -> Form {
        Form(id)
    }
}
