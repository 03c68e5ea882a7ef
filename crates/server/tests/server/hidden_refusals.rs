//! Refusals cut by typed fields (issue 20: "hidden information is cut by
//! typed fields in the view, never by searching text"): a refusal names
//! the combatants it mentions as data, and the engine's own words are
//! given to a player as the rules say them on the fight that player knows
//! (the hidden combatants gone), so a hidden combatant's name never
//! reaches them; the GM's refusal is the engine's own, word for word.

use serde_json::{Value, json};

use super::support::{Db, Table};
use crate::both;

/// Asserts that nothing of `hidden` (ids and names) is in `answer`.
fn nothing_of(answer: &Value, hidden: &[&str]) {
    let text = answer.to_string();
    for word in hidden {
        assert!(!text.contains(word), "'{word}' reached a player: {text}");
    }
}

async fn a_move_onto_a_hidden_square_names_nobody(db: Db) {
    let t = Table::d20(db).await;
    let e = super::d20::ford(&t).await;
    let (gm, alice) = (&t.gm.session, &t.alice.session);
    assert_eq!(t.view(&e, gm).await["active"], "kara");
    // The hidden brute stands at (8,4), seven squares from Kara: 35 ft.
    // rule: D20-MOVE-01 (a move's feet)
    let step = json!({"command": "move", "id": "kara", "to": [{"x": 8, "y": 4}]});
    let player = t.command(&e, alice, step.clone()).await.expect(422);
    assert_eq!(player.code(), "refused");
    nothing_of(&player.json, &["brute", "Brute"]);
    // The rules' words on the fight Alice knows: the feet it would take.
    let message = player.json["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Kara Voss needs 35 ft for this move"),
        "{message}"
    );
    assert_eq!(player.json["error"]["refusal"]["refusal"], "illegal");
    // The GM's is the engine's own on the whole fight.
    let gm_refused = t.command(&e, gm, step).await.expect(422);
    assert_eq!(
        gm_refused.json["error"]["message"], "(8,4) is Bandit Brute's square; go around",
        "{}",
        gm_refused.text
    );
    // Nothing changed.
    assert_eq!(t.view(&e, gm).await["active"], "kara");
}

both!(a_move_onto_a_hidden_square_names_nobody);
