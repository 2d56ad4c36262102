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

use super::FACTS;

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

    /// Writes a finished tier: its rows (each a JSON object with `position`,
    /// `cells` and the `FACTS`), and the tier itself, in one transaction;
    /// `game` names the census's game.
    pub fn write_tier(
        &mut self,
        game: &str,
        cells: usize,
        rows: &[serde_json::Value],
    ) -> Result<(), DbError> {
        let transaction = self.connection.transaction()?;
        transaction.execute(
            "INSERT OR REPLACE INTO census (key, value) VALUES ('game', ?1)",
            params![game],
        )?;
        {
            let mut insert = transaction.prepare(
                "INSERT OR REPLACE INTO positions (position, cells, value, outcome, temperature, \
                 mean, left_stop, right_stop, birthday, reduced_canonical_form, atomic_weight, \
                 grundy) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            )?;
            for row in rows {
                // Each fact as text (numbers too: a birthday or a Grundy
                // value may pass 64 bits), null where the game has none.
                let text = |key: &str| match &row[key] {
                    serde_json::Value::Null => None,
                    serde_json::Value::String(s) => Some(s.clone()),
                    other => Some(other.to_string()),
                };
                let facts: Vec<Option<String>> = FACTS.iter().map(|key| text(key)).collect();
                insert.execute(params![
                    text("position"),
                    cells as i64,
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
            }
        }
        transaction.execute(
            "INSERT OR REPLACE INTO tiers (cells, shapes) VALUES (?1, ?2)",
            params![cells as i64, rows.len() as i64],
        )?;
        transaction.commit()
    }
}
