// One person, several campaigns, and "your turn", in headless Chromium
// (driven by crates/cli/tests/browser.rs).
//
// The GM opens campaign A (the server's first campaign) on a desktop; a
// second GM, in another browser, creates the D20 campaign B and invites a
// player; the first GM opens that link in the same browser profile and joins
// B as a player, finds both campaigns (with ruleset and role) on the
// campaign list reached from the header, switches back to A and still acts
// as its GM: invites Alice, and makes her a new link when she "loses" it.
// Alice, on a phone, imports Vex, opens the fight and turns on the turn
// sound; the GM begins and passes the turns: on the NPC's turn the GM's
// page says "NPC turn" and Alice's says nothing; when Vex's turn comes,
// live, Alice's title and badge say "Your turn" and the chime plays once.
// Screenshots go to $NANITE_SHOTS (prefixed `seats-`); every step's page is
// audited (audit.mjs).
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "seats" });
const { gmLink, check, shot } = h;

let gm = null;
let host = null;
let pl = null;

/** The campaign id in a page's address. */
const campaignOf = (page) => new URL(page.url()).pathname.split("/")[2];

/** The link a form or the dashboard showed. */
async function shownLink(locator) {
  const link = await locator.locator("input.link").inputValue();
  check(link.includes("/join/"), `a link was shown: ${link}`);
  return link;
}

async function main() {
  gm = await open("gm", { width: 1280, height: 900 });
  host = await open("host", { width: 1280, height: 900 });
  pl = await open("player", { width: 390, height: 844 }); // a phone

  // 1. The GM opens campaign A.
  await h.join(gm.page, gmLink);
  const a = campaignOf(gm.page);
  await gm.page.getByRole("heading", { name: "First campaign" }).waitFor();

  // 2. Another GM (the same server link, another browser) creates the D20
  // campaign B, which lands in their campaign list at once, and invites a
  // player.
  await h.join(host.page, gmLink);
  const d20 = host.page.locator("form", { has: host.page.getByRole("button", { name: "Create D20 campaign" }) });
  await host.page.locator("summary", { hasText: /^D20$/ }).click();
  await d20.getByLabel("Name").fill("The Ford");
  await d20.getByRole("button", { name: "Create D20 campaign" }).click();
  await d20.locator("input.link").waitFor();
  await host.page.getByRole("link", { name: "Campaigns" }).click();
  await host.page.waitForURL(/\/campaigns$/);
  await host.page.getByRole("link", { name: "The Ford" }).click();
  await host.page.getByRole("heading", { name: "The Ford" }).waitFor();
  const invite = host.page.locator("form", { has: host.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Gina");
  await invite.getByRole("button", { name: "Create link" }).click();
  const fordLink = await shownLink(invite);

  // 3. The GM of A joins B as a player in the same browser profile.
  await h.join(gm.page, fordLink);
  await gm.page.getByRole("heading", { name: "The Ford" }).waitFor();
  check((await gm.page.locator("header .who").innerText()).includes("player"), "the GM sits at the Ford as a player");
  check((await gm.page.getByRole("heading", { name: "Invite someone" }).count()) === 0, "a player has no invitation card");
  await shot(gm.page, "gm-joined-b-as-player");

  // 4. The campaign list, from the header: both, with ruleset and role.
  await gm.page.getByRole("link", { name: "Campaigns" }).click();
  await gm.page.waitForURL(/\/campaigns$/);
  const list = gm.page.locator("ul.campaign-list");
  const rowA = list.locator("li", { hasText: "First campaign" });
  const rowB = list.locator("li", { hasText: "The Ford" });
  check((await rowA.innerText()).includes("Compound X") && (await rowA.innerText()).includes("GM"), `A: ${await rowA.innerText()}`);
  check((await rowB.innerText()).includes("D20") && (await rowB.innerText()).includes("player"), `B: ${await rowB.innerText()}`);
  await shot(gm.page, "campaign-list");

  // 5. Switch back to A: still its GM (no 403), who invites Alice.
  await rowA.getByRole("link", { name: "First campaign" }).click();
  await gm.page.waitForURL(new RegExp(`/c/${a}$`));
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  check((await gm.page.locator("header .who").innerText()).includes("GM"), "back at A as the GM");
  const inviteA = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await inviteA.getByLabel("Role").selectOption("player");
  await inviteA.getByLabel(/Label/).fill("Alice");
  await inviteA.getByLabel(/Character slot/).fill("vex");
  await inviteA.getByRole("button", { name: "Create link" }).click();
  const lostLink = await shownLink(inviteA);
  await gm.page.locator("#dashboard").getByRole("cell", { name: "Alice", exact: true }).waitFor();

  // 6. Alice lost her link: the GM makes a new one for the same seat.
  h.expectConfirm("Make a new link for Alice? Their old link stops working; anyone already at the table through it stays.");
  await gm.page.getByRole("button", { name: "New link for Alice" }).click();
  const shown = gm.page.locator("#link-shown:not([hidden])");
  await shown.waitFor();
  check(h.confirmed(), "a new link asks the GM to confirm");
  const aliceLink = await shownLink(shown);
  check(aliceLink !== lostLink, "the new link is another");
  await shot(gm.page, "gm-new-link");

  // 7. The old link opens nothing; Alice joins with the new one on her
  // phone and imports Vex.
  await pl.page.goto(lostLink);
  await pl.page.getByRole("button", { name: "Join the table" }).click();
  await pl.page.getByText(/replaced by a newer one/).waitFor();
  await h.join(pl.page, aliceLink);
  const imp = pl.page.locator("form", { has: pl.page.getByRole("button", { name: "Import", exact: true }) });
  await imp.locator("#import-file").setInputFiles(join(here, "..", "examples", "compound-x", "vex.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await pl.page.locator("#dashboard li", { hasText: "Vex Marrow" }).locator(".badge", { hasText: "yours" }).waitFor();
  // On the GM's dashboard Vex is Alice's, not "yours".
  const vexGm = gm.page.locator("#dashboard li", { hasText: "Vex Marrow" });
  await vexGm.waitFor();
  check((await vexGm.innerText()).includes("played by Alice") && !(await vexGm.innerText()).includes("yours"), `the GM's line of Vex: ${await vexGm.innerText()}`);

  // 8. The GM opens a fight: Vex against a raider.
  const openEnc = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The ford crossing");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The ford crossing" }).click();
  await gm.page.waitForURL(/\/e\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const add = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-id").fill("vex");
  await add.locator("#add-char").selectOption({ label: "Vex Marrow" });
  await add.locator("#add-side").fill("players");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await gm.page.getByRole("article", { name: "Vex Marrow", exact: true }).waitFor();
  await add.locator("#add-id").fill("raider");
  await add.locator("#add-char").selectOption("");
  await add.locator("#add-npc").setInputFiles(join(here, "..", "examples", "compound-x", "raider.toml"));
  await add.locator("#add-side").fill("raiders");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await gm.page.getByRole("article", { name: "Depot Raider", exact: true }).waitFor();
  await gm.page.getByText("Set a distance").click();
  const dist = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Set distance" }) });
  await dist.locator("#dist-a").fill("vex");
  await dist.locator("#dist-b").fill("raider");
  await dist.locator("#dist-m").fill("15");
  await dist.getByRole("button", { name: "Set distance" }).click();
  await gm.page.locator("#result-card", { hasText: "15" }).waitFor();

  // 9. Alice opens the fight and turns the turn sound on (remembered).
  await pl.page.goto(gm.page.url());
  await pl.page.locator("#live-status[data-state=live]").waitFor();
  const sound = pl.page.getByLabel("Sound on my turn");
  check(!(await sound.isChecked()), "the sound is off until the player turns it on");
  await sound.check();
  check((await pl.page.evaluate(() => localStorage.getItem("nanite-turn-sound"))) === "on", "the choice is remembered");
  await pl.page.reload();
  await pl.page.locator("#live-status[data-state=live]").waitFor();
  check(await pl.page.getByLabel("Sound on my turn").isChecked(), "the choice is still on after a reload");
  const baseTitle = await pl.page.title();
  check(!baseTitle.includes("Your turn"), `no turn before the fight: ${baseTitle}`);

  // 10. The GM begins and passes turns until the raider's: "NPC turn" on
  // the GM's page, nothing on Alice's.
  await gm.page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  await gm.page.locator("#result-card:not([hidden])", { hasText: "initiative" }).waitFor();
  await gm.page.getByRole("button", { name: "Begin the fight" }).click();
  await gm.page.locator(".status", { hasText: "Round 1" }).waitFor();
  for (let i = 0; i < 3 && (await gm.page.locator("#turn-call").getAttribute("data-turn")) !== "npc"; i++) {
    const before = await gm.page.locator(".turn").innerText();
    await gm.page.getByRole("button", { name: "Next turn" }).click();
    await gm.page.waitForFunction((t) => document.querySelector(".turn") && document.querySelector(".turn").innerText !== t, before);
  }
  await gm.page.locator("#turn-call[data-turn=npc]", { hasText: "NPC turn" }).waitFor();
  check((await gm.page.title()).startsWith("NPC turn"), `the GM's title on the NPC's turn: ${await gm.page.title()}`);
  await pl.page.locator("ol.initiative li.active", { hasText: "Depot Raider" }).waitFor();
  await pl.page.locator("#turn-call[data-turn=none]").waitFor({ state: "attached" });
  await pl.page.waitForFunction(() => document.body.dataset.settled === "yes");
  check((await pl.page.title()) === baseTitle, `Alice's title on the NPC's turn: ${await pl.page.title()}`);
  const chimesBefore = Number(await pl.page.evaluate(() => document.body.dataset.chimes || 0));
  await shot(gm.page, "gm-npc-turn");

  // 11. The turn passes to Vex, live: Alice's title and badge say so, and
  // the chime plays once.
  await gm.page.getByRole("button", { name: "Next turn" }).click();
  await pl.page.locator("#turn-call[data-turn=yours]", { hasText: "Your turn" }).waitFor();
  await pl.page.waitForFunction(() => document.title.includes("Your turn"));
  check((await pl.page.title()).endsWith(baseTitle), `the title keeps the page's name: ${await pl.page.title()}`);
  check(await pl.page.locator("#turn-call").isVisible(), "the badge is visible");
  const chimes = Number(await pl.page.evaluate(() => document.body.dataset.chimes || 0));
  check(chimes === chimesBefore + 1, `one chime when the turn came (${chimesBefore} -> ${chimes})`);
  await gm.page.locator("#turn-call[data-turn=none]").waitFor({ state: "attached" });
  await shot(pl.page, "player-your-turn");
}

const open = h.open;
await h.run("campaigns and turns scenario", main, () => [["gm", gm], ["host", host], ["player", pl]]);
