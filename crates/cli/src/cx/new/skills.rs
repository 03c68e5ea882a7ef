//! Spending skill points, at creation and on each level-up (CX-LVL-02,
//! CX-LVL-03, CX-STAT-12).

use std::io::{BufRead, Write};

use anyhow::Result;
use nanite_compound_x::{
    Character, NEW_SKILL_COST, SKILL_POINTS_PER_LEVEL_CAP, Sheet, Skill, Stat, validate,
};

use super::Builder;
use super::ask::{Choice, Menu, whole};

/// Adds `points` to skill `id` of `ch`.
fn add(skills: &mut Vec<(String, i64)>, id: &str, points: i64) {
    match skills.iter_mut().find(|(s, _)| s == id) {
        Some((_, p)) => *p += points,
        None => skills.push((id.to_string(), points)),
    }
}

/// How many points one pick may put into a skill, or why none.
struct Room {
    min: i64,
    max: i64,
    /// The bound that set `max`, told when an answer goes over it.
    max_why: String,
}

impl<R: BufRead, W: Write> Builder<'_, R, W> {
    /// The level-0 skill points of the class.
    pub(super) fn starting_skills(&mut self, ch: &mut Character) -> Result<()> {
        let sheet = Sheet::compute(ch, self.pack);
        let budget = sheet.skill_points.unspent;
        self.ask.say(format!(
            "\nSkills: a {} starts with {budget} skill points. A new skill costs {NEW_SKILL_COST} and starts at +{NEW_SKILL_COST} \
             (rule CX-LVL-03); points not spent are saved for later levels.",
            sheet.class.name
        ))?;
        if sheet.stats.get(Stat::Dexterity) <= 1 {
            self.ask.say(
                "DEX is 1: DEX skills cannot be learned and are not offered (rule CX-STAT-12).",
            )?;
        }
        self.spend_skills(ch, budget, false)?;
        Ok(())
    }

    /// The room skill `skill` has for this pick, or why it has none.
    fn room(
        ch: &Character,
        skill: &Skill,
        left: i64,
        this_level: Option<i64>,
        starting: i64,
    ) -> Result<Room, String> {
        let has = ch.skill_points(&skill.id);
        let min = if has == 0 { NEW_SKILL_COST } else { 1 };
        let mut room = Room {
            min,
            max: left,
            max_why: format!("only {left} points are left"),
        };
        if let Some(added) = this_level {
            let cap = SKILL_POINTS_PER_LEVEL_CAP - added;
            if cap < room.max {
                room.max = cap;
                room.max_why = format!(
                    "a level-up puts at most {SKILL_POINTS_PER_LEVEL_CAP} points into one skill{} (rule CX-LVL-03)",
                    if added > 0 {
                        format!(" and {} already has {added} from this level", skill.name)
                    } else {
                        String::new()
                    }
                );
            }
        }
        let cap = starting + SKILL_POINTS_PER_LEVEL_CAP * ch.level - has;
        if cap < room.max {
            room.max = cap;
            room.max_why = format!(
                "a level {} character has at most {} points in one skill (rule CX-LVL-03)",
                ch.level,
                starting + SKILL_POINTS_PER_LEVEL_CAP * ch.level
            );
        }
        if room.min > room.max {
            return Err(if has == 0 && left < NEW_SKILL_COST {
                format!(
                    "learning a skill costs {NEW_SKILL_COST} points and {left} are left (rule CX-LVL-03)"
                )
            } else {
                room.max_why
            });
        }
        Ok(room)
    }

    /// Spends up to `budget` points on the skills of `ch` (the character at
    /// the level the points are for), a skill at a time, until the player is
    /// done or nothing can take more. On a level-up at most 10 points go into
    /// one skill. Returns the points added by skill; `ch` has them too.
    pub(super) fn spend_skills(
        &mut self,
        ch: &mut Character,
        budget: i64,
        level_up: bool,
    ) -> Result<Vec<(String, i64)>> {
        let pack = self.pack;
        let mut added: Vec<(String, i64)> = Vec::new();
        loop {
            let left = budget - added.iter().map(|(_, n)| n).sum::<i64>();
            if left <= 0 {
                self.ask
                    .say(format!("All {budget} skill points are spent."))?;
                break;
            }
            let base = validate(ch, pack);
            let sheet = Sheet::compute(ch, pack);
            let mut menu = Menu::new(format!("Skill to raise, {left} points left")).or("done");
            let mut offered = Vec::new();
            for skill in pack.skills.iter() {
                let this_level = level_up.then(|| {
                    added
                        .iter()
                        .filter(|(s, _)| *s == skill.id)
                        .map(|(_, n)| n)
                        .sum()
                });
                let room =
                    match Self::room(ch, skill, left, this_level, sheet.skill_points.starting) {
                        Ok(room) => room,
                        Err(why) => {
                            menu.refuse(&skill.id, why);
                            continue;
                        }
                    };
                let mut trial = ch.clone();
                add(&mut trial.skills, &skill.id, room.min);
                if let Some(why) = self.refusal(&base, &trial) {
                    menu.refuse(&skill.id, why);
                    continue;
                }
                let line = sheet.skills.iter().find(|l| l.id == skill.id);
                let points = ch.skill_points(&skill.id);
                menu.push(Choice::new(
                    &skill.id,
                    format!(
                        "{} ({}): {}, check {:+}",
                        skill.name,
                        skill.stat,
                        if points == 0 {
                            "new".to_string()
                        } else {
                            format!("{points} points")
                        },
                        line.map_or(0, |l| l.total)
                    ),
                ));
                offered.push((skill, room));
            }
            if offered.is_empty() {
                self.ask.say(format!(
                    "No skill can take more points now; {left} are saved for later."
                ))?;
                break;
            }
            let Some(i) = self.ask.choose(&menu)? else {
                self.ask
                    .say(format!("{left} skill points are saved for later."))?;
                break;
            };
            let (skill, room) = &offered[i];
            let new = ch.skill_points(&skill.id) == 0;
            let default = (room.min == room.max).then_some(room.min);
            let question = match default {
                Some(d) => format!("Points into {} ({d}) [{d}]", skill.name),
                None => format!("Points into {} ({}-{})", skill.name, room.min, room.max),
            };
            let points = self.ask.until(&question, |answer| {
                let n = match (answer, default) {
                    ("", Some(d)) => return Ok(d),
                    _ => whole(answer)?,
                };
                if n < room.min {
                    return Err(if new {
                        format!(
                            "a new skill costs {NEW_SKILL_COST} points and starts at +{NEW_SKILL_COST} (rule CX-LVL-03)"
                        )
                    } else {
                        "add at least 1 point".to_string()
                    });
                }
                if n > room.max {
                    return Err(format!("{n} is too many: {}", room.max_why));
                }
                Ok(n)
            })?;
            let mut trial = ch.clone();
            add(&mut trial.skills, &skill.id, points);
            if let Some(why) = self.refusal(&base, &trial) {
                self.ask.say(format!("  refused: {why}"))?;
                continue;
            }
            *ch = trial;
            add(&mut added, &skill.id, points);
            let sheet = Sheet::compute(ch, pack);
            let total = sheet
                .skills
                .iter()
                .find(|l| l.id == skill.id)
                .map_or(0, |l| l.total);
            self.ask.say(format!(
                "  {}: {} points, check {total:+}; {} points left.",
                skill.name,
                ch.skill_points(&skill.id),
                left - points
            ))?;
        }
        Ok(added)
    }
}
