//! Levelling to the target level, one level-up at a time: the stat point at
//! 5/9/15/20, skill points, feats and class feats (CX-LVL-02..07). Each level
//! is applied with the library's `level_up`, which has the last word: a
//! refused level shows its diagnostics and is asked again.

use std::io::{BufRead, Write};

use anyhow::Result;
use nanite_compound_x::level::{MAX_LEVEL, STAT_POINT_LEVELS};
use nanite_compound_x::{
    CAP_BEFORE_15, CAP_FROM_15, Character, LevelUp, SKILL_POINTS_PER_LEVEL_CAP, Sheet, Stat,
    level_up, skill_points_at_level, validate,
};

use super::Builder;
use super::ask::{Choice, Menu};

/// The level from which stats may reach [`CAP_FROM_15`] (CX-STAT-06).
const HIGH_CAP_LEVEL: i64 = 15;

impl<R: BufRead, W: Write> Builder<'_, R, W> {
    /// Asks for the target level and walks every level-up up to it.
    pub(super) fn levels(&mut self, ch: &mut Character) -> Result<()> {
        self.ask.say(format!(
            "\nLevel: 0 is a new character. Every level up to the one chosen is a level-up with its \
             own choices (levels run 0-{MAX_LEVEL}, rule CX-LVL-07)."
        ))?;
        let target = self
            .ask
            .number("Level to build to", 0, MAX_LEVEL, Some(0))?;
        for level in 1..=target {
            *ch = self.level(ch, level)?;
            self.progress(ch)?;
        }
        Ok(())
    }

    /// The choices of one level, applied with `level_up`; asked again until
    /// the library accepts them.
    fn level(&mut self, ch: &Character, level: i64) -> Result<Character> {
        let pack = self.pack;
        loop {
            self.ask.say(format!("\n== Level {level} =="))?;
            let mut base = ch.clone();
            let mut trial = ch.clone();
            trial.level = level;
            let stat = if STAT_POINT_LEVELS.contains(&level) {
                let stat = self.stat_point(&trial, level)?;
                trial.stat_increases.push(stat);
                Some(stat)
            } else {
                None
            };
            self.stat_choices(&mut trial, Some(ch))?;
            // The choice of where STR goes is the character's, not the level's.
            base.secondary_choice = trial.secondary_choice;
            let alternative = trial
                .charisma_feat
                .clone()
                .filter(|_| ch.charisma_feat.is_none());
            let gain = skill_points_at_level(&trial, pack, level);
            let saved = Sheet::compute(&base, pack).skill_points.unspent;
            self.ask.say(format!(
                "Skill points: +{gain} at level {level} (2 x Skill Point Gain, rule CX-LVL-02) and {saved} saved: \
                 {} to spend, at most {SKILL_POINTS_PER_LEVEL_CAP} into any one skill (rule CX-LVL-03).",
                gain + saved
            ))?;
            let skills = self.spend_skills(&mut trial, gain + saved, true)?;
            let feats = self.feats(&mut trial, false)?;
            let class_feats = self.feats(&mut trial, true)?;
            let choices = LevelUp {
                stat,
                skills,
                feats,
                class_feats,
            };
            match level_up(&base, pack, &choices) {
                Ok(mut next) => {
                    if alternative.is_some() {
                        next.charisma_feat = alternative;
                        let found = validate(&next, pack);
                        if found.has_errors() {
                            self.ask.say(format!(
                                "Level {level} was refused; nothing changed:\n{found}\nChoose level {level} again."
                            ))?;
                            continue;
                        }
                    }
                    self.ask.say(format!("{} is now level {level}.", next.name))?;
                    return Ok(next);
                }
                Err(found) => self.ask.say(format!(
                    "Level {level} was refused; nothing changed:\n{found}\nChoose level {level} again."
                ))?,
            }
        }
    }

    /// The stat point of levels 5, 9, 15 and 20 (CX-LVL-06), within the cap
    /// of the new level (CX-STAT-06).
    fn stat_point(&mut self, trial: &Character, level: i64) -> Result<Stat> {
        let sheet = Sheet::compute(trial, self.pack);
        let (cap, when) = if level >= HIGH_CAP_LEVEL {
            (CAP_FROM_15, "from level 15")
        } else {
            (CAP_BEFORE_15, "before level 15")
        };
        self.ask.say(format!(
            "Level {level} grants a stat point, applied before the level's other calculations (rule CX-LVL-06)."
        ))?;
        let mut menu = Menu::new("Stat to raise");
        let mut offered = Vec::new();
        for stat in Stat::ALL {
            let now = sheet.stats.get(stat);
            if now + 1 > cap {
                menu.refuse(
                    stat.code(),
                    format!(
                        "{stat} would be {}, above the cap of {cap} {when} (rule CX-STAT-06)",
                        now + 1
                    ),
                );
                continue;
            }
            menu.push(Choice::new(
                stat.code(),
                format!("{}: {now} -> {}", stat.name(), now + 1),
            ));
            offered.push(stat);
        }
        Ok(offered[self.pick(&menu)?])
    }

    /// Feats (or class feats) while the allowance has room (CX-LVL-04,
    /// CX-LVL-05). Only feats whose requirements `trial` meets are offered;
    /// a slot left open can be filled at a later level. Returns the ids taken;
    /// `trial` has them too.
    fn feats(&mut self, trial: &mut Character, class_feats: bool) -> Result<Vec<String>> {
        let pack = self.pack;
        let mut taken = Vec::new();
        loop {
            let sheet = Sheet::compute(trial, pack);
            let f = &sheet.feats;
            let open = if class_feats {
                f.class_feats_allowed - f.class_feats
            } else {
                f.allowed - f.chosen
            };
            if open <= 0 {
                break;
            }
            if taken.is_empty() {
                self.ask.say(if class_feats {
                    format!(
                        "Class feats: one at every 5th level (rule CX-LVL-05): {} allowed at level {}, {} owned.",
                        f.class_feats_allowed, trial.level, f.class_feats
                    )
                } else {
                    format!(
                        "Feats: a level {} character with INT {} may own {} chosen feats (rule CX-LVL-04); \
                         {} chosen. A feat not taken now can be taken at a later level.",
                        trial.level,
                        sheet.stats.get(Stat::Intelligence),
                        f.allowed,
                        f.chosen
                    )
                })?;
            }
            let base = validate(trial, pack);
            let what = if class_feats { "Class feat" } else { "Feat" };
            let mut menu = Menu::new(format!("{what}, {open} open")).or("later");
            let mut offered = Vec::new();
            let class_list = pack
                .classes
                .get(&trial.class)
                .map(|c| c.class_feats.clone())
                .unwrap_or_default();
            for feat in pack.feats.iter() {
                if class_feats && !class_list.contains(&feat.id) {
                    continue;
                }
                let mut candidate = trial.clone();
                if class_feats {
                    candidate.class_feats.push(feat.id.clone());
                } else {
                    candidate.feats.push(feat.id.clone());
                }
                match self.refusal(&base, &candidate) {
                    Some(why) => menu.refuse(&feat.id, why),
                    None => {
                        menu.push(Choice::new(
                            &feat.id,
                            format!("{}: {}", feat.name, feat.description),
                        ));
                        offered.push(feat);
                    }
                }
            }
            let Some(i) = self.ask.choose(&menu)? else {
                break;
            };
            let id = offered[i].id.clone();
            if class_feats {
                trial.class_feats.push(id.clone());
            } else {
                trial.feats.push(id.clone());
            }
            self.ask.say(format!("  {} taken.", offered[i].name))?;
            taken.push(id);
        }
        Ok(taken)
    }
}
