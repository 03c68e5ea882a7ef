//! Compound X ruleset tests: the sample pack, characters, sheets, levelling.

mod cx {
    mod character_file;
    mod checks;
    mod encounter;
    mod firefight;
    mod house;
    mod level_up;
    mod levels;
    mod movement;
    mod pack;
    mod properties;
    mod secondary;
    mod sheets;
    mod stats;
    pub(crate) mod support;
    mod validation;
    mod weapons;
}
