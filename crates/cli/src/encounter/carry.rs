//! `--carry` of `nanite cx encounter` and `nanite d20 encounter`: the
//! carried combatants enter from their state files (as the server's
//! entrance does), and what the fight did to them is written back to those
//! files once the script has ended it (`CharacterState::after_fight`, as the
//! server's end of an encounter does).

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use nanite_core::CombatantId;

use super::fight::Fight;
use super::{Roster, Rules};
use crate::carry_file::{self, Carried, CarriedState, Named};
use crate::cx::Outcome;

/// Each carried combatant of `roster` (`only` those, or all when empty)
/// enters as the fighter of its state: `read` reads a character file with
/// its state and builds that fighter. A combatant keeps the name its
/// encounter file gave it.
pub(crate) fn carry_in<R: Rules, C, S>(
    roster: &mut Roster<R>,
    only: &[String],
    file: &Path,
    read: impl Fn(&CombatantId, &Path) -> Result<(Carried<C, S>, R::Fighter)>,
) -> Result<Vec<(CombatantId, Carried<C, S>)>> {
    let dir = file.parent().unwrap_or(Path::new(""));
    let chosen = carry_file::carried_entrants(roster.iter().map(|(e, _)| e), only, dir)?;
    let mut carried = Vec::new();
    for (id, path) in chosen {
        let (c, fighter) = read(&id, &path)?;
        for (entrant, f) in roster.iter_mut().filter(|(e, _)| e.id == id) {
            *f = fighter.clone();
            if let Some(name) = &entrant.name {
                R::rename(f, name);
            }
        }
        carried.push((id, c));
    }
    Ok(carried)
}

/// The fight's outcome once its report is out on `out` (standard output);
/// with `--carry` (`carried`), what it did to the carried combatants is
/// written back first, told on `out`, or on standard error when the
/// report is JSON.
pub(crate) fn ended<R: Rules, C: Named, S: CarriedState<Battle = R::Battle>>(
    fight: &Fight<R>,
    carried: Option<Vec<(CombatantId, Carried<C, S>)>>,
    json: bool,
    file: &Path,
    out: std::io::StdoutLock<'static>,
) -> Result<Outcome> {
    let outcome = super::fight::ended(fight)?;
    if let Some(carried) = carried {
        let mut told: Box<dyn Write> = if json {
            Box::new(std::io::stderr().lock())
        } else {
            Box::new(out)
        };
        write_back(carried, fight, file, &mut *told)?;
    }
    Ok(outcome)
}

/// What the fight did to each carried combatant, written back to its state
/// file, once the script has ended the fight (`file` is the encounter
/// file, named in the error when the fight is not over).
fn write_back<R: Rules, C: Named, S: CarriedState<Battle = R::Battle>>(
    carried: Vec<(CombatantId, Carried<C, S>)>,
    fight: &Fight<R>,
    file: &Path,
    out: &mut dyn Write,
) -> Result<()> {
    if fight.stop.is_some() {
        writeln!(
            out,
            "Nothing was written back to the carried states: the script stopped before its end."
        )?;
        return Ok(());
    }
    let battle = fight.game.state();
    writeln!(out, "Carried:")?;
    for (id, c) in carried {
        if !R::ids(battle).contains(&&id) {
            writeln!(out, "  {id} never entered; its state is unchanged")?;
            continue;
        }
        let after = c.state.after_fight(battle, &id).map_err(|e| {
            anyhow::anyhow!(
                "{}: nothing was written back to the carried states: {e}; end the script with `end`",
                file.display()
            )
        })?;
        c.commit(
            &after,
            format!("encounter {}", fight.name),
            None,
            Vec::new(),
            out,
        )?;
    }
    Ok(())
}
