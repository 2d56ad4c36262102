//! A census's database: SQLite (built into the binary by rusqlite), a row a
//! shape, a tier (the shapes of one size) written whole in one transaction,
//! so that a census stopped at any point keeps every tier it finished and
//! `--resume` goes on from the first it did not.
//!
//! Tables: `census` (`key`, `value`: the game's name), `tiers` (`cells`,
//! `shapes`: the tiers finished), `positions` (a row a shape, the keys of
//! `analyze --json`), indexed by value, outcome and temperature.

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
CREATE TABLE IF NOT EXISTS tiers (cells INTEGER PRIMARY KEY, shapes INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS positions (
    position TEXT PRIMARY KEY,
    cells INTEGER NOT NULL,
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

    /// The game whose census the database holds, if it holds one.
    pub fn game(&self) -> Result<Option<String>, DbError> {
        let mut statement =
            (self.connection).prepare("SELECT value FROM census WHERE key = 'game'")?;
        let mut rows = statement.query([])?;
        Ok(match rows.next()? {
            Some(row) => Some(row.get(0)?),
            None => None,
        })
    }

    /// The sizes of the tiers finished.
    pub fn tiers(&self) -> Result<Vec<u64>, DbError> {
        let mut statement = (self.connection).prepare("SELECT cells FROM tiers ORDER BY cells")?;
        let cells = statement.query_map([], |row| row.get::<_, i64>(0))?;
        cells
            .map(|c| c.map(|c| u64::try_from(c).unwrap_or(0)))
            .collect()
    }

    /// Begins writing a tier of a census of `game`: its rows go in one
    /// transaction, which `Tier::finish` commits (a tier not finished is
    /// not written at all).
    pub fn tier(&mut self, game: &str) -> Result<Tier<'_>, DbError> {
        let transaction = self.connection.transaction()?;
        transaction.execute(
            "INSERT OR REPLACE INTO census (key, value) VALUES ('game', ?1)",
            params![game],
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
    /// Writes a row: a JSON object with `position`, `cells` and the
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
            "INSERT OR REPLACE INTO positions (position, cells, value, outcome, temperature, \
             mean, left_stop, right_stop, birthday, reduced_canonical_form, atomic_weight, \
             grundy) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?;
        insert.execute(params![
            text("position"),
            row["cells"].as_i64(),
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

    /// Writes the tier of `cells` as finished, and commits it with its
    /// rows.
    pub fn finish(self, cells: usize) -> Result<(), DbError> {
        self.transaction.execute(
            "INSERT OR REPLACE INTO tiers (cells, shapes) VALUES (?1, ?2)",
            params![cells as i64, self.rows as i64],
        )?;
        self.transaction.commit()
    }
}
