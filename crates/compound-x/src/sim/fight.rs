//! One simulated fight: initiative, the surprise round for the hidden, then
//! turn after turn chosen by the policies and judged by the engine, until
//! one side alone can still fight, or the round limit.

use nanite_core::encounter::FightPhase;
use nanite_core::{ClockCommand, ClockEvent, CombatantId, SeededDice};

use super::{Setup, policy};
use crate::encounter::{Battle, Combatant, Command, CxEffect, Event, command};

/// Commands one turn may take at most (4 actions, free stance changes and
/// GM rulings leave room to spare); a policy that asks for more ends its
/// turn.
const MAX_COMMANDS_PER_TURN: usize = 16;

/// How a combatant was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Dead.
    Dead,
    /// Downed, unconscious or otherwise unable to fight at the end.
    Down,
    /// Fled the battle.
    Fled,
}

/// The end of one fight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fight {
    /// The side left fighting, or none: a draw (every side out, or the
    /// round limit).
    pub winner: Option<String>,
    /// Rounds begun (1 for a fight over in its first round).
    pub rounds: u32,
    /// Each lost combatant with how.
    pub losses: Vec<(CombatantId, Loss)>,
    /// Shots fired.
    pub shots: u32,
    /// Commands the engine refused (a policy's mistake; each ends its turn).
    pub refused: u32,
}

/// The state of a fight in progress: the battle, its dice, and what the
/// policies remember.
pub(crate) struct Run<'s> {
    pub(crate) setup: &'s Setup,
    pub(crate) battle: Battle,
    dice: SeededDice,
    /// The seed of `dice`.
    seed: u64,
    /// Whether each of the setup's combatants (in `Setup::sides`' order)
    /// fled.
    pub(crate) fled: Vec<bool>,
    /// Whether each of the setup's combatants (in `Setup::sides`' order)
    /// can still fight: worked out after each command, not at each of the
    /// many times a policy asks.
    pub(crate) able: Vec<bool>,
    /// Whether any effect kept its bearer from acting when who can fight
    /// was last worked out (usually none): while none does, an effect's
    /// end cannot let anyone fight again.
    held_back: bool,
    /// How many sides have someone who can still fight, by `able`.
    sides_standing: usize,
    /// How many of each side (by its index) can still fight, by `able`.
    able_by_side: Vec<usize>,
    /// The metres between the setup's combatants, by their indices (row
    /// after row), as the battle holds them: the policies ask for them
    /// hundreds of times a fight, and they change a few times.
    distances: Vec<Option<i64>>,
    /// The battle's count of distances set when `distances` was read, if
    /// it was.
    distances_read: Option<u64>,
    /// The shot the last command (an aim) was for, while it holds.
    pub(crate) kept_pick: Option<policy::KeptPick>,
    /// The commands the engine took so far, from the setup on.
    log: Vec<Command>,
    /// The events of the last command, and the buffers its dice were
    /// rolled with: reused from one command to the next.
    buffers: command::InPlace,
    shots: u32,
    refused: u32,
}

impl<'s> Run<'s> {
    /// A run over `setup`'s battle as it stands, for the policies to read
    /// (at a live table: nothing is executed on it).
    pub(crate) fn at_the_table(setup: &'s Setup) -> Run<'s> {
        Run::new(
            setup,
            setup.battle.clone(),
            0,
            Vec::new(),
            command::InPlace::default(),
        )
    }

    /// A run over `battle` (the setup's, or a copy of it) with the dice of
    /// `seed`, the commands in `log` (empty) and `buffers` reused, its
    /// standing read.
    fn new(
        setup: &'s Setup,
        battle: Battle,
        seed: u64,
        log: Vec<Command>,
        buffers: command::InPlace,
    ) -> Run<'s> {
        let mut run = Run {
            setup,
            battle,
            dice: SeededDice::new(seed),
            seed,
            fled: vec![false; setup.sides.len()],
            able: Vec::new(),
            held_back: false,
            sides_standing: 0,
            able_by_side: Vec::new(),
            distances: Vec::new(),
            distances_read: None,
            kept_pick: None,
            log,
            buffers,
            shots: 0,
            refused: 0,
        };
        run.refresh();
        run
    }
}

impl Run<'_> {
    /// Asks the engine; on a refusal nothing changed and false is returned.
    ///
    /// The engine applies its events to the fight's battle itself, with no
    /// copy. Nobody reads a simulated fight's events, so they are not kept:
    /// the commands taken are. Should a command be refused after some of
    /// its events were applied, the battle before it is rebuilt by deciding
    /// those commands again from the setup with dice from the same seed,
    /// which roll the same numbers for them (the fight's own dice go on
    /// from where they are).
    pub(crate) fn execute(&mut self, c: Command) -> bool {
        self.kept_pick = None;
        // Nobody reads a simulated shot's breakdown: it is not written.
        match command::decide_in_place(
            &mut self.battle,
            &c,
            &mut self.dice,
            false,
            &mut self.buffers,
        ) {
            Ok(()) => {
                if matches!(c, Command::Fire { .. }) {
                    self.shots += 1;
                }
                self.log.push(c);
                let held_back = self.held_back;
                if self
                    .buffers
                    .events
                    .iter()
                    .all(|e| leaves_able(e, held_back))
                {
                    debug_assert_eq!(self.able, self.worked_out_able());
                    self.read_distances_if_changed();
                } else {
                    self.refresh();
                }
                true
            }
            Err(refused) => {
                if refused.spoiled {
                    self.battle = replay(&self.setup.battle, &self.log, self.seed);
                    self.distances_read = None;
                    self.refresh();
                }
                self.refused += 1;
                false
            }
        }
    }

    /// Whether `id` can still fight: present, not fled, alive, not downed,
    /// and not kept from acting by a condition.
    pub(crate) fn can_fight(&self, id: &CombatantId) -> bool {
        !self.index_of(id).is_some_and(|i| self.fled[i])
            && self.battle.combatants.get(id).is_some_and(|c| {
                !c.fighter.dead
                    && !c.fighter.is_downed()
                    && !self.battle.has_effect(id, prevents_actions)
            })
    }

    /// Works out again who can still fight, and reads the distances if
    /// they changed.
    fn refresh(&mut self) {
        self.held_back = self
            .battle
            .clock
            .effects
            .iter()
            .any(|e| prevents_actions(&e.payload));
        let mut able = std::mem::take(&mut self.able);
        self.work_out_able(&mut able);
        self.able = able;
        self.count_able();
        self.read_distances_if_changed();
    }

    /// Who can still fight, worked out afresh (to check what was kept).
    fn worked_out_able(&self) -> Vec<bool> {
        let mut able = Vec::new();
        self.work_out_able(&mut able);
        able
    }

    /// Works out into `able` who can still fight, as [`Run::can_fight`]
    /// does for each, in one walk through the battle's combatants instead
    /// of a search for each.
    fn work_out_able(&self, able: &mut Vec<bool>) {
        able.clear();
        able.resize(self.setup.sides.len(), false);
        // The battle keeps its combatants in the order of their ids, as
        // `by_id` lists the setup's. The simulator adds nobody, and those
        // who leave stay on the roster, so while it holds as many as the
        // setup, they are the setup's, in that order.
        if self.setup.by_id.len() == self.battle.combatants.len() {
            debug_assert!(
                self.setup
                    .by_id
                    .iter()
                    .zip(self.battle.combatants.keys())
                    .all(|(&i, id)| self.setup.sides[i].0 == *id)
            );
            // Whether anyone is kept from acting by a condition (usually
            // nobody), found in one pass over the effects.
            let kept = self
                .battle
                .clock
                .effects
                .iter()
                .any(|e| prevents_actions(&e.payload));
            for (&i, (id, c)) in self.setup.by_id.iter().zip(&self.battle.combatants) {
                let f = &c.fighter;
                let out = f.dead
                    || f.is_downed()
                    || self.fled[i]
                    || (kept && self.battle.has_effect(id, prevents_actions));
                able[i] = !out;
            }
        } else {
            for (i, (id, _)) in self.setup.sides.iter().enumerate() {
                able[i] = self.can_fight(id);
            }
        }
    }

    /// Reads the distances into the table by index if they changed since
    /// they were last read.
    fn read_distances_if_changed(&mut self) {
        if self.distances_read != Some(self.battle.distances.sets()) {
            self.read_distances();
        }
    }

    /// Reads the battle's distances into the table by index: all of them
    /// the first time, then those set since the last time.
    fn read_distances(&mut self) {
        let n = self.setup.sides.len();
        let since = match self.distances_read {
            Some(sets) => sets,
            None => {
                self.distances.clear();
                self.distances.resize(n * n, None);
                0
            }
        };
        for ((a, b), metres) in self.battle.distances.set_since(since) {
            if let (Some(i), Some(j)) = (self.index_of(a), self.index_of(b)) {
                self.distances[i * n + j] = Some(metres);
                self.distances[j * n + i] = Some(metres);
            }
        }
        self.distances_read = Some(self.battle.distances.sets());
    }

    /// The metres between the setup's combatants `a` and `b` (indices), if
    /// known: [`Battle::distance`] of their ids.
    pub(crate) fn distance(&self, a: usize, b: usize) -> Option<i64> {
        let n = self.setup.sides.len();
        self.distances.get(a * n + b).copied().flatten()
    }

    /// The setup's combatant `i` (index), as the battle holds it: found by
    /// its place in the battle's order while everyone is there (the
    /// simulator adds nobody, and those who leave stay), else by its id.
    pub(crate) fn combatant(&self, i: usize) -> Option<&Combatant> {
        let combatants = &self.battle.combatants;
        if combatants.len() == self.setup.sides.len() {
            let (id, c) = combatants.get_index(*self.setup.position.get(i)?)?;
            debug_assert_eq!(*id, self.setup.sides[i].0);
            Some(c)
        } else {
            combatants.get(&self.setup.sides.get(i)?.0)
        }
    }

    /// The index of `id` among the setup's combatants.
    pub(crate) fn index_of(&self, id: &CombatantId) -> Option<usize> {
        self.setup.sides.iter().position(|(c, _)| c == id)
    }

    /// Whether side number `side` (of the sorted side names) has someone
    /// who can still fight.
    fn side_stands(&self, side: usize) -> bool {
        self.setup
            .side_index
            .iter()
            .zip(&self.able)
            .any(|(s, able)| *s == side && *able)
    }

    /// How many sides have someone who can still fight, and the first of
    /// them by name.
    fn standing_sides(&self) -> (usize, Option<&str>) {
        let mut standing = (0..self.setup.side_names.len()).filter(|s| self.side_stands(*s));
        let first = standing.next().map(|s| self.setup.side_names[s].as_str());
        (usize::from(first.is_some()) + standing.count(), first)
    }

    /// Counts who can fight on each side, and the sides standing, from
    /// `able`.
    fn count_able(&mut self) {
        let mut by_side = std::mem::take(&mut self.able_by_side);
        by_side.clear();
        by_side.resize(self.setup.side_names.len(), 0);
        for (side, able) in self.setup.side_index.iter().zip(&self.able) {
            by_side[*side] += usize::from(*able);
        }
        self.sides_standing = by_side.iter().filter(|n| **n > 0).count();
        self.able_by_side = by_side;
    }

    /// How many of side number `side` can still fight, and how many of the
    /// other sides (counted when who can fight was last worked out).
    pub(crate) fn strengths(&self, side: usize) -> (usize, usize) {
        let allies = self.able_by_side.get(side).copied().unwrap_or(0);
        let all: usize = self.able_by_side.iter().sum();
        (allies, all - allies)
    }

    /// Whether two sides or more can still fight (counted when who can
    /// fight was last worked out).
    fn fight_on(&self) -> bool {
        debug_assert_eq!(self.sides_standing, self.standing_sides().0);
        self.sides_standing >= 2
    }

    /// A combatant that spent its turn running leaves the battle (the GM
    /// removes it, CX-TURN-08).
    fn leave(&mut self, id: &CombatantId) {
        if self.execute(Command::Clock(ClockCommand::Leave { id: id.clone() })) {
            if let Some(i) = self.index_of(id) {
                self.fled[i] = true;
            }
            self.refresh();
        }
    }
}

/// Whether `e` leaves everyone's ability to fight as it was: it spends
/// actions, passes turns, moves, aims, reloads, or misses, adds no
/// condition that keeps its bearer from acting, and ends an effect only
/// while none keeps anyone from acting (`held_back`: whether one did when
/// who can fight was last worked out; none has been added since, or that
/// would have been worked out again). Who can fight is worked out again
/// only after a command with some other event (in a debug build, it is
/// worked out anyway and checked to be the same).
fn leaves_able(e: &Event, held_back: bool) -> bool {
    match e {
        Event::Clock(c) => match c {
            ClockEvent::ActionsSpent { .. }
            | ClockEvent::TurnEnded { .. }
            | ClockEvent::TurnBegan { .. }
            | ClockEvent::RoundBegan { .. }
            | ClockEvent::ReactionUsed { .. } => true,
            ClockEvent::EffectAdded { effect } => !prevents_actions(&effect.payload),
            ClockEvent::EffectEnded { .. } => !held_back,
            _ => false,
        },
        Event::Shot { shot, .. } => shot.strike.is_none(),
        Event::Moved { .. }
        | Event::Walked { .. }
        | Event::DistanceSet { .. }
        | Event::Positioned { .. }
        | Event::Reloaded { .. }
        | Event::JamCleared { .. } => true,
        _ => false,
    }
}

/// Whether an effect keeps its bearer from acting: a condition that does.
fn prevents_actions(e: &CxEffect) -> bool {
    matches!(e, CxEffect::Condition(k) if k.kind.prevents_actions())
}

/// The battle `start` after the commands of `log`, decided again with dice
/// seeded by `seed`: a fight's battle rebuilt from its setup, when a
/// command refused halfway has to be undone. The engine is a function of
/// the battle and the dice, so the same commands with the same dice give
/// the same battle.
fn replay(start: &Battle, log: &[Command], seed: u64) -> Battle {
    let mut battle = start.clone();
    let mut dice = SeededDice::new(seed);
    for c in log {
        // Each was taken before, from this very battle and these dice.
        let _ = command::decide_in_place(&mut battle, c, &mut dice, false, &mut Default::default());
    }
    battle
}

/// Plays one fight from `setup` with dice seeded by `seed`; a draw after
/// `max_rounds` rounds.
pub fn play(setup: &Setup, seed: u64, max_rounds: u32) -> Fight {
    play_with(setup, seed, max_rounds, &mut Reused::default())
}

/// What a thread playing many fights reuses from one fight to the next
/// instead of making anew: the log of commands, the battle, which each
/// fight copies its setup's over (reusing its strings and lists), and the
/// buffers commands are decided with.
#[derive(Debug, Default)]
pub(crate) struct Reused {
    log: Vec<Command>,
    battle: Battle,
    buffers: command::InPlace,
}

/// As [`play`], with the log and battle of `reused`.
pub(crate) fn play_with(setup: &Setup, seed: u64, max_rounds: u32, reused: &mut Reused) -> Fight {
    let mut log = std::mem::take(&mut reused.log);
    log.clear();
    let mut battle = std::mem::take(&mut reused.battle);
    battle.clone_from(&setup.battle);
    let buffers = std::mem::take(&mut reused.buffers);
    let mut run = Run::new(setup, battle, seed, log, buffers);
    if run
        .battle
        .clock
        .seats
        .iter()
        .any(|s| s.initiative.is_none())
    {
        run.execute(Command::RollInitiative { who: Vec::new() });
    }
    run.execute(Command::Clock(ClockCommand::Begin {
        surprise: setup.surprise.clone(),
    }));
    loop {
        if !run.fight_on() || run.battle.round() > max_rounds {
            break;
        }
        if !run.battle.in_combat() {
            break;
        }
        if let Some(me) = run.battle.clock.active.clone() {
            let mut fleeing = false;
            // Who can fight is worked out after every command.
            let mine = run.index_of(&me);
            for _ in 0..MAX_COMMANDS_PER_TURN {
                let Some(i) = mine.filter(|i| run.able[*i]) else {
                    break;
                };
                if !run.fight_on() {
                    break;
                }
                let Some(choice) = policy::choose(&run, &me, i) else {
                    break;
                };
                fleeing |= choice.fleeing;
                if !run.execute(choice.command) {
                    break;
                }
                run.kept_pick = choice
                    .aiming_for
                    .filter(|kept| kept.still_holds(&run, &run.buffers.events));
                for c in choice.then {
                    run.execute(c);
                }
            }
            if fleeing {
                run.leave(&me);
            }
        }
        if !run.execute(Command::Clock(ClockCommand::NextTurn)) {
            break;
        }
    }
    let winner = match run.standing_sides() {
        (1, Some(side)) if run.battle.round() <= max_rounds => Some(side.to_string()),
        _ => None,
    };
    let rounds = run.battle.round().min(max_rounds).max(1);
    if run.battle.clock.phase != FightPhase::Ended {
        run.execute(Command::Clock(ClockCommand::End));
    }
    let losses = setup
        .sides
        .iter()
        .zip(&run.fled)
        .filter_map(|((id, _), fled)| {
            let c = run.battle.combatants.get(id)?;
            if *fled {
                Some((id.clone(), Loss::Fled))
            } else if c.fighter.dead {
                Some((id.clone(), Loss::Dead))
            } else if !run.can_fight(id) {
                Some((id.clone(), Loss::Down))
            } else {
                None
            }
        })
        .collect();
    let fight = Fight {
        winner,
        rounds,
        losses,
        shots: run.shots,
        refused: run.refused,
    };
    reused.log = run.log;
    reused.battle = run.battle;
    reused.buffers = run.buffers;
    fight
}

#[cfg(test)]
mod tests {
    use nanite_core::content::SourceFile;
    use nanite_core::{ClockCommand, CombatantId, ScriptedDice, SeededDice};

    use crate::Pack;
    use crate::combat::{ConditionKind, Cover, Fighter, Stance};
    use crate::encounter::{Battle, Command, command};
    use crate::pack::FireMode;
    use crate::test_support::{fighter, pack};

    /// The GM's command `c` on `battle`, in place; the GM's commands roll
    /// nothing.
    fn gm(battle: &mut Battle, c: &Command) {
        let mut none = ScriptedDice::new([]);
        command::decide_in_place(battle, c, &mut none, true, &mut Default::default())
            .unwrap_or_else(|_| panic!("{c:?} refused"));
    }

    /// Vex and the raider of the examples.
    fn vex_and_raider(pack: &Pack) -> (Fighter, Fighter) {
        (
            fighter(
                pack,
                "vex.toml",
                include_str!("../../../../examples/compound-x/vex.toml"),
            ),
            fighter(
                pack,
                "raider.toml",
                include_str!("../../../../examples/compound-x/raider.toml"),
            ),
        )
    }

    /// The GM adds `fighter` as `id` of `side`, in the open and standing.
    fn add(id: &CombatantId, side: &str, fighter: Fighter) -> Command {
        Command::Add {
            id: id.clone(),
            side: side.into(),
            hidden: false,
            fighter: Box::new(fighter),
            cover: Cover::None,
            stance: Stance::Standing,
        }
    }

    /// The simulator's undo: a command refused after some of its events
    /// were applied in place says so, and deciding the commands taken
    /// before it again from the start, with dice from the same seed, gives
    /// back the battle as it was, dice rolled along the way included.
    #[test]
    fn a_command_refused_halfway_is_undone_by_replaying_the_log() {
        let (vex, raider) = vex_and_raider(&pack());
        let (a, b) = (CombatantId::from("vex"), CombatantId::from("raider"));
        let seed = 11;
        let start = Battle::new();
        let mut battle = start.clone();
        let mut dice = SeededDice::new(seed);
        let mut log: Vec<Command> = vec![
            add(&a, "crew", vex),
            add(&b, "raiders", raider),
            Command::RollInitiative { who: vec![] },
            Command::Distance {
                a: a.clone(),
                b: b.clone(),
                metres: 10,
            },
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        ];
        let take = |battle: &mut Battle, c: &Command, dice: &mut SeededDice| {
            command::decide_in_place(battle, c, dice, false, &mut Default::default())
                .unwrap_or_else(|_| panic!("{c:?} refused"));
        };
        for c in &log {
            take(&mut battle, c, &mut dice);
        }
        // The first to act aims and shoots (dice rolled), and the other is
        // burning.
        let first = battle.clock.active.clone().unwrap();
        let other = if first == a { b.clone() } else { a.clone() };
        let (weapon, mode) = battle.combatants[&first]
            .fighter
            .weapons
            .iter()
            .enumerate()
            .find_map(|(w, weapon)| {
                [FireMode::Semi, FireMode::Burst, FireMode::Auto]
                    .into_iter()
                    .find(|m| weapon.has_mode(*m) && weapon.loaded >= weapon.rounds_for(*m))
                    .map(|m| (w, m))
            })
            .unwrap();
        let more = [
            Command::Aim { id: first.clone() },
            Command::Fire {
                id: first.clone(),
                target: other.clone(),
                weapon,
                mode,
                fire: None,
                distance: None,
                cover: None,
            },
            Command::Afflict {
                target: other.clone(),
                condition: ConditionKind::PlasmaBurn,
                turns: Some(3),
            },
        ];
        for c in more {
            take(&mut battle, &c, &mut dice);
            log.push(c);
        }
        let before = serde_json::to_value(&battle).unwrap();
        // The other's turn begins (events applied), then its plasma burn
        // needs a die the empty script does not have.
        let next = Command::Clock(ClockCommand::NextTurn);
        let Err(refused) = command::decide_in_place(
            &mut battle,
            &next,
            &mut ScriptedDice::new([]),
            true,
            &mut Default::default(),
        ) else {
            panic!("the turn began without a die for the burn");
        };
        assert!(refused.spoiled);
        assert_ne!(serde_json::to_value(&battle).unwrap(), before);
        let rebuilt = super::replay(&start, &log, seed);
        assert_eq!(serde_json::to_value(&rebuilt).unwrap(), before);
        // Other dice would not have given it back.
        let other_dice = super::replay(&start, &log, seed + 1);
        assert_ne!(serde_json::to_value(&other_dice).unwrap(), before);
    }

    /// Unexplained (the simulator), a shot's or a move's action says only
    /// its kind ("fire", "move") and an effect's end says nothing of why;
    /// explained (the table), all in full. The battle after them is the
    /// same either way: the rules read only the kind of action (a sprint or
    /// not), never the words.
    #[test]
    fn unexplained_decisions_make_no_texts_and_the_same_battle() {
        use nanite_core::ClockEvent;

        use crate::encounter::Event;
        use crate::pack::FireMode;
        let (vex, raider) = vex_and_raider(&pack());
        let (a, b) = (CombatantId::from("vex"), CombatantId::from("raider"));
        let setup = [
            add(&a, "crew", vex),
            add(&b, "raiders", raider),
            Command::Clock(ClockCommand::SetInitiative {
                id: a.clone(),
                total: 90,
            }),
            Command::Clock(ClockCommand::SetInitiative {
                id: b.clone(),
                total: 10,
            }),
            Command::Distance {
                a: a.clone(),
                b: b.clone(),
                metres: 10,
            },
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
        ];
        let weapon = 0;
        let turn = [
            Command::Aim { id: a.clone() },
            Command::Fire {
                id: a.clone(),
                target: b.clone(),
                weapon,
                mode: FireMode::Semi,
                fire: None,
                distance: None,
                cover: None,
            },
            Command::Move {
                id: a.clone(),
                metres: 2,
                way: crate::encounter::Way::Toward { id: b.clone() },
                sprint: false,
                cover: None,
                concealed: false,
            },
            Command::Clock(ClockCommand::NextTurn),
        ];
        let play = |explain: bool| {
            let mut battle = Battle::new();
            let mut dice = SeededDice::new(3);
            let mut buffers = Default::default();
            let mut texts = Vec::new();
            for c in setup.iter().chain(&turn) {
                command::decide_in_place(&mut battle, c, &mut dice, explain, &mut buffers)
                    .unwrap_or_else(|_| panic!("{c:?} refused"));
                for e in &buffers.events {
                    match e {
                        Event::Clock(ClockEvent::ActionsSpent { on, .. }) => {
                            texts.push(format!("spent on {on:?}"));
                        }
                        Event::Clock(ClockEvent::EffectEnded { why, .. }) => {
                            texts.push(format!("ended: {why:?}"));
                        }
                        _ => {}
                    }
                }
            }
            (texts, battle)
        };
        let (told, at_the_table) = play(true);
        let weapon_name = &at_the_table.combatants[&a].fighter.weapons[weapon].name;
        // The raider, shot at, dives for the dirt (CX-MOVE-07), which its
        // turn's start pays for.
        let dive = [
            r#"spent on "hit the dirt (CX-MOVE-07)""#,
            r#"ended: "the dive is paid for""#,
        ];
        assert_eq!(
            told,
            [
                r#"spent on "aim""#.to_string(),
                format!(r#"spent on "fire {weapon_name} semi at raider""#),
                r#"spent on "move 2 m toward raider""#.to_string(),
                r#"ended: "aimed ended at the end of vex's turn""#.to_string(),
            ]
            .into_iter()
            .chain(dive.map(String::from))
            .collect::<Vec<_>>()
        );
        let (terse, simulated) = play(false);
        assert_eq!(
            terse,
            [
                r#"spent on "aim""#,
                r#"spent on "fire""#,
                r#"spent on "move""#,
                r#"ended: """#,
            ]
            .into_iter()
            .chain(dive)
            .collect::<Vec<_>>()
        );
        let state = |b: &Battle| {
            let mut v = serde_json::to_value(b).unwrap();
            // The turn's actions went on the same things, told more or less.
            v["clock"]["budget"]["spent"] = serde_json::Value::Null;
            v
        };
        assert_eq!(state(&simulated), state(&at_the_table));
    }

    /// The simulator's fights on a battle map replay through the engine:
    /// every command the policies chose (moves to points around the walls,
    /// shots at those they see, crouching behind cover) is accepted again,
    /// one by one, from the setup with dice from the same seed, and gives
    /// the very battle the fight ended with.
    #[test]
    fn fights_on_a_map_replay_through_the_engine() {
        use crate::encounter::Point;
        use crate::encounter_file::read_map;
        use crate::sim::{MAX_ROUNDS, Setup};
        let (vex, raider) = vex_and_raider(&pack());
        // The warehouse of the examples: an office wall with a closed door
        // between the sides, crates, a pillar.
        let text = include_str!("../../../../examples/compound-x/warehouse-map.toml");
        let known = [CombatantId::from("vex"), CombatantId::from("raider")];
        let (map, found) = read_map(&SourceFile::new("warehouse-map.toml", text), &known);
        let layout = map.unwrap_or_else(|| panic!("{found:?}")).layout;
        let mut battle = Battle::new();
        gm(&mut battle, &Command::Map { layout });
        for (who, side, f, at) in [
            ("vex-1", "crew", &vex, Point::metres(7, 9)),
            ("vex-2", "crew", &vex, Point::metres(5, 4)),
            ("raider-1", "raiders", &raider, Point::new(225, 50)),
            ("raider-2", "raiders", &raider, Point::metres(26, 17)),
        ] {
            let id = CombatantId::from(who);
            gm(&mut battle, &add(&id, side, f.clone()));
            gm(&mut battle, &Command::Place { id, at });
        }
        let setup = Setup::new(battle).unwrap();
        let mut moves = 0;
        for seed in 0..12 {
            let mut reused = super::Reused::default();
            let fight = super::play_with(&setup, seed, MAX_ROUNDS, &mut reused);
            assert_eq!(fight.refused, 0, "seed {seed}: {fight:?}");
            let mut again = setup.battle.clone();
            let mut dice = SeededDice::new(seed);
            for c in &reused.log {
                moves += usize::from(matches!(c, Command::MoveTo { .. }));
                command::decide_in_place(&mut again, c, &mut dice, false, &mut Default::default())
                    .unwrap_or_else(|_| panic!("seed {seed}: {c:?} refused on replay"));
            }
            assert_eq!(
                serde_json::to_value(&again).unwrap(),
                serde_json::to_value(&reused.battle).unwrap(),
                "seed {seed}"
            );
        }
        // They walked: the policies moved on the map.
        assert!(moves > 0);
    }

    /// A battle copied over another in place (`clone_from`, as each
    /// simulated fight starts) is the very battle copied, whatever the one
    /// it overwrites held: a fight's end (wounds, spent ammunition,
    /// effects), more combatants, or fewer.
    #[test]
    fn a_battle_copied_in_place_is_the_battle_copied() {
        use crate::sim::{MAX_ROUNDS, Setup};
        let (vex, raider) = vex_and_raider(&pack());
        let cast = |n: usize| {
            let mut battle = Battle::new();
            for i in 0..n {
                let (side, f) = if i % 2 == 0 {
                    ("crew", &vex)
                } else {
                    ("raiders", &raider)
                };
                gm(
                    &mut battle,
                    &add(&CombatantId::new(&format!("c{i}")), side, f.clone()),
                );
            }
            for i in 0..n {
                for j in (i + 1..n).step_by(2) {
                    let set = Command::Distance {
                        a: CombatantId::new(&format!("c{i}")),
                        b: CombatantId::new(&format!("c{j}")),
                        metres: 12,
                    };
                    gm(&mut battle, &set);
                }
            }
            Setup::new(battle).unwrap()
        };
        let json = |b: &Battle| serde_json::to_value(b).unwrap();
        let four = cast(4);
        // A fight's end, over which the next fight's start is copied.
        let mut reused = super::Reused::default();
        super::play_with(&four, 7, MAX_ROUNDS, &mut reused);
        assert_ne!(json(&reused.battle), json(&four.battle));
        for over in [reused.battle, cast(6).battle, cast(2).battle, Battle::new()] {
            let mut battle = over;
            battle.clone_from(&four.battle);
            assert_eq!(json(&battle), json(&four.battle));
        }
    }

    /// An event is moved several times a command (decided, kept, applied):
    /// at 128 bytes or less, a move is a few register copies instead of a
    /// call to copy memory. What is bigger and rare rides in a box (a
    /// shot, a swing, a suppression hit, a spell's save, an effect).
    #[test]
    fn an_event_is_moved_inline() {
        use nanite_core::ClockEvent;

        use crate::encounter::{CxEffect, Event};
        assert!(std::mem::size_of::<Event>() <= 128);
        assert!(std::mem::size_of::<ClockEvent<CxEffect>>() <= 64);
    }

    /// The simulator weighs every mode at once (`miss_chances`); each mode's
    /// miss chance is the rules' own (`aim_numbers`), for every weapon,
    /// distance, fire, cover and stance.
    #[test]
    fn the_miss_chances_of_every_mode_are_the_rules_own() {
        use crate::combat::{Aim, Fire, aim_numbers, miss_chances};
        use crate::pack::FireMode;
        let pack = pack();
        for (file, text) in [
            (
                "vex.toml",
                include_str!("../../../../examples/compound-x/vex.toml"),
            ),
            (
                "raider.toml",
                include_str!("../../../../examples/compound-x/raider.toml"),
            ),
            (
                "scav.toml",
                include_str!("../../../../examples/compound-x/scav.toml"),
            ),
        ] {
            let f = fighter(&pack, file, text);
            for weapon in 0..f.weapons.len() {
                for distance in [0, 1, 3, 8, 15, 30, 60, 120] {
                    for fire in [Fire::Aimed, Fire::Hip, Fire::Blind] {
                        for (cover, stance) in [
                            (Cover::None, Stance::Standing),
                            (Cover::Partial, Stance::Crouched),
                            (Cover::Full, Stance::Prone),
                        ] {
                            let aim = Aim {
                                weapon,
                                mode: FireMode::Semi,
                                fire,
                                distance,
                                cover,
                                stance,
                                shooter_stance: stance,
                                suppressed: distance > 10,
                                sprinting: false,
                                stealth: false,
                                condition: 1,
                                no_crits: false,
                            };
                            let all = miss_chances(&f, &aim);
                            for (mode, miss) in FireMode::ALL.into_iter().zip(all) {
                                let one = aim_numbers(&f, &Aim { mode, ..aim }).miss_chance;
                                assert_eq!(miss, one, "{file} weapon {weapon} {mode:?} {aim:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
