//! The script syntax, line by line: what each form parses to, and what each
//! mistake says.

use expect_test::{Expect, expect};

use super::{ACTION_FORMS, GM_FORMS, Order, parse};

/// A parsed line in one line of text: the command as JSON, the weapon still
/// to find, or the error with its help.
fn show(line: &str) -> String {
    match parse(line) {
        Ok(parsed) => {
            let ids: Vec<&str> = parsed.ids.iter().map(|i| i.as_str()).collect();
            let order = match parsed.order {
                Order::Ready(c) => serde_json::to_string(&c).unwrap(),
                Order::Armed { command, weapon } => {
                    format!(
                        "{} with {weapon:?}",
                        serde_json::to_string(&command).unwrap()
                    )
                }
                Order::Hold {
                    id,
                    actions,
                    trigger,
                } => format!("hold {id} {actions} {trigger:?}"),
            };
            format!("{order} [ids {}]", ids.join(" "))
        }
        Err(e) => format!("error: {}\n  help: {}", e.message, e.help),
    }
}

fn check(lines: &[&str], expected: Expect) {
    let out: Vec<String> = lines
        .iter()
        .map(|l| format!("{l}\n  {}", show(l)))
        .collect();
    expected.assert_eq(&out.join("\n"));
}

#[test]
fn gm_commands() {
    check(
        &[
            "roll initiative",
            "roll initiative vex raider",
            "begin",
            "begin surprise scav",
            "next",
            "end",
            "distance vex raider 15",
            "distance vex raider 15m",
            "position vex cover full stance crouched",
            "initiative raider 55",
            "pin vex",
            "unpin vex",
            "place vex 1",
            "hide scav",
            "reveal scav",
            "remove scav",
            "conceal scav",
            "conceal scav from vex raider dc 60",
            "detect scav",
            "detect scav by vex",
            "harm vex 12 explosive apl 1 \"falling crates\"",
            "kill raider 'the crane falls'",
            "heal vex 15 \"a healing potion\"",
            "heal vex 5",
            "mend vex broken-leg",
            "mend vex",
            "afflict raider bleeding",
            "afflict raider pinned-down 2 turns",
            "cure raider bleeding",
        ],
        expect![[r#"
            roll initiative
              {"command":"roll_initiative","who":[]} [ids ]
            roll initiative vex raider
              {"command":"roll_initiative","who":["vex","raider"]} [ids vex raider]
            begin
              {"command":"clock","clock":"begin","surprise":[]} [ids ]
            begin surprise scav
              {"command":"clock","clock":"begin","surprise":["scav"]} [ids scav]
            next
              {"command":"clock","clock":"next_turn"} [ids ]
            end
              {"command":"clock","clock":"end"} [ids ]
            distance vex raider 15
              {"command":"distance","a":"vex","b":"raider","metres":15} [ids vex raider]
            distance vex raider 15m
              {"command":"distance","a":"vex","b":"raider","metres":15} [ids vex raider]
            position vex cover full stance crouched
              {"command":"position","id":"vex","cover":"full","stance":"crouched"} [ids vex]
            initiative raider 55
              {"command":"clock","clock":"set_initiative","id":"raider","total":55} [ids raider]
            pin vex
              {"command":"clock","clock":"pin","id":"vex","pinned":true} [ids vex]
            unpin vex
              {"command":"clock","clock":"pin","id":"vex","pinned":false} [ids vex]
            place vex 1
              {"command":"clock","clock":"place","id":"vex","position":0} [ids vex]
            hide scav
              {"command":"clock","clock":"hide","id":"scav","hidden":true} [ids scav]
            reveal scav
              {"command":"clock","clock":"hide","id":"scav","hidden":false} [ids scav]
            remove scav
              {"command":"clock","clock":"leave","id":"scav"} [ids scav]
            conceal scav
              {"command":"conceal","id":"scav","from":[],"dc":null} [ids scav]
            conceal scav from vex raider dc 60
              {"command":"conceal","id":"scav","from":["vex","raider"],"dc":60} [ids scav vex raider]
            detect scav
              {"command":"reveal","id":"scav","to":[]} [ids scav]
            detect scav by vex
              {"command":"reveal","id":"scav","to":["vex"]} [ids scav vex]
            harm vex 12 explosive apl 1 "falling crates"
              {"command":"harm","target":"vex","amount":12,"damage_type":"explosive","apl":1,"why":"falling crates"} [ids vex]
            kill raider 'the crane falls'
              {"command":"kill","target":"raider","why":"the crane falls"} [ids raider]
            heal vex 15 "a healing potion"
              {"command":"heal","target":"vex","amount":15,"why":"a healing potion"} [ids vex]
            heal vex 5
              {"command":"heal","target":"vex","amount":5,"why":"healed by the GM"} [ids vex]
            mend vex broken-leg
              {"command":"mend","id":"vex","injury":"broken-leg"} [ids vex]
            mend vex
              {"command":"mend","id":"vex","injury":null} [ids vex]
            afflict raider bleeding
              {"command":"afflict","target":"raider","condition":"bleeding","turns":null} [ids raider]
            afflict raider pinned-down 2 turns
              {"command":"afflict","target":"raider","condition":"pinned-down","turns":2} [ids raider]
            cure raider bleeding
              {"command":"cure","target":"raider","condition":"bleeding"} [ids raider]"#]],
    );
}

#[test]
fn actions() {
    check(
        &[
            "vex aim",
            "vex fire burst raider",
            "vex fire semi raider weapon 1 15m hip cover full",
            "vex fire auto raider weapon \"Basic SMG\" blind 12 m",
            "vex clear-jam",
            "vex clear-jam smg",
            "vex reload weapon 0",
            "vex fast-recharge",
            "vex stance prone",
            "raider save fear",
            "vex stabilize scav kit",
            "vex stabilize scav count-revive",
            "vex treat raider wound 0 medikit",
            "vex treat raider",
            "vex treat raider take 100",
            "vex treat raider wound 1 medikit take 50",
            "vex repair vex weapon 0 take 100",
            "vex repair raider armor take 50",
            "vex repair raider",
            "vex rest long",
            "vex stay-up",
            "vex fall 6 fouled",
            "vex check awareness dc 60 hidden",
            "vex check medicine dc 40 take 50",
            "vex check medicine with repair dc 40 hidden take 100",
            "vex act \"draw pistol\"",
            "vex act 'talk' 0",
            "vex hold 2 \"a raider shows itself\"",
            "vex trigger",
            "vex move 4 toward raider cover partial",
            "scav sprint 8m away-from vex concealed",
            "vex jump 3.5 run-up",
            "vex suppress raider heavy",
            "raider strike vex weapon combat-knife flanking",
            "vex shove raider unarmed",
            "vex kick raider",
            "vex grapple raider",
            "raider contest",
            "vex subdue choke-out",
            "vex grapple-strike",
            "vex release",
            "vex cook frag-grenade",
            "vex throw raider 12m",
            "raider penalty-attack vex \"vex ran past\"",
            "raider crosses vex",
            "vex search scav",
            "vex glance scav",
            "scav cloak",
            "scav uncloak",
            "mira cast nanite-bolt raider cover partial",
            "mira cast mend",
        ],
        expect![[r#"
            vex aim
              {"command":"aim","id":"vex"} [ids vex]
            vex fire burst raider
              {"command":"fire","id":"vex","target":"raider","weapon":0,"mode":"burst","fire":null,"distance":null,"cover":null} with Usual [ids vex raider]
            vex fire semi raider weapon 1 15m hip cover full
              {"command":"fire","id":"vex","target":"raider","weapon":0,"mode":"semi","fire":"hip","distance":15,"cover":"full"} with Index(1) [ids vex raider]
            vex fire auto raider weapon "Basic SMG" blind 12 m
              {"command":"fire","id":"vex","target":"raider","weapon":0,"mode":"auto","fire":"blind","distance":12,"cover":null} with Named("Basic SMG") [ids vex raider]
            vex clear-jam
              {"command":"clear_jam","id":"vex","weapon":0} with Usual [ids vex]
            vex clear-jam smg
              {"command":"clear_jam","id":"vex","weapon":0} with Named("smg") [ids vex]
            vex reload weapon 0
              {"command":"reload","id":"vex","weapon":0} with Index(0) [ids vex]
            vex fast-recharge
              {"command":"fast_recharge","id":"vex"} [ids vex]
            vex stance prone
              {"command":"stance","id":"vex","to":"prone"} [ids vex]
            raider save fear
              {"command":"save","id":"raider","condition":"fear"} [ids raider]
            vex stabilize scav kit
              {"command":"stabilize","id":"vex","target":"scav","kit":true} [ids vex scav]
            vex stabilize scav count-revive
              {"command":"stabilize","id":"vex","target":"scav","kit":false,"count_revive":true} [ids vex scav]
            vex treat raider wound 0 medikit
              {"command":"treat","id":"vex","target":"raider","wound":0,"medikit":true} [ids vex raider]
            vex treat raider
              {"command":"treat","id":"vex","target":"raider","wound":null,"medikit":false} [ids vex raider]
            vex treat raider take 100
              {"command":"treat","id":"vex","target":"raider","wound":null,"medikit":false,"effort":"take100"} [ids vex raider]
            vex treat raider wound 1 medikit take 50
              {"command":"treat","id":"vex","target":"raider","wound":1,"medikit":true,"effort":"take50"} [ids vex raider]
            vex repair vex weapon 0 take 100
              {"command":"repair","id":"vex","target":"vex","weapon":0,"effort":"take100"} [ids vex vex]
            vex repair raider armor take 50
              {"command":"repair","id":"vex","target":"raider","weapon":null,"effort":"take50"} [ids vex raider]
            vex repair raider
              {"command":"repair","id":"vex","target":"raider","weapon":null} [ids vex raider]
            vex rest long
              {"command":"rest","id":"vex","long":true} [ids vex]
            vex stay-up
              {"command":"stay_up","id":"vex"} [ids vex]
            vex fall 6 fouled
              {"command":"fall","id":"vex","metres":6,"fouled":true} [ids vex]
            vex check awareness dc 60 hidden
              {"command":"check","id":"vex","skill":"awareness","dc":60,"hidden":true} [ids vex]
            vex check medicine dc 40 take 50
              {"command":"check","id":"vex","skill":"medicine","dc":40,"hidden":false,"effort":"take50"} [ids vex]
            vex check medicine with repair dc 40 hidden take 100
              {"command":"check","id":"vex","skill":"medicine","dc":40,"hidden":true,"effort":"take100","combined_with":"repair"} [ids vex]
            vex act "draw pistol"
              {"command":"act","id":"vex","what":"draw pistol","actions":1} [ids vex]
            vex act 'talk' 0
              {"command":"act","id":"vex","what":"talk","actions":0} [ids vex]
            vex hold 2 "a raider shows itself"
              hold vex 2 "a raider shows itself" [ids vex]
            vex trigger
              {"command":"clock","clock":"trigger","id":"vex"} [ids vex]
            vex move 4 toward raider cover partial
              {"command":"move","id":"vex","metres":4,"way":{"way":"toward","id":"raider"},"sprint":false,"cover":"partial","concealed":false} [ids vex raider]
            scav sprint 8m away-from vex concealed
              {"command":"move","id":"scav","metres":8,"way":{"way":"away","id":"vex"},"sprint":true,"cover":null,"concealed":true} [ids scav vex]
            vex jump 3.5 run-up
              {"command":"jump","id":"vex","metres":3.5,"vertical":false,"run_up":true} [ids vex]
            vex suppress raider heavy
              {"command":"suppress","id":"vex","target":"raider","weapon":0,"level":"heavy"} with Usual [ids vex raider]
            raider strike vex weapon combat-knife flanking
              {"command":"melee","id":"raider","target":"vex","weapon":null,"kind":"strike","flanking":true} with Named("combat-knife") [ids raider vex]
            vex shove raider unarmed
              {"command":"melee","id":"vex","target":"raider","weapon":null,"kind":"shove","flanking":false} with Unarmed [ids vex raider]
            vex kick raider
              {"command":"melee","id":"vex","target":"raider","weapon":null,"kind":"kick","flanking":false} with Unarmed [ids vex raider]
            vex grapple raider
              {"command":"grapple","id":"vex","target":"raider"} [ids vex raider]
            raider contest
              {"command":"grapple_act","id":"raider","act":{"act":"contest"}} [ids raider]
            vex subdue choke-out
              {"command":"grapple_act","id":"vex","act":{"act":"subdue","hold":"choke_out"}} [ids vex]
            vex grapple-strike
              {"command":"grapple_act","id":"vex","act":{"act":"strike","weapon":null}} with Usual [ids vex]
            vex release
              {"command":"grapple_act","id":"vex","act":{"act":"release"}} [ids vex]
            vex cook frag-grenade
              {"command":"cook","id":"vex","weapon":0} with Named("frag-grenade") [ids vex]
            vex throw raider 12m
              {"command":"throw","id":"vex","target":"raider","weapon":0,"distance":12} with Usual [ids vex raider]
            raider penalty-attack vex "vex ran past"
              {"command":"penalty_attack","by":"raider","target":"vex","why":"vex ran past"} [ids raider vex]
            raider crosses vex
              {"command":"crossing","by":"vex","target":"raider"} [ids raider vex]
            vex search scav
              {"command":"search","id":"vex","target":"scav","glance":false} [ids vex scav]
            vex glance scav
              {"command":"search","id":"vex","target":"scav","glance":true} [ids vex scav]
            scav cloak
              {"command":"cloak","id":"scav"} [ids scav]
            scav uncloak
              {"command":"uncloak","id":"scav"} [ids scav]
            mira cast nanite-bolt raider cover partial
              {"command":"cast","id":"mira","spell":"nanite-bolt","target":"raider","cover":"partial"} [ids mira raider]
            mira cast mend
              {"command":"cast","id":"mira","spell":"mend","target":"mira","cover":null} [ids mira]"#]],
    );
}

#[test]
fn mistakes_say_what_was_expected_and_how_to_write_it() {
    check(
        &[
            "",
            "vex",
            "vex fly raider",
            "roll dice",
            "vex fire brust raider",
            "vex fire burst",
            "vex fire burst raider 15",
            "vex fire burst raider hip blind",
            "vex fire burst raider 15m extra",
            "distance vex raider far",
            "place vex 0",
            "vex act \"draw pistol",
            "vex act draw",
            "vex check awareness 60",
            "vex check awareness dc 60 take 75",
            "vex treat raider take 75",
            "vex repair raider weapon 0 take",
            "vex check awareness with dc 60",
            "afflict raider sleepy",
            "harm vex 12 fire",
            "position vex",
            "vex fire burst raider weapon",
            "detect scav vex",
        ],
        expect![[r#"

              error: this command is empty
              help: write a command such as `next` or `vex fire burst raider`, or remove the line
            vex
              error: `vex` is not a command; after a combatant's id an action is expected
              help: commands: roll, begin, next, end, distance, position, move, door, initiative, pin, unpin, place, hide, reveal, remove, conceal, detect, harm, heal, mend, kill, afflict, cure; actions: `vex aim`, `vex fire burst TARGET`, ... (see docs/compound-x/encounter-file.md)
            vex fly raider
              error: `vex` is not a command and `fly` is not an action
              help: a line is a command (roll, begin, next, end, distance, position, move, door, initiative, pin, unpin, place, hide, reveal, remove, conceal, detect, harm, heal, mend, kill, afflict, cure) or a combatant's id and an action (aim, fire, clear-jam, reload, fast-recharge, stance, save, treat, repair, rest, stay-up, fall, stabilize, check, act, hold, trigger, move, door, sprint, jump, suppress, strike, shove, kick, grapple, contest, subdue, grapple-strike, release, cook, throw, penalty-attack, crosses, search, glance, cloak, uncloak, cast)
            roll dice
              error: expected `initiative`, found `dice`
              help: write `roll initiative [ID ...]`, e.g. `roll initiative`
            vex fire brust raider
              error: expected a fire mode (semi, burst, auto), found `brust`
              help: write `ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]`, e.g. `vex fire burst raider weapon smg 15m`
            vex fire burst
              error: expected the target's id, found the end of the line
              help: write `ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]`, e.g. `vex fire burst raider weapon smg 15m`
            vex fire burst raider 15
              error: expected `weapon W`, a distance such as `15m`, `aimed`, `hip`, `blind` or `cover C`, found `15` (a distance takes its unit: `15m`)
              help: write `ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]`, e.g. `vex fire burst raider weapon smg 15m`
            vex fire burst raider hip blind
              error: the way of firing (aimed, hip or blind) is given twice
              help: keep one; write `ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]`, e.g. `vex fire burst raider weapon smg 15m`
            vex fire burst raider 15m extra
              error: expected `weapon W`, a distance such as `15m`, `aimed`, `hip`, `blind` or `cover C`, found `extra`
              help: write `ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]`, e.g. `vex fire burst raider weapon smg 15m`
            distance vex raider far
              error: expected the metres between them (whole metres, like `15` or `15m`), found `far`
              help: write `distance ID ID METRES`, e.g. `distance vex raider 15`
            place vex 0
              error: expected a place of 1 or more (1 is first), found `0`
              help: write `place ID PLACE (1 is first)`, e.g. `place vex 1`
            vex act "draw pistol
              error: the quote " at column 9 is never closed
              help: end the text with another ", as in `vex act "draw pistol" 1`
            vex act draw
              error: expected what the action is, in quotes, found `draw`
              help: write `ID act "WHAT" [ACTIONS]`, e.g. `vex act "draw pistol" 1`
            vex check awareness 60
              error: expected `dc`, found `60`
              help: write `ID check SKILL [with SKILL] dc N [hidden] [take 50|take 100]`, e.g. `vex check awareness dc 60`
            vex check awareness dc 60 take 75
              error: expected what to take (50, 100), found `75`
              help: write `ID check SKILL [with SKILL] dc N [hidden] [take 50|take 100]`, e.g. `vex check awareness dc 60`
            vex treat raider take 75
              error: expected what to take (50, 100), found `75`
              help: write `ID treat TARGET [wound N] [medikit] [take 50|take 100]`, e.g. `vex treat raider wound 0 medikit`
            vex repair raider weapon 0 take
              error: expected what to take (50, 100), found the end of the line
              help: write `ID repair TARGET [armor | weapon N] [take 50|take 100]`, e.g. `vex repair vex weapon 0`
            vex check awareness with dc 60
              error: expected `dc`, found `60`
              help: write `ID check SKILL [with SKILL] dc N [hidden] [take 50|take 100]`, e.g. `vex check awareness dc 60`
            afflict raider sleepy
              error: expected a condition (bleeding, burning, frozen, fear, greater-fear, necrosis, pinned-down, plasma-burn, poisoned, greater-poison, lesser-poison, buzzed, hammered, stunned, paralyzed, unconscious), found `sleepy`
              help: write `afflict ID CONDITION [N turns]`, e.g. `afflict raider bleeding`
            harm vex 12 fire
              error: expected a damage type (ballistic, laser, plasma, explosive, melee), found `fire`
              help: write `harm ID AMOUNT ballistic|laser|plasma|explosive|melee [apl N] ["why"]`, e.g. `harm vex 12 explosive "falling crates"`
            position vex
              error: expected `cover` or `stance`, found the end of the line
              help: write `position ID [cover none|partial|full] [stance standing|crouched|prone|hunkered] | position ID at X,Y`, e.g. `position vex cover full`
            vex fire burst raider weapon
              error: expected a weapon (its number from 0, its id or its name), found the end of the line
              help: write `ID fire semi|burst|auto TARGET [weapon W] [METRESm] [aimed|hip|blind] [cover none|partial|full]`, e.g. `vex fire burst raider weapon smg 15m`
            detect scav vex
              error: expected `by`, found `vex`
              help: write `detect ID [by ID ...]`, e.g. `detect scav by vex`"#]],
    );
}

/// A battle with Vex (an SMG and grenades) and a raider (a rifle and a
/// knife), Vex's turn.
fn battle() -> crate::encounter::Battle {
    use crate::combat::{Cover, Fighter, Stance};
    use crate::encounter::{Battle, Command, CompoundX};
    use crate::{Character, Sheet};
    use nanite_core::content::SourceFile;
    use nanite_core::{ClockCommand, CombatantId, Game, ScriptedDice};

    let (pack, found) = crate::Pack::load(&crate::Pack::sample_files());
    assert!(!found.has_errors(), "{found}");
    let fighter = |name: &str, text: &str| {
        let (character, found) = Character::read(&SourceFile::new(name, text));
        assert!(!found.has_errors(), "{found}");
        Fighter::from_sheet(&Sheet::compute(&character, &pack), &pack)
    };
    let mut game = Game::<CompoundX>::new(Battle::new());
    let mut dice = ScriptedDice::new([]);
    for (id, side, text, initiative) in [
        (
            "vex",
            "crew",
            include_str!("../../../../examples/compound-x/vex.toml"),
            60,
        ),
        (
            "raider",
            "raiders",
            include_str!("../../../../examples/compound-x/raider.toml"),
            30,
        ),
    ] {
        let add = Command::Add {
            id: CombatantId::from(id),
            side: side.into(),
            hidden: false,
            fighter: Box::new(fighter(id, text)),
            cover: Cover::None,
            stance: Stance::Standing,
        };
        game.execute(&add, &mut dice).unwrap();
        let set = Command::Clock(ClockCommand::SetInitiative {
            id: CombatantId::from(id),
            total: initiative,
        });
        game.execute(&set, &mut dice).unwrap();
    }
    let begin = Command::Clock(ClockCommand::Begin { surprise: vec![] });
    game.execute(&begin, &mut dice).unwrap();
    game.state().clone()
}

#[test]
fn weapons_are_found_by_number_id_name_or_the_usual_one() {
    let battle = battle();
    let resolved = |line: &str| match parse(line).unwrap().order.command(&battle) {
        Ok(c) => serde_json::to_string(&c).unwrap(),
        Err(e) => format!("error: {}\n    help: {}", e.message, e.help),
    };
    let out: Vec<String> = [
        "vex fire burst raider",
        "vex fire burst raider weapon 1",
        "vex fire burst raider weapon \"basic smg\"",
        "vex throw raider",
        "vex cook",
        "vex reload",
        "raider strike vex",
        "vex strike raider",
        "raider kick vex",
        "vex fire semi raider weapon rifle",
        "vex clear-jam 5",
        "raider cook",
        "vex hold 2 \"the raider moves\"",
        "raider hold 2 \"vex moves\"",
    ]
    .iter()
    .map(|l| format!("{l}\n  {}", resolved(l)))
    .collect();
    expect![[r#"
        vex fire burst raider
          {"command":"fire","id":"vex","target":"raider","weapon":0,"mode":"burst","fire":null,"distance":null,"cover":null}
        vex fire burst raider weapon 1
          {"command":"fire","id":"vex","target":"raider","weapon":1,"mode":"burst","fire":null,"distance":null,"cover":null}
        vex fire burst raider weapon "basic smg"
          {"command":"fire","id":"vex","target":"raider","weapon":0,"mode":"burst","fire":null,"distance":null,"cover":null}
        vex throw raider
          {"command":"throw","id":"vex","target":"raider","weapon":1,"distance":null}
        vex cook
          {"command":"cook","id":"vex","weapon":1}
        vex reload
          {"command":"reload","id":"vex","weapon":0}
        raider strike vex
          {"command":"melee","id":"raider","target":"vex","weapon":1,"kind":"strike","flanking":false}
        vex strike raider
          {"command":"melee","id":"vex","target":"raider","weapon":null,"kind":"strike","flanking":false}
        raider kick vex
          {"command":"melee","id":"raider","target":"vex","weapon":null,"kind":"kick","flanking":false}
        vex fire semi raider weapon rifle
          error: Vex Marrow carries no weapon `rifle`
            help: name one by its number (from 0), id or name: Vex Marrow carries 0 smg (Basic SMG), 1 frag-grenade (Fragmentation Grenade)
        vex clear-jam 5
          error: Vex Marrow has no weapon 5
            help: name one by its number (from 0), id or name: Vex Marrow carries 0 smg (Basic SMG), 1 frag-grenade (Fragmentation Grenade)
        raider cook
          error: Depot Raider carries no grenade
            help: name one by its number (from 0), id or name: Depot Raider carries 0 assault-rifle (AR-7 Assault Rifle), 1 combat-knife (Combat Knife)
        vex hold 2 "the raider moves"
          {"command":"hold","id":"vex","actions":2,"trigger":"the raider moves"}
        raider hold 2 "vex moves"
          {"command":"hold","id":"raider","actions":2,"trigger":"vex moves"}"#]].assert_eq(&out.join("\n"));
}

#[test]
fn every_form_is_documented() {
    let doc = include_str!("../../../../docs/compound-x/encounter-file.md");
    for form in GM_FORMS.iter().chain(ACTION_FORMS) {
        assert!(
            doc.contains(&format!("`{}`", form.usage)),
            "docs/compound-x/encounter-file.md lacks the form `{}`",
            form.usage
        );
    }
}

#[test]
fn errors_point_at_the_word_at_fault() {
    let cases: &[(&str, Option<usize>)] = &[
        ("vex fire burts raider", Some(10)),
        ("vex fire burst", Some(15)),
        ("vex jump", Some(9)),
        ("vex dance", Some(5)),
        ("vex", Some(4)),
        ("", Some(1)),
        ("distance vex raider 15 extra", Some(24)),
        ("vex act \"draw pistol", Some(9)),
    ];
    for (line, column) in cases {
        let e = parse(line).expect_err(line);
        assert_eq!(e.column, *column, "{line}: {e}");
        if let Some(c) = column {
            let under = e.under(line);
            let caret = under.lines().nth(1).unwrap();
            assert_eq!(caret.len(), *c, "{under}");
            assert!(caret.ends_with('^'));
        }
    }
}
