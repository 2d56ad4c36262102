//! The affine forms the readings compute with: `k + c·t + Σ x[i]·h[i]`
//! over a position's heaps and one unknown choice, exactly, each step
//! checked, coefficients and constants held small (a form too large is
//! `Unread`: the block is run move by move instead). The runs
//! (`runs/`) read a block over them for any number of heaps; the octal
//! reading (`octal_block`) over one heap.

/// Coefficients past this are not read, nor constants past `MAX_CONSTANT`:
/// a form's value at heaps of a box then fits 64 bits, and no value the
/// block computes on the way can overflow the interpreter's 128 bits, so
/// that the forms and the interpreter never disagree on an overflow.
pub(super) const MAX_COEFFICIENT: i128 = 1 << 24;

pub(super) const MAX_CONSTANT: i128 = 1 << 40;

/// `k + c·t + Σ h[i]·x[i]`, exactly: `k` the constant, `c` the
/// coefficient of the unknown choice t, `h[i]` that of heap x[i].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Affine {
    pub(super) k: i128,
    pub(super) c: i128,
    pub(super) h: Vec<i128>,
}

/// Why a block is not read: the search runs it move by move.
#[derive(Debug)]
pub(super) struct Unread;

pub(super) type Read<T> = Result<T, Unread>;

impl Affine {
    pub(super) fn constant(k: i128, n: usize) -> Self {
        Affine {
            k,
            c: 0,
            h: vec![0; n],
        }
    }

    pub(super) fn heap(i: usize, n: usize) -> Self {
        let mut form = Affine::constant(0, n);
        form.h[i] = 1;
        form
    }

    pub(super) fn chosen(n: usize) -> Self {
        Affine {
            c: 1,
            ..Affine::constant(0, n)
        }
    }

    /// Its value, when it is a constant.
    pub(super) fn as_constant(&self) -> Option<i128> {
        (self.c == 0 && self.h.iter().all(|&x| x == 0)).then_some(self.k)
    }

    /// The form, when its coefficients and constant are small enough to
    /// read (see `MAX_COEFFICIENT`).
    pub(super) fn small(self) -> Read<Affine> {
        let coefficients = std::iter::once(&self.c).chain(&self.h);
        let small = self.k.abs() <= MAX_CONSTANT
            && coefficients.into_iter().all(|x| x.abs() <= MAX_COEFFICIENT);
        if small { Ok(self) } else { Err(Unread) }
    }

    pub(super) fn scaled(&self, by: i128) -> Read<Affine> {
        let mul = |x: i128| x.checked_mul(by).ok_or(Unread);
        Affine {
            k: mul(self.k)?,
            c: mul(self.c)?,
            h: self.h.iter().map(|&x| mul(x)).collect::<Read<_>>()?,
        }
        .small()
    }

    pub(super) fn plus(&self, other: &Affine) -> Read<Affine> {
        let add = |a: i128, b: i128| a.checked_add(b).ok_or(Unread);
        Affine {
            k: add(self.k, other.k)?,
            c: add(self.c, other.c)?,
            h: (self.h.iter().zip(&other.h))
                .map(|(&a, &b)| add(a, b))
                .collect::<Read<_>>()?,
        }
        .small()
    }

    pub(super) fn minus(&self, other: &Affine) -> Read<Affine> {
        self.plus(&other.scaled(-1)?)
    }

    pub(super) fn plus_constant(&self, k: i128) -> Read<Affine> {
        Affine {
            k: self.k.checked_add(k).ok_or(Unread)?,
            ..self.clone()
        }
        .small()
    }
}
