//! The simulator's policies at a live table: the next command of one
//! combatant of a fight under way, chosen exactly as a simulated fight
//! chooses it (`policy`), for the table's server to hand to the engine,
//! which judges it as it judges the GM's own.

use nanite_core::CombatantId;

use super::Setup;
use super::fight::Run;
use super::policy;
use crate::encounter::{Battle, Command};

/// What the policy does next with a combatant on its turn.
#[derive(Clone, Debug)]
pub struct TableMove {
    /// The command.
    pub command: Command,
    /// The GM's rulings that follow it (the distances to the others after
    /// a flight).
    pub then: Vec<Command>,
    /// It is part of fleeing: at the end of a turn spent running, the
    /// combatant leaves the fight (CX-TURN-08).
    pub fleeing: bool,
}

/// The next command of `me` in `battle` on its turn, as the simulator's
/// policy chooses it, or none: its turn is done (it is not its turn, it has
/// no action left, it cannot fight, or it has nothing worth doing).
pub fn next_move(battle: &Battle, me: &CombatantId) -> Option<TableMove> {
    let setup = Setup::at_the_table(battle);
    let run = Run::at_the_table(&setup);
    let index = run.index_of(me)?;
    if !run.able.get(index).copied().unwrap_or(false) {
        return None;
    }
    let choice = policy::choose(&run, me, index)?;
    Some(TableMove {
        command: choice.command,
        then: choice.then,
        fleeing: choice.fleeing,
    })
}

#[cfg(test)]
mod tests {
    use nanite_core::{ClockCommand, CombatantId, SeededDice};

    use super::next_move;
    use crate::combat::{Cover, Stance};
    use crate::encounter::{Battle, Command, command};
    use crate::test_support::{fighter, pack};

    /// A fight under way, played at the table one command at a time by
    /// the policy: every command it proposes for the raider is one the
    /// engine takes, its turn ends with actions spent on the fight, and vex
    /// waits while it is not vex's turn.
    #[test]
    fn the_policy_plays_a_live_fight_one_command_at_a_time() {
        let pack = pack();
        let vex = fighter(
            &pack,
            "vex.toml",
            include_str!("../../../../examples/compound-x/vex.toml"),
        );
        let raider = fighter(
            &pack,
            "raider.toml",
            include_str!("../../../../examples/compound-x/raider.toml"),
        );
        let (a, b) = (CombatantId::from("vex"), CombatantId::from("raider"));
        let mut battle = Battle::new();
        let mut dice = SeededDice::new(5);
        let mut take = |battle: &mut Battle, c: &Command| {
            command::decide_in_place(battle, c, &mut dice, true, &mut Default::default())
                .unwrap_or_else(|_| panic!("{c:?} refused"));
        };
        for c in [
            Command::Add {
                id: a.clone(),
                side: "crew".into(),
                hidden: false,
                fighter: Box::new(vex),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            Command::Add {
                id: b.clone(),
                side: "raiders".into(),
                hidden: false,
                fighter: Box::new(raider),
                cover: Cover::None,
                stance: Stance::Standing,
            },
            Command::Clock(ClockCommand::SetInitiative {
                id: b.clone(),
                total: 90,
            }),
            Command::Clock(ClockCommand::SetInitiative {
                id: a.clone(),
                total: 10,
            }),
            Command::Distance {
                a: a.clone(),
                b: b.clone(),
                metres: 12,
            },
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        ] {
            take(&mut battle, &c);
        }
        assert_eq!(battle.clock.active.as_ref(), Some(&b));
        // Not its turn: vex waits.
        assert!(next_move(&battle, &a).is_none());
        let mut played = Vec::new();
        while let Some(m) = next_move(&battle, &b) {
            assert!(played.len() < 16, "the turn never ends: {played:?}");
            take(&mut battle, &m.command);
            for c in &m.then {
                take(&mut battle, c);
            }
            played.push(m.command);
        }
        assert!(!played.is_empty(), "the raider did nothing");
        assert!(
            battle.clock.budget.left < battle.clock.budget.total,
            "the raider spends its actions: {played:?}"
        );
    }
}
