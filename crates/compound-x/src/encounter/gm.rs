//! The GM's hand on the fight (combatants, distances, positions, damage,
//! conditions) and the plain actions of a turn (stances, checks, other
//! actions), with the consequences every harm shares.

use nanite_core::encounter::{Expiry, Moment};
use nanite_core::{ClockCommand, ClockEvent, CombatantId, DiceSource};

use super::{Combatant, CxEffect, Decision, Event, Refusal};
use crate::check::{CheckSpec, Effort, combined_spec, skill_check};
use crate::combat::{
    Blow, Condition, ConditionKind, Cover, Fighter, Stance, Strike, WeaponState, explain_strike,
    strike,
};
use crate::pack::DamageType;
use crate::sheet::SkillLine;

pub(crate) fn add(
    d: &mut Decision<'_>,
    id: &CombatantId,
    side: &str,
    hidden: bool,
    fighter: &Fighter,
    cover: Cover,
    stance: Stance,
) -> Result<(), Refusal> {
    if id.as_str().trim().is_empty() || id.as_str().chars().any(char::is_whitespace) {
        return Err(Refusal::Illegal {
            why: format!("'{id}' is not a usable handle: use one word such as 'drone-2'"),
        });
    }
    let joined = d.state.clock.decide(&ClockCommand::Join {
        id: id.clone(),
        side: side.to_string(),
        hidden,
    })?;
    for e in joined {
        d.clock(e);
    }
    d.push(Event::Entered {
        id: id.clone(),
        fighter: Box::new(fighter.clone()),
        cover,
        stance,
    });
    // What a campaign character carries from earlier fights: its injuries
    // (CX-HEAL-05) and the conditions that outlast a fight (CX-COND).
    for injury in &fighter.carried_in.injuries {
        let e = d.state.clock.add_effect(
            id,
            injury.key(),
            None,
            super::CxEffect::Injured { injury: *injury },
        );
        d.clock(e);
    }
    for lasting in &fighter.carried_in.conditions {
        let e = d.state.clock.add_effect(
            id,
            lasting.kind.key(),
            None,
            super::CxEffect::Condition(crate::combat::Condition {
                kind: lasting.kind,
                stacks: lasting.stacks.max(1),
                turns: 0,
            }),
        );
        d.clock(e);
    }
    Ok(())
}

pub(crate) fn distance(
    d: &mut Decision<'_>,
    a: &CombatantId,
    b: &CombatantId,
    metres: i64,
) -> Result<(), Refusal> {
    d.state.combatant(a)?;
    d.state.combatant(b)?;
    if a == b {
        return Err(Refusal::Illegal {
            why: format!("a distance needs two different combatants, not {a} twice"),
        });
    }
    if !(0..=100_000).contains(&metres) {
        return Err(Refusal::Illegal {
            why: format!("{metres} m is not a distance: give 0 to 100000 metres"),
        });
    }
    d.push(Event::DistanceSet {
        a: a.clone(),
        b: b.clone(),
        metres,
    });
    Ok(())
}

/// The GM sets a combatant's cover or stance (or both).
pub(crate) fn position(
    d: &mut Decision<'_>,
    id: &CombatantId,
    cover: Option<Cover>,
    stance: Option<Stance>,
) -> Result<(), Refusal> {
    d.state.combatant(id)?;
    d.push(Event::Positioned {
        id: id.clone(),
        cover,
        stance,
    });
    Ok(())
}

/// The GM kills a living combatant outright (CX-DEATH-09).
pub(crate) fn kill(d: &mut Decision<'_>, target: &CombatantId, why: &str) -> Result<(), Refusal> {
    let c = d.state.combatant(target)?;
    if c.fighter.dead {
        return Err(Refusal::Illegal {
            why: format!("{target} is already dead"),
        });
    }
    d.push(Event::Died {
        id: target.clone(),
        why: format!("{why} (kills outright, CX-DEATH-09)"),
    });
    Ok(())
}

/// Weapon `weapon` of `c`, the combatant `id`, or the refusal that it has
/// no such weapon.
pub(crate) fn weapon_of<'c>(
    c: &'c Combatant,
    id: &CombatantId,
    weapon: usize,
) -> Result<&'c WeaponState, Refusal> {
    c.fighter
        .weapons
        .get(weapon)
        .ok_or_else(|| Refusal::Illegal {
            why: format!("{id} has no weapon {weapon}"),
        })
}

/// Checks that `id` can take an action now: in the fight, alive, not downed,
/// not stunned, paralyzed or unconscious.
pub(crate) fn able<'a>(d: &'a Decision<'_>, id: &CombatantId) -> Result<&'a Combatant, Refusal> {
    let c = d.state.combatant(id)?;
    let cannot = |why: String| Refusal::CannotAct {
        id: id.clone(),
        why,
    };
    if c.fighter.dead {
        return Err(cannot("dead".into()));
    }
    if c.fighter.is_downed() {
        return Err(cannot(
            "downed and bleeding out: only a death save each turn until stabilized (CX-DEATH-02)"
                .into(),
        ));
    }
    // The payload is asked first: cheaper than comparing ids, and most
    // effects fail it.
    if let Some(k) = d.state.clock.effects.iter().find_map(|e| match &e.payload {
        CxEffect::Condition(c) if c.kind.prevents_actions() && &e.bearer == id => Some(c.kind),
        _ => None,
    }) {
        return Err(cannot(format!("{} (no actions, CX-COND-11)", k.key())));
    }
    if super::heal::incapacitated(d.state, id) {
        return Err(cannot(
            "broken everything: no actions until the GM mends it (CX-HEAL-05)".into(),
        ));
    }
    Ok(c)
}

/// Spends `actions` of `id`'s turn (or of its triggered held actions).
pub(crate) fn spend(
    d: &mut Decision<'_>,
    id: &CombatantId,
    actions: u32,
    on: impl Into<std::borrow::Cow<'static, str>>,
) -> Result<(), Refusal> {
    let e = d.state.clock.spend(id, actions, on)?;
    d.clock(e);
    Ok(())
}

/// [`spend`] on `target`, which `on` names (the event says so as data).
pub(crate) fn spend_on(
    d: &mut Decision<'_>,
    id: &CombatantId,
    actions: u32,
    on: impl Into<std::borrow::Cow<'static, str>>,
    target: &CombatantId,
) -> Result<(), Refusal> {
    let e = d.state.clock.spend_on(id, actions, on, target)?;
    d.clock(e);
    Ok(())
}

/// Refuses anything but fleeing and saving while afraid (CX-COND-04).
pub(crate) fn not_afraid(d: &Decision<'_>, id: &CombatantId, what: &str) -> Result<(), Refusal> {
    // Asked before most actions, and nearly always answered no: one look
    // through the effects for either fear first.
    let afraid = |e: &CxEffect| {
        matches!(e, CxEffect::Condition(c)
            if matches!(c.kind, ConditionKind::Fear | ConditionKind::GreaterFear))
    };
    if !d.state.has_effect(id, afraid) {
        return Ok(());
    }
    for kind in [ConditionKind::Fear, ConditionKind::GreaterFear] {
        if d.state.has_condition(id, kind) {
            let only = if kind == ConditionKind::Fear {
                "flee the source or roll a DC 50 Will save"
            } else {
                "roll a DC 75 Will save"
            };
            return Err(Refusal::CannotAct {
                id: id.clone(),
                why: format!(
                    "{} cannot {what}: it can only {only} (CX-COND-04)",
                    kind.key()
                ),
            });
        }
    }
    Ok(())
}

/// The action cost of a stance change (CX-TURN-07, CX-MOVE-04..06).
pub fn stance_cost(from: Stance, to: Stance) -> u32 {
    use Stance::*;
    match (from, to) {
        (a, b) if a == b => 0,
        // Crouching is free; stopping a hunker is free.
        (Standing, Crouched) | (Hunkered, Standing) | (Hunkered, Crouched) => 0,
        _ => 1,
    }
}

pub(crate) fn change_stance(
    d: &mut Decision<'_>,
    id: &CombatantId,
    to: Stance,
) -> Result<(), Refusal> {
    let from = able(d, id)?.stance;
    not_afraid(d, id, "change stance")?;
    if from == to {
        return Err(Refusal::Illegal {
            why: format!("{id} is already {}", to.key()),
        });
    }
    if d.state.has_condition(id, ConditionKind::PinnedDown) {
        return Err(Refusal::CannotAct {
            id: id.clone(),
            why: "pinned down: hunkered and unable to move for 2 full turns or until a DC 70 Will save (CX-COND-06)".into(),
        });
    }
    let cost = stance_cost(from, to);
    spend(d, id, cost, [from.key(), " to ", to.key()].concat())?;
    d.push(Event::Positioned {
        id: id.clone(),
        cover: None,
        stance: Some(to),
    });
    Ok(())
}

/// The DCs a check accepts (a doubled one stays far from overflowing).
pub(crate) const CHECK_DC_RANGE: std::ops::RangeInclusive<i64> = 0..=10_000;

/// A check the GM calls, as the command gives it.
pub(crate) struct CheckCall<'a> {
    pub(crate) id: &'a CombatantId,
    pub(crate) skill: &'a str,
    pub(crate) dc: i64,
    pub(crate) hidden: bool,
    pub(crate) effort: Effort,
    pub(crate) combined_with: Option<&'a str>,
}

/// `id`'s skill line `skill`, or a refusal naming the skills it has.
fn skill_line(c: &Combatant, skill: &str) -> Result<SkillLine, Refusal> {
    c.fighter
        .skill(skill)
        .cloned()
        .ok_or_else(|| Refusal::Illegal {
            why: format!(
                "no skill '{skill}'; skills are named by id: {}",
                c.fighter.skill_ids()
            ),
        })
}

/// Whether a check in a fight spends an action of its maker's turn: a
/// skill check costs 1 (CX-TURN-07), awareness is free ("awareness/getting
/// bearings free"), and a check the GM calls on someone outside their turn
/// is one the situation forces, not an action they chose, so it costs
/// nothing (a decision, docs/rules/compound-x.md "Checks called off turn";
/// a player gives checks only on their own turn, `choices::acting`).
fn check_costs_an_action(d: &Decision<'_>, id: &CombatantId, skill: &str) -> bool {
    let clock = &d.state.clock;
    let acting =
        clock.active.as_ref() == Some(id) || clock.held.get(id).is_some_and(|h| h.triggered);
    acting && skill != super::stealth::AWARENESS
}

pub(crate) fn check(
    d: &mut Decision<'_>,
    call: &CheckCall<'_>,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    let id = call.id;
    if !CHECK_DC_RANGE.contains(&call.dc) {
        return Err(Refusal::Illegal {
            why: format!(
                "DC {} is out of range: give a DC from {} to {}",
                call.dc,
                CHECK_DC_RANGE.start(),
                CHECK_DC_RANGE.end()
            ),
        });
    }
    let c = able(d, id)?;
    if d.state.in_combat() {
        not_afraid(d, id, "make a skill check")?;
    }
    let name = c.fighter.name.clone();
    let line = skill_line(c, call.skill)?;
    let second = match call.combined_with {
        Some(s) if s == call.skill => {
            return Err(Refusal::Illegal {
                why: format!(
                    "a combined check joins two different skills; '{s}' is given twice (CX-DICE-07)"
                ),
            });
        }
        Some(s) => Some(skill_line(c, s)?),
        None => None,
    };
    // Drink changes stats and weighs on driving, flying and heavy machinery
    // (CX-COND-09, CX-COND-10). A check taken at 50 or 100 adds no stat
    // bonus (CX-DICE-06), so only the machine penalty reaches it.
    let mut modifiers = Vec::new();
    for l in std::iter::once(&line).chain(second.as_ref()) {
        let value = c.fighter.stats.get(l.stat);
        modifiers.extend(
            d.state
                .check_changes(id, &l.id, (l.stat, value), call.effort.is_roll()),
        );
    }
    let spec = CheckSpec {
        dc: call.dc,
        hidden: call.hidden,
        effort: call.effort,
        in_combat: d.state.in_combat(),
        modifiers,
        ..CheckSpec::default()
    };
    for l in std::iter::once(&line).chain(second.as_ref()) {
        crate::check::may_attempt(l, &spec).map_err(|r| Refusal::Illegal {
            why: format!("{} (rule {})", r.message, r.rule),
        })?;
    }
    let (spec, what) = match &second {
        Some(s) => (
            combined_spec(&spec, s),
            format!(
                "{} and {} check (combined: one roll, DC {} doubled, CX-DICE-07)",
                line.name, s.name, call.dc
            ),
        ),
        None => (spec, format!("{} check", line.name)),
    };
    if d.state.in_combat() && check_costs_an_action(d, id, call.skill) {
        spend(d, id, 1, what.clone())?;
    }
    melee_check_penalty(d, id, dice)?;
    let result =
        skill_check(&name, &line, &spec, dice)?.map_err(|r| Refusal::Illegal { why: r.message })?;
    d.push(Event::Checked {
        id: id.clone(),
        what,
        result,
    });
    Ok(())
}

/// A skill check made in melee gives every engaged enemy a penalty attack
/// (CX-MELEE-02).
pub(crate) fn melee_check_penalty(
    d: &mut Decision<'_>,
    id: &CombatantId,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    for enemy in d.state.engaged_with(id) {
        super::melee::penalty_attack(d, &enemy, id, "a skill check in melee", dice)?;
    }
    Ok(())
}

/// Words that make an action vocal communication (CX-STAT-10): a word of
/// the action's description that starts with one of them ("talks", "shouting").
const VOCAL: [&str; 14] = [
    "talk",
    "speak",
    "say",
    "said",
    "shout",
    "yell",
    "whisper",
    "call",
    "tell",
    "warn",
    "ask",
    "taunt",
    "communicat",
    "radio",
];

/// Whether `what` describes vocal communication (CX-STAT-10).
fn is_vocal(what: &str) -> bool {
    what.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .any(|word| VOCAL.iter().any(|v| word.starts_with(v)))
}

pub(crate) fn act(
    d: &mut Decision<'_>,
    id: &CombatantId,
    what: &str,
    actions: u32,
) -> Result<(), Refusal> {
    if what.trim().is_empty() {
        return Err(Refusal::Illegal {
            why: "say what the action is (\"draw pistol\", \"flashlight\")".into(),
        });
    }
    if actions > super::LIMITS.actions_per_turn {
        return Err(Refusal::Illegal {
            why: format!(
                "{actions} actions is more than a whole turn ({}); split it over turns",
                super::LIMITS.actions_per_turn
            ),
        });
    }
    let actor = able(d, id)?;
    if actions == 0
        && d.state.in_combat()
        && actor.fighter.stats.get(crate::stat::Stat::Charisma) <= 1
        && is_vocal(what)
    {
        return Err(Refusal::Illegal {
            why: format!(
                "{} has CHA 1: in combat, vocal communication to anything costs 1 action (CX-STAT-10); give \"{what}\" 1 action",
                actor.fighter.name
            ),
        });
    }
    if actions == 0 {
        // Free actions may be taken at any time (CX-TURN-03); logged only.
        d.state.combatant(id)?;
        d.clock(ClockEvent::ActionsSpent {
            id: id.clone(),
            actions: 0,
            on: format!("{what} (free)").into(),
            target: None,
        });
        return Ok(());
    }
    spend(d, id, actions, what.to_owned())
}

pub(crate) fn harm(
    d: &mut Decision<'_>,
    target: &CombatantId,
    amount: i64,
    damage_type: DamageType,
    apl: i64,
    why: &str,
    dice: &mut dyn DiceSource,
) -> Result<(), Refusal> {
    if !(0..=1_000_000).contains(&amount) {
        return Err(Refusal::Illegal {
            why: format!("{amount} is not an amount of damage: give 0 to 1000000"),
        });
    }
    let c = d.state.combatant(target)?;
    if c.fighter.dead {
        return Err(Refusal::Illegal {
            why: format!("{target} is already dead"),
        });
    }
    let fighter = c.fighter.clone();
    let s = strike(
        &fighter,
        Blow {
            amount,
            damage_type,
            apl,
            non_lethal: false,
        },
        dice,
    )?;
    let mut b = nanite_core::Breakdown::new();
    b.value(
        format!("{why}: {} damage", damage_type_key(damage_type)),
        amount,
    );
    explain_strike(&mut b, &s, apl, &fighter);
    d.push(Event::Struck {
        target: target.clone(),
        strike: s,
        breakdown: b,
    });
    consequences(d, target, &fighter, Some(&s));
    Ok(())
}

/// The most health one GM heal gives (far above any character's maximum).
pub(crate) const HEAL_AMOUNT: std::ops::RangeInclusive<i64> = 1..=1_000_000;

/// The GM restores `amount` health to `target`: never above its maximum,
/// closing its wounds the worst first as any healing that treats no one
/// wound does (CX-HEAL-01). A downed combatant is refused: below 1 health
/// it comes back only by being stabilized (CX-DEATH-05), as a healing
/// spell and Medicine are refused on it; a dead one is refused too.
pub(crate) fn heal(
    d: &mut Decision<'_>,
    target: &CombatantId,
    amount: i64,
    why: &str,
) -> Result<(), Refusal> {
    if !HEAL_AMOUNT.contains(&amount) {
        return Err(Refusal::Illegal {
            why: format!(
                "{amount} is not an amount of health: give {} to {}",
                HEAL_AMOUNT.start(),
                HEAL_AMOUNT.end()
            ),
        });
    }
    if why.trim().is_empty() {
        return Err(Refusal::Illegal {
            why: "say why the health comes back (\"a healing potion\", \"a ruling\")".into(),
        });
    }
    let f = &d.state.combatant(target)?.fighter;
    if f.dead {
        return Err(Refusal::Illegal {
            why: format!("{} is dead: no healing brings it back", f.name),
        });
    }
    if f.is_downed() {
        return Err(Refusal::Illegal {
            why: format!(
                "{} is downed ({} health): stabilize it first, which brings it to 1 health (CX-DEATH-05), then heal it",
                f.name, f.hp
            ),
        });
    }
    let missing = f.max_hp - f.hp;
    if missing <= 0 {
        return Err(Refusal::Illegal {
            why: format!("{} is at full health ({} of {})", f.name, f.hp, f.max_hp),
        });
    }
    let healed = amount.min(missing);
    let mut b = nanite_core::Breakdown::new();
    b.value(format!("{why}: healing"), amount);
    b.value(
        format!(
            "healed, up to the {missing} missing health ({} of {})",
            f.hp, f.max_hp
        ),
        healed,
    );
    d.push(Event::Healed {
        id: target.clone(),
        amount: healed,
        breakdown: b,
    });
    Ok(())
}

fn damage_type_key(t: DamageType) -> &'static str {
    match t {
        DamageType::Ballistic => "ballistic",
        DamageType::Laser => "laser",
        DamageType::Plasma => "plasma",
        DamageType::Explosive => "explosive",
        _ => "melee",
    }
}

/// What follows damage to `id` (whose state before it was `before`): plasma
/// burn, unconsciousness from a failed Shock save, being downed.
pub(crate) fn consequences(
    d: &mut Decision<'_>,
    id: &CombatantId,
    before: &Fighter,
    strike: Option<&Strike>,
) {
    after_harm(d, id, before.is_downed() || before.dead, strike);
}

/// As [`consequences`], told only whether the fighter was already downed
/// or dead before the harm.
pub(crate) fn after_harm(
    d: &mut Decision<'_>,
    id: &CombatantId,
    was_down: bool,
    strike: Option<&Strike>,
) {
    if let Some(s) = strike {
        if s.plasma_burn {
            add_condition(d, id, ConditionKind::PlasmaBurn, None);
        }
        if s.shock.is_some_and(|shock| !shock.passed)
            && !d.state.has_condition(id, ConditionKind::Unconscious)
        {
            add_condition(d, id, ConditionKind::Unconscious, None);
        }
    }
    let Some(c) = d.state.combatants.get(id) else {
        return;
    };
    if !was_down && c.fighter.is_downed() {
        downed(d, id);
    }
}

/// Downed: prone, and every ongoing damage condition ends (CX-DEATH-02).
pub(crate) fn downed(d: &mut Decision<'_>, id: &CombatantId) {
    d.push(Event::Downed { id: id.clone() });
    let ending: Vec<_> = d
        .state
        .clock
        .effects_on(id)
        .filter(|e| matches!(&e.payload, CxEffect::Condition(c) if c.kind.is_ongoing_damage()))
        .map(|e| (e.id, e.name.clone()))
        .collect();
    for (effect, name) in ending {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: format!("{name} ends: the bearer is downed (CX-DEATH-02)"),
        });
    }
}

/// Puts a condition on `id`: bleeding stacks on the same effect; plasma burns
/// stack as separate effects; others are not doubled.
pub(crate) fn add_condition(
    d: &mut Decision<'_>,
    id: &CombatantId,
    kind: ConditionKind,
    turns: Option<u32>,
) {
    // Drink rises a level at a time (CX-COND-09, CX-COND-10): more of it on
    // a buzzed bearer makes it hammered (buzzed ends), and on a hammered
    // one it blacks out: downed.
    let kind = if kind.is_drink() {
        if d.state.has_condition(id, ConditionKind::Hammered) {
            if d.state
                .combatants
                .get(id)
                .is_some_and(|c| !c.fighter.is_downed() && !c.fighter.dead)
            {
                downed(d, id);
            }
            return;
        }
        let buzzed: Vec<_> = d
            .state
            .clock
            .effects_on(id)
            .filter(
                |e| matches!(&e.payload, CxEffect::Condition(c) if c.kind == ConditionKind::Buzzed),
            )
            .map(|e| e.id)
            .collect();
        if buzzed.is_empty() {
            kind
        } else {
            for effect in buzzed {
                d.clock(ClockEvent::EffectEnded {
                    id: effect,
                    why: "more drink: buzzed becomes hammered (CX-COND-09)".into(),
                });
            }
            ConditionKind::Hammered
        }
    } else {
        kind
    };
    if kind == ConditionKind::Bleeding {
        let existing = d
            .state
            .clock
            .effects_on(id)
            .find(|e| matches!(&e.payload, CxEffect::Condition(c) if c.kind == kind))
            .cloned();
        if let Some(mut effect) = existing {
            if let CxEffect::Condition(c) = &mut effect.payload {
                c.stacks += 1;
            }
            d.clock(ClockEvent::EffectChanged {
                effect: Box::new(effect),
            });
            return;
        }
    } else if kind != ConditionKind::PlasmaBurn && d.state.has_condition(id, kind) {
        return;
    }
    // "n full turns": the bearer's current turn does not count.
    let own_turn = u32::from(d.state.clock.active.as_ref() == Some(id));
    let turns = turns.or(match kind {
        ConditionKind::PinnedDown => Some(2),
        _ => None,
    });
    let expiry = turns.map(|n| Expiry::after(n.saturating_add(own_turn), Moment::end_of(id)));
    let event = d.state.clock.add_effect(
        id,
        kind.key(),
        expiry,
        CxEffect::Condition(Condition {
            kind,
            stacks: 1,
            turns: 0,
        }),
    );
    d.clock(event);
    let stance = match kind {
        ConditionKind::PinnedDown => Some(Stance::Hunkered),
        ConditionKind::Unconscious => Some(Stance::Prone),
        _ => None,
    };
    if stance.is_some() {
        d.push(Event::Positioned {
            id: id.clone(),
            cover: None,
            stance,
        });
    }
}

/// How many turns a condition the GM puts on may last: at least 1, at most
/// 10000 (a fight of more turns than that is not one); leaving the turns out
/// means no limit.
pub(crate) const AFFLICT_TURNS: std::ops::RangeInclusive<u32> = 1..=10_000;

pub(crate) fn afflict(
    d: &mut Decision<'_>,
    target: &CombatantId,
    kind: ConditionKind,
    turns: Option<u32>,
) -> Result<(), Refusal> {
    let c = d.state.combatant(target)?;
    if c.fighter.dead {
        return Err(Refusal::Illegal {
            why: format!("{target} is dead"),
        });
    }
    if let Some(n) = turns
        && !AFFLICT_TURNS.contains(&n)
    {
        return Err(Refusal::Illegal {
            why: format!(
                "{n} turns is not a condition's length: give {} to {}, or leave the turns out for no limit",
                AFFLICT_TURNS.start(),
                AFFLICT_TURNS.end()
            ),
        });
    }
    if kind.is_ongoing_damage() && c.fighter.is_downed() {
        return Err(Refusal::Illegal {
            why: format!("{target} is downed: ongoing damage ends when downed (CX-DEATH-02)"),
        });
    }
    if kind.is_drink()
        && c.fighter.is_downed()
        && d.state.has_condition(target, ConditionKind::Hammered)
    {
        return Err(Refusal::Illegal {
            why: format!(
                "{target} is hammered and already downed: more drink changes nothing (CX-COND-10)"
            ),
        });
    }
    // More drink raises the level of intoxication (add_condition).
    if !matches!(kind, ConditionKind::Bleeding | ConditionKind::PlasmaBurn)
        && !kind.is_drink()
        && d.state.has_condition(target, kind)
    {
        return Err(Refusal::Illegal {
            why: format!("{target} is already {}", kind.key()),
        });
    }
    add_condition(d, target, kind, turns);
    Ok(())
}

pub(crate) fn cure(
    d: &mut Decision<'_>,
    target: &CombatantId,
    kind: ConditionKind,
) -> Result<(), Refusal> {
    d.state.combatant(target)?;
    let ending: Vec<_> = d
        .state
        .clock
        .effects_on(target)
        .filter(|e| matches!(&e.payload, CxEffect::Condition(c) if c.kind == kind))
        .map(|e| e.id)
        .collect();
    if ending.is_empty() {
        return Err(Refusal::Illegal {
            why: format!("{target} is not {}", kind.key()),
        });
    }
    for effect in ending {
        d.clock(ClockEvent::EffectEnded {
            id: effect,
            why: format!("{} ended by the GM", kind.key()),
        });
    }
    Ok(())
}

/// Rolls `formula` (a weapon's damage, a spell's) with `vars` bound, asking
/// the source for each die by `purpose`; a source that runs out of dice is
/// a refusal naming the die.
pub(crate) fn roll_formula(
    formula: &nanite_dice::Expression,
    vars: &dyn nanite_dice::Variables,
    purpose: &str,
    dice: &mut dyn DiceSource,
) -> Result<i64, Refusal> {
    nanite_dice::Roller::new()
        .roll(formula, vars, Some(purpose), dice)
        .map(|r| r.total)
        .map_err(|e| match e.kind() {
            nanite_dice::ErrorKind::Source(s) => Refusal::from(s.clone()),
            _ => Refusal::Dice(e.to_string()),
        })
}
