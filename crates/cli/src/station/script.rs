//! The one-line command syntax of `nanite station play`
//! (`ana move 3,4`, `ana attack c1 aim 1`, `deploy crawler 17,2`, `end`).

use nanite_station::content::{Skill, Stat};
use nanite_station::map::Pos;
use nanite_station::{Command, Purchase};

/// A line of input.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// A rules command.
    Rules(Command),
    /// Draw the map.
    Map,
    /// Show the status.
    Status,
    /// Show the commands.
    Help,
    /// Stop playing.
    Quit,
    /// Nothing (blank or comment).
    Nothing,
}

pub(super) const HELP: &str = "\
commands (one per line; # starts a comment):
  map | status | help | quit
  end                         end the current side's turn
  begin                       GM: end setup, players move first
  deploy CREATURE X,Y         GM: deploy a creature
  WHO move X,Y                a player (players' turn) or creature (GM's turn)
  WHO attack TARGET [aim N]   shoot or strike with the equipped weapon (aim: extra AP)
  WHO psi POWER TARGET        1 AP and the power's PP: a psionic power (mind-spike, pyrokinesis)
  WHO defend ENEMY            1 AP: that enemy's melee chance against WHO -1
  WHO hack X,Y                a locked door or security station in front (2 turns)
  WHO modify                  the equipped weapon's next modification (2 turns)
  WHO repair [X,Y]            a door lock, station or machine in front, or the weapon
  WHO research ITEM           research a carried item
  WHO search X,Y              search the object in front (the whole turn)
  WHO activate X,Y            2 AP: activate a bio-reconstruction machine
  WHO switch X,Y              2 AP: use a switch
  WHO card X,Y                2 AP: a security card on a security-locked door
  WHO equip|drop|use ITEM
  WHO buy skill NAME | stat NAME | psi-tier | psi-skill | upgrade ID";

fn pos(word: Option<&&str>) -> Result<Pos, String> {
    let word = word.ok_or("a square X,Y is missing")?;
    Pos::parse(word).ok_or_else(|| format!("`{word}` is not a square; write X,Y like 3,4"))
}

fn word(w: Option<&&str>, what: &str) -> Result<String, String> {
    w.map(|s| (*s).to_string())
        .ok_or_else(|| format!("{what} is missing"))
}

/// Reads one line.
pub(super) fn parse(line: &str) -> Result<Line, String> {
    let line = line.split('#').next().unwrap_or("").trim();
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Ok(Line::Nothing);
    };
    let rules = |c: Command| Ok(Line::Rules(c));
    match *first {
        "map" => return Ok(Line::Map),
        "status" => return Ok(Line::Status),
        "help" => return Ok(Line::Help),
        "quit" | "exit" => return Ok(Line::Quit),
        "end" => return rules(Command::EndTurn),
        "begin" => return rules(Command::Begin),
        "deploy" => {
            let creature = word(words.get(1), "the creature")?;
            return rules(Command::Deploy {
                creature,
                at: pos(words.get(2))?,
            });
        }
        _ => {}
    }
    let who = (*first).to_string();
    let verb = words
        .get(1)
        .copied()
        .ok_or_else(|| format!("what should {who} do? (try `help`)"))?;
    let rest = &words[2..];
    let command = match verb {
        "move" => Command::Move {
            who,
            to: pos(rest.first())?,
        },
        "attack" | "shoot" | "strike" => {
            let target = word(rest.first(), "the target")?;
            let aim = match rest.get(1..) {
                Some(["aim", n]) => n
                    .parse()
                    .map_err(|_| {
                        format!("`{n}` is not a number of AP: aim is a whole number from 0 up to the AP at hand")
                    })?,
                Some([]) | None => 0,
                Some(other) => {
                    return Err(format!(
                        "`{}` after the target: expected `aim N`",
                        other.join(" ")
                    ));
                }
            };
            Command::Attack { who, target, aim }
        }
        "psi" => Command::Psi {
            who,
            power: word(rest.first(), "the power")?,
            target: word(rest.get(1), "the target")?,
        },
        "defend" => Command::Defend {
            who,
            against: word(rest.first(), "the enemy")?,
        },
        "hack" => Command::Hack {
            who,
            at: pos(rest.first())?,
        },
        "modify" => Command::Modify { who },
        "repair" => Command::Repair {
            who,
            at: if rest.is_empty() {
                None
            } else {
                Some(pos(rest.first())?)
            },
        },
        "research" => Command::Research {
            who,
            item: word(rest.first(), "the item")?,
        },
        "search" => Command::Search {
            who,
            at: pos(rest.first())?,
        },
        "activate" => Command::Activate {
            who,
            at: pos(rest.first())?,
        },
        "switch" => Command::UseSwitch {
            who,
            at: pos(rest.first())?,
        },
        "card" => Command::UseCard {
            who,
            at: pos(rest.first())?,
        },
        "equip" => Command::Equip {
            who,
            item: word(rest.first(), "the item")?,
        },
        "drop" => Command::Drop {
            who,
            item: word(rest.first(), "the item")?,
        },
        "use" => Command::Use {
            who,
            item: word(rest.first(), "the item")?,
        },
        "buy" => {
            let what = match rest {
                ["skill", name] => Purchase::Skill(
                    Skill::parse(name).ok_or_else(|| format!("`{name}` is not a skill"))?,
                ),
                ["stat", name] => Purchase::Stat(
                    Stat::parse(name).ok_or_else(|| format!("`{name}` is not a stat"))?,
                ),
                ["psi-tier"] => Purchase::PsiTier,
                ["psi-skill"] => Purchase::PsiSkill,
                ["upgrade", id] => Purchase::Upgrade((*id).to_string()),
                _ => {
                    return Err(
                        "buy what? skill NAME, stat NAME, psi-tier, psi-skill or upgrade ID".into(),
                    );
                }
            };
            Command::Buy { who, what }
        }
        other => return Err(format!("`{other}` is not a command (try `help`)")),
    };
    rules(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_commands() {
        assert_eq!(
            parse("ana move 3,4").unwrap(),
            Line::Rules(Command::Move {
                who: "ana".into(),
                to: Pos::new(3, 4)
            })
        );
        assert_eq!(
            parse("bo attack c1 aim 2  # careful").unwrap(),
            Line::Rules(Command::Attack {
                who: "bo".into(),
                target: "c1".into(),
                aim: 2
            })
        );
        assert_eq!(
            parse("ana repair").unwrap(),
            Line::Rules(Command::Repair {
                who: "ana".into(),
                at: None
            })
        );
        assert_eq!(parse("  # nothing").unwrap(), Line::Nothing);
        assert!(
            parse("ana move north")
                .unwrap_err()
                .contains("not a square")
        );
        assert!(
            parse("ana fly")
                .unwrap_err()
                .contains("`fly` is not a command")
        );
    }
}
