//! The processes a census runs on: this one alone, or with `--mpi` every
//! rank of an MPI run (`mpirun -np K gamelang census ... --mpi`, a binary
//! built with the cargo feature `mpi`: rsmpi over the system's MPI). Every
//! rank grows the same shapes; each values those whose hash falls to it,
//! and rank 0 gathers each batch's rows, in the shapes' order, and writes
//! them. Each step that may fail on one rank ends in `agree`, so that all
//! stop together, with the failing rank's exit code.

use gamelang::Learned;
use serde_json::Value;

use super::super::error::CliError;

/// The rows of a shape: its index in the batch and its questions' rows.
pub type Rows = (usize, Vec<Value>);

pub struct Ranks {
    #[cfg(feature = "mpi")]
    mpi: Option<mpi_run::Mpi>,
}

impl Ranks {
    /// This process alone.
    pub fn alone() -> Ranks {
        Ranks {
            #[cfg(feature = "mpi")]
            mpi: None,
        }
    }

    /// Every rank of the MPI run this process is one of (a run of its
    /// own when started without `mpirun`).
    pub fn mpi() -> Result<Ranks, CliError> {
        #[cfg(feature = "mpi")]
        {
            Ok(Ranks {
                mpi: Some(mpi_run::Mpi::start()?),
            })
        }
        #[cfg(not(feature = "mpi"))]
        Err(CliError::CensusNoMpi)
    }

    /// Whether this process writes: prints the rows, keeps the database.
    pub fn writes(&self) -> bool {
        self.rank() == 0
    }

    /// Whether this process values `board`: its hash falls to this rank.
    pub fn values(&self, board: &str) -> bool {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        let size = self.size();
        // SipHash with fixed keys: the same on every rank of one binary.
        size == 1
            || BuildHasherDefault::<DefaultHasher>::default().hash_one(board) % size == self.rank()
    }

    /// The cores this process may use: the machine's, shared by the ranks
    /// running on it.
    pub fn cores(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        (cores / self.here()).max(1)
    }

    /// `step` if it succeeded on every rank; else the largest exit code a
    /// rank failed with (each rank reported its own failure).
    pub fn agree<T>(&self, step: Result<T, u8>) -> Result<T, u8> {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            let code = mpi.largest(*step.as_ref().err().unwrap_or(&0));
            return match step {
                Ok(_) if code != 0 => Err(code),
                step => step,
            };
        }
        step
    }

    /// Rank 0's `sizes` (the tiers its database finished), on every rank.
    pub fn shared(&self, sizes: Vec<u64>) -> Vec<u64> {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            return mpi.broadcast(sizes);
        }
        sizes
    }

    /// Every rank's `rows` at the writer, in the order of their indices;
    /// nothing elsewhere.
    pub fn gathered(&self, rows: Vec<Rows>) -> Vec<Rows> {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            return mpi.gathered(rows);
        }
        rows
    }

    /// What every other rank's threads `learned` in a batch, sent to every
    /// rank as words (none where this process runs alone: nothing is
    /// written as words then).
    pub fn exchanged(&self, learned: &[Learned]) -> Vec<Vec<u64>> {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            return mpi.exchanged(learned.iter().flat_map(Learned::words).collect());
        }
        let _ = learned;
        Vec::new()
    }

    fn rank(&self) -> u64 {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            return mpi.rank;
        }
        0
    }

    fn size(&self) -> u64 {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            return mpi.size;
        }
        1
    }

    /// How many ranks run on this machine.
    fn here(&self) -> usize {
        #[cfg(feature = "mpi")]
        if let Some(mpi) = &self.mpi {
            return mpi.here;
        }
        1
    }
}

#[cfg(feature = "mpi")]
mod mpi_run {
    use mpi::collective::SystemOperation;
    use mpi::datatype::PartitionMut;
    use mpi::environment::Universe;
    use mpi::topology::SimpleCommunicator;
    use mpi::traits::*;

    use super::Rows;
    use crate::error::CliError;

    pub struct Mpi {
        pub rank: u64,
        pub size: u64,
        pub here: usize,
        world: SimpleCommunicator,
        /// Finalizes MPI when dropped, after the world's last use.
        _universe: Universe,
    }

    impl Mpi {
        /// MPI started, only this (the main) thread calling it.
        pub fn start() -> Result<Mpi, CliError> {
            // `None` only where MPI was started before, which this
            // process never does: said as MPI not being there.
            let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
                .ok_or(CliError::CensusNoMpi)?;
            let world = universe.world();
            let here = world.split_shared(world.rank()).size();
            Ok(Mpi {
                rank: u64::try_from(world.rank()).unwrap_or(0),
                size: u64::try_from(world.size()).unwrap_or(1).max(1),
                here: usize::try_from(here).unwrap_or(1).max(1),
                world,
                _universe: universe,
            })
        }

        const ROOT: i32 = 0;

        /// The largest of every rank's `code`.
        pub fn largest(&self, code: u8) -> u8 {
            let mut largest = 0u8;
            self.world
                .all_reduce_into(&code, &mut largest, SystemOperation::max());
            largest
        }

        /// Rank 0's `sizes`, on every rank.
        pub fn broadcast(&self, mut sizes: Vec<u64>) -> Vec<u64> {
            let root = self.world.process_at_rank(Self::ROOT);
            let mut count = sizes.len() as u64;
            root.broadcast_into(&mut count);
            sizes.resize(count as usize, 0);
            root.broadcast_into(&mut sizes[..]);
            sizes
        }

        /// Every other rank's `words`, on every rank.
        pub fn exchanged(&self, words: Vec<u64>) -> Vec<Vec<u64>> {
            let length = i32::try_from(words.len()).unwrap_or(i32::MAX);
            let mut lengths = vec![0i32; self.size as usize];
            self.world.all_gather_into(&length, &mut lengths[..]);
            let starts = starts(&lengths);
            let total = lengths.iter().map(|&n| n.max(0) as usize).sum();
            let mut received = vec![0u64; total];
            {
                let mut parts = PartitionMut::new(&mut received[..], &lengths[..], &starts[..]);
                self.world.all_gather_varcount_into(&words[..], &mut parts);
            }
            (starts.iter().zip(&lengths).enumerate())
                .filter(|&(rank, _)| rank as u64 != self.rank)
                .map(|(_, (&start, &length))| {
                    received[start as usize..(start + length) as usize].to_vec()
                })
                .collect()
        }

        /// Every rank's rows at rank 0, sent as JSON, in their indices'
        /// order; nothing elsewhere.
        pub fn gathered(&self, rows: Vec<Rows>) -> Vec<Rows> {
            let root = self.world.process_at_rank(Self::ROOT);
            let sent = serde_json::to_vec(&rows).unwrap_or_default();
            let length = i32::try_from(sent.len()).unwrap_or(i32::MAX);
            if self.rank != 0 {
                root.gather_into(&length);
                root.gather_varcount_into(&sent[..]);
                return Vec::new();
            }
            let mut lengths = vec![0i32; self.size as usize];
            root.gather_into_root(&length, &mut lengths[..]);
            let starts = starts(&lengths);
            let total = lengths.iter().map(|&n| n.max(0) as usize).sum();
            let mut received = vec![0u8; total];
            {
                let mut parts = PartitionMut::new(&mut received[..], &lengths[..], &starts[..]);
                root.gather_varcount_into_root(&sent[..], &mut parts);
            }
            let mut all: Vec<Rows> = Vec::new();
            for (&start, &length) in starts.iter().zip(&lengths) {
                let part = &received[start as usize..(start + length) as usize];
                all.extend(serde_json::from_slice::<Vec<Rows>>(part).unwrap_or_default());
            }
            all.sort_by_key(|(index, _)| *index);
            all
        }
    }

    /// Where each of the parts of `lengths` starts, one after another.
    fn starts(lengths: &[i32]) -> Vec<i32> {
        (lengths.iter())
            .scan(0i32, |at, &n| {
                let start = *at;
                *at = at.saturating_add(n);
                Some(start)
            })
            .collect()
    }
}
