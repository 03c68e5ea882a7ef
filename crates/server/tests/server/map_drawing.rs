//! The GM finishes the battle map at the table (issue 24): a background
//! image uploaded (checked: a PNG, JPEG or WebP by its first bytes, at
//! most 512 KiB; anything else refused and nothing changed), served by the
//! server itself with its own type, kept by a map given anew, by undo and
//! by export and import; walls added and taken off by the GM (logged,
//! undoable, checked as a whole map; the fog of war follows); and the
//! page's drawing mode and a grenade's scatter rings.

use axum::http::Method;
use nanite_server::Config;
use serde_json::{Value, json};

use super::support::{self, Auth, Call, Db, Table, tokens};
use crate::both;

/// A yard: Vex in the west, the raider in the east in plain sight.
const YARD: &str = "[map]\nwidth = 30\nheight = 20\n\n[map.at]\nvex = [2, 2]\nraider = [20, 2]\n";

/// The first bytes of a PNG image and a little more.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

fn backdrop(t: &Table, e: &str) -> String {
    t.path(&format!("/encounters/{e}/map/backdrop"))
}

async fn with_map(t: &Table) -> String {
    let e = t.depot().await;
    give_map(t, &e).await;
    e
}

async fn give_map(t: &Table, e: &str) {
    t.send(
        Call::new(
            Method::PUT,
            t.path(&format!("/encounters/{e}/map")),
            &t.gm.session,
        )
        .json(json!({ "text": YARD })),
    )
    .await
    .expect(201);
}

fn log_len(view: &Value) -> usize {
    view["log"].as_array().map_or(0, Vec::len)
}

/// A good image is the map's, served back with its type; a wrong format,
/// an SVG, an empty or an oversized file is refused and nothing changes;
/// a player may not give one; a map given anew keeps it; undo takes it
/// back; export and import keep it.
async fn the_gm_gives_the_map_a_background_image(db: Db) {
    let url = db.0.clone();
    let t = Table::new(db).await;
    let gm = &t.gm.session;
    // No map yet: nothing to put it under.
    let e = t.depot().await;
    let path = backdrop(&t, &e);
    let answer = t
        .send(Call::new(Method::PUT, &path, gm).raw("image/png", PNG))
        .await
        .expect(422);
    assert_eq!(answer.code(), "no_map", "{}", answer.text);
    give_map(&t, &e).await;
    let before = log_len(&t.view(&e, gm).await);
    let mut big = PNG.to_vec();
    big.resize(512 * 1024 + 1, 0);
    for (bytes, says) in [
        (
            b"GIF89a\x01\0\x01\0".to_vec(),
            "not a PNG, JPEG or WebP image",
        ),
        (
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec(),
            "not a PNG, JPEG or WebP image",
        ),
        (Vec::new(), "is empty"),
        (big, "at most 524288 (512 KiB)"),
    ] {
        let answer = t
            .send(Call::new(Method::PUT, &path, gm).raw("image/png", bytes))
            .await
            .expect(422);
        assert_eq!(answer.code(), "invalid_backdrop", "{}", answer.text);
        assert!(answer.text.contains(says), "{says}: {}", answer.text);
        assert!(answer.text.contains("nothing changed"), "{}", answer.text);
    }
    let view = t.view(&e, gm).await;
    assert!(view["map"]["backdrop"].is_null(), "{view}");
    assert_eq!(log_len(&view), before, "a refused image is not logged");
    t.send(Call::new(Method::GET, &path, gm)).await.expect(404);
    let answer = t
        .send(Call::new(Method::PUT, &path, &t.alice.session).raw("image/png", PNG))
        .await
        .expect(403);
    assert_eq!(answer.code(), "gm_only", "{}", answer.text);
    // A good one: logged, in the view, served by the server to everyone.
    let given = t
        .send(Call::new(Method::PUT, &path, gm).raw("application/octet-stream", PNG))
        .await
        .expect(201);
    assert_eq!(given.json["backdrop"]["kind"], "png");
    assert_eq!(given.json["backdrop"]["bytes"], PNG.len());
    let view = t.view(&e, gm).await;
    assert_eq!(log_len(&view), before + 1);
    let tag = view["map"]["backdrop"]["tag"].as_str().unwrap().to_string();
    assert_eq!(tag.len(), 16);
    for seat in [gm, &t.alice.session, &t.spectator.session] {
        let served = t
            .send(Call::new(Method::GET, &path, seat))
            .await
            .expect(200);
        assert_eq!(served.headers["content-type"], "image/png");
        assert_eq!(served.headers["x-content-type-options"], "nosniff");
        assert_eq!(served.text, String::from_utf8_lossy(PNG));
        assert_eq!(
            t.view(&e, seat).await["map"]["backdrop"]["tag"],
            tag.as_str()
        );
    }
    let etag = format!("\"{tag}\"");
    t.send(Call::new(Method::GET, &path, gm).header("if-none-match", &etag))
        .await
        .expect(304);
    // The page draws it under the walls, from this server.
    let page = t
        .send(Call::new(
            Method::GET,
            format!("/c/{}/e/{e}", t.campaign),
            gm,
        ))
        .await
        .expect(200)
        .text;
    assert!(
        page.contains(&format!(
            "<image class=\"cx-backdrop\" href=\"/api/campaigns/{}/encounters/{e}/map/backdrop?v={tag}\" x=\"0\" y=\"0\" width=\"300\" height=\"200\"",
            t.campaign
        )),
        "{page}"
    );
    // A map given anew keeps the image.
    t.send(
        Call::new(Method::PUT, t.path(&format!("/encounters/{e}/map")), gm)
            .json(json!({ "text": YARD.replace("height = 20", "height = 25") })),
    )
    .await
    .expect(201);
    let view = t.view(&e, gm).await;
    assert_eq!(view["map"]["height"], 250);
    assert_eq!(view["map"]["backdrop"]["tag"], tag.as_str());
    // Export and import keep it.
    let export = support::export(&url, &t.campaign).await;
    let fresh = support::sqlite();
    nanite_server::transfer::import(&fresh.0, &export, false)
        .await
        .unwrap();
    let router = nanite_server::app(support::state(&fresh, Config::default()).await);
    let elsewhere = support::join(&router, &t.gm.token).await;
    let served = support::send(&router, Call::new(Method::GET, &path, &elsewhere))
        .await
        .expect(200);
    assert_eq!(served.headers["content-type"], "image/png");
    assert_eq!(served.text, String::from_utf8_lossy(PNG));
    // Taken away, then undone: the image is back.
    t.send(Call::new(Method::DELETE, &path, gm))
        .await
        .expect(201);
    t.send(Call::new(Method::GET, &path, gm)).await.expect(404);
    let answer = t
        .send(Call::new(Method::DELETE, &path, gm))
        .await
        .expect(404);
    assert_eq!(answer.code(), "no_backdrop");
    t.send(
        t.post(&t.path(&format!("/encounters/{e}/undo")), gm)
            .json(json!({})),
    )
    .await
    .expect(201);
    t.send(Call::new(Method::GET, &path, gm)).await.expect(200);
}

/// The GM adds a wall that blocks Alice's sight of the raider: he leaves
/// her view; a wall off the map or a player's wall is refused, changing
/// nothing; undo and `remove_wall` take the wall back and he returns.
async fn the_gm_draws_walls_and_the_fog_follows(db: Db) {
    let t = Table::new(db).await;
    let gm = &t.gm.session;
    let alice = &t.alice.session;
    let e = with_map(&t).await;
    assert_eq!(tokens(&t.view(&e, alice).await), ["raider", "vex"]);
    let screen = json!({"command": "add_wall", "wall": {
        "name": "screen", "kind": "concealing", "a": {"x": 100, "y": 0}, "b": {"x": 100, "y": 200}}});
    let before = log_len(&t.view(&e, gm).await);
    for (wall, says) in [
        (
            json!({"name": "long", "kind": "full", "a": {"x": 100, "y": 0}, "b": {"x": 100, "y": 400}}),
            "leaves the map",
        ),
        (
            json!({"kind": "partial", "a": {"x": 50, "y": 50}, "b": {"x": 50, "y": 50}}),
            "has no length",
        ),
    ] {
        let answer = t
            .command(&e, gm, json!({"command": "add_wall", "wall": wall}))
            .await
            .expect(422);
        assert!(answer.text.contains(says), "{says}: {}", answer.text);
        answer.has("the map is unchanged");
    }
    let answer = t.command(&e, alice, screen.clone()).await.expect(403);
    assert_eq!(answer.code(), "gm_only");
    let view = t.view(&e, gm).await;
    assert_eq!(view["map"]["walls"].as_array().unwrap().len(), 0);
    assert_eq!(log_len(&view), before);
    t.command(&e, gm, screen.clone()).await.expect(201);
    let view = t.view(&e, gm).await;
    assert_eq!(view["map"]["walls"][0]["name"], "screen");
    assert!(
        view.to_string()
            .contains("adds screen to the map: complete concealment"),
        "{view}"
    );
    let seen = t.view(&e, alice).await;
    assert_eq!(tokens(&seen), ["vex"], "the wall hides the raider");
    assert!(!seen.to_string().contains("Depot Raider"), "{seen}");
    // Undo takes the wall back.
    t.send(
        t.post(&t.path(&format!("/encounters/{e}/undo")), gm)
            .json(json!({})),
    )
    .await
    .expect(201);
    assert_eq!(tokens(&t.view(&e, alice).await), ["raider", "vex"]);
    // Again, then taken off by its number.
    t.command(&e, gm, screen).await.expect(201);
    assert_eq!(tokens(&t.view(&e, alice).await), ["vex"]);
    let answer = t
        .command(&e, gm, json!({"command": "remove_wall", "wall": 3}))
        .await
        .expect(422);
    assert!(answer.text.contains("no wall 3"), "{}", answer.text);
    t.command(&e, gm, json!({"command": "remove_wall", "wall": 0}))
        .await
        .expect(201);
    assert_eq!(tokens(&t.view(&e, alice).await), ["raider", "vex"]);
    let view = t.view(&e, gm).await;
    assert!(
        view.to_string().contains("takes screen off the map"),
        "{view}"
    );
}

/// A page's text with the escapes of `&` and `"` undone.
fn unescaped(html: &str) -> String {
    html.replace("&#38;", "&")
        .replace("&amp;", "&")
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
}

/// The page's drawing mode: two clicks (the second link carries both
/// ends), typed ends, the preview and its form; a player has none of it.
async fn the_page_draws_a_wall_in_two_clicks(db: Db) {
    let t = Table::new(db).await;
    let e = with_map(&t).await;
    let page = |auth: &Auth, query: &str| {
        Call::new(Method::GET, format!("/c/{}/e/{e}{query}", t.campaign), auth)
    };
    let gm = &t.gm.session;
    let table = &t;
    let get = |auth: &Auth, query: &str| {
        let call = page(auth, query);
        async move { unescaped(&table.send(call).await.expect(200).text) }
    };
    let html = get(gm, "").await;
    assert!(html.contains("href=\"?draw=wall#map\""), "{html}");
    let html = get(gm, "?draw=wall").await;
    assert!(html.contains("href=\"?draw=wall&from=10,0#map\""), "{html}");
    let html = get(gm, "?draw=wall&from=10,0").await;
    assert!(
        html.contains("From 10,0: now click where the wall ends."),
        "{html}"
    );
    assert!(
        html.contains("href=\"?draw=wall&from=10,0&end=10,20#map\""),
        "{html}"
    );
    let html = get(gm, "?draw=wall&from=10,0&end=10,20").await;
    assert!(
        html.contains("A wall from 10,0 to 10,20 (20 m long)"),
        "{html}"
    );
    assert!(html.contains("data-preview=\"wall\""), "{html}");
    assert!(html.contains("\"command\":\"add_wall\""), "{html}");
    assert!(html.contains("name=\"wall.kind\""), "{html}");
    let html = get(gm, "?draw=wall&from=10,0&end=10,40").await;
    assert!(html.contains("Other end: 10,40 is off the map"), "{html}");
    assert!(!html.contains("add_wall"), "{html}");
    let html = get(&t.alice.session, "?draw=wall&from=10,0&end=10,20").await;
    assert!(
        !html.contains("Draw a wall") && !html.contains("add_wall"),
        "{html}"
    );
}

both!(
    the_gm_gives_the_map_a_background_image,
    the_gm_draws_walls_and_the_fog_follows,
    the_page_draws_a_wall_in_two_clicks,
);
