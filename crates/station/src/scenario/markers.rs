//! The scenario's header lines (`kind: single-player`) and legend lines
//! (`C: camera facing south range 5 angle 90`), and the checks that tie them
//! to the map and the pack.

use std::collections::BTreeMap;

use nanite_core::{Diagnostic, Diagnostics};

use super::limits::{self, whole};
use super::{
    Cells, CyberMode, DoorSpec, Goal, Hackable, Kind, Lock, MachineSpec, Objective, PlayerSpec,
    Scenario, SecurityStationSpec, SwitchSpec, TurretSpec, grid_of,
};
mod legend;

use legend::Legend;

use crate::content::Pack;
use crate::map::{Cone, Pos};

/// What the map's cells say before the legend is read.
struct MapCells {
    /// The squares of each legend marker.
    markers: BTreeMap<char, Vec<Pos>>,
    /// Each player start by its digit.
    starts: BTreeMap<char, Pos>,
    /// The plain doors (`+`).
    plain_doors: Vec<Pos>,
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
                self.starting_cm = whole(value, "starting-cm", &limits::CYBER_MODULES)?;
            }
            "starting-cm-by-players" => {
                for w in &words {
                    let (count, cm) = w
                        .split_once('=')
                        .ok_or_else(|| format!("`{w}` must be PLAYERS=CM, like 1=3"))?;
                    let players = 1..=limits::PLAYERS;
                    let count = whole(count, "a number of players", &players)?;
                    let cm = whole(cm, "starting-cm-by-players", &limits::CYBER_MODULES)?;
                    self.cm_by_players.insert(count, cm);
                }
            }
            "gm-points" => match words.as_slice() {
                [b, "bcp", m, "mcp"] => {
                    let b = whole(b, "BCP", &limits::CREATURE_POINTS)?;
                    let m = whole(m, "MCP", &limits::CREATURE_POINTS)?;
                    self.gm = (b, m);
                }
                _ => return Err("expected `gm-points: N bcp N mcp`".into()),
            },
            "threat-start" => {
                self.threat_start = whole(value, "threat level", &limits::THREAT_LEVELS)?;
            }
            "player" => match words.as_slice() {
                [id, class, "picks", picks @ ..] => self.player(n, id, class, picks)?,
                _ => return Err("expected `player: NAME CLASS picks N N N`".into()),
            },
            "objective" => self.objective(n, &words)?,
            other => {
                if let Some(level) = other.strip_prefix("threat ") {
                    self.threat(level, value)?;
                } else {
                    return Err(format!(
                        "`{other}` is not a scenario setting; settings: name, kind, cyber-modules, starting-cm, starting-cm-by-players, gm-points, threat-start, threat N, player, objective"
                    ));
                }
            }
        }
        Ok(())
    }

    /// `player: NAME CLASS picks N N N`: a player of a class with one
    /// bonus picked from each training year of its card (ST-CHAR-02), named
    /// once, with a name creatures do not use.
    fn player(&mut self, n: usize, id: &str, class: &str, picks: &[&str]) -> Result<(), String> {
        let picks: Result<Vec<usize>, _> = picks.iter().map(|p| p.parse::<usize>()).collect();
        let picks = picks.map_err(|_| {
            "picks are numbers, one per training year, like `picks 1 3 2`".to_string()
        })?;
        limits::at_most(self.players.len() + 1, limits::PLAYERS, "players")?;
        let Some(card) = self.pack.classes.get(class) else {
            let known: Vec<&str> = self.pack.classes.keys().map(String::as_str).collect();
            return Err(format!("no class `{class}`; classes: {}", known.join(", ")));
        };
        if picks.len() != card.years.len() {
            self.rule_error(
                n,
                "player",
                &format!(
                    "the {} card has {} training years; pick one bonus from each, not {}",
                    card.name,
                    card.years.len(),
                    picks.len()
                ),
                "ST-CHAR-02",
            );
        }
        for (year, pick) in picks.iter().enumerate() {
            if let Some(options) = card.years.get(year) {
                if *pick < 1 || *pick > options.len() {
                    self.rule_error(
                        n,
                        "player",
                        &format!(
                            "year {} of the {} card offers bonuses 1 to {}, not {pick}",
                            year + 1,
                            card.name,
                            options.len()
                        ),
                        "ST-CHAR-02",
                    );
                }
            }
        }
        if self.players.iter().any(|p| p.id == id) {
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
            id: id.to_string(),
            class: class.to_string(),
            picks,
        });
        Ok(())
    }

    /// `objective: reach MARKER|kill N|survive TURNS [reward CM] [win]`.
    fn objective(&mut self, n: usize, words: &[&str]) -> Result<(), String> {
        let (goal, rest) = match words {
            ["reach", m, rest @ ..] if m.chars().count() == 1 => (Goal::Reach(m.chars().next().unwrap_or(' ')), rest),
            ["kill", k, rest @ ..] => (Goal::Kill(whole(k, "kills", &limits::KILLS)?), rest),
            ["survive", t, rest @ ..] => (Goal::Survive(whole(t, "turns", &limits::TURNS)?), rest),
            _ => return Err("expected `objective: reach MARKER`, `kill N` or `survive TURNS`, then optional `reward CM` and `win`".into()),
        };
        let mut reward = 0;
        let mut win = false;
        let mut i = 0;
        while i < rest.len() {
            match (rest[i], rest.get(i + 1)) {
                ("win", _) => win = true,
                ("reward", Some(r)) => {
                    reward = whole(r, "reward", &limits::REWARD)?;
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
        limits::at_most(self.objectives.len() + 1, limits::OBJECTIVES, "objectives")?;
        self.objectives.push((n, Objective { goal, reward, win }));
        Ok(())
    }

    /// `threat N: CREATURE COUNT, ...`: the creatures the GM may deploy at a
    /// threat level (ST-GM-02).
    fn threat(&mut self, level: &str, value: &str) -> Result<(), String> {
        let level = whole(level.trim(), "threat level", &limits::THREAT_LEVELS)?;
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
                let known: Vec<&str> = self.pack.creatures.keys().map(String::as_str).collect();
                return Err(format!(
                    "no creature `{id}`; creatures: {}",
                    known.join(", ")
                ));
            }
            let count = whole(count, "creature count", &limits::CREATURES_ALLOWED)?;
            allowed.insert((*id).to_string(), count);
        }
        self.threats.insert(level, allowed);
        Ok(())
    }

    /// Builds the scenario from the map cells and everything read.
    pub(super) fn finish(&mut self, cells: Cells) -> Option<Scenario> {
        let MapCells {
            markers,
            starts,
            plain_doors,
        } = self.read_cells(&cells);
        let mut s = self.scenario(&cells, &markers, &starts, &plain_doors);
        self.place_legend(&mut s, &markers);
        let door_squares: Vec<Pos> = s.doors.iter().map(|d| d.at).collect();
        s.grid = grid_of(&cells, &door_squares);
        self.check(&s);
        Some(s)
    }

    /// The map's markers, player starts (each digit once) and plain doors;
    /// a marker with no legend line is an error.
    fn read_cells(&mut self, cells: &Cells) -> MapCells {
        let mut markers: BTreeMap<char, Vec<Pos>> = BTreeMap::new();
        let mut starts: BTreeMap<char, Pos> = BTreeMap::new();
        let mut plain_doors = Vec::new();
        for (pos, (c, line)) in cells {
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
        MapCells {
            markers,
            starts,
            plain_doors,
        }
    }

    /// The scenario as read, with the map's plain doors (a standard lock)
    /// and none of its legend placed yet.
    fn scenario(
        &self,
        cells: &Cells,
        markers: &BTreeMap<char, Vec<Pos>>,
        starts: &BTreeMap<char, Pos>,
        plain_doors: &[Pos],
    ) -> Scenario {
        Scenario {
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
            grid: grid_of(cells, &[]),
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
        }
    }

    /// Each legend line's marker placed on its squares: doors, cameras,
    /// turrets, stations, machines, upgrade units, searchables, light
    /// tokens and switches; a legend marker not on the map is a warning.
    fn place_legend(&mut self, s: &mut Scenario, markers: &BTreeMap<char, Vec<Pos>>) {
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
                    Legend::Station {
                        advanced,
                        hack,
                        downtime,
                    } => s.stations.push(SecurityStationSpec {
                        at,
                        advanced: *advanced,
                        hack: *hack,
                        downtime: *downtime,
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
                        let doors = self.switched_doors(*line, *c, doors, markers, &legend);
                        s.switches.push(SwitchSpec { at, doors });
                    }
                }
            }
        }
    }

    /// The door squares a switch unlocks; a switch naming a marker that is
    /// not a door on the map is an error.
    fn switched_doors(
        &mut self,
        line: usize,
        c: char,
        doors: &[char],
        markers: &BTreeMap<char, Vec<Pos>>,
        legend: &BTreeMap<char, (usize, Legend)>,
    ) -> Vec<Pos> {
        let mut unlocks = Vec::new();
        for d in doors {
            let door_squares: Vec<Pos> = markers.get(d).cloned().unwrap_or_default();
            let is_door = matches!(legend.get(d), Some((_, Legend::Door(..))));
            if !is_door || door_squares.is_empty() {
                self.error(
                    line,
                    &c.to_string(),
                    &format!("switch `{c}` unlocks `{d}`, which is not a door on the map"),
                    "",
                );
            }
            unlocks.extend(door_squares);
        }
        unlocks
    }

    fn check(&mut self, s: &Scenario) {
        let counts = [
            (s.doors.len(), limits::MANY, "doors"),
            (s.searchables.len(), limits::MANY, "searchable objects"),
            (
                s.dark.len() + s.no_light.len(),
                limits::MANY,
                "light tokens",
            ),
            (s.cameras.len(), limits::SOME, "cameras"),
            (s.turrets.len(), limits::SOME, "turrets"),
            (s.switches.len(), limits::SOME, "switches"),
            (s.stations.len(), limits::FEW, "security stations"),
            (s.machines.len(), limits::FEW, "bio-reconstruction machines"),
            (s.upgrade_units.len(), limits::FEW, "upgrade units"),
        ];
        for (count, max, what) in counts {
            if let Err(why) = limits::at_most(count, max, what) {
                self.error(1, "map", &why, "");
            }
        }
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
