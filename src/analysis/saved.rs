//! A one-heap game's values in a file, so that a long run can stop and go
//! on: the values as the engine stores them (a byte, two or four each),
//! after a header naming the game, and a CRC-32 of all before it.
//!
//! ```text
//! "gamelang values\n"   16 bytes
//! version               1 byte (1)
//! width                 1 byte: 1, 2 or 4, the bytes of a value
//! count                 8 bytes: how many values, g(0) to g(count - 1)
//! rules                 8 bytes: the game's fingerprint (its lowered rules)
//! title length          4 bytes, then the game's title in UTF-8
//! values                count × width bytes
//! crc                   4 bytes: CRC-32 (IEEE) of every byte before it
//! ```
//!
//! Numbers are little-endian. A file is read back only for the game it was
//! written for: the same rules and parameters (the title is kept to say
//! which game a file is of).

use std::io::{self, Read, Write};
use std::sync::Arc;

use miette::Diagnostic;

use crate::rules::Game;
use crate::search::Values;
use crate::search::heaps::{Stored, with_values};

/// The first bytes of every values file.
const MAGIC: &[u8; 16] = b"gamelang values\n";
/// The version written.
const VERSION: u8 = 1;
/// The longest title read back.
const MAX_TITLE: u32 = 1 << 16;
/// Values are read and written this many bytes at a time.
const BLOCK: usize = 1 << 16;

/// Why a values file cannot be read back.
#[derive(Clone, Debug, thiserror::Error, Diagnostic)]
pub enum SavedError {
    /// The file could not be read.
    #[error("it cannot be read: {0}")]
    #[diagnostic(
        code(gamelang::values::io),
        help("give a file of values that gamelang wrote")
    )]
    Io(Arc<io::Error>),

    /// Not a values file.
    #[error("it is not a file of gamelang values")]
    #[diagnostic(
        code(gamelang::values::refused),
        help("give a file of values that gamelang wrote")
    )]
    NotValues,

    /// A version this build does not read.
    #[error("it is a file of values of version {found}; this gamelang reads version {VERSION}")]
    #[diagnostic(
        code(gamelang::values::refused),
        help("compute the values again with this gamelang")
    )]
    Version {
        /// The file's version.
        found: u8,
    },

    /// Values of another game (or of the same game with other rules or
    /// parameters).
    #[error("it holds the values of `{saved}`, not of `{game}` as given")]
    #[diagnostic(
        code(gamelang::values::refused),
        help("give the game, rules and parameter values the file was written for")
    )]
    OtherGame {
        /// The title written in the file.
        saved: String,
        /// The title of the game given.
        game: String,
    },

    /// The file is shorter than its header says, or its checksum fails.
    #[error("it is damaged: {what}")]
    #[diagnostic(
        code(gamelang::values::refused),
        help("write the values again: the file changed after it was written")
    )]
    Damaged {
        /// What is wrong.
        what: Damage,
    },

    /// More values than the search may hold.
    #[error("it holds {count} values, more than the {limit} the search may hold")]
    #[diagnostic(
        code(gamelang::search::too_large),
        help("allow the search more positions")
    )]
    TooMany {
        /// The values in the file.
        count: u64,
        /// The most the search may hold.
        limit: usize,
    },

    /// The memory for the values is not there.
    #[error("its {bytes} bytes of values do not fit in memory")]
    #[diagnostic(
        code(gamelang::search::memory),
        help("run it on a machine with more memory")
    )]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u128,
    },
}

/// How a values file is damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// It ends before its values do.
    #[error("it ends before its values do")]
    Short,
    /// Its checksum does not match its bytes.
    #[error("its checksum does not match")]
    Checksum,
    /// A value's width other than 1, 2 or 4 bytes.
    #[error("its values are {0} bytes wide")]
    Width(u8),
    /// Bytes after the checksum.
    #[error("it goes on past its checksum")]
    Long,
}

/// The fingerprint of a game's rules: FNV-1a (64 bits) of everything that
/// makes its values, as lowered, and its parameter values.
fn fingerprint(game: &Game) -> u64 {
    let text = format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {}",
        game.params,
        game.heap_count,
        game.invariant.as_ref().map(|i| &i.text),
        game.rules.iter().map(|r| &r.kind).collect::<Vec<_>>(),
        game.ends.iter().map(|e| &e.text).collect::<Vec<_>>(),
        game.coins,
        game.misere,
    );
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Bytes written, counted into the checksum.
struct Writer<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Writer<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.inner.write_all(bytes)
    }
}

/// Writes g(0) to g(len - 1) of `game` (at most the values there are).
pub fn write(game: &Game, values: &Values, len: usize, out: impl Write) -> io::Result<()> {
    let len = len.min(values.len());
    let mut out = Writer {
        inner: out,
        crc: crc32fast::Hasher::new(),
    };
    let title = game.title();
    out.put(MAGIC)?;
    out.put(&[VERSION, values.width() as u8])?;
    out.put(&(len as u64).to_le_bytes())?;
    out.put(&fingerprint(game).to_le_bytes())?;
    out.put(&(title.len() as u32).to_le_bytes())?;
    out.put(title.as_bytes())?;
    with_values!(values, v => put_values(&mut out, &v[..len]))?;
    let crc = out.crc.clone().finalize();
    out.inner.write_all(&crc.to_le_bytes())?;
    out.inner.flush()
}

/// Puts `values`, each in its width's bytes, little-endian.
fn put_values<T: Stored, W: Write>(out: &mut Writer<W>, values: &[T]) -> io::Result<()> {
    let width = std::mem::size_of::<T>();
    let mut bytes = Vec::with_capacity(BLOCK);
    for block in values.chunks(BLOCK / width) {
        bytes.clear();
        for &g in block {
            bytes.extend_from_slice(&g.value().to_le_bytes()[..width]);
        }
        out.put(&bytes)?;
    }
    Ok(())
}

/// Bytes read, counted into the checksum.
struct Reader<R> {
    inner: R,
    crc: crc32fast::Hasher,
}

impl<R: Read> Reader<R> {
    fn take(&mut self, bytes: &mut [u8]) -> Result<(), SavedError> {
        self.inner.read_exact(bytes).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => SavedError::Damaged {
                what: Damage::Short,
            },
            _ => SavedError::Io(Arc::new(e)),
        })?;
        self.crc.update(bytes);
        Ok(())
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SavedError> {
        let mut bytes = [0; N];
        self.take(&mut bytes)?;
        Ok(bytes)
    }
}

/// Appends the values in `bytes`, `width` bytes each, little-endian.
fn extend<T: Stored>(values: &mut Vec<T>, bytes: &[u8], width: usize) {
    values.extend(bytes.chunks_exact(width).map(|b| {
        let mut four = [0; 4];
        four[..width].copy_from_slice(b);
        T::from_u32(u32::from_le_bytes(four))
    }));
}

/// Reads back the values `write` wrote for `game`, at most `limit` of them.
pub fn read(game: &Game, input: impl Read, limit: usize) -> Result<Values, SavedError> {
    let mut input = Reader {
        inner: input,
        crc: crc32fast::Hasher::new(),
    };
    let magic: [u8; 16] = input.array().map_err(|_| SavedError::NotValues)?;
    if &magic != MAGIC {
        return Err(SavedError::NotValues);
    }
    let [version, width] = input.array()?;
    if version != VERSION {
        return Err(SavedError::Version { found: version });
    }
    let count = u64::from_le_bytes(input.array()?);
    let rules = u64::from_le_bytes(input.array()?);
    let title_len = u32::from_le_bytes(input.array()?);
    if title_len > MAX_TITLE {
        return Err(SavedError::NotValues);
    }
    let mut title = vec![0; title_len as usize];
    input.take(&mut title)?;
    let saved = String::from_utf8_lossy(&title).into_owned();
    if rules != fingerprint(game) {
        return Err(SavedError::OtherGame {
            saved,
            game: game.title(),
        });
    }
    let count = usize::try_from(count)
        .ok()
        .filter(|&c| c <= limit)
        .ok_or(SavedError::TooMany { count, limit })?;
    let mut values = match width {
        1 => Values::Bytes(Vec::new()),
        2 => Values::Halves(Vec::new()),
        4 => Values::Words(Vec::new()),
        w => {
            return Err(SavedError::Damaged {
                what: Damage::Width(w),
            });
        }
    };
    values
        .try_reserve(count)
        .map_err(|bytes| SavedError::OutOfMemory { bytes })?;
    let width = width as usize;
    let mut bytes = vec![0; BLOCK];
    let mut left = count;
    while left > 0 {
        let n = left.min(BLOCK / width);
        let block = &mut bytes[..n * width];
        input.take(block)?;
        with_values!(&mut values, v => extend(v, block, width));
        left -= n;
    }
    let crc = input.crc.clone().finalize();
    let saved_crc: [u8; 4] = input.array()?;
    if u32::from_le_bytes(saved_crc) != crc {
        return Err(SavedError::Damaged {
            what: Damage::Checksum,
        });
    }
    let past = input.inner.read(&mut [0]);
    if past.map_err(|e| SavedError::Io(Arc::new(e)))? != 0 {
        return Err(SavedError::Damaged { what: Damage::Long });
    }
    Ok(values)
}
