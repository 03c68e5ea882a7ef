//! What the fuzz targets share: the sample packs and battles they run
//! against, and the helpers that turn fuzz bytes into files, seeds and
//! commands.
//!
//! The parsers the targets feed are the rules crates' own, the ones the
//! `nanite` binary and the server run: the character and pack readers, the
//! encounter files (`nanite_compound_x::encounter_file`,
//! `nanite_d20::encounter_file`), the text command languages
//! (`nanite_compound_x::script`, `nanite_d20::script`,
//! `nanite_station::script`) and the Station scenario. The command line
//! keeps no parser of its own, so this crate needs nothing of it.

use std::sync::{Arc, OnceLock};

use nanite_core::content::SourceFile;
use nanite_core::{CombatantId, Game};

/// A seed for seeded dice, from the fuzz input (the same input rolls the
/// same dice, so a finding replays).
pub fn seed(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// A pack's files with one replaced by the fuzz input: the first byte picks
/// which (modulo the count), the rest is its new text. The other files stay
/// the sample's, so cross-references between files are exercised.
pub fn pack_files(sample: &[(&str, &str)], data: &[u8]) -> Option<Vec<SourceFile>> {
    let (&which, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    let which = usize::from(which) % sample.len();
    Some(
        sample
            .iter()
            .enumerate()
            .map(|(i, (name, sample_text))| {
                SourceFile::new(*name, if i == which { text } else { *sample_text })
            })
            .collect(),
    )
}

/// The Compound X sample pack.
pub fn cx_pack() -> &'static nanite_compound_x::Pack {
    static PACK: OnceLock<nanite_compound_x::Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let (pack, found) = nanite_compound_x::Pack::load(&nanite_compound_x::Pack::sample_files());
        assert!(!found.has_errors(), "{found}");
        pack
    })
}

/// The D20 sample pack.
pub fn d20_pack() -> &'static nanite_d20::Pack {
    static PACK: OnceLock<nanite_d20::Pack> = OnceLock::new();
    PACK.get_or_init(|| {
        let (pack, found) = nanite_d20::Pack::load(&nanite_d20::Pack::sample_files());
        assert!(!found.has_errors(), "{found}");
        pack
    })
}

const CX_VEX: &str = include_str!("../../examples/compound-x/vex.toml");
const CX_RAIDER: &str = include_str!("../../examples/compound-x/raider.toml");
const CX_SCAV: &str = include_str!("../../examples/compound-x/scav.toml");

/// A Compound X fight in its first round: vex (crew) against two raiders
/// and a scav, at set distances, initiative rolled with seed 0.
pub fn cx_battle() -> &'static nanite_compound_x::encounter::Battle {
    use nanite_compound_x::combat::{Cover, Fighter, Stance};
    use nanite_compound_x::encounter::{Battle, Command, CompoundX};
    use nanite_compound_x::{Character, Sheet};
    use nanite_core::{ClockCommand, SeededDice};

    static BATTLE: OnceLock<Battle> = OnceLock::new();
    BATTLE.get_or_init(|| {
        let pack = cx_pack();
        let mut game = Game::<CompoundX>::new(Battle::new());
        let mut dice = SeededDice::new(0);
        let who = [
            ("vex", "crew", CX_VEX),
            ("raider", "raiders", CX_RAIDER),
            ("guard", "raiders", CX_RAIDER),
            ("scav", "raiders", CX_SCAV),
        ];
        for (id, side, text) in who {
            let (character, found) = Character::read(&SourceFile::new(id, text));
            assert!(!found.has_errors(), "{found}");
            let fighter = Fighter::from_sheet(&Sheet::compute(&character, pack), pack);
            game.execute(
                &Command::Add {
                    id: CombatantId::from(id),
                    side: side.into(),
                    hidden: false,
                    fighter: Box::new(fighter),
                    cover: Cover::None,
                    stance: Stance::Standing,
                },
                &mut dice,
            )
            .expect("a combatant enters");
        }
        for (a, b, metres) in [
            ("vex", "raider", 10),
            ("vex", "guard", 14),
            ("vex", "scav", 3),
            ("raider", "guard", 2),
            ("raider", "scav", 8),
            ("guard", "scav", 8),
        ] {
            game.execute(
                &Command::Distance {
                    a: a.into(),
                    b: b.into(),
                    metres,
                },
                &mut dice,
            )
            .expect("a distance is set");
        }
        game.execute(&Command::RollInitiative { who: vec![] }, &mut dice)
            .expect("initiative is rolled");
        game.execute(
            &Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            &mut dice,
        )
        .expect("the fight begins");
        game.state().clone()
    })
}

/// A D20 fight on a 6 by 6 map, begun: bram and kara (heroes) against a
/// brute and a raider.
pub fn d20_battle() -> &'static nanite_d20::encounter::Battle {
    use nanite_core::{ClockCommand, SeededDice};
    use nanite_d20::encounter::{Battle, Command, D20, Field, Fighter, Place, Square};
    use nanite_d20::{Campaign, Character};

    const WHO: [(&str, &str, &str, i64, i64); 4] = [
        (
            "bram",
            "heroes",
            include_str!("../../examples/d20/bram.toml"),
            1,
            1,
        ),
        (
            "kara",
            "heroes",
            include_str!("../../examples/d20/kara.toml"),
            2,
            1,
        ),
        (
            "brute",
            "raiders",
            include_str!("../../examples/d20/brute.toml"),
            4,
            4,
        ),
        (
            "raider",
            "raiders",
            include_str!("../../examples/d20/raider.toml"),
            5,
            2,
        ),
    ];
    static BATTLE: OnceLock<Battle> = OnceLock::new();
    BATTLE.get_or_init(|| {
        let pack = d20_pack();
        let campaign = Campaign::default();
        let mut game = Game::<D20>::new(Battle::new(
            campaign.clone(),
            Field::Map {
                width: 6,
                height: 6,
            },
        ));
        let mut dice = SeededDice::new(0);
        for (id, side, text, x, y) in WHO {
            let (character, found) = Character::read(&SourceFile::new(id, text));
            assert!(!found.has_errors(), "{found}");
            game.execute(
                &Command::Add {
                    id: CombatantId::from(id),
                    side: side.into(),
                    hidden: false,
                    fighter: Box::new(Fighter::new(&character, pack, &campaign)),
                    place: Place::Square(Square { x, y }),
                },
                &mut dice,
            )
            .expect("a combatant enters");
        }
        game.execute(&Command::RollInitiative { who: vec![] }, &mut dice)
            .expect("initiative is rolled");
        game.execute(
            &Command::Clock(ClockCommand::Begin { surprise: vec![] }),
            &mut dice,
        )
        .expect("the fight begins");
        game.state().clone()
    })
}

/// The Station sample pack.
pub fn station_pack() -> &'static Arc<nanite_station::Pack> {
    static PACK: OnceLock<Arc<nanite_station::Pack>> = OnceLock::new();
    PACK.get_or_init(|| Arc::new(nanite_station::Pack::sample()))
}

/// The Derelict Lab example (`examples/station/derelict-lab.txt`), set up
/// and not begun: the GM may deploy, and `begin` starts the players' turn.
pub fn station_state() -> &'static nanite_station::State {
    static STATE: OnceLock<nanite_station::State> = OnceLock::new();
    STATE.get_or_init(|| {
        let pack = station_pack();
        let text = include_str!("../../examples/station/derelict-lab.txt");
        let (scenario, found) = nanite_station::scenario::parse("derelict-lab.txt", text, pack);
        assert!(!found.has_errors(), "{found}");
        nanite_station::State::new(pack.clone(), Arc::new(scenario.expect("it reads")))
            .expect("the lab sets up")
    })
}

/// Runs `commands` through a game from `start` with seeded dice, checking
/// after each that a refusal changed nothing and at the end that the log
/// replays to the state reached; `same` compares two states. Panics (a
/// finding) when either fails.
pub fn run<R: nanite_core::Ruleset>(
    start: &R::State,
    commands: impl IntoIterator<Item = R::Command>,
    seed: u64,
    same: impl Fn(&R::State, &R::State) -> bool,
) {
    let mut game = Game::<R>::new(start.clone());
    let mut dice = nanite_core::SeededDice::new(seed);
    for command in commands {
        let before = game.state().clone();
        if let Err(e) = game.execute(&command, &mut dice) {
            let _ = e.to_string();
            assert!(same(&before, game.state()), "a refusal changed the state");
        }
    }
    let replayed =
        nanite_core::replay::<R>(start.clone(), game.log().iter().flat_map(|e| &e.events));
    assert!(
        same(&replayed, game.state()),
        "the log replays to another state"
    );
}

/// Whether two values serialize to the same JSON text (the rules crates'
/// states hold ordered maps only, so equal states write equal text).
pub fn same_json<T: serde::Serialize>(a: &T, b: &T) -> bool {
    serde_json::to_vec(a).expect("it serializes") == serde_json::to_vec(b).expect("it serializes")
}

/// The Station sample pack's files (as `nanite_station::Pack::sample` reads
/// them).
pub const STATION_SAMPLE: [(&str, &str); 7] = [
    (
        "content/station/gear.toml",
        include_str!("../../content/station/gear.toml"),
    ),
    (
        "content/station/creatures.toml",
        include_str!("../../content/station/creatures.toml"),
    ),
    (
        "content/station/classes.toml",
        include_str!("../../content/station/classes.toml"),
    ),
    (
        "content/station/cards.toml",
        include_str!("../../content/station/cards.toml"),
    ),
    (
        "content/station/loot.toml",
        include_str!("../../content/station/loot.toml"),
    ),
    (
        "content/station/powers.toml",
        include_str!("../../content/station/powers.toml"),
    ),
    (
        "content/station/cyber.toml",
        include_str!("../../content/station/cyber.toml"),
    ),
];

/// The most commands one input runs.
pub const MOST_COMMANDS: usize = 64;

/// The bodies in `data`: one JSON value, or an array of them (at most
/// [`MOST_COMMANDS`]).
fn bodies(data: &[u8]) -> Vec<serde_json::Value> {
    match serde_json::from_slice::<serde_json::Value>(data) {
        Ok(serde_json::Value::Array(all)) => all.into_iter().take(MOST_COMMANDS).collect(),
        Ok(one) => vec![one],
        Err(_) => Vec::new(),
    }
}

/// The engine commands of the Compound X or D20 API in `data` (one body, or
/// an array of bodies), read as the server's `read_command` reads a body: a
/// JSON object, its `dice` set aside, an `add` refused (combatants enter
/// through their own route), the rest the engine's tagged `Command`.
pub fn json_commands<C: serde::de::DeserializeOwned>(data: &[u8]) -> Vec<C> {
    bodies(data)
        .into_iter()
        .filter_map(|body| {
            let serde_json::Value::Object(mut body) = body else {
                return None;
            };
            body.remove("dice");
            if body.get("command").and_then(serde_json::Value::as_str) == Some("add") {
                return None;
            }
            serde_json::from_value(serde_json::Value::Object(body)).ok()
        })
        .collect()
}

/// The engine commands of the Station API in `data` (one body, or an array
/// of bodies), read as the server reads a body: `{"command": COMMAND}` and
/// nothing else.
pub fn station_json_commands(data: &[u8]) -> Vec<nanite_station::Command> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Body {
        command: nanite_station::Command,
    }
    bodies(data)
        .into_iter()
        .filter_map(|body| serde_json::from_value::<Body>(body).ok())
        .map(|b| b.command)
        .collect()
}
