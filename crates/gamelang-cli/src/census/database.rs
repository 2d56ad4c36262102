//! A census's database: SQLite (built into the binary by rusqlite), a row a
//! position, each batch of a tier's rows written in one transaction with
//! how far the tier has come, so that a census stopped at any point keeps
//! every row it wrote and `--resume` goes on from the first position it did
//! not write.
//!
//! Tables: `census` (`key`, `value`: the game's title and the family),
//! `tiers` (`size`, `positions`: the tiers finished), `begun` (`size`,
//! `positions`: the tier begun and not finished, and how many of its
//! positions, the first in the census's order, are written), `positions` (a
//! row a position, the keys of `analyze --json`), indexed by value, outcome
//! and temperature.

use std::path::Path;

use rusqlite::{Connection, params};

use gamelang::CENSUS_FACTS as FACTS;

/// An open census database, and the census it is written for: the game's
/// title, and the census's family.
pub struct Database {
    connection: Connection,
    census: (String, String),
}

/// What went wrong with a database: SQLite's message.
pub type DbError = rusqlite::Error;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS census (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tiers (size INTEGER PRIMARY KEY, positions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS begun (size INTEGER PRIMARY KEY, positions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS positions (
    position TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    value TEXT,
    outcome TEXT,
    temperature TEXT,
    temperature_value REAL,
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

/// What a database written before `temperature_value` lacks.
const TEMPERATURE_VALUE: &str = "
ALTER TABLE positions ADD COLUMN temperature_value REAL;
";

const TEMPERATURE_INDEX: &str = "
CREATE INDEX IF NOT EXISTS positions_temperature_value ON positions (temperature_value);
";

impl Database {
    /// Opens (or creates) the database at `path` for a census of `game`
    /// (its title, and the census's family).
    pub fn open(path: &Path, (game, family): (&str, &str)) -> Result<Database, DbError> {
        let mut connection = Connection::open(path)?;
        connection.execute_batch(SCHEMA)?;
        let has_value = connection
            .prepare(
                "SELECT 1 FROM pragma_table_info('positions') WHERE name = 'temperature_value'",
            )?
            .exists([])?;
        if !has_value {
            // A database of an earlier census: its temperatures as numbers.
            let transaction = connection.transaction()?;
            transaction.execute_batch(TEMPERATURE_VALUE)?;
            let held: Vec<(i64, String)> = transaction
                .prepare("SELECT rowid, temperature FROM positions WHERE temperature IS NOT NULL")?
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<Result<_, _>>()?;
            for (rowid, temperature) in held {
                transaction.execute(
                    "UPDATE positions SET temperature_value = ?1 WHERE rowid = ?2",
                    params![exact(&temperature), rowid],
                )?;
            }
            transaction.commit()?;
        }
        connection.execute_batch(TEMPERATURE_INDEX)?;
        let census = (game.to_string(), family.to_string());
        Ok(Database { connection, census })
    }

    /// The game whose census the database holds, and its family, if it
    /// holds one.
    pub fn held(&self) -> Result<Option<(String, String)>, DbError> {
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
        sizes.map(|c| c.map(unsigned)).collect()
    }

    /// The tier begun and not finished, and how many of its positions are
    /// written (the first, in the census's order), if one is.
    pub fn begun(&self) -> Result<Option<(u64, u64)>, DbError> {
        let mut statement = (self.connection).prepare("SELECT size, positions FROM begun")?;
        let mut rows = statement.query([])?;
        Ok(match rows.next()? {
            Some(row) => {
                let (size, positions): (i64, i64) = (row.get(0)?, row.get(1)?);
                Some((unsigned(size), unsigned(positions)))
            }
            None => None,
        })
    }

    /// Writes a batch of rows of the tier of `size`, which makes `written`
    /// of its positions written in all, in one transaction.
    pub fn write(
        &mut self,
        (size, written): (u64, u64),
        rows: &[&serde_json::Value],
    ) -> Result<(), DbError> {
        let transaction = self.connection.transaction()?;
        holds(&transaction, &self.census)?;
        for row in rows {
            insert(&transaction, row)?;
        }
        transaction.execute("DELETE FROM begun", [])?;
        transaction.execute(
            "INSERT INTO begun (size, positions) VALUES (?1, ?2)",
            params![signed(size), signed(written)],
        )?;
        transaction.commit()
    }

    /// Writes the tier of `size` as finished (with as many positions as it
    /// has rows), and no tier as begun.
    pub fn finish(&mut self, size: u64) -> Result<(), DbError> {
        let transaction = self.connection.transaction()?;
        holds(&transaction, &self.census)?;
        transaction.execute(
            "INSERT OR REPLACE INTO tiers (size, positions) \
             SELECT ?1, count(*) FROM positions WHERE size = ?1",
            params![signed(size)],
        )?;
        transaction.execute("DELETE FROM begun", [])?;
        transaction.commit()
    }
}

/// Writes that the database holds a census of `game` (its title, and the
/// census's family).
fn holds(
    transaction: &rusqlite::Transaction,
    (game, family): &(String, String),
) -> Result<(), DbError> {
    transaction.execute(
        "INSERT OR REPLACE INTO census (key, value) VALUES ('game', ?1), ('family', ?2)",
        params![game, family],
    )?;
    Ok(())
}

/// A size or a count as SQLite holds it.
fn signed(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A size or a count as SQLite held it.
fn unsigned(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// Writes a row: a JSON object with `position`, `size` and the
/// `CENSUS_FACTS`, each fact as text (numbers too: a birthday or a Grundy
/// value may pass 64 bits), null where the game has none.
fn insert(transaction: &rusqlite::Transaction, row: &serde_json::Value) -> Result<(), DbError> {
    let text = |key: &str| match &row[key] {
        serde_json::Value::Null => None,
        serde_json::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    };
    let facts: Vec<Option<String>> = FACTS.iter().map(|key| text(key)).collect();
    let mut insert = transaction.prepare_cached(
        "INSERT OR REPLACE INTO positions (position, size, value, outcome, temperature, \
         temperature_value, mean, left_stop, right_stop, birthday, reduced_canonical_form, \
         atomic_weight, grundy) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?;
    insert.execute(params![
        text("position"),
        row["size"].as_i64(),
        facts[0],
        facts[1],
        facts[2],
        facts[2].as_deref().and_then(exact),
        facts[3],
        facts[4],
        facts[5],
        facts[6],
        facts[7],
        facts[8],
        facts[9],
    ])?;
    Ok(())
}

/// A temperature written as a dyadic rational (`-1`, `3/2`, `7/16`) as the
/// number SQLite orders: a REAL, exactly — `None` where it is not one a
/// double holds exactly (a numerator past 53 bits, a denominator not a
/// power of two or past 2^127).
fn exact(written: &str) -> Option<f64> {
    let (numerator, denominator) = written.split_once('/').unwrap_or((written, "1"));
    let numerator: i64 = numerator.parse().ok()?;
    let denominator: u128 = denominator.parse().ok()?;
    let within = numerator.unsigned_abs() < 1 << f64::MANTISSA_DIGITS;
    (within && denominator.is_power_of_two()).then(|| numerator as f64 / denominator as f64)
}
