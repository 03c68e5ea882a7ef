//! Characters: TOML files checked exactly as `nanite cx check` (or, in a D20
//! campaign, `nanite d20 sheet`) checks them,
//! owned by the player who uploaded them (or the slot their invitation
//! fills). Owners and the GM see the whole sheet; others see names.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use nanite_compound_x::{Character, HouseRules, Pack, Sheet, validate};
use nanite_core::content::SourceFile;
use nanite_core::{Diagnostic, Diagnostics};
use nanite_store::EventStore;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use crate::AppState;
use crate::body::Text;
use crate::campaigns;
use crate::error::{AppError, ErrorBody};
use crate::permissions::{Role, owns_character};
use crate::records;
use crate::ruleset::Ruleset;
use crate::sessions::Caller;

/// A character as the campaign keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct StoredCharacter {
    /// Its id in the campaign ("vex").
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// The player seat that uploaded it; none for the GM's.
    pub(crate) owner: Option<String>,
    /// The file name it was read as.
    pub(crate) file: String,
    /// The TOML text.
    pub(crate) text: String,
}

fn collection(campaign: &str) -> String {
    format!("characters:{campaign}")
}

/// Refuses an id that is not a short lower-case handle.
pub(crate) fn check_id(id: &str) -> Result<(), AppError> {
    let ok = (1..=32).contains(&id.len())
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok {
        Ok(())
    } else {
        Err(AppError::unprocessable(
            "invalid_id",
            format!(
                "'{id}' is not a usable id: use 1 to 32 lower-case letters, digits and '-', starting with a letter (\"vex\", \"raider-2\")"
            ),
        ))
    }
}

/// The id a new combatant takes: the one given (checked), or, for a
/// campaign character picked from the list without one, the character's
/// own id. An NPC file needs one.
pub(crate) fn combatant_id(id: Option<&str>, character: Option<&str>) -> Result<String, AppError> {
    let id = match (id.map(str::trim).filter(|i| !i.is_empty()), character) {
        (Some(id), _) => id,
        (None, Some(character)) => character,
        (None, None) => {
            return Err(AppError::unprocessable(
                "invalid_id",
                "give the NPC an id (\"raider-1\"); a campaign character picked by `character` takes its own id when none is given",
            ));
        }
    };
    check_id(id)?;
    Ok(id.to_string())
}

/// An id made from a name: "Vex Marrow" -> "vex-marrow".
pub(crate) fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let mut out: String = out.trim_end_matches('-').chars().take(32).collect();
    out = out.trim_end_matches('-').to_string();
    if !out.starts_with(|c: char| c.is_ascii_lowercase()) {
        out.insert_str(0, "c-");
        out.truncate(32);
    }
    out
}

/// Reads and checks a character file as `nanite cx check` does, with the
/// campaign's house rules in force. Errors come back as a 422 listing every
/// diagnostic with its rule; warnings come back with the character.
pub(crate) fn check(
    pack: &Pack,
    house_rules: HouseRules,
    file: &str,
    text: &str,
) -> Result<(Character, Diagnostics), AppError> {
    let (character, found) = read_checked(pack, house_rules, file, text);
    if found.has_errors() {
        return Err(crate::diagnosed::refused(
            "invalid_character",
            &found,
            |count, first| {
                format!("{file} has {count} (the checks of `nanite cx check`); the first: {first}")
            },
        ));
    }
    Ok((character, found))
}

/// Reads and checks a character file as [`check`] does, returning every
/// problem instead of refusing (a pack switch's preview lists them).
pub(crate) fn read_checked(
    pack: &Pack,
    house_rules: HouseRules,
    file: &str,
    text: &str,
) -> (Character, Diagnostics) {
    let (mut character, mut found) = Character::read(&SourceFile::new(file, text));
    if !found.has_errors() {
        if character.house_rules != house_rules {
            found.push(
                Diagnostic::warning(
                    "house_rules",
                    "the campaign's house rules apply to this character, not the file's",
                )
                .help("the GM sets them with PATCH /api/campaigns/{campaign}"),
            );
            character.house_rules = house_rules;
        }
        found.extend(validate(&character, pack));
    }
    (character, found)
}

/// Stores `stored` as a character of `campaign` (a level taken, or given
/// back by an undo: `carry.rs`).
pub(crate) async fn store(
    state: &AppState,
    campaign: &str,
    stored: &StoredCharacter,
) -> Result<(), AppError> {
    records::put(state, &collection(campaign), &stored.id, stored).await
}

/// The character `id` of `campaign`.
pub(crate) async fn find(
    state: &AppState,
    campaign: &str,
    id: &str,
) -> Result<Option<StoredCharacter>, AppError> {
    records::get(state, &collection(campaign), id).await
}

/// Where a combatant comes from: the campaign character `character` (its
/// owner plays it) or the NPC file `npc`. Gives the file name, the text,
/// the character's id and its owner.
pub(crate) async fn source(
    state: &AppState,
    campaign: &str,
    id: &str,
    character: Option<&str>,
    npc: Option<&str>,
) -> Result<(String, String, Option<String>, Option<String>), AppError> {
    match (character, npc) {
        (Some(character), None) => {
            let stored = find(state, campaign, character).await?.ok_or_else(|| {
                AppError::unprocessable(
                    "no_such_character",
                    format!(
                        "no character '{character}' in this campaign; upload it first (POST /api/campaigns/{campaign}/characters)"
                    ),
                )
            })?;
            Ok((stored.file, stored.text, Some(stored.id), stored.owner))
        }
        (None, Some(text)) => Ok((format!("{id}.toml"), text.to_string(), None, None)),
        _ => Err(AppError::unprocessable(
            "one_source",
            "give either `character` (a campaign character's id) or `npc` (an NPC's TOML file), not both or neither",
        )),
    }
}

/// The query of an upload.
#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct UploadQuery {
    /// Its id (default: the slot, or from the name).
    #[serde(default)]
    id: Option<String>,
}

/// A character file: TOML, as `nanite cx check` or `nanite d20 sheet`
/// reads it (docs/compound-x/character-file.md, docs/d20/character-file.md).
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "the body is read as text (`body::Text`); this names its schema"
)]
pub(crate) struct CharacterFile(String);

/// A character just uploaded, with the file's warnings.
#[derive(Serialize, ToSchema)]
pub(crate) struct CharacterUploaded {
    /// The character.
    character: CharacterBrief,
    /// The file's warnings (its errors refuse it, 422).
    #[schema(value_type = Vec<nanite_core::Diagnostic>)] // serde(transparent)
    diagnostics: Diagnostics,
}

/// A character's id, name and owner.
#[derive(Serialize, ToSchema)]
pub(crate) struct CharacterBrief {
    /// Its id.
    id: String,
    /// Its name.
    name: String,
    /// The player invitation that owns it; none for the GM's.
    owner: Option<String>,
}

/// `POST /api/campaigns/{campaign}/characters[?id=ID]`: uploads a TOML
/// character file; the uploader owns it.
#[utoipa::path(
    post,
    path = "/campaigns/{campaign}/characters",
    summary = "Upload a TOML character file (checked as `nanite cx check`, or `nanite d20 sheet` in a D20 campaign)",
    description = "Who: GM or player (who then owns it).",
    params(("campaign" = String, Path, description = "the campaign id"), UploadQuery),
    request_body(content = CharacterFile, content_type = "application/toml"),
    responses(
        (status = 201, description = "the character and any warnings", body = CharacterUploaded),
        (status = 409, description = "the id is taken", body = ErrorBody),
        (status = 422, description = "the file's errors, each with its rule, in error.diagnostics", body = ErrorBody)
    )
)]
pub(crate) async fn upload(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    Query(query): Query<UploadQuery>,
    caller: Caller,
    Text(text): Text,
) -> Result<(StatusCode, Json<CharacterUploaded>), AppError> {
    put(&state, &campaign, &caller, query.id, text, false).await
}

/// `PUT /api/campaigns/{campaign}/characters/{character}`: uploads or
/// replaces a character the caller owns.
#[utoipa::path(
    put,
    path = "/campaigns/{campaign}/characters/{character}",
    summary = "Upload or replace a character",
    description = "Who: its owner or the GM.",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("character" = String, Path, description = "the character id")
    ),
    request_body(content = CharacterFile, content_type = "application/toml"),
    responses(
        (status = 200, description = "replaced", body = CharacterUploaded),
        (status = 201, description = "created", body = CharacterUploaded)
    )
)]
pub(crate) async fn replace(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
    Text(text): Text,
) -> Result<(StatusCode, Json<CharacterUploaded>), AppError> {
    put(&state, &campaign, &caller, Some(id), text, true).await
}

async fn put(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
    id: Option<String>,
    text: String,
    replacing: bool,
) -> Result<(StatusCode, Json<CharacterUploaded>), AppError> {
    caller.member_of(campaign)?;
    if caller.role() == Role::Spectator {
        return Err(AppError::forbidden(
            "spectators_watch",
            "spectators only watch; ask the GM for a player invitation to bring a character",
        ));
    }
    let settings = campaigns::get(state, campaign).await?;
    let file = format!("{}.toml", id.as_deref().unwrap_or("character"));
    let content = crate::packs::in_force(state, campaign).await?;
    let (name, level, found) = match settings.ruleset {
        Ruleset::CompoundX => check(&content.packs.cx, settings.house_rules(), &file, &text)
            .map(|(c, f)| (c.name, c.level, f))?,
        Ruleset::D20 => crate::d20::characters::check(&content.packs.d20, &file, &text)
            .map(|(c, f)| (c.name, c.level, f))?,
        Ruleset::Station => return Err(campaigns::station_has_no("characters")),
        Ruleset::Plugged(key) => return Err(campaigns::plugged_has_no(key, "characters")),
    };
    let id = match id.or_else(|| caller.invite.slot.clone()) {
        Some(id) => id,
        None => slug(&name),
    };
    check_id(&id)?;
    let viewer = caller_viewer(caller);
    let slot = caller.invite.slot.as_ref();
    if let Some(slot) = slot.filter(|s| caller.role() == Role::Player && **s != id) {
        return Err(AppError::forbidden(
            "not_your_slot",
            format!("your invitation is for the character '{slot}'; upload it as '{slot}'"),
        ));
    }
    let existing = find(state, campaign, &id).await?;
    let owner = match &existing {
        Some(old) => {
            if !replacing {
                return Err(AppError::conflict(
                    "character_exists",
                    format!(
                        "there is already a character '{id}'; replace your own with PUT /api/campaigns/{campaign}/characters/{id}, or upload under another ?id="
                    ),
                ));
            }
            if !owns_character(&viewer, &old.id, old.owner.as_deref()) {
                return Err(AppError::forbidden(
                    "not_your_character",
                    format!("'{id}' is not your character; you may replace only your own"),
                ));
            }
            // A higher level needs the GM's award (level_award.rs).
            let from = level_of(settings.ruleset, &old.file, &old.text);
            crate::level_award::gate(state, campaign, caller, &id, from, level).await?;
            old.owner.clone()
        }
        None => (caller.role() == Role::Player).then(|| caller.invite.id.clone()),
    };
    let gained = existing.as_ref().map_or(0, |old| {
        level - level_of(settings.ruleset, &old.file, &old.text)
    });
    let stored = StoredCharacter {
        id: id.clone(),
        name,
        owner,
        file,
        text,
    };
    records::put(state, &collection(campaign), &id, &stored).await?;
    crate::level_award::spend(state, campaign, caller, &id, gained).await?;
    let status = if existing.is_some() {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((
        status,
        Json(CharacterUploaded {
            character: CharacterBrief {
                id: stored.id,
                name: stored.name,
                owner: stored.owner,
            },
            diagnostics: found,
        }),
    ))
}

/// The level a stored character file gives (its file was checked when it
/// was stored; one no longer readable counts as level 0).
pub(crate) fn level_of(ruleset: Ruleset, file: &str, text: &str) -> i64 {
    match ruleset {
        Ruleset::CompoundX => Character::read(&SourceFile::new(file, text)).0.level,
        Ruleset::D20 => {
            nanite_d20::Character::read(&SourceFile::new(file, text))
                .0
                .level
        }
        Ruleset::Station | Ruleset::Plugged(_) => 0,
    }
}

fn caller_viewer(caller: &Caller) -> crate::permissions::Viewer {
    crate::permissions::Viewer {
        role: caller.role(),
        invite: caller.invite.id.clone(),
        slot: caller.invite.slot.clone(),
    }
}

/// `GET /api/campaigns/{campaign}/characters`: names for everyone, marked
/// with whether the caller owns each.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/characters",
    summary = "Character names, marked `mine`",
    description = "Who: any participant.",
    params(("campaign" = String, Path, description = "the campaign id")),
    responses((status = 200, description = "the characters", body = Listing))
)]
pub(crate) async fn list(
    State(state): State<AppState>,
    Path(campaign): Path<String>,
    caller: Caller,
) -> Result<Json<Listing>, AppError> {
    Ok(Json(listing(&state, &campaign, &caller).await?))
}

/// The campaign's characters as `caller` may list them.
pub(crate) async fn listing(
    state: &AppState,
    campaign: &str,
    caller: &Caller,
) -> Result<Listing, AppError> {
    caller.member_of(campaign)?;
    let viewer = caller_viewer(caller);
    let mut characters = Vec::new();
    for record in state.store().records(&collection(campaign)).await? {
        let c: StoredCharacter = serde_json::from_value(record.data).map_err(AppError::internal)?;
        // Whether the caller plays it: the GM may open every file, but only
        // the characters their own invitation brought are theirs.
        let mine = c.owner.as_deref() == Some(viewer.invite.as_str())
            || viewer.slot.as_deref() == Some(c.id.as_str());
        characters.push(Listed {
            mine,
            owner: viewer.is_gm().then(|| c.owner.clone()),
            id: c.id,
            name: c.name,
        });
    }
    Ok(Listing { characters })
}

/// A campaign's characters, by name.
#[derive(Serialize, ToSchema)]
pub(crate) struct Listing {
    /// Each character the caller may list.
    pub(crate) characters: Vec<Listed>,
}

/// One character of a [`Listing`].
#[derive(Serialize, ToSchema)]
#[schema(as = CharacterListed)]
pub(crate) struct Listed {
    /// Its id.
    pub(crate) id: String,
    /// Its name.
    pub(crate) name: String,
    /// Whether the caller plays it: they brought it, or their invitation's
    /// slot is it. The GM may open every file but plays none of them (a
    /// file the GM uploads is nobody's), so none is the GM's `mine`.
    pub(crate) mine: bool,
    /// The invitation that plays it (shown to the GM only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) owner: Option<Option<String>>,
}

/// Character `id` of `campaign`, if `caller` may read its file (its owner
/// and the GM).
pub(crate) async fn readable(
    state: &AppState,
    campaign: &str,
    id: &str,
    caller: &Caller,
) -> Result<StoredCharacter, AppError> {
    caller.member_of(campaign)?;
    let Some(stored) = find(state, campaign, id).await? else {
        return Err(AppError::not_found(format!(
            "no character '{id}' in this campaign"
        )));
    };
    if !owns_character(&caller_viewer(caller), &stored.id, stored.owner.as_deref()) {
        return Err(AppError::forbidden(
            "not_your_character",
            "you see other characters' names only (GET /api/campaigns/{campaign}/characters)",
        ));
    }
    Ok(stored)
}

/// A character's file and computed sheet, as its owner and the GM see it.
#[derive(Serialize, ToSchema)]
pub(crate) struct CharacterShown {
    /// Its id.
    id: String,
    /// Its name.
    name: String,
    /// The player invitation that owns it; none for the GM's.
    owner: Option<String>,
    /// The campaign's ruleset, which the sheet is of.
    ruleset: Ruleset,
    /// The TOML file.
    toml: String,
    /// The computed sheet, as `nanite cx sheet --json` (Compound X's
    /// `CxSheet`) or `nanite d20 sheet --json` (D20's `D20Sheet`) print it.
    #[schema(value_type = CharacterSheet)]
    sheet: Value,
    /// The file's warnings.
    #[schema(value_type = Vec<nanite_core::Diagnostic>)] // serde(transparent)
    diagnostics: Diagnostics,
}

/// A character's computed sheet, as its campaign's ruleset computes it.
pub(crate) struct CharacterSheet;

impl utoipa::__dev::ComposeSchema for CharacterSheet {
    fn compose(
        _: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        crate::openapi::any_of(
            "The computed sheet of the campaign's ruleset: Compound X's (`CxSheet`, every derived number with its breakdown) or D20's (`D20Sheet`).",
            &[nanite_compound_x::Sheet::name(), nanite_d20::Sheet::name()],
        )
    }
}

impl ToSchema for CharacterSheet {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        crate::openapi::register::<nanite_compound_x::Sheet>(schemas);
        crate::openapi::register::<nanite_d20::Sheet>(schemas);
    }
}

/// `GET /api/campaigns/{campaign}/characters/{character}`: the file and the
/// computed sheet, for its owner and the GM.
#[utoipa::path(
    get,
    path = "/campaigns/{campaign}/characters/{character}",
    summary = "The file and computed sheet",
    description = "Who: its owner or the GM.",
    params(
        ("campaign" = String, Path, description = "the campaign id"),
        ("character" = String, Path, description = "the character id")
    ),
    responses((status = 200, description = "toml, sheet, diagnostics", body = CharacterShown))
)]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path((campaign, id)): Path<(String, String)>,
    caller: Caller,
) -> Result<Json<CharacterShown>, AppError> {
    let stored = readable(&state, &campaign, &id, &caller).await?;
    let settings = campaigns::get(&state, &campaign).await?;
    let content = crate::packs::in_force(&state, &campaign).await?;
    let (sheet, found) = match settings.ruleset {
        Ruleset::CompoundX => {
            let (character, found) = check(
                &content.packs.cx,
                settings.house_rules(),
                &stored.file,
                &stored.text,
            )?;
            (json!(Sheet::compute(&character, &content.packs.cx)), found)
        }
        Ruleset::Station => return Err(campaigns::station_has_no("characters")),
        Ruleset::Plugged(key) => return Err(campaigns::plugged_has_no(key, "characters")),
        Ruleset::D20 => {
            let (character, found) =
                crate::d20::characters::check(&content.packs.d20, &stored.file, &stored.text)?;
            let d20 = settings.d20.clone().unwrap_or_default();
            (
                crate::d20::characters::sheet(&character, &content.packs.d20, &d20),
                found,
            )
        }
    };
    Ok(Json(CharacterShown {
        id: stored.id,
        name: stored.name,
        owner: stored.owner,
        ruleset: settings.ruleset,
        toml: stored.text,
        sheet,
        diagnostics: found,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_names() {
        assert_eq!(slug("Vex Marrow"), "vex-marrow");
        assert_eq!(slug("  Depot -- Raider!"), "depot-raider");
        assert_eq!(slug("7th Son"), "c-7th-son");
        assert!(check_id(&slug("Vex Marrow")).is_ok());
        assert!(check_id("Vex").is_err());
        assert!(check_id("").is_err());
    }
}
