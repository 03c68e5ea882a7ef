//! The scenario's header lines (`kind: single-player`) and legend lines
//! (`C: camera facing south range 5 angle 90`), and the checks that tie them
//! to the map and the pack.

use std::collections::BTreeMap;

use nanite_core::{Diagnostic, Diagnostics};

use super::{
    Cells, CyberMode, DoorSpec, Goal, Hackable, Kind, Lock, MachineSpec, Objective, PlayerSpec,
    Scenario, SecurityStationSpec, SwitchSpec, TurretSpec, grid_of,
};
use crate::content::{DamageType, Pack};
use crate::map::{Cone, Facing, Pos};

/// A legend line: what a marker character stands for.
#[derive(Clone, Debug)]
enum Legend {
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

pub(super) struct Parser<'a> {
    file: &'a str,
    pack: &'a Pack,
    problems: Diagnostics,
    name: Option<String>,
    kind: Option<Kind>,
    cyber: CyberMode,
    starting_cm: i32,
    cm_by_players: BTreeMap<usize, i32>,
    gm: (i32, i32),
    threat_start: u32,
    threats: BTreeMap<u32, BTreeMap<String, u32>>,
    players: Vec<PlayerSpec>,
    objectives: Vec<(usize, Objective)>,
    legend: BTreeMap<char, (usize, Legend)>,
}

/// Reads `key N` pairs after a keyword ("difficulty 5 skill 1").
fn numbers(words: &[&str]) -> Result<BTreeMap<String, i32>, String> {
    let mut out = BTreeMap::new();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        let Some(value) = words.get(i + 1) else {
            return Err(format!("`{key}` needs a number after it"));
        };
        let n: i32 = value
            .parse()
            .map_err(|_| format!("`{value}` after `{key}` is not a whole number"))?;
        out.insert(key.to_string(), n);
        i += 2;
    }
    Ok(out)
}

fn take(map: &mut BTreeMap<String, i32>, key: &str, default: i32) -> i32 {
    map.remove(key).unwrap_or(default)
}

fn leftover(map: &BTreeMap<String, i32>, allowed: &str) -> Result<(), String> {
    match map.keys().next() {
        Some(k) => Err(format!("`{k}` is not a setting here; settings: {allowed}")),
        None => Ok(()),
    }
}

fn hackable(map: &mut BTreeMap<String, i32>, d: i32, s: i32, n: i32) -> Hackable {
    Hackable {
        difficulty: take(map, "difficulty", d),
        skill: take(map, "skill", s),
        nanites: take(map, "nanites", n),
    }
}

fn cone_parts(words: &[&str]) -> Result<(Facing, BTreeMap<String, i32>), String> {
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

impl<'a> Parser<'a> {
    pub(super) fn new(file: &'a str, pack: &'a Pack) -> Self {
        Parser {
            file,
            pack,
            problems: Diagnostics::new(),
            name: None,
            kind: None,
            cyber: CyberMode::Anywhere,
            starting_cm: 0,
            cm_by_players: BTreeMap::new(),
            gm: (0, 0),
            threat_start: 1,
            threats: BTreeMap::new(),
            players: Vec::new(),
            objectives: Vec::new(),
            legend: BTreeMap::new(),
        }
    }

    pub(super) fn error(&mut self, line: usize, field: &str, message: &str, help: &str) {
        let mut d = Diagnostic::error(field, message).at(self.file, Some(line));
        if !help.is_empty() {
            d = d.help(help);
        }
        self.problems.push(d);
    }

    fn rule_error(&mut self, line: usize, field: &str, message: &str, rule: &str) {
        self.problems.push(
            Diagnostic::error(field, message)
                .rule(rule)
                .at(self.file, Some(line)),
        );
    }

    pub(super) fn into_problems(self) -> Diagnostics {
        self.problems
    }

    /// One line outside the map pieces.
    pub(super) fn line(&mut self, n: usize, text: &str) {
        let Some((key, value)) = text.split_once(':') else {
            self.error(n, "", &format!("`{text}` is neither a setting, a legend line nor a piece"), "settings look like `kind: single-player`, legend lines like `C: camera facing s range 5 angle 90`");
            return;
        };
        let (key, value) = (key.trim(), value.trim());
        let mut chars = key.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            self.legend_line(n, c, value);
            return;
        }
        if let Err(why) = self.setting(n, key, value) {
            self.error(n, key, &why, "");
        }
    }

    fn setting(&mut self, n: usize, key: &str, value: &str) -> Result<(), String> {
        let words: Vec<&str> = value.split_whitespace().collect();
        match key {
            "name" => self.name = Some(value.to_string()),
            "kind" => {
                self.kind = Some(match value {
                    "players-vs-gm" => Kind::PlayersVsGm,
                    "single-player" => Kind::SinglePlayer,
                    "cooperative" => Kind::Cooperative,
                    _ => {
                        return Err(format!(
                            "`{value}` is not a scenario kind; kinds: players-vs-gm, single-player, cooperative (rule ST-FLOW-04)"
                        ));
                    }
                })
            }
            "cyber-modules" => {
                self.cyber = match value {
                    "anywhere" => CyberMode::Anywhere,
                    "upgrade-units" => CyberMode::UpgradeUnits,
                    _ => {
                        return Err(format!(
                            "`{value}` is not a cyber-module setting; use anywhere or upgrade-units (rule ST-CHAR-03)"
                        ));
                    }
                }
            }
            "starting-cm" => {
                self.starting_cm = value
                    .parse()
                    .map_err(|_| format!("`{value}` is not a whole number"))?
            }
            "starting-cm-by-players" => {
                for w in &words {
                    let parsed = w
                        .split_once('=')
                        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
                    let (count, cm) =
                        parsed.ok_or_else(|| format!("`{w}` must be PLAYERS=CM, like 1=3"))?;
                    self.cm_by_players.insert(count, cm);
                }
            }
            "gm-points" => match words.as_slice() {
                [b, "bcp", m, "mcp"] => {
                    let b: i32 = b
                        .parse()
                        .map_err(|_| format!("`{b}` is not a whole number"))?;
                    let m: i32 = m
                        .parse()
                        .map_err(|_| format!("`{m}` is not a whole number"))?;
                    if b < 0 || m < 0 {
                        return Err("creature points cannot be negative".into());
                    }
                    self.gm = (b, m);
                }
                _ => return Err("expected `gm-points: N bcp N mcp`".into()),
            },
            "threat-start" => {
                self.threat_start = value
                    .parse()
                    .ok()
                    .filter(|l| *l >= 1)
                    .ok_or_else(|| format!("`{value}` is not a threat level (1 or more)"))?;
            }
            "player" => {
                match words.as_slice() {
                    [id, class, "picks", picks @ ..] => {
                        let picks: Result<Vec<usize>, _> =
                            picks.iter().map(|p| p.parse::<usize>()).collect();
                        let picks = picks.map_err(|_| {
                            "picks are numbers, one per training year, like `picks 1 3 2`"
                                .to_string()
                        })?;
                        let Some(card) = self.pack.classes.get(*class) else {
                            let known: Vec<&str> =
                                self.pack.classes.keys().map(String::as_str).collect();
                            return Err(format!(
                                "no class `{class}`; classes: {}",
                                known.join(", ")
                            ));
                        };
                        if picks.len() != card.years.len() {
                            self.rule_error(n, "player", &format!("the {} card has {} training years; pick one bonus from each, not {}", card.name, card.years.len(), picks.len()), "ST-CHAR-02");
                        }
                        for (year, pick) in picks.iter().enumerate() {
                            if let Some(options) = card.years.get(year) {
                                if *pick < 1 || *pick > options.len() {
                                    self.rule_error(n, "player", &format!("year {} of the {} card offers bonuses 1 to {}, not {pick}", year + 1, card.name, options.len()), "ST-CHAR-02");
                                }
                            }
                        }
                        if self.players.iter().any(|p| p.id == *id) {
                            return Err(format!("player `{id}` is named twice"));
                        }
                        if !id
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                            || id.starts_with('c') && id[1..].chars().all(|c| c.is_ascii_digit())
                        {
                            return Err(format!(
                                "`{id}` cannot name a player: use lower-case letters (names like c1 are kept for creatures)"
                            ));
                        }
                        self.players.push(PlayerSpec {
                            id: (*id).to_string(),
                            class: (*class).to_string(),
                            picks,
                        });
                    }
                    _ => return Err("expected `player: NAME CLASS picks N N N`".into()),
                }
            }
            "objective" => {
                let (goal, rest) = match words.as_slice() {
                    ["reach", m, rest @ ..] if m.chars().count() == 1 => (Goal::Reach(m.chars().next().unwrap_or(' ')), rest),
                    ["kill", k, rest @ ..] => (Goal::Kill(k.parse().map_err(|_| format!("`{k}` is not a number"))?), rest),
                    ["survive", t, rest @ ..] => (Goal::Survive(t.parse().map_err(|_| format!("`{t}` is not a number"))?), rest),
                    _ => return Err("expected `objective: reach MARKER`, `kill N` or `survive TURNS`, then optional `reward CM` and `win`".into()),
                };
                let mut reward = 0;
                let mut win = false;
                let mut i = 0;
                while i < rest.len() {
                    match (rest[i], rest.get(i + 1)) {
                        ("win", _) => win = true,
                        ("reward", Some(r)) => {
                            reward = r
                                .parse()
                                .map_err(|_| format!("`{r}` is not a number of cyber modules"))?;
                            i += 1;
                        }
                        (w, _) => {
                            return Err(format!(
                                "`{w}` is not part of an objective; after the goal come `reward N` and `win`"
                            ));
                        }
                    }
                    i += 1;
                }
                self.objectives.push((n, Objective { goal, reward, win }));
            }
            other => {
                if let Some(level) = other.strip_prefix("threat ") {
                    let level: u32 = level
                        .trim()
                        .parse()
                        .ok()
                        .filter(|l| *l >= 1)
                        .ok_or_else(|| format!("`{level}` is not a threat level"))?;
                    let mut allowed = BTreeMap::new();
                    for part in value.split(',') {
                        let w: Vec<&str> = part.split_whitespace().collect();
                        let [id, count] = w.as_slice() else {
                            return Err(format!(
                                "`{}` must be CREATURE COUNT, like `hybrid 2`",
                                part.trim()
                            ));
                        };
                        if !self.pack.creatures.contains_key(*id) {
                            let known: Vec<&str> =
                                self.pack.creatures.keys().map(String::as_str).collect();
                            return Err(format!(
                                "no creature `{id}`; creatures: {}",
                                known.join(", ")
                            ));
                        }
                        let count: u32 = count
                            .parse()
                            .map_err(|_| format!("`{count}` is not a count"))?;
                        allowed.insert((*id).to_string(), count);
                    }
                    self.threats.insert(level, allowed);
                } else {
                    return Err(format!(
                        "`{other}` is not a scenario setting; settings: name, kind, cyber-modules, starting-cm, starting-cm-by-players, gm-points, threat-start, threat N, player, objective"
                    ));
                }
            }
        }
        Ok(())
    }

    fn legend_line(&mut self, n: usize, c: char, value: &str) {
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
                    Lock::Standard | Lock::Locked => hackable(&mut map, 4, 1, 1),
                    Lock::Advanced => hackable(&mut map, 6, 2, 2),
                    Lock::Security => hackable(&mut map, 7, 3, 3),
                };
                leftover(&map, "difficulty, skill, nanites")?;
                Legend::Door(lock, hack)
            }
            ["camera", rest @ ..] => {
                let (facing, mut map) = cone_parts(rest)?;
                let cam = Legend::Camera {
                    facing,
                    range: take(&mut map, "range", 5),
                    angle: take(&mut map, "angle", 90),
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
                    range: take(&mut map, "range", 5),
                    angle: take(&mut map, "angle", 90),
                    accuracy: take(&mut map, "accuracy", 4),
                    damage: take(&mut map, "damage", 2),
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
                    hackable(&mut map, 7, 2, 4)
                } else {
                    hackable(&mut map, 5, 1, 3)
                };
                leftover(&map, "difficulty, skill, nanites")?;
                Legend::Station { advanced, hack }
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

    /// Builds the scenario from the map cells and everything read.
    pub(super) fn finish(&mut self, cells: Cells) -> Option<Scenario> {
        let mut markers: BTreeMap<char, Vec<Pos>> = BTreeMap::new();
        let mut starts: BTreeMap<char, Pos> = BTreeMap::new();
        let mut plain_doors = Vec::new();
        for (pos, (c, line)) in &cells {
            match c {
                '#' | '.' => {}
                '+' => plain_doors.push(*pos),
                '1'..='4' => {
                    if starts.insert(*c, *pos).is_some() {
                        self.error(
                            *line,
                            "map",
                            &format!("player start `{c}` appears twice"),
                            "",
                        );
                    }
                }
                other => {
                    if self.legend.contains_key(other) {
                        markers.entry(*other).or_default().push(*pos);
                    } else {
                        self.error(
                            *line,
                            "map",
                            &format!("marker `{other}` on {pos} has no legend line"),
                            &format!("add a line like `{other}: goal` below the map"),
                        );
                    }
                }
            }
        }
        let mut s = Scenario {
            name: self.name.clone().unwrap_or_default(),
            kind: self.kind.unwrap_or(Kind::PlayersVsGm),
            cyber: self.cyber,
            starting_cm: self.starting_cm,
            cm_by_players: self.cm_by_players.clone(),
            gm_bcp: self.gm.0,
            gm_mcp: self.gm.1,
            threat_start: self.threat_start,
            threats: self.threats.clone(),
            players: self.players.clone(),
            objectives: self.objectives.iter().map(|(_, o)| o.clone()).collect(),
            grid: grid_of(&cells, &[]),
            starts: starts.values().copied().collect(),
            doors: plain_doors
                .iter()
                .map(|at| DoorSpec {
                    at: *at,
                    lock: Lock::Standard,
                    hack: Hackable {
                        difficulty: 4,
                        skill: 1,
                        nanites: 1,
                    },
                })
                .collect(),
            cameras: Vec::new(),
            turrets: Vec::new(),
            stations: Vec::new(),
            machines: Vec::new(),
            upgrade_units: Vec::new(),
            switches: Vec::new(),
            searchables: Vec::new(),
            dark: Vec::new(),
            no_light: Vec::new(),
            markers: markers.clone(),
        };
        let legend = self.legend.clone();
        for (c, (line, what)) in &legend {
            let Some(squares) = markers.get(c) else {
                self.problems.push(
                    Diagnostic::warning(
                        c.to_string(),
                        format!("marker `{c}` is defined but not on the map"),
                    )
                    .at(self.file, Some(*line)),
                );
                continue;
            };
            for at in squares.iter().copied() {
                match what {
                    Legend::Goal | Legend::Floor => {}
                    Legend::Door(lock, hack) => s.doors.push(DoorSpec {
                        at,
                        lock: *lock,
                        hack: *hack,
                    }),
                    Legend::Camera {
                        facing,
                        range,
                        angle,
                    } => s.cameras.push(Cone {
                        at,
                        facing: *facing,
                        range: *range,
                        angle: *angle,
                    }),
                    Legend::Turret {
                        facing,
                        range,
                        angle,
                        accuracy,
                        damage,
                        kind,
                    } => s.turrets.push(TurretSpec {
                        cone: Cone {
                            at,
                            facing: *facing,
                            range: *range,
                            angle: *angle,
                        },
                        accuracy: *accuracy,
                        damage: *damage,
                        damage_type: *kind,
                    }),
                    Legend::Station { advanced, hack } => s.stations.push(SecurityStationSpec {
                        at,
                        advanced: *advanced,
                        hack: *hack,
                    }),
                    Legend::Machine { active, broken } => s.machines.push(MachineSpec {
                        at,
                        active: *active,
                        broken: *broken,
                    }),
                    Legend::Upgrade => s.upgrade_units.push(at),
                    Legend::Search(object) => s.searchables.push((at, object.clone())),
                    Legend::Dark => s.dark.push(at),
                    Legend::NoLight => s.no_light.push(at),
                    Legend::Switch(doors) => {
                        let mut unlocks = Vec::new();
                        for d in doors {
                            let door_squares: Vec<Pos> =
                                markers.get(d).cloned().unwrap_or_default();
                            let is_door = matches!(legend.get(d), Some((_, Legend::Door(..))));
                            if !is_door || door_squares.is_empty() {
                                self.error(
                                    *line,
                                    &c.to_string(),
                                    &format!(
                                        "switch `{c}` unlocks `{d}`, which is not a door on the map"
                                    ),
                                    "",
                                );
                            }
                            unlocks.extend(door_squares);
                        }
                        s.switches.push(SwitchSpec { at, doors: unlocks });
                    }
                }
            }
        }
        let door_squares: Vec<Pos> = s.doors.iter().map(|d| d.at).collect();
        s.grid = grid_of(&cells, &door_squares);
        self.check(&s);
        Some(s)
    }

    fn check(&mut self, s: &Scenario) {
        if self.name.is_none() {
            self.error(1, "name", "the scenario has no name", "add `name: ...`");
        }
        if self.kind.is_none() {
            self.error(
                1,
                "kind",
                "the scenario does not say its kind",
                "add `kind: players-vs-gm`, `single-player` or `cooperative` (rule ST-FLOW-04)",
            );
        }
        if s.players.is_empty() {
            self.error(
                1,
                "player",
                "the scenario has no players",
                "add `player: NAME CLASS picks N N N`",
            );
        }
        if s.starts.len() < s.players.len() {
            self.error(
                1,
                "map",
                &format!(
                    "{} players but {} start squares (1-4 on the map)",
                    s.players.len(),
                    s.starts.len()
                ),
                "put a digit 1, 2, ... on the map for each player",
            );
        }
        if s.threats.is_empty() {
            self.rule_error(
                1,
                "threat",
                "no threat level says which creatures the GM may deploy",
                "ST-GM-02",
            );
        }
        if !s.threats.contains_key(&s.threat_start) {
            self.rule_error(
                1,
                "threat-start",
                &format!(
                    "threat level {} has no `threat {}:` line",
                    s.threat_start, s.threat_start
                ),
                "ST-GM-02",
            );
        }
        if s.objectives.iter().all(|o| !o.win) {
            self.error(
                1,
                "objective",
                "no objective wins the game for the players",
                "mark one objective with `win` (rule ST-FLOW-03)",
            );
        }
        for (line, o) in &self.objectives.clone() {
            if let Goal::Reach(m) = o.goal {
                if !s.markers.contains_key(&m) {
                    self.error(
                        *line,
                        "objective",
                        &format!("the goal marker `{m}` is not on the map"),
                        "",
                    );
                }
            }
        }
    }
}
