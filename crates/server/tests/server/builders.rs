//! The builders (web/builder.rs, web/builder_d20.rs): every problem at
//! once, each at its field (the slot beside it marked invalid, the summary
//! linking to it), a blank name refused, what is left to spend computed on
//! the server; what they save is what the sheet shows; and levelling up in
//! a campaign needs the GM's award (level_award.rs).

use axum::http::Method;
use serde_json::json;

use super::support::{Auth, Call, Db, KARA, Table, VEX, file_of};
use crate::both;

fn page(t: &Table, path: &str, auth: &Auth) -> Call {
    Call::new(Method::GET, format!("/c/{}{path}", t.campaign), auth)
}

fn check(t: &Table, auth: &Auth, body: &str) -> Call {
    Call::new(Method::POST, format!("/c/{}/build/check", t.campaign), auth)
        .raw("application/x-www-form-urlencoded", body.to_string())
}

/// The slot of control `id` in a check's answer: its messages.
fn slot<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<p id=\"{id}-error\""))
        .unwrap_or_else(|| panic!("no slot {id} in {html}"));
    let end = html[start..].find("</p>").unwrap() + start;
    &html[start..end]
}

fn invalid(html: &str, id: &str) -> bool {
    slot(html, id).contains("data-invalid=\"true\"")
}

/// A human Medic with CHA 9 (42 points) who takes Positional Mastermind
/// instead of Will to Survive, medicine and a pistol with a dot sight, a
/// padded vest and a medikit: 750 of the Medic's 1100.
const MEDIC: &str = "name=Doc+Hale&race=human&class=medic&stat_STR=5&stat_PER=6&stat_FORT=6&stat_CHA=9&stat_INT=5&stat_DEX=6&stat_LUCK=5\
&skill_medicine=20&skill_pistols=10&charisma_feat=positional-mastermind\
&weapon1=service-pistol&magazines1=2&w1_att_dot-sight=on&armor=padded-vest&item_medikit=1";

async fn the_cx_builder_reports_every_problem_at_once_at_its_field(db: Db) {
    let t = Table::new(db).await;
    // A blank name, STR above the creation limit, more skill points than a
    // Medic has, a typing slip, and more gear than the starting money buys:
    // every one at once, each at its field.
    let bad = MEDIC
        .replace("name=Doc+Hale", "name=+++")
        .replace("stat_STR=5", "stat_STR=12")
        .replace("skill_medicine=20", "skill_medicine=200&skill_repair=abc")
        .replace("item_medikit=1", "item_medikit=40");
    let answer = t.send(check(&t, &t.bob.session, &bad)).await.expect(200);
    let html = &answer.text;
    // rule: CX-STAT-06
    // rule: CX-LVL-02
    // rule: CX-LVL-01
    for (id, says) in [
        ("b-name", "the character has no name"),
        ("b-STR", "rule CX-STAT-06"),
        ("b-stats", "stat points assigned"),
        ("b-skills", "rule CX-LVL-02"),
        ("b-sk-repair", "is not a whole number"),
        ("b-money", "rule CX-LVL-01"),
    ] {
        assert!(invalid(html, id), "{id} is not marked: {html}");
        assert!(slot(html, id).contains(says), "{id}: {}", slot(html, id));
        assert!(
            html.contains(&format!("href=\"#{id}\"")),
            "the summary links to {id}"
        );
    }
    // Fields without a problem are cleared, not left marked.
    assert!(!invalid(html, "b-PER"), "{}", slot(html, "b-PER"));
    assert!(
        slot(html, "b-PER").ends_with('>'),
        "{}",
        slot(html, "b-PER")
    );
    assert!(html.contains("problems to fix"), "{html}");
    assert!(!html.contains("Save the character"));
    // What is left is the server's arithmetic: 42 - 49 stat points, and
    // 1100 less 40 medikits (100 each), a padded vest, a pistol and a dot
    // sight.
    assert!(
        html.contains("<span id=\"left-stats\" hx-swap-oob=\"true\">-7 of 42</span>"),
        "{html}"
    );
    assert!(html.contains("of 1100</span>"), "{html}");
}

async fn a_blank_name_is_refused_by_the_builder_and_the_api(db: Db) {
    let t = Table::new(db).await;
    for name in ["", "+", "%20%20"] {
        let body = MEDIC.replace("name=Doc+Hale", &format!("name={name}"));
        let answer = t.send(check(&t, &t.bob.session, &body)).await.expect(200);
        assert!(invalid(&answer.text, "b-name"), "{name:?}: {}", answer.text);
        assert!(!answer.text.contains("Save the character"), "{name:?}");
    }
    let blank = VEX.replace("name = \"Vex Marrow\"", "name = \"  \"");
    let refused = t.upload(&t.alice.session, "vex", &blank).await.expect(422);
    let fields: Vec<&str> = refused.json["error"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["field"].as_str())
        .collect();
    assert_eq!(fields, ["name"], "{}", refused.text);
}

async fn a_medic_with_a_medikit_and_a_feat_is_built_and_shown(db: Db) {
    let t = Table::new(db).await;
    let answer = t.send(check(&t, &t.bob.session, MEDIC)).await.expect(200);
    answer.has("Save the character");
    assert!(
        !answer.text.contains("data-invalid=\"true\""),
        "{}",
        answer.text
    );
    // Points and money left, from the rules: 60 Medic skill points less 30;
    // 1100 less what the pack's prices add up to.
    assert!(answer.text.contains("30 of 60 left"), "{}", answer.text);
    answer.has("350 of 1100 left (equipment 750)");
    answer.has("Positional Mastermind");
    let file = file_of(&answer.text);
    assert!(file.contains("medikit = 1"), "{file}");
    assert!(
        file.contains("charisma_feat = \"positional-mastermind\""),
        "{file}"
    );
    assert!(file.contains("\"dot-sight\""), "{file}");
    t.upload(&t.bob.session, "doc", &file).await.expect(201);
    let sheet = t
        .send(page(&t, "/characters/doc", &t.bob.session))
        .await
        .expect(200);
    for carried in [
        "Medikit ×1",
        "Padded Vest",
        "Positional Mastermind",
        "M9 Service Pistol with Dot Sight",
        "Money",
    ] {
        assert!(sheet.text.contains(carried), "the sheet shows {carried}");
    }
    assert!(
        sheet.text.contains("<dt>Shield</dt><dd>none</dd>"),
        "the shield row is shown"
    );
    assert!(
        sheet.text.contains("<dt>Money</dt><dd>350</dd>"),
        "1100 less 750"
    );
}

async fn the_d20_builder_offers_every_choice_and_marks_each_problem(db: Db) {
    let t = Table::d20(db).await;
    let builder = t
        .send(page(&t, "/build", &t.alice.session))
        .await
        .expect(200);
    for control in [
        "d-name",
        "d-STR",
        "d-sk-melee-fighting",
        "d-w-main",
        "d-wp-rapier",
        "d-armor",
        "d-kit-healing-kit",
        "d-sp-firebolt",
        "d-pw-mind-spike",
        "d-res-spell",
    ] {
        assert!(
            builder.text.contains(&format!("id=\"{control}\"")),
            "the D20 builder offers {control}"
        );
    }
    // rule: D20-CHK-01
    let bad = "name=&attr_STR=40&attr_DEX=14&attr_CON=12&attr_WIS=10&skill_melee-fighting=25&kit_healing-kit=500&weapon_main=rapier";
    let answer = t.send(check(&t, &t.alice.session, bad)).await.expect(200);
    let html = &answer.text;
    for (id, says) in [
        ("d-name", "no name"),
        ("d-STR", "rule D20-CHK-01"),
        ("d-sk-melee-fighting", "skill level 25"),
        ("d-kit-healing-kit", "rule D20-REST-02"),
    ] {
        assert!(invalid(html, id), "{id} is not marked: {html}");
        assert!(slot(html, id).contains(says), "{id}: {}", slot(html, id));
        assert!(html.contains(&format!("href=\"#{id}\"")));
    }
    assert!(html.contains("4 problems to fix"), "{html}");
    let good = "name=Mira+Vale&attr_STR=10&attr_DEX=15&attr_CON=12&attr_WIS=13&skill_melee-fighting=2&skill_spellcasting=3\
&weapon_main=rapier&weapon_shortbow=on&armor=leather&kit_healing-kit=2&spell_firebolt=on&spell_mend=on";
    let answer = t.send(check(&t, &t.alice.session, good)).await.expect(200);
    answer.has("Save the character");
    assert!(answer.text.contains("Spell energy"), "{}", answer.text);
    let file = file_of(&answer.text);
    t.upload(&t.alice.session, "kara", &file).await.expect(201);
    let sheet = t
        .send(page(&t, "/characters/kara", &t.alice.session))
        .await
        .expect(200);
    for shown in ["Mira Vale", "Rapier", "Shortbow", "Firebolt", "Healing Kit"] {
        assert!(
            sheet.text.contains(shown),
            "the sheet shows {shown}: {}",
            sheet.text
        );
    }
}

async fn levelling_up_needs_the_gms_award(db: Db) {
    let t = Table::new(db).await;
    t.upload(&t.alice.session, "vex", VEX).await.expect(201);
    let level_6 = VEX.replace("level = 5", "level = 6");
    assert_ne!(level_6, VEX);
    let replace = |auth: &Auth, toml: &str| {
        Call::new(Method::PUT, t.path("/characters/vex"), auth)
            .raw("application/toml", toml.to_string())
    };
    // Without the award the player may not level up by file.
    let refused = t
        .send(replace(&t.alice.session, &level_6))
        .await
        .expect(403);
    assert_eq!(refused.code(), "level_not_awarded", "{}", refused.text);
    // Only the GM awards.
    let award = |auth: &Auth, levels: i64| {
        t.post(&t.path("/characters/vex/level-award"), auth)
            .json(json!({ "levels": levels }))
    };
    t.send(award(&t.alice.session, 1)).await.expect(403);
    t.send(award(&t.gm.session, 0)).await.expect(422);
    let given = t.send(award(&t.gm.session, 1)).await.expect(200);
    assert_eq!(given.json["levels"], 1, "{}", given.text);
    // The award is spent by the level-up: the next level needs another.
    t.send(replace(&t.alice.session, &level_6))
        .await
        .expect(200);
    let level_7 = VEX.replace("level = 5", "level = 7");
    let again = t.send(replace(&t.alice.session, &level_7)).await;
    assert_eq!(again.code(), "level_not_awarded", "{}", again.text);
    // The same level again (a file corrected) needs none; the GM needs none.
    t.send(replace(&t.alice.session, &level_6))
        .await
        .expect(200);
    let by_gm = t.send(replace(&t.gm.session, &level_7)).await;
    assert_ne!(by_gm.code(), "level_not_awarded", "{}", by_gm.text);
}

async fn a_d20_level_up_needs_the_award_too(db: Db) {
    let t = Table::d20(db).await;
    t.upload(&t.alice.session, "kara", KARA).await.expect(201);
    let up = KARA.replace("level = 3", "level = 4");
    let refused = t
        .send(
            Call::new(Method::PUT, t.path("/characters/kara"), &t.alice.session)
                .raw("application/toml", up.clone()),
        )
        .await
        .expect(403);
    assert_eq!(refused.code(), "level_not_awarded");
    t.send(
        t.post(&t.path("/characters/kara/level-award"), &t.gm.session)
            .json(json!({"levels": 1})),
    )
    .await
    .expect(200);
    t.send(
        Call::new(Method::PUT, t.path("/characters/kara"), &t.alice.session)
            .raw("application/toml", up),
    )
    .await
    .expect(200);
}

both!(
    the_cx_builder_reports_every_problem_at_once_at_its_field,
    a_blank_name_is_refused_by_the_builder_and_the_api,
    a_medic_with_a_medikit_and_a_feat_is_built_and_shown,
    the_d20_builder_offers_every_choice_and_marks_each_problem,
    levelling_up_needs_the_gms_award,
    a_d20_level_up_needs_the_award_too,
);
