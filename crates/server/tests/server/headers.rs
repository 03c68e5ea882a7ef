//! The headers every answer carries (crates/server/src/headers.rs): a
//! Content-Security-Policy that lets the pages run this server's own
//! scripts and styles alone and refuses framing, no referrer, nosniff; and
//! pages that need nothing the policy refuses (no inline script, event
//! handler or style).

use axum::http::{Method, header};

use super::d20::ford;
use super::station::Station;
use super::support::{Answer, Auth, Call, Db, Table};
use crate::both;

/// The policy, word for word: a change to it is a change to this test.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; \
     connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// Panics unless `answer` carries every security header (assets keep their
/// own `Cache-Control`).
#[track_caller]
fn secured(what: &str, answer: &Answer) {
    let h = |name: header::HeaderName| {
        answer
            .headers
            .get(&name)
            .unwrap_or_else(|| panic!("{what}: no {name}"))
            .to_str()
            .unwrap()
    };
    assert_eq!(h(header::CONTENT_SECURITY_POLICY), POLICY, "{what}");
    assert_eq!(h(header::REFERRER_POLICY), "no-referrer", "{what}");
    assert_eq!(h(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{what}");
}

/// Panics if `html` holds anything the policy refuses: an inline script,
/// an event handler attribute, a `javascript:` address, a `<style>` block or
/// a `style` attribute.
#[track_caller]
fn nothing_inline(what: &str, html: &str) {
    let lower = html.to_ascii_lowercase();
    for (at, _) in lower.match_indices("<script") {
        let tag = &lower[at..lower[at..].find('>').map_or(lower.len(), |end| at + end)];
        assert!(
            tag.contains(" src=\"/assets/"),
            "{what}: inline script {tag}"
        );
    }
    assert!(!lower.contains("<style"), "{what}: a <style> block");
    assert!(!lower.contains(" style="), "{what}: a style attribute");
    assert!(
        !lower.contains("javascript:"),
        "{what}: a javascript: address"
    );
    let handler = lower
        .split(|c: char| c.is_whitespace())
        .find(|word| word.starts_with("on") && word.contains('=') && !word.contains('>'));
    assert!(handler.is_none(), "{what}: an event handler {handler:?}");
}

async fn every_answer_carries_the_policy(db: Db) {
    let t = Table::new(db).await;
    let e = t.depot().await;
    let c = &t.campaign;
    let gm = &t.gm.session;
    let pages = [
        (format!("/c/{c}"), gm),
        (format!("/c/{c}/part/dashboard"), gm),
        (format!("/c/{c}/part/rolls"), gm),
        (format!("/c/{c}/e/{e}"), gm),
        (format!("/c/{c}/e/{e}/part"), &t.alice.session),
        (format!("/c/{c}/build"), &t.alice.session),
        (format!("/c/{c}/characters/vex"), gm),
        (format!("/join/{}", t.bob.token), &Auth::Anonymous),
        ("/join/not-a-token".to_string(), &Auth::Anonymous),
        ("/".to_string(), &Auth::Anonymous),
    ];
    for (path, auth) in pages {
        let page = t
            .send(Call::new(Method::GET, &path, auth))
            .await
            .expect(200);
        secured(&path, &page);
        assert_eq!(page.headers[header::CACHE_CONTROL], "no-store", "{path}");
        nothing_inline(&path, &page.text);
    }
    // Assets, the API, its errors and a page that is not there alike.
    for (path, status) in [
        ("/assets/table.js", 200),
        ("/assets/htmx.min.js", 200),
        ("/assets/panzoom.js", 200),
        ("/assets/refused.js", 200),
        ("/api/health", 200),
        ("/api/openapi.json", 200),
        ("/api/nothing", 404),
        ("/nothing", 404),
    ] {
        let answer = t
            .send(Call::new(Method::GET, path, &Auth::Anonymous))
            .await
            .expect(status);
        secured(path, &answer);
    }
}

async fn d20_and_station_pages_need_nothing_inline(db: Db) {
    let t = Table::d20(db.clone()).await;
    let e = ford(&t).await;
    for (path, auth) in [
        (format!("/c/{}", t.campaign), &t.gm.session),
        (format!("/c/{}/e/{e}", t.campaign), &t.gm.session),
        (format!("/c/{}/e/{e}/part", t.campaign), &t.alice.session),
        (
            format!("/c/{}/characters/kara", t.campaign),
            &t.alice.session,
        ),
    ] {
        let page = t
            .send(Call::new(Method::GET, &path, auth))
            .await
            .expect(200);
        secured(&path, &page);
        nothing_inline(&path, &page.text);
    }
    let s = Station::new(db).await;
    let g = s.start("outpost-siege").await;
    for auth in [&s.gm.session, &s.alice.session, &s.spectator.session] {
        let path = format!("/c/{}/s/{g}", s.campaign);
        let page = s
            .send(Call::new(Method::GET, &path, auth))
            .await
            .expect(200);
        secured(&path, &page);
        nothing_inline(&path, &page.text);
    }
}

both!(
    every_answer_carries_the_policy,
    d20_and_station_pages_need_nothing_inline,
);
