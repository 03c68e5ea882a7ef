// One D20 encounter in headless Chromium, driven by crates/cli/tests/browser.rs.
//
// The GM creates a D20 campaign (initiative kept for the battle) and invites
// a player for the slot "kara"; the player joins on a phone and imports
// examples/d20/kara.toml; the GM opens an encounter on a 10 by 6 grid, adds
// Kara, a bandit and a hidden brute on their squares, rolls initiative and
// begins; on Kara's turn the player moves her by choosing a square of the
// grid (from the keyboard), sees the rapier greyed with the engine's reason
// and shoots the bandit with the shortbow; the result card shows the
// breakdown; the GM's page shows it live; the player never sees the brute
// nor the bandit's exact health. Screenshots go to $NANITE_SHOTS.
//
// Environment: NANITE_GM_LINK, NANITE_SHOTS, NANITE_CHROMIUM, NANITE_PROFILES.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "d20", shotsDefault: ["target", "e2e", "d20"] });
const { gmLink, base, shots, check } = h;
const open = h.open;
const shot = h.shot;
const join_ = h.join;
const examples = join(here, "..", "examples", "d20");

let gm = null;
let pl = null;
async function main() {
  gm = await open("gm", { width: 1280, height: 900 });
  pl = await open("player", { width: 390, height: 844 });

  // 1. The GM creates a D20 campaign with initiative kept for the battle.
  await join_(gm.page, gmLink);
  await gm.page.getByText("D20", { exact: true }).click(); // the form's details
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create D20 campaign" }) });
  await newCampaign.getByLabel("Name").fill("The Ford Road");
  await newCampaign.getByLabel("Initiative").selectOption("combatant");
  await newCampaign.getByLabel("Rolled").selectOption("kept");
  await newCampaign.getByRole("button", { name: "Create D20 campaign" }).click();
  const campaignLink = await newCampaign.locator("input.link").inputValue();
  await join_(gm.page, campaignLink);
  await gm.page.getByRole("heading", { name: "The Ford Road" }).waitFor();
  const settings = await gm.page.locator("#dashboard").innerText();
  check(settings.includes("D20") && settings.includes("kept for the battle"), `the campaign is D20 with kept initiative: ${settings}`);
  await shot(gm.page, "gm-d20-campaign");

  // 2. The GM invites a player for Kara; the player joins and imports her file.
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByLabel(/Character slot/).fill("kara");
  await invite.getByRole("button", { name: "Create link" }).click();
  const playerLink = await invite.locator("input.link").inputValue();
  await join_(pl.page, playerLink);
  check((await pl.page.getByRole("link", { name: /Build a character/ }).count()) === 0, "no Compound X builder in a D20 campaign");
  const imp = pl.page.locator("form", { has: pl.page.getByRole("button", { name: "Import", exact: true }) });
  await imp.locator("#import-file").setInputFiles(join(examples, "kara.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await imp.locator("output.result", { hasText: "Saved Kara Voss" }).waitFor();
  await pl.page.getByRole("link", { name: "Kara Voss" }).click();
  await pl.page.getByRole("heading", { name: "Skills" }).waitFor();
  check((await pl.page.locator("main, body").first().innerText()).includes("Rapier"), "the D20 sheet lists her weapons");
  await shot(pl.page, "player-d20-sheet");

  // 3. The GM opens an encounter on a grid and sets the scene.
  await gm.page.locator("#dashboard li", { hasText: "Kara Voss" }).waitFor();
  const openEnc = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The ford");
  await openEnc.getByLabel("Field").selectOption("map");
  await openEnc.getByLabel(/Grid width/).fill("10");
  await openEnc.getByLabel(/Grid height/).fill("6");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The ford", exact: true }).click();
  await gm.page.waitForURL(/\/e\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const add = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Add combatant" }) });
  const enter = async (id, source, side, x, y, hidden, name) => {
    await add.locator("#add-id").fill(id);
    if (source.character) {
      await add.locator("#add-char").selectOption({ label: source.character });
    } else {
      await add.locator("#add-char").selectOption("");
      await add.locator("#add-npc").setInputFiles(join(examples, source.npc));
    }
    await add.locator("#add-side").fill(side);
    await add.locator("#add-x").fill(String(x));
    await add.locator("#add-y").fill(String(y));
    if (hidden) await add.locator("#add-hidden").check();
    else await add.locator("#add-hidden").uncheck();
    await add.getByRole("button", { name: "Add combatant" }).click();
    await gm.page.getByRole("article", { name: name, exact: true }).waitFor();
  };
  await enter("kara", { character: "Kara Voss" }, "players", 1, 2, false, "Kara Voss");
  await enter("bandit", { npc: "raider.toml" }, "bandits", 5, 2, false, "Bandit Raider");
  await enter("brute", { npc: "brute.toml" }, "bandits", 8, 4, true, "Bandit Brute");
  await gm.page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  // The list is there before the roll: wait for the roll's own result.
  await gm.page.locator("#result-card:not([hidden])", { hasText: "initiative" }).waitFor();
  await gm.page.getByRole("button", { name: "Begin the fight" }).click();
  await gm.page.locator(".status", { hasText: "Round 1" }).waitFor();
  for (let i = 0; i < 3; i++) {
    const turn = await gm.page.locator(".turn").innerText();
    if (turn.includes("Kara Voss")) break;
    await gm.page.getByRole("button", { name: "Next turn" }).click();
    await gm.page.waitForFunction((t) => !document.querySelector(".turn") || document.querySelector(".turn").innerText !== t, turn);
  }
  check((await gm.page.locator(".turn").innerText()).includes("Kara Voss"), "Kara is active");
  const bruteGm = gm.page.getByRole("article", { name: "Bandit Brute", exact: true });
  check((await bruteGm.innerText()).includes("Hit points"), "the GM sees the brute's hit points");
  check((await gm.page.locator("table.grid").count()) === 1, "the GM sees the grid");
  await shot(gm.page, "gm-fight-begun");

  // 4. The player opens the encounter: Kara's turn, the grid, her actions.
  await pl.page.goto(`${base}/c/${new URL(gm.page.url()).pathname.split("/")[2]}`);
  await pl.page.getByRole("link", { name: "The ford", exact: true }).click();
  await pl.page.waitForURL(/\/e\//);
  await pl.page.locator("#live-status[data-state=live]").waitFor();
  await pl.page.getByRole("heading", { name: "Actions of Kara Voss" }).waitFor();
  const text = await pl.page.locator("body").innerText();
  check(!text.includes("Bandit Brute"), "the player never sees the hidden brute");
  const banditPl = pl.page.getByRole("article", { name: "Bandit Raider", exact: true });
  check((await banditPl.locator(".bar").count()) === 0, "no bar of the bandit for the player");
  check((await banditPl.locator(".wounded").innerText()) === "unhurt", "the bandit's descriptor");
  const rapier = pl.page.locator("[data-target-group=bandit] form.act", { hasText: "Attack with Rapier" });
  check((await rapier.locator("button[aria-disabled=true]").count()) === 1, "the rapier does not reach: greyed");
  const why = await rapier.locator(".why").innerText();
  check(why.length > 10, `the engine's reason is shown: ${why}`);
  await shot(pl.page, "player-kara-turn");

  // 5. She moves by choosing a square, from the keyboard.
  const square = pl.page.getByRole("button", { name: "Move to square 3,2" });
  await square.focus();
  await pl.page.keyboard.press("Enter");
  await pl.page.locator("#result-card:not([hidden])", { hasText: "moves" }).waitFor();
  await pl.page.getByRole("article", { name: "Kara Voss", exact: true }).getByText("square 3,2").waitFor();
  await shot(pl.page, "player-moved");

  // 6. She shoots the bandit; the result card shows the breakdown.
  const bow = pl.page.locator("[data-target-group=bandit] form.act button:not([aria-disabled=true])", { hasText: "Attack with Shortbow" });
  await bow.click();
  await pl.page.locator("#result-card", { hasText: "Defense" }).waitFor();
  const result = await pl.page.locator("#result-card").innerText();
  check(/attacks Bandit Raider with the Shortbow/.test(result), `the result card shows the attack: ${result}`);
  check(/d20 = \d+/.test(result), `the breakdown shows the die: ${result}`);
  await pl.page.locator(".latest", { hasText: "attacks Bandit Raider" }).waitFor();
  await shot(pl.page, "player-shot");

  // 7. The GM's page shows the attack live; the player sees no exact health.
  await gm.page.locator(".latest", { hasText: "attacks Bandit Raider" }).waitFor();
  await shot(gm.page, "gm-sees-the-attack");
  const banditText = await banditPl.innerText();
  check(!/\d+\s*\/\s*\d+/.test(banditText) && !banditText.includes("Hit points"), `no exact health of the bandit for the player: ${banditText}`);
  check(!(await pl.page.locator("body").innerText()).includes("Bandit Brute"), "still no brute for the player");

  // 8. She ends her turn; her buttons go.
  await pl.page.locator("form.act button", { hasText: "End turn" }).click();
  await pl.page.waitForFunction(() => !document.querySelector("#act-h"));
  await shot(pl.page, "player-turn-ended");

  // 9. Map-less: the GM opens a fight in rows; the field shows each side's
  // front and back rows.
  await gm.page.goto(`${base}/c/${new URL(gm.page.url()).pathname.split("/")[2]}`);
  const openRows = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await openRows.getByLabel("Name").fill("The cellar");
  await openRows.getByLabel("Field").selectOption("rows");
  await openRows.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The cellar", exact: true }).click();
  await gm.page.waitForURL(/\/e\//);
  const addRow = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Add combatant" }) });
  const enterRow = async (id, source, side, row, name) => {
    await addRow.locator("#add-id").fill(id);
    if (source.character) {
      await addRow.locator("#add-char").selectOption({ label: source.character });
    } else {
      await addRow.locator("#add-char").selectOption("");
      await addRow.locator("#add-npc").setInputFiles(join(examples, source.npc));
    }
    await addRow.locator("#add-side").fill(side);
    await addRow.locator("#add-row").selectOption(row);
    await addRow.getByRole("button", { name: "Add combatant" }).click();
    await gm.page.getByRole("article", { name: name, exact: true }).waitFor();
  };
  await enterRow("kara", { character: "Kara Voss" }, "players", "front", "Kara Voss");
  await enterRow("bandit", { npc: "raider.toml" }, "bandits", "back", "Bandit Raider");
  await enterRow("brute", { npc: "brute.toml" }, "bandits", "front", "Bandit Brute");
  const back = await gm.page.locator("ul[aria-label='bandits back row']").innerText();
  check(back.includes("Bandit Raider"), `the bandit stands in the back row: ${back}`);
  await shot(gm.page, "gm-rows");

}

await h.run("D20 browser scenario", main, () => [["gm", gm], ["player", pl]]);
