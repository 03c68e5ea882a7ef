// The GM's NPCs, driven by crates/cli/tests/browser.rs: a GM on a 390x844
// phone saves a raider to the campaign's NPC library, prepares an
// encounter with it before the session, starts it when the table is
// ready, adds Vex by picking her and three copies of the raider, sets the
// distances, begins the fight and hands the raiders to the engine, which
// plays their turns: their shots and moves appear in the log, told like
// the GM's own, until Vex's turn. The GM takes one raider back. Then the
// same tracker on a desktop. Every step's screenshot passes the
// accessibility audit.
//
// Environment: as e2e/table.mjs.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "npcs" });
const { gmLink, check } = h;
const examples = join(here, "..", "examples", "compound-x");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let gm = null;

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

/** The GM panel on `name`'s card, opened unless it is open. */
async function panel(page, name) {
  const details = card(page, name).locator("details.gm-panel");
  if (!(await details.evaluate((d) => d.open))) await details.locator("> summary").click();
  return details;
}

/** Submits `button` and waits for the API's answer, which must be a success. */
async function answered(page, button, what) {
  const res = page.waitForResponse((r) => r.request().method() !== "GET" && r.url().includes("/api/"));
  await button.click();
  const got = await res;
  check(got.ok(), `${what} was refused: ${await got.text()}`);
  await settle(page);
}

async function main() {
  gm = await h.open("gm", PHONE);
  const page = gm.page;
  await h.join(page, gmLink);
  const newCampaign = page.locator("form", { has: page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("NPC night");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  await h.join(page, await newCampaign.locator("input.link").inputValue());

  // Vex becomes a campaign character.
  const bring = page.locator("form", { has: page.getByRole("button", { name: "Import", exact: true }) });
  await bring.locator("#import-file").setInputFiles(join(examples, "vex.toml"));
  await bring.getByRole("button", { name: "Import", exact: true }).click();
  await page.locator("#dashboard li", { hasText: "Vex Marrow" }).waitFor();
  // The live feed may draw the dashboard again after the import (a file
  // chosen in a form drawn again is gone): the page settles first.
  await settle(page);

  // The raider, saved once to the library.
  const library = page.locator("section", { has: page.locator("#library-h") });
  await library.locator("summary", { hasText: "Save an NPC to the library" }).click();
  const save = library.locator("form", { has: page.getByRole("button", { name: "Save to the library" }) });
  await save.locator("#lib-save-file").setInputFiles(join(examples, "raider.toml"));
  await answered(page, save.getByRole("button", { name: "Save to the library" }), "saving the raider");
  await library.locator("ul.library li", { hasText: "Depot Raider" }).waitFor();
  await h.shot(page, "phone-library");

  // An encounter prepared before the session, with the raider in it.
  const prepared = page.locator("section", { has: page.locator("#prepared-h") });
  await prepared.locator("summary", { hasText: "Prepare an encounter" }).click();
  await prepared.locator("#prep-name").fill("Depot ambush");
  await answered(page, prepared.getByRole("button", { name: "Prepare", exact: true }), "preparing");
  const ambush = prepared.locator('article.prepared[aria-label="Depot ambush"]');
  await ambush.waitFor();
  // The dashboard may be drawn again by the live feed just after the
  // encounter was prepared (closing what was opened): open until it shows.
  const npcChoice = ambush.getByLabel("Library NPC");
  for (let i = 0; i < 10 && !(await npcChoice.isVisible()); i++) {
    await ambush.locator("summary", { hasText: "Add NPCs to Depot ambush" }).click();
    await npcChoice.waitFor({ state: "visible", timeout: 2000 }).catch(() => {});
  }
  await npcChoice.selectOption({ label: "Depot Raider" });
  await ambush.getByLabel("Side").fill("raiders");
  // Someone else changes the table meanwhile (a roll in the log): the
  // dashboard is drawn again, and the half-filled form stays as it was.
  const before = await page.evaluate(() => window.naniteLive.version());
  await page.evaluate(async () => {
    const csrf = document.querySelector('meta[name="csrf-token"]').content;
    const res = await fetch(`/api/campaigns/${document.body.dataset.campaign}/rolls`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf, "Content-Type": "application/json" },
      body: JSON.stringify({ expression: "1d6 # meanwhile" }),
    });
    if (!res.ok) throw new Error(`the roll was refused: ${await res.text()}`);
  });
  await page.waitForFunction((v) => window.naniteLive.version() > v, before);
  await settle(page);
  check(await npcChoice.isVisible(), "the opened fold stays open when the dashboard is drawn again");
  check((await npcChoice.inputValue()) !== "", "the NPC picked stays picked when the dashboard is drawn again");
  check((await ambush.getByLabel("Side").inputValue()) === "raiders", "the side typed stays when the dashboard is drawn again");
  await answered(page, ambush.getByRole("button", { name: "Add to Depot ambush" }), "adding the raider");
  await ambush.locator("ol.groups li", { hasText: "1 × Depot Raider, side raiders" }).waitFor();
  await h.shot(page, "phone-prepared");

  // The table is ready: the encounter starts with its raider in.
  await ambush.getByRole("button", { name: "Start Depot ambush" }).click();
  await page.waitForURL(/\/e\//);
  await page.locator("#live-status[data-state=live]").waitFor();
  await card(page, "Depot Raider").waitFor();

  // Vex, picked from the campaign's characters; three copies of the raider.
  const add = page.locator("form", { has: page.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-char").selectOption({ label: "Vex Marrow" });
  await add.locator("#add-side").fill("crew");
  await answered(page, add.getByRole("button", { name: "Add combatant" }), "adding Vex");
  await card(page, "Vex Marrow").waitFor();
  const p = await panel(page, "Depot Raider");
  const copies = p.locator("form.copies");
  await copies.getByLabel(/Copies of Depot Raider/).fill("3");
  await answered(page, copies.getByRole("button", { name: "Add copies" }), "the copies");
  for (const n of [2, 3, 4]) await card(page, `Depot Raider ${n}`).waitFor();
  await h.shot(page, "phone-copies");

  // Distances from Vex to each raider, initiative, and the fight begins.
  await page.locator("summary", { hasText: "Set a distance" }).click();
  const distance = page.locator("form", { has: page.getByRole("button", { name: "Set distance" }) });
  for (const id of ["depot-raider", "depot-raider-2", "depot-raider-3", "depot-raider-4"]) {
    await distance.locator("#dist-a").fill("vex-marrow");
    await distance.locator("#dist-b").fill(id);
    await distance.locator("#dist-m").fill("12");
    await answered(page, distance.getByRole("button", { name: "Set distance" }), `the distance to ${id}`);
  }
  await answered(page, page.getByRole("button", { name: "Roll initiative for everyone" }), "initiative");
  await answered(page, page.getByRole("button", { name: "Begin the fight" }), "the fight's beginning");
  await page.locator(".status", { hasText: "Round 1" }).waitFor();

  // The raiders go to the engine: it plays their turns to Vex's.
  await answered(page, page.getByRole("button", { name: "Hand the raiders to the engine" }), "handing over");
  for (const n of ["", " 2", " 3", " 4"]) {
    await card(page, `Depot Raider${n}`).locator(".badge", { hasText: "played by the engine" }).waitFor();
  }
  const turnOf = () => page.locator("p.turn b").innerText();
  if ((await turnOf()) !== "Vex Marrow") {
    await page.waitForFunction(() => document.querySelector("p.turn b")?.innerText === "Vex Marrow");
  }
  // Vex's turn ends: the engine plays every raider's turn, back to Vex.
  const controls = page.locator('section[aria-labelledby="gm-h"]');
  await answered(page, controls.getByRole("button", { name: "Next turn", exact: true }), "Vex's turn's end");
  await page.waitForFunction(() => document.querySelector("p.turn b")?.innerText === "Vex Marrow"
    && document.querySelector(".status .round")?.innerText.includes("Round 2"));
  await settle(page);
  const log = await page.locator("#tracker").innerText();
  check(/Depot Raider( \d)?(: (aim|fire|reload|move|clear)| moves| lays down)/.test(log),
    `the raiders' turns are in the log: ${log.slice(0, 1500)}`);
  await h.shot(page, "phone-engine-played");

  // The GM takes one raider back.
  const r2 = await panel(page, "Depot Raider 2");
  await answered(page, r2.getByRole("button", { name: "Take over Depot Raider 2 from the engine" }), "the take-over");
  await card(page, "Depot Raider 2").locator(".badge", { hasText: "played by the engine" }).waitFor({ state: "detached" });
  await h.shot(page, "phone-taken-over");

  await page.setViewportSize(DESKTOP);
  await settle(page);
  await h.shot(page, "desktop-engine");
}

await h.run("the GM's NPCs and the engine", main, () => [["gm", gm]]);
