//! The first steps: name, race, class, base stats, and the choices the stats
//! open (where STR goes, CX-STAT-02; a feat instead of a granted one, CX-STAT-14).

use std::io::{BufRead, Write};

use anyhow::{Result, bail};
use nanite_compound_x::{
    CREATION_MAX, Character, Race, STAT_MIN, Secondary, Sheet, Stat, stats_at_level,
    strength_choice_needed,
};

use super::Builder;
use super::ask::{Choice, Menu, whole};

/// The legal values of one base stat, given the points left and the stats
/// still to assign (CX-STAT-06).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct StatLimits {
    stat: Stat,
    race: String,
    bonus: i64,
    left: i64,
    rest: usize,
    /// What the stats still to assign need at least.
    rest_min: i64,
    /// What the stats still to assign can take at most.
    rest_max: i64,
    /// The lowest legal value.
    pub(super) min: i64,
    /// The highest legal value.
    pub(super) max: i64,
}

/// The lowest base value of `stat` for `race`: never negative, and at least
/// [`STAT_MIN`] once the race bonus is added.
fn lowest(race: &Race, stat: Stat) -> i64 {
    (STAT_MIN - race.bonus(stat)).max(0)
}

impl StatLimits {
    /// The limits of `stat` with `left` points still to assign to it and to `rest`.
    pub(super) fn new(race: &Race, stat: Stat, left: i64, rest: &[Stat]) -> Self {
        let rest_min: i64 = rest.iter().map(|s| lowest(race, *s)).sum();
        let rest_max = CREATION_MAX * rest.len() as i64;
        Self {
            stat,
            race: race.name.clone(),
            bonus: race.bonus(stat),
            left,
            rest: rest.len(),
            rest_min,
            rest_max,
            min: lowest(race, stat).max(left - rest_max),
            max: CREATION_MAX.min(left - rest_min),
        }
    }

    /// An even share of the points left, within the limits.
    pub(super) fn suggestion(&self) -> i64 {
        let share = self.rest as i64 + 1;
        ((self.left + share / 2) / share).clamp(self.min, self.max)
    }

    /// `value` if it is legal, or the rule it breaks.
    pub(super) fn check(&self, value: i64) -> Result<i64, String> {
        let stat = self.stat;
        let after = value + self.bonus;
        let rule = "(rule CX-STAT-06)";
        if value > CREATION_MAX {
            return Err(format!(
                "{value} is above {CREATION_MAX}: no stat may be above {CREATION_MAX} at creation, before the race bonus {rule}"
            ));
        }
        if value < 0 {
            return Err(format!(
                "{value} is negative: assigned stats cannot be {rule}"
            ));
        }
        if after < STAT_MIN {
            let bonus = if self.bonus == 0 {
                String::new()
            } else {
                format!(" after the {} bonus of {:+}", self.race, self.bonus)
            };
            return Err(format!(
                "{stat} would be {after}{bonus}: no stat may be below {STAT_MIN} after race bonuses {rule}"
            ));
        }
        if value > self.left {
            return Err(format!(
                "{value} is more than the {} points left {rule}",
                self.left
            ));
        }
        let remaining = self.left - value;
        if remaining < self.rest_min {
            return Err(format!(
                "{value} would leave {remaining} points for the {} stats still to assign, which need at least {}: no stat may be below {STAT_MIN} after race bonuses {rule}",
                self.rest, self.rest_min
            ));
        }
        if remaining > self.rest_max {
            return Err(if self.rest == 0 {
                format!(
                    "{stat} is the last stat and {} points are left: every stat point of the race is assigned {rule}",
                    self.left
                )
            } else {
                format!(
                    "{value} would leave {remaining} points for the {} stats still to assign, which take at most {} (at most {CREATION_MAX} each): every stat point of the race is assigned {rule}",
                    self.rest, self.rest_max
                )
            });
        }
        Ok(value)
    }
}

/// Why `race` cannot be built, if it cannot.
fn unbuildable(race: &Race) -> Option<String> {
    let min: i64 = Stat::ALL.iter().map(|s| lowest(race, *s)).sum();
    let max = CREATION_MAX * Stat::ALL.len() as i64;
    if race.stat_points < min {
        Some(format!(
            "its {} stat points cannot keep every stat at {STAT_MIN} or more after its bonuses, which takes {min} (rule CX-STAT-06)",
            race.stat_points
        ))
    } else if race.stat_points > max {
        Some(format!(
            "its {} stat points cannot all be assigned with at most {CREATION_MAX} per stat (rule CX-STAT-06)",
            race.stat_points
        ))
    } else {
        None
    }
}

fn race_bonuses(race: &Race) -> String {
    let bonuses: Vec<String> = race
        .stat_bonus
        .iter()
        .filter(|(_, n)| *n != 0)
        .map(|(s, n)| format!("{s} {n:+}"))
        .collect();
    if bonuses.is_empty() {
        "no stat bonus".into()
    } else {
        bonuses.join(", ")
    }
}

impl<R: BufRead, W: Write> Builder<'_, R, W> {
    /// Asks `menu`, which has no "nothing" entry, for one choice.
    pub(super) fn pick(&mut self, menu: &Menu) -> Result<usize> {
        match self.ask.choose(menu)? {
            Some(i) => Ok(i),
            None => bail!("{}: a choice is needed", menu.question),
        }
    }

    /// Name, race and class.
    pub(super) fn identity(&mut self, ch: &mut Character) -> Result<()> {
        let pack = self.pack;
        ch.name = self.ask.until("Name", |answer| {
            if answer.is_empty() {
                Err("a character needs a name".to_string())
            } else {
                Ok(answer.to_string())
            }
        })?;
        self.ask.say(
            "\nRace: the stat points to assign and the bonuses added to them (rule CX-STAT-06).",
        )?;
        let mut menu = Menu::new("Race");
        let mut races = Vec::new();
        for race in pack.races.iter() {
            match unbuildable(race) {
                Some(why) => menu.refuse(&race.id, why),
                None => {
                    races.push(race);
                    menu.push(
                        Choice::new(
                            &race.id,
                            format!(
                                "{}: {} stat points; {}",
                                race.name,
                                race.stat_points,
                                race_bonuses(race)
                            ),
                        )
                        .detail(&race.description),
                    );
                }
            }
        }
        ch.race = races[self.pick(&menu)?].id.clone();
        self.ask.say(
            "\nClass: the armor and weapons it may use, its starting money and skill points (rule CX-LVL-01).",
        )?;
        let mut menu = Menu::new("Class");
        for class in pack.classes.iter() {
            let mut label = format!(
                "{}: {} skill points, {} money",
                class.name, class.starting_skill_points, class.starting_money
            );
            if class.initiative_bonus != 0 {
                label.push_str(&format!(", initiative {:+}", class.initiative_bonus));
            }
            if let Some(skill) = &class.spellcasting {
                label.push_str(&format!(", casts spells with {skill}"));
            }
            menu.push(Choice::new(&class.id, label).detail(format!(
                "armor: {}; weapons: {}",
                class.armor.join(", "),
                class.weapons.join(", ")
            )));
        }
        let class = pack.classes.iter().nth(self.pick(&menu)?);
        let Some(class) = class else {
            bail!("the pack defines no class");
        };
        ch.class = class.id.clone();
        ch.money = Some(class.starting_money);
        Ok(())
    }

    /// The seven base stats, one by one within their legal range, then the
    /// stat block and the choices the stats open.
    pub(super) fn stats(&mut self, ch: &mut Character) -> Result<()> {
        let Some(race) = self.pack.races.get(&ch.race) else {
            bail!("unknown race {}", ch.race);
        };
        self.ask.say(format!(
            "\nBase stats: {} has {} points to assign. Before the race bonus a stat is 0-{CREATION_MAX}; \
             after it none may be below {STAT_MIN}; every point is assigned (rule CX-STAT-06).",
            race.name, race.stat_points
        ))?;
        let mut left = race.stat_points;
        for (i, stat) in Stat::ALL.into_iter().enumerate() {
            let limits = StatLimits::new(race, stat, left, &Stat::ALL[i + 1..]);
            let bonus = race.bonus(stat);
            let with_bonus = if bonus == 0 {
                String::new()
            } else {
                format!(", {bonus:+} from {}", race.name)
            };
            let default = limits.suggestion();
            let range = if limits.min == limits.max {
                limits.min.to_string()
            } else {
                format!("{}-{}", limits.min, limits.max)
            };
            let question = format!("{stat} ({range}{with_bonus}, {left} points left) [{default}]");
            let value = self.ask.until(&question, |answer| {
                if answer.is_empty() {
                    return Ok(default);
                }
                limits.check(whole(answer)?)
            })?;
            ch.base_stats.set(stat, value);
            left -= value;
        }
        self.stat_block(ch)?;
        self.stat_choices(ch, None)
    }

    /// The choices stats can open: where STR goes when it is the largest
    /// source of both Movement Speed and Carry Ability (CX-STAT-02), and a feat
    /// taken instead of a granted one (CX-STAT-14) when `ch` newly qualifies
    /// (compared with `before`, the character before a level-up).
    pub(super) fn stat_choices(
        &mut self,
        ch: &mut Character,
        before: Option<&Character>,
    ) -> Result<()> {
        let pack = self.pack;
        let sheet = Sheet::compute(ch, pack);
        if !ch.house_rules.secondary_pool
            && ch.secondary_choice.is_none()
            && strength_choice_needed(&sheet.stats)
        {
            self.ask.say(format!(
                "\nSTR {} is the largest source of both Movement Speed and Carry Ability, but it sets only one; \
                 the other takes its next source (rule CX-STAT-02).",
                sheet.stats.get(Stat::Strength)
            ))?;
            let mut menu = Menu::new("STR sets");
            let options = [Secondary::MovementSpeed, Secondary::CarryAbility];
            for choice in options {
                let mut trial = ch.clone();
                trial.secondary_choice = Some(choice);
                let s = Sheet::compute(&trial, pack).secondary;
                let from = |key: &str| s.set_by.get(key).cloned().unwrap_or_default();
                menu.push(Choice::new(
                    choice.key(),
                    format!(
                        "Movement Speed {} (from {}), Carry Ability {} (from {})",
                        s.movement_speed,
                        from("movement_speed"),
                        s.carry_ability,
                        from("carry_ability")
                    ),
                ));
            }
            ch.secondary_choice = Some(options[self.pick(&menu)?]);
        }
        if ch.charisma_feat.is_some() {
            return Ok(());
        }
        let qualifies =
            |c: &Character, stat: Stat, min: i64| stats_at_level(c, pack, c.level).get(stat) >= min;
        for alt in pack.feats.iter() {
            let (Some(grant), Some(instead)) = (alt.granted, &alt.instead_of) else {
                continue;
            };
            let Some(granted) = pack.feats.get(instead) else {
                continue;
            };
            if !qualifies(ch, grant.stat, grant.min)
                || before.is_some_and(|b| qualifies(b, grant.stat, grant.min))
            {
                continue;
            }
            self.ask.say(format!(
                "\n{} {}+ grants {}, or {} instead (rule CX-STAT-14).",
                grant.stat, grant.min, granted.name, alt.name
            ))?;
            let mut menu = Menu::new("Feat");
            menu.push(Choice::new(&granted.id, &granted.name).detail(&granted.description));
            menu.push(Choice::new(&alt.id, &alt.name).detail(&alt.description));
            menu.default = Some(0);
            if self.pick(&menu)? == 1 {
                ch.charisma_feat = Some(alt.id.clone());
                return Ok(());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(points: i64, bonus: Vec<(Stat, i64)>) -> Race {
        Race {
            id: "tundari".into(),
            name: "Tundari".into(),
            description: String::new(),
            stat_points: points,
            stat_bonus: bonus,
            effects: Vec::new(),
        }
    }

    #[test]
    fn limits_keep_every_stat_legal() {
        // rule: CX-STAT-06
        let human = race(42, Vec::new());
        let str = StatLimits::new(&human, Stat::Strength, 42, &Stat::ALL[1..]);
        assert_eq!((str.min, str.max, str.suggestion()), (1, 9, 6));
        assert!(str.check(10).unwrap_err().contains("above 9"));
        assert!(str.check(0).unwrap_err().contains("below 1"));
        // The last stat takes exactly what is left.
        let luck = StatLimits::new(&human, Stat::Luck, 4, &[]);
        assert_eq!((luck.min, luck.max), (4, 4));
        assert!(luck.check(3).unwrap_err().contains("last stat"));
        // Two stats left with 3 points: the first may take at most 2.
        let dex = StatLimits::new(&human, Stat::Dexterity, 3, &[Stat::Luck]);
        assert_eq!((dex.min, dex.max), (1, 2));
        assert!(dex.check(3).unwrap_err().contains("need at least 1"));
        // A race bonus of +1 allows 0 before it.
        let quick = race(40, vec![(Stat::Dexterity, 1), (Stat::Fortitude, -1)]);
        let dex = StatLimits::new(&quick, Stat::Dexterity, 10, &[Stat::Luck]);
        assert_eq!(dex.min, 1, "LUCK can take at most 9 of the 10 points");
        assert_eq!(StatLimits::new(&quick, Stat::Dexterity, 5, &[]).min, 5);
        assert_eq!(lowest(&quick, Stat::Dexterity), 0);
        assert_eq!(lowest(&quick, Stat::Fortitude), 2);
    }

    #[test]
    fn races_that_cannot_be_built_are_not_offered() {
        // rule: CX-STAT-06
        assert!(unbuildable(&race(42, Vec::new())).is_none());
        assert!(unbuildable(&race(6, Vec::new())).is_some());
        assert!(unbuildable(&race(64, Vec::new())).is_some());
    }
}
