//! Compound X ruleset tests: the sample pack, characters, sheets, levelling.

mod cx {
    mod pack;
    pub(crate) mod support;
}
