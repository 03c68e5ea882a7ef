//! The GM's choices when the GM plays (not the automated GM): each
//! creature's move and attacks on the living crew in the GM's turn, and
//! deploying each creature kind the threat level allows, in setup or the
//! GM's turn (ST-GM-01..03), on any square the engine accepts.

use nanite_core::CombatantId;
use nanite_core::table::{Draft, ParamKind, ParamOption, Verdict};

use super::{Offer, refusal, square};
use crate::Station;
use crate::command::{Command, Refusal};
use crate::map::Pos;
use crate::state::Monster;
use nanite_core::{Ruleset, SeededDice};

impl Offer<'_> {
    /// Creature `c`'s move and its attack on each living crew member.
    pub(super) fn creature(&mut self, c: &Monster) {
        self.moves(&c.id, c.at);
        let who = CombatantId::from(c.id.as_str());
        let targets: Vec<String> = self.state.living().map(|p| p.id.clone()).collect();
        for target in targets {
            let command = Command::Attack {
                who: c.id.clone(),
                target: target.clone(),
                aim: 0,
            };
            let draft = Draft::new("attack", format!("Attack {target}"), command)
                .by(&who)
                .at(&CombatantId::from(target.as_str()));
            self.push(draft);
        }
    }

    /// A deployment of each creature kind the threat level allows: one
    /// choice whose square is a parameter listing every square the engine
    /// accepts. A kind with none is offered at the square whose refusal
    /// says best why: one about the creature (points, limits, the phase)
    /// before one about a square.
    pub(super) fn deployments(&mut self) {
        let state = self.state;
        let kinds: Vec<String> = state
            .scenario
            .threats
            .range(..=state.gm.threat)
            .next_back()
            .map(|(_, l)| l.keys().cloned().collect())
            .unwrap_or_default();
        for kind in kinds {
            let mut legal = Vec::new();
            let mut why: Option<(u8, Pos, Refusal)> = None;
            for at in state.grid().floor() {
                let command = Command::Deploy {
                    creature: kind.clone(),
                    at,
                };
                match Station::decide(state, &command, &mut SeededDice::new(0)) {
                    Ok(_) => legal.push(at),
                    Err(r) => {
                        let rank = match r.rule {
                            Some("ST-GM-01" | "ST-GM-02" | "ST-FLOW-02") => 0,
                            Some("ST-GM-03") => 1,
                            _ => 2,
                        };
                        if why.as_ref().is_none_or(|(best, ..)| rank < *best) {
                            why = Some((rank, at, r));
                        }
                    }
                }
            }
            let label = format!("Deploy {kind}");
            let draft = match (legal.first(), why) {
                (Some(first), _) => {
                    let options = legal
                        .iter()
                        .map(|at| ParamOption::new(square(*at), at.to_string()).costing(0))
                        .collect();
                    let command = Command::Deploy {
                        creature: kind.clone(),
                        at: *first,
                    };
                    Draft::new("deploy", label, command).param(
                        "Deploy.at",
                        "at",
                        ParamKind::one_of(options),
                    )
                }
                (None, Some((_, at, r))) => {
                    let command = Command::Deploy {
                        creature: kind.clone(),
                        at,
                    };
                    let draft = Draft::new("deploy", label, command);
                    self.out.push(draft.judged(Verdict::Refused(refusal(&r))));
                    continue;
                }
                // A map without floor has nowhere to deploy.
                (None, None) => continue,
            };
            self.push(draft);
        }
    }
}
