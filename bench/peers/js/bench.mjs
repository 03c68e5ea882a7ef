// Peer comparison for nanite-dice: the JavaScript side (@dice-roller/rpg-dice-roller).
//
// Prints the same tab-separated lines as the Rust binary (see src/main.rs):
//   lib  workload  expr  ops_per_sec  note
//   lib  check     expr  n=..;min=..;max=..;mean=..;nonint=..
//
// The package is installed in bench/peers/scratch/ (or $BENCH_SCRATCH) by run.sh;
// it is loaded from there by path, so this script runs from any directory.
// Options: --quick (short timings).

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scratch = process.env.BENCH_SCRATCH || resolve(here, '..', 'scratch');
const pkgDir = join(scratch, 'node_modules', '@dice-roller', 'rpg-dice-roller');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const entry = pkg.exports?.['.']?.import?.default ?? pkg.module ?? pkg.main;
const { DiceRoll } = await import(pathToFileURL(join(pkgDir, entry)).href);

const QUICK = process.argv.includes('--quick') || !['', '0', undefined].includes(process.env.BENCH_QUICK);
const LIB = 'rpg-dice-roller';
const EXPRS = ['2d10+12', '4d6kh3+2', '1d100+16', 'd10/2+1'];
// rpg-dice-roller's `/` is true division (d10/2 gives 3.5); floor() makes it nanite's floor division.
const NOTATION = { 'd10/2+1': 'floor(d10/2)+1' };

const clean = (s) => s.replace(/[\t\n]/g, ' ');
const emit = (workload, expr, ops, note = '') =>
  console.log(`${LIB}\t${workload}\t${expr}\t${ops === null ? 'n/a' : ops.toFixed(ops >= 100 ? 1 : 6)}\t${clean(note)}`);

function emitCheck(expr, totals) {
  const n = totals.length;
  const min = Math.min(...totals);
  const max = Math.max(...totals);
  const mean = totals.reduce((a, b) => a + b, 0) / n;
  const nonint = totals.filter((t) => !Number.isInteger(t)).length;
  console.log(`${LIB}\tcheck\t${expr}\tn=${n};min=${min};max=${max};mean=${mean.toFixed(4)};nonint=${nonint}\t`);
}

let sink = 0; // keeps results observable, like black_box
function measure(f, minTime) {
  const now = () => performance.now() / 1000;
  const warm = now();
  let n = 0;
  while (n < 3 || now() - warm < minTime / 10) { sink += f(); n++; }
  const perCall = (now() - warm) / n;
  const batch = Math.max(1, Math.min(1_000_000, Math.floor(0.01 / perCall)));
  const start = now();
  let iters = 0;
  for (;;) {
    for (let i = 0; i < batch; i++) sink += f();
    iters += batch;
    const el = now() - start;
    if (el >= minTime) return iters / el;
  }
}

function noteFor(ours, theirs, extra) {
  const parts = ours === theirs ? [] : [`as \`${theirs}\``];
  if (extra) parts.push(extra);
  return parts.join('; ');
}

function rollCase(workload, expr, note, f) {
  try { f(); } catch (e) {
    emit(workload, expr, null, `cannot run: ${e && e.message ? e.message : e}`);
    return;
  }
  if (workload === 'parse+roll') {
    const totals = [];
    for (let i = 0; i < (QUICK ? 2000 : 20000); i++) totals.push(f());
    emitCheck(expr, totals);
  }
  emit(workload, expr, measure(f, QUICK ? 0.2 : 1.0), note);
}

// Warm the JIT on every expression first, so the first row measured isn't
// the one that pays for compilation.
{
  const until = performance.now() + (QUICK ? 100 : 500);
  const rolls = EXPRS.map((e) => new DiceRoll(NOTATION[e] ?? e));
  while (performance.now() < until) {
    for (const e of EXPRS) sink += new DiceRoll(NOTATION[e] ?? e).total;
    for (const r of rolls) { r.roll(); sink += r.total; }
  }
}
console.log(`${LIB}\tmeta\tversion\t${pkg.version}\t`);
console.log(`runtime\tmeta\tnode\t${process.version}\t`);
for (const expr of EXPRS) {
  const theirs = NOTATION[expr] ?? expr;
  rollCase('parse+roll', expr, noteFor(expr, theirs, 'new DiceRoll(text).total, Math.random'),
    () => new DiceRoll(theirs).total);
}
for (const expr of EXPRS) {
  const theirs = NOTATION[expr] ?? expr;
  const roll = new DiceRoll(theirs);
  rollCase('roll', expr, noteFor(expr, theirs, 'DiceRoll#roll() then .total on one parsed DiceRoll'),
    () => { roll.roll(); return roll.total; });
}
if (sink === 42) console.error(''); // never true in practice; uses sink
