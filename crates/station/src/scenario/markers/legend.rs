//! Legend lines: what a marker character on the map stands for
//! (`C: camera facing south range 5 angle 90`).

use std::collections::BTreeMap;

use std::ops::RangeInclusive;

use super::Parser;
use crate::content::DamageType;
use crate::map::Facing;
use crate::scenario::limits::{self, whole};
use crate::scenario::{Hackable, Lock};

/// A legend line: what a marker character stands for.
#[derive(Clone, Debug)]
pub(super) enum Legend {
    Goal,
    Floor,
    Door(Lock, Hackable),
    Camera {
        facing: Facing,
        range: i32,
        angle: i32,
    },
    Turret {
        facing: Facing,
        range: i32,
        angle: i32,
        accuracy: i32,
        damage: i32,
        kind: DamageType,
    },
    Station {
        advanced: bool,
        hack: Hackable,
        downtime: u32,
    },
    Machine {
        active: bool,
        broken: bool,
    },
    Upgrade,
    Search(String),
    Dark,
    NoLight,
    Switch(Vec<char>),
}

/// `key N` pairs after a keyword ("difficulty 5 skill 1"), the numbers
/// still as written: each is read against its own range by [`take`].
type Numbers = BTreeMap<String, String>;

/// Reads `key N` pairs after a keyword.
fn numbers(words: &[&str]) -> Result<Numbers, String> {
    let mut out = BTreeMap::new();
    for pair in words.chunks(2) {
        let [key, value] = pair else {
            return Err(format!("`{}` needs a number after it", pair[0]));
        };
        out.insert((*key).to_string(), (*value).to_string());
    }
    Ok(out)
}

/// The number under `key`, read within `range`, or `default` when absent.
fn take<T>(map: &mut Numbers, key: &str, default: T, range: &RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    map.remove(key)
        .map_or(Ok(default), |text| whole(&text, key, range))
}

fn leftover(map: &Numbers, allowed: &str) -> Result<(), String> {
    match map.keys().next() {
        Some(k) => Err(format!("`{k}` is not a setting here; settings: {allowed}")),
        None => Ok(()),
    }
}

fn hackable(map: &mut Numbers, d: i32, s: i32, n: i32) -> Result<Hackable, String> {
    Ok(Hackable {
        difficulty: take(map, "difficulty", d, &limits::DIFFICULTY)?,
        skill: take(map, "skill", s, &limits::SKILL)?,
        nanites: take(map, "nanites", n, &limits::NANITES)?,
    })
}

fn cone_parts(words: &[&str]) -> Result<(Facing, Numbers), String> {
    match words {
        ["facing", dir, rest @ ..] => {
            let facing = Facing::parse(dir).ok_or_else(|| {
                format!("`{dir}` is not a direction (n, ne, e, se, s, sw, w, nw)")
            })?;
            Ok((facing, numbers(rest)?))
        }
        _ => Err("expected `facing DIRECTION` first".into()),
    }
}

impl Parser<'_> {
    pub(super) fn legend_line(&mut self, n: usize, c: char, value: &str) {
        if matches!(c, '#' | '.' | '+' | '1'..='4') {
            self.error(
                n,
                &c.to_string(),
                &format!("`{c}` is a built-in map character and cannot be a marker"),
                "pick a letter",
            );
            return;
        }
        let words: Vec<&str> = value.split_whitespace().collect();
        let parsed = self.legend(&words);
        match parsed {
            Ok(legend) => {
                if self.legend.insert(c, (n, legend)).is_some() {
                    self.error(
                        n,
                        &c.to_string(),
                        &format!("marker `{c}` is defined twice"),
                        "",
                    );
                }
            }
            Err(why) => self.error(n, &c.to_string(), &why, ""),
        }
    }

    fn legend(&self, words: &[&str]) -> Result<Legend, String> {
        Ok(match words {
            ["goal"] => Legend::Goal,
            ["floor"] => Legend::Floor,
            ["door", rest @ ..] => {
                let (lock, rest) = match rest.first() {
                    Some(&"standard") => (Lock::Standard, &rest[1..]),
                    Some(&"locked") => (Lock::Locked, &rest[1..]),
                    Some(&"advanced") => (Lock::Advanced, &rest[1..]),
                    Some(&"security") => (Lock::Security, &rest[1..]),
                    _ => (Lock::Standard, rest),
                };
                let mut map = numbers(rest)?;
                let hack = match lock {
                    Lock::Standard | Lock::Locked => hackable(&mut map, 4, 1, 1)?,
                    Lock::Advanced => hackable(&mut map, 6, 2, 2)?,
                    Lock::Security => hackable(&mut map, 7, 3, 3)?,
                };
                leftover(&map, "difficulty, skill, nanites")?;
                Legend::Door(lock, hack)
            }
            ["camera", rest @ ..] => {
                let (facing, mut map) = cone_parts(rest)?;
                let cam = Legend::Camera {
                    facing,
                    range: take(&mut map, "range", 5, &limits::RANGE)?,
                    angle: take(&mut map, "angle", 90, &limits::ANGLE)?,
                };
                leftover(&map, "range, angle")?;
                cam
            }
            ["turret", rest @ ..] => {
                let type_at = rest.iter().position(|w| DamageType::parse(w).is_some());
                let (kind, rest): (DamageType, Vec<&str>) = match type_at {
                    Some(i) => (
                        DamageType::parse(rest[i]).unwrap_or(DamageType::Standard),
                        rest.iter()
                            .enumerate()
                            .filter(|(j, _)| *j != i)
                            .map(|(_, w)| *w)
                            .collect(),
                    ),
                    None => (DamageType::Standard, rest.to_vec()),
                };
                let (facing, mut map) = cone_parts(&rest)?;
                let t = Legend::Turret {
                    facing,
                    range: take(&mut map, "range", 5, &limits::RANGE)?,
                    angle: take(&mut map, "angle", 90, &limits::ANGLE)?,
                    accuracy: take(&mut map, "accuracy", 4, &limits::ACCURACY)?,
                    damage: take(&mut map, "damage", 2, &limits::DAMAGE)?,
                    kind,
                };
                leftover(
                    &map,
                    "range, angle, accuracy, damage, and a damage type word",
                )?;
                t
            }
            ["security-station", rest @ ..] => {
                let (advanced, rest) = match rest.first() {
                    Some(&"advanced") => (true, &rest[1..]),
                    _ => (false, rest),
                };
                let mut map = numbers(rest)?;
                let hack = if advanced {
                    hackable(&mut map, 7, 2, 4)?
                } else {
                    hackable(&mut map, 5, 1, 3)?
                };
                let downtime = take(
                    &mut map,
                    "downtime",
                    crate::scenario::SECURITY_DOWNTIME,
                    &limits::DOWNTIME,
                )?;
                leftover(&map, "difficulty, skill, nanites, downtime")?;
                Legend::Station {
                    advanced,
                    hack,
                    downtime,
                }
            }
            ["bio-machine", flags @ ..] => {
                let mut m = (false, false);
                for f in flags {
                    match *f {
                        "active" => m.0 = true,
                        "broken" => m.1 = true,
                        other => {
                            return Err(format!(
                                "`{other}` is not a machine flag; flags: active, broken"
                            ));
                        }
                    }
                }
                Legend::Machine {
                    active: m.0,
                    broken: m.1,
                }
            }
            ["upgrade-unit"] => Legend::Upgrade,
            ["search", object] => {
                if !self.pack.loot.contains_key(*object) {
                    let known: Vec<&str> = self.pack.loot.keys().map(String::as_str).collect();
                    return Err(format!(
                        "no loot table `{object}`; object types: {}",
                        known.join(", ")
                    ));
                }
                Legend::Search((*object).to_string())
            }
            ["dark"] => Legend::Dark,
            ["no-light"] => Legend::NoLight,
            ["switch", "unlocks", doors @ ..] if !doors.is_empty() => {
                let mut list = Vec::new();
                for d in doors {
                    let mut cs = d.chars();
                    match (cs.next(), cs.next()) {
                        (Some(c), None) => list.push(c),
                        _ => return Err(format!("`{d}` is not a marker character")),
                    }
                }
                Legend::Switch(list)
            }
            _ => {
                return Err(format!(
                    "`{}` is not a marker kind; kinds: goal, floor, door, camera, turret, security-station, bio-machine, upgrade-unit, search, dark, no-light, switch unlocks",
                    words.join(" ")
                ));
            }
        })
    }
}
