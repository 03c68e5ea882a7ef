//! Terms whose dice are rerolled, explode or count successes: each die of the
//! pool is a run of records, and keep/drop works on whole runs.

use crate::ast::{DiceTerm, End};
use crate::limits::MAX_CHAIN;
use crate::roll::{DieRoll, PoolDie};
use crate::source::{DiceSource, DieRole};

use super::{Run, Stop};

impl<S: DiceSource + ?Sized> Run<'_, '_, S> {
    /// One die with its rerolls applied.
    fn die(&mut self, index: usize, term: &DiceTerm, role: DieRole) -> Result<i64, Stop> {
        let cost = if term.percentile { 2 } else { 1 };
        self.charge(cost)?;
        let mut value = self.draw(index, term, role)?;
        if let Some(reroll) = term.reroll {
            let limit = if reroll.once { 1 } else { MAX_CHAIN };
            let mut n = 0;
            while n < limit && reroll.when.matches(value) {
                self.mark_last(|d| {
                    d.rerolled = true;
                    d.kept = false;
                });
                self.charge(cost)?;
                value = self.draw(index, term, DieRole::Reroll)?;
                n += 1;
            }
        }
        Ok(value)
    }

    fn mark_last(&mut self, f: impl FnOnce(&mut DieRoll)) {
        if let Some(d) = self.roller.dice.last_mut() {
            f(d);
        }
    }

    /// A term with rerolls, explosions or success counting: each die of the
    /// pool is a run of records (rerolled dice, a compounded chain).
    pub(super) fn pooled(&mut self, index: usize, term: &DiceTerm) -> Result<i64, Stop> {
        self.roller.pool.clear();
        for _ in 0..term.count {
            let mut first = self.roller.dice.len();
            let mut value = self.die(index, term, DieRole::Normal)?;
            if let Some(explode) = term.explode {
                let mut last = value;
                let mut chain = 0;
                while chain < MAX_CHAIN && explode.when.matches(last) {
                    self.mark_last(|d| d.exploded = true);
                    if !explode.compound {
                        let end = self.roller.dice.len();
                        self.roller.pool.push(PoolDie { first, end, value });
                        first = end;
                        value = 0;
                    }
                    last = self.die(index, term, DieRole::Explosion)?;
                    value += last;
                    chain += 1;
                }
            }
            let end = self.roller.dice.len();
            self.roller.pool.push(PoolDie { first, end, value });
        }
        if let Some(keep) = term.keep {
            self.keep(keep.kept(self.roller.pool.len() as u32));
        }
        let roller = &mut *self.roller;
        let mut total = 0i64;
        for die in &roller.pool {
            let records = &mut roller.dice[die.first..die.end];
            // Rerolled records are never marked dropped, so one dropped record
            // means the whole die was dropped.
            if records.iter().any(|d| d.dropped) {
                continue;
            }
            match term.success {
                Some(cmp) => {
                    let hit = cmp.matches(die.value);
                    for d in records.iter_mut().filter(|d| !d.rerolled) {
                        d.success = Some(hit);
                    }
                    total += i64::from(hit);
                }
                None => total += die.value,
            }
        }
        roller.term_totals[index] = total;
        Ok(total)
    }

    fn keep(&mut self, (end, kept): (End, u32)) {
        let roller = &mut *self.roller;
        let pool = &roller.pool;
        roller.order.clear();
        roller.order.extend(0..pool.len());
        // Stable sort: among equal values the earlier die is kept.
        match end {
            End::Highest => roller
                .order
                .sort_by(|a, b| pool[*b].value.cmp(&pool[*a].value)),
            End::Lowest => roller
                .order
                .sort_by(|a, b| pool[*a].value.cmp(&pool[*b].value)),
        }
        for &i in &roller.order[kept as usize..] {
            let die = pool[i];
            for d in &mut roller.dice[die.first..die.end] {
                if !d.rerolled {
                    d.kept = false;
                    d.dropped = true;
                }
            }
        }
    }
}

/// Marks all but `kept` of `dice` dropped, keeping the highest or lowest;
/// among equal values the earlier die is kept. Returns the dropped sum.
pub(super) fn drop_dice(
    dice: &mut [DieRoll],
    order: &mut Vec<usize>,
    end: End,
    kept: usize,
) -> i64 {
    let n = dice.len();
    let mut dropped = 0i64;
    if kept + 1 == n {
        // One die to drop (4d6kh3, 2d20kl1): the worst, the latest among equals.
        let mut worst = 0;
        for (i, d) in dice.iter().enumerate().skip(1) {
            let worse = match end {
                End::Highest => d.value <= dice[worst].value,
                End::Lowest => d.value >= dice[worst].value,
            };
            if worse {
                worst = i;
            }
        }
        dice[worst].kept = false;
        dice[worst].dropped = true;
        return i64::from(dice[worst].value);
    }
    order.clear();
    order.extend(0..n);
    // Stable sort: among equal values the earlier die comes first.
    match end {
        End::Highest => order.sort_by(|a, b| dice[*b].value.cmp(&dice[*a].value)),
        End::Lowest => order.sort_by(|a, b| dice[*a].value.cmp(&dice[*b].value)),
    }
    for &i in &order[kept..] {
        dice[i].kept = false;
        dice[i].dropped = true;
        dropped += i64::from(dice[i].value);
    }
    dropped
}
