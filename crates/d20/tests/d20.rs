//! D20 ruleset tests: the sample pack, characters, sheets, checks, rest,
//! and fights through the spine (initiative, the grid and the rows,
//! attacks, casting, grappling), each tagged with the rule IDs it covers.

mod d20 {
    mod attacks;
    mod audit;
    mod casting;
    mod characters;
    mod checks;
    mod choices;
    mod grappling;
    mod initiative;
    mod invariants;
    mod movement;
    mod pack;
    mod properties;
    mod rest;
    mod rows;
    mod sheets;
    mod sim;
    pub(crate) mod support;
    mod table;
}
