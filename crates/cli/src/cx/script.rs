//! The encounter script: one short line per command (`vex fire burst raider`),
//! parsed into an [`Order`] and then resolved against the battle into an
//! engine [`Command`].
//!
//! Encounter files use it, and so will the interactive prompt, so the syntax
//! lives here apart from either. A line is either a GM command (`next`,
//! `distance vex raider 15`) or a combatant's action (`vex aim`): the first
//! word is a GM verb or a combatant's id. Words are separated by spaces;
//! free text (`"draw pistol"`) is quoted with `"` or `'`. The reference, with
//! every form, is docs/compound-x/encounter-file.md.
//!
//! Parsing needs no battle; only weapons named by id or left to their default
//! need one (`resolve`), so a whole script is checked before any die is rolled.

mod resolve;
mod words;

use nanite_compound_x::FireMode;
use nanite_compound_x::combat::{ConditionKind, Cover, Fire, Stance};
use nanite_compound_x::encounter::{Command, GrappleAct, Hold, MeleeKind, Way};
use nanite_compound_x::{DamageType, Suppression};
use nanite_core::{ClockCommand, CombatantId};

use words::Words;

/// A line that is not a command (or names a weapon its actor does not
/// carry), with what was expected and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineError {
    /// What is wrong: what was expected and what was found.
    pub(crate) message: String,
    /// How to write it: the form of the command, with an example.
    pub(crate) help: String,
}

/// Which weapon a line means, before the battle is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum WeaponRef {
    /// The line names none: the usual one for the action (see `resolve`).
    Usual,
    /// By position in the character's weapon list, from 0.
    Index(usize),
    /// By weapon id (`smg`) or name (`Basic SMG`).
    Named(String),
    /// Bare hands (melee only).
    Unarmed,
}

/// A parsed line.
#[derive(Debug, Clone)]
pub(crate) enum Order {
    /// A command as it will be executed.
    Ready(Command),
    /// A command whose weapon is still to be found in the actor's hands: its
    /// weapon field is filled in by `resolve`.
    Armed {
        /// The command, with weapon 0 (or none) for now.
        command: Command,
        /// The weapon the line asked for.
        weapon: WeaponRef,
    },
    /// Holding actions: the clock's hold names nobody (it is always the
    /// active combatant's), so the line's actor is checked against the turn.
    Hold {
        /// Who holds.
        id: CombatantId,
        /// How many actions.
        actions: u32,
        /// What sets them off.
        trigger: String,
    },
}

/// A parsed line and every combatant id it names, so that a script can be
/// checked against the combatants before it runs.
#[derive(Debug, Clone)]
pub(crate) struct Parsed {
    /// What the line asks for.
    pub(crate) order: Order,
    /// The ids it names, in order.
    pub(crate) ids: Vec<CombatantId>,
}

/// One form of a command: its verb, its shape and an example.
#[derive(Debug)]
pub(crate) struct Form {
    /// The word that starts it (after the id, for actions).
    pub(crate) verb: &'static str,
    /// Its shape.
    pub(crate) usage: &'static str,
    /// An example line.
    pub(crate) example: &'static str,
}

const fn form(verb: &'static str, usage: &'static str, example: &'static str) -> Form {
    Form {
        verb,
        usage,
        example,
    }
}

/// The GM's commands: the first word of the line.
pub(crate) const GM_FORMS: &[Form] = &[
    form("roll", "roll initiative [ID ...]", "roll initiative"),
    form("begin", "begin [surprise ID ...]", "begin surprise scav"),
    form("next", "next", "next"),
    form("end", "end", "end"),
    form(
        "distance",
        "distance ID ID METRES",
        "distance vex raider 15",
    ),
    form(
        "position",
        "position ID [cover none|partial|full] [stance standing|crouched|prone|hunkered]",
        "position vex cover full",
    ),
    form("initiative", "initiative ID TOTAL", "initiative raider 55"),
    form("pin", "pin ID", "pin vex"),
    form("unpin", "unpin ID", "unpin vex"),
    form("place", "place ID PLACE (1 is first)", "place vex 1"),
    form("hide", "hide ID", "hide scav"),
    form("reveal", "reveal ID", "reveal scav"),
    form("remove", "remove ID", "remove scav"),
    form(
        "harm",
        "harm ID AMOUNT ballistic|laser|plasma|explosive|melee [apl N] [\"why\"]",
        "harm vex 12 explosive \"falling crates\"",
    ),
    form(
        "kill",
        "kill ID [\"why\"]",
        "kill raider \"the crane falls\"",
    ),
    form(
        "afflict",
        "afflict ID CONDITION [N turns]",
        "afflict raider bleeding",
    ),
    form("cure", "cure ID CONDITION", "cure raider bleeding"),
];

/// A combatant's actions: the word after its id.
pub(crate) const ACTION_FORMS: &[Form] = &[
    form("aim", "ID aim", "vex aim"),
    form(
        "fire",
        "ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]",
        "vex fire burst raider weapon smg 15m",
    ),
    form("clear-jam", "ID clear-jam [W]", "vex clear-jam smg"),
    form("reload", "ID reload [W]", "vex reload smg"),
    form("fast-recharge", "ID fast-recharge", "vex fast-recharge"),
    form(
        "stance",
        "ID stance standing|crouched|prone|hunkered",
        "vex stance crouched",
    ),
    form("save", "ID save CONDITION", "raider save fear"),
    form(
        "stabilize",
        "ID stabilize TARGET [kit]",
        "vex stabilize scav kit",
    ),
    form(
        "check",
        "ID check SKILL dc N [hidden]",
        "vex check awareness dc 60",
    ),
    form(
        "act",
        "ID act \"WHAT\" [ACTIONS]",
        "vex act \"draw pistol\" 1",
    ),
    form(
        "hold",
        "ID hold ACTIONS \"TRIGGER\"",
        "vex hold 2 \"a raider shows itself\"",
    ),
    form("trigger", "ID trigger", "vex trigger"),
    form(
        "move",
        "ID move METRES [toward|away-from TARGET] [sprint] [cover C] [concealed]",
        "vex move 4 toward raider cover partial",
    ),
    form(
        "sprint",
        "ID sprint METRES [toward|away-from TARGET] [cover C] [concealed]",
        "scav sprint 8 away-from vex",
    ),
    form("jump", "ID jump METRES [up] [run-up]", "vex jump 2 run-up"),
    form(
        "suppress",
        "ID suppress TARGET [weapon W] [light|medium|heavy]",
        "vex suppress raider light",
    ),
    form(
        "strike",
        "ID strike TARGET [weapon W | unarmed] [flanking]",
        "raider strike vex weapon combat-knife",
    ),
    form(
        "shove",
        "ID shove TARGET [weapon W] [flanking]",
        "vex shove raider",
    ),
    form("kick", "ID kick TARGET [flanking]", "vex kick raider"),
    form("grapple", "ID grapple TARGET", "vex grapple raider"),
    form("contest", "ID contest", "raider contest"),
    form(
        "subdue",
        "ID subdue choke-out|pin|joint-lock",
        "vex subdue choke-out",
    ),
    form(
        "grapple-strike",
        "ID grapple-strike [W | unarmed]",
        "vex grapple-strike",
    ),
    form("release", "ID release", "vex release"),
    form("cook", "ID cook [W]", "vex cook frag-grenade"),
    form(
        "throw",
        "ID throw TARGET [weapon W] [METRESm]",
        "vex throw raider weapon frag-grenade",
    ),
    form(
        "penalty-attack",
        "ID penalty-attack TARGET [\"why\"]",
        "raider penalty-attack vex \"vex ran past\"",
    ),
    form("crosses", "ID crosses SUPPRESSOR", "raider crosses vex"),
];

/// Whether `word` starts a GM command, so cannot be a combatant's id.
pub(crate) fn is_gm_verb(word: &str) -> bool {
    GM_FORMS.iter().any(|f| f.verb == word)
}

fn find(forms: &'static [Form], verb: &str) -> Option<&'static Form> {
    forms.iter().find(|f| f.verb == verb)
}

/// Parses one line of a script.
pub(crate) fn parse(line: &str) -> Result<Parsed, LineError> {
    let mut w = Words::split(line)?;
    let Some(first) = w.next_word() else {
        return Err(LineError {
            message: "this command is empty".into(),
            help: "write a command such as `next` or `vex fire burst raider`, or remove the line"
                .into(),
        });
    };
    let order = if let Some(form) = find(GM_FORMS, &first) {
        w.set_form(form);
        gm(&first, &mut w)?
    } else {
        let id = CombatantId(first.clone());
        let Some(verb) = w.next_word() else {
            return Err(LineError {
                message: format!(
                    "`{first}` is not a command; after a combatant's id an action is expected"
                ),
                help: format!(
                    "commands: {}; actions: `{first} aim`, `{first} fire burst TARGET`, ... (see docs/compound-x/encounter-file.md)",
                    verbs(GM_FORMS)
                ),
            });
        };
        let Some(form) = find(ACTION_FORMS, &verb) else {
            return Err(LineError {
                message: format!("`{first}` is not a command and `{verb}` is not an action"),
                help: format!(
                    "a line is a command ({}) or a combatant's id and an action ({})",
                    verbs(GM_FORMS),
                    verbs(ACTION_FORMS)
                ),
            });
        };
        w.set_form(form);
        w.note_id(&id);
        action(id, &verb, &mut w)?
    };
    w.done()?;
    Ok(Parsed {
        order,
        ids: w.into_ids(),
    })
}

fn verbs(forms: &[Form]) -> String {
    forms.iter().map(|f| f.verb).collect::<Vec<_>>().join(", ")
}

fn ready(command: Command) -> Order {
    Order::Ready(command)
}

fn clock(command: ClockCommand) -> Order {
    Order::Ready(Command::Clock(command))
}

const COVERS: &[(&str, Cover)] = &[
    ("none", Cover::None),
    ("partial", Cover::Partial),
    ("full", Cover::Full),
];

const STANCES: &[(&str, Stance)] = &[
    ("standing", Stance::Standing),
    ("crouched", Stance::Crouched),
    ("prone", Stance::Prone),
    ("hunkered", Stance::Hunkered),
];

const MODES: &[(&str, FireMode)] = &[
    ("semi", FireMode::Semi),
    ("burst", FireMode::Burst),
    ("auto", FireMode::Auto),
];

const DAMAGE_TYPES: &[(&str, DamageType)] = &[
    ("ballistic", DamageType::Ballistic),
    ("laser", DamageType::Laser),
    ("plasma", DamageType::Plasma),
    ("explosive", DamageType::Explosive),
    ("melee", DamageType::Melee),
];

const LEVELS: &[(&str, Suppression)] = &[
    ("light", Suppression::Light),
    ("medium", Suppression::Medium),
    ("heavy", Suppression::Heavy),
];

const HOLDS: &[(&str, Hold)] = &[
    ("choke-out", Hold::ChokeOut),
    ("pin", Hold::Pin),
    ("joint-lock", Hold::JointLock),
];

fn condition(w: &mut Words) -> Result<ConditionKind, LineError> {
    let table: Vec<(&str, ConditionKind)> =
        ConditionKind::ALL.iter().map(|c| (c.key(), *c)).collect();
    w.keyword("a condition", &table)
}

fn gm(verb: &str, w: &mut Words) -> Result<Order, LineError> {
    Ok(match verb {
        "roll" => {
            w.expect("initiative")?;
            let mut who = Vec::new();
            while w.more() {
                who.push(w.id("a combatant's id")?);
            }
            ready(Command::RollInitiative { who })
        }
        "begin" => {
            let mut surprise = Vec::new();
            if w.more() {
                w.expect("surprise")?;
                surprise.push(w.id("the id of a hidden attacker")?);
                while w.more() {
                    surprise.push(w.id("the id of a hidden attacker")?);
                }
            }
            clock(ClockCommand::Begin { surprise })
        }
        "next" => clock(ClockCommand::NextTurn),
        "end" => clock(ClockCommand::End),
        "distance" => {
            let a = w.id("the first combatant's id")?;
            let b = w.id("the second combatant's id")?;
            let metres = w.metres("the metres between them")?;
            ready(Command::Distance { a, b, metres })
        }
        "position" => {
            let id = w.id("the combatant's id")?;
            let (mut cover, mut stance) = (None, None);
            while w.more() {
                match w.keyword("`cover` or `stance`", &[("cover", 0), ("stance", 1)])? {
                    0 => w.once(&mut cover, "cover", |w| w.keyword("a cover", COVERS))?,
                    _ => w.once(&mut stance, "stance", |w| w.keyword("a stance", STANCES))?,
                }
            }
            if cover.is_none() && stance.is_none() {
                return Err(w.fail("`cover` or `stance`"));
            }
            ready(Command::Position { id, cover, stance })
        }
        "initiative" => {
            let id = w.id("the combatant's id")?;
            let total = w.number("the initiative total")?;
            clock(ClockCommand::SetInitiative { id, total })
        }
        "pin" | "unpin" => {
            let id = w.id("the combatant's id")?;
            clock(ClockCommand::Pin {
                id,
                pinned: verb == "pin",
            })
        }
        "place" => {
            let id = w.id("the combatant's id")?;
            let place = w.count("its place in the order (1 is first)")?;
            let Some(position) = (place as usize).checked_sub(1) else {
                return Err(w.fail_with("a place of 1 or more (1 is first)", "0"));
            };
            clock(ClockCommand::Place { id, position })
        }
        "hide" | "reveal" => {
            let id = w.id("the combatant's id")?;
            clock(ClockCommand::Hide {
                id,
                hidden: verb == "hide",
            })
        }
        "remove" => clock(ClockCommand::Leave {
            id: w.id("the combatant's id")?,
        }),
        "harm" => {
            let target = w.id("the combatant's id")?;
            let amount = w.number("the damage")?;
            let damage_type = w.keyword("a damage type", DAMAGE_TYPES)?;
            let apl = if w.take("apl") {
                w.number("the armor-piercing level")?
            } else {
                0
            };
            let why = w.optional_text().unwrap_or_else(|| "harm".into());
            ready(Command::Harm {
                target,
                amount,
                damage_type,
                apl,
                why,
            })
        }
        "kill" => {
            let target = w.id("the combatant's id")?;
            let why = w
                .optional_text()
                .unwrap_or_else(|| "killed by the GM".into());
            ready(Command::Kill { target, why })
        }
        "afflict" => {
            let target = w.id("the combatant's id")?;
            let condition = condition(w)?;
            let turns = if w.more() {
                let n = w.count("the turns it lasts")?;
                w.expect_one_of(&["turns", "turn"])?;
                Some(n)
            } else {
                None
            };
            ready(Command::Afflict {
                target,
                condition,
                turns,
            })
        }
        "cure" => {
            let target = w.id("the combatant's id")?;
            let condition = condition(w)?;
            ready(Command::Cure { target, condition })
        }
        _ => unreachable!("every GM verb has a form"),
    })
}

fn action(id: CombatantId, verb: &str, w: &mut Words) -> Result<Order, LineError> {
    let armed = |command: Command, weapon: WeaponRef| Order::Armed { command, weapon };
    Ok(match verb {
        "aim" => ready(Command::Aim { id }),
        "fire" => {
            let mode = w.keyword("a fire mode", MODES)?;
            let target = w.id("the target's id")?;
            let (mut weapon, mut distance, mut fire, mut cover) = (None, None, None, None);
            while w.more() {
                if w.take("weapon") {
                    w.once(&mut weapon, "weapon", Words::weapon)?;
                } else if w.take("cover") {
                    w.once(&mut cover, "cover", |w| w.keyword("a cover", COVERS))?;
                } else if let Some(f) = w.take_keyword(&[
                    ("aimed", Fire::Aimed),
                    ("hip", Fire::Hip),
                    ("blind", Fire::Blind),
                ]) {
                    w.once(&mut fire, "the way of firing (aimed, hip or blind)", |_| {
                        Ok(f)
                    })?;
                } else if w.peek_metres() {
                    w.once(&mut distance, "a distance", |w| w.metres("metres"))?;
                } else {
                    return Err(w.fail("`weapon W`, a distance such as `15m`, `aimed`, `hip`, `blind` or `cover C`"));
                }
            }
            armed(
                Command::Fire {
                    id,
                    target,
                    weapon: 0,
                    mode,
                    fire,
                    distance,
                    cover,
                },
                weapon.unwrap_or(WeaponRef::Usual),
            )
        }
        "clear-jam" => armed(Command::ClearJam { id, weapon: 0 }, w.optional_weapon()?),
        "reload" => armed(Command::Reload { id, weapon: 0 }, w.optional_weapon()?),
        "fast-recharge" => ready(Command::FastRecharge { id }),
        "stance" => ready(Command::Stance {
            id,
            to: w.keyword("a stance", STANCES)?,
        }),
        "save" => ready(Command::Save {
            id,
            condition: condition(w)?,
        }),
        "stabilize" => {
            let target = w.id("the downed combatant's id")?;
            let kit = w.take("kit");
            ready(Command::Stabilize { id, target, kit })
        }
        "check" => {
            let skill = w.word("a skill id")?;
            w.expect("dc")?;
            let dc = w.number("the DC")?;
            let hidden = w.take("hidden");
            ready(Command::Check {
                id,
                skill,
                dc,
                hidden,
            })
        }
        "act" => {
            let what = w.text("what the action is, in quotes")?;
            let actions = if w.more() {
                w.count("the actions it costs")?
            } else {
                1
            };
            ready(Command::Act { id, what, actions })
        }
        "hold" => {
            let actions = w.count("the actions to hold")?;
            let trigger = w.text("the trigger, in quotes")?;
            Order::Hold {
                id,
                actions,
                trigger,
            }
        }
        "trigger" => clock(ClockCommand::Trigger { id }),
        "move" | "sprint" => movement(id, verb == "sprint", w)?,
        "jump" => {
            let metres = w.fraction_metres("the metres of the jump")?;
            let (mut vertical, mut run_up) = (false, false);
            while w.more() {
                match w.keyword("`up` or `run-up`", &[("up", true), ("run-up", false)])? {
                    true => vertical = true,
                    false => run_up = true,
                }
            }
            ready(Command::Jump {
                id,
                metres,
                vertical,
                run_up,
            })
        }
        "suppress" => {
            let target = w.id("the target's id")?;
            let (mut weapon, mut level) = (None, None);
            while w.more() {
                if w.take("weapon") {
                    w.once(&mut weapon, "weapon", Words::weapon)?;
                } else {
                    let l = w.keyword("`weapon W` or a level (light, medium, heavy)", LEVELS)?;
                    w.once(&mut level, "a level", |_| Ok(l))?;
                }
            }
            armed(
                Command::Suppress {
                    id,
                    target,
                    weapon: 0,
                    level,
                },
                weapon.unwrap_or(WeaponRef::Usual),
            )
        }
        "strike" | "shove" | "kick" => {
            let kind = match verb {
                "strike" => MeleeKind::Strike,
                "shove" => MeleeKind::Shove,
                _ => MeleeKind::Kick,
            };
            let target = w.id("the target's id")?;
            let (mut weapon, mut flanking) = (None, false);
            while w.more() {
                if w.take("weapon") {
                    w.once(&mut weapon, "weapon", Words::weapon)?;
                } else if w.take("unarmed") {
                    w.once(&mut weapon, "weapon", |_| Ok(WeaponRef::Unarmed))?;
                } else {
                    w.expect("flanking")?;
                    flanking = true;
                }
            }
            let usual = if kind == MeleeKind::Kick {
                WeaponRef::Unarmed
            } else {
                WeaponRef::Usual
            };
            armed(
                Command::Melee {
                    id,
                    target,
                    weapon: None,
                    kind,
                    flanking,
                },
                weapon.unwrap_or(usual),
            )
        }
        "grapple" => ready(Command::Grapple {
            id,
            target: w.id("the id of the one to grab")?,
        }),
        "contest" => ready(Command::GrappleAct {
            id,
            act: GrappleAct::Contest,
        }),
        "subdue" => ready(Command::GrappleAct {
            id,
            act: GrappleAct::Subdue {
                hold: w.keyword("a hold", HOLDS)?,
            },
        }),
        "grapple-strike" => {
            let weapon = if w.take("unarmed") {
                WeaponRef::Unarmed
            } else {
                w.optional_weapon()?
            };
            armed(
                Command::GrappleAct {
                    id,
                    act: GrappleAct::Strike { weapon: None },
                },
                weapon,
            )
        }
        "release" => ready(Command::GrappleAct {
            id,
            act: GrappleAct::Release,
        }),
        "cook" => armed(Command::Cook { id, weapon: 0 }, w.optional_weapon()?),
        "throw" => {
            let target = w.id("the target's id")?;
            let (mut weapon, mut distance) = (None, None);
            while w.more() {
                if w.take("weapon") {
                    w.once(&mut weapon, "weapon", Words::weapon)?;
                } else if w.peek_metres() {
                    w.once(&mut distance, "a distance", |w| w.metres("metres"))?;
                } else {
                    return Err(w.fail("`weapon W` or a distance such as `12m`"));
                }
            }
            armed(
                Command::Throw {
                    id,
                    target,
                    weapon: 0,
                    distance,
                },
                weapon.unwrap_or(WeaponRef::Usual),
            )
        }
        "penalty-attack" => {
            let target = w.id("the target's id")?;
            let why = w
                .optional_text()
                .unwrap_or_else(|| "the GM grants a penalty attack".into());
            ready(Command::PenaltyAttack {
                by: id,
                target,
                why,
            })
        }
        "crosses" => ready(Command::Crossing {
            by: w.id("the suppressor's id")?,
            target: id,
        }),
        _ => unreachable!("every action has a form"),
    })
}

fn movement(id: CombatantId, sprint: bool, w: &mut Words) -> Result<Order, LineError> {
    let metres = w.metres("the metres to move")?;
    let (mut way, mut sprinting, mut cover, mut concealed) = (None, sprint, None, false);
    while w.more() {
        if w.take("toward") {
            let to = w.id("the id of the one moved toward")?;
            w.once(&mut way, "a way", |_| Ok(Way::Toward { id: to }))?;
        } else if w.take("away-from") {
            let from = w.id("the id of the one moved away from")?;
            w.once(&mut way, "a way", |_| Ok(Way::Away { id: from }))?;
        } else if w.take("elsewhere") {
            w.once(&mut way, "a way", |_| Ok(Way::Elsewhere))?;
        } else if w.take("cover") {
            w.once(&mut cover, "cover", |w| w.keyword("a cover", COVERS))?;
        } else if w.take("sprint") {
            sprinting = true;
        } else {
            w.expect("concealed")?;
            concealed = true;
        }
    }
    Ok(ready(Command::Move {
        id,
        metres,
        way: way.unwrap_or(Way::Elsewhere),
        sprint: sprinting,
        cover,
        concealed,
    }))
}

#[cfg(test)]
mod tests;
