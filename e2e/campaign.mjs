// A three-encounter Compound X campaign on the campaign's own pack, from
// the page only, driven by crates/cli/tests/browser.rs.
//
// The GM (desktop) creates a campaign, invites Alice (a 390x844 phone) for
// the slot vex and uploads the campaign's pack with the archive form: a
// .tar.gz built here of the pack's directory. A broken archive first (a
// weapon of an unknown damage type): refused whole, every problem listed on
// the page with its file and line. Then the Rustbelt pack with its Rail SMG
// and a feat of the campaign's own, Rail Drill. Alice imports Vex, who
// carries both; her sheet links them to the compendium.
//
// 1. The yard: Vex fires the Rail SMG (a burst spends its rounds) and is
//    wounded; the GM ends the fight and the sheet's "Between fights" shows
//    the wound and the rounds left.
// 2. The depot: Vex enters wounded and short of ammunition (her card says
//    so, the Rail SMG linked to its entry). Alice rolls her own dice; Vex
//    is downed, and her death save (a 23 on the d100, DC 50, CX-DEATH-03)
//    fails: when the GM ends the fight, the allowance at her next downing is
//    2 (CX-DEATH-04).
// 3. Between fights: the GM corrects her health to 1 with a reason (kept in
//    the log); Alice takes a long rest (CX-HEAL-04) and treats the yard's
//    wound with a medikit, taking 100 (CX-HEAL-02/03); the GM awards the
//    XP level 6 takes (the one place to level: "Between fights") and Alice
//    takes level 6 through its level-up form: wrong choices first (every
//    problem at once, each field marked), then good ones.
// 4. The bridge: a clean encounter (no failed save) regains one death save.
// 5. Version 2 of the pack makes Rail Drill a level 8 feat: the check lists
//    Vex and why before the switch, and the switch is refused.
//
// Screenshots in $NANITE_SHOTS (campaign-NN-*.png), each page audited.
import { join, dirname } from "node:path";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";
import { tarGz } from "./archive.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "campaign", shotsDefault: ["target", "e2e", "campaign"] });
const { gmLink, base, check } = h;
const fixtures = join(here, "fixtures");
const examples = join(here, "..", "examples", "compound-x");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// The campaign's feat, added to the Rustbelt pack's feats.toml.
const RAIL_DRILL = `
[feat.rail-drill]
name = "Rail Drill"
description = "The campaign's own feat: drilled on the Rail SMG, +0.5 ranged accuracy."
effects = [
  { target = "accuracy.ranged", amount = 0.5 },
]
`;

/** The pack directory's files ({name, text}) of fixture `dir`. */
function filesOf(dir) {
  const at = join(fixtures, dir);
  return readdirSync(at).filter((f) => f.endsWith(".toml")).map((name) => ({ name, text: readFileSync(join(at, name), "utf8") }));
}

/** The pack's directory archived as the archive field takes it: version 2
 * makes Rail Drill a level 8 feat; "broken" is the broken fixture. */
function packArchive(version) {
  const files = version === "broken" ? filesOf("rustbelt-broken") : filesOf("rustbelt").map(({ name, text }) => {
    if (name === "feats.toml") {
      text += version === 1 ? RAIL_DRILL : RAIL_DRILL.replace("effects = [", "requires = { level = 8 }\neffects = [");
    }
    if (name === "pack.toml") text = text.replace('version = "0.1.0"', `version = "0.${version}.0"`);
    return { name, text };
  });
  return { name: `rustbelt-${version}.tar.gz`, mimeType: "application/gzip", buffer: tarGz("rustbelt", files) };
}

let gm = null;
let alice = null;
let campaign = "";

/** Waits until `page` shows every update it heard of. */
async function settle(page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction(() => document.body.dataset.settled === "yes");
    await page.waitForTimeout(150);
  }
}

function card(page, name) {
  return page.locator(`article.combatant[aria-label="${name}"]`);
}

/** A form of `page` by its submit button's name. */
function form(page, button, exact = true) {
  return page.locator("form", { has: page.getByRole("button", { name: button, exact }) });
}

/** The value of `label` in the "Between fights" part of a sheet. */
async function stateValue(page, label) {
  const dts = page.locator("#carried dl.state dt");
  const n = await dts.count();
  for (let i = 0; i < n; i++) {
    if ((await dts.nth(i).innerText()).trim() === label) {
      return (await page.locator("#carried dl.state dd").nth(i).innerText()).trim();
    }
  }
  return null;
}

/** Waits until the state's `label` reads as `want` (a regular expression). */
async function stateIs(page, label, want) {
  for (let i = 0; i < 60; i++) {
    const v = await stateValue(page, label);
    if (v !== null && want.test(v)) return v;
    await page.waitForTimeout(250);
  }
  throw new Error(`the state's ${label} never read ${want}: ${await stateValue(page, label)}`);
}

/** The GM passes turns until `name`'s turn has begun or the table waits. */
async function passTo(page, name) {
  for (let i = 0; i < 4; i++) {
    if ((await page.locator("#dice-part .awaited").count()) > 0) return;
    const turn = await page.locator(".turn").first().innerText().catch(() => "");
    if (turn.includes(name) && i > 0) return;
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/commands"));
    await page.getByRole("button", { name: "Next turn" }).first().click();
    check((await answered).ok(), "the GM passed the turn");
    await settle(page);
  }
}

/** The GM opens encounter `name` with Vex and a raider 15 m apart, and
 * begins it; returns its address. */
async function openFight(name) {
  await gm.page.goto(`${base}/c/${campaign}`);
  const openEnc = form(gm.page, "Open encounter");
  await openEnc.getByLabel("Name").fill(name);
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name }).click();
  await gm.page.waitForURL(/\/e\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const add = form(gm.page, "Add combatant");
  await add.locator("#add-id").fill("vex");
  await add.locator("#add-char").selectOption({ label: "Vex Marrow" });
  await add.locator("#add-side").fill("crew");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await card(gm.page, "Vex Marrow").waitFor();
  await add.locator("#add-id").fill("raider");
  await add.locator("#add-char").selectOption("");
  await add.locator("#add-npc").setInputFiles(join(examples, "raider.toml"));
  await add.locator("#add-side").fill("raiders");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await card(gm.page, "Depot Raider").waitFor();
  await gm.page.getByText("Set a distance").click();
  const dist = form(gm.page, "Set distance");
  await dist.locator("#dist-a").fill("vex");
  await dist.locator("#dist-b").fill("raider");
  await dist.locator("#dist-m").fill("15");
  await dist.getByRole("button", { name: "Set distance" }).click();
  await gm.page.locator("#result-card", { hasText: "15" }).waitFor();
  await gm.page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  // Alice rolls her own dice from the depot on: the GM rolls her
  // initiative for her.
  const rolled = gm.page.locator("#result-card:not([hidden])", { hasText: "initiative" });
  const waits = gm.page.locator("#dice-part .awaited", { hasText: "Vex Marrow" });
  await rolled.or(waits).first().waitFor();
  if (await waits.count()) {
    await waits.getByRole("button", { name: "Roll it for them" }).click();
    await waits.waitFor({ state: "detached" });
  }
  await gm.page.getByRole("button", { name: "Begin the fight" }).click();
  await gm.page.locator(".status", { hasText: "Round 1" }).waitFor();
  await settle(gm.page);
  return gm.page.url();
}

/** The GM ends the fight (its write-back follows). */
async function endFight() {
  await gm.page.getByRole("button", { name: "End the fight" }).click();
  await gm.page.locator(".status", { hasText: /over|ended/i }).first().waitFor();
  await settle(gm.page);
}

/** The GM deals `amount` damage to Vex from the GM controls; an armor roll
 * owed by Alice's own dice is rolled for her. */
async function harmVex(amount, why) {
  const details = gm.page.locator("details", { has: gm.page.locator("summary", { hasText: "Adjust: deal damage" }) });
  if (!(await details.evaluate((d) => d.open))) await details.locator("summary").click();
  const harm = form(gm.page, "Deal damage");
  await harm.locator("#harm-t").fill("vex");
  await harm.locator("#harm-n").fill(String(amount));
  await harm.locator("#harm-apl").fill("20");
  await harm.locator("#harm-why").fill(why);
  const answered = gm.page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/commands"));
  await harm.getByRole("button", { name: "Deal damage" }).click();
  await answered;
  await settle(gm.page);
  const waits = gm.page.locator("#dice-part .awaited", { hasText: "Vex Marrow" });
  if (await waits.count()) {
    await waits.getByRole("button", { name: "Roll it for them" }).click();
    await settle(gm.page);
  }
}

async function main() {
  gm = await h.open("gm", DESKTOP);
  alice = await h.open("alice", PHONE);

  // The campaign, Alice's link.
  await h.join(gm.page, gmLink);
  const newCampaign = form(gm.page, "Create Compound X campaign");
  await newCampaign.getByLabel("Name").fill("Rustbelt campaign");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  await h.join(gm.page, await newCampaign.locator("input.link").inputValue());
  campaign = new URL(gm.page.url()).pathname.split("/")[2];
  const invite = form(gm.page, "Create link");
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByLabel(/Character slot/).fill("vex");
  await invite.getByRole("button", { name: "Create link" }).click();
  await gm.page.locator("#dashboard").getByRole("cell", { name: "Alice", exact: true }).waitFor();
  await h.join(alice.page, await invite.locator("input.link").inputValue());

  // The campaign's pack, as a .tar.gz of its directory: a broken one
  // first, refused whole with every problem on the page.
  await gm.page.getByRole("link", { name: "Content packs" }).click();
  const upload = form(gm.page, "Upload the archive and check");
  const archiveField = upload.getByLabel(/as one .zip or .tar.gz/);
  await archiveField.setInputFiles(packArchive("broken"));
  await upload.getByRole("button", { name: "Upload the archive and check" }).click();
  const archiveProblems = upload.locator("output.result.problem");
  await archiveProblems.waitFor();
  const archiveSaid = await archiveProblems.innerText();
  check(archiveSaid.includes("rustbelt/weapons.toml line") && archiveSaid.includes("sonic"), `the broken archive's problems name file and line: ${archiveSaid}`);
  check((await archiveProblems.locator("li").count()) > 1, `every problem of the archive at once: ${archiveSaid}`);
  await h.shot(gm.page, "desktop-broken-archive-refused");
  // Then the Rustbelt pack: the Rail SMG and Rail Drill.
  await archiveField.setInputFiles(packArchive(1));
  await upload.getByRole("button", { name: "Upload the archive and check" }).click();
  await gm.page.getByRole("heading", { name: "Switch to version 1" }).waitFor();
  await gm.page.getByRole("button", { name: "Switch the campaign to it" }).click();
  await gm.page.getByText("version 1 of its own pack").waitFor();

  // Alice imports Vex, with the campaign's weapon and feat.
  await alice.page.reload();
  const imp = form(alice.page, "Import");
  await imp.locator("#import-file").setInputFiles(join(fixtures, "campaign-vex.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await imp.locator("output.result", { hasText: "Saved Vex Marrow" }).waitFor();
  await alice.page.getByRole("link", { name: "Vex Marrow" }).click();
  const sheetUrl = alice.page.url();
  const drill = alice.page.getByRole("link", { name: "Rail Drill" });
  await drill.waitFor();
  check((await drill.getAttribute("href")).endsWith("/compendium#feat-rail-drill"), "the sheet links the campaign's feat");
  check((await alice.page.getByRole("link", { name: "Rail SMG" }).first().getAttribute("href")).endsWith("#weapon-rail-smg"), "the sheet links the campaign's weapon");
  await stateIs(alice.page, "Death saves at the next downing", /^3$/);
  await h.shot(alice.page, "phone-vex-with-the-campaigns-weapon-and-feat");

  // 1. The yard: Vex fires a burst of the Rail SMG and is wounded.
  const yard = await openFight("The yard");
  await passTo(gm.page, "Vex Marrow");
  await alice.page.goto(yard);
  await alice.page.locator("#live-status[data-state=live]").waitFor();
  const burst = alice.page.locator("[data-target-group=raider] form.act button:not([aria-disabled=true])", { hasText: "Fire Rail SMG (burst)" }).first();
  await burst.click();
  await alice.page.locator("#result-card:not([hidden])").waitFor();
  await alice.page.locator(".latest", { hasText: "Rail SMG" }).waitFor();
  const logged = alice.page.locator(".latest a.entry-link", { hasText: "Rail SMG" }).first();
  check((await logged.getAttribute("href")).endsWith("/compendium#weapon-rail-smg"), "the log line links the Rail SMG to its entry");
  await h.shot(alice.page, "phone-fight-1-rail-smg-fired");
  for (let i = 0; i < 3; i++) {
    await harmVex(70, "a raider's burst");
    if ((await card(gm.page, "Vex Marrow").locator(".wounded").innerText()) !== "unhurt") break;
  }
  check((await card(gm.page, "Vex Marrow").locator(".wounded").innerText()) !== "unhurt", "Vex is wounded");
  await h.shot(gm.page, "desktop-fight-1-vex-wounded");
  await endFight();
  await alice.page.goto(sheetUrl);
  const wounds1 = await stateIs(alice.page, "Wounds", /^\d/);
  const rounds1 = await stateIs(alice.page, "Rail SMG", /^\d+ loaded/);
  check(Number(rounds1.split(" ")[0]) < 24, `the burst's rounds are spent: ${rounds1}`);
  const health1 = await stateValue(alice.page, "Health");
  await h.shot(alice.page, "phone-after-fight-1-wounded");

  // 2. The depot: Vex enters wounded and short of rounds.
  const depot = await openFight("The depot");
  const vexCard = card(gm.page, "Vex Marrow");
  const weapons = await vexCard.locator("p.meta", { hasText: "Weapons" }).innerText();
  check(weapons.includes(`${rounds1.split(" ")[0]}/24`), `Vex's Rail SMG enters as the yard left it (${rounds1}): ${weapons}`);
  check((await vexCard.locator(".wounded").innerText()) !== "unhurt", "Vex enters wounded");
  check((await vexCard.getByRole("link", { name: "Rail SMG" }).getAttribute("href")).endsWith("#weapon-rail-smg"), "the card links the Rail SMG");
  await h.shot(gm.page, "desktop-fight-2-vex-enters-wounded");
  await alice.page.goto(depot);
  await alice.page.locator("#live-status[data-state=live]").waitFor();
  const saved = alice.page.waitForResponse((r) => r.url().endsWith("/own-dice") && r.request().method() === "PUT");
  await alice.page.locator("[data-own-dice]").check();
  check((await saved).ok(), "Alice rolls her own dice");
  await harmVex(600, "the depot's turret");
  await vexCard.locator(".downed").waitFor();
  await passTo(gm.page, "Vex Marrow");
  const yours = alice.page.locator("#dice-part .awaited", { hasText: "death save" });
  await yours.waitFor();
  await yours.getByRole("button", { name: "Roll your dice" }).click();
  const d = alice.page.locator("dialog#dice-dialog[open]");
  await d.waitFor();
  await d.getByLabel(/Tens die/).fill("2");
  await d.getByLabel(/Ones die/).fill("3");
  await d.locator(".reads", { hasText: "Reads 23." }).waitFor();
  await h.shot(alice.page, "phone-fight-2-death-save-23");
  await d.getByRole("button", { name: "Send the dice" }).click();
  await alice.page.locator("#dice-part .awaited").waitFor({ state: "detached" });
  await gm.page.locator(".latest, .log", { hasText: /death sav/i }).first().waitFor();
  await h.shot(gm.page, "desktop-fight-2-save-failed");
  await endFight();

  // 3. Between fights: the allowance is 2; the GM corrects health, Alice
  //    rests and treats, the GM awards XP, Alice takes level 6.
  await gm.page.goto(sheetUrl);
  await stateIs(gm.page, "Death saves at the next downing", /^2$/);
  await stateIs(gm.page, "Health", /downed/);
  const correct = form(gm.page, "Correct");
  await correct.getByLabel("Correct").selectOption("hp");
  await correct.getByLabel("to").fill("1");
  await correct.getByLabel(/Reason/).fill("stabilized by the depot's medic");
  await correct.getByRole("button", { name: "Correct" }).click();
  await stateIs(gm.page, "Health", /^1 of \d+$/);
  await h.shot(gm.page, "desktop-between-allowance-2-health-corrected");

  await alice.page.goto(sheetUrl);
  await stateIs(alice.page, "Health", /^1 of \d+$/);
  await form(alice.page, "Long rest").getByRole("button", { name: "Long rest" }).click();
  await form(alice.page, "Long rest").locator("output.result", { hasText: "Done." }).waitFor().catch(() => {});
  await settle(alice.page);
  const nanites = await stateValue(alice.page, "Nanites");
  const [nNow, nMax] = nanites.split(" of ").map(Number);
  check(nNow === nMax, `a long rest brings every nanite back (CX-HEAL-04): ${nanites}`);
  const treat = form(alice.page, /^Treat the/, false);
  const wound = treat.getByLabel("Wound");
  const yardWound = Number(wounds1.split(",")[0]);
  await wound.selectOption({ label: `${yardWound} damage` });
  await treat.getByLabel("use a medikit").check();
  await treat.getByLabel("Medicine").selectOption("take100");
  await treat.getByRole("button", { name: /^Treat the/ }).click();
  await alice.page.waitForFunction(async () => true);
  const healed = await stateIs(alice.page, "Health", /^(?!1 of)\d+ of \d+$/);
  check(Number(healed.split(" ")[0]) > 1, `the treatment heals per CX-HEAL-02: ${healed}`);
  await h.shot(alice.page, "phone-long-rest-and-treatment");

  // The one place to level is "Between fights": the sheet has no other
  // level-up form. The GM awards the XP level 6 takes with one button.
  await gm.page.reload();
  check((await gm.page.getByRole("heading", { name: /^Level up to/ }).count()) === 0, "no second level-up form on the sheet");
  const award = form(gm.page, /^Award level 6/);
  await award.getByRole("button", { name: /^Award level 6 \(\d+ XP\)$/ }).click();
  await stateIs(gm.page, "XP", /^6000/);
  await h.shot(gm.page, "desktop-gm-awards-level-6-xp");

  await alice.page.reload();
  const level = alice.page.locator("form.level-up");
  await level.getByRole("heading", { name: "Level 6: your choices" }).waitFor();
  // Wrong choices: every problem at once, each field marked.
  await level.locator("#lv-sk-smgs").fill("15");
  await level.locator("#lv-sk-hacking").fill("5");
  await level.getByLabel("Eagle Eye").check();
  await level.getByRole("button", { name: "Take level 6" }).click();
  const problems = level.locator("output.result.problem");
  await problems.waitFor();
  const said = await problems.innerText();
  check((await problems.locator("li").count()) >= 3, `every problem at once: ${said}`);
  check(await level.locator("#lv-sk-smgs").getAttribute("aria-invalid") === "true", "the SMGs field is marked");
  check(await level.locator("#lv-sk-hacking").getAttribute("aria-invalid") === "true", "the Hacking field is marked");
  check(await level.locator("fieldset.lv-feats.at-fault").count() === 1, "the feats are marked");
  await h.shot(alice.page, "phone-level-up-refused-fields-marked");
  await level.locator("#lv-sk-smgs").fill("10");
  await level.locator("#lv-sk-hacking").fill("");
  await level.getByLabel("Eagle Eye").uncheck();
  await level.getByLabel("Burst Control").check();
  await level.getByRole("button", { name: "Take level 6" }).click();
  await stateIs(alice.page, "Level", /^6$/);
  await h.shot(alice.page, "phone-level-6-taken");

  // 4. The bridge: a clean encounter regains a death save.
  const bridge = await openFight("The bridge");
  check(bridge.includes("/e/"), "the bridge is open");
  await passTo(gm.page, "Depot Raider");
  await endFight();
  await gm.page.goto(sheetUrl);
  await stateIs(gm.page, "Death saves at the next downing", /^3$/);
  await h.shot(gm.page, "desktop-after-a-clean-fight-allowance-3");

  // 5. Version 2 of the pack would break Vex: shown before the switch.
  await gm.page.goto(`${base}/c/${campaign}/packs`);
  await archiveField.setInputFiles(packArchive(2));
  await upload.getByRole("button", { name: "Upload the archive and check" }).click();
  await gm.page.getByRole("heading", { name: "Switch to version 2" }).waitFor();
  const broken = await gm.page.locator("ul.diagnostics").innerText();
  check(broken.includes("character vex") && /Rail Drill|rail-drill/.test(broken), `the check lists Vex and why: ${broken}`);
  await gm.page.getByRole("button", { name: "Switch the campaign to it" }).click();
  await gm.page.locator("output.result.problem", { hasText: "would break 1 file: character vex" }).waitFor();
  await h.shot(gm.page, "desktop-pack-v2-would-break-vex");
  await gm.page.setViewportSize(PHONE);
  await h.shot(gm.page, "phone-pack-v2-would-break-vex");
}

await h.run("campaign scenario", main, () => [["gm", gm], ["alice", alice]]);
