//! Names that link to their compendium entries (docs/campaign.md, "The
//! compendium"): the weapons, feats, spells, gear and conditions named on
//! a tracker, a log line or a sheet. A [`Links`] is made from the
//! compendium of the pack in force; a text is cut into [`Piece`]s, the
//! names the pack knows carrying the address of their entry.

use std::collections::BTreeMap;

use crate::error::AppError;
use crate::packs::compendium::{self, Section};

/// The compendium sections whose names are linked in running text. Races
/// and classes are left out: they name the characters, not what happens.
const IN_TEXT: [&str; 14] = [
    "skill",
    "feat",
    "weapon",
    "attachment",
    "armor",
    "shield",
    "cloak",
    "item",
    "spell",
    "condition",
    "kit",
    "magic",
    "power",
    "gear",
];

/// Names shorter than this are not looked for in running text (too many
/// ordinary words would turn into links).
const SHORTEST: usize = 4;

/// A run of text, with the address of the entry it names (if it does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    /// The text as written.
    pub(crate) text: String,
    /// The compendium address of the entry it names.
    pub(crate) href: Option<String>,
}

/// The names of one campaign's compendium and where their entries are.
#[derive(Clone, Debug, Default)]
pub(crate) struct Links {
    /// Each entry's address and name by its anchor (`weapon-rail-smg`).
    anchors: BTreeMap<String, (String, String)>,
    /// Each entry's address by its name, lower case.
    names: BTreeMap<String, String>,
    /// The names looked for in running text, longest first, lower case.
    in_text: Vec<(String, String)>,
}

impl Links {
    /// The links of `campaign`'s pack in force (none for a Station campaign).
    pub(crate) async fn of(state: &crate::AppState, campaign: &str) -> Result<Self, AppError> {
        let settings = crate::campaigns::get(state, campaign).await?;
        if settings.ruleset == crate::ruleset::Ruleset::Station {
            return Ok(Self::default());
        }
        let c = compendium::of(state, campaign, "").await?;
        Ok(Self::from_sections(campaign, &c.sections))
    }

    /// The links of `sections` of `campaign`'s compendium.
    pub(crate) fn from_sections(campaign: &str, sections: &[Section]) -> Self {
        let mut links = Self::default();
        for s in sections {
            for e in &s.entries {
                let href = format!("/c/{campaign}/compendium#{}", e.anchor);
                links
                    .anchors
                    .insert(e.anchor.clone(), (href.clone(), e.name.clone()));
                let name = e.name.to_lowercase();
                links
                    .names
                    .entry(name.clone())
                    .or_insert_with(|| href.clone());
                if IN_TEXT.contains(&s.key) && name.len() >= SHORTEST {
                    links.in_text.push((name, href));
                }
            }
        }
        links
            .in_text
            .sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
        links.in_text.dedup_by(|a, b| a.0 == b.0);
        links
    }

    /// The address of entry `id` of `section` (`weapon`, `condition`), if
    /// the pack has it.
    pub(crate) fn entry(&self, section: &str, id: &str) -> Option<&str> {
        self.anchors
            .get(&compendium::anchor(section, id))
            .map(|(href, _)| href.as_str())
    }

    /// The name of entry `id` of `section`, if the pack has it.
    pub(crate) fn name(&self, section: &str, id: &str) -> Option<&str> {
        self.anchors
            .get(&compendium::anchor(section, id))
            .map(|(_, name)| name.as_str())
    }

    /// The address of the entry called `name` (any case), if there is one.
    pub(crate) fn named(&self, name: &str) -> Option<&str> {
        self.names.get(&name.to_lowercase()).map(String::as_str)
    }

    /// `text` cut into pieces, each name of the compendium found as a
    /// whole word (any case) carrying its entry's address; the longest
    /// name wins where names overlap.
    pub(crate) fn pieces(&self, text: &str) -> Vec<Piece> {
        let mut out: Vec<Piece> = Vec::new();
        let mut plain = String::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < text.len() {
            let starts_word = i == 0 || !is_word(text[..i].chars().next_back());
            let found = if starts_word {
                self.in_text.iter().find(|(name, _)| {
                    let end = i + name.len();
                    end <= text.len()
                        && text.is_char_boundary(end)
                        && bytes[i..end].eq_ignore_ascii_case(name.as_bytes())
                        && !is_word(text[end..].chars().next())
                })
            } else {
                None
            };
            match found {
                Some((name, href)) => {
                    if !plain.is_empty() {
                        out.push(Piece {
                            text: std::mem::take(&mut plain),
                            href: None,
                        });
                    }
                    out.push(Piece {
                        text: text[i..i + name.len()].to_string(),
                        href: Some(href.clone()),
                    });
                    i += name.len();
                }
                None => {
                    let c = text[i..].chars().next().unwrap_or(' ');
                    plain.push(c);
                    i += c.len_utf8();
                }
            }
        }
        if !plain.is_empty() {
            out.push(Piece {
                text: plain,
                href: None,
            });
        }
        out
    }
}

fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packs::compendium::Entry;

    fn entry(section: &str, id: &str, name: &str) -> Entry {
        Entry {
            id: id.into(),
            name: name.into(),
            anchor: compendium::anchor(section, id),
            description: String::new(),
            facts: Vec::new(),
            tables: Vec::new(),
            rules: Vec::new(),
        }
    }

    fn links() -> Links {
        let sections = vec![
            Section {
                key: "weapon",
                title: "Weapons",
                entries: vec![
                    entry("weapon", "smg", "SMG"),
                    entry("weapon", "rail-smg", "Rail SMG"),
                ],
            },
            Section {
                key: "condition",
                title: "Conditions",
                entries: vec![entry("condition", "bleeding", "bleeding")],
            },
            Section {
                key: "class",
                title: "Classes",
                entries: vec![entry("class", "soldier", "Soldier")],
            },
        ];
        Links::from_sections("c1", &sections)
    }

    fn shown(pieces: &[Piece]) -> String {
        pieces
            .iter()
            .map(|p| match &p.href {
                Some(h) => format!("[{}]({h})", p.text),
                None => p.text.clone(),
            })
            .collect()
    }

    #[test]
    fn names_in_a_line_link_to_their_entries() {
        let l = links();
        let cases = [
            (
                "Vex fires the Rail SMG: Bleeding starts",
                "Vex fires the [Rail SMG](/c/c1/compendium#weapon-rail-smg): [Bleeding](/c/c1/compendium#condition-bleeding) starts",
            ),
            // A name inside a longer word is not a link; too short names are not looked for.
            ("unbleeding SMGs", "unbleeding SMGs"),
            ("the SMG.", "the SMG."),
            // Classes name characters, not what happened.
            ("a Soldier shoots", "a Soldier shoots"),
            (
                "Ünïcode — bleeding",
                "Ünïcode — [bleeding](/c/c1/compendium#condition-bleeding)",
            ),
            ("", ""),
        ];
        for (text, want) in cases {
            assert_eq!(shown(&l.pieces(text)), want, "{text}");
        }
    }

    #[test]
    fn entries_are_found_by_id_and_by_name() {
        let l = links();
        assert_eq!(
            l.entry("weapon", "rail-smg"),
            Some("/c/c1/compendium#weapon-rail-smg")
        );
        assert_eq!(l.entry("weapon", "laser"), None);
        assert_eq!(l.name("weapon", "rail-smg"), Some("Rail SMG"));
        assert_eq!(l.name("condition", "laser"), None);
        assert_eq!(
            l.named("rail smg"),
            Some("/c/c1/compendium#weapon-rail-smg")
        );
        assert_eq!(l.named("Soldier"), Some("/c/c1/compendium#class-soldier"));
    }
}
