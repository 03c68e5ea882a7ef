//! A link revoked through one server stops on another at once, though the
//! other holds the link's session and invitation in memory: two `nanite
//! serve` processes on one PostgreSQL database, a spectator known to the
//! second by its bearer token and by a browser session it joined there,
//! the GM revoking the invitation through the first. Skipped without
//! `NANITE_TEST_POSTGRES`.

use std::time::{Duration, Instant};

use serde_json::json;

use super::serve::{Reply, Server, campaign_of, http, postgres};

#[test]
fn a_link_revoked_on_one_server_stops_on_every_other() {
    let Some(database) = postgres("a_link_revoked_on_one_server_stops_on_every_other") else {
        return;
    };
    let one = Server::start(&database);
    let two = Server::start(&database);
    let campaign = campaign_of(&two);
    let base = format!("/api/campaigns/{campaign}");
    let created = http(
        &one.addr,
        "POST",
        &format!("{base}/invites"),
        &two.gm,
        Some(&json!({"role": "spectator", "label": "Sam"})),
        &[],
    );
    assert_eq!(created.status, 201, "{:?}", created.json);
    let token = created.json["token"].as_str().expect("a token").to_string();
    let invite = created.json["invite"]["id"]
        .as_str()
        .expect("an invitation id")
        .to_string();

    // The second server learns the link: by its bearer token, and by a
    // browser session joined through it, each asked twice (the second
    // answer from memory).
    let joined = http(
        &two.addr,
        "POST",
        "/api/join",
        "",
        Some(&json!({"token": token})),
        &[],
    );
    assert_eq!(joined.status, 200, "{:?}", joined.json);
    let cookie = joined.cookie.expect("joining sets the session cookie");
    let as_bearer = || http(&two.addr, "GET", &base, &token, None, &[]);
    let as_browser = || http(&two.addr, "GET", &base, "", None, &[("Cookie", &cookie)]);
    for _ in 0..2 {
        assert_eq!(as_bearer().status, 200);
        assert_eq!(as_browser().status, 200);
    }

    let revoked = http(
        &one.addr,
        "DELETE",
        &format!("{base}/invites/{invite}"),
        &two.gm,
        None,
        &[],
    );
    assert_eq!(revoked.status, 200, "{:?}", revoked.json);

    // The announcement of the change travels from the database to the
    // second server in milliseconds; a few seconds is a generous bound for
    // a loaded CI machine, and without it the link would work forever.
    let refused = |ask: &dyn Fn() -> Reply, who: &str| {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let reply = ask();
            if reply.status == 401 {
                assert_eq!(reply.json["error"]["code"], "invite_revoked", "{who}");
                return;
            }
            assert_eq!(reply.status, 200, "{who}: {:?}", reply.json);
            assert!(
                Instant::now() < deadline,
                "{who}: the second server still lets the revoked link in"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    refused(&as_bearer, "the bearer token");
    refused(&as_browser, "the browser session");
    // And the first, which revoked it, refuses it too.
    let first = http(&one.addr, "GET", &base, &token, None, &[]);
    assert_eq!(first.status, 401, "{:?}", first.json);
}
