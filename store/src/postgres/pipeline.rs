//! A transaction in one round trip: its `BEGIN`, its statements and its
//! `COMMIT` sent together, pipelined on one connection.
//!
//! The driver queues a request when its future is first polled, and the
//! futures here are first polled together, in order: every request goes out
//! at once (even if this future were dropped afterwards), and PostgreSQL
//! runs them in order. A statement that fails aborts the transaction: the
//! statements after it fail, and PostgreSQL answers the `COMMIT` with a
//! rollback, so nothing is written. `BEGIN` itself fails only on a broken
//! connection, which fails everything after it too.

use futures_util::future::join_all;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Error, Row, Statement};

/// One statement of a pipelined transaction and its parameters.
pub(crate) type Step<'a> = (&'a Statement, Vec<&'a (dyn ToSql + Sync)>);

/// Runs `steps` in one transaction opened with `begin` (`BEGIN`, or one
/// with an isolation level), in one round trip: the rows each answered, or
/// the first error in order (and nothing written).
pub(crate) async fn transaction(
    client: &Client,
    begin: &str,
    steps: &[Step<'_>],
) -> Result<Vec<Vec<Row>>, Error> {
    let (begun, answers, committed) = futures_util::join!(
        client.batch_execute(begin),
        join_all(
            steps
                .iter()
                .map(|(statement, params)| client.query(*statement, params))
        ),
        client.batch_execute("COMMIT"),
    );
    begun?;
    let rows = answers.into_iter().collect::<Result<Vec<_>, _>>()?;
    committed?;
    Ok(rows)
}
