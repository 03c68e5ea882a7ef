//! A runner's character file: `format = 1`, `name` and `dodge` (1 to 5),
//! every problem reported with its line and its fix.

use nanite_core::Diagnostics;
use nanite_core::content::{SourceFile, read_document};

use crate::Runner;

/// Reads a runner's character file.
pub fn read_runner(file: &SourceFile) -> (Runner, Diagnostics) {
    let mut runner = Runner::default();
    let found = read_document(file, "runner file", 1, |top| {
        runner.name = top.required_string("name").unwrap_or_default();
        runner.dodge = top
            .required_integer("dodge")
            .filter(|d| {
                let fits = (1..=5).contains(d);
                if !fits {
                    top.error_at(
                        "dodge",
                        format!("dodge {d} is outside 1 to 5"),
                        Some("give a dodge from 1 to 5".into()),
                    );
                }
                fits
            })
            .unwrap_or(1);
    });
    (runner, found)
}
