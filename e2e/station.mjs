// A Station campaign in headless Chromium, driven by crates/cli/tests/browser.rs.
//
// The GM creates a Station campaign, invites Alice for crew member `ana`,
// tries a scenario file with mistakes (every problem is listed with its
// line), and starts the single-player sample. Alice opens the game, selects
// ana on the map, moves by clicking a square and by the keyboard, and ends
// her turn: the automated GM answers at once and the GM's page shows it
// live. The GM then starts the players-vs-GM sample, deploys a creature on
// a square the engine allows, begins, and seats Alice at bo. Last, on a
// phone, the GM opens Content packs from the dashboard: a .tar.gz of a
// Station pack whose scenario names a creature the pack lacks is refused
// with every problem and its line; the pack with its Acid Spitter and the
// Spitter Nest scenario is kept as version 1 and switched to; the
// dashboard's start form offers the nest, which starts, and the
// compendium lists the spitter. Screenshots of every step go to
// $NANITE_SHOTS (prefixed `station-`).
//
// Environment: NANITE_GM_LINK, NANITE_SHOTS, NANITE_CHROMIUM, NANITE_PROFILES.
import { join, dirname } from "node:path";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";
import { tarGz } from "./archive.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "station" });
const { gmLink, base, shots, check } = h;
const open = h.open;
const shot = h.shot;
const join_ = h.join;
const BROKEN = "name: Broken\nkind: sideways\nplayer: ana nobody picks 1\n\npiece hall at 0,0\n####\n#1.#\n####\nend\n";

// The campaign's own creature, added to the sample pack's creatures.toml.
const SPITTER = `
[[creature]]
id = "spitter"
name = "Acid Spitter"
bcp = 1
hp = 4
ap = 3
agi = 1
skill = 2
weapon = "claws"
resist = { biological = 3 }
`;

/** The Station pack directory's files ({name, text}): the sample pack
 * with the spitter, and the Derelict Lab turned into the Spitter Nest. */
function stationPack() {
  const dir = join(here, "..", "content", "station");
  const files = readdirSync(dir).filter((f) => f.endsWith(".toml")).map((name) => {
    let text = readFileSync(join(dir, name), "utf8");
    if (name === "creatures.toml") text += SPITTER;
    return { name, text };
  });
  const lab = readFileSync(join(here, "..", "examples", "station", "derelict-lab.txt"), "utf8");
  files.push({ name: "nest.txt", text: lab.replace("name: Derelict Lab", "name: Spitter Nest").replaceAll("crawler ", "spitter ") });
  return files;
}

let gm = null;
let pl = null;
async function main() {
  gm = await open("gm", { width: 1400, height: 900 });
  pl = await open("player", { width: 1100, height: 850 });

  // 1. The GM creates a Station campaign and joins it.
  await join_(gm.page, gmLink);
  await gm.page.getByText("Station", { exact: true }).click(); // the form's details
  const form = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Station campaign" }) });
  await form.getByLabel("Name").fill("Outpost Nights");
  await form.getByRole("button", { name: "Create Station campaign" }).click();
  const link = await form.locator("input.link").inputValue();
  await join_(gm.page, link);
  await gm.page.getByRole("heading", { name: "Station games" }).waitFor();
  check(await gm.page.getByRole("heading", { name: "Open an encounter" }).count() === 0, "a Station campaign offers no encounters");

  // 2. Alice is invited for crew member ana.
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Label").fill("Alice");
  await invite.getByLabel(/slot/).fill("ana");
  await invite.getByRole("button", { name: "Create link" }).click();
  const aliceLink = await invite.locator("input.link").inputValue();

  // 3. A scenario with mistakes: every problem with its line; nothing starts.
  const upload = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Check and start" }) });
  await upload.locator("input[type=file]").setInputFiles({ name: "broken.txt", mimeType: "text/plain", buffer: Buffer.from(BROKEN) });
  await upload.getByRole("button", { name: "Check and start" }).click();
  await upload.locator("ul.diagnostics li").first().waitFor();
  const problems = await upload.locator("ul.diagnostics li").allInnerTexts();
  check(problems.length >= 2 && problems.every((p) => /line \d+/.test(p)), "each problem names its line: " + problems.join(" | "));
  await shot(gm.page, "gm-scenario-problems");

  // 4. The GM starts the single-player sample and opens it.
  const start = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Start game" }) });
  await start.getByLabel(/^Scenario/).selectOption("derelict-lab");
  await start.getByRole("button", { name: "Start game" }).click();
  await gm.page.locator("#dashboard a", { hasText: "Derelict Lab" }).click();
  await gm.page.waitForURL(/\/s\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const gameUrl = gm.page.url();
  await gm.page.locator("#st-phase", { hasText: "players' turn" }).waitFor();
  await shot(gm.page, "gm-single-player-map");

  // 5. Alice joins, opens the game and selects ana on the map.
  await join_(pl.page, aliceLink);
  await pl.page.goto(gameUrl);
  await pl.page.locator("#live-status[data-state=live]").waitFor();
  check(!(await pl.page.locator(".st-facts").innerText()).includes("BCP"), "players do not see the GM's creature points");
  await pl.page.locator('g[data-unit="ana"]').click();
  await pl.page.locator('[data-panel-of="ana"]').waitFor();
  check(await pl.page.locator('[data-moves-of="ana"] g.st-move').count() > 0, "ana's reachable squares are drawn");
  await shot(pl.page, "player-selects-ana");

  // 6. A click on a square moves her; the result comes as a card, and live to the GM.
  const square = pl.page.locator('[data-moves-of="ana"] g.st-move').first();
  const where = await square.getAttribute("aria-label");
  await square.click();
  await pl.page.locator("#result-card:not([hidden])", { hasText: "ana moves to" }).waitFor();
  await gm.page.locator("ol.st-log", { hasText: "ana moves to" }).waitFor();
  await shot(pl.page, "player-moved");

  // 7. The keyboard: Tab to a square and press Enter.
  await pl.page.locator('g[data-unit="ana"]').focus();
  await pl.page.keyboard.press("Enter");
  const next = pl.page.locator('[data-moves-of="ana"] g.st-move').last();
  if (await next.count()) {
    const before = await pl.page.locator("ol.st-log li").count();
    await next.focus();
    await pl.page.keyboard.press("Enter");
    await pl.page.waitForFunction((n) => document.querySelectorAll("ol.st-log li").length > n, before);
    // The refreshed board keeps the keyboard on ana.
    await pl.page.waitForFunction(() => document.activeElement && document.activeElement.dataset && document.activeElement.dataset.unit === "ana");
  }
  console.log(`moved: ${where}`);

  // 8. Alice ends her turn: the automated GM answers at once.
  await pl.page.getByRole("button", { name: "End the players' turn" }).click();
  await pl.page.locator("#result-card:not([hidden])", { hasText: "The GM's turn" }).waitFor();
  await pl.page.locator(".st-facts", { hasText: "Turn 2" }).waitFor();
  await gm.page.locator(".st-facts", { hasText: "Turn 2" }).waitFor();
  await shot(pl.page, "player-turn-two");

  // 9. With ana selected, a click on a creature targets it: the attack and
  // aimed shots come with their cost and chance, or greyed out with the
  // engine's reason.
  await pl.page.locator('g[data-unit="ana"]').click();
  await pl.page.locator('g[data-unit="c1"]').click();
  const attacks = pl.page.locator('[data-attack-of="ana:c1"]');
  await attacks.waitFor();
  check(await pl.page.locator('g[data-unit="c1"].st-targeted').count() === 1, "c1 is marked as the target");
  const attack = attacks.getByRole("button", { name: /^Attack c1/ });
  if (await attack.isEnabled()) {
    await attack.click();
    await pl.page.locator("#result-card:not([hidden])", { hasText: "attacks c1" }).waitFor();
    check(await pl.page.locator("#result-card pre").count() > 0, "the attack's breakdown is shown");
  } else {
    check((await attacks.locator(".why").first().innerText()).length > 0, "a greyed attack says why");
  }
  await shot(pl.page, "player-targets-c1");
  await pl.page.setViewportSize({ width: 390, height: 844 }); // a phone
  await pl.page.locator('g[data-unit="ana"]').click();
  await shot(pl.page, "player-on-a-phone");
  // The map zooms and pans from its toolbar (panzoom.js; by touch too).
  const map = pl.page.locator("svg.st-map[data-pan-zoom]");
  const tools = pl.page.getByRole("toolbar", { name: "Zoom and pan the map" });
  const whole = await map.getAttribute("viewBox");
  await tools.getByRole("button", { name: "Zoom in on the map" }).click();
  await tools.getByRole("button", { name: "Pan the map right" }).click();
  check((await map.getAttribute("viewBox")) !== whole, `the map zooms and pans: ${whole}`);
  await shot(pl.page, "player-map-zoomed-on-a-phone");
  await tools.getByRole("button", { name: "Reset the view of the map" }).click();
  await pl.page.setViewportSize({ width: 1100, height: 850 });
  await shot(gm.page, "gm-sees-turn-two");

  // 10. The GM starts the players-vs-GM sample, deploys where the engine allows, and begins.
  await gm.page.goto(new URL(link).origin + "/c/" + gameUrl.split("/c/")[1].split("/")[0]);
  await start.getByLabel(/^Scenario/).selectOption("outpost-siege");
  await start.getByRole("button", { name: "Start game" }).click();
  await gm.page.locator("#dashboard a", { hasText: "Outpost Siege" }).click();
  await gm.page.waitForURL(/\/s\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  await gm.page.locator("#st-deploy").selectOption("crawler");
  const legal = gm.page.locator('[data-deploy-of="crawler"] g.st-deploy');
  check(await legal.count() > 0, "crawler has legal squares");
  await shot(gm.page, "gm-deploy-squares");
  await legal.first().click();
  await gm.page.locator("#result-card:not([hidden])", { hasText: "deploys" }).waitFor();
  await gm.page.locator('g[data-unit="c1"]').waitFor();
  await gm.page.getByRole("button", { name: /Begin/ }).click();
  await gm.page.locator("#st-phase", { hasText: "players' turn" }).waitFor();
  await gm.page.locator('g[data-unit="c1"]').click();
  await shot(gm.page, "gm-begins");

  // 11. The GM seats Alice at bo too.
  await gm.page.locator('g[data-unit="bo"]').click();
  const bo = gm.page.locator('[data-panel-of="bo"]');
  await bo.getByRole("button", { name: "Seat Alice" }).click();
  await bo.getByText("Played by Alice.").waitFor();
  await shot(gm.page, "gm-seats-alice-at-bo");

  // 12. On a phone, the GM's own Station pack: from the dashboard to
  //     Content packs; a broken archive (its scenario names a creature the
  //     pack lacks) is refused with every problem and its line.
  const dashboard = new URL(link).origin + "/c/" + gameUrl.split("/c/")[1].split("/")[0];
  await gm.page.setViewportSize({ width: 390, height: 844 });
  await gm.page.goto(dashboard);
  await gm.page.getByRole("link", { name: "Content packs" }).first().click();
  await gm.page.getByRole("heading", { name: "Content packs" }).waitFor();
  const byArchive = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Upload the archive and check" }) });
  const broken = stationPack().map((f) => (f.name === "creatures.toml" ? { ...f, text: f.text.replace(SPITTER, "") } : f));
  await byArchive.locator("input[type=file]").setInputFiles({ name: "nest.tar.gz", mimeType: "application/gzip", buffer: tarGz("nest", broken) });
  await byArchive.getByRole("button", { name: "Upload the archive and check" }).click();
  const refused = byArchive.locator("output.result.problem");
  await refused.waitFor();
  const why = await refused.locator("li").allInnerTexts();
  check(why.length >= 2 && why.every((p) => p.includes("nest/nest.txt line")), "each problem of the archive's scenario names its file and line: " + why.join(" | "));
  await shot(gm.page, "phone-station-pack-archive-refused");

  //     The pack's files and its scenario: kept as version 1, switched to.
  const byFiles = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Upload and check" }) });
  await byFiles.getByLabel("Pack and scenario files").setInputFiles(stationPack().map(({ name, text }) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) })));
  await byFiles.getByRole("button", { name: "Upload and check" }).click();
  await gm.page.getByRole("heading", { name: "Switch to version 1" }).waitFor();
  check(await gm.page.getByText(/All 2 games' scenarios pass under it/).count() === 1, "the running games' scenarios are checked against version 1");
  await shot(gm.page, "phone-station-pack-version-1");
  await gm.page.getByRole("button", { name: "Switch the campaign to it" }).click();
  await gm.page.getByText("version 1 of its own pack").waitFor();

  //     New games start on it: the nest from the dashboard's start form.
  await gm.page.goto(dashboard);
  await start.getByLabel(/^Scenario/).selectOption("nest");
  await shot(gm.page, "phone-station-start-from-the-pack");
  await start.getByRole("button", { name: "Start game" }).click();
  await gm.page.locator("#dashboard a", { hasText: "Spitter Nest" }).waitFor();
  await gm.page.getByRole("link", { name: "Compendium" }).first().click();
  await gm.page.locator("#creature-spitter").waitFor();
  check(await gm.page.locator("#scenario-nest", { hasText: "Spitter Nest" }).count() === 1, "the compendium lists the pack's scenario");
  await shot(gm.page, "phone-station-compendium");
  await gm.page.setViewportSize({ width: 1400, height: 900 });
  await shot(gm.page, "desktop-station-compendium");
}

await h.run("station scenario", main, () => [["gm", gm], ["player", pl]]);
