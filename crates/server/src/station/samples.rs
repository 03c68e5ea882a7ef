//! The sample scenarios compiled into the server (`examples/station/`), so
//! a GM can start a game without a file of their own.

/// A sample scenario: its id (the file name without `.txt`) and text.
pub(crate) struct Sample {
    /// Its id.
    pub(crate) id: &'static str,
    /// Its text.
    pub(crate) text: &'static str,
}

/// Every sample scenario.
pub(crate) const SAMPLES: &[Sample] = &[
    Sample {
        id: "derelict-lab",
        text: include_str!("../../../../examples/station/derelict-lab.txt"),
    },
    Sample {
        id: "outpost-siege",
        text: include_str!("../../../../examples/station/outpost-siege.txt"),
    },
];

/// The sample `id`.
pub(crate) fn find(id: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.id == id)
}
