//! The `nanite` command line.
fn main() {}
