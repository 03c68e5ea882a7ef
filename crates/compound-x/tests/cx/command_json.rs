//! Commands read from JSON, as a server or a bot sends them.

use nanite_compound_x::encounter::Command;

#[test]
fn commands_round_trip_through_json() {
    let cases = [
        r#"{"command":"aim","id":"vex"}"#,
        r#"{"command":"fire","id":"vex","target":"raider","weapon":0,"mode":"burst","fire":"hip","distance":15,"cover":"partial"}"#,
        r#"{"command":"clock","clock":"next_turn"}"#,
        r#"{"command":"move","id":"vex","metres":4,"way":{"way":"toward","id":"raider"},"sprint":false,"cover":null,"concealed":false}"#,
        r#"{"command":"afflict","target":"raider","condition":"plasma-burn","turns":null}"#,
    ];
    for text in cases {
        let command: Command = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back = serde_json::to_value(&command).unwrap();
        let again: Command = serde_json::from_value(back.clone()).unwrap();
        assert_eq!(serde_json::to_value(&again).unwrap(), back, "{text}");
    }
}

#[test]
fn adding_a_raw_fighter_from_json_is_refused() {
    let err = serde_json::from_str::<Command>(r#"{"command":"add","id":"x"}"#).unwrap_err();
    assert!(err.to_string().contains("add"), "{err}");
}
