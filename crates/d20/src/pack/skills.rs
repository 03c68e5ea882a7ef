//! Skills: each with its default attribute and the attributes some uses
//! allow instead (D20-CHK-01).

use nanite_core::content::Fields;

use crate::attribute::Attribute;

/// When a skill may use another attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = D20AlternateUse))]
#[serde(rename_all = "kebab-case")]
pub enum AlternateUse {
    /// With a finesse weapon (Melee Fighting with DEX, D20-CHK-01): used
    /// automatically when it is better.
    Finesse,
    /// When the GM allows it for a particular use (`--attribute` on a check).
    Gm,
}

impl AlternateUse {
    /// The word used in files.
    pub fn key(self) -> &'static str {
        match self {
            AlternateUse::Finesse => "finesse",
            AlternateUse::Gm => "gm",
        }
    }
}

/// Another attribute a skill may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Alternate {
    /// The attribute.
    pub attribute: Attribute,
    /// When.
    pub when: AlternateUse,
}

/// A skill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    /// Its id (`melee-fighting`).
    pub id: String,
    /// Its name (`Melee Fighting`).
    pub name: String,
    /// The attribute whose bonus its checks add (D20-CHK-01).
    pub attribute: Attribute,
    /// Attributes some uses allow instead.
    pub alternates: Vec<Alternate>,
    /// What it is for.
    pub description: String,
}

impl Skill {
    /// Whether `attribute` may be used for this skill, and when.
    pub fn allows(&self, attribute: Attribute) -> Option<Option<AlternateUse>> {
        if attribute == self.attribute {
            return Some(None);
        }
        self.alternates
            .iter()
            .find(|a| a.attribute == attribute)
            .map(|a| Some(a.when))
    }
}

pub(crate) fn attribute(fields: &Fields<'_, '_>, key: &str) -> Option<Attribute> {
    let item = fields.required(key)?;
    let text = item.string()?;
    let found = Attribute::parse(&text);
    if found.is_none() {
        item.error(
            format!("`{text}` is not an attribute"),
            Some("the attributes are STR, DEX, CON and WIS".into()),
        );
    }
    found
}

pub(super) fn read(id: &str, fields: &Fields<'_, '_>) -> Option<Skill> {
    let name = fields.required_string("name");
    let default = attribute(fields, "attribute");
    let description = fields.string("description").unwrap_or_default();
    let mut alternates = Vec::new();
    for alt in fields.tables("alternates") {
        let attribute = attribute(&alt, "attribute");
        let when = alt.required("when").and_then(|i| {
            let text = i.string()?;
            match text.as_str() {
                "finesse" => Some(AlternateUse::Finesse),
                "gm" => Some(AlternateUse::Gm),
                _ => {
                    i.error(
                        format!("`{text}` is neither \"finesse\" nor \"gm\""),
                        Some(
                            "\"finesse\": with finesse weapons; \"gm\": when the GM allows it"
                                .into(),
                        ),
                    );
                    None
                }
            }
        });
        alt.finish();
        if let (Some(attribute), Some(when)) = (attribute, when) {
            alternates.push(Alternate { attribute, when });
        }
    }
    Some(Skill {
        id: id.to_string(),
        name: name?,
        attribute: default?,
        alternates,
        description,
    })
}
