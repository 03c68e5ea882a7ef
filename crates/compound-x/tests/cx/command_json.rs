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
        r#"{"command":"check","id":"vex","skill":"medicine","dc":40,"hidden":false,"effort":"take50","combined_with":"repair"}"#,
        r#"{"command":"stabilize","id":"vex","target":"raider","kit":true,"count_revive":true}"#,
    ];
    for text in cases {
        let command: Command = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back = serde_json::to_value(&command).unwrap();
        let again: Command = serde_json::from_value(back.clone()).unwrap();
        assert_eq!(serde_json::to_value(&again).unwrap(), back, "{text}");
    }
}

#[test]
fn a_check_or_stabilize_without_the_new_fields_reads_as_before() {
    // rule: CX-DICE-06
    // rule: CX-DEATH-07
    // Commands written before take 50/100, combined checks and the revive
    // choice existed still read: roll, one skill, the critical spares it.
    let check: Command = serde_json::from_str(
        r#"{"command":"check","id":"vex","skill":"medicine","dc":40,"hidden":false}"#,
    )
    .unwrap();
    assert!(
        matches!(
            &check,
            Command::Check {
                effort: nanite_compound_x::check::Effort::Roll,
                combined_with: None,
                ..
            }
        ),
        "{check:?}"
    );
    let stabilize: Command =
        serde_json::from_str(r#"{"command":"stabilize","id":"vex","target":"raider","kit":false}"#)
            .unwrap();
    assert!(
        matches!(
            stabilize,
            Command::Stabilize {
                count_revive: false,
                ..
            }
        ),
        "{stabilize:?}"
    );
}

#[test]
fn adding_a_raw_fighter_from_json_is_refused() {
    let err = serde_json::from_str::<Command>(r#"{"command":"add","id":"x"}"#).unwrap_err();
    assert!(err.to_string().contains("add"), "{err}");
}
