//! `nanite d20 play FILE`: the GM's table prompt for D20, the shared
//! session ([`crate::encounter::session`]) over D20's rules: run commands
//! in the script syntax (`kara attack raider rapier`, `next`), add
//! combatants on a square or a row, with `undo`, `status`, `help` and
//! `roll`, saved after every command. A new session's map and initiative
//! come from the command line.

use anyhow::{Result, bail};
use clap::Args;
use nanite_d20::encounter::Field;
use nanite_d20::{Campaign, InitiativeBy, InitiativeReroll, Pack};

use super::{D20Rules, Settings};
use crate::cx::Outcome;
use crate::encounter::session::{Session, Sitting};

/// Arguments of `nanite d20 play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    sitting: Sitting,
    /// A new session on a map of WIDTHxHEIGHT 5 ft squares (`12x8`);
    /// without it a new session is map-less, in rows (D20-MOVE-03).
    #[arg(long, value_name = "WxH", value_parser = parse_map)]
    map: Option<(i64, i64)>,
    /// A new session's initiative: by combatant (D20-INIT-01) or by side
    /// (D20-INIT-03). Default: the pack's campaign.
    #[arg(long, value_name = "combatant|side", value_parser = parse_initiative)]
    initiative: Option<InitiativeBy>,
    /// A new session's initiative: rolled each round or kept for the
    /// battle (D20-INIT-02). Default: the pack's campaign.
    #[arg(long, value_name = "each-round|kept", value_parser = parse_reroll)]
    reroll: Option<InitiativeReroll>,
}

fn parse_map(text: &str) -> Result<(i64, i64), String> {
    let help = "give the map as WIDTHxHEIGHT squares, each 1 to 200, like `12x8`";
    let (w, h) = text.split_once('x').ok_or_else(|| help.to_string())?;
    let size = |n: &str| {
        n.trim()
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=200).contains(n))
    };
    match (size(w), size(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(help.to_string()),
    }
}

fn parse_initiative(text: &str) -> Result<InitiativeBy, String> {
    match text {
        "combatant" => Ok(InitiativeBy::Combatant),
        "side" => Ok(InitiativeBy::Side),
        _ => Err("initiative is `combatant` or `side`".into()),
    }
}

fn parse_reroll(text: &str) -> Result<InitiativeReroll, String> {
    match text {
        "each-round" => Ok(InitiativeReroll::EachRound),
        "kept" => Ok(InitiativeReroll::Kept),
        _ => Err("reroll is `each-round` or `kept`".into()),
    }
}

pub(crate) fn run(args: &PlayArgs, pack: &Pack, campaign: &Campaign) -> Result<Outcome> {
    let path = &args.sitting.file;
    let fresh = args.map.is_some() || args.initiative.is_some() || args.reroll.is_some();
    if fresh && path.exists() {
        bail!(
            "{} is a session already, with its own map and initiative; --map, --initiative and --reroll only set up a new one (edit the file's [map] and [campaign] to change them)",
            path.display()
        );
    }
    let mut campaign = campaign.clone();
    if let Some(by) = args.initiative {
        campaign.initiative = by;
    }
    if let Some(reroll) = args.reroll {
        campaign.reroll = reroll;
    }
    let field = match args.map {
        Some((width, height)) => Field::Map { width, height },
        None => Field::Rows,
    };
    let mut session = Session::open(
        D20Rules {
            pack,
            campaign: &campaign,
        },
        path,
        Settings {
            campaign: campaign.clone(),
            field,
        },
    )?;
    let mut dice = args.sitting.dice();
    session.converse(dice.as_mut())?;
    Ok(Outcome::Success)
}
