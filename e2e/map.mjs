// The Compound X battle map, driven by crates/cli/tests/browser.rs: the GM
// (desktop) gives a fight its map by pasting its [map] section and the
// combatants' places; Alice (a phone) sees only Vex behind the yard wall,
// not the two raiders (absent from her page, not hidden); she clicks a
// point past the wall's end, sees the way around it and its metres, and
// confirms the move; the raiders appear as they come into sight; she
// previews her grenade's blast (it catches both raiders) and throws it;
// the GM's page shows the same live. Screenshots at 390x844 and desktop,
// each passing the accessibility audit.
//
// Environment: as e2e/table.mjs.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "map" });
const { gmLink, check } = h;
const examples = join(here, "..", "examples", "compound-x");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

// A yard cut by a wall that blocks sight from the top edge down to 8 m.
const YARD = `[map]
width = 30
height = 16
grid = true

[[map.wall]]
kind = "concealing"
name = "yard wall"
from = [12, 0]
to = [12, 8]

[[map.wall]]
kind = "partial"
name = "crates"
from = [18, 10]
to = [20, 10]

[map.at]
vex = [11.5, 7.5]
raider = [22, 4]
raider-2 = [24, 6]
`;

let gm = null;
let pl = null;

/** Waits until the page shows every update it heard of. */
async function settle(page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction(() => document.body.dataset.settled === "yes");
    await page.waitForTimeout(150);
  }
}

/** Sends one line of the command language from the GM's page. */
async function line(page, text) {
  const form = page.locator("section.command-line form");
  await form.locator("#cmd-line").fill(text);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/script"));
  await form.getByRole("button", { name: "Send" }).click();
  const res = await answered;
  check(res.ok(), `${text} was refused: ${await res.text()}`);
}

/** The names on the map, from its list in words. */
async function onMap(page) {
  return (await page.locator("ul.cx-tokens li").allInnerTexts()).join(" | ");
}

async function main() {
  gm = await h.open("gm", DESKTOP);
  pl = await h.open("player", PHONE);
  await h.join(gm.page, gmLink);
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("Yard map");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  await h.join(gm.page, await newCampaign.locator("input.link").inputValue());
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByRole("button", { name: "Create link" }).click();
  const playerLink = await invite.locator("input.link").inputValue();

  // Alice brings Vex.
  await h.join(pl.page, playerLink);
  const bring = pl.page.locator("form", { has: pl.page.getByRole("button", { name: "Import", exact: true }) });
  await bring.locator("#import-file").setInputFiles(join(examples, "vex.toml"));
  await bring.getByRole("button", { name: "Import", exact: true }).click();
  await pl.page.locator("#dashboard li", { hasText: "Vex Marrow" }).waitFor();

  // The GM opens the fight: Vex and two raiders, Vex first.
  const g = gm.page;
  await g.locator("#dashboard li", { hasText: "Vex Marrow" }).waitFor();
  const openEnc = g.locator("form", { has: g.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The yard");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await g.getByRole("link", { name: "The yard" }).click();
  await g.waitForURL(/\/e\//);
  await g.locator("#live-status[data-state=live]").waitFor();
  const add = g.locator("form", { has: g.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-id").fill("vex");
  await add.locator("#add-char").selectOption({ label: "Vex Marrow" });
  await add.locator("#add-side").fill("players");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await g.getByRole("article", { name: "Vex Marrow", exact: true }).waitFor();
  for (const [id, name] of [["raider", "Depot Raider"], ["raider-2", "Second Raider"]]) {
    await add.locator("#add-char").selectOption("");
    await add.locator("#add-id").fill(id);
    await add.locator("#add-npc").setInputFiles(join(examples, "raider.toml"));
    await add.locator("#add-side").fill("raiders");
    await add.locator("#add-name").fill(name);
    await add.getByRole("button", { name: "Add combatant" }).click();
    await g.getByRole("article", { name, exact: true }).waitFor();
  }
  for (const l of ["initiative vex 90", "initiative raider 50", "initiative raider-2 40", "begin"]) await line(g, l);
  await g.locator(".status", { hasText: "Round 1" }).waitFor();

  // A map with a mistake first: refused with its line, nothing changes.
  const paste = g.locator("form", { has: g.getByRole("button", { name: "Give the map", exact: true }) });
  await g.getByText("Paste a map").click();
  await paste.locator("#map-text").fill(YARD.replace("vex = [11.5, 7.5]", "vex = [40, 4]"));
  await paste.getByRole("button", { name: "Give the map", exact: true }).click();
  await paste.locator("output.result", { hasText: "off the map" }).waitFor();
  check((await g.locator("#map").count()) === 0, "a refused map changes nothing");
  await h.shot(g, "gm-map-refused");
  await paste.locator("#map-text").fill(YARD);
  await paste.getByRole("button", { name: "Give the map", exact: true }).click();
  await g.locator("#map svg.cx-map").waitFor();
  await settle(g);
  const gmSees = await onMap(g);
  check(gmSees.includes("Depot Raider") && gmSees.includes("Second Raider") && gmSees.includes("Vex Marrow"),
    `the GM sees everyone on the map: ${gmSees}`);
  await h.shot(g, "gm-map-given");

  // Alice's page: Vex alone; the raiders behind the wall are not on it.
  const p = pl.page;
  await p.goto(g.url().replace(/\?.*$/, ""));
  await p.locator("#live-status[data-state=live]").waitFor();
  await p.locator("#map svg.cx-map").waitFor();
  const hidden = await p.content();
  check(!hidden.includes("Depot Raider") && !hidden.includes("Second Raider") && !hidden.includes("raider-2"),
    "the raiders behind the wall are absent from Alice's page");
  check((await p.locator("svg.cx-map .cx-token").count()) === 1, "one token on Alice's map");
  check((await p.locator("svg.cx-map .cx-ring").count()) >= 1, "the SMG's range rings are drawn");
  await h.shot(p, "phone-behind-the-wall");

  // She clicks a point past the wall's end: the way around it, its metres.
  await p.locator('svg.cx-map a[href*="to=13.5,9.5"]').click();
  await p.waitForURL(/to=13\.5,9\.5/);
  await p.locator("#map .cx-path").waitFor();
  const way = await p.locator(".cx-preview").innerText();
  check(/\d+ m along the way around the walls, turning/.test(way), `the way turns round the wall: ${way}`);
  await h.shot(p, "phone-move-preview");
  // The same by keyboard: metres typed in the form.
  const to = p.locator("form.cx-to");
  await to.getByLabel("East (m)").fill("13.5");
  await to.getByLabel("South (m)").fill("9.5");
  await to.getByLabel("South (m)").press("Enter");
  await p.locator("#map .cx-path").waitFor();
  const moved = p.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/commands"));
  await p.getByRole("button", { name: /Move Vex Marrow here/ }).click();
  const res = await moved;
  check(res.ok(), `the move was refused: ${await res.text()}`);
  // Past the wall, the raiders come into sight.
  await p.locator("ul.cx-tokens li", { hasText: "Second Raider" }).waitFor();
  await settle(p);
  const seen = await onMap(p);
  check(seen.includes("Depot Raider") && /\d+% to hit/.test(seen), `the raiders appear, with the odds: ${seen}`);
  await h.shot(p, "phone-raiders-in-sight");

  // The grenade's blast, previewed: both raiders in it.
  await p.getByRole("link", { name: /Show the area: .*Grenade.* at Depot Raider/ }).click();
  await p.locator("#map [data-preview=area]").waitFor();
  const blast = await p.locator(".cx-preview").innerText();
  check(blast.includes("Depot Raider") && blast.includes("Second Raider") && blast.includes("(2)"),
    `the blast catches both raiders: ${blast}`);
  await h.shot(p, "phone-blast-preview");
  const thrown = p.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/commands"));
  await p.locator(".cx-preview form.cx-confirm button").click();
  const answer = await thrown;
  check(answer.ok(), `the throw was refused: ${await answer.text()}`);
  await settle(p);
  await h.shot(p, "phone-thrown");

  // The GM saw it live: the throw in the log, both raiders caught.
  await g.locator("#tracker", { hasText: "Second Raider" }).waitFor();
  await g.waitForFunction(() => /Grenade/.test(document.querySelector("#tracker")?.innerText || ""));
  await settle(g);
  const told = await g.locator("#tracker").innerText();
  check(/Grenade/.test(told), "the GM's log has the throw");
  await h.shot(g, "gm-after-the-throw");
  await p.setViewportSize(DESKTOP);
  await h.shot(p, "desktop-player-after");
  await g.setViewportSize(PHONE);
  await h.shot(g, "phone-gm-after");
}

await h.run("the battle map", main, () => [["gm", gm], ["player", pl]]);
