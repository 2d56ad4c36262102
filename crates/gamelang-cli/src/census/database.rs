//! A census's database: SQLite (built into the binary by rusqlite), a row a
//! position, a tier (the positions of one size) written whole in one transaction,
//! so that a census stopped at any point keeps every tier it finished and
//! `--resume` goes on from the first it did not.
//!
//! Tables: `census` (`key`, `value`: the game's title and the family),
//! `tiers` (`size`, `positions`: the tiers finished), `positions` (a row a
//! position, the keys of `analyze --json`), indexed by value, outcome and
//! temperature.

use std::path::Path;

use rusqlite::{Connection, params};

use gamelang::CENSUS_FACTS as FACTS;

/// An open census database.
pub struct Database {
    connection: Connection,
}

/// What went wrong with a database: SQLite's message.
pub type DbError = rusqlite::Error;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS census (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tiers (size INTEGER PRIMARY KEY, positions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS positions (
    position TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    value TEXT,
    outcome TEXT,
    temperature TEXT,
    mean TEXT,
    left_stop TEXT,
    right_stop TEXT,
    birthday TEXT,
    reduced_canonical_form TEXT,
    atomic_weight TEXT,
    grundy TEXT
);
CREATE INDEX IF NOT EXISTS positions_value ON positions (value);
CREATE INDEX IF NOT EXISTS positions_outcome ON positions (outcome);
CREATE INDEX IF NOT EXISTS positions_temperature ON positions (temperature);
";

impl Database {
    /// Opens (or creates) the database at `path` for a census of `game`.
    pub fn open(path: &Path) -> Result<Database, DbError> {
        let connection = Connection::open(path)?;
        connection.execute_batch(SCHEMA)?;
        Ok(Database { connection })
    }

    /// The game whose census the database holds, and its family, if it
    /// holds one.
    pub fn game(&self) -> Result<Option<(String, String)>, DbError> {
        let held = |key: &str| -> Result<Option<String>, DbError> {
            let mut statement =
                (self.connection).prepare("SELECT value FROM census WHERE key = ?1")?;
            let mut rows = statement.query(params![key])?;
            Ok(match rows.next()? {
                Some(row) => Some(row.get(0)?),
                None => None,
            })
        };
        let Some(game) = held("game")? else {
            return Ok(None);
        };
        Ok(Some((game, held("family")?.unwrap_or_default())))
    }

    /// The sizes of the tiers finished.
    pub fn tiers(&self) -> Result<Vec<u64>, DbError> {
        let mut statement = (self.connection).prepare("SELECT size FROM tiers ORDER BY size")?;
        let sizes = statement.query_map([], |row| row.get::<_, i64>(0))?;
        sizes
            .map(|c| c.map(|c| u64::try_from(c).unwrap_or(0)))
            .collect()
    }

    /// Begins writing a tier of a census of `game` (its title, and the
    /// census's family): its rows go in one transaction, which
    /// `Tier::finish` commits (a tier not finished is not written at all).
    pub fn tier(&mut self, (game, family): (&str, &str)) -> Result<Tier<'_>, DbError> {
        let transaction = self.connection.transaction()?;
        transaction.execute(
            "INSERT OR REPLACE INTO census (key, value) VALUES ('game', ?1), ('family', ?2)",
            params![game, family],
        )?;
        Ok(Tier {
            transaction,
            rows: 0,
        })
    }
}

/// A tier being written: its transaction, and the rows written so far.
pub struct Tier<'a> {
    transaction: rusqlite::Transaction<'a>,
    rows: usize,
}

impl Tier<'_> {
    /// Writes a row: a JSON object with `position`, `size` and the
    /// `CENSUS_FACTS`, each fact as text (numbers too: a birthday or a Grundy
    /// value may pass 64 bits), null where the game has none.
    pub fn insert(&mut self, row: &serde_json::Value) -> Result<(), DbError> {
        let text = |key: &str| match &row[key] {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(s.clone()),
            other => Some(other.to_string()),
        };
        let facts: Vec<Option<String>> = FACTS.iter().map(|key| text(key)).collect();
        let mut insert = self.transaction.prepare_cached(
            "INSERT OR REPLACE INTO positions (position, size, value, outcome, temperature, \
             mean, left_stop, right_stop, birthday, reduced_canonical_form, atomic_weight, \
             grundy) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?;
        insert.execute(params![
            text("position"),
            row["size"].as_i64(),
            facts[0],
            facts[1],
            facts[2],
            facts[3],
            facts[4],
            facts[5],
            facts[6],
            facts[7],
            facts[8],
            facts[9],
        ])?;
        self.rows += 1;
        Ok(())
    }

    /// Writes the tier of `size` as finished, and commits it with its
    /// rows.
    pub fn finish(self, size: u64) -> Result<(), DbError> {
        self.transaction.execute(
            "INSERT OR REPLACE INTO tiers (size, positions) VALUES (?1, ?2)",
            params![i64::try_from(size).unwrap_or(i64::MAX), self.rows as i64],
        )?;
        self.transaction.commit()
    }
}
