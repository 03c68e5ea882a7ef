// The web table in headless Chromium, driven by crates/cli/tests/browser.rs.
//
// A GM creates a campaign and invites a player; the player joins in a second
// browser context and builds a character named <img src=x onerror=alert(1)>
// through the builder; the GM opens an encounter with that character and an
// NPC; the player fires on their turn; both pages show the result live; the
// player sees the NPC's wounded descriptor, never its exact health; the
// player's page recovers after its connection drops; a roll reaches the GM
// live; the GM undoes the last command and both pages show it live.
// Screenshots of every step go to $NANITE_SHOTS, and every step's page is
// audited for contrast and accessible names (audit.mjs).
//
// Environment: NANITE_GM_LINK (the server's printed GM link), NANITE_SHOTS,
// NANITE_CHROMIUM, NANITE_PROFILES (a scratch directory).
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness();
const { gmLink, base, shots, check } = h;
const open = h.open;
const shot = h.shot;
const join_ = h.join;
const XSS = "<img src=x onerror=alert(1)>";

let gm = null;
let pl = null;
async function main() {
  gm = await open("gm", { width: 1280, height: 900 });
  pl = await open("player", { width: 390, height: 844 }); // a phone

  // 1. The GM joins with the server's link and creates a campaign.
  await join_(gm.page, gmLink);
  await shot(gm.page, "gm-first-dashboard");
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("Depot Nights");
  await newCampaign.getByLabel(/melee_guard/).check();
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  const campaignLink = await newCampaign.locator("input.link").inputValue();
  check(campaignLink.includes("/join/"), "the new campaign's GM link is shown");
  await join_(gm.page, campaignLink);
  await gm.page.getByRole("heading", { name: "Depot Nights" }).waitFor();
  check((await gm.page.locator("#dashboard").innerText()).includes("melee_guard"), "the house rule is in force");
  await shot(gm.page, "gm-new-campaign");

  // 2. The GM invites a player.
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByRole("button", { name: "Create link" }).click();
  const playerLink = await invite.locator("input.link").inputValue();
  await gm.page.locator("#dashboard").getByRole("cell", { name: "Alice", exact: true }).waitFor();
  await shot(gm.page, "gm-invited-alice");

  // 3. The player joins on a phone and builds a character.
  await join_(pl.page, playerLink);
  await shot(pl.page, "player-dashboard");
  await pl.page.getByRole("link", { name: /Build a character/ }).click();
  await pl.page.waitForURL(/\/build$/);
  await h.openSteps(pl.page); // a phone folds the steps after the first
  await pl.page.getByLabel("Name").fill(XSS);
  await pl.page.getByLabel("Race").selectOption("human");
  await pl.page.getByLabel("Class").selectOption("soldier");
  // A stat above the creation limit first: the builder says why, with the rule.
  await pl.page.locator("#b-STR").fill("12");
  await pl.page.locator("#b-STR-error").waitFor();
  const problems = await pl.page.locator("#b-STR-error").innerText();
  check(/CX-STAT-/.test(problems), `a rejection beside the field names its rule: ${problems}`);
  await shot(pl.page, "player-builder-rejected");
  await h.fillSoldier(pl.page);
  await pl.page.getByLabel("Armor", { exact: true }).selectOption({ index: 1 });
  await pl.page.getByLabel("Name").press("Tab");
  const save = pl.page.getByRole("button", { name: "Save the character" });
  try {
    await save.waitFor();
  } catch (e) {
    await shot(pl.page, "player-builder-stuck");
    throw new Error("the builder did not accept the character: " + (await pl.page.locator("#build-check").innerText()));
  }
  await shot(pl.page, "player-builder-legal");
  await save.click();
  await pl.page.waitForURL(/\/characters\//);
  await pl.page.locator("table.miss").first().waitFor();
  check((await pl.page.locator("h1").first().innerText()) === XSS, "the name renders as text on the sheet");
  check((await pl.page.locator("img").count()) === 0, "no image element came from the name");
  await shot(pl.page, "player-sheet");

  // 4. The GM sees the character arrive live and opens an encounter.
  await gm.page.locator("#dashboard li", { hasText: XSS }).waitFor();
  const openEnc = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The depot yard");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The depot yard" }).click();
  await gm.page.waitForURL(/\/e\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const add = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-id").fill("hero");
  await add.locator("#add-char").selectOption({ label: XSS });
  await add.locator("#add-side").fill("players");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await gm.page.getByRole("article", { name: XSS, exact: true }).waitFor();
  await add.locator("#add-id").fill("raider");
  await add.locator("#add-char").selectOption("");
  await add.locator("#add-npc").setInputFiles(join(here, "..", "examples", "compound-x", "raider.toml"));
  await add.locator("#add-side").fill("raiders");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await gm.page.getByRole("article", { name: "Depot Raider", exact: true }).waitFor();
  await gm.page.getByText("Set a distance").click();
  const dist = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Set distance" }) });
  await dist.locator("#dist-a").fill("hero");
  await dist.locator("#dist-b").fill("raider");
  await dist.locator("#dist-m").fill("15");
  await dist.getByRole("button", { name: "Set distance" }).click();
  await gm.page.locator("#result-card", { hasText: "15" }).waitFor();
  await gm.page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  // The list is there before the roll: wait for the roll's own result.
  await gm.page.locator("#result-card:not([hidden])", { hasText: "initiative" }).waitFor();
  await gm.page.getByRole("button", { name: "Begin the fight" }).click();
  await gm.page.locator(".status", { hasText: "Round 1" }).waitFor();
  // Until it is the player's turn.
  for (let i = 0; i < 3; i++) {
    const turn = await gm.page.locator(".turn").innerText();
    if (turn.includes(XSS)) break;
    await gm.page.getByRole("button", { name: "Next turn" }).click();
    await gm.page.waitForFunction((t) => !document.querySelector(".turn") || document.querySelector(".turn").innerText !== t, turn);
  }
  check((await gm.page.locator(".turn").innerText()).includes(XSS), "the player's character is active");
  const raiderGm = gm.page.getByRole("article", { name: "Depot Raider", exact: true });
  check((await raiderGm.innerText()).includes("Health"), "the GM sees the NPC's exact health");
  await shot(gm.page, "gm-encounter-begun");

  // 5. The player opens the encounter (its link arrived live) and fires.
  await pl.page.goto(`${base}/c/${new URL(gm.page.url()).pathname.split("/")[2]}`);
  await pl.page.getByRole("link", { name: "The depot yard" }).click();
  await pl.page.waitForURL(/\/e\//);
  await pl.page.locator("#live-status[data-state=live]").waitFor();
  const raiderPl = pl.page.getByRole("article", { name: "Depot Raider", exact: true });
  check((await raiderPl.locator(".bar").count()) === 0, "the player sees no bar of the NPC");
  check(!(await raiderPl.innerText()).includes("Health"), "the player does not see the NPC's health");
  check((await raiderPl.locator(".wounded").innerText()) === "unhurt", "the player sees the NPC's descriptor");
  check((await pl.page.locator("article.combatant h3", { hasText: XSS }).count()) === 1, "the name is text in the tracker");
  await shot(pl.page, "player-my-turn");
  // On the phone: the page's height, and the bar fixed at the bottom
  // reaches the roll box and comes back to the fight in one tap each.
  const height = await pl.page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`phone tracker (390x844, the player's turn): page height ${height} px; fire at a target: 1 tap (the first target is picked)`);
  const jump = pl.page.locator("nav.jump");
  check(await jump.isVisible(), "the phone shows the bar of jumps");
  const inView = (id) => pl.page.waitForFunction((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight;
  }, id);
  await jump.getByRole("link", { name: "Rolls" }).click();
  await inView("rolls-h");
  await jump.getByRole("link", { name: "Fight" }).click();
  await inView("enc-title");
  const fire = pl.page.locator("[data-target-group=raider] form.act button:not([aria-disabled=true])", { hasText: "Fire" }).first();
  await fire.focus();
  await pl.page.keyboard.press("Enter"); // the action buttons work from the keyboard
  await pl.page.locator("#result-card:not([hidden])").waitFor();
  const result = await pl.page.locator("#result-card").innerText();
  check(/fires|shoots|miss|hit/i.test(result), `the result card shows the shot: ${result}`);
  await pl.page.locator(".latest", { hasText: "fires" }).waitFor();
  await shot(pl.page, "player-fired");

  // 6. The GM's page shows the same shot, live.
  const firstLine = result.split("\n").find((l) => /fires|shoots/i.test(l)) || result.split("\n")[1];
  await gm.page.locator(".latest", { hasText: firstLine.replace(XSS, "").trim().slice(0, 40) }).waitFor();
  await shot(gm.page, "gm-sees-the-shot");
  const plRaider = await raiderPl.innerText();
  check(!/\d+\/\d+/.test(plRaider.replace(/Reactions used \d+ of \d+/, "")), `no exact numbers of the NPC for the player: ${plRaider}`);

  // 7. The player's connection drops; the GM ends the turn; the page recovers.
  await pl.page.evaluate(() => window.naniteLive.drop());
  await pl.page.locator("#live-status[data-state=down]").waitFor();
  await gm.page.getByRole("button", { name: "Next turn" }).click();
  await pl.page.locator("#live-status[data-state=live]").waitFor();
  await pl.page.waitForFunction((x) => !document.querySelector(".turn") || !document.querySelector(".turn").innerText.includes(x), XSS);
  await shot(pl.page, "player-reconnected");
  // The phone's log shows its latest entries; the rest on demand.
  const logItems = pl.page.locator("#tracker ol.log > li");
  check((await logItems.count()) > 5, "the log is longer than the phone shows at first");
  check(await logItems.nth(5).isHidden(), "the phone's log shows its five latest entries");
  await pl.page.getByRole("button", { name: "Show the whole log" }).click();
  check(await logItems.nth(5).isVisible(), "the whole log on demand");
  await pl.page.getByRole("button", { name: "Show the latest entries only" }).click();

  // 8. A roll from the player reaches the GM's log live.
  const roll = pl.page.locator("form.rollbox");
  await roll.getByLabel("Dice", { exact: true }).fill("2d10+3 # search");
  await roll.getByRole("button", { name: "Roll" }).click();
  await roll.locator("output.result", { hasText: "=" }).waitFor();
  await gm.page.locator("#roll-log li", { hasText: "2d10+3" }).waitFor();
  await shot(gm.page, "gm-sees-the-roll");

  // 9. The player rolls their own die: the dice dialog asks for it by purpose.
  await roll.getByLabel("Dice", { exact: true }).fill("d6");
  await roll.getByLabel(/I roll my own dice/).check();
  await roll.getByRole("button", { name: "Roll" }).click();
  const dice = pl.page.locator("dialog#dice-dialog[open]");
  const face = dice.getByLabel(/d6 for d6/);
  await face.waitFor();
  await shot(pl.page, "player-asked-for-a-die");
  await face.fill("4");
  await face.press("Enter");
  await roll.locator("output.result", { hasText: "d6 = 4" }).waitFor();
  await gm.page.locator("#roll-log li", { hasText: "own dice" }).waitFor();
  await shot(pl.page, "player-rolled-own-die");

  // 10. The GM takes back the last command (the turn passed in step 7),
  // confirming first: the player's turn is back on both pages, live.
  h.expectConfirm("Take back the last command? The fight is replayed without it.");
  await gm.page.getByRole("button", { name: "Undo the last command" }).click();
  await gm.page.locator("#result-card", { hasText: "The GM takes back" }).waitFor();
  check(h.confirmed(), "the undo asked the GM to confirm");
  await gm.page.locator(".turn", { hasText: XSS }).waitFor();
  await pl.page.locator(".turn", { hasText: XSS }).waitFor();
  await shot(pl.page, "player-sees-the-undo");

}

await h.run("browser scenario", main, () => [["gm", gm], ["player", pl]]);
