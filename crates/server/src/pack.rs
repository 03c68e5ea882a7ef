//! The built-in sample packs, Compound X and D20, compiled into the server
//! so it runs from any directory (the rulesets' own `SAMPLE_PACK`s, which
//! `nanite cx` and `nanite d20` build in too).

use crate::failure::ServerError;
use nanite_compound_x::Pack;

/// Loads the Compound X sample pack; a pack with errors is refused with
/// all of them.
pub(crate) fn sample() -> Result<Pack, ServerError> {
    let (pack, found) = Pack::load(&Pack::sample_files());
    if found.has_errors() {
        return Err(ServerError::SamplePack {
            which: "Compound X",
            found: found.to_string(),
        });
    }
    Ok(pack)
}

/// Loads the D20 sample pack; a pack with errors is refused with all of
/// them.
pub(crate) fn d20_sample() -> Result<nanite_d20::Pack, ServerError> {
    let (pack, found) = nanite_d20::Pack::load(&nanite_d20::Pack::sample_files());
    if found.has_errors() {
        return Err(ServerError::SamplePack {
            which: "D20",
            found: found.to_string(),
        });
    }
    Ok(pack)
}

/// Every ruleset's pack: what replaying a campaign's stream needs.
#[derive(Debug)]
pub(crate) struct Packs {
    /// Compound X's.
    pub(crate) cx: Pack,
    /// D20's.
    pub(crate) d20: nanite_d20::Pack,
}

impl Packs {
    /// The built-in sample packs.
    pub(crate) fn sample() -> Result<Packs, ServerError> {
        Ok(Packs {
            cx: sample()?,
            d20: d20_sample()?,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_sample_packs_load() {
        super::sample().expect("the built-in Compound X sample pack loads");
        super::d20_sample().expect("the built-in D20 sample pack loads");
    }
}
