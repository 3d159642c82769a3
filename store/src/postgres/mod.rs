//! PostgreSQL.
