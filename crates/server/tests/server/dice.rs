//! Physical dice as one dialog: every die a command needs is named at once
//! (sides, purpose, a d100's tens and ones in words, the dice only some
//! faces call for marked), dice come back by purpose, and every roll the
//! rules give a player who rolls their own dice waits for them.

use axum::http::Method;
use serde_json::{Value, json};

use super::support::{Auth, Call, Db, Table};
use crate::both;

/// The dice of a `dice_needed` answer: (sides, purpose, role, given, only_if).
fn listed(answer: &Value) -> Vec<(u64, String, String, Value, Value)> {
    answer["error"]["needed"]["dice"]
        .as_array()
        .unwrap_or_else(|| panic!("no needed.dice in {answer}"))
        .iter()
        .map(|d| {
            (
                d["sides"].as_u64().unwrap(),
                d["purpose"].as_str().unwrap().to_string(),
                d["role"].as_str().unwrap().to_string(),
                d["given"].clone(),
                d["only_if"].clone(),
            )
        })
        .collect()
}

/// Each die of a `dice_needed` answer, by purpose, showing `face(die)`.
fn answer_all(answer: &Value, face: impl Fn(&Value) -> u64) -> Value {
    json!(
        answer["error"]["needed"]["dice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| json!({"sides": d["sides"], "purpose": d["purpose"], "value": face(d)}))
            .collect::<Vec<_>>()
    )
}

async fn own_dice(t: &Table, auth: &Auth, own: bool) {
    t.send(Call::new(Method::PUT, t.path("/own-dice"), auth).json(json!({ "own": own })))
        .await
        .expect(201);
}

fn fire() -> Value {
    json!({"command": "fire", "id": "vex", "target": "raider", "weapon": 0,
        "mode": "semi", "fire": null, "distance": null, "cover": null})
}

async fn a_full_shot_asks_every_die_at_once(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot_aimed().await;
    let alice = &t.alice.session;
    let mut first = fire();
    first["dice"] = json!([]);
    let asked = t.command(&e, alice, first).await.expect(422);
    assert_eq!(asked.code(), "dice_needed", "{}", asked.text);
    let dice = listed(&asked.json);
    // rule: CX-RNG-01 (the accuracy d10), CX-DMG-01 (the armor d100 on a hit)
    assert!(dice.len() >= 4, "{dice:?}");
    let (sides, purpose, role, given, only_if) = &dice[0];
    assert_eq!((*sides, role.as_str()), (10, "normal"));
    assert!(
        purpose.starts_with("accuracy d10 for Vex Marrow's"),
        "{purpose}"
    );
    assert!(given.is_null() && only_if.is_null(), "{dice:?}");
    let damage = dice.iter().find(|d| d.1.starts_with("damage of")).unwrap();
    assert_eq!(
        damage.4,
        json!(format!("only on some faces of the {purpose}")),
        "a player learns which die calls for it, not the faces (a hidden number)"
    );
    let tens = dice.iter().position(|d| d.2 == "tens").unwrap();
    assert_eq!(
        dice[tens + 1].2,
        "ones",
        "a d100 is its tens then its ones d10"
    );
    assert!(
        dice[tens].1.starts_with("armor d100 for Depot Raider"),
        "{dice:?}"
    );
    let how = asked.json["error"]["needed"]["dice"][tens]["how"]
        .as_str()
        .unwrap();
    assert!(
        how.contains("tens die") && how.contains("10 for 00"),
        "{how}"
    );
    let message = asked.json["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("this needs your own dice: roll"),
        "{message}"
    );
    assert!(!message.contains("`dice`"), "no API words: {message}");

    // A face off its die is refused, names the die and changes nothing.
    let before = t.view(&e, alice).await["version"].clone();
    let mut bad = fire();
    bad["dice"] = answer_all(&asked.json, |_| 11);
    let out = t.command(&e, alice, bad).await.expect(422);
    assert_eq!(out.code(), "invalid_die", "{}", out.text);
    assert_eq!(
        out.json["error"]["needed"]["purpose"].as_str(),
        Some(purpose.as_str())
    );
    assert_eq!(t.view(&e, alice).await["version"], before, "nothing fired");

    // Every die at once, by purpose: a 10 hits; the shot is carried out.
    // (A die the highest faces did not call for, such as a Shock save on
    // lower armor dice, is asked for next with the dice kept.)
    let face = |d: &Value| {
        if d["purpose"].as_str().unwrap().starts_with("accuracy") {
            10
        } else {
            d["sides"].as_u64().unwrap().min(7)
        }
    };
    let mut typed = answer_all(&asked.json, face);
    let mut rounds = 0;
    let shot = loop {
        let mut all = fire();
        all["dice"] = typed.clone();
        let answer = t.command(&e, alice, all).await;
        if answer.code() != "dice_needed" {
            break answer.expect(201);
        }
        rounds += 1;
        assert!(rounds < 3, "{}", answer.text);
        for d in answer.json["error"]["needed"]["dice"].as_array().unwrap() {
            if d["given"].is_null() {
                typed
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"sides": d["sides"], "purpose": d["purpose"], "value": face(d)}));
            }
        }
    };
    assert_eq!(
        shot.json["entry"]["physical"],
        Value::Null,
        "a player's entry is cut"
    );
    let lines = shot.json["entry"]["lines"].to_string();
    assert!(lines.contains("d10 = 10 (accuracy"), "{lines}");
    let gm = t.view(&e, &t.gm.session).await;
    let last = gm["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["command"], "fire");
    assert!(
        last["dice"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["purpose"].as_str().unwrap().starts_with("armor d100")),
        "{last}"
    );
}

async fn a_miss_leaves_the_dice_it_did_not_need_and_a_one_asks_for_the_jam_die(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let alice = &t.alice.session;
    let mut first = fire();
    first["dice"] = json!([]);
    let asked = t.command(&e, alice, first).await.expect(422);
    // rule: CX-RNG-08 (a raw 1 rolls the jam d10, which the highest faces
    // never ask for): the dice typed in are kept and the jam die is asked.
    let mut one = fire();
    one["dice"] = answer_all(&asked.json, |d| {
        if d["purpose"].as_str().unwrap().starts_with("accuracy") {
            1
        } else {
            3
        }
    });
    let again = t.command(&e, alice, one.clone()).await.expect(422);
    assert_eq!(again.code(), "dice_needed", "{}", again.text);
    let dice = listed(&again.json);
    assert_eq!(
        dice[0].3,
        json!(1),
        "the accuracy die typed in is kept: {dice:?}"
    );
    assert!(
        dice[1].1.starts_with("jam d10 for Vex Marrow's"),
        "{dice:?}"
    );
    assert!(dice[1].3.is_null() && dice[1].4.is_null(), "{dice:?}");
    assert_eq!(dice.len(), 2, "a miss needs no damage: {dice:?}");
    // The jam die added: the miss is carried out; the damage and armor
    // dice typed in were not needed and stay unused.
    let mut with_jam = one;
    with_jam["dice"]
        .as_array_mut()
        .unwrap()
        .push(json!({"sides": 10, "purpose": dice[1].1, "value": 9}));
    let missed = t.command(&e, alice, with_jam).await.expect(201);
    let lines = missed.json["entry"]["lines"].to_string();
    assert!(lines.contains("d10 = 1 (accuracy"), "{lines}");
    let gm = t.view(&e, &t.gm.session).await;
    let last = gm["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["dice"].as_array().unwrap().len(), 2, "{last}");
}

/// Harms Vex until downed and passes the turns round to Vex's next one.
async fn downed_vex_comes_round(t: &Table, e: &str) -> super::support::Answer {
    let gm = &t.gm.session;
    t.down_vex(e).await;
    let next = json!({"command": "clock", "clock": "next_turn"});
    // Vex's turn ends; the scav's and the raider's pass; Vex's begins.
    for _ in 0..2 {
        t.command(e, gm, next.clone()).await.expect(201);
    }
    t.command(e, gm, next).await
}

async fn a_death_save_waits_for_the_players_dice(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let (gm, alice, bob) = (&t.gm.session, &t.alice.session, &t.bob.session);
    own_dice(&t, alice, true).await;
    // rule: CX-DEATH-03 (a downed character's death save at its turn start)
    let waits = downed_vex_comes_round(&t, &e).await.expect(201);
    assert_eq!(waits.json["entry"]["type"], "dice", "{}", waits.text);
    assert_eq!(waits.json["entry"]["what"], "awaited");
    let mine = t.awaited(&e, alice).await;
    assert_eq!(mine["yours"], true);
    assert_eq!(
        mine["purpose"],
        "death save d100 for Vex Marrow, tens d10: 10 for a face showing 0 or 00"
    );
    assert_eq!(t.awaited(&e, gm).await["yours"], false);
    // The table waits: no other command, no undo, not Bob's roll.
    let blocked = t
        .command(&e, gm, json!({"command": "clock", "clock": "next_turn"}))
        .await
        .expect(409);
    assert_eq!(blocked.code(), "waiting_for_dice");
    let undo = t
        .send(
            t.post(&t.path(&format!("/encounters/{e}/undo")), gm)
                .json(json!({})),
        )
        .await
        .expect(409);
    assert_eq!(undo.code(), "waiting_for_dice");
    let path = t.path(&format!("/encounters/{e}/awaited"));
    let not_bobs = t
        .send(t.post(&path, bob).json(json!({"dice": []})))
        .await
        .expect(403);
    assert_eq!(not_bobs.code(), "not_your_roll");
    // Alice is asked for both dice of the d100 at once.
    let asked = t
        .send(t.post(&path, alice).json(json!({"dice": []})))
        .await
        .expect(422);
    assert_eq!(asked.code(), "dice_needed", "{}", asked.text);
    let dice = listed(&asked.json);
    assert_eq!(
        dice.iter().map(|d| (d.0, d.2.as_str())).collect::<Vec<_>>(),
        [(10, "tens"), (10, "ones")]
    );
    assert!(dice[0].1.starts_with("death save d100 for Vex Marrow"));
    // Her dice: 9 and 5, a 95.
    let rolled = t
        .send(
            t.post(&path, alice)
                .json(json!({"dice": answer_all(&asked.json, |d| {
                    if d["role"] == "tens" { 9 } else { 5 }
                })})),
        )
        .await
        .expect(201);
    let lines = rolled.json["entry"]["lines"].to_string();
    assert!(lines.to_lowercase().contains("death save"), "{lines}");
    assert!(t.awaited(&e, alice).await.is_null(), "nothing waits now");
    let log = t.view(&e, gm).await;
    let last = log["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["command"], "clock", "the GM's `next`, carried out");
    assert_eq!(last["physical"], true, "{last}");
    let faces: Vec<u64> = last["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["value"].as_u64().unwrap())
        .collect();
    assert_eq!(faces, [9, 5], "{last}");
}

async fn the_gm_may_roll_an_awaited_roll_or_drop_it(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let (gm, alice) = (&t.gm.session, &t.alice.session);
    own_dice(&t, alice, true).await;
    downed_vex_comes_round(&t, &e).await.expect(201);
    let path = t.path(&format!("/encounters/{e}/awaited"));
    // Dropped: the turn does not pass; nothing waits.
    let before = t.view(&e, gm).await["active"].clone();
    t.send(Call::new(Method::DELETE, path.clone(), gm))
        .await
        .expect(201);
    assert!(t.awaited(&e, gm).await.is_null());
    assert_eq!(
        t.view(&e, gm).await["active"],
        before,
        "the command was not carried out"
    );
    // Given again, it waits again; the GM rolls it for the player.
    t.next_turn(&e, gm).await.expect(201);
    assert_eq!(t.awaited(&e, alice).await["yours"], true);
    let rolled = t.send(t.post(&path, gm).json(json!({}))).await.expect(201);
    assert!(
        rolled.json["entry"]["lines"]
            .to_string()
            .to_lowercase()
            .contains("death save"),
        "{}",
        rolled.text
    );
    // A player who rolls the server's dice is not waited for.
    own_dice(&t, alice, false).await;
    let next = t
        .command(&e, gm, json!({"command": "clock", "clock": "next_turn"}))
        .await
        .expect(201);
    assert_ne!(next.json["entry"]["type"], "dice", "{}", next.text);
}

async fn a_check_the_gm_calls_waits_for_the_players_dice(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let (gm, alice) = (&t.gm.session, &t.alice.session);
    own_dice(&t, alice, true).await;
    // rule: D20-CHK-01 (a skill check is a d20 and the skill's modifier)
    let waits = t
        .command(
            &e,
            gm,
            json!({"command": "check", "id": "kara", "skill": "perception", "attribute": null, "dc": 12, "hidden": false}),
        )
        .await
        .expect(201);
    assert_eq!(waits.json["entry"]["what"], "awaited", "{}", waits.text);
    let path = t.path(&format!("/encounters/{e}/awaited"));
    let asked = t
        .send(t.post(&path, alice).json(json!({"dice": []})))
        .await
        .expect(422);
    let dice = listed(&asked.json);
    assert_eq!(dice.len(), 1, "{dice:?}");
    assert_eq!(dice[0].0, 20);
    assert!(
        dice[0].1.starts_with("Perception") && dice[0].1.ends_with("check for Kara Voss"),
        "{dice:?}"
    );
    let done = t
        .send(
            t.post(&path, alice)
                .json(json!({"dice": answer_all(&asked.json, |_| 17)})),
        )
        .await
        .expect(201);
    let lines = done.json["entry"]["lines"].to_string();
    assert!(lines.contains("17"), "{lines}");
}

async fn a_d20_attack_asks_its_damage_only_on_a_hit(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let gm = &t.gm.session;
    t.next_turn(&e, gm).await.expect(201);
    let attack =
        json!({"command": "attack", "id": "bandit", "target": "kara", "weapon": 1, "dice": []});
    let asked = t.command(&e, gm, attack).await.expect(422);
    let dice = listed(&asked.json);
    assert!(dice[0].1.starts_with("attack d20 for"), "{dice:?}");
    let damage = dice.iter().find(|d| d.1.starts_with("damage")).unwrap();
    let when = damage.4.as_str().unwrap();
    // The GM is told the faces that call for the damage.
    assert!(
        when.starts_with("only if the attack d20 for") && when.contains(" shows "),
        "{when}"
    );
}

async fn the_choice_of_dice_is_kept_and_shown(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let alice = &t.alice.session;
    let part = |auth: &Auth| Call::new(Method::GET, format!("/c/{}/e/{e}/dice", t.campaign), auth);
    let off = t.send(part(alice)).await.expect(200);
    assert!(off.text.contains("data-own-dice>"), "{}", off.text);
    own_dice(&t, alice, true).await;
    let on = t.send(part(alice)).await.expect(200);
    assert!(on.text.contains("data-own-dice checked"), "{}", on.text);
    let spectator = t.send(part(&t.spectator.session)).await.expect(200);
    assert!(
        !spectator.text.contains("data-own-dice"),
        "{}",
        spectator.text
    );
    let watched = t
        .send(
            Call::new(Method::PUT, t.path("/own-dice"), &t.spectator.session)
                .json(json!({"own": true})),
        )
        .await
        .expect(403);
    assert_eq!(watched.code(), "spectators_watch");
    // The awaited roll: a button for its player, the wait and the GM's
    // choices for the GM.
    downed_vex_comes_round(&t, &e).await.expect(201);
    let hers = t.send(part(alice)).await.expect(200);
    assert!(
        hers.text.contains("Roll your dice")
            && hers.text.contains("death save d100 for Vex Marrow"),
        "{}",
        hers.text
    );
    let gms = t.send(part(&t.gm.session)).await.expect(200);
    assert!(
        gms.text
            .contains("The table waits for the dice of Vex Marrow&#x27;s player")
            || gms
                .text
                .contains("The table waits for the dice of Vex Marrow's player"),
        "{}",
        gms.text
    );
    assert!(
        gms.text.contains("Roll it for them") && gms.text.contains("Drop the roll"),
        "{}",
        gms.text
    );
}

both!(
    a_full_shot_asks_every_die_at_once,
    a_miss_leaves_the_dice_it_did_not_need_and_a_one_asks_for_the_jam_die,
    a_death_save_waits_for_the_players_dice,
    the_gm_may_roll_an_awaited_roll_or_drop_it,
    a_check_the_gm_calls_waits_for_the_players_dice,
    a_d20_attack_asks_its_damage_only_on_a_hit,
    the_choice_of_dice_is_kept_and_shown,
);
