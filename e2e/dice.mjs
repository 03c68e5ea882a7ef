// Physical dice as one dialog, driven by crates/cli/tests/browser.rs.
//
// A GM (desktop) creates a Compound X campaign and invites Alice (on a
// 390x844 phone) for the slot vex; Alice imports Vex; the GM opens a fight
// of Vex against a raider and passes the turn to Vex. Alice ticks "I roll
// my own dice" and fires: one dialog asks for every die of the shot at once
// (the accuracy d10, then the damage and the armor d100, marked "only if"
// the accuracy calls for them, the d100 as its tens and ones die). A face
// off its die is marked at fault; she cancels (nothing happens), fires
// again and enters them all: the shot is carried out. The GM harms Vex: the
// armor roll is hers, so the table waits (the GM rolls it for her); Vex is
// down, and the GM passes the turns: at Vex's turn the table waits for her death save (the
// GM sees it waiting); she rolls it through the dialog (tens and ones, read
// back as a d100). Then on a desktop-sized page the next death save again.
// Screenshots in $NANITE_SHOTS (dice-NN-*.png), each page audited.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "dice", shotsDefault: ["target", "e2e", "dice"] });
const { gmLink, base, check } = h;
const examples = join(here, "..", "examples", "compound-x");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let gm = null;
let alice = null;

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

/** The open dice dialog on `page`, its fields. */
async function dialog(page) {
  const d = page.locator("dialog#dice-dialog[open]");
  await d.waitFor();
  return d;
}

async function main() {
  gm = await h.open("gm", DESKTOP);
  alice = await h.open("alice", PHONE);

  // 1. The campaign, Alice's link and Vex.
  await h.join(gm.page, gmLink);
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("Dice at the depot");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  await h.join(gm.page, await newCampaign.locator("input.link").inputValue());
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByLabel(/Character slot/).fill("vex");
  await invite.getByRole("button", { name: "Create link" }).click();
  await gm.page.locator("#dashboard").getByRole("cell", { name: "Alice", exact: true }).waitFor();
  const aliceLink = await invite.locator("input.link").inputValue();
  await h.join(alice.page, aliceLink);
  const imp = alice.page.locator("form", { has: alice.page.getByRole("button", { name: "Import", exact: true }) });
  await imp.locator("#import-file").setInputFiles(join(examples, "vex.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await imp.locator("output.result", { hasText: "Saved Vex Marrow" }).waitFor();

  // 2. The fight: Vex (Alice's) against a raider, 15 m apart.
  await gm.page.locator("#dashboard li", { hasText: "Vex Marrow" }).waitFor();
  const openEnc = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The yard");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The yard" }).click();
  await gm.page.waitForURL(/\/e\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const add = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Add combatant" }) });
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
  const dist = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Set distance" }) });
  await dist.locator("#dist-a").fill("vex");
  await dist.locator("#dist-b").fill("raider");
  await dist.locator("#dist-m").fill("15");
  await dist.getByRole("button", { name: "Set distance" }).click();
  await gm.page.locator("#result-card", { hasText: "15" }).waitFor();
  await gm.page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  await gm.page.locator("#result-card:not([hidden])", { hasText: "initiative" }).waitFor();
  await gm.page.getByRole("button", { name: "Begin the fight" }).click();
  await gm.page.locator(".status", { hasText: "Round 1" }).waitFor();
  await settle(gm.page);
  for (let i = 0; i < 2; i++) {
    if ((await gm.page.locator(".turn").first().innerText()).includes("Vex Marrow")) break;
    await gm.page.getByRole("button", { name: "Next turn" }).first().click();
    await settle(gm.page);
  }
  check((await gm.page.locator(".turn").first().innerText()).includes("Vex Marrow"), "Vex acts");

  // 3. Alice rolls her own dice from now on (kept by the server).
  const campaign = new URL(gm.page.url()).pathname.split("/")[2];
  const encounter = new URL(gm.page.url()).pathname.split("/")[4];
  await alice.page.goto(`${base}/c/${campaign}/e/${encounter}`);
  await alice.page.locator("#live-status[data-state=live]").waitFor();
  const own = alice.page.locator("[data-own-dice]");
  const saved = alice.page.waitForResponse((r) => r.url().endsWith("/own-dice") && r.request().method() === "PUT");
  await own.check();
  check((await saved).ok(), "the server keeps the choice");
  await settle(alice.page);
  check(await alice.page.locator("[data-own-dice]").isChecked(), "the box stays ticked as the server says");

  // 4. She fires: every die of the shot in one dialog.
  const fire = () => alice.page.locator("[data-target-group=raider] form.act button:not([aria-disabled=true])", { hasText: "Fire" }).first();
  await fire().click();
  let d = await dialog(alice.page);
  const fields = d.locator("input[type=number]");
  const count = await fields.count();
  check(count >= 4, `the shot's dice are asked at once: ${count} fields`);
  const text = await d.innerText();
  check(/accuracy d10/.test(text) && /damage of/.test(text), `the dialog names each die's purpose: ${text}`);
  check(/only on some faces of the accuracy d10/.test(text), `the damage is marked as needed only on a hit: ${text}`);
  check(/Tens die/.test(text) && /Ones die/.test(text), `the d100 is its tens and ones: ${text}`);
  check(await fields.first().evaluate((e) => e === document.activeElement), "the first die has the focus");
  await h.shot(alice.page, "phone-shot-dialog");
  // A face off the die is marked at fault, and nothing is sent.
  await fields.first().fill("11");
  await d.getByRole("button", { name: "Send the dice" }).click();
  await d.locator("input[aria-invalid=true]").first().waitFor();
  check(/shows 1 to 10/.test(await d.locator(".field-problem").first().innerText()), "the field says its range");
  await h.shot(alice.page, "phone-die-at-fault");
  // 5. Cancel: the dialog closes and nothing happens.
  const before = await gm.page.locator(".latest").innerText().catch(() => "");
  await d.getByRole("button", { name: "Cancel" }).click();
  await alice.page.locator("dialog#dice-dialog").waitFor({ state: "detached" });
  await alice.page.locator("output.result", { hasText: "Cancelled: nothing was sent" }).first().waitFor();
  await alice.page.waitForTimeout(400);
  check((await gm.page.locator(".latest").innerText().catch(() => "")) === before, "nothing was fired");
  await h.shot(alice.page, "phone-dialog-cancelled");

  // 6. Again, and every die entered: a 10 hits. (A die the highest faces
  // did not call for, a Shock save on lower armor dice, is asked for in a
  // second dialog, the dice entered kept.)
  await fire().click();
  d = await dialog(alice.page);
  const all = d.locator("input[type=number]");
  const n = await all.count();
  for (let i = 0; i < n; i++) {
    const max = Number(await all.nth(i).getAttribute("max"));
    await all.nth(i).fill(String(i === 0 ? 10 : Math.min(4, max)));
  }
  check(/Reads 44\./.test(await d.innerText()), "the d100 reads as tens and ones");
  await h.shot(alice.page, "phone-shot-dice-entered");
  await d.getByRole("button", { name: "Send the dice" }).click();
  for (let round = 0; round < 2; round++) {
    const done = alice.page.locator("#result-card:not([hidden])", { hasText: "d10 = 10" });
    const more = alice.page.locator("dialog#dice-dialog[open]");
    await done.or(more).first().waitFor();
    if (!(await more.count())) break;
    const empty = more.locator("input[type=number]");
    for (let i = 0; i < (await empty.count()); i++) {
      if ((await empty.nth(i).inputValue()) === "") await empty.nth(i).fill("4");
    }
    await more.getByRole("button", { name: "Send the dice" }).click();
  }
  await alice.page.locator("#result-card:not([hidden])", { hasText: "d10 = 10" }).waitFor();
  await gm.page.locator(".latest", { hasText: "Depot Raider" }).waitFor();
  await h.shot(alice.page, "phone-shot-carried-out");

  // 7. Vex goes down; at Vex's turn the table waits for Alice's death save.
  const details = card(gm.page, "Vex Marrow").locator("details.gm-panel");
  await details.locator("> summary").click();
  const harm = details.locator("form.act", { has: gm.page.locator("> button", { hasText: "Harm" }) }).first();
  await harm.locator("details.params > summary").click();
  await harm.getByLabel("damage").fill("500");
  await harm.getByLabel("armor-piercing level").fill("20");
  await harm.locator("> button").click();
  // The armor roll is Vex's (the defender rolls it): the table waits for
  // Alice; the GM rolls it for her this time.
  const armor = gm.page.locator("#dice-part .awaited", { hasText: "armor d100 for Vex Marrow" });
  await armor.waitFor();
  await alice.page.locator("#dice-part .awaited", { hasText: "armor d100" }).waitFor();
  await h.shot(gm.page, "desktop-gm-armor-roll-waits");
  await armor.getByRole("button", { name: "Roll it for them" }).click();
  await card(gm.page, "Vex Marrow").locator(".downed").waitFor();
  await settle(gm.page);
  await passTo(gm.page, "Vex Marrow");
  await gm.page.locator("#dice-part .awaited", { hasText: "waits for the dice of Vex Marrow" }).waitFor();
  await h.shot(gm.page, "desktop-gm-sees-the-table-waiting");
  const yours = alice.page.locator("#dice-part .awaited", { hasText: "death save" });
  await yours.waitFor();
  await h.shot(alice.page, "phone-your-death-save");
  await yours.getByRole("button", { name: "Roll your dice" }).click();
  d = await dialog(alice.page);
  check((await d.locator("fieldset.d100").count()) === 1, "the death save is one d100: tens and ones");
  await d.getByLabel(/Tens die/).fill("9");
  await d.getByLabel(/Ones die/).fill("5");
  await d.locator(".reads", { hasText: "Reads 95." }).waitFor();
  await h.shot(alice.page, "phone-death-save-dialog");
  await d.getByRole("button", { name: "Send the dice" }).click();
  await alice.page.locator("#dice-part .awaited").waitFor({ state: "detached" });
  await gm.page.locator("#dice-part .awaited").waitFor({ state: "detached" });
  await gm.page.locator(".log, .latest", { hasText: /death save/i }).first().waitFor();
  await h.shot(alice.page, "phone-death-save-rolled");

  // 8. On a desktop: the next death save, through the same dialog.
  await alice.page.setViewportSize(DESKTOP);
  await passTo(gm.page, "Vex Marrow");
  await alice.page.locator("#dice-part .awaited", { hasText: "death save" }).getByRole("button", { name: "Roll your dice" }).click();
  d = await dialog(alice.page);
  await d.getByLabel(/Tens die/).fill("7");
  await d.getByLabel(/Ones die/).fill("10");
  await d.locator(".reads", { hasText: "Reads 70." }).waitFor();
  await h.shot(alice.page, "desktop-death-save-dialog");
  await d.getByRole("button", { name: "Send the dice" }).click();
  await alice.page.locator("#dice-part .awaited").waitFor({ state: "detached" });
  await h.shot(alice.page, "desktop-death-save-rolled");
}

await h.run("physical dice in one dialog", main, () => [["gm", gm], ["alice", alice]]);
