//! The encounter clock as any ruleset drives it, through its public API only:
//! initiative and roll-offs, the GM's set, pin and place, joining, leaving and
//! hiding, the surprise round, rounds and turns, action budgets, reactions,
//! held actions, effects that end at exact moments, the end of the fight, and
//! a property test that random command sequences keep the clock consistent.
//!
//! Rule tests use Compound X's limits (4 actions, 3 reactions, 2 held) and
//! carry `// rule: CX-TURN-..` tags where they check a Compound X turn rule.

mod encounter {
    mod actions;
    mod effects;
    mod initiative;
    mod properties;
    mod support;
    mod turns;
}
