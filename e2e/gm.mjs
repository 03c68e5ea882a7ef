// The GM's hands on the tracker, driven by crates/cli/tests/browser.rs: a
// GM on a 390x844 phone, then on a desktop, works the fight through the
// panel on each combatant card. The GM imports Vex as a campaign character
// and adds it by picking it from the list (no id typed), adds a raider from
// its NPC file, begins the fight, then on the raider's card: harms and heals
// it, puts a condition on and ends it, changes its cover, hides and reveals
// it, delays its turn, and adds three copies of it (Depot Raider 2, 3, 4).
// The taps for "heal a combatant (GM)" on the phone are counted and
// reported. Every step's screenshot passes the accessibility audit.
//
// Environment: as e2e/table.mjs.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "gm" });
const { gmLink, check } = h;
const examples = join(here, "..", "examples", "compound-x");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let gm = null;
let taps = 0;

/** A tap (a click) the GM makes, counted. */
async function tap(locator) {
  taps += 1;
  await locator.click();
}

/** Waits until the page shows every update it heard of. */
async function settle(page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction(() => document.body.dataset.settled === "yes");
    await page.waitForTimeout(150);
  }
}

/** The card of the combatant named `name`. */
function card(page, name) {
  return page.locator(`article.combatant[aria-label="${name}"]`);
}

/** The GM panel on `name`'s card, opened with a tap unless it is open. */
async function panel(page, name) {
  const details = card(page, name).locator("details.gm-panel");
  if (!(await details.evaluate((d) => d.open))) await tap(details.locator("> summary"));
  return details;
}

/** Taps the panel's button `label` on `name`'s card and waits for the
 * answer; `fill` first opens the choice's options and fills them. */
async function press(page, name, label, fill) {
  const p = await panel(page, name);
  const form = p.locator("form.act", { has: page.locator("> button", { hasText: label }) }).first();
  check((await form.locator("> button[aria-disabled=true]").count()) === 0,
    `${label} on ${name} is offered: ${await form.innerText()}`);
  if (fill) {
    await tap(form.locator("details.params > summary"));
    await fill(form);
  }
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/"));
  await tap(form.locator("> button"));
  const res = await answered;
  check(res.ok(), `${label} on ${name} was refused: ${await res.text()}`);
  await settle(page);
}

async function pass(page, size, label) {
  await page.setViewportSize(size);
  const raider = label === "phone" ? "Depot Raider" : "Depot Raider 2";
  // Harm, then heal from the card: the heal is counted from the tracker
  // with the panel closed.
  await press(page, raider, "Harm", async (f) => {
    await f.getByLabel("damage").fill("30");
    await f.getByLabel("armor-piercing level").fill("20");
  });
  await h.shot(page, `${label}-panel-harmed`);
  const hp = card(page, raider).locator(".bar-hp .bar-label");
  const hurt = await hp.innerText();
  await card(page, raider).locator("details.gm-panel").evaluate((d) => { d.open = false; });
  taps = 0;
  await press(page, raider, "Heal");
  const healTaps = taps;
  await page.waitForFunction(([sel, before]) => document.querySelector(sel)?.innerText !== before,
    [`article.combatant[aria-label="${raider}"] .bar-hp .bar-label`, hurt]);
  check((await card(page, raider).locator("details.gm-panel[open]").count()) === 1,
    "the panel stays open while the card is drawn again");
  console.log(`taps: heal a combatant (GM) on the ${label}: ${healTaps}`);
  check(healTaps <= 2, `healing takes ${healTaps} taps on the ${label}`);
  await h.shot(page, `${label}-panel-healed`);
  // A condition on, then ended with one tap.
  await press(page, raider, "Put a condition on", async (f) => {
    await f.getByLabel("condition").selectOption("stunned");
  });
  await card(page, raider).locator(".conditions", { hasText: "stunned" }).waitFor();
  await h.shot(page, `${label}-panel-stunned`);
  await press(page, raider, "End stunned");
  await card(page, raider).locator(".conditions").waitFor({ state: "detached" });
  // Cover.
  await press(page, raider, "Change cover or stance", async (f) => {
    await f.getByLabel("cover").selectOption("full");
  });
  await card(page, raider).locator(".meta", { hasText: "full cover" }).waitFor();
  await h.shot(page, `${label}-panel-cover`);
  // Hidden from the players, then shown again.
  await press(page, raider, "Hide from the players");
  await card(page, raider).locator(".badge", { hasText: "hidden from players" }).waitFor();
  await h.shot(page, `${label}-panel-hidden`);
  await press(page, raider, "Reveal to the players");
  await card(page, raider).locator(".badge", { hasText: "hidden from players" }).waitFor({ state: "detached" });
  // Delay: the raider acts after the last in the order.
  const order = () => page.locator("ol.initiative li").allInnerTexts();
  const last = (await order()).at(-1);
  if (!last.includes(raider)) {
    await press(page, raider, "Delay: act later in the order", async (f) => {
      const options = await f.getByLabel("act").locator("option").allInnerTexts();
      await f.getByLabel("act").selectOption({ label: options.at(-1) });
    });
    await page.waitForFunction((n) => {
      const items = [...document.querySelectorAll("ol.initiative li")];
      return items.length && items.at(-1).innerText.includes(n);
    }, raider);
  }
  await h.shot(page, `${label}-panel-delayed`);
}

async function main() {
  gm = await h.open("gm", PHONE);
  const page = gm.page;
  await h.join(page, gmLink);
  const newCampaign = page.locator("form", { has: page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("GM hands");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  await h.join(page, await newCampaign.locator("input.link").inputValue());

  // Vex becomes a campaign character.
  const bring = page.locator("form", { has: page.getByRole("button", { name: "Import", exact: true }) });
  await bring.locator("#import-file").setInputFiles(join(examples, "vex.toml"));
  await bring.getByRole("button", { name: "Import", exact: true }).click();
  await page.locator("#dashboard li", { hasText: "Vex Marrow" }).waitFor();

  const openEnc = page.locator("form", { has: page.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The yard");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await page.getByRole("link", { name: "The yard" }).click();
  await page.waitForURL(/\/e\//);
  await page.locator("#live-status[data-state=live]").waitFor();

  // Vex, picked by name from the campaign's characters: no id typed.
  const add = page.locator("form", { has: page.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-char").selectOption({ label: "Vex Marrow" });
  await add.locator("#add-side").fill("crew");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await card(page, "Vex Marrow").waitFor();
  await h.shot(page, "phone-picked-vex");
  await add.locator("#add-char").selectOption("");
  await add.locator("#add-id").fill("raider");
  await add.locator("#add-npc").setInputFiles(join(examples, "raider.toml"));
  await add.locator("#add-side").fill("raiders");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await card(page, "Depot Raider").waitFor();
  await page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  await page.locator("#result-card:not([hidden])", { hasText: "initiative" }).waitFor();
  await page.getByRole("button", { name: "Begin the fight" }).click();
  await page.locator(".status", { hasText: "Round 1" }).waitFor();
  await settle(page);

  // Three more raiders like this one.
  const p = await panel(page, "Depot Raider");
  const copies = p.locator("form.copies");
  await copies.getByLabel(/Copies of Depot Raider/).fill("3");
  await copies.getByRole("button", { name: "Add copies" }).click();
  for (const n of [2, 3, 4]) await card(page, `Depot Raider ${n}`).waitFor();
  await settle(page);
  await h.shot(page, "phone-copies");

  await pass(page, PHONE, "phone");
  await pass(page, DESKTOP, "desktop");
}

await h.run("the GM's hands", main, () => [["gm", gm]]);
