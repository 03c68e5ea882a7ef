//! The arena of the encounter rule tests (turns, death, conditions in play,
//! shooting in play, refusals, firefights): recruits built from the support
//! template, a fight driven by commands with forced dice that must all be
//! used, and refusals that must explain themselves and change nothing.
//!
//! Forced dice: a d10 is its face; a d100 is two d10, tens then ones, with a
//! face 0 typed as 10 (42 is `4, 2`; 30 is `3, 10`; 100 is `10, 10`).

use nanite_compound_x::check::Effort;
use nanite_compound_x::combat::{ConditionKind, Cover, Fighter, Fire, Stance};
use nanite_compound_x::encounter::{
    Battle, Combatant, Command, CompoundX, MeleeKind, Way, narrate_all,
};
use nanite_compound_x::{DamageType, FireMode, Sheet, Suppression};
use nanite_core::{ClockCommand, CombatantId, Game, Ruleset, ScriptedDice};

use super::support::{TEMPLATE, character, edit, sample, valid_sheet};

/// Vex Marrow: a level 5 soldier, 140 HP, flak jacket (60%, APL 2, 15 AP),
/// CS-1 shield (30, +5 a turn, restarts after 3 turns, 10 nanites fast),
/// Basic SMG with a Dot Sight (aimed 3/4/5 at 0-10/11-20/21-40 m, optical),
/// Medicine 20, Will +12, Shock +14, 60 nanites.
pub(crate) const VEX: &str = include_str!("../../../../examples/compound-x/vex.toml");
/// The Depot Raider: a level 1 soldier, 120 HP, padded vest (40%, APL 1,
/// 10 AP), AR-7 (aimed 3/4/6, hip 6/7/9 at 0-15/16-40/41-80 m), combat knife.
pub(crate) const RAIDER: &str = include_str!("../../../../examples/compound-x/raider.toml");

/// A combatant id.
pub(crate) fn id(s: &str) -> CombatantId {
    CombatantId::from(s)
}

/// The fighter of a character text (read cleanly; warnings allowed).
pub(crate) fn fighter(text: &str) -> Fighter {
    Fighter::from_sheet(&Sheet::compute(&character(text), sample()), sample())
}

/// A level-0 human built from the support template: every stat 6 unless
/// changed (the 42 points must still add up), the skills, gear and weapons
/// given. [`Recruit::fighter`] insists that it validates.
#[derive(Clone, Debug)]
pub(crate) struct Recruit {
    name: String,
    class: String,
    stats: Vec<(&'static str, i64)>,
    skills: Vec<(&'static str, i64)>,
    items: Vec<(&'static str, i64)>,
    weapons: Vec<(&'static str, Vec<&'static str>, i64)>,
}

impl Recruit {
    /// A soldier called `name` with no skills and nothing carried.
    pub(crate) fn new(name: &str) -> Recruit {
        Recruit {
            name: name.into(),
            class: "soldier".into(),
            stats: Vec::new(),
            skills: Vec::new(),
            items: Vec::new(),
            weapons: Vec::new(),
        }
    }

    /// Another class.
    pub(crate) fn class(mut self, class: &str) -> Recruit {
        self.class = class.into();
        self
    }

    /// A stat other than 6.
    pub(crate) fn stat(mut self, stat: &'static str, value: i64) -> Recruit {
        self.stats.push((stat, value));
        self
    }

    /// Points in a skill.
    pub(crate) fn skill(mut self, skill: &'static str, points: i64) -> Recruit {
        self.skills.push((skill, points));
        self
    }

    /// Carried items.
    pub(crate) fn item(mut self, item: &'static str, count: i64) -> Recruit {
        self.items.push((item, count));
        self
    }

    /// A weapon with its attachments and spare magazines.
    pub(crate) fn weapon(
        mut self,
        weapon: &'static str,
        attachments: &[&'static str],
        magazines: i64,
    ) -> Recruit {
        self.weapons.push((weapon, attachments.to_vec(), magazines));
        self
    }

    /// The character file.
    pub(crate) fn text(&self) -> String {
        let mut text = edit(
            TEMPLATE,
            &[
                ("name = \"Tess\"", &format!("name = \"{}\"", self.name)),
                (
                    "class = \"soldier\"",
                    &format!("class = \"{}\"", self.class),
                ),
            ],
        );
        for (stat, value) in &self.stats {
            text = edit(
                &text,
                &[(&format!("{stat} = 6"), &format!("{stat} = {value}"))],
            );
        }
        let skills: String = self
            .skills
            .iter()
            .map(|(skill, points)| format!("{skill} = {points}\n"))
            .collect();
        let items: Vec<String> = self
            .items
            .iter()
            .map(|(item, count)| format!("{item} = {count}"))
            .collect();
        let equipment = format!("[equipment]\nitems = {{ {} }}\n", items.join(", "));
        text = edit(
            &text,
            &[
                ("[skills]\nsmgs = 10\n", &format!("[skills]\n{skills}")),
                ("[equipment]\nitems = {}\n", &equipment),
            ],
        );
        for (weapon, attachments, magazines) in &self.weapons {
            let attachments: Vec<String> = attachments.iter().map(|a| format!("\"{a}\"")).collect();
            text.push_str(&format!(
                "\n[[equipment.weapons]]\nid = \"{weapon}\"\nattachments = [{}]\nmagazines = {magazines}\n",
                attachments.join(", ")
            ));
        }
        text
    }

    /// Its fighter; the character must read and validate without a problem.
    pub(crate) fn fighter(&self) -> Fighter {
        Fighter::from_sheet(&valid_sheet(&self.text()), sample())
    }
}

/// A fight driven by commands with forced dice.
#[derive(Clone)]
pub(crate) struct Arena {
    pub(crate) game: Game<CompoundX>,
}

impl Arena {
    /// An empty battle.
    pub(crate) fn new() -> Arena {
        Arena {
            game: Game::new(Battle::new()),
        }
    }

    /// Everyone in `cast` (id, side, fighter) standing in the open with
    /// initiative in the order given (the first acts first), every pair
    /// `metres` apart; not begun.
    pub(crate) fn with(cast: Vec<(&str, &str, Fighter)>, metres: i64) -> Arena {
        let mut a = Arena::new();
        let ids: Vec<String> = cast.iter().map(|(who, _, _)| who.to_string()).collect();
        for (i, (who, side, f)) in cast.into_iter().enumerate() {
            a.add(who, side, f);
            a.run(
                Command::Clock(ClockCommand::SetInitiative {
                    id: id(who),
                    total: 90 - 10 * i64::try_from(i).unwrap(),
                }),
                &[],
            );
        }
        for (i, a_id) in ids.iter().enumerate() {
            for b_id in &ids[i + 1..] {
                a.run(distance(a_id, b_id, metres), &[]);
            }
        }
        a
    }

    /// Vex (first) and the raider, 12 m apart in the open, begun: Vex's
    /// turn in round 1.
    pub(crate) fn duel() -> Arena {
        let mut a = Arena::vex_and_raider(12);
        a.begin(&[]);
        a
    }

    /// Vex (first) and the raider, `metres` apart in the open; not begun.
    pub(crate) fn vex_and_raider(metres: i64) -> Arena {
        Arena::with(
            vec![
                ("vex", "crew", fighter(VEX)),
                ("raider", "raiders", fighter(RAIDER)),
            ],
            metres,
        )
    }

    /// Adds `who` on `side`, standing in the open.
    pub(crate) fn add(&mut self, who: &str, side: &str, f: Fighter) -> String {
        self.run(join(who, side, f), &[])
    }

    /// The GM sets the metres between `a` and `b`.
    pub(crate) fn distance(&mut self, a: &str, b: &str, metres: i64) {
        self.run(distance(a, b, metres), &[]);
    }

    /// Begins the fight (the first turn's start and any Black Cat rolls use
    /// `dice`).
    pub(crate) fn begin(&mut self, dice: &[i64]) -> String {
        self.run(
            Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            dice,
        )
    }

    /// The battle.
    pub(crate) fn state(&self) -> &Battle {
        self.game.state()
    }

    /// The battle as JSON, for exact comparisons.
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::to_value(self.state()).unwrap()
    }

    /// Runs a command that must be accepted, using every forced die; returns
    /// the narrated log.
    pub(crate) fn run(&mut self, command: Command, dice: &[i64]) -> String {
        let before = self.state().clone();
        // The decision's scratch battle, on the same dice: what a table's
        // game keeps as its state (`Game::execute_keeping_before`).
        let decided = <CompoundX as Ruleset>::decide_with_state(
            &before,
            &command,
            &mut ScriptedDice::new(dice.iter().copied()),
        )
        .map(|(battle, _)| serde_json::to_value(&battle).unwrap());
        let mut source = ScriptedDice::new(dice.iter().copied());
        let entry = self
            .game
            .execute(&command, &mut source)
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        let log = narrate_all(&before, &entry.events).join("\n");
        assert_eq!(
            decided.ok(),
            Some(self.json()),
            "the decision's battle is not the battle its events lead to after {command:?}:\n{log}"
        );
        assert_eq!(
            source.remaining(),
            0,
            "not every forced die was used by {command:?}:\n{log}"
        );
        log
    }

    /// Runs a command that must be refused: nothing changes, not the battle
    /// (compared as JSON) nor the log; returns the refusal's text.
    pub(crate) fn refuse(&mut self, command: Command, dice: &[i64]) -> String {
        let before = self.json();
        let entries = self.game.log().len();
        let mut source = ScriptedDice::new(dice.iter().copied());
        let why = match self.game.execute(&command, &mut source) {
            Ok(entry) => panic!("{command:?} was accepted: {:?}", entry.events),
            Err(e) => e.to_string(),
        };
        assert_eq!(
            self.json(),
            before,
            "refused ({why}) but the battle changed"
        );
        assert_eq!(self.game.log().len(), entries, "refused ({why}) but logged");
        why
    }

    /// The order of play, as combatant ids.
    pub(crate) fn order(&self) -> Vec<String> {
        self.state()
            .clock
            .order
            .iter()
            .map(|o| o.to_string())
            .collect()
    }

    /// Ends the turn; the next begins (its start uses `dice`).
    pub(crate) fn next(&mut self, dice: &[i64]) -> String {
        self.run(Command::Clock(ClockCommand::NextTurn), dice)
    }

    /// The combatant `who`.
    pub(crate) fn c(&self, who: &str) -> &Combatant {
        &self.state().combatants[&id(who)]
    }

    /// The fighter `who`.
    pub(crate) fn f(&self, who: &str) -> &Fighter {
        &self.c(who).fighter
    }

    /// The health of `who`.
    pub(crate) fn hp(&self, who: &str) -> i64 {
        self.f(who).hp
    }

    /// Whose turn it is.
    pub(crate) fn active(&self) -> Option<String> {
        self.state().clock.active.as_ref().map(|a| a.to_string())
    }

    /// Actions left in the turn under way.
    pub(crate) fn left(&self) -> u32 {
        self.state().clock.budget.left
    }

    /// Whether `who` is suppressed.
    pub(crate) fn suppressed(&self, who: &str) -> bool {
        self.state().is_suppressed(&id(who))
    }

    /// Rounds loaded in `who`'s weapon `weapon`.
    pub(crate) fn loaded(&self, who: &str, weapon: usize) -> i64 {
        self.f(who).weapons[weapon].loaded
    }

    /// Whether `who` bears a condition of `kind`.
    pub(crate) fn has(&self, who: &str, kind: ConditionKind) -> bool {
        self.state().has_condition(&id(who), kind)
    }

    /// The dice rolled by the last accepted command.
    pub(crate) fn last_dice(&self) -> usize {
        self.game.log().last().map_or(0, |e| e.dice.len())
    }
}

/// The GM adds `who` on `side`, visible, standing in the open.
pub(crate) fn join(who: &str, side: &str, f: Fighter) -> Command {
    Command::Add {
        id: id(who),
        side: side.into(),
        hidden: false,
        fighter: Box::new(f),
        cover: Cover::None,
        stance: Stance::Standing,
    }
}

/// The GM sets the distance between two combatants.
pub(crate) fn distance(a: &str, b: &str, metres: i64) -> Command {
    Command::Distance {
        a: id(a),
        b: id(b),
        metres,
    }
}

/// An action of `actions` (0: free).
pub(crate) fn act(who: &str, what: &str, actions: u32) -> Command {
    Command::Act {
        id: id(who),
        what: what.into(),
        actions,
    }
}

/// Aims (1 action).
pub(crate) fn aim(who: &str) -> Command {
    Command::Aim { id: id(who) }
}

/// A semi-automatic shot with the first weapon, fire as the state decides.
pub(crate) fn fire(who: &str, at: &str) -> Command {
    fire_with(who, at, 0, FireMode::Semi, None)
}

/// A hip-fired semi-automatic shot with the first weapon.
pub(crate) fn hip(who: &str, at: &str) -> Command {
    fire_with(who, at, 0, FireMode::Semi, Some(Fire::Hip))
}

/// A shot with everything named.
pub(crate) fn fire_with(
    who: &str,
    at: &str,
    weapon: usize,
    mode: FireMode,
    how: Option<Fire>,
) -> Command {
    Command::Fire {
        id: id(who),
        target: id(at),
        weapon,
        mode,
        fire: how,
        distance: None,
        cover: None,
    }
}

/// A semi-automatic shot with the first weapon, fire as the state decides,
/// at the `distance` and the target's `cover` the GM rules (if given).
pub(crate) fn fire_ruled(
    who: &str,
    at: &str,
    distance: Option<i64>,
    cover: Option<Cover>,
) -> Command {
    Command::Fire {
        id: id(who),
        target: id(at),
        weapon: 0,
        mode: FireMode::Semi,
        fire: None,
        distance,
        cover,
    }
}

/// Suppressive fire with the first weapon, at the level its weapon lays
/// down unless `level` is given.
pub(crate) fn suppress(who: &str, at: &str, level: Option<Suppression>) -> Command {
    Command::Suppress {
        id: id(who),
        target: id(at),
        weapon: 0,
        level,
    }
}

/// A melee attack with `weapon` (none: bare hands).
pub(crate) fn blow(
    who: &str,
    at: &str,
    weapon: Option<usize>,
    kind: MeleeKind,
    flanking: bool,
) -> Command {
    Command::Melee {
        id: id(who),
        target: id(at),
        weapon,
        kind,
        flanking,
    }
}

/// The GM's damage from outside the fight.
pub(crate) fn harm(who: &str, amount: i64, damage_type: DamageType, apl: i64) -> Command {
    Command::Harm {
        target: id(who),
        amount,
        damage_type,
        apl,
        why: "a hazard".into(),
    }
}

/// Explosive damage: no shield, no armor roll.
pub(crate) fn blast(who: &str, amount: i64) -> Command {
    harm(who, amount, DamageType::Explosive, 0)
}

/// The GM puts a condition on `who`.
pub(crate) fn afflict(who: &str, condition: ConditionKind, turns: Option<u32>) -> Command {
    Command::Afflict {
        target: id(who),
        condition,
        turns,
    }
}

/// A save against a condition.
pub(crate) fn save(who: &str, condition: ConditionKind) -> Command {
    Command::Save {
        id: id(who),
        condition,
    }
}

/// A stabilize.
pub(crate) fn stabilize(who: &str, target: &str, kit: bool) -> Command {
    Command::Stabilize {
        id: id(who),
        target: id(target),
        kit,
        count_revive: false,
    }
}

/// A reload of the first weapon.
pub(crate) fn reload(who: &str) -> Command {
    Command::Reload {
        id: id(who),
        weapon: 0,
    }
}

/// A stance change on the combatant's turn.
pub(crate) fn stance(who: &str, to: Stance) -> Command {
    Command::Stance { id: id(who), to }
}

/// A walk of `metres` to somewhere else, ending in `cover` (if it changes)
/// and, if `concealed`, out of every suppressor's sight (CX-SUP-05).
pub(crate) fn into_cover(who: &str, metres: i64, cover: Option<Cover>, concealed: bool) -> Command {
    Command::Move {
        id: id(who),
        metres,
        way: Way::Elsewhere,
        sprint: false,
        cover,
        concealed,
    }
}

/// The GM's check of `skill` against `dc` for `who`, open and alone.
pub(crate) fn check(who: &str, skill: &str, dc: i64, effort: Effort) -> Command {
    check_with(who, skill, dc, effort, None)
}

/// The GM's open check with everything named: `combined_with`, the
/// combatant whose effort joins `who`'s.
pub(crate) fn check_with(
    who: &str,
    skill: &str,
    dc: i64,
    effort: Effort,
    combined_with: Option<&str>,
) -> Command {
    Command::Check {
        id: id(who),
        skill: skill.into(),
        dc,
        hidden: false,
        effort,
        combined_with: combined_with.map(str::to_string),
    }
}

/// A cast of `spell` at `target`, in `cover` if it is given.
pub(crate) fn cast(who: &str, spell: &str, target: &str, cover: Option<Cover>) -> Command {
    Command::Cast {
        id: id(who),
        spell: spell.into(),
        target: id(target),
        cover,
    }
}

/// Holds `actions` until `trigger` (CX-TURN).
pub(crate) fn hold(who: &str, actions: u32, trigger: &str) -> Command {
    Command::Hold {
        id: id(who),
        actions,
        trigger: trigger.into(),
    }
}

/// A change of cover and, if given, stance.
pub(crate) fn position(who: &str, cover: Option<Cover>, stance: Option<Stance>) -> Command {
    Command::Position {
        id: id(who),
        cover,
        stance,
    }
}

/// The GM rules `who` undetected by each of `from` (every enemy when
/// empty); `dc`, the DC a search must beat while it is not cloaked.
pub(crate) fn conceal(who: &str, from: &[&str], dc: Option<i64>) -> Command {
    Command::Conceal {
        id: id(who),
        from: from.iter().map(|f| id(f)).collect(),
        dc,
    }
}

/// A rest: long, or a short one.
pub(crate) fn rest(who: &str, long: bool) -> Command {
    Command::Rest { id: id(who), long }
}

/// A throw of `weapon` at `at`, at the distance the state gives.
pub(crate) fn throw(who: &str, at: &str, weapon: usize) -> Command {
    Command::Throw {
        id: id(who),
        target: id(at),
        weapon,
        distance: None,
    }
}

/// `who` grabs `target` to begin a grapple (CX-MELEE-03).
pub(crate) fn grab(who: &str, target: &str) -> Command {
    Command::Grapple {
        id: id(who),
        target: id(target),
    }
}

/// `who` looks for the undetected `target`: a free glance (Awareness), or a
/// search (1 action).
pub(crate) fn search(who: &str, target: &str, glance: bool) -> Command {
    Command::Search {
        id: id(who),
        target: id(target),
        glance,
    }
}
