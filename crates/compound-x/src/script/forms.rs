//! Every form a script line can take, with an example for the help of each
//! error, and the words the forms choose from.

use crate::FireMode;
use crate::combat::{ConditionKind, Cover, Fire, Stance};
use crate::encounter::{Hold, Injury};
use crate::{DamageType, Suppression};

/// One form of a command: its verb, its shape and an example.
#[derive(Debug)]
pub struct Form {
    /// The word that starts it (after the id, for actions).
    pub verb: &'static str,
    /// Its shape.
    pub usage: &'static str,
    /// An example line.
    pub example: &'static str,
}

const fn form(verb: &'static str, usage: &'static str, example: &'static str) -> Form {
    Form {
        verb,
        usage,
        example,
    }
}

/// The GM's commands: the first word of the line.
pub const GM_FORMS: &[Form] = &[
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
        "position ID [cover none|partial|full] [stance standing|crouched|prone|hunkered] | position ID at X,Y",
        "position vex cover full",
    ),
    form("move", "move ID to X,Y [sprint]", "move vex to 12,4"),
    form("door", "door NAME open|close", "door \"north door\" open"),
    form("initiative", "initiative ID TOTAL", "initiative raider 55"),
    form("pin", "pin ID", "pin vex"),
    form("unpin", "unpin ID", "unpin vex"),
    form("place", "place ID PLACE (1 is first)", "place vex 1"),
    form("hide", "hide ID", "hide scav"),
    form("reveal", "reveal ID", "reveal scav"),
    form("remove", "remove ID", "remove scav"),
    form(
        "conceal",
        "conceal ID [from ID ...] [dc N]",
        "conceal scav from vex dc 60",
    ),
    form("detect", "detect ID [by ID ...]", "detect scav by vex"),
    form(
        "harm",
        "harm ID AMOUNT ballistic|laser|plasma|explosive|melee [apl N] [\"why\"]",
        "harm vex 12 explosive \"falling crates\"",
    ),
    form(
        "heal",
        "heal ID AMOUNT [\"why\"]",
        "heal vex 15 \"a healing potion\"",
    ),
    form("mend", "mend ID [INJURY]", "mend vex broken-leg"),
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
pub const ACTION_FORMS: &[Form] = &[
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
        "treat",
        "ID treat TARGET [wound N] [medikit] [take 50|take 100]",
        "vex treat raider wound 0 medikit",
    ),
    form(
        "repair",
        "ID repair TARGET [armor | weapon N] [take 50|take 100]",
        "vex repair vex weapon 0",
    ),
    form("rest", "ID rest [long]", "vex rest long"),
    form("stay-up", "ID stay-up", "vex stay-up"),
    form("fall", "ID fall METRES [fouled]", "vex fall 6 fouled"),
    form(
        "stabilize",
        "ID stabilize TARGET [kit] [count-revive]",
        "vex stabilize scav kit",
    ),
    form(
        "check",
        "ID check SKILL [with SKILL] dc N [hidden] [take 50|take 100]",
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
        "ID move METRES [toward|away-from TARGET] [sprint] [cover C] [concealed] | ID move to X,Y [sprint]",
        "vex move 4 toward raider cover partial",
    ),
    form(
        "door",
        "ID door NAME open|close",
        "vex door \"north door\" open",
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
    form("shove", "ID shove TARGET [flanking]", "vex shove raider"),
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
    form("search", "ID search TARGET", "vex search scav"),
    form("glance", "ID glance TARGET", "vex glance scav"),
    form("cloak", "ID cloak", "scav cloak"),
    form("uncloak", "ID uncloak", "scav uncloak"),
    form(
        "cast",
        "ID cast SPELL [TARGET] [cover none|partial|full]",
        "mira cast nanite-bolt raider",
    ),
];

pub(crate) const COVERS: &[(&str, Cover)] = &[
    ("none", Cover::None),
    ("partial", Cover::Partial),
    ("full", Cover::Full),
];

/// Injuries by their one-word names in scripts (CX-HEAL-05).
pub(crate) const INJURIES: &[(&str, Injury)] = &[
    ("sprained-ankle", Injury::SprainedAnkle),
    ("broken-ankle", Injury::BrokenAnkle),
    ("broken-leg", Injury::BrokenLeg),
    ("broken-arm-and-leg", Injury::BrokenArmAndLeg),
    ("broken-everything", Injury::BrokenEverything),
];

pub(crate) const STANCES: &[(&str, Stance)] = &[
    ("standing", Stance::Standing),
    ("crouched", Stance::Crouched),
    ("prone", Stance::Prone),
    ("hunkered", Stance::Hunkered),
];

pub(crate) const MODES: &[(&str, FireMode)] = &[
    ("semi", FireMode::Semi),
    ("burst", FireMode::Burst),
    ("auto", FireMode::Auto),
];

pub(crate) const DAMAGE_TYPES: &[(&str, DamageType)] = &[
    ("ballistic", DamageType::Ballistic),
    ("laser", DamageType::Laser),
    ("plasma", DamageType::Plasma),
    ("explosive", DamageType::Explosive),
    ("melee", DamageType::Melee),
];

pub(crate) const LEVELS: &[(&str, Suppression)] = &[
    ("light", Suppression::Light),
    ("medium", Suppression::Medium),
    ("heavy", Suppression::Heavy),
];

pub(crate) const HOLDS: &[(&str, Hold)] = &[
    ("choke-out", Hold::ChokeOut),
    ("pin", Hold::Pin),
    ("joint-lock", Hold::JointLock),
];

/// The conditions by name.
pub(crate) fn conditions() -> Vec<(&'static str, ConditionKind)> {
    ConditionKind::ALL.iter().map(|c| (c.key(), *c)).collect()
}

/// The ways of firing by name.
pub(crate) const FIRES: &[(&str, Fire)] = &[
    ("aimed", Fire::Aimed),
    ("hip", Fire::Hip),
    ("blind", Fire::Blind),
];
