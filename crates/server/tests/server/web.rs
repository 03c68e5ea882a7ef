//! The web table's pages through the router: each role's tracker shows the
//! API's view of the fight (exact numbers for the GM and one's own, the
//! wounded descriptor otherwise, nothing of a hidden combatant), action
//! buttons carry the engine's costs and reasons, names are text, and the
//! builder names the rule each rejected choice breaks.

use axum::http::Method;

use super::support::{Answer, Auth, Call, Db, RAIDER, Table, VEX};
use crate::both;

fn page(t: &Table, path: &str, auth: &Auth) -> Call {
    Call::new(Method::GET, format!("/c/{}{path}", t.campaign), auth)
}

/// The tracker's part of encounter `e` (what htmx refreshes) as `auth`
/// sees it.
async fn tracker_part(t: &Table, e: &str, auth: &Auth) -> Answer {
    t.send(page(t, &format!("/e/{e}/part"), auth))
        .await
        .expect(200)
}

/// The combatant card of `name` in a tracker page.
fn card<'a>(html: &'a str, name: &str) -> &'a str {
    let at = html
        .find("<article class=\"combatant")
        .and_then(|first| {
            html[first..]
                .find(&format!("aria-label=\"{name}\""))
                .map(|at| first + at)
        })
        .unwrap_or_else(|| panic!("no card of {name} in {html}"));
    let end = html[at..].find("</article>").map_or(html.len(), |e| at + e);
    &html[at..end]
}

async fn each_role_sees_the_fight_as_the_api_cuts_it(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let gm = t
        .send(page(&t, &format!("/e/{e}"), &t.gm.session))
        .await
        .expect(200);
    let raider_hp = t.view(&e, &t.gm.session).await["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "raider")
        .unwrap()["max_hp"]
        .as_i64()
        .unwrap();
    let exact = format!("Health {raider_hp}/{raider_hp}");
    assert!(
        card(&gm.text, "Depot Raider").contains(&exact),
        "{}",
        gm.text
    );
    assert!(
        gm.text.contains("Scav Lookout"),
        "the GM sees the hidden scav"
    );
    assert!(gm.text.contains("hidden from players"));
    for seat in [&t.alice.session, &t.bob.session, &t.spectator.session] {
        let seen = tracker_part(&t, &e, seat).await;
        let raider = card(&seen.text, "Depot Raider");
        assert!(!raider.contains("Health"), "{raider}");
        assert!(!raider.contains(&raider_hp.to_string()), "{raider}");
        assert!(raider.contains(">unhurt<"), "{raider}");
        assert!(
            !seen.text.contains("Scav"),
            "nobody but the GM sees the scav"
        );
    }
    // Alice sees her own Vex whole.
    let alice = tracker_part(&t, &e, &t.alice.session).await;
    assert!(card(&alice.text, "Vex Marrow").contains("Health"));
}

async fn action_buttons_carry_the_engines_costs_and_reasons(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    // Vex acts first: Alice gets her actions, Bob and the spectator none.
    let alice = tracker_part(&t, &e, &t.alice.session).await;
    alice.has("Actions of Vex Marrow");
    // rule: CX-TURN-07
    // Aiming and going prone cost an action, crouching is free, as the
    // engine spends them.
    for (label, cost) in [
        ("Aim", "1 action"),
        ("Go prone", "1 action"),
        ("Go hunkered", "1 action"),
        ("Go crouched", "free"),
    ] {
        let shown = format!("{label} <span class=\"cost\">{cost}</span>");
        assert!(alice.text.contains(&shown), "{shown} in {}", alice.text);
    }
    // A full magazine: the reload is greyed out with the engine's reason.
    let reload = alice
        .text
        .split("<form class=\"act ")
        .find(|f| f.contains("Reload Basic SMG"))
        .expect("a reload button");
    assert!(reload.contains("aria-disabled=\"true\""), "{reload}");
    assert!(reload.contains("class=\"why\""), "{reload}");
    // The hidden scav is no target of hers.
    assert!(!alice.text.contains("data-target-group=\"scav\""));
    for seat in [&t.bob.session, &t.spectator.session] {
        let seen = tracker_part(&t, &e, seat).await;
        assert!(!seen.text.contains("Actions of"), "{}", seen.text);
    }
    // The GM may act for anyone, the scav included as a target.
    let gm = tracker_part(&t, &e, &t.gm.session).await;
    assert!(gm.text.contains("data-target-group=\"scav\""));
}

/// A command the players heard nothing of leaves no mark in their log: no
/// empty entry where it stood.
async fn a_secret_leaves_no_gap_in_a_players_log(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let next = serde_json::json!({"command": "clock", "clock": "next_turn"});
    t.command(&e, &t.alice.session, next.clone())
        .await
        .expect(201);
    // The hidden scav's turn: Alice is told only that the GM is acting.
    let part = async |auth| tracker_part(&t, &e, auth).await.text;
    let alice = part(&t.alice.session).await;
    assert!(alice.contains("The GM is acting."), "{alice}");
    assert!(
        !alice.contains("Turn of") && !alice.contains("acting</span>"),
        "{alice}"
    );
    let gm = part(&t.gm.session).await;
    assert!(gm.contains("Turn of</span> <b>Scav Lookout</b>"), "{gm}");
    // The hidden scav aims and ends its turn: the table hears nothing of it.
    t.command(
        &e,
        &t.gm.session,
        serde_json::json!({"command": "aim", "id": "scav"}),
    )
    .await
    .expect(201);
    t.command(&e, &t.gm.session, next).await.expect(201);
    let gm = tracker_part(&t, &e, &t.gm.session).await;
    assert!(gm.text.contains("aim"), "the GM's log has the aim");
    let alice = tracker_part(&t, &e, &t.alice.session).await;
    assert!(
        !alice.text.contains("<li><div class=\"lines\"></div></li>"),
        "{}",
        alice.text
    );
    assert!(!alice.text.contains("scav"), "{}", alice.text);
}

async fn names_are_shown_as_text(db: Db) {
    let t = Table::new(db).await;
    let xss = VEX.replace(
        "name = \"Vex Marrow\"",
        "name = \"<img src=x onerror=alert(1)>\"",
    );
    t.upload(&t.alice.session, "vex", &xss).await.expect(201);
    for path in ["", "/part/dashboard", "/characters/vex"] {
        let shown = t.send(page(&t, path, &t.gm.session)).await.expect(200);
        // The hand-written escaper wrote `&lt;`, askama writes `&#60;`.
        assert!(
            shown.text.contains("&lt;img src=x onerror=alert(1)&gt;")
                || shown.text.contains("&#60;img src=x onerror=alert(1)&#62;"),
            "{path}: {}",
            shown.text
        );
        assert!(!shown.text.contains("<img"), "{path}");
    }
}

async fn the_builder_names_the_rule_each_choice_breaks(db: Db) {
    let t = Table::new(db).await;
    let form = |str_: u32| {
        format!(
            "name=Rook&race=human&class=soldier&stat_STR={str_}&stat_PER=7&stat_FORT=6&stat_CHA=6&stat_INT=5&stat_DEX=6&stat_LUCK=6&skill_smgs=30&weapon1=smg&magazines1=2"
        )
    };
    let check = |body: String| {
        Call::new(
            Method::POST,
            format!("/c/{}/build/check", t.campaign),
            &t.bob.session,
        )
        .raw("application/x-www-form-urlencoded", body)
    };
    // rule: CX-STAT-06
    let refused = t.send(check(form(12))).await.expect(200);
    assert!(refused.text.contains("rule CX-STAT-06"), "{}", refused.text);
    assert!(!refused.text.contains("Save the character"));
    let legal = t.send(check(form(6))).await.expect(200);
    assert!(legal.text.contains("Save the character"), "{}", legal.text);
    assert!(
        legal.text.contains("name = &quot;Rook&quot;")
            || legal.text.contains("name = &#34;Rook&#34;"),
        "{}",
        legal.text
    );
    // What the builder accepts, the API accepts.
    let toml = super::support::file_of(&legal.text);
    t.upload(&t.bob.session, "rook", &toml).await.expect(201);
    // Nobody else's file: a player sees only the sheets they own.
    t.upload(&t.gm.session, "raider", RAIDER).await.expect(201);
    t.send(page(&t, "/characters/raider", &t.bob.session))
        .await
        .expect(403);
    t.send(page(&t, "/characters/rook", &t.bob.session))
        .await
        .expect(200);
}

async fn a_shot_shows_its_chance_to_hit(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    // Vex aims: the shot shown is aimed fire, with her SMG's dot sight (CX-RNG-05).
    t.command(
        &e,
        &t.alice.session,
        serde_json::json!({"command": "aim", "id": "vex"}),
    )
    .await
    .expect(201);
    let alice = tracker_part(&t, &e, &t.alice.session).await;
    let button = alice
        .text
        .split("<form class=\"act ")
        .find(|f| f.contains("Fire Basic SMG (semi)"))
        .expect("a semi-automatic shot at the raider");
    let shown: i64 = button
        .split("<span class=\"odds\">")
        .nth(1)
        .and_then(|s| s.split('%').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no chance to hit in {button}"));
    // rule: CX-RNG-01
    // The shot itself: a hit is a d10 above the miss chance.
    let fired = t
        .physically(
            &e,
            &t.gm.session,
            serde_json::json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
                   "mode": "semi", "fire": null, "distance": null, "cover": null}),
        )
        .await
        .expect(201);
    let miss = fired.json["entry"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|ev| ev["shot"]["miss_chance"].as_i64())
        .unwrap_or_else(|| panic!("no shot in {}", fired.text));
    assert_eq!(shown, (10 - miss).clamp(0, 10) * 10, "{button}");
}

async fn a_level_up_is_checked_with_its_rules(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    // One place to level: the sheet has no level-up of its own; its
    // "Between fights" part offers the GM the XP the next level takes,
    // then the owner the level's choices.
    let sheet = t
        .send(page(&t, "/characters/vex", &t.alice.session))
        .await
        .expect(200);
    assert!(!sheet.text.contains("Level up to"), "{}", sheet.text);
    assert!(!sheet.text.contains("Award a level"), "{}", sheet.text);
    let part = |auth: &Auth| page(&t, "/characters/vex/state", auth);
    let gm = t.send(part(&t.gm.session)).await.expect(200);
    let (_, after) = gm
        .text
        .split_once("Award level 6 (")
        .unwrap_or_else(|| panic!("no level award for the GM: {}", gm.text));
    let xp: i64 = after.split(' ').next().unwrap().parse().unwrap();
    let mine = t.send(part(&t.alice.session)).await.expect(200);
    assert!(!mine.text.contains("Award level"), "{}", mine.text);
    assert!(!mine.text.contains("class=\"level-up\""), "{}", mine.text);
    t.send(
        t.post(&t.path("/characters/vex/state/award"), &t.gm.session)
            .json(serde_json::json!({"xp": xp, "reason": "level 6"})),
    )
    .await
    .expect(201);
    let mine = t.send(part(&t.alice.session)).await.expect(200);
    assert!(mine.text.contains("Level 6: your choices"), "{}", mine.text);
    assert!(mine.text.contains("class=\"level-up\""), "{}", mine.text);
    let gm = t.send(part(&t.gm.session)).await.expect(200);
    assert!(!gm.text.contains("Award level 6"), "{}", gm.text);
    // rule: CX-LVL-03
    let refused = t
        .send(
            t.post(&t.path("/characters/vex/state/level-up"), &t.alice.session)
                .json(serde_json::json!({"skills": {"smgs": 15}})),
        )
        .await
        .expect(422);
    assert!(refused.text.contains("CX-LVL-03"), "{}", refused.text);
    // Only the owner and the GM level a character.
    t.send(
        t.post(&t.path("/characters/vex/state/level-up"), &t.bob.session)
            .json(serde_json::json!({"skills": {"smgs": 5}})),
    )
    .await
    .expect(403);
}

async fn conditions_show_with_when_they_end(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    t.command(
        &e,
        &t.gm.session,
        serde_json::json!({"command": "afflict", "target": "raider", "condition": "burning", "turns": 2}),
    )
    .await
    .expect(201);
    for seat in [&t.gm.session, &t.alice.session] {
        let seen = tracker_part(&t, &e, seat).await;
        let raider = card(&seen.text, "Depot Raider");
        // The condition's name links to its compendium entry.
        assert!(
            raider.contains("compendium#condition-burning\">burning</a></b>"),
            "{raider}"
        );
        assert!(raider.contains("<span class=\"ends\">until "), "{raider}");
        assert!(raider.contains("Reactions used 0 of"), "{raider}");
    }
}

/// A downed character's card says it is bleeding out and how many death
/// saves it has left, to its player and the GM only; on its turn, its
/// actions all refused for the one reason, the page says that reason once.
async fn a_downed_character_shows_its_death_saves(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    // rule: CX-DEATH-01
    t.command(
        &e,
        &t.gm.session,
        serde_json::json!({"command": "harm", "target": "vex", "amount": 500,
            "damage_type": "ballistic", "apl": 20, "why": "a falling crate"}),
    )
    .await
    .expect(201);
    // rule: CX-DEATH-04
    for seat in [&t.gm.session, &t.alice.session] {
        let seen = tracker_part(&t, &e, seat).await;
        let vex = card(&seen.text, "Vex Marrow");
        assert!(
            vex.contains("<b>Downed</b>: bleeding out, 3 death saves left before death"),
            "{vex}"
        );
    }
    for seat in [&t.bob.session, &t.spectator.session] {
        let seen = tracker_part(&t, &e, seat).await;
        assert!(!seen.text.contains("death saves left"), "{}", seen.text);
    }
    // rule: CX-DEATH-02
    let alice = tracker_part(&t, &e, &t.alice.session).await;
    alice.has("Actions of Vex Marrow");
    let said_once = alice.text.matches("class=\"why why-all\"").count();
    let said_each = alice.text.matches("class=\"why\"").count();
    let refused = alice.text.matches("aria-disabled=\"true\"").count();
    assert!(refused >= 2, "{}", alice.text);
    assert_eq!((said_once, said_each), (1, 0), "{}", alice.text);
}

/// The turn badge's `data-turn` in a tracker fragment.
fn turn_call(html: &str) -> &str {
    let at = html
        .find("data-turn=\"")
        .unwrap_or_else(|| panic!("no turn badge in {html}"))
        + "data-turn=\"".len();
    &html[at..at + html[at..].find('"').unwrap()]
}

async fn the_badge_says_your_turn_to_its_player_only(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let part = |auth: &Auth| t.send(page(&t, &format!("/e/{e}/part"), auth));
    // Vex, Alice's, acts first; then the hidden scav and the raider, NPCs.
    let vex = [
        (&t.alice.session, "yours"),
        (&t.bob.session, "none"),
        (&t.spectator.session, "none"),
        (&t.gm.session, "none"),
    ];
    for (auth, call) in vex {
        let seen = part(auth).await.expect(200);
        assert_eq!(turn_call(&seen.text), call, "{auth:?}");
    }
    let alice = part(&t.alice.session).await.expect(200);
    assert!(alice.text.contains(">Your turn</p>"), "{}", alice.text);
    t.command(
        &e,
        &t.gm.session,
        serde_json::json!({"command": "clock", "clock": "next_turn"}),
    )
    .await
    .expect(201);
    let scav = [
        (&t.alice.session, "none"),
        (&t.bob.session, "none"),
        (&t.gm.session, "npc"),
    ];
    for (auth, call) in scav {
        let seen = part(auth).await.expect(200);
        assert_eq!(turn_call(&seen.text), call, "{auth:?}");
    }
}

async fn a_browser_lists_and_switches_its_campaigns(db: Db) {
    let t = Table::new(db).await;
    // One seat: `/` opens its campaign.
    let home = t
        .send(Call::new(Method::GET, "/", &t.alice.session))
        .await
        .expect(303);
    assert_eq!(
        home.headers["location"].to_str().unwrap(),
        format!("/c/{}", t.campaign)
    );
    let made = t
        .send(
            t.post("/api/campaigns", &t.gm.session)
                .json(serde_json::json!({"name": "Outpost <nights>", "ruleset": "station"})),
        )
        .await
        .expect(201);
    let outpost = made.json["campaign"]["id"].as_str().unwrap();
    // Two seats: `/` opens the list, which names each with its ruleset and role.
    let home = t
        .send(Call::new(Method::GET, "/", &t.gm.session))
        .await
        .expect(303);
    assert_eq!(home.headers["location"].to_str().unwrap(), "/campaigns");
    let list = t
        .send(Call::new(Method::GET, "/campaigns", &t.gm.session))
        .await
        .expect(200);
    for shown in [
        format!(
            "<a href=\"/c/{}\">The Depot</a> <span class=\"meta\">Compound X</span>",
            t.campaign
        ),
        format!(
            "<a href=\"/c/{outpost}\">Outpost &#60;nights&#62;</a> <span class=\"meta\">Station</span>"
        ),
        "<span class=\"badge role-gm\">GM</span>".to_string(),
    ] {
        assert!(list.text.contains(&shown), "{shown} in {}", list.text);
    }
    // Every campaign page's header links to the list.
    for auth in [&t.gm.session, &t.alice.session] {
        let dash = t.send(page(&t, "", auth)).await.expect(200);
        assert!(dash.text.contains("<a href=\"/campaigns\">Campaigns</a>"));
    }
    // Without a session the list asks to sign in.
    t.send(Call::new(Method::GET, "/campaigns", &Auth::Anonymous))
        .await
        .expect(401);
}

async fn yours_on_the_dashboard_means_the_viewers_own(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    t.upload(&t.gm.session, "boss", RAIDER).await.expect(201);
    let gm = t
        .send(page(&t, "/part/dashboard", &t.gm.session))
        .await
        .expect(200);
    let line = |html: &str, id: &str| -> String {
        let at = html
            .find(&format!("/characters/{id}\""))
            .unwrap_or_else(|| panic!("no {id} in {html}"));
        html[at..at + html[at..].find("</li>").unwrap()].to_string()
    };
    let vex = line(&gm.text, "vex");
    assert!(!vex.contains("yours"), "{vex}");
    assert!(vex.contains("played by Alice"), "{vex}");
    // A file the GM uploaded is nobody's (an NPC's): neither yours nor played.
    let boss = line(&gm.text, "boss");
    assert!(
        !boss.contains("yours") && !boss.contains("played by"),
        "{boss}"
    );
    let alice = t
        .send(page(&t, "/part/dashboard", &t.alice.session))
        .await
        .expect(200);
    assert!(line(&alice.text, "vex").contains(">yours<"));
    // The GM may make a new link for each seat from the list.
    assert!(
        gm.text
            .contains(&format!("/invites/{}/link", t.alice.invite))
    );
}

both!(
    a_downed_character_shows_its_death_saves,
    the_badge_says_your_turn_to_its_player_only,
    a_browser_lists_and_switches_its_campaigns,
    yours_on_the_dashboard_means_the_viewers_own,
    a_secret_leaves_no_gap_in_a_players_log,
    conditions_show_with_when_they_end,
    a_level_up_is_checked_with_its_rules,
    a_shot_shows_its_chance_to_hit,
    each_role_sees_the_fight_as_the_api_cuts_it,
    action_buttons_carry_the_engines_costs_and_reasons,
    names_are_shown_as_text,
    the_builder_names_the_rule_each_choice_breaks,
);
