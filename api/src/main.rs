//! The HTTP service. Planned (issue 3): the REST API v1 over the engine and the store.

fn main() {
    eprintln!("the HTTP API is not built yet; see README.md");
    std::process::exit(2);
}
