//! Compound X ruleset tests: the sample pack, characters, sheets, levelling.

mod cx {
    pub(crate) mod arena;
    mod audit_combat;
    mod black_cat;
    mod character_file;
    mod checks;
    mod checks_in_play;
    mod choices;
    mod cloak;
    mod command_json;
    mod conditions_in_play;
    mod death;
    mod encounter;
    mod encounter_properties;
    mod fight_properties;
    mod firefight;
    mod healing;
    mod house;
    mod in_play;
    mod invariants;
    mod level_up;
    mod levels;
    mod melee;
    mod movement;
    mod movement_in_play;
    mod odds;
    mod odds_in_play;
    mod pack;
    mod properties;
    mod refusals;
    mod scenes;
    mod secondary;
    mod sheets;
    mod shooting_in_play;
    mod sim;
    mod skirmish;
    mod spells;
    mod stats;
    pub(crate) mod support;
    mod suppression;
    pub(crate) mod table;
    mod tactics;
    mod thrown;
    mod turns;
    mod validation;
    mod weapons;
}
