//! The map as SVG and the actions beside it, on a small map: a snapshot of
//! the drawing, what each viewer is offered, and names that stay text.

use expect_test::expect;
use nanite_station::Command;

use super::{actions, panel, svg};
use crate::permissions::{Role, Viewer};
use crate::station::{Game, game::read_scenario, view};

const CLOSET: &str = "name: Closet
kind: players-vs-gm
gm-points: 2 bcp 0 mcp
threat 1: crawler 1
player: ana marine picks 1 1 1
objective: reach X win

piece closet at 0,0
#######
#1.L.X#
#d.#..#
#######
end

L: door locked difficulty 5 skill 1 nanites 2
d: dark
X: goal
";

fn closet() -> Game {
    Game::new(
        "g-1",
        "Closet",
        "closet.txt",
        read_scenario("closet.txt", CLOSET).unwrap(),
    )
}

fn viewer(role: Role, slot: Option<&str>) -> Viewer {
    Viewer {
        role,
        invite: format!("i-{role:?}"),
        slot: slot.map(str::to_string),
    }
}

/// The SVG with one element a line, for reading its snapshot.
fn lines(svg: &str) -> String {
    svg.replace("><", ">\n<")
}

#[test]
fn a_small_map_draws_its_squares_door_goal_and_crew() {
    let mut g = closet();
    g.game
        .execute(&Command::Begin, &mut nanite_core::SeededDice::new(1))
        .unwrap();
    let alice = viewer(Role::Player, Some("ana"));
    let shown = view::game(&crate::table::Table::empty(), &g, &alice);
    let judged = actions::judged(&g, &alice);
    let drawn = svg::map(&shown, &judged);
    let map = drawn.split("<ul class=\"st-legend\"").next().unwrap();
    expect![[r#"
        <div class="st-map-box">
        <svg class="st-map" data-pan-zoom="station-map" viewBox="0 0 252 144" width="252" height="144" role="group" aria-label="The map, 7 by 4 squares">
        <g class="st-tiles">
        <rect class="st-wall" x="0" y="0" width="36" height="36"/>
        <rect class="st-wall" x="36" y="0" width="36" height="36"/>
        <rect class="st-wall" x="72" y="0" width="36" height="36"/>
        <rect class="st-wall" x="108" y="0" width="36" height="36"/>
        <rect class="st-wall" x="144" y="0" width="36" height="36"/>
        <rect class="st-wall" x="180" y="0" width="36" height="36"/>
        <rect class="st-wall" x="216" y="0" width="36" height="36"/>
        <rect class="st-wall" x="0" y="36" width="36" height="36"/>
        <rect class="st-floor st-dark" x="36" y="36" width="36" height="36"/>
        <rect class="st-floor st-dark" x="72" y="36" width="36" height="36"/>
        <rect class="st-floor" x="108" y="36" width="36" height="36"/>
        <rect class="st-floor" x="144" y="36" width="36" height="36"/>
        <rect class="st-floor" x="180" y="36" width="36" height="36"/>
        <rect class="st-wall" x="216" y="36" width="36" height="36"/>
        <rect class="st-wall" x="0" y="72" width="36" height="36"/>
        <rect class="st-floor st-dark" x="36" y="72" width="36" height="36"/>
        <rect class="st-floor st-dark" x="72" y="72" width="36" height="36"/>
        <rect class="st-wall" x="108" y="72" width="36" height="36"/>
        <rect class="st-floor" x="144" y="72" width="36" height="36"/>
        <rect class="st-floor" x="180" y="72" width="36" height="36"/>
        <rect class="st-wall" x="216" y="72" width="36" height="36"/>
        <rect class="st-wall" x="0" y="108" width="36" height="36"/>
        <rect class="st-wall" x="36" y="108" width="36" height="36"/>
        <rect class="st-wall" x="72" y="108" width="36" height="36"/>
        <rect class="st-wall" x="108" y="108" width="36" height="36"/>
        <rect class="st-wall" x="144" y="108" width="36" height="36"/>
        <rect class="st-wall" x="180" y="108" width="36" height="36"/>
        <rect class="st-wall" x="216" y="108" width="36" height="36"/>
        </g>
        <g class="st-sight">
        </g>
        <g class="st-goal">
        <title>goal X</title>
        <rect class="st-goal-square" x="180" y="36" width="36" height="36"/>
        <text class="st-goal-letter" x="198" y="59">X</text>
        </g>
        <g class="st-layer st-hide" data-moves-of="ana">
        <g class="st-move" role="button" tabindex="0" data-cmd="{&#34;command&#34;:{&#34;Move&#34;:{&#34;who&#34;:&#34;ana&#34;,&#34;to&#34;:{&#34;x&#34;:2,&#34;y&#34;:1}}}}" aria-label="Move ana to 2,1 (1 AP)">
        <title>Move ana to 2,1 (1 AP)</title>
        <rect x="74" y="38" width="32" height="32" rx="4"/>
        <text class="st-cost" x="90" y="59">1</text>
        </g>
        <g class="st-move" role="button" tabindex="0" data-cmd="{&#34;command&#34;:{&#34;Move&#34;:{&#34;who&#34;:&#34;ana&#34;,&#34;to&#34;:{&#34;x&#34;:1,&#34;y&#34;:2}}}}" aria-label="Move ana to 1,2 (1 AP)">
        <title>Move ana to 1,2 (1 AP)</title>
        <rect x="38" y="74" width="32" height="32" rx="4"/>
        <text class="st-cost" x="54" y="95">1</text>
        </g>
        <g class="st-move" role="button" tabindex="0" data-cmd="{&#34;command&#34;:{&#34;Move&#34;:{&#34;who&#34;:&#34;ana&#34;,&#34;to&#34;:{&#34;x&#34;:2,&#34;y&#34;:2}}}}" aria-label="Move ana to 2,2 (1 AP)">
        <title>Move ana to 2,2 (1 AP)</title>
        <rect x="74" y="74" width="32" height="32" rx="4"/>
        <text class="st-cost" x="90" y="95">1</text>
        </g>
        </g>
        <g class="st-device st-door st-locked">
        <title>locked door, locked; hack: difficulty 5, skill 1, 2 nanites</title>
        <rect x="112" y="40" width="28" height="28" rx="5"/>
        <text class="st-letter" x="126" y="59">L</text>
        </g>
        <g class="st-unit st-crew" role="button" tabindex="0" data-unit="ana" aria-label="ana (Marine), HP 10/10, AP 3">
        <title>ana (Marine), HP 10/10, AP 3</title>
        <circle cx="54" cy="52" r="13"/>
        <text class="st-name" x="54" y="56">ana</text>
        <rect class="st-hp-track" x="40" y="66" width="28" height="4"/>
        <rect class="st-hp" x="40" y="66" width="28" height="4"/>
        </g>
        </svg>
        <svg class="st-map-strut" width="168" height="0" aria-hidden="true" focusable="false">
        </svg>
        </div>"#]]
    .assert_eq(&lines(map));
}

#[test]
fn each_viewer_is_offered_only_their_own() {
    let mut g = closet();
    let gm = viewer(Role::Gm, None);
    // Setup: the GM deploys on the engine's legal squares, or none with the reason.
    let setup = actions::judged(&g, &gm);
    let squares = setup
        .deploys
        .get("crawler")
        .expect("crawlers may be deployed")
        .as_ref()
        .map(Vec::len);
    assert!(
        matches!(setup.deploys.get("crawler"), Some(Err(why)) if why.contains("ST-GM-03")),
        "every square of the closet is within 5 of ana: {squares:?}"
    );
    assert_eq!(setup.turn[0].command, Command::Begin);
    let alice = viewer(Role::Player, Some("ana"));
    assert!(
        actions::judged(&g, &alice).units.is_empty(),
        "players wait in setup"
    );
    g.game
        .execute(&Command::Begin, &mut nanite_core::SeededDice::new(1))
        .unwrap();
    let mine = actions::judged(&g, &alice);
    assert_eq!(mine.units.len(), 1);
    assert!(mine.deploys.is_empty());
    let bob = viewer(Role::Player, None);
    let theirs = actions::judged(&g, &bob);
    assert!(theirs.units.is_empty());
    assert!(theirs.turn.is_empty(), "Bob has no part in the turn to end");
    assert_eq!(mine.turn[0].command, Command::EndTurn);
    assert!(mine.turn[0].refused.is_none());
    let spectator = viewer(Role::Spectator, None);
    let watching = actions::judged(&g, &spectator);
    assert!(watching.units.is_empty() && watching.turn.is_empty());
    // The status line never shows a player the GM's points.
    let shown = view::game(&crate::table::Table::empty(), &g, &alice);
    let status = super::render(&panel::Status {
        view: &shown,
        judged: &mine,
        gm: false,
        api: "/api/x",
    });
    assert!(!status.contains("BCP"), "{status}");
    let shown = view::game(&crate::table::Table::empty(), &g, &gm);
    let judged = actions::judged(&g, &gm);
    let status = super::render(&panel::Status {
        view: &shown,
        judged: &judged,
        gm: true,
        api: "/api/x",
    });
    assert!(status.contains("Creature points: 2 BCP, 0 MCP"), "{status}");
}

#[test]
fn names_in_the_map_and_the_log_are_text() {
    let evil = CLOSET.replace("name: Closet", "name: <script>alert(1)</script>");
    let g = Game::new(
        "g-1",
        "<img src=x onerror=alert(1)>",
        "closet.txt",
        read_scenario("closet.txt", &evil).unwrap(),
    );
    let shown = view::game(&crate::table::Table::empty(), &g, &viewer(Role::Gm, None));
    let html = super::part_html(
        "c-1",
        "g-1",
        &shown,
        &actions::judged(&g, &viewer(Role::Gm, None)),
        &panel::Seating {
            role: Role::Gm,
            players: vec![("i-1".into(), "<b>Alice</b>".into())],
            slots: Vec::new(),
        },
    );
    assert!(html.contains("Seat &#60;b&#62;Alice&#60;/b&#62;"), "{html}");
    assert!(
        !html.contains("<script>") && !html.contains("<img") && !html.contains("<b>Alice"),
        "{html}"
    );
    let games = panel::games_card(
        "c-1",
        &[view::GameListed {
            id: "g-1".into(),
            name: "<b>x</b>".into(),
            scenario: "<i>".into(),
            kind: "k".into(),
            phase: "p".into(),
            winner: None,
            turn: 1,
        }],
        true,
    );
    assert!(
        games.contains("&#60;b&#62;x&#60;/b&#62;") && !games.contains("<b>x"),
        "{games}"
    );
}

#[test]
fn the_gm_commands_creatures_in_the_gms_turn() {
    let text = include_str!("../../../../../examples/station/outpost-siege.txt");
    let mut g = Game::new(
        "g-1",
        "Siege",
        "outpost-siege.txt",
        read_scenario("outpost-siege.txt", text).unwrap(),
    );
    let gm = viewer(Role::Gm, None);
    let setup = actions::judged(&g, &gm);
    let at = setup
        .deploys
        .get("crawler")
        .expect("crawlers may be deployed")
        .as_ref()
        .unwrap()[0];
    let mut dice = nanite_core::SeededDice::new(3);
    for command in [
        Command::Deploy {
            creature: "crawler".into(),
            at,
        },
        Command::Begin,
        Command::EndTurn,
    ] {
        g.game.execute(&command, &mut dice).unwrap();
    }
    let turn = actions::judged(&g, &gm);
    let c1 = turn.units.get("c1").expect("the GM commands c1");
    assert!(!c1.moves.is_empty(), "the crawler may move");
    assert!(c1.attacks.contains_key("ana") && c1.attacks.contains_key("bo"));
    assert!(
        !turn.units.contains_key("ana"),
        "the crew waits in the GM's turn"
    );
    assert_eq!(turn.turn[0].command, Command::EndTurn);
    let alice = actions::judged(&g, &viewer(Role::Player, Some("ana")));
    assert!(alice.units.is_empty() && alice.turn.is_empty() && alice.deploys.is_empty());
}

#[test]
fn a_door_in_front_offers_its_hack_with_its_price_or_the_reason_not() {
    let mut g = closet();
    let mut dice = nanite_core::SeededDice::new(5);
    for command in [
        Command::Begin,
        Command::Move {
            who: "ana".into(),
            to: nanite_station::map::Pos::new(2, 1),
        },
    ] {
        g.game.execute(&command, &mut dice).unwrap();
    }
    let judged = actions::judged(&g, &viewer(Role::Player, Some("ana")));
    let hack = judged
        .units
        .get("ana")
        .expect("ana acts")
        .other
        .iter()
        .find(|c| c.label == "Hack the locked door at 3,1")
        .expect("the hack is offered");
    match (&hack.refused, &hack.price) {
        (None, Some(price)) => assert!(
            price.contains("2 nanites") && price.contains("turns"),
            "{price}"
        ),
        (Some(why), None) => assert!(why.contains("rule ST-TECH"), "{why}"),
        other => panic!("a hack is priced or refused: {other:?}"),
    }
}
