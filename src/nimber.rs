//! Conway's nim field: nim addition is XOR, and nim multiplication is the
//! product the Tartan theorem gives a two-dimensional coin-turning game
//! (Winning Ways, ch. 14; Conway, *On Numbers and Games*, ch. 6). Exact,
//! for numbers of any size.
//!
//! The product is defined by `x ⊗ y = mex { (x' ⊗ y) ⊕ (x ⊗ y') ⊕ (x' ⊗ y') :
//! x' < x, y' < y }`; it is computed by the rules of the Fermat 2-powers
//! `F = 2^(2^k)` (ONAG, ch. 6): below `F·F` every number is `a·F ⊕ b` with
//! `a, b < F`, the product of a Fermat 2-power with a smaller number is the
//! ordinary one, and `F ⊗ F = 3F/2 = F ⊕ F/2`. So, with `x = a·F ⊕ b` and
//! `y = c·F ⊕ d`,
//!
//! `x ⊗ y = ((a⊗c) ⊕ (a⊗d) ⊕ (b⊗c))·F ⊕ (b⊗d) ⊕ (a⊗c)⊗(F/2)`,
//!
//! and `(a⊗d) ⊕ (b⊗c) = (a⊕b)⊗(c⊕d) ⊕ (a⊗c) ⊕ (b⊗d)` saves one product.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// `x ⊗ y` for numbers below 2^64 (the nim field's `F = 2^32` level and
/// the ones below it).
pub fn mul_u64(x: u64, y: u64) -> u64 {
    mul_bits(x, y, 64)
}

/// `x ⊗ y` for numbers of any size.
pub fn mul(x: &BigUint, y: &BigUint) -> BigUint {
    if let (Some(x), Some(y)) = (x.to_u64(), y.to_u64()) {
        return BigUint::from(mul_u64(x, y));
    }
    // The least field level 2^(2^k) bits that holds both.
    let bits = x.bits().max(y.bits());
    let mut width = 64u64;
    while width < bits {
        width *= 2;
    }
    mul_big(x, y, width)
}

/// The `y` with `x ⊗ y = 1` (`None` for 0). The numbers below a Fermat
/// 2-power `2^w` (`w` a power of two) are a field of 2^w elements, so
/// `x^(2^w - 1) = 1` there and the inverse is `x^(2^w - 2)`, the product
/// of the squares `x^(2^i)` for `i = 1 .. w - 1`.
pub fn inverse(x: &BigUint) -> Option<BigUint> {
    if x.is_zero() {
        return None;
    }
    let mut width = 1u64;
    while width < x.bits() {
        width *= 2;
    }
    let (mut square, mut out) = (x.clone(), BigUint::one());
    for _ in 1..width {
        square = mul(&square, &square);
        out = mul(&out, &square);
    }
    Some(out)
}

/// `x ⊕ y`, nim addition: bitwise exclusive or.
pub fn add(x: &BigUint, y: &BigUint) -> BigUint {
    x ^ y
}

/// `x ⊗ y` for `x, y < 2^width`, `width` a power of two up to 64: the
/// Fermat 2-power recursion down to bytes, whose products are a table.
fn mul_bits(x: u64, y: u64, width: u32) -> u64 {
    if x <= 1 || y <= 1 {
        return x * y;
    }
    if width <= 8 {
        // Both below 256: no target's usize truncates them.
        return u64::from(bytes()[(x as usize) << 8 | y as usize]);
    }
    split(x, y, width, mul_bits)
}

/// One level of the recursion: `x ⊗ y` from the products of the halves,
/// `mul` giving the products below `2^(width / 2)`.
fn split(x: u64, y: u64, width: u32, mul: fn(u64, u64, u32) -> u64) -> u64 {
    let half = width / 2;
    let low = (1u64 << half) - 1;
    let (a, b) = (x >> half, x & low);
    let (c, d) = (y >> half, y & low);
    let ac = mul(a, c, half);
    let bd = mul(b, d, half);
    let cross = mul(a ^ b, c ^ d, half) ^ ac ^ bd;
    // F/2 = 2^(half - 1), below F.
    let ac_half = mul(ac, 1 << (half - 1), half);
    ((ac ^ cross) << half) ^ bd ^ ac_half
}

/// The products of the bytes (the field of 256 elements), made once from
/// those of 0..16 (the base of the recursion, from the mex definition).
fn bytes() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        fn nibbles(x: u64, y: u64, width: u32) -> u64 {
            if width <= 4 {
                SMALL[x as usize][y as usize]
            } else {
                split(x, y, width, nibbles)
            }
        }
        let mut table = vec![0u8; 1 << 16];
        for x in 0..256u64 {
            for y in 0..256u64 {
                table[(x as usize) << 8 | y as usize] = nibbles(x, y, 8) as u8;
            }
        }
        table
    })
}

/// `x ⊗ y` for `x, y < 2^width`, `width` a power of two of at least 64.
fn mul_big(x: &BigUint, y: &BigUint, width: u64) -> BigUint {
    if width <= 64 {
        let (x, y) = (x.to_u64().unwrap_or(0), y.to_u64().unwrap_or(0));
        return BigUint::from(mul_u64(x, y));
    }
    if x.is_zero() || y.is_zero() {
        return BigUint::zero();
    }
    if x.is_one() {
        return y.clone();
    }
    if y.is_one() {
        return x.clone();
    }
    let half = width / 2;
    let low = (BigUint::one() << half) - 1u32;
    let (a, b) = (x >> half, x & &low);
    let (c, d) = (y >> half, y & &low);
    let ac = mul_big(&a, &c, half);
    let bd = mul_big(&b, &d, half);
    let cross = mul_big(&(&a ^ &b), &(&c ^ &d), half) ^ &ac ^ &bd;
    let ac_half = mul_big(&ac, &(BigUint::one() << (half - 1)), half);
    ((&ac ^ cross) << half) ^ bd ^ ac_half
}

/// The products of 0..16 (the field of 16 elements), from the mex
/// definition: the base of the recursion.
const SMALL: [[u64; 16]; 16] = small_table();

const fn small_table() -> [[u64; 16]; 16] {
    let mut table = [[0u64; 16]; 16];
    let mut x = 0;
    while x < 16 {
        let mut y = 0;
        while y < 16 {
            // mex of (x'⊗y) ⊕ (x⊗y') ⊕ (x'⊗y') over x' < x, y' < y: the
            // values below are all at most 15.
            let mut seen = 0u32;
            let mut a = 0;
            while a < x {
                let mut b = 0;
                while b < y {
                    seen |= 1 << (table[a][y] ^ table[x][b] ^ table[a][b]);
                    b += 1;
                }
                a += 1;
            }
            let mut m = 0;
            while seen & (1 << m) != 0 {
                m += 1;
            }
            table[x][y] = m;
            y += 1;
        }
        x += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The product by its definition, a table of `n` × `n` (the mex over
    /// all smaller pairs).
    fn by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; n]; n];
        for x in 0..n {
            for y in 0..n {
                let mut seen = vec![false; 4 * n];
                for a in 0..x {
                    for b in 0..y {
                        seen[(table[a][y] ^ table[x][b] ^ table[a][b]) as usize] = true;
                    }
                }
                table[x][y] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        table
    }

    #[test]
    fn small_products_are_the_definitions() {
        let table = by_definition(64);
        for x in 0..64u64 {
            for y in 0..64u64 {
                assert_eq!(mul_u64(x, y), table[x as usize][y as usize], "{x} ⊗ {y}");
            }
        }
        // ONAG, ch. 6: 2⊗2 = 3, 4⊗4 = 6, 8⊗8 = 13, 16⊗16 = 24.
        assert_eq!(
            [mul_u64(2, 2), mul_u64(4, 4), mul_u64(8, 8), mul_u64(16, 16)],
            [3, 6, 13, 24]
        );
    }

    /// The Fermat 2-power rules (ONAG, ch. 6): F ⊗ F = 3F/2, and F ⊗ x is
    /// the ordinary product for x < F; at every level, in both sizes.
    #[test]
    fn fermat_two_powers_square_to_three_halves_and_scale_smaller_numbers() {
        for k in 0..=8u32 {
            let f = BigUint::one() << (1u64 << k);
            let three_halves = &f + (&f >> 1u32);
            assert_eq!(mul(&f, &f), three_halves, "F = 2^(2^{k})");
            for x in [1u32, 2, 3, 5, 1000] {
                let x = BigUint::from(x);
                if x < f {
                    assert_eq!(mul(&f, &x), &f * &x, "F = 2^(2^{k}), x = {x}");
                }
            }
        }
        // Distinct Fermat 2-powers multiply as ordinary numbers.
        let product = (0..7).fold(BigUint::one(), |p, k| {
            mul(&p, &(BigUint::one() << (1u64 << k)))
        });
        assert_eq!(product, BigUint::one() << 127u32);
    }

    fn big() -> impl Strategy<Value = BigUint> {
        prop::collection::vec(any::<u64>(), 0..5).prop_map(|digits| {
            let mut n = BigUint::zero();
            for d in digits {
                n = (n << 64u32) | BigUint::from(d);
            }
            n
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A field: commutative, associative, distributive over XOR, with
        /// one; the 64-bit and big products agree.
        #[test]
        fn the_nim_field_laws_hold(x in big(), y in big(), z in big()) {
            let xy = mul(&x, &y);
            prop_assert_eq!(&xy, &mul(&y, &x));
            prop_assert_eq!(mul(&xy, &z), mul(&x, &mul(&y, &z)));
            prop_assert_eq!(mul(&x, &add(&y, &z)), add(&xy, &mul(&x, &z)));
            prop_assert_eq!(mul(&x, &BigUint::one()), x.clone());
        }

        /// Every nonzero number has an inverse.
        #[test]
        fn nonzero_numbers_have_inverses(x in big()) {
            match inverse(&x) {
                Some(y) => prop_assert_eq!(mul(&x, &y), BigUint::one()),
                None => prop_assert!(x.is_zero()),
            }
        }

        /// No zero divisors: a product of nonzero numbers is nonzero.
        #[test]
        fn nonzero_numbers_have_nonzero_products(x in 1u64.., y in 1u64..) {
            prop_assert_ne!(mul_u64(x, y), 0);
        }
    }
}
