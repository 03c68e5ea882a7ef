//! Scenario parsing tests: the two samples, and errors with their lines.

use super::*;

fn sample(name: &str) -> Scenario {
    let text = match name {
        "lab" => include_str!("../../../../examples/station/derelict-lab.txt"),
        _ => include_str!("../../../../examples/station/outpost-siege.txt"),
    };
    let (s, problems) = parse(name, text, &Pack::sample());
    assert!(!problems.has_errors(), "{problems}");
    s.expect("a scenario")
}

fn problems(text: &str) -> String {
    let (_, problems) = parse("bad.txt", text, &Pack::sample());
    problems.to_string()
}

const MINIMAL: &str = "name: Tiny\nkind: players-vs-gm\nthreat 1: crawler 1\nplayer: ana marine picks 1 1 1\nobjective: survive 3 win\n";

#[test]
fn the_single_player_sample_reads_whole() {
    // rule: ST-FLOW-04
    let s = sample("lab");
    assert_eq!(s.kind, Kind::SinglePlayer);
    assert_eq!(s.cyber, CyberMode::UpgradeUnits);
    assert_eq!((s.gm_bcp, s.gm_mcp), (2, 0));
    assert_eq!(s.grid.width(), 25);
    assert_eq!(s.starts, vec![Pos::new(1, 1)]);
    let locked = s.doors.iter().find(|d| d.lock == Lock::Locked).unwrap();
    assert_eq!(locked.at, Pos::new(18, 2));
    assert_eq!(
        locked.hack,
        Hackable {
            difficulty: 5,
            skill: 1,
            nanites: 2
        }
    );
    assert_eq!(s.switches[0].doors, vec![Pos::new(18, 2)]);
    assert_eq!(s.cameras.len(), 1);
    assert_eq!(s.turrets[0].damage_type, DamageType::Energy);
    assert_eq!(
        s.searchables,
        vec![(Pos::new(8, 2), "engineer-body".to_string())]
    );
    assert_eq!(s.threats[&1]["crawler"], 2);
    assert_eq!(s.objectives.len(), 2);
    // The shared door of the two pieces separates two rooms.
    assert_ne!(s.grid.room(Pos::new(10, 3)), s.grid.room(Pos::new(12, 3)));
}

#[test]
fn the_players_vs_gm_sample_reads_whole() {
    let s = sample("outpost");
    assert_eq!(s.kind, Kind::PlayersVsGm);
    assert_eq!(s.players.len(), 2);
    assert_eq!(s.cm_by_players[&2], 2);
    assert!(s.doors.iter().any(|d| d.lock == Lock::Security));
    assert!(s.machines.iter().any(|m| m.active) && s.machines.iter().any(|m| m.broken));
    assert_eq!(s.no_light.len(), 1);
    assert!(s.stations[0].advanced);
}

#[test]
fn mistakes_are_reported_with_their_lines() {
    let text = format!(
        "{MINIMAL}kind: everyone\nthreat 2: dragon 1\npiece a at 0,0\n#####\n#1.Z#\n#####\nend\nC: camera facing up\n"
    );
    let out = problems(&text);
    assert!(
        out.contains("bad.txt:6: kind: `everyone` is not a scenario kind"),
        "{out}"
    );
    assert!(
        out.contains("bad.txt:7: threat 2: no creature `dragon`"),
        "{out}"
    );
    assert!(
        out.contains("bad.txt:10: map: marker `Z` on 3,1 has no legend line"),
        "{out}"
    );
    assert!(
        out.contains("bad.txt:13: C: `up` is not a direction"),
        "{out}"
    );
}

#[test]
fn overlapping_pieces_must_agree() {
    let text = format!(
        "{MINIMAL}piece a at 0,0\n#####\n#1..#\n#####\nend\npiece b at 4,0\n.###\n#..#\n####\nend\n"
    );
    let out = problems(&text);
    assert!(
        out.contains("piece `b` puts `.` on 4,0, where piece `a` has `#`"),
        "{out}"
    );
}

#[test]
fn class_picks_follow_the_card() {
    // rule: ST-CHAR-02
    let text = "name: T\nkind: single-player\nthreat 1: crawler 1\nplayer: ana marine picks 1 4\nobjective: survive 3 win\npiece a at 0,0\n####\n#1.#\n####\nend\n";
    let out = problems(text);
    assert!(
        out.contains("has 3 training years; pick one bonus from each, not 2 (rule ST-CHAR-02)"),
        "{out}"
    );
    assert!(
        out.contains("year 2 of the Marine card offers bonuses 1 to 3, not 4"),
        "{out}"
    );
}

#[test]
fn a_scenario_needs_a_map_a_kind_and_a_winning_objective() {
    let out = problems("name: Empty\nplayer: ana marine picks 1 1 1\n");
    assert!(out.contains("the scenario has no map"), "{out}");
    assert!(out.contains("does not say its kind"), "{out}");
    assert!(out.contains("no objective wins the game"), "{out}");
    assert!(
        out.contains("no threat level says which creatures"),
        "{out}"
    );
}

/// A scenario with `setting` added and the map `piece`.
fn with(setting: &str, piece: &str) -> String {
    format!("{MINIMAL}{setting}\n{piece}")
}

const ROOM: &str = "piece a at 0,0\n#####\n#1..#\n#####\nend\n";

#[test]
fn every_number_is_read_within_its_range() {
    // input: the audit's starting-cm 2147483647, and each number's edges
    let cases = [
        (
            "starting-cm: 2147483647",
            "starting-cm 2147483647 is out of range: from 0 to 1000",
        ),
        (
            "starting-cm: -1",
            "starting-cm -1 is out of range: from 0 to 1000",
        ),
        (
            "starting-cm-by-players: 5=1",
            "a number of players 5 is out of range: from 1 to 4",
        ),
        (
            "starting-cm-by-players: 1=9999",
            "starting-cm-by-players 9999 is out of range",
        ),
        (
            "gm-points: 2147483647 bcp 0 mcp",
            "BCP 2147483647 is out of range: from 0 to 1000",
        ),
        ("gm-points: 0 bcp -1 mcp", "MCP -1 is out of range"),
        (
            "threat-start: 21",
            "threat level 21 is out of range: from 1 to 20",
        ),
        (
            "threat 4294967296: crawler 1",
            "threat level 4294967296 is out of range",
        ),
        (
            "threat 2: crawler 51",
            "creature count 51 is out of range: from 0 to 50",
        ),
        (
            "objective: kill 0",
            "kills 0 is out of range: from 1 to 1000",
        ),
        (
            "objective: survive 4294967295",
            "turns 4294967295 is out of range",
        ),
        (
            "objective: kill 1 reward 101",
            "reward 101 is out of range: from 0 to 100",
        ),
        (
            "X: door locked difficulty 31",
            "difficulty 31 is out of range: from 0 to 30",
        ),
        (
            "X: door skill 2147483648",
            "skill 2147483648 is out of range: from 0 to 20",
        ),
        (
            "X: door nanites -1",
            "nanites -1 is out of range: from 0 to 100",
        ),
        (
            "X: camera facing w range 51",
            "range 51 is out of range: from 1 to 50",
        ),
        (
            "X: camera facing w angle 0",
            "angle 0 is out of range: from 1 to 360",
        ),
        (
            "X: turret facing w accuracy 21",
            "accuracy 21 is out of range: from 0 to 20",
        ),
        (
            "X: turret facing w damage 0",
            "damage 0 is out of range: from 1 to 100",
        ),
        (
            "X: security-station downtime 101",
            "downtime 101 is out of range: from 1 to 100",
        ),
    ];
    for (setting, want) in cases {
        let got = problems(&with(setting, ROOM));
        assert!(got.contains(want), "{setting}: {got}");
    }
    // The edges themselves are accepted.
    let edges = "starting-cm: 1000\ngm-points: 1000 bcp 1000 mcp\nstarting-cm-by-players: 4=1000\nobjective: survive 1000 reward 100";
    let got = problems(&with(edges, ROOM));
    assert!(!got.contains("error"), "{got}");
}

#[test]
fn the_map_is_bounded() {
    // input: the audit's `piece a at 2000000000,2000000000` (a hang eating
    // gigabytes before), pieces reaching past 127,127, and too many devices
    let far = "piece a at 2000000000,2000000000\n#####\n#1..#\n#####\nend\n";
    let got = problems(&with("", far));
    assert!(
        got.contains("`2000000000,2000000000` is not a square of the map"),
        "{got}"
    );
    assert!(got.contains("from 0 to 127"), "{got}");
    let edge = "piece a at 125,0\n#####\n#1..#\n#####\nend\n";
    let got = problems(&with("", edge));
    assert!(
        got.contains("piece `a` at 125,0 reaches beyond the largest map"),
        "{got}"
    );
    let long_row = format!("piece a at 0,0\n#1{}#\nend\n", ".".repeat(200));
    let got = problems(&with("", &long_row));
    assert!(got.contains("reaches beyond the largest map"), "{got}");
    let huge = format!("{MINIMAL}{}", "#".repeat(limits::TEXT_BYTES));
    let got = problems(&huge);
    assert!(
        got.contains("a scenario file is at most 1048576 bytes"),
        "{got}"
    );
    let cameras = format!(
        "X: camera facing w\npiece a at 0,0\n#1{}#\nend\n",
        "X".repeat(33)
    );
    let got = problems(&with("", &cameras));
    assert!(
        got.contains("the scenario has 33 cameras; it may have at most 32"),
        "{got}"
    );
    let plus = "+".repeat(100);
    let doors = format!("piece a at 0,0\n#1#\n{plus}\n{plus}\n{plus}\nend\n");
    let got = problems(&with("", &doors));
    assert!(got.contains("doors; it may have at most 256"), "{got}");
}

#[test]
fn a_scenario_holds_at_most_4_players() {
    // input: five `player:` lines
    let five = (1..=5)
        .map(|i| {
            format!(
                "player: p{} marine picks 1 1 1\n",
                ["a", "b", "d", "e", "f"][i - 1]
            )
        })
        .collect::<String>();
    let got = problems(&with(&five, ROOM));
    assert!(
        got.contains("the scenario has 5 players; it may have at most 4"),
        "{got}"
    );
}
