// Chat, whispers and rolls from the sheet, driven by crates/cli/tests/browser.rs.
//
// A GM creates a Compound X campaign and invites two players, Alice (on a
// phone, for the slot vex) and Bob; Alice imports Vex; she says a line to
// the table, which both others read live; she whispers the GM, who reads it
// marked as a whisper while Bob never sees it; she rolls Awareness from
// Vex's sheet, and the GM's log shows what was rolled, its breakdown, its
// time and who rolled it. Screenshots go to $NANITE_SHOTS (chat-NN-*.png),
// each step's page audited for contrast and accessible names.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "chat" });
const { gmLink, check } = h;
const examples = join(here, "..", "examples", "compound-x");

let gm = null;
let alice = null;
let bob = null;
async function main() {
  gm = await open("gm", { width: 1280, height: 900 });
  alice = await open("alice", { width: 390, height: 844 }); // a phone
  bob = await open("bob", { width: 1280, height: 900 });

  // 1. The GM creates a campaign and invites Alice (for Vex) and Bob.
  await h.join(gm.page, gmLink);
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("Whispers at the depot");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  const campaignLink = await newCampaign.locator("input.link").inputValue();
  await h.join(gm.page, campaignLink);
  await gm.page.getByRole("heading", { name: "Whispers at the depot" }).waitFor();
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  const link = async (label, slot) => {
    await invite.getByLabel("Role").selectOption("player");
    await invite.getByLabel(/Label/).fill(label);
    await invite.getByLabel(/Character slot/).fill(slot);
    await invite.getByRole("button", { name: "Create link" }).click();
    await gm.page.locator("#dashboard").getByRole("cell", { name: label, exact: true }).waitFor();
    return invite.locator("input.link").inputValue();
  };
  const aliceLink = await link("Alice", "vex");
  const bobLink = await link("Bob", "");
  await h.join(alice.page, aliceLink);
  await h.join(bob.page, bobLink);
  const imp = alice.page.locator("form", { has: alice.page.getByRole("button", { name: "Import", exact: true }) });
  await imp.locator("#import-file").setInputFiles(join(examples, "vex.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await imp.locator("output.result", { hasText: "Saved Vex Marrow" }).waitFor();

  // 2. Alice says a line to the table: the GM and Bob read it live.
  const chat = (page) => page.locator("form.chatbox");
  await chat(alice.page).getByLabel("Say").fill("Anyone else hear that?");
  await chat(alice.page).getByRole("button", { name: "Send" }).click();
  await chat(alice.page).locator("output.result", { hasText: "Said to everyone." }).waitFor();
  for (const who of [gm, bob]) {
    await who.page.locator("#roll-log li.chat", { hasText: "Anyone else hear that?" }).waitFor();
  }
  const line = await bob.page.locator("#roll-log li.chat").first().innerText();
  check(/\d\d:\d\d UTC/.test(line) && line.includes("Alice"), `the line shows its time and sender: ${line}`);
  await h.shot(alice.page, "alice-said-a-line");

  // 3. Alice whispers the GM: the GM reads it, marked; Bob never sees it.
  await chat(alice.page).getByLabel("Say").fill("I pocket the keycard");
  await chat(alice.page).getByLabel("To").selectOption({ label: "the GM (whisper)" });
  await chat(alice.page).getByRole("button", { name: "Send" }).click();
  await chat(alice.page).locator("output.result", { hasText: "Whispered to the GM." }).waitFor();
  await gm.page.locator("#roll-log li.whisper", { hasText: "I pocket the keycard" }).waitFor();
  const whisper = await gm.page.locator("#roll-log li.whisper").first().innerText();
  check(whisper.includes("whispers to the GM"), `the whisper is marked: ${whisper}`);
  await h.shot(gm.page, "gm-sees-the-whisper");
  // Bob's page is told of changes live; a public line after the whisper
  // proves his log has caught up, and the whisper is not in it.
  await chat(gm.page).getByLabel("Say").fill("The lights flicker.");
  await chat(gm.page).getByRole("button", { name: "Send" }).click();
  await bob.page.locator("#roll-log li.chat", { hasText: "The lights flicker." }).waitFor();
  const bobs = await bob.page.locator("#roll-log").innerText();
  check(!bobs.includes("keycard") && !bobs.includes("whispers"), `Bob does not see the whisper: ${bobs}`);
  await h.shot(bob.page, "bob-does-not-see-the-whisper");

  // 4. Alice rolls Awareness from Vex's sheet, in public.
  await alice.page.getByRole("link", { name: "Vex Marrow" }).click();
  await alice.page.getByRole("heading", { name: "Roll from the sheet" }).waitFor();
  await alice.page.getByLabel("Who sees sheet rolls").selectOption("public");
  const awareness = alice.page.locator("form.sheet-roll", { has: alice.page.getByRole("button", { name: "Roll Awareness" }) });
  await awareness.getByRole("button", { name: "Roll Awareness" }).click();
  await awareness.locator("output.result", { hasText: "Vex Marrow: Awareness check" }).waitFor();
  const wide = await alice.page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `the sheet fits the phone's width with its Roll buttons: ${wide} px`);
  await h.shot(alice.page, "alice-rolled-from-the-sheet");

  // 5. The GM's log shows the roll: label, breakdown, time and roller.
  const rolled = gm.page.locator("#roll-log li.roll", { hasText: "Awareness check" });
  await rolled.waitFor();
  const text = await rolled.innerText();
  for (const want of ["Alice", "Vex Marrow: Awareness check", "+30 Awareness skill points", "UTC", "the GM judges it against the DC"]) {
    check(text.includes(want), `the GM's log shows ${want}: ${text}`);
  }
  await h.shot(gm.page, "gm-log-with-the-sheet-roll");
  await bob.page.locator("#roll-log li.roll", { hasText: "Awareness check" }).waitFor();

  // 6. A blind save from the sheet: Alice learns it was made, Bob nothing.
  await alice.page.getByLabel("Who sees sheet rolls").selectOption("blind");
  const will = alice.page.locator("form.sheet-roll", { has: alice.page.getByRole("button", { name: "Roll Will save" }) });
  await will.getByRole("button", { name: "Roll Will save" }).click();
  await will.locator("output.result", { hasText: "only the GM sees the result" }).waitFor();
  await gm.page.locator("#roll-log li.roll", { hasText: "Will save" }).waitFor();
  await chat(gm.page).getByLabel("Say").fill("Roll for initiative soon.");
  await chat(gm.page).getByRole("button", { name: "Send" }).click();
  await bob.page.locator("#roll-log li.chat", { hasText: "Roll for initiative soon." }).waitFor();
  check(!(await bob.page.locator("#roll-log").innerText()).includes("Will save"), "Bob does not see a blind roll");
  await h.shot(bob.page, "bob-log");
}

function open(who, viewport) {
  return h.open(who, viewport);
}

await h.run("chat scenario", main, () => [["gm", gm], ["alice", alice], ["bob", bob]]);
