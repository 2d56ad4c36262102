//! The one-heap values g(0), g(1), ... kept as compactly as they fit: a
//! byte a value while every value is below 256, two bytes below 65,536,
//! four past that. Octal games' values stay small (Kayles' at most 8,
//! 0.1777's 30-odd, Grundy's game's below 256 to 2^35 heaps, Flammenkamp),
//! so a byte a value is what long runs keep: 10^9 values in 1 GB. The
//! engine runs generic over the width ([`Stored`]) and widens the store,
//! once, when a value passes it.

use std::ops::BitXor;

/// A value as stored: an unsigned integer of some width.
pub trait Stored:
    Copy + Default + Eq + Send + Sync + Into<u32> + BitXor<Output = Self> + std::fmt::Debug + 'static
{
    /// The largest value this width holds.
    const MAX: u32;
    /// `v`, which is at most `MAX`.
    fn from_u32(v: u32) -> Self;
    /// Values of this width.
    fn store(values: Vec<Self>) -> Values;
    /// The value.
    #[inline(always)]
    fn value(self) -> u32 {
        self.into()
    }
    /// The value as an index.
    #[inline(always)]
    fn index(self) -> usize {
        self.value() as usize
    }
}

impl Stored for u8 {
    fn store(values: Vec<Self>) -> Values {
        Values::Bytes(values)
    }
    const MAX: u32 = u8::MAX as u32;
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        debug_assert!(v <= <Self as Stored>::MAX);
        v as u8
    }
}

impl Stored for u16 {
    fn store(values: Vec<Self>) -> Values {
        Values::Halves(values)
    }
    const MAX: u32 = u16::MAX as u32;
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        debug_assert!(v <= <Self as Stored>::MAX);
        v as u16
    }
}

impl Stored for u32 {
    fn store(values: Vec<Self>) -> Values {
        Values::Words(values)
    }
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        v
    }
}

/// g(0), g(1), ... in the narrowest width that holds them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 256.
    Bytes(Vec<u8>),
    /// Every value below 65,536.
    Halves(Vec<u16>),
    /// Any values.
    Words(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::Bytes(Vec::new())
    }
}

/// Runs `$body` with `$s` bound to the typed vector inside `$values` (a
/// `Values`, `&Values` or `&mut Values`): one body, monomorphised for each
/// width.
macro_rules! with_values {
    ($values:expr, $s:ident => $body:expr) => {
        match $values {
            $crate::search::heaps::Values::Bytes($s) => $body,
            $crate::search::heaps::Values::Halves($s) => $body,
            $crate::search::heaps::Values::Words($s) => $body,
        }
    };
}
pub(crate) use with_values;

impl Values {
    /// How many values are known.
    pub fn len(&self) -> usize {
        with_values!(self, v => v.len())
    }

    /// Whether no value is known.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// g(n), where known.
    #[inline]
    pub fn get(&self, n: usize) -> Option<u32> {
        with_values!(self, v => v.get(n).map(|&g| g.value()))
    }

    /// Every value known, in order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        with_values!(self, v => Box::new(v.iter().map(|&g| g.value())))
    }

    /// The values as four-byte integers (a copy).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// Bytes a value takes as stored now.
    pub fn width(&self) -> usize {
        match self {
            Values::Bytes(_) => 1,
            Values::Halves(_) => 2,
            Values::Words(_) => 4,
        }
    }

    /// Makes room for `more` values at the present width; `Err` with the
    /// bytes asked for when the memory is not there.
    pub fn try_reserve(&mut self, more: usize) -> Result<(), u128> {
        let width = self.width();
        let reserved = with_values!(self, v => v.try_reserve(more));
        reserved.map_err(|_| more as u128 * width as u128)
    }

    /// A copy of `values`, at their width.
    pub fn from_slice<T: Stored>(values: &[T]) -> Values {
        T::store(values.to_vec())
    }

    /// A copy with room for `more` values past these; `Err` with the
    /// bytes asked for when the memory is not there.
    pub fn try_copy(&self, more: usize) -> Result<Values, u128> {
        fn copy<T: Stored>(old: &[T], more: usize) -> Result<Vec<T>, u128> {
            let room = old.len().saturating_add(more);
            let mut new = Vec::new();
            new.try_reserve_exact(room)
                .map_err(|_| room as u128 * std::mem::size_of::<T>() as u128)?;
            new.extend_from_slice(old);
            Ok(new)
        }
        Ok(match self {
            Values::Bytes(v) => Values::Bytes(copy(v, more)?),
            Values::Halves(v) => Values::Halves(copy(v, more)?),
            Values::Words(v) => Values::Words(copy(v, more)?),
        })
    }

    /// Appends `g`, widening the store first if it does not fit; `Err`
    /// with the bytes asked for when the wider store's memory is not there.
    pub fn push(&mut self, g: u32) -> Result<(), u128> {
        self.widen_for(g)?;
        with_values!(self, v => v.push(Stored::from_u32(g)));
        Ok(())
    }

    /// Widens the store until `g` fits, keeping the room reserved (the
    /// old and the new store are held at once while the values are
    /// copied); `Err` with the bytes asked for when they are not there.
    pub fn widen_for(&mut self, g: u32) -> Result<(), u128> {
        fn wider<T: Stored, U: Stored + From<T>>(old: &[T], room: usize) -> Result<Vec<U>, u128> {
            let mut new = Vec::new();
            let room = room.max(old.len());
            new.try_reserve_exact(room)
                .map_err(|_| room as u128 * std::mem::size_of::<U>() as u128)?;
            new.extend(old.iter().map(|&g| U::from(g)));
            Ok(new)
        }
        loop {
            let wide = match self {
                Values::Bytes(_) if g <= u8::MAX as u32 => return Ok(()),
                Values::Halves(_) if g <= u16::MAX as u32 => return Ok(()),
                Values::Words(_) => return Ok(()),
                Values::Bytes(v) => Values::Halves(wider(v, v.capacity())?),
                Values::Halves(v) => Values::Words(wider(v, v.capacity())?),
            };
            *self = wide;
        }
    }
}

impl From<Vec<u32>> for Values {
    /// The values in the narrowest width that holds them.
    fn from(values: Vec<u32>) -> Self {
        match values.iter().copied().max().unwrap_or(0) {
            max if max <= u8::MAX as u32 => {
                Values::Bytes(values.iter().map(|&g| g as u8).collect())
            }
            max if max <= u16::MAX as u32 => {
                Values::Halves(values.iter().map(|&g| g as u16).collect())
            }
            _ => Values::Words(values),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Values;

    #[test]
    fn a_value_past_the_width_widens_the_store_and_keeps_the_rest() {
        let mut values = Values::default();
        for g in [0, 1, 255] {
            values.push(g).expect("room");
        }
        assert_eq!(values.width(), 1);
        values.push(256).expect("room");
        assert_eq!(values.width(), 2);
        values.push(70_000).expect("room");
        assert_eq!(values.width(), 4);
        assert_eq!(values.to_vec(), [0, 1, 255, 256, 70_000]);
        assert_eq!(values.get(3), Some(256));
        assert_eq!(values.get(5), None);
        assert_eq!(Values::from(vec![0, 1, 300]).width(), 2);
    }
}
