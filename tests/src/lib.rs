//! End-to-end tests against a real server over HTTP (issue 3).
