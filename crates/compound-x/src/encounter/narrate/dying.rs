//! Dying told: death and Fort saves, stabilizing, and what each survivor
//! carries into its next fight when the encounter closes.

use nanite_core::CombatantId;

use super::super::Battle;
use super::name;
use crate::check::CheckResult;
use crate::combat::DeathSaveOutcome;

/// A death save against DC 50 (CX-DEATH-03).
pub(super) fn death_save(
    state: &Battle,
    id: &CombatantId,
    die: u32,
    outcome: DeathSaveOutcome,
) -> String {
    format!(
        "{} death save: d100 = {die} against DC 50: {} (CX-DEATH-03)",
        name(state, id),
        match outcome {
            DeathSaveOutcome::Survived => "holds on".to_string(),
            DeathSaveOutcome::Failed { left } => format!("failed, {left} left"),
            DeathSaveOutcome::Died => "failed: the last one".to_string(),
        }
    )
}

/// A Fort save while downed (CX-HOUSE-05).
pub(super) fn fort_save(state: &Battle, id: &CombatantId, result: &CheckResult) -> String {
    format!(
        "{} Fort save while downed: total {} against DC {}: {} (CX-HOUSE-05)",
        name(state, id),
        result.total,
        result.dc,
        if result.success { "holds on" } else { "failed" }
    )
}

/// A stabilizing (CX-DEATH-05), and whether the revive counts.
pub(super) fn stabilized(
    state: &Battle,
    by: &CombatantId,
    id: &CombatantId,
    counts: bool,
) -> String {
    format!(
        "{} stabilizes {}: 1 HP, no longer downed{} (CX-DEATH-05)",
        name(state, by),
        name(state, id),
        if counts {
            ""
        } else {
            "; this revive does not count"
        }
    )
}

/// The fight is over (CX-DEATH-04), and what each living one carries into
/// its next fight: the character file's `death_saves`, or its failed Fort
/// saves under the house rule (CX-HOUSE-05).
pub(super) fn encounter_closed(state: &Battle) -> Vec<String> {
    let mut out =
        vec!["the fight is over: death saves regained where none failed (CX-DEATH-04)".into()];
    for (id, c) in state.combatants.iter() {
        let f = &c.fighter;
        if f.dead {
            continue;
        }
        if f.house_rules.fort_downed {
            let n = c.fort_failures;
            out.push(format!(
                "{} ({id}) carries {n} failed Fort save{} into the next fight (fort_failures = {n} in its character file, CX-HOUSE-05)",
                f.name,
                if n == 1 { "" } else { "s" }
            ));
            continue;
        }
        let next = f.death_saves.after_encounter();
        out.push(format!(
            "{} ({id}) carries {next} death save{} into the next fight (death_saves = {next} in its character file)",
            f.name,
            if next == 1 { "" } else { "s" }
        ));
    }
    out
}
