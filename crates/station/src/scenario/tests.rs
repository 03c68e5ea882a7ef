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
