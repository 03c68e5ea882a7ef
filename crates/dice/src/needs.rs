//! Every die a roll needs, asked for at once.
//!
//! A roll (an engine's command, a dice expression) asks its source for one
//! die at a time, and a later die may depend on an earlier one: damage only
//! on a hit, a jam die only after a 1. [`needs`] works out the dice before
//! the table rolls any: a dry run of the roll with the dice typed in so far
//! and, for each die still missing, a probe face (the highest face; 1 for an
//! explosion die, so a chain stops). Each missing die on that run is asked
//! for; a die that some face of an earlier missing die would not call for is
//! marked with the faces that do call for it ("only if the accuracy d10
//! shows 4 to 10"), found by running again with each other face of each
//! earlier missing die. A die the rules call for only on other faces (a jam
//! die after a 1) is not on the run: it is asked for afterwards, with the
//! dice typed in kept.
//!
//! Physical dice come back as [`TypedDie`]s, each naming the purpose it was
//! rolled for; [`TypedDice`] gives each request the first unused die typed
//! for the same sides and purpose, so a die the roll turned out not to need
//! (damage after a miss) stays unused instead of shifting every later die.

use serde::{Deserialize, Serialize};

use crate::error::SourceError;
use crate::source::{DiceSource, DieRequest, DieRole, describe};

/// A physical die typed in for a named purpose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TypedDie {
    /// Its faces (`10` for a d10; a d100 is two d10, tens and ones).
    pub sides: u32,
    /// What it was rolled for, exactly as the [`DieNeed`] asking for it
    /// named it.
    pub purpose: String,
    /// The face it shows, from 1 to `sides` (a d10's 0 is 10).
    pub value: i64,
}

/// Physical dice typed in by purpose: each request takes the first unused
/// die typed for the same sides and purpose. A request with none left is
/// [`SourceError::Exhausted`]; a face off the die is
/// [`SourceError::OutOfRange`].
#[derive(Clone, Debug, Default)]
pub struct TypedDice {
    dice: Vec<TypedDie>,
    used: Vec<bool>,
    taken: Vec<usize>,
    last: Option<(u32, String)>,
}

impl TypedDice {
    /// Dice that answer with `dice`, by purpose.
    pub fn new(dice: Vec<TypedDie>) -> Self {
        let used = vec![false; dice.len()];
        TypedDice {
            dice,
            used,
            taken: Vec::new(),
            last: None,
        }
    }

    /// The die asked for last (sides and purpose), answered or not.
    pub fn last_asked(&self) -> Option<(u32, String)> {
        self.last.clone()
    }

    /// The dice the roll did not ask for.
    pub fn unused(&self) -> impl Iterator<Item = &TypedDie> {
        self.dice
            .iter()
            .zip(&self.used)
            .filter(|(_, used)| !**used)
            .map(|(d, _)| d)
    }

    /// The dice the roll took, in the order it asked for them.
    pub fn taken(&self) -> Vec<TypedDie> {
        self.taken.iter().map(|&i| self.dice[i].clone()).collect()
    }

    fn find(&self, sides: u32, purpose: &str) -> Option<usize> {
        (0..self.dice.len()).find(|&i| {
            !self.used[i] && self.dice[i].sides == sides && self.dice[i].purpose == purpose
        })
    }
}

impl DiceSource for TypedDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
        let purpose = describe(request);
        self.last = Some((request.sides, purpose.clone()));
        let Some(i) = self.find(request.sides, &purpose) else {
            return Err(SourceError::Exhausted {
                sides: request.sides,
                purpose,
                used: self.taken.len(),
            });
        };
        let value = self.dice[i].value;
        if value < 1 || value > i64::from(request.sides) {
            return Err(SourceError::OutOfRange {
                value,
                sides: request.sides,
                purpose,
            });
        }
        self.used[i] = true;
        self.taken.push(i);
        Ok(value as u32)
    }
}

/// One die a roll needs, as [`needs`] asks for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DieNeed {
    /// Its faces (a d100 is asked as two d10, tens then ones).
    pub sides: u32,
    /// What it is for; the die typed in names it so ([`TypedDie::purpose`]).
    pub purpose: String,
    /// Its part in the roll: `normal`, `tens` or `ones` of a d100,
    /// `explosion`, `reroll`.
    pub role: DieRole,
    /// How to roll it and enter its face, in plain words.
    pub how: String,
    /// The face typed in already, kept from an earlier answer.
    pub given: Option<u32>,
    /// None when the roll needs it whatever the other dice show; otherwise
    /// when it is needed ("only if the accuracy d10 for ... shows 4 to
    /// 10"): leave it empty if that did not happen.
    pub only_if: Option<String>,
}

/// How far a dry run goes: at most this many dice a run (a chain of
/// explosions stops there).
const MOST_DICE: usize = 64;
/// At most this many dry runs in all.
const MOST_RUNS: usize = 600;

/// Every die `run` asks for, given the dice typed in so far: the dice
/// `typed` answers (kept, with their faces) and the dice still missing,
/// each with when it is needed. `run` rolls the roll once on the source
/// it is given (its result is not used); it must decide the same way given
/// the same dice. `faces_shown` says whether a condition may name the
/// faces of an earlier die (which may tell a hidden number: only the GM's
/// dice name them); otherwise it names the die only.
pub fn needs(
    mut run: impl FnMut(&mut dyn DiceSource),
    typed: &[TypedDie],
    faces_shown: bool,
) -> Vec<DieNeed> {
    let base = probe(&mut run, typed, None);
    let mut runs = 1;
    // For each die of the base run: the earlier missing dice some face of
    // which does not call for it, with the faces that do.
    let mut callers: Vec<Vec<(usize, Vec<u32>)>> = vec![Vec::new(); base.len()];
    let mut unsure = vec![false; base.len()];
    for (i, die) in base.iter().enumerate() {
        if die.given.is_some() {
            continue;
        }
        let mut keeps: Vec<Vec<u32>> = vec![Vec::new(); base.len()];
        for face in 1..=die.sides {
            if face == die.face {
                for k in keeps.iter_mut().skip(i + 1) {
                    k.push(face);
                }
                continue;
            }
            if runs >= MOST_RUNS {
                unsure.iter_mut().skip(i + 1).for_each(|u| *u = true);
                break;
            }
            runs += 1;
            let other = probe(&mut run, typed, Some((&die.key, face)));
            for (j, later) in base.iter().enumerate().skip(i + 1) {
                if other.iter().any(|o| o.key == later.key) {
                    keeps[j].push(face);
                }
            }
        }
        for (j, faces) in keeps.into_iter().enumerate().skip(i + 1) {
            if base[j].given.is_none() && !unsure[j] && faces.len() < die.sides as usize {
                callers[j].push((i, faces));
            }
        }
    }
    base.iter()
        .enumerate()
        .map(|(j, die)| {
            let only_if = if die.given.is_some() {
                None
            } else if die.role == DieRole::Explosion {
                // Which of several dice exploded is not one die's doing.
                Some("only if a die before it exploded".to_string())
            } else if die.role == DieRole::Reroll {
                Some("only if a die before it is rolled again".to_string())
            } else if unsure[j] {
                Some("only if the dice before it call for it".to_string())
            } else {
                match callers[j].as_slice() {
                    [] => None,
                    [(i, faces)] if faces_shown => Some(format!(
                        "only if the {} shows {}",
                        named(&base[*i]),
                        ranges(faces)
                    )),
                    [(i, _)] => Some(format!("only on some faces of the {}", named(&base[*i]))),
                    many => {
                        let mut dice: Vec<String> = Vec::new();
                        for (i, _) in many {
                            let name = format!("the {}", named(&base[*i]));
                            if !dice.contains(&name) {
                                dice.push(name);
                            }
                        }
                        Some(format!(
                            "only if the dice before it call for it ({})",
                            dice.join(", ")
                        ))
                    }
                }
            };
            DieNeed {
                sides: die.sides,
                purpose: die.key.purpose.clone(),
                role: die.role,
                how: how(die.sides, die.role),
                given: die.given,
                only_if,
            }
        })
        .collect()
}

/// A die of a dry run: the same purpose and sides the `n`th time.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    sides: u32,
    purpose: String,
    n: usize,
}

/// A die a dry run asked for.
#[derive(Clone, Debug)]
struct Probed {
    key: Key,
    sides: u32,
    role: DieRole,
    face: u32,
    given: Option<u32>,
}

/// The dice of one dry run: typed dice by purpose, then `other`'s face for
/// its die, then the probe face.
fn probe(
    run: &mut impl FnMut(&mut dyn DiceSource),
    typed: &[TypedDie],
    other: Option<(&Key, u32)>,
) -> Vec<Probed> {
    struct Probe<'a> {
        typed: TypedDice,
        other: Option<(&'a Key, u32)>,
        seen: Vec<Probed>,
    }
    impl DiceSource for Probe<'_> {
        fn roll(&mut self, request: &DieRequest<'_>) -> Result<u32, SourceError> {
            if self.seen.len() >= MOST_DICE {
                return Err(SourceError::Unavailable(
                    "the dry run asked for too many dice".into(),
                ));
            }
            let purpose = describe(request);
            let n = self
                .seen
                .iter()
                .filter(|s| s.key.sides == request.sides && s.key.purpose == purpose)
                .count();
            let key = Key {
                sides: request.sides,
                purpose,
                n,
            };
            let typed = match self.typed.roll(request) {
                Ok(v) => Some(v),
                Err(SourceError::OutOfRange { .. }) => {
                    return Err(SourceError::Unavailable(
                        "a typed die is off its faces".into(),
                    ));
                }
                Err(_) => None,
            };
            let face = match (typed, self.other) {
                (Some(v), _) => v,
                (None, Some((k, f))) if *k == key => f,
                (None, _) => probe_face(request),
            };
            self.seen.push(Probed {
                key,
                sides: request.sides,
                role: request.role,
                face,
                given: typed,
            });
            Ok(face)
        }
    }
    let mut source = Probe {
        typed: TypedDice::new(typed.to_vec()),
        other,
        seen: Vec::new(),
    };
    run(&mut source);
    source.seen
}

/// The face a dry run gives a missing die: its highest (a hit, full
/// damage), but 1 for an explosion die, so a chain of them stops.
fn probe_face(request: &DieRequest<'_>) -> u32 {
    match request.role {
        DieRole::Explosion => 1,
        _ => request.sides.max(1),
    }
}

/// A die as a condition names it: "accuracy d10 for Vex's SMG at Raider",
/// "tens die of the armor d100 for Raider".
fn named(die: &Probed) -> String {
    let purpose = &die.key.purpose;
    let bare = purpose.split(", ").next().unwrap_or(purpose);
    match die.role {
        DieRole::Tens => format!("tens die of the {bare}"),
        DieRole::Ones => format!("ones die of the {bare}"),
        _ => purpose.clone(),
    }
}

/// How to roll a die and enter its face, in plain words.
fn how(sides: u32, role: DieRole) -> String {
    match role {
        DieRole::Tens => "the first of the two d10 of a d100: roll the tens die (marked 00, 10 ... 90, or a d10 read as tens) and enter its face from 1 to 10: 10 for 10, 2 for 20 ... 9 for 90, and 10 for 00 or 0".into(),
        DieRole::Ones => "the second of the two d10 of a d100: roll the ones die and enter its face from 1 to 10, 10 for 0; the d100 reads tens then ones, and 00 with 0 is 100".into(),
        DieRole::Explosion => format!("an extra d{sides}: the die before it exploded; enter its face from 1 to {sides}"),
        DieRole::Reroll => format!("a d{sides} rolled again: enter the new face from 1 to {sides}"),
        DieRole::Normal if sides == 10 => "roll a d10 and enter its face from 1 to 10 (10 for a face showing 0)".into(),
        DieRole::Normal => format!("roll a d{sides} and enter its face from 1 to {sides}"),
    }
}

/// Faces in words: "4 to 10", "1", "1, 3 and 5 to 6".
fn ranges(faces: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < faces.len() {
        let start = faces[i];
        let mut end = start;
        while i + 1 < faces.len() && faces[i + 1] == end + 1 {
            i += 1;
            end = faces[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start} to {end}")
        });
        i += 1;
    }
    match parts.len() {
        0 => "no face".into(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} or {last}", parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Expression;

    /// A shot: an accuracy d10, a jam d10 after a 1, and on a hit (over 3)
    /// a d6 of damage and an armor d100 (tens, ones).
    fn shot(dice: &mut dyn DiceSource) -> Result<Vec<u32>, SourceError> {
        let mut out = vec![dice.roll(&DieRequest::new(10, "accuracy d10"))?];
        if out[0] == 1 {
            out.push(dice.roll(&DieRequest::new(10, "jam d10"))?);
        }
        if out[0] > 3 {
            out.push(dice.roll(&DieRequest::new(6, "damage"))?);
            for role in [DieRole::Tens, DieRole::Ones] {
                out.push(dice.roll(&DieRequest {
                    sides: 10,
                    purpose: "armor d100",
                    role,
                })?);
            }
        }
        Ok(out)
    }

    fn asked(needs: &[DieNeed]) -> Vec<(u32, &str, Option<u32>, Option<&str>)> {
        needs
            .iter()
            .map(|n| (n.sides, n.purpose.as_str(), n.given, n.only_if.as_deref()))
            .collect()
    }

    #[test]
    fn a_shot_asks_its_accuracy_and_what_a_hit_needs_at_once() {
        let needs = needs(|d| drop(shot(d)), &[], true);
        assert_eq!(
            asked(&needs),
            [
                (10, "accuracy d10", None, None),
                (
                    6,
                    "damage",
                    None,
                    Some("only if the accuracy d10 shows 4 to 10")
                ),
                (
                    10,
                    "armor d100, tens d10: 10 for a face showing 0 or 00",
                    None,
                    Some("only if the accuracy d10 shows 4 to 10")
                ),
                (
                    10,
                    "armor d100, ones d10: 10 for a face showing 0",
                    None,
                    Some("only if the accuracy d10 shows 4 to 10")
                ),
            ]
        );
        assert!(needs[2].how.contains("tens"), "{}", needs[2].how);
        // A player is not told the faces (they may give away a hidden number).
        let hidden = super::needs(|d| drop(shot(d)), &[], false);
        assert_eq!(
            hidden[1].only_if.as_deref(),
            Some("only on some faces of the accuracy d10")
        );
    }

    #[test]
    fn typed_dice_are_kept_and_a_die_only_their_faces_call_for_is_asked_next() {
        // The accuracy die showed 1: the jam die is needed now, nothing else.
        let typed = [TypedDie {
            sides: 10,
            purpose: "accuracy d10".into(),
            value: 1,
        }];
        let needs = needs(|d| drop(shot(d)), &typed, true);
        assert_eq!(
            asked(&needs),
            [
                (10, "accuracy d10", Some(1), None),
                (10, "jam d10", None, None)
            ]
        );
    }

    #[test]
    fn typed_dice_match_by_purpose_and_leave_the_unneeded_unused() {
        // A miss: the damage and armor dice typed in are not used.
        let typed = vec![
            TypedDie {
                sides: 6,
                purpose: "damage".into(),
                value: 4,
            },
            TypedDie {
                sides: 10,
                purpose: "accuracy d10".into(),
                value: 3,
            },
        ];
        let mut dice = TypedDice::new(typed);
        assert_eq!(shot(&mut dice).unwrap(), [3]);
        assert_eq!(dice.unused().count(), 1);
        assert_eq!(dice.taken()[0].value, 3);
        // A hit needs the armor dice, not typed in.
        let mut dice = TypedDice::new(vec![
            TypedDie {
                sides: 10,
                purpose: "accuracy d10".into(),
                value: 7,
            },
            TypedDie {
                sides: 6,
                purpose: "damage".into(),
                value: 9,
            },
        ]);
        assert_eq!(
            shot(&mut dice).unwrap_err().to_string(),
            "die result 9 is impossible on a d6 (for damage); enter a value from 1 to 6"
        );
    }

    #[test]
    fn exploding_dice_ask_for_their_explosions_marked() {
        let e = Expression::parse("2d6!").unwrap();
        let needs = needs(|d| drop(e.roll(d)), &[], true);
        let roles: Vec<(DieRole, bool)> = needs
            .iter()
            .map(|n| (n.role, n.only_if.is_some()))
            .collect();
        assert_eq!(
            roles,
            [
                (DieRole::Normal, false),
                (DieRole::Explosion, true),
                (DieRole::Normal, false),
                (DieRole::Explosion, true)
            ],
            "{needs:?}"
        );
        assert_eq!(
            needs[1].only_if.as_deref(),
            Some("only if a die before it exploded")
        );
    }

    #[test]
    fn faces_read_as_ranges() {
        assert_eq!(ranges(&[4, 5, 6, 7, 8, 9, 10]), "4 to 10");
        assert_eq!(ranges(&[1]), "1");
        assert_eq!(ranges(&[1, 3, 5, 6]), "1, 3 or 5 to 6");
    }
}
