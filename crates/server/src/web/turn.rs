//! "Your turn": the badge a tracker's fragment carries when the viewer's
//! own combatant (or side) is to act, which `assets/table.js` mirrors into
//! the page's title (and an optional sound) on every live refresh, so a
//! player in another tab knows. The GM gets a distinct "NPC turn" badge
//! when a combatant nobody's invitation plays is to act.

use askama::Template;

/// Whose turn it is, as the viewer's page calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TurnCall {
    /// The viewer's own combatant (or, in Station, their side) acts.
    Yours,
    /// The GM's page: a combatant no player plays acts.
    Npc,
    /// Someone else acts, or nobody.
    Other,
}

impl TurnCall {
    /// The call of a fight whose active combatant is `mine` for the viewer
    /// and played by `owner` (none: nobody acts); `gm`: the viewer is the GM.
    pub(crate) fn of(active: Option<(bool, Option<&str>)>, gm: bool) -> TurnCall {
        match active {
            Some((true, _)) => TurnCall::Yours,
            Some((false, None)) if gm => TurnCall::Npc,
            _ => TurnCall::Other,
        }
    }

    /// Its key, the badge's `data-turn`.
    pub(crate) fn key(self) -> &'static str {
        match self {
            TurnCall::Yours => "yours",
            TurnCall::Npc => "npc",
            TurnCall::Other => "none",
        }
    }

    /// The badge's words (empty: no badge).
    pub(crate) fn text(self) -> &'static str {
        match self {
            TurnCall::Yours => "Your turn",
            TurnCall::Npc => "NPC turn",
            TurnCall::Other => "",
        }
    }
}

/// The badge.
#[derive(Template)]
#[template(path = "turn.html")]
struct Badge {
    call: TurnCall,
}

/// The badge's markup, for a fragment (present, hidden, when nobody of the
/// viewer's acts, so the page's script sees the turn pass).
pub(crate) fn badge(call: TurnCall) -> String {
    super::html::render(&Badge { call })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_call_says_yours_only_for_the_viewers_own() {
        let cases = [
            (Some((true, Some("i-alice"))), false, TurnCall::Yours),
            (Some((false, Some("i-bob"))), false, TurnCall::Other),
            (Some((false, None)), false, TurnCall::Other),
            (Some((false, None)), true, TurnCall::Npc),
            (Some((false, Some("i-alice"))), true, TurnCall::Other),
            (Some((true, Some("i-gm"))), true, TurnCall::Yours),
            (None, true, TurnCall::Other),
            (None, false, TurnCall::Other),
        ];
        for (active, gm, call) in cases {
            assert_eq!(TurnCall::of(active, gm), call, "{active:?} gm={gm}");
        }
        let shown = badge(TurnCall::Yours);
        assert!(shown.contains("data-turn=\"yours\""), "{shown}");
        assert!(shown.contains("Your turn"), "{shown}");
        assert!(badge(TurnCall::Other).contains(" hidden"));
    }
}
