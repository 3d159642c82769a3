//! The server's memory allocator: jemalloc, with settings that give freed
//! memory back to the system within a second.
//!
//! glibc's malloc took about a fifth of the machine's CPU under `load`
//! (allocating and freeing the requests' JSON values, across threads:
//! `_int_malloc`, `unlink_chunk`, `malloc_consolidate`). With jemalloc the
//! same runs served about a fifth more actions per second, and a server that
//! had read a million games' lists, views and audits held no more memory
//! than with glibc and 2 arenas (213 against 214 MiB), which jemalloc's
//! defaults (4 arenas a core, dirty pages kept 10 s) did not (328 MiB).
//!
//! A binary chooses it with [`use_server_allocator!`](crate::use_server_allocator)
//! (`bang-server`, and `load`, whose in-process servers are measured as the
//! one deployed). An operator may change the settings at start with
//! jemalloc's environment variable `_RJEM_MALLOC_CONF` (e.g.
//! `_RJEM_MALLOC_CONF=narenas:8`), which overrides [`SETTINGS`].

/// The type of [`SETTINGS`]: jemalloc reads a pointer to the first byte.
pub type Settings = [u8; 70];

/// jemalloc's settings, as its option string (NUL-terminated, as jemalloc
/// reads it): 2 arenas, so that each thread does not keep what it freed in
/// an arena of its own; freed pages given back after 1 s rather than 10,
/// and unmapped at once rather than kept lazily (`muzzy_decay_ms:0`), by a
/// background thread, so that an idle server shrinks too.
pub const SETTINGS: &Settings =
    b"narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0,background_thread:true\0";

#[doc(hidden)]
#[cfg(not(target_env = "msvc"))]
pub use tikv_jemallocator::Jemalloc;

/// Makes jemalloc, with [`SETTINGS`], the allocator of the binary it is
/// written in (once, at the top level of its `main.rs`). Elsewhere than
/// where jemalloc builds (MSVC), the system's allocator stays.
#[macro_export]
macro_rules! use_server_allocator {
    () => {
        #[cfg(not(target_env = "msvc"))]
        #[global_allocator]
        static SERVER_ALLOCATOR: $crate::allocator::Jemalloc = $crate::allocator::Jemalloc;

        /// jemalloc reads its settings from this symbol when it starts.
        #[cfg(not(target_env = "msvc"))]
        #[unsafe(export_name = "_rjem_malloc_conf")]
        static JEMALLOC_SETTINGS: &$crate::allocator::Settings = $crate::allocator::SETTINGS;
    };
}
