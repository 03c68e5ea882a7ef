// The builders, driven by crates/cli/tests/browser.rs: a Compound X Medic
// built on a 390x844 phone (a blank-name and a too-high stat marked at
// their fields first, with the summary linking to them; then a legal Medic
// with a medikit, Positional Mastermind, a pistol with a dot sight and a
// padded vest, the points and money left shown by the server as she
// chooses), the sheet showing all she carries; the GM awards her the XP
// of level 1 under "Between fights", and only then does that same place
// offer her the level-up with its choices (the sheet has no other). Then a D20 character
// built on a desktop, a score out of range marked first. Screenshots go to
// $NANITE_SHOTS (builders-NN-*.png), each step's page audited.
import { harness } from "./harness.mjs";

const h = harness({ prefix: "builders" });
const { gmLink, check, shot } = h;

let gm = null;
let alice = null;
let bob = null;

/** Waits until the builder's check marks (or clears) the control `id`. */
async function marked(page, id, invalid = true) {
  const sel = invalid ? `#${id}[aria-invalid="true"]` : `#${id}:not([aria-invalid])`;
  await page.locator(sel).waitFor({ state: "attached" });
}

async function main() {
  gm = await h.open("gm", { width: 1280, height: 900 });
  alice = await h.open("alice", { width: 390, height: 844 }); // a phone
  bob = await h.open("bob", { width: 1280, height: 900 });

  // 1. The GM makes a Compound X campaign and invites Alice for "doc".
  await h.join(gm.page, gmLink);
  const make = async (button, name) => {
    const form = gm.page.locator("form", { has: gm.page.getByRole("button", { name: button }) });
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: button }).click();
    const link = await form.locator("input.link").inputValue();
    await h.join(gm.page, link);
    await gm.page.getByRole("heading", { name }).waitFor();
  };
  const invite = async (label, slot) => {
    const form = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
    await form.getByLabel("Role").selectOption("player");
    await form.getByLabel(/Label/).fill(label);
    await form.getByLabel(/Character slot/).fill(slot);
    await form.getByRole("button", { name: "Create link" }).click();
    await gm.page.locator("#dashboard").getByRole("cell", { name: label, exact: true }).waitFor();
    return form.locator("input.link").inputValue();
  };
  await make("Create Compound X campaign", "The clinic");
  const aliceLink = await invite("Alice", "doc");

  // 2. Alice builds on her phone: a blank name and STR 12 are marked at
  // their fields, all at once, with a summary at the top linking to them.
  await h.join(alice.page, aliceLink);
  await alice.page.getByRole("link", { name: /Build a character/ }).click();
  await alice.page.waitForURL(/\/build$/);
  const a = alice.page;
  // On the phone the steps after the first start folded to their headings.
  check((await a.locator("details.step:not([open])").count()) === 4, "the phone folds the builder's four later steps");
  const folded = await a.evaluate(() => document.documentElement.scrollHeight);
  console.log(`phone (390x844) Compound X builder: page height ${folded} px with its steps folded`);
  await shot(a, "cx-phone-steps-folded");
  // A field at fault in a folded step opens it, and its heading says so.
  await a.locator("#b-STR").evaluate((el) => { el.value = "12"; el.dispatchEvent(new Event("input", { bubbles: true })); });
  await a.locator("#b-stats details.step.step-fault[open]").waitFor();
  const heading = await a.locator("#b-stats summary").innerText();
  check(/\d+ fields? to fix/.test(heading), `the step's heading says a field is at fault: ${heading}`);
  await h.openSteps(a);
  await a.getByLabel("Race").selectOption("human");
  await a.getByLabel("Class").selectOption("medic");
  await a.locator("#b-name").fill("   ");
  await a.locator("#b-STR").fill("12");
  await marked(a, "b-STR");
  await marked(a, "b-name");
  const strWhy = await a.locator("#b-STR-error").innerText();
  check(/CX-STAT-06/.test(strWhy), `the message beside STR names its rule: ${strWhy}`);
  const summary = a.locator("#build-summary");
  check((await summary.locator('a[href="#b-STR"]').count()) === 1, "the summary links to STR");
  check((await summary.locator('a[href="#b-name"]').count()) === 1, "the summary links to the name");
  check((await a.getByRole("button", { name: "Save the character" }).count()) === 0, "no save while the name is blank");
  await a.locator("#b-name").scrollIntoViewIfNeeded();
  await shot(a, "cx-phone-marked-errors");
  // The summary's link takes her to the field.
  await summary.locator('a[href="#b-STR"]').click();
  await a.waitForFunction(() => location.hash === "#b-STR");

  // 3. A legal Medic: CHA 9 for Positional Mastermind, medicine, a pistol
  // with a dot sight, a padded vest and a medikit.
  await a.locator("#b-name").fill("Doc Hale");
  const stats = { STR: 5, PER: 6, FORT: 6, CHA: 9, INT: 5, DEX: 6, LUCK: 5 };
  for (const [code, v] of Object.entries(stats)) await a.locator(`#b-${code}`).fill(String(v));
  await a.locator("#b-sk-medicine").fill("20");
  await a.locator("#b-sk-pistols").fill("10");
  await a.getByLabel(/Take instead of a granted feat/).selectOption("positional-mastermind");
  await a.getByLabel("Primary weapon", { exact: true }).selectOption("service-pistol");
  await a.getByText("Attachments for the primary weapon").click();
  await a.locator("#b-w1-dot-sight").check();
  await a.getByLabel("Armor", { exact: true }).selectOption("padded-vest");
  await a.locator("#b-it-medikit").fill("1");
  await a.locator("#b-name").press("Tab");
  const save = a.getByRole("button", { name: "Save the character" });
  try {
    await save.waitFor();
  } catch (e) {
    await shot(a, "cx-phone-stuck");
    throw new Error("the builder did not accept the Medic: " + (await a.locator("#build-summary").innerText()));
  }
  await marked(a, "b-STR", false);
  await marked(a, "b-name", false);
  const money = await a.locator("#left-money").innerText();
  check(money === "350 of 1100", `the money left is the server's: ${money}`);
  const skills = await a.locator("#left-skills").innerText();
  check(skills === "30 of 60", `the skill points left: ${skills}`);
  const feats = await a.locator("#feats-granted").innerText();
  check(feats.includes("Positional Mastermind"), `the feat is shown: ${feats}`);
  await shot(a, "cx-phone-medic-legal");
  await save.click();
  await a.waitForURL(/\/characters\/doc$/);
  const sheet = await a.locator("main, body").first().innerText();
  for (const carried of ["Medikit ×1", "Padded Vest", "Positional Mastermind", "M9 Service Pistol with Dot Sight"]) {
    check(sheet.includes(carried), `the sheet shows ${carried}`);
  }
  check(!sheet.includes("your choices"), "no level-up before the GM's award");
  check(!sheet.includes("Level up to"), "no second level-up form on the sheet");
  await shot(a, "cx-phone-medic-sheet");

  // 4. The GM awards Doc the XP of level 1 under "Between fights"; then
  //    that same place offers her the level-up with its choices.
  await gm.page.goto(`${h.base}${new URL(a.url()).pathname}`);
  await gm.page.getByRole("button", { name: /^Award level 1 \(\d+ XP\)$/ }).click();
  await gm.page.locator("#carried dd", { hasText: "enough for level 1" }).waitFor();
  await shot(gm.page, "cx-gm-awards-a-level");
  await a.reload();
  await a.locator("form.level-up").getByRole("heading", { name: "Level 1: your choices" }).waitFor();
  await shot(a, "cx-phone-level-awarded");

  // 5. A D20 campaign: Bob builds on a desktop; STR 40 is marked first.
  await gm.page.goto(gm.page.url().replace(/\/characters\/.*$/, ""));
  await gm.page.locator("summary", { hasText: /^D20$/ }).click();
  await make("Create D20 campaign", "The ford");
  const bobLink = await invite("Bob", "mira");
  await h.join(bob.page, bobLink);
  const b = bob.page;
  await b.getByRole("link", { name: /Build a D20 character/ }).click();
  await b.waitForURL(/\/build$/);
  await b.locator("#d-name").fill("Mira Vale");
  await b.locator("#d-STR").fill("40");
  await b.locator("#d-sk-melee-fighting").fill("25");
  await marked(b, "d-STR");
  await marked(b, "d-sk-melee-fighting");
  const d20Why = await b.locator("#d-STR-error").innerText();
  check(/D20-CHK-01/.test(d20Why), `the D20 message names its rule: ${d20Why}`);
  check((await b.locator('#build-summary a[href="#d-sk-melee-fighting"]').count()) === 1, "the summary links to the skill");
  await shot(b, "d20-desktop-marked-errors");
  await b.locator("#d-STR").fill("10");
  await b.locator("#d-DEX").fill("15");
  await b.locator("#d-WIS").fill("13");
  await b.locator("#d-sk-melee-fighting").fill("2");
  await b.locator("#d-sk-spellcasting").fill("3");
  await b.getByLabel("Main weapon").selectOption("rapier");
  await b.locator("#d-wp-shortbow").check();
  await b.getByLabel("Armor").selectOption("leather");
  await b.locator("#d-kit-healing-kit").fill("2");
  await b.locator("#d-sp-firebolt").check();
  await b.locator("#d-name").press("Tab");
  const saveD20 = b.getByRole("button", { name: "Save the character" });
  await saveD20.waitFor();
  await marked(b, "d-STR", false);
  await shot(b, "d20-desktop-legal");
  await saveD20.click();
  await b.waitForURL(/\/characters\/mira$/);
  const d20Sheet = await b.locator("main, body").first().innerText();
  for (const shown of ["Mira Vale", "Rapier", "Shortbow", "Firebolt", "Healing Kit"]) {
    check(d20Sheet.includes(shown), `the D20 sheet shows ${shown}`);
  }
  await shot(b, "d20-desktop-sheet");
}

await h.run("builders scenario", main, () => [["gm", gm], ["alice", alice], ["bob", bob]]);
