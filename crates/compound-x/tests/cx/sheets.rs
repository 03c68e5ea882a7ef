//! Whole sheets as JSON snapshots, every number checked by hand against the
//! rules (the derivations are in the comments above each test). When a
//! snapshot changes, check the new numbers the same way before accepting it.

use expect_test::{Expect, expect};

use super::support::valid_sheet;

fn check(text: &str, expected: Expect) {
    let sheet = valid_sheet(text);
    expected.assert_eq(&serde_json::to_string_pretty(&sheet).unwrap());
}

/// A Tundari mage with spells, an INT 9 feat allowance and LUCK 3 (no crits).
const NYX: &str = r#"format = 1
name = "Nyx"
race = "tundari"
class = "mage"
level = 3
stat_increases = []
feats = ["nanite-reservoir", "iron-will"]
class_feats = []

[base_stats]
STR = 4
PER = 6
FORT = 6
CHA = 7
INT = 9
DEX = 5
LUCK = 3

[skills]
sorcery = 40
medicine = 20
acrobatics = 10
hacking = 15

[equipment]
armor = "padded-vest"
items = { medicine-bag = 1 }

[[equipment.weapons]]
id = "service-pistol"
attachments = ["laser-sight"]
magazines = 2
"#;

/// A level 6 Shadow Assassin with a cloak, LUCK 1 (Black Cat), a class feat
/// and an SMG with a Compensator.
const SHADE: &str = r#"format = 1
name = "Shade"
race = "human"
class = "shadow-assassin"
level = 6
stat_increases = ["DEX"]
feats = ["steady-aim", "fleet-footed", "quick-reload", "light-step"]
class_feats = ["shadow-veil"]

[base_stats]
STR = 5
PER = 8
FORT = 6
CHA = 6
INT = 7
DEX = 9
LUCK = 1

[skills]
stealth = 50
smgs = 20
sniper-rifles = 20
melee = 20
acrobatics = 10

[equipment]
armor = "infiltrator-suit"
cloak = "shadowweave"
items = { repair-kit = 1 }

[[equipment.weapons]]
id = "smg"
attachments = ["dot-sight", "compensator", "suppressor"]
magazines = 4

[[equipment.weapons]]
id = "sniper-rifle"
attachments = ["basic-scope-3x2"]
magazines = 2

[[equipment.weapons]]
id = "combat-knife"
"#;

/// Vex (examples/compound-x/vex.toml), human soldier 5: STR 7, PER 6 + 1
/// (level 5), FORT 6, CHA 6, INT 6, DEX 5, LUCK 6.
/// - stat bonus (x - 5) * 4: 8 8 4 4 4 0 4; combat bonus 0.5 except DEX 0.
/// - Will 2 * (6 + 6 - 6) = 12; Shock 12 + Will to Survive 2; Reflex
///   2 * (7 + 5 - 6) = 12 + Lucky 2.
/// - STR 7 beats DEX 5 and FORT 6: chosen Movement Speed 7, Carry Ability
///   FORT 6; SPG 6 (CHA = INT, INT shown).
/// - crit 1 + floor(0.4) = 1: face 10. Max HP 100 + 10 + Battle Hardened 10
///   + Tough 15 + Will to Survive 5 = 140; nanites 60; initiative 10.
/// - Flak Jacket 0.5 -> 1, cancelled by CA: 7 per 2 actions; crouched 5,
///   prone 4, sprint 9 for 6 actions; jumps 2.5 / 3.5 / 2.33.
/// - skills: points + bonus (Awareness 30 + 8, SMGs 40 + 0, Gambling 0 + 4 +
///   Lucky 5); budget 50 + 5 * 12 = 110, all spent; feats 2 of 3.
/// - SMG: 0.5 PER + 0.5 Steady Aim + 0.5 Dot Sight = 1.5 -> 1: 3/4/5,
///   burst 4/5/6, auto 6/7/8; hip (no Dot Sight) 1.0 -> 1: 4+3-1 = 6/7/8;
///   blind PER + LUCK = 1: 4+6-1 = 9/10/11. Reload DC 30: 2, 1, 4.
/// - Frag grenade (thrown, PER): 1.0 -> 1: 2/4/6.
/// - revives max(2, 6 / 2) = 3; shock wake 15 - 6 = 9.
#[test]
fn vex() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/compound-x/vex.toml"
    ))
    .unwrap();
    check(
        &text,
        expect![[r#"
        {
          "name": "Vex Marrow",
          "race": {
            "id": "human",
            "name": "Human"
          },
          "class": {
            "id": "soldier",
            "name": "Soldier"
          },
          "level": 5,
          "pack": "Compound X sample pack",
          "sample_content": true,
          "stats": {
            "STR": 7,
            "PER": 7,
            "FORT": 6,
            "CHA": 6,
            "INT": 6,
            "DEX": 5,
            "LUCK": 6
          },
          "stat_bonus": {
            "STR": 8,
            "PER": 8,
            "FORT": 4,
            "CHA": 4,
            "INT": 4,
            "DEX": 0,
            "LUCK": 4
          },
          "combat_bonus": {
            "CHA": 0.5,
            "DEX": 0.0,
            "FORT": 0.5,
            "INT": 0.5,
            "LUCK": 0.5,
            "PER": 0.5,
            "STR": 0.5
          },
          "saves": {
            "will": 12,
            "shock": 14,
            "reflex": 14
          },
          "secondary": {
            "movement_speed": 7,
            "carry_ability": 6,
            "skill_point_gain": 6,
            "set_by": {
              "carry_ability": "FORT",
              "movement_speed": "STR",
              "skill_point_gain": "INT"
            },
            "strength_choice": true
          },
          "crit_range": 1,
          "crit_faces": [
            10
          ],
          "max_hp": 140,
          "nanites": 60,
          "initiative": 10,
          "movement": {
            "speed": 7,
            "penalty": 0.5,
            "penalty_rounded": 1,
            "cancelled_by_carry": 1,
            "per_2_actions": 7,
            "crouched": 5,
            "prone": 4,
            "sprint": 9,
            "sprint_actions": 6,
            "notes": []
          },
          "jumps": {
            "horizontal": 2.5,
            "horizontal_run_up": 3.5,
            "vertical": 2.33
          },
          "skills": [
            {
              "id": "awareness",
              "name": "Awareness",
              "stat": "PER",
              "points": 30,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 38,
              "proficient": true,
              "usable": true
            },
            {
              "id": "medicine",
              "name": "Medicine",
              "stat": "INT",
              "points": 20,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 24,
              "proficient": true,
              "usable": true
            },
            {
              "id": "explosives",
              "name": "Explosives",
              "stat": "INT",
              "points": 10,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 14,
              "proficient": true,
              "usable": true
            },
            {
              "id": "stealth",
              "name": "Stealth",
              "stat": "DEX",
              "points": 10,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 10,
              "proficient": true,
              "usable": true
            },
            {
              "id": "smgs",
              "name": "Weapons - SMGs",
              "stat": "DEX",
              "points": 40,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 40,
              "proficient": true,
              "usable": true
            },
            {
              "id": "search",
              "name": "Search",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "survival",
              "name": "Survival",
              "stat": "FORT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "speech",
              "name": "Speech",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "deceive",
              "name": "Deceive",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "intimidate",
              "name": "Intimidate",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "gambling",
              "name": "Gambling",
              "stat": "LUCK",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [
                [
                  "feat Lucky",
                  5
                ]
              ],
              "total": 9,
              "proficient": false,
              "usable": true
            },
            {
              "id": "repair",
              "name": "Repair",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "hacking",
              "name": "Hacking",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "sorcery",
              "name": "Sorcery",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "knowledge-nanites",
              "name": "Knowledge [Nanites]",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "navigation",
              "name": "Navigation",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "acrobatics",
              "name": "Acrobatics",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "maneuver",
              "name": "Maneuver",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "lockpicking",
              "name": "Lockpicking",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "athletics",
              "name": "Athletics",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "driving",
              "name": "Driving",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "flying",
              "name": "Flying",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "melee",
              "name": "Melee",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "unarmed",
              "name": "Unarmed",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "grappling",
              "name": "Grappling",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "pistols",
              "name": "Weapons - Pistols",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "rifles",
              "name": "Weapons - Rifles",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "shotguns",
              "name": "Weapons - Shotguns",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "sniper-rifles",
              "name": "Weapons - Sniper Rifles",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "heavy-weapons",
              "name": "Weapons - Heavy",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "energy-weapons",
              "name": "Weapons - Energy",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "throwing",
              "name": "Weapons - Throwing",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            }
          ],
          "skill_points": {
            "starting": 50,
            "per_level": [
              12,
              12,
              12,
              12,
              12
            ],
            "budget": 110,
            "spent": 110,
            "unspent": 0
          },
          "feats": {
            "owned": [
              {
                "id": "will-to-survive",
                "name": "Will to Survive",
                "how": "granted",
                "description": "Granted at CHA 6+. Sheer stubbornness keeps you standing: +5 max HP and +2 Shock save per point of CHA above 5."
              },
              {
                "id": "lucky",
                "name": "Lucky",
                "how": "granted",
                "description": "Granted at LUCK 6+. Fortune smiles: +2 Reflex save and +5 Gambling per point of LUCK above 5, and one more critical face at LUCK 9, 12 and 15."
              },
              {
                "id": "steady-aim",
                "name": "Steady Aim",
                "how": "chosen",
                "description": "Controlled breathing and a firm stance: +0.5 ranged accuracy."
              },
              {
                "id": "tough",
                "name": "Tough",
                "how": "chosen",
                "description": "Scar tissue on scar tissue: +15 max HP."
              }
            ],
            "chosen": 2,
            "allowed": 3,
            "class_feats": 0,
            "class_feats_allowed": 1
          },
          "stat_one_effects": [],
          "black_cat": false,
          "weapons": [
            {
              "id": "smg",
              "name": "Basic SMG",
              "category": "smg",
              "attack": "ranged",
              "skill": "smgs",
              "skill_points": 40,
              "damage": "2d10 + 8",
              "damage_type": "ballistic",
              "non_lethal": false,
              "apl": 1,
              "action": "semi",
              "shot_actions": 1,
              "brackets": [
                {
                  "from": 0,
                  "to": 10
                },
                {
                  "from": 11,
                  "to": 20
                },
                {
                  "from": 21,
                  "to": 40
                }
              ],
              "attachments": [
                "Dot Sight"
              ],
              "accuracy": {
                "terms": [
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "rule",
                      "name": "CX-STAT-03 PER combat bonus"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "feat",
                      "name": "Steady Aim"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "attachment",
                      "name": "Dot Sight"
                    }
                  }
                ],
                "total": 1.5,
                "applied": 1
              },
              "miss_chances": {
                "semi": [
                  3,
                  4,
                  5
                ],
                "burst": [
                  4,
                  5,
                  6
                ],
                "auto": [
                  6,
                  7,
                  8
                ]
              },
              "optics": [
                "Dot Sight"
              ],
              "hip_fire": {
                "semi": [
                  6,
                  7,
                  8
                ],
                "burst": [
                  7,
                  8,
                  9
                ],
                "auto": [
                  9,
                  10,
                  11
                ]
              },
              "blind_fire": {
                "semi": [
                  9,
                  10,
                  11
                ],
                "burst": [
                  10,
                  11,
                  12
                ],
                "auto": [
                  12,
                  13,
                  14
                ]
              },
              "crit_faces": [
                10
              ],
              "magazine": 30,
              "rounds": {
                "auto": 6,
                "burst": 3
              },
              "spare_magazines": 3,
              "reload_dc": 30,
              "reload_actions": {
                "standard": 2,
                "critical": 1,
                "failed": 4
              },
              "min_distance": null,
              "suppression": "light",
              "reflex_modifier": 0,
              "problems": []
            },
            {
              "id": "frag-grenade",
              "name": "Fragmentation Grenade",
              "category": "grenade",
              "attack": "thrown",
              "skill": "explosives",
              "skill_points": 10,
              "damage": "3d10 + 15",
              "damage_type": "ballistic",
              "non_lethal": false,
              "apl": 1,
              "action": "semi",
              "shot_actions": 1,
              "brackets": [
                {
                  "from": 0,
                  "to": 10
                },
                {
                  "from": 11,
                  "to": 20
                },
                {
                  "from": 21,
                  "to": 30
                }
              ],
              "attachments": [],
              "accuracy": {
                "terms": [
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "rule",
                      "name": "CX-STAT-03 PER combat bonus"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "feat",
                      "name": "Steady Aim"
                    }
                  }
                ],
                "total": 1.0,
                "applied": 1
              },
              "miss_chances": {
                "semi": [
                  2,
                  4,
                  6
                ]
              },
              "crit_faces": [
                10
              ],
              "magazine": 0,
              "spare_magazines": 2,
              "reload_dc": null,
              "reload_actions": null,
              "min_distance": null,
              "suppression": null,
              "reflex_modifier": -10,
              "problems": []
            }
          ],
          "armor": {
            "id": "flak-jacket",
            "name": "Flak Jacket",
            "category": "light",
            "coverage": 60,
            "apl": 2,
            "armor_points": 15,
            "movement_penalty": 0.5
          },
          "shield": {
            "id": "cs-1",
            "name": "CS-1 Personal Shield",
            "strength": 30,
            "recharge_rate": 5,
            "restart_turns": 3,
            "fast_recharge_cost": 10
          },
          "cloak": null,
          "items": [
            {
              "id": "medikit",
              "name": "Medikit",
              "kind": "medikit",
              "count": 2
            },
            {
              "id": "pistol-rounds",
              "name": "Pistol Rounds (box of 50)",
              "kind": "ammunition",
              "count": 60
            }
          ],
          "spellcasting": null,
          "survival": {
            "downed_rule": "death_saves",
            "death_saves": 3,
            "revives_per_encounter": 3,
            "shock_wake_turns": 9
          },
          "melee_guard": null,
          "house_rules": {
            "secondary_pool": false,
            "linear_accuracy": false,
            "crit_round_up": false,
            "melee_guard": false,
            "fort_downed": false
          },
          "breakdown": {
            "CHA": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "DEX": {
              "terms": [
                {
                  "amount": 5,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "FORT": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "INT": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "LUCK": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "PER": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                },
                {
                  "amount": 1,
                  "source": {
                    "kind": "level",
                    "name": "stat point at level 5"
                  },
                  "phase": "base"
                }
              ]
            },
            "STR": {
              "terms": [
                {
                  "amount": 7,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "carry_ability": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from FORT"
                  },
                  "phase": "base"
                }
              ]
            },
            "crit_range": {
              "terms": [
                {
                  "amount": 1,
                  "source": {
                    "kind": "rule",
                    "name": "CX-RNG-07 base"
                  },
                  "phase": "base"
                }
              ]
            },
            "initiative": {
              "terms": [
                {
                  "amount": 10,
                  "source": {
                    "kind": "class",
                    "name": "Soldier passive"
                  },
                  "phase": "base"
                }
              ]
            },
            "max_hp": {
              "terms": [
                {
                  "amount": 110,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-16 max HP = 100 + 10 * (FORT - 5)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 10,
                  "source": {
                    "kind": "ability",
                    "name": "Battle Hardened"
                  },
                  "phase": "derived"
                },
                {
                  "amount": 15,
                  "source": {
                    "kind": "feat",
                    "name": "Tough"
                  },
                  "phase": "derived"
                },
                {
                  "amount": 5,
                  "source": {
                    "kind": "feat",
                    "name": "Will to Survive"
                  },
                  "phase": "derived"
                }
              ]
            },
            "movement_penalty": {
              "terms": [
                {
                  "amount": 5,
                  "source": {
                    "kind": "equipment",
                    "name": "Flak Jacket"
                  },
                  "phase": "base"
                }
              ]
            },
            "movement_speed": {
              "terms": [
                {
                  "amount": 7,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from STR"
                  },
                  "phase": "base"
                }
              ]
            },
            "nanites": {
              "terms": [
                {
                  "amount": 60,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-16 nanites = 10 * INT"
                  },
                  "phase": "base"
                }
              ]
            },
            "save.reflex": {
              "terms": [
                {
                  "amount": 12,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (PER + DEX - 6)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 2,
                  "source": {
                    "kind": "feat",
                    "name": "Lucky"
                  },
                  "phase": "derived"
                }
              ]
            },
            "save.shock": {
              "terms": [
                {
                  "amount": 12,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (FORT + INT - 6)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 2,
                  "source": {
                    "kind": "feat",
                    "name": "Will to Survive"
                  },
                  "phase": "derived"
                }
              ]
            },
            "save.will": {
              "terms": [
                {
                  "amount": 12,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (CHA + INT - 6)"
                  },
                  "phase": "base"
                }
              ]
            },
            "skill_point_gain": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from INT"
                  },
                  "phase": "base"
                }
              ]
            }
          }
        }"#]],
    );
}

/// Nyx, Tundari mage 3: STR 4, PER 6 + 1, FORT 6 - 1, CHA 7, INT 9,
/// DEX 5 + 1, LUCK 3 (40 points).
/// - stat bonus -4 8 0 8 16 4 -8; combat bonus -0.5 0.5 0 0.5 1 0.5 -0.5.
/// - Will 2 * (7 + 9 - 6) = 20 + Iron Will 10; Shock 2 * (5 + 9 - 6) = 16 +
///   Will to Survive 4; Reflex 2 * (7 + 6 - 6) = 14.
/// - MS DEX 6, CA FORT 5, SPG INT 9: 18 a level, 55 + 54 = 109, 85 spent.
/// - crit 1 + floor(-0.8) = 0: no faces. Max HP 100 + Will to Survive 10;
///   nanites 90 + Nanite Scholar 9 + Nanite Reservoir 20 = 119.
/// - INT 9: 2 feats at level 3. Acrobatics 10 + 4 + Tundari 10 = 24.
/// - Pistol: PER 0.5 + Laser Sight 0.5 = 1: 2/4/6; hip keeps the (non-optical)
///   Laser Sight: 5/7/9; blind PER 0.5 + LUCK -0.5 = 0: 9/11/13.
/// - spells of the mage with CHA 7: Nanite Bolt 35 m, Mend 14, Dread 21,
///   Barrier 12, Stun Pulse 14.
/// - revives max(2, 5 / 2) = 2; shock wake 15 - 5 = 10.
#[test]
fn nyx_the_tundari_mage() {
    check(
        NYX,
        expect![[r#"
        {
          "name": "Nyx",
          "race": {
            "id": "tundari",
            "name": "Tundari"
          },
          "class": {
            "id": "mage",
            "name": "Mage"
          },
          "level": 3,
          "pack": "Compound X sample pack",
          "sample_content": true,
          "stats": {
            "STR": 4,
            "PER": 7,
            "FORT": 5,
            "CHA": 7,
            "INT": 9,
            "DEX": 6,
            "LUCK": 3
          },
          "stat_bonus": {
            "STR": -4,
            "PER": 8,
            "FORT": 0,
            "CHA": 8,
            "INT": 16,
            "DEX": 4,
            "LUCK": -8
          },
          "combat_bonus": {
            "CHA": 0.5,
            "DEX": 0.5,
            "FORT": 0.0,
            "INT": 1.0,
            "LUCK": -0.5,
            "PER": 0.5,
            "STR": -0.5
          },
          "saves": {
            "will": 30,
            "shock": 20,
            "reflex": 14
          },
          "secondary": {
            "movement_speed": 6,
            "carry_ability": 5,
            "skill_point_gain": 9,
            "set_by": {
              "carry_ability": "FORT",
              "movement_speed": "DEX",
              "skill_point_gain": "INT"
            },
            "strength_choice": false
          },
          "crit_range": 1,
          "crit_faces": [
            10
          ],
          "max_hp": 110,
          "nanites": 119,
          "initiative": 0,
          "movement": {
            "speed": 6,
            "penalty": 0.0,
            "penalty_rounded": 0,
            "cancelled_by_carry": 0,
            "per_2_actions": 6,
            "crouched": 4,
            "prone": 3,
            "sprint": 8,
            "sprint_actions": 5,
            "notes": []
          },
          "jumps": {
            "horizontal": 3.0,
            "horizontal_run_up": 4.0,
            "vertical": 1.33
          },
          "skills": [
            {
              "id": "medicine",
              "name": "Medicine",
              "stat": "INT",
              "points": 20,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 36,
              "proficient": true,
              "usable": true
            },
            {
              "id": "hacking",
              "name": "Hacking",
              "stat": "INT",
              "points": 15,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 31,
              "proficient": true,
              "usable": true
            },
            {
              "id": "sorcery",
              "name": "Sorcery",
              "stat": "INT",
              "points": 40,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 56,
              "proficient": true,
              "usable": true
            },
            {
              "id": "acrobatics",
              "name": "Acrobatics",
              "stat": "DEX",
              "points": 10,
              "stat_bonus": 4,
              "modifiers": [
                [
                  "race Tundari",
                  10
                ]
              ],
              "total": 24,
              "proficient": true,
              "usable": true
            },
            {
              "id": "awareness",
              "name": "Awareness",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "search",
              "name": "Search",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "survival",
              "name": "Survival",
              "stat": "FORT",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "speech",
              "name": "Speech",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "deceive",
              "name": "Deceive",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "intimidate",
              "name": "Intimidate",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "gambling",
              "name": "Gambling",
              "stat": "LUCK",
              "points": 0,
              "stat_bonus": -8,
              "modifiers": [],
              "total": -8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "repair",
              "name": "Repair",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 16,
              "proficient": false,
              "usable": true
            },
            {
              "id": "explosives",
              "name": "Explosives",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 16,
              "proficient": false,
              "usable": true
            },
            {
              "id": "knowledge-nanites",
              "name": "Knowledge [Nanites]",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 16,
              "proficient": false,
              "usable": true
            },
            {
              "id": "navigation",
              "name": "Navigation",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 16,
              "proficient": false,
              "usable": true
            },
            {
              "id": "maneuver",
              "name": "Maneuver",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "stealth",
              "name": "Stealth",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "lockpicking",
              "name": "Lockpicking",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "athletics",
              "name": "Athletics",
              "stat": "STR",
              "points": 0,
              "stat_bonus": -4,
              "modifiers": [],
              "total": -4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "driving",
              "name": "Driving",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "flying",
              "name": "Flying",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "melee",
              "name": "Melee",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "unarmed",
              "name": "Unarmed",
              "stat": "STR",
              "points": 0,
              "stat_bonus": -4,
              "modifiers": [],
              "total": -4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "grappling",
              "name": "Grappling",
              "stat": "STR",
              "points": 0,
              "stat_bonus": -4,
              "modifiers": [],
              "total": -4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "pistols",
              "name": "Weapons - Pistols",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "smgs",
              "name": "Weapons - SMGs",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "rifles",
              "name": "Weapons - Rifles",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "shotguns",
              "name": "Weapons - Shotguns",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "sniper-rifles",
              "name": "Weapons - Sniper Rifles",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "heavy-weapons",
              "name": "Weapons - Heavy",
              "stat": "STR",
              "points": 0,
              "stat_bonus": -4,
              "modifiers": [],
              "total": -4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "energy-weapons",
              "name": "Weapons - Energy",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 16,
              "modifiers": [],
              "total": 16,
              "proficient": false,
              "usable": true
            },
            {
              "id": "throwing",
              "name": "Weapons - Throwing",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            }
          ],
          "skill_points": {
            "starting": 55,
            "per_level": [
              18,
              18,
              18
            ],
            "budget": 109,
            "spent": 85,
            "unspent": 24
          },
          "feats": {
            "owned": [
              {
                "id": "will-to-survive",
                "name": "Will to Survive",
                "how": "granted",
                "description": "Granted at CHA 6+. Sheer stubbornness keeps you standing: +5 max HP and +2 Shock save per point of CHA above 5."
              },
              {
                "id": "nanite-reservoir",
                "name": "Nanite Reservoir",
                "how": "chosen",
                "description": "A denser swarm: +20 nanites."
              },
              {
                "id": "iron-will",
                "name": "Iron Will",
                "how": "chosen",
                "description": "+10 Will save."
              }
            ],
            "chosen": 2,
            "allowed": 2,
            "class_feats": 0,
            "class_feats_allowed": 0
          },
          "stat_one_effects": [],
          "black_cat": false,
          "weapons": [
            {
              "id": "service-pistol",
              "name": "M9 Service Pistol",
              "category": "pistol",
              "attack": "ranged",
              "skill": "pistols",
              "skill_points": 0,
              "damage": "2d10 + 10",
              "damage_type": "ballistic",
              "non_lethal": false,
              "apl": 1,
              "action": "semi",
              "shot_actions": 1,
              "brackets": [
                {
                  "from": 0,
                  "to": 10
                },
                {
                  "from": 11,
                  "to": 20
                },
                {
                  "from": 21,
                  "to": 30
                }
              ],
              "attachments": [
                "Laser Sight"
              ],
              "accuracy": {
                "terms": [
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "rule",
                      "name": "CX-STAT-03 PER combat bonus"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "attachment",
                      "name": "Laser Sight"
                    }
                  }
                ],
                "total": 1.0,
                "applied": 1
              },
              "miss_chances": {
                "semi": [
                  2,
                  4,
                  6
                ]
              },
              "hip_fire": {
                "semi": [
                  5,
                  7,
                  9
                ]
              },
              "blind_fire": {
                "semi": [
                  9,
                  11,
                  13
                ]
              },
              "crit_faces": [
                10
              ],
              "magazine": 15,
              "spare_magazines": 2,
              "reload_dc": 20,
              "reload_actions": {
                "standard": 2,
                "critical": 1,
                "failed": 4
              },
              "min_distance": null,
              "suppression": "light",
              "reflex_modifier": 0,
              "problems": []
            }
          ],
          "armor": {
            "id": "padded-vest",
            "name": "Padded Vest",
            "category": "light",
            "coverage": 40,
            "apl": 1,
            "armor_points": 10,
            "movement_penalty": 0.0
          },
          "shield": null,
          "cloak": null,
          "items": [
            {
              "id": "medicine-bag",
              "name": "Medicine Bag",
              "kind": "medicine-bag",
              "count": 1
            }
          ],
          "spellcasting": {
            "skill": "sorcery",
            "skill_points": 40,
            "spells": [
              {
                "id": "nanite-bolt",
                "name": "Nanite Bolt",
                "nanites": 20,
                "range": 35,
                "save": null
              },
              {
                "id": "mend",
                "name": "Mend",
                "nanites": 25,
                "range": 14,
                "save": null
              },
              {
                "id": "fear",
                "name": "Dread",
                "nanites": 30,
                "range": 21,
                "save": "will"
              },
              {
                "id": "barrier",
                "name": "Nanite Barrier",
                "nanites": 30,
                "range": 12,
                "save": null
              },
              {
                "id": "stun-pulse",
                "name": "Stun Pulse",
                "nanites": 35,
                "range": 14,
                "save": "shock"
              }
            ]
          },
          "survival": {
            "downed_rule": "death_saves",
            "death_saves": 3,
            "revives_per_encounter": 2,
            "shock_wake_turns": 10
          },
          "melee_guard": null,
          "house_rules": {
            "secondary_pool": false,
            "linear_accuracy": false,
            "crit_round_up": false,
            "melee_guard": false,
            "fort_downed": false
          },
          "breakdown": {
            "CHA": {
              "terms": [
                {
                  "amount": 7,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "DEX": {
              "terms": [
                {
                  "amount": 5,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                },
                {
                  "amount": 1,
                  "source": {
                    "kind": "race",
                    "name": "Tundari"
                  },
                  "phase": "base"
                }
              ]
            },
            "FORT": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                },
                {
                  "amount": -1,
                  "source": {
                    "kind": "race",
                    "name": "Tundari"
                  },
                  "phase": "base"
                }
              ]
            },
            "INT": {
              "terms": [
                {
                  "amount": 9,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "LUCK": {
              "terms": [
                {
                  "amount": 3,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "PER": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                },
                {
                  "amount": 1,
                  "source": {
                    "kind": "race",
                    "name": "Tundari"
                  },
                  "phase": "base"
                }
              ]
            },
            "STR": {
              "terms": [
                {
                  "amount": 4,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "carry_ability": {
              "terms": [
                {
                  "amount": 5,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from FORT"
                  },
                  "phase": "base"
                }
              ]
            },
            "crit_range": {
              "terms": [
                {
                  "amount": 1,
                  "source": {
                    "kind": "rule",
                    "name": "CX-RNG-07 base"
                  },
                  "phase": "base"
                }
              ]
            },
            "initiative": {
              "terms": []
            },
            "max_hp": {
              "terms": [
                {
                  "amount": 100,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-16 max HP = 100 + 10 * (FORT - 5)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 10,
                  "source": {
                    "kind": "feat",
                    "name": "Will to Survive"
                  },
                  "phase": "derived"
                }
              ]
            },
            "movement_penalty": {
              "terms": []
            },
            "movement_speed": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from DEX"
                  },
                  "phase": "base"
                }
              ]
            },
            "nanites": {
              "terms": [
                {
                  "amount": 90,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-16 nanites = 10 * INT"
                  },
                  "phase": "base"
                },
                {
                  "amount": 9,
                  "source": {
                    "kind": "ability",
                    "name": "Nanite Scholar"
                  },
                  "phase": "derived"
                },
                {
                  "amount": 20,
                  "source": {
                    "kind": "feat",
                    "name": "Nanite Reservoir"
                  },
                  "phase": "derived"
                }
              ]
            },
            "save.reflex": {
              "terms": [
                {
                  "amount": 14,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (PER + DEX - 6)"
                  },
                  "phase": "base"
                }
              ]
            },
            "save.shock": {
              "terms": [
                {
                  "amount": 16,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (FORT + INT - 6)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 4,
                  "source": {
                    "kind": "feat",
                    "name": "Will to Survive"
                  },
                  "phase": "derived"
                }
              ]
            },
            "save.will": {
              "terms": [
                {
                  "amount": 20,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (CHA + INT - 6)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 10,
                  "source": {
                    "kind": "feat",
                    "name": "Iron Will"
                  },
                  "phase": "derived"
                }
              ]
            },
            "skill_point_gain": {
              "terms": [
                {
                  "amount": 9,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from INT"
                  },
                  "phase": "base"
                }
              ]
            }
          }
        }"#]],
    );
}

/// Shade, human Shadow Assassin 6: STR 5, PER 8, FORT 6, CHA 6, INT 7,
/// DEX 9 + 1 (level 5), LUCK 1.
/// - stat bonus 0 12 4 4 8 20 -16; combat bonus 0 1 0.5 0.5 0.5 1.5 -1.5.
/// - Will 14; Shock 14 + 2; Reflex 2 * (8 + 10 - 6) = 24 (no Lucky).
/// - MS DEX 10 + Fleet-Footed 1 = 11; CA FORT 6; SPG 7: 50 + 6 * 14 = 134.
/// - LUCK 1: Black Cat, crit 1 + floor(-1.6) = -1: no faces.
/// - Light Step -0.5 with no armor penalty: rounded 0; 11 per 2 actions,
///   crouched 9, prone 4 (at most 2 a action), sprint 13.
/// - Stealth 50 + 20 + Unseen 10 + Infiltrator Suit 5 = 85.
/// - SMG: PER 1 + Steady Aim 0.5 + Dot Sight 0.5 = 2: 2/3/4; burst 1 - 1
///   (Compensator) raised to 1: 3/4/5; auto 3 - 1: 4/5/6. Hip: 1.5 -> 1,
///   Compensator still on: 6/7/8, 7/8/9, 8/9/10. Blind: PER 1 + LUCK -1.5 =
///   -0.5 -> 0, no Compensator: 10/11/12, 11/12/13, 13/14/15.
/// - Longshot: 2: 4/0/1/3; hip 1: 8/4/5/7; blind 0: 12/8/9/11; hip fire
///   inside 15 m; bolt reload 3, critical 1, failed 6.
/// - Knife: best melee stat DEX 1.5 -> 1: 2 - 1 = 1.
/// - Cloak at level 6: 4 + Shadowweave 2 + class 2 + Shadow Veil 1 = 9
///   turns; Detect DC 80 + 5, moving 55 + 5.
#[test]
fn shade_the_shadow_assassin() {
    check(
        SHADE,
        expect![[r#"
        {
          "name": "Shade",
          "race": {
            "id": "human",
            "name": "Human"
          },
          "class": {
            "id": "shadow-assassin",
            "name": "Shadow Assassin"
          },
          "level": 6,
          "pack": "Compound X sample pack",
          "sample_content": true,
          "stats": {
            "STR": 5,
            "PER": 8,
            "FORT": 6,
            "CHA": 6,
            "INT": 7,
            "DEX": 10,
            "LUCK": 1
          },
          "stat_bonus": {
            "STR": 0,
            "PER": 12,
            "FORT": 4,
            "CHA": 4,
            "INT": 8,
            "DEX": 20,
            "LUCK": -16
          },
          "combat_bonus": {
            "CHA": 0.5,
            "DEX": 1.5,
            "FORT": 0.5,
            "INT": 0.5,
            "LUCK": -1.5,
            "PER": 1.0,
            "STR": 0.0
          },
          "saves": {
            "will": 14,
            "shock": 16,
            "reflex": 24
          },
          "secondary": {
            "movement_speed": 11,
            "carry_ability": 6,
            "skill_point_gain": 7,
            "set_by": {
              "carry_ability": "FORT",
              "movement_speed": "DEX",
              "skill_point_gain": "INT"
            },
            "strength_choice": false
          },
          "crit_range": 0,
          "crit_faces": [],
          "max_hp": 115,
          "nanites": 70,
          "initiative": 0,
          "movement": {
            "speed": 11,
            "penalty": -0.5,
            "penalty_rounded": 0,
            "cancelled_by_carry": 0,
            "per_2_actions": 11,
            "crouched": 9,
            "prone": 4,
            "sprint": 13,
            "sprint_actions": 6,
            "notes": []
          },
          "jumps": {
            "horizontal": 5.0,
            "horizontal_run_up": 6.0,
            "vertical": 1.67
          },
          "skills": [
            {
              "id": "acrobatics",
              "name": "Acrobatics",
              "stat": "DEX",
              "points": 10,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 30,
              "proficient": true,
              "usable": true
            },
            {
              "id": "stealth",
              "name": "Stealth",
              "stat": "DEX",
              "points": 50,
              "stat_bonus": 20,
              "modifiers": [
                [
                  "ability Unseen",
                  10
                ],
                [
                  "equipment Infiltrator Suit",
                  5
                ]
              ],
              "total": 85,
              "proficient": true,
              "usable": true
            },
            {
              "id": "melee",
              "name": "Melee",
              "stat": "DEX",
              "points": 20,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 40,
              "proficient": true,
              "usable": true
            },
            {
              "id": "smgs",
              "name": "Weapons - SMGs",
              "stat": "DEX",
              "points": 20,
              "stat_bonus": 20,
              "modifiers": [
                [
                  "feat Quick Reload",
                  10
                ]
              ],
              "total": 50,
              "proficient": true,
              "usable": true
            },
            {
              "id": "sniper-rifles",
              "name": "Weapons - Sniper Rifles",
              "stat": "PER",
              "points": 20,
              "stat_bonus": 12,
              "modifiers": [],
              "total": 32,
              "proficient": true,
              "usable": true
            },
            {
              "id": "awareness",
              "name": "Awareness",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 12,
              "modifiers": [],
              "total": 12,
              "proficient": false,
              "usable": true
            },
            {
              "id": "search",
              "name": "Search",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 12,
              "modifiers": [],
              "total": 12,
              "proficient": false,
              "usable": true
            },
            {
              "id": "survival",
              "name": "Survival",
              "stat": "FORT",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "speech",
              "name": "Speech",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "deceive",
              "name": "Deceive",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "intimidate",
              "name": "Intimidate",
              "stat": "CHA",
              "points": 0,
              "stat_bonus": 4,
              "modifiers": [],
              "total": 4,
              "proficient": false,
              "usable": true
            },
            {
              "id": "gambling",
              "name": "Gambling",
              "stat": "LUCK",
              "points": 0,
              "stat_bonus": -16,
              "modifiers": [],
              "total": -16,
              "proficient": false,
              "usable": true
            },
            {
              "id": "medicine",
              "name": "Medicine",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "repair",
              "name": "Repair",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "hacking",
              "name": "Hacking",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "explosives",
              "name": "Explosives",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "sorcery",
              "name": "Sorcery",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "knowledge-nanites",
              "name": "Knowledge [Nanites]",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "navigation",
              "name": "Navigation",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "maneuver",
              "name": "Maneuver",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 20,
              "proficient": false,
              "usable": true
            },
            {
              "id": "lockpicking",
              "name": "Lockpicking",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 20,
              "proficient": false,
              "usable": true
            },
            {
              "id": "athletics",
              "name": "Athletics",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "driving",
              "name": "Driving",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 20,
              "proficient": false,
              "usable": true
            },
            {
              "id": "flying",
              "name": "Flying",
              "stat": "PER",
              "points": 0,
              "stat_bonus": 12,
              "modifiers": [],
              "total": 12,
              "proficient": false,
              "usable": true
            },
            {
              "id": "unarmed",
              "name": "Unarmed",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "grappling",
              "name": "Grappling",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "pistols",
              "name": "Weapons - Pistols",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [
                [
                  "feat Quick Reload",
                  10
                ]
              ],
              "total": 30,
              "proficient": false,
              "usable": true
            },
            {
              "id": "rifles",
              "name": "Weapons - Rifles",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [
                [
                  "feat Quick Reload",
                  10
                ]
              ],
              "total": 30,
              "proficient": false,
              "usable": true
            },
            {
              "id": "shotguns",
              "name": "Weapons - Shotguns",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 20,
              "proficient": false,
              "usable": true
            },
            {
              "id": "heavy-weapons",
              "name": "Weapons - Heavy",
              "stat": "STR",
              "points": 0,
              "stat_bonus": 0,
              "modifiers": [],
              "total": 0,
              "proficient": false,
              "usable": true
            },
            {
              "id": "energy-weapons",
              "name": "Weapons - Energy",
              "stat": "INT",
              "points": 0,
              "stat_bonus": 8,
              "modifiers": [],
              "total": 8,
              "proficient": false,
              "usable": true
            },
            {
              "id": "throwing",
              "name": "Weapons - Throwing",
              "stat": "DEX",
              "points": 0,
              "stat_bonus": 20,
              "modifiers": [],
              "total": 20,
              "proficient": false,
              "usable": true
            }
          ],
          "skill_points": {
            "starting": 50,
            "per_level": [
              14,
              14,
              14,
              14,
              14,
              14
            ],
            "budget": 134,
            "spent": 120,
            "unspent": 14
          },
          "feats": {
            "owned": [
              {
                "id": "will-to-survive",
                "name": "Will to Survive",
                "how": "granted",
                "description": "Granted at CHA 6+. Sheer stubbornness keeps you standing: +5 max HP and +2 Shock save per point of CHA above 5."
              },
              {
                "id": "steady-aim",
                "name": "Steady Aim",
                "how": "chosen",
                "description": "Controlled breathing and a firm stance: +0.5 ranged accuracy."
              },
              {
                "id": "fleet-footed",
                "name": "Fleet-Footed",
                "how": "chosen",
                "description": "+1 Movement Speed."
              },
              {
                "id": "quick-reload",
                "name": "Quick Reload",
                "how": "chosen",
                "description": "Drilled magazine changes: +10 to reload checks with pistols, SMGs and rifles (CX-RNG-13)."
              },
              {
                "id": "light-step",
                "name": "Light Step",
                "how": "chosen",
                "description": "Used to moving in armor: 0.5 m less movement penalty."
              },
              {
                "id": "shadow-veil",
                "name": "Shadow Veil",
                "how": "class",
                "description": "+1 cloak turn."
              }
            ],
            "chosen": 4,
            "allowed": 4,
            "class_feats": 1,
            "class_feats_allowed": 1
          },
          "stat_one_effects": [
            {
              "stat": "LUCK",
              "rule": "CX-STAT-13",
              "effect": "rolls on the Black Cat table at the start of each combat"
            }
          ],
          "black_cat": true,
          "weapons": [
            {
              "id": "smg",
              "name": "Basic SMG",
              "category": "smg",
              "attack": "ranged",
              "skill": "smgs",
              "skill_points": 20,
              "damage": "2d10 + 8",
              "damage_type": "ballistic",
              "non_lethal": false,
              "apl": 1,
              "action": "semi",
              "shot_actions": 1,
              "brackets": [
                {
                  "from": 0,
                  "to": 10
                },
                {
                  "from": 11,
                  "to": 20
                },
                {
                  "from": 21,
                  "to": 40
                }
              ],
              "attachments": [
                "Dot Sight",
                "Compensator",
                "Suppressor"
              ],
              "accuracy": {
                "terms": [
                  {
                    "bonus": 1.0,
                    "source": {
                      "kind": "rule",
                      "name": "CX-STAT-03 PER combat bonus"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "feat",
                      "name": "Steady Aim"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "attachment",
                      "name": "Dot Sight"
                    }
                  }
                ],
                "total": 2.0,
                "applied": 2
              },
              "miss_chances": {
                "semi": [
                  2,
                  3,
                  4
                ],
                "burst": [
                  3,
                  4,
                  5
                ],
                "auto": [
                  4,
                  5,
                  6
                ]
              },
              "optics": [
                "Dot Sight"
              ],
              "hip_fire": {
                "semi": [
                  6,
                  7,
                  8
                ],
                "burst": [
                  7,
                  8,
                  9
                ],
                "auto": [
                  8,
                  9,
                  10
                ]
              },
              "blind_fire": {
                "semi": [
                  10,
                  11,
                  12
                ],
                "burst": [
                  11,
                  12,
                  13
                ],
                "auto": [
                  13,
                  14,
                  15
                ]
              },
              "crit_faces": [],
              "magazine": 30,
              "rounds": {
                "auto": 6,
                "burst": 3
              },
              "spare_magazines": 4,
              "reload_dc": 30,
              "reload_actions": {
                "standard": 2,
                "critical": 1,
                "failed": 4
              },
              "min_distance": null,
              "suppression": "light",
              "reflex_modifier": 0,
              "problems": []
            },
            {
              "id": "sniper-rifle",
              "name": "Longshot Bolt-Action Rifle",
              "category": "sniper-rifle",
              "attack": "ranged",
              "skill": "sniper-rifles",
              "skill_points": 20,
              "damage": "3d10 + 30",
              "damage_type": "ballistic",
              "non_lethal": false,
              "apl": 4,
              "action": "bolt",
              "shot_actions": 2,
              "brackets": [
                {
                  "from": 0,
                  "to": 15
                },
                {
                  "from": 16,
                  "to": 100
                },
                {
                  "from": 101,
                  "to": 300
                },
                {
                  "from": 301,
                  "to": 600
                }
              ],
              "attachments": [
                "3.2x Basic Scope"
              ],
              "accuracy": {
                "terms": [
                  {
                    "bonus": 1.0,
                    "source": {
                      "kind": "rule",
                      "name": "CX-STAT-03 PER combat bonus"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "feat",
                      "name": "Steady Aim"
                    }
                  },
                  {
                    "bonus": 0.5,
                    "source": {
                      "kind": "attachment",
                      "name": "3.2x Basic Scope"
                    }
                  }
                ],
                "total": 2.0,
                "applied": 2
              },
              "miss_chances": {
                "semi": [
                  4,
                  0,
                  1,
                  3
                ]
              },
              "optics": [
                "3.2x Basic Scope"
              ],
              "hip_fire": {
                "semi": [
                  8,
                  4,
                  5,
                  7
                ]
              },
              "blind_fire": {
                "semi": [
                  12,
                  8,
                  9,
                  11
                ]
              },
              "crit_faces": [],
              "magazine": 5,
              "spare_magazines": 2,
              "reload_dc": 40,
              "reload_actions": {
                "standard": 3,
                "critical": 1,
                "failed": 6
              },
              "min_distance": 15,
              "suppression": null,
              "reflex_modifier": 0,
              "problems": []
            },
            {
              "id": "combat-knife",
              "name": "Combat Knife",
              "category": "melee",
              "attack": "melee",
              "skill": "melee",
              "skill_points": 20,
              "damage": "d10 + STR + DEX",
              "damage_type": "melee",
              "non_lethal": false,
              "apl": 1,
              "action": "semi",
              "shot_actions": 1,
              "brackets": [
                {
                  "from": 0,
                  "to": 1
                }
              ],
              "attachments": [],
              "accuracy": {
                "terms": [
                  {
                    "bonus": 1.5,
                    "source": {
                      "kind": "rule",
                      "name": "CX-STAT-03 DEX combat bonus"
                    }
                  }
                ],
                "total": 1.5,
                "applied": 1
              },
              "miss_chances": {
                "semi": [
                  1
                ]
              },
              "crit_faces": [],
              "magazine": 0,
              "spare_magazines": 0,
              "reload_dc": null,
              "reload_actions": null,
              "min_distance": null,
              "suppression": null,
              "reflex_modifier": 0,
              "problems": []
            }
          ],
          "armor": {
            "id": "infiltrator-suit",
            "name": "Infiltrator Suit",
            "category": "light",
            "coverage": 50,
            "apl": 1,
            "armor_points": 8,
            "movement_penalty": 0.0
          },
          "shield": null,
          "cloak": {
            "id": "shadowweave",
            "name": "Shadowweave Cloak",
            "turns": 9,
            "level_turns": 4,
            "turn_bonus": 2,
            "class_gain": 2,
            "activation_cost": 30,
            "upkeep": 8,
            "charge_delay": 6,
            "detect_dc": 85,
            "moving_detect_dc": 60,
            "detect_dc_gain": 5,
            "once_per_encounter": false
          },
          "items": [
            {
              "id": "repair-kit",
              "name": "Repair Kit",
              "kind": "repair-kit",
              "count": 1
            }
          ],
          "spellcasting": null,
          "survival": {
            "downed_rule": "death_saves",
            "death_saves": 3,
            "revives_per_encounter": 3,
            "shock_wake_turns": 9
          },
          "melee_guard": null,
          "house_rules": {
            "secondary_pool": false,
            "linear_accuracy": false,
            "crit_round_up": false,
            "melee_guard": false,
            "fort_downed": false
          },
          "breakdown": {
            "CHA": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "DEX": {
              "terms": [
                {
                  "amount": 9,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                },
                {
                  "amount": 1,
                  "source": {
                    "kind": "level",
                    "name": "stat point at level 5"
                  },
                  "phase": "base"
                }
              ]
            },
            "FORT": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "INT": {
              "terms": [
                {
                  "amount": 7,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "LUCK": {
              "terms": [
                {
                  "amount": 1,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "PER": {
              "terms": [
                {
                  "amount": 8,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "STR": {
              "terms": [
                {
                  "amount": 5,
                  "source": {
                    "kind": "assigned",
                    "name": "base stat"
                  },
                  "phase": "base"
                }
              ]
            },
            "carry_ability": {
              "terms": [
                {
                  "amount": 6,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from FORT"
                  },
                  "phase": "base"
                }
              ]
            },
            "crit_range": {
              "terms": [
                {
                  "amount": 1,
                  "source": {
                    "kind": "rule",
                    "name": "CX-RNG-07 base"
                  },
                  "phase": "base"
                },
                {
                  "amount": -1,
                  "source": {
                    "kind": "rule",
                    "name": "CX-RNG-07 (LUCK - 5) * 0.4, remainder dropped"
                  },
                  "phase": "base"
                }
              ]
            },
            "initiative": {
              "terms": []
            },
            "max_hp": {
              "terms": [
                {
                  "amount": 110,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-16 max HP = 100 + 10 * (FORT - 5)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 5,
                  "source": {
                    "kind": "feat",
                    "name": "Will to Survive"
                  },
                  "phase": "derived"
                }
              ]
            },
            "movement_penalty": {
              "terms": [
                {
                  "amount": -5,
                  "source": {
                    "kind": "feat",
                    "name": "Light Step"
                  },
                  "phase": "derived"
                }
              ]
            },
            "movement_speed": {
              "terms": [
                {
                  "amount": 10,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from DEX"
                  },
                  "phase": "base"
                },
                {
                  "amount": 1,
                  "source": {
                    "kind": "feat",
                    "name": "Fleet-Footed"
                  },
                  "phase": "derived"
                }
              ]
            },
            "nanites": {
              "terms": [
                {
                  "amount": 70,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-16 nanites = 10 * INT"
                  },
                  "phase": "base"
                }
              ]
            },
            "save.reflex": {
              "terms": [
                {
                  "amount": 24,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (PER + DEX - 6)"
                  },
                  "phase": "base"
                }
              ]
            },
            "save.shock": {
              "terms": [
                {
                  "amount": 14,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (FORT + INT - 6)"
                  },
                  "phase": "base"
                },
                {
                  "amount": 2,
                  "source": {
                    "kind": "feat",
                    "name": "Will to Survive"
                  },
                  "phase": "derived"
                }
              ]
            },
            "save.will": {
              "terms": [
                {
                  "amount": 14,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-17 2 * (CHA + INT - 6)"
                  },
                  "phase": "base"
                }
              ]
            },
            "skill_point_gain": {
              "terms": [
                {
                  "amount": 7,
                  "source": {
                    "kind": "rule",
                    "name": "CX-STAT-02 from INT"
                  },
                  "phase": "base"
                }
              ]
            }
          }
        }"#]],
    );
}
