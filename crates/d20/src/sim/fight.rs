//! One simulated fight: initiative, the surprise round for the hidden, then
//! turn after turn chosen by the policies and judged by the engine until
//! one side alone stands (or the round limit); then the winners treat
//! their fallen with healing kits, out of combat (D20-REST-02).

use std::collections::BTreeSet;

use nanite_core::encounter::FightPhase;
use nanite_core::sim::{Loss, Outcome};
use nanite_core::{ClockCommand, CombatantId, SeededDice};

use super::{Setup, policy};
use crate::encounter::command::decide_with_state;
use crate::encounter::{Battle, Command};

/// Commands one turn may take at most (a move, an action, a free grapple,
/// with room to spare); a policy that asks for more ends its turn.
const MAX_COMMANDS_PER_TURN: usize = 12;

/// Hours of checks a healing kit is given after the fight (the GM's cap,
/// D20-CHK-04): a day.
const KIT_HOURS: u32 = 24;

/// The end of one fight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fight {
    /// The side left standing (its index among the setup's sorted sides),
    /// or none: a draw (nobody standing, or the round limit).
    pub winner: Option<usize>,
    /// Rounds begun.
    pub rounds: u32,
    /// Each lost combatant with how, after the winners' healing kits.
    pub losses: Vec<(CombatantId, Loss)>,
    /// Weapon attacks made (free ones after a takedown's natural 1 too).
    pub attacks: u32,
    /// Spells and powers begun.
    pub spells: u32,
    /// Takedowns tried.
    pub takedowns: u32,
    /// Fallen combatants raised in the fight by a spell or power.
    pub raised: u32,
    /// Healing kits used after the fight.
    pub kits: u32,
    /// Commands the engine refused (a policy's mistake; each ends its turn).
    pub refused: u32,
    /// The first refused command, with the engine's reason.
    pub refusal: Option<String>,
}

impl Fight {
    /// The fight as the shared tally counts it.
    pub fn outcome(&self, setup: &Setup) -> Outcome {
        Outcome {
            winner: self.winner,
            rounds: self.rounds,
            losses: self
                .losses
                .iter()
                .filter_map(|(id, how)| {
                    let (_, side) = setup.sides.iter().find(|(c, _)| c == id)?;
                    Some((*side, *how))
                })
                .collect(),
            counts: vec![
                ("attacks", u64::from(self.attacks)),
                ("spells", u64::from(self.spells)),
                ("takedowns", u64::from(self.takedowns)),
                ("raised", u64::from(self.raised)),
                ("kits", u64::from(self.kits)),
            ],
            refused: self.refused,
            refusal: self.refusal.clone(),
        }
    }
}

/// A fight in progress: the battle and its dice.
struct Run {
    battle: Battle,
    dice: SeededDice,
    fled: BTreeSet<CombatantId>,
    fight: Fight,
}

impl Run {
    /// Asks the engine; a refusal is counted and named, and false returned.
    fn execute(&mut self, command: &Command) -> bool {
        let down_before: Vec<CombatantId> = self
            .battle
            .combatants
            .keys()
            .filter(|id| self.battle.is_down(id))
            .cloned()
            .collect();
        match decide_with_state(&self.battle, command, &mut self.dice) {
            Ok(d) => {
                self.battle = d.state;
                let f = &mut self.fight;
                match command {
                    Command::Attack { .. } | Command::Choose { .. } => f.attacks += 1,
                    Command::Cast { .. } => f.spells += 1,
                    Command::Takedown { .. } => f.takedowns += 1,
                    Command::UseKit { .. } => f.kits += 1,
                    Command::Clock(ClockCommand::Leave { id }) => {
                        self.fled.insert(id.clone());
                    }
                    _ => {}
                }
                if !matches!(command, Command::UseKit { .. }) {
                    let raised = down_before
                        .iter()
                        .filter(|id| !self.battle.is_down(id))
                        .count();
                    self.fight.raised += u32::try_from(raised).unwrap_or(0);
                }
                true
            }
            Err(refusal) => {
                self.fight.refused += 1;
                if self.fight.refusal.is_none() {
                    self.fight.refusal = Some(format!(
                        "round {}: {command:?} was refused: {refusal}",
                        self.fight.rounds
                    ));
                }
                false
            }
        }
    }

    /// The sides with someone standing and in the fight.
    fn standing_sides(&self, setup: &Setup) -> BTreeSet<usize> {
        setup
            .sides
            .iter()
            .filter(|(id, _)| !self.fled.contains(id) && !self.battle.is_down(id))
            .map(|(_, side)| *side)
            .collect()
    }
}

/// Plays one fight from `setup` with dice seeded by `seed`, called a draw
/// after `max_rounds` rounds.
pub fn play(setup: &Setup, seed: u64, max_rounds: u32) -> Fight {
    let mut run = Run {
        battle: setup.battle.clone(),
        dice: SeededDice::new(seed),
        fled: BTreeSet::new(),
        fight: Fight {
            winner: None,
            rounds: 0,
            losses: Vec::new(),
            attacks: 0,
            spells: 0,
            takedowns: 0,
            raised: 0,
            kits: 0,
            refused: 0,
            refusal: None,
        },
    };
    let unrolled = run
        .battle
        .clock
        .seats
        .iter()
        .any(|s| s.initiative.is_none())
        || run.battle.campaign.initiative == crate::InitiativeBy::Side;
    if unrolled && !run.execute(&Command::RollInitiative { who: Vec::new() }) {
        return run.fight;
    }
    let begin = Command::Clock(ClockCommand::Begin {
        surprise: setup.surprise.clone(),
    });
    if !run.execute(&begin) {
        return run.fight;
    }
    let next = Command::Clock(ClockCommand::NextTurn);
    let mut in_turn = 0;
    loop {
        run.fight.rounds = match run.battle.clock.phase {
            FightPhase::Round { number } => number,
            _ => run.fight.rounds.max(1),
        };
        let standing = run.standing_sides(setup);
        if standing.len() <= 1 {
            run.fight.winner = standing.into_iter().next();
            break;
        }
        if run.fight.rounds > max_rounds {
            run.fight.rounds = max_rounds;
            break;
        }
        let (command, owed) = match (&run.battle.owed, &run.battle.clock.active) {
            (Some(owed), _) => (policy::choice(&run.battle, setup, &owed.chooser), true),
            (None, Some(active)) if in_turn < MAX_COMMANDS_PER_TURN => {
                match policy::next_command(&run.battle, setup, active) {
                    Some(c) => (c, false),
                    None => (next.clone(), false),
                }
            }
            _ => (next.clone(), false),
        };
        let ends_turn = command == next;
        in_turn = if ends_turn { 0 } else { in_turn + 1 };
        if run.execute(&command) {
            continue;
        }
        // A refused choice or turn's end leaves nothing to do: the fight
        // stops there, a draw with the refusal named.
        if owed || ends_turn || !run.execute(&next) {
            break;
        }
        in_turn = 0;
    }
    if run.battle.in_combat() {
        run.execute(&Command::Clock(ClockCommand::End));
    }
    if let Some(winner) = run.fight.winner {
        treat_the_fallen(&mut run, setup, winner);
    }
    run.fight.losses = setup
        .sides
        .iter()
        .filter_map(|(id, _)| {
            if run.fled.contains(id) {
                Some((id.clone(), Loss::Fled))
            } else {
                run.battle.is_down(id).then(|| (id.clone(), Loss::Down))
            }
        })
        .collect();
    run.fight
}

/// After the fight, each fallen member of the winning side is treated by
/// the standing member with the best kit skill that still has a kit.
fn treat_the_fallen(run: &mut Run, setup: &Setup, winner: usize) {
    let side: Vec<CombatantId> = setup
        .sides
        .iter()
        .filter(|(id, s)| *s == winner && !run.fled.contains(id))
        .map(|(id, _)| id.clone())
        .collect();
    for patient in &side {
        if !run.battle.is_down(patient) {
            continue;
        }
        let healer = side
            .iter()
            .filter(|h| !run.battle.is_down(h))
            .filter_map(|h| {
                let c = run.battle.combatants.get(h)?;
                let kit = c.fighter.kits.iter().find(|k| k.count > 0)?;
                let spec = c.fighter.skill_spec(
                    &run.battle.campaign,
                    &run.battle.scores(h),
                    &kit.skill,
                    None,
                    None,
                );
                Some((spec.modifier() + kit.bonus, h.clone(), kit.id.clone()))
            })
            .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(&a.1)));
        if let Some((_, id, kit)) = healer {
            run.execute(&Command::UseKit {
                id,
                target: patient.clone(),
                kit,
                max_checks: Some(KIT_HOURS),
            });
        }
    }
}
