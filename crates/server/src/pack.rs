//! The built-in sample packs, Compound X and D20, compiled into the server
//! so it runs from any directory (the rulesets' own `SAMPLE_PACK`s, which
//! `nanite cx` and `nanite d20` build in too), and the library of packs the
//! GMs uploaded (`content.rs`), each known by the digest of its files, so a
//! table replays every entrance with the pack that was in force.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

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

/// A pack a GM uploaded, loaded without errors.
#[derive(Clone, Debug)]
pub(crate) enum Uploaded {
    /// A Compound X pack.
    CompoundX(Arc<Pack>),
    /// A D20 pack.
    D20(Arc<nanite_d20::Pack>),
    /// A Station pack (its scenarios stay in the stored version's files).
    Station(Arc<nanite_station::Pack>),
}

/// Every ruleset's pack: what replaying a campaign's stream needs.
#[derive(Clone, Debug)]
pub(crate) struct Packs {
    /// Compound X's sample.
    pub(crate) cx: Arc<Pack>,
    /// D20's sample.
    pub(crate) d20: Arc<nanite_d20::Pack>,
    /// Station's sample (the pack `nanite station` builds in).
    pub(crate) station: Arc<nanite_station::Pack>,
    /// The uploaded packs known so far, by digest.
    uploaded: Arc<Mutex<HashMap<String, Uploaded>>>,
}

impl Packs {
    /// The built-in sample packs.
    pub(crate) fn sample() -> Result<Packs, ServerError> {
        Ok(Packs {
            cx: Arc::new(sample()?),
            d20: Arc::new(d20_sample()?),
            station: crate::station::game::pack(),
            uploaded: Arc::default(),
        })
    }

    /// Makes the uploaded pack with `digest` known.
    pub(crate) fn register(&self, digest: &str, pack: Uploaded) {
        self.uploaded
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(digest.to_string(), pack);
    }

    /// Whether the pack with `digest` is known.
    pub(crate) fn knows(&self, digest: &str) -> bool {
        self.uploaded
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(digest)
    }

    fn find(&self, digest: &str) -> Result<Uploaded, String> {
        self.uploaded
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(digest)
            .cloned()
            .ok_or_else(|| {
                format!("the content pack {digest} is not in the store; import the campaign with its packs")
            })
    }

    /// The Compound X pack with `digest` (none: the sample).
    pub(crate) fn cx_of(&self, digest: Option<&str>) -> Result<Arc<Pack>, String> {
        match digest {
            None => Ok(self.cx.clone()),
            Some(d) => match self.find(d)? {
                Uploaded::CompoundX(p) => Ok(p),
                Uploaded::D20(_) | Uploaded::Station(_) => {
                    Err(format!("the content pack {d} is not a Compound X pack"))
                }
            },
        }
    }

    /// The D20 pack with `digest` (none: the sample).
    pub(crate) fn d20_of(&self, digest: Option<&str>) -> Result<Arc<nanite_d20::Pack>, String> {
        match digest {
            None => Ok(self.d20.clone()),
            Some(d) => match self.find(d)? {
                Uploaded::D20(p) => Ok(p),
                Uploaded::CompoundX(_) | Uploaded::Station(_) => {
                    Err(format!("the content pack {d} is not a D20 pack"))
                }
            },
        }
    }

    /// The Station pack with `digest` (none: the sample).
    pub(crate) fn station_of(
        &self,
        digest: Option<&str>,
    ) -> Result<Arc<nanite_station::Pack>, String> {
        match digest {
            None => Ok(self.station.clone()),
            Some(d) => match self.find(d)? {
                Uploaded::Station(p) => Ok(p),
                Uploaded::CompoundX(_) | Uploaded::D20(_) => {
                    Err(format!("the content pack {d} is not a Station pack"))
                }
            },
        }
    }

    /// These packs with the Compound X, D20 or Station one in force by `digest`
    /// (none: the samples), sharing the library.
    pub(crate) fn in_force(&self, digest: Option<&str>) -> Result<Packs, String> {
        let Some(d) = digest else {
            return Ok(self.clone());
        };
        let mut out = self.clone();
        match self.find(d)? {
            Uploaded::CompoundX(p) => out.cx = p,
            Uploaded::D20(p) => out.d20 = p,
            Uploaded::Station(p) => out.station = p,
        }
        Ok(out)
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
