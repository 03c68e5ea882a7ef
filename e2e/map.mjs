// The Compound X battle map, driven by crates/cli/tests/browser.rs: the GM
// (desktop) gives a fight its map by pasting its [map] section and the
// combatants' places; Alice (a phone) sees only Vex behind the yard wall,
// not the two raiders (absent from her page, not hidden); she clicks a
// point past the wall's end, sees the way around it and its metres, and
// confirms the move; the raiders appear as they come into sight; she
// previews her grenade's blast (it catches both raiders) and throws it;
// the GM's page shows the same live. The GM gives the map a background
// image (a file that is no image refused first) that both pages draw
// from the server, and draws a wall in front of Alice (a typed end off
// the map refused, then two clicks): the raiders leave her page, and
// come back when the GM takes the wall off; her grenade's preview shows
// the rings its scatter can put it in. Screenshots at 390x844 and
// desktop, each passing the accessibility audit.
//
// Environment: as e2e/table.mjs.
import { join, dirname } from "node:path";
import { deflateSync } from "node:zlib";
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

/** The CRC-32 of a PNG chunk. */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small floor plan as a PNG (60 x 40 px): tiles, and a brown strip. */
function floorPng() {
  const chunk = (type, data) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const [w, hgt] = [60, 40];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(hgt, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < hgt; y++) {
    const row = Buffer.alloc(1 + 3 * w);
    for (let x = 0; x < w; x++) {
      const tile = ((x >> 2) + (y >> 2)) % 2 === 0;
      const strip = y >= 26 && y < 30;
      const rgb = strip ? [150, 110, 70] : tile ? [214, 206, 188] : [196, 188, 170];
      rgb.forEach((v, i) => { row[1 + 3 * x + i] = v; });
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

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

  // The GM gives the map a background image: a file that is no image is
  // refused and nothing changes; a PNG is drawn under the walls, served by
  // this server, on both pages.
  const bg = g.locator("form", { has: g.getByRole("button", { name: "Give the background" }) });
  await bg.locator("#map-backdrop").setInputFiles({ name: "floor.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a\x01\x00\x01\x00") });
  await bg.getByRole("button", { name: "Give the background" }).click();
  await bg.locator("output.result", { hasText: "not a PNG, JPEG or WebP image" }).waitFor();
  check((await g.locator("svg.cx-map image.cx-backdrop").count()) === 0, "a refused image changes nothing");
  await bg.locator("#map-backdrop").setInputFiles({ name: "floor.png", mimeType: "image/png", buffer: floorPng() });
  await bg.getByRole("button", { name: "Give the background" }).click();
  await g.locator("svg.cx-map image.cx-backdrop").waitFor();
  const href = await g.locator("svg.cx-map image.cx-backdrop").getAttribute("href");
  check(href.startsWith("/api/campaigns/") && href.includes("/map/backdrop?v="), `the image comes from this server: ${href}`);
  const served = await g.request.get(new URL(href, g.url()).href);
  check(served.ok() && served.headers()["content-type"] === "image/png", "the image is served as a PNG");
  await p.locator("svg.cx-map image.cx-backdrop").waitFor();
  await settle(g);
  await h.shot(g, "gm-backdrop");

  // The GM draws a wall in front of Vex: a typed end off the map is
  // refused, then the first end typed and the other clicked.
  await g.getByRole("link", { name: "Draw a wall" }).click();
  await g.waitForURL(/draw=wall/);
  const typed = g.locator("form.cx-draw-typed");
  await typed.getByLabel("From").fill("16,0");
  await typed.getByLabel("To").fill("16,40");
  await typed.getByLabel("To").press("Enter");
  await g.locator(".cx-draw", { hasText: "16,40 is off the map" }).waitFor();
  check((await g.locator("form.cx-wall-add").count()) === 0, "a wall off the map cannot be added");
  await g.locator('svg.cx-map a[href*="from=16,0&end=16,12#"]').click();
  await g.waitForURL(/end=16,12/);
  await g.locator("#map [data-preview=wall]").waitFor({ state: "attached" });
  const wallForm = g.locator("form.cx-wall-add");
  await wallForm.getByLabel("It gives").selectOption("concealing");
  await wallForm.getByLabel("Name (optional)").fill("screen");
  await h.shot(g, "gm-wall-preview");
  const added = g.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/commands"));
  await wallForm.getByRole("button", { name: "Add the wall" }).click();
  check((await added).ok(), "the wall was refused");
  // Alice's page loses the raiders behind it, live.
  await p.waitForFunction(() => !/Raider/.test(document.querySelector("ul.cx-tokens")?.innerText || ""));
  await settle(p);
  check((await p.locator("svg.cx-map .cx-token").count()) === 1, "the wall hides the raiders from Alice");
  await h.shot(p, "phone-wall-hides-raiders");
  // The GM takes it off again: the raiders are back in sight.
  await g.getByRole("link", { name: "Stop drawing walls" }).click();
  await g.waitForURL((u) => !/draw=wall/.test(u.search));
  await g.locator("details.cx-walls summary").click();
  const removed = g.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/commands"));
  await g.getByRole("button", { name: /^Remove screen/ }).click();
  check((await removed).ok(), "the wall was not taken off");
  await p.locator("ul.cx-tokens li", { hasText: "Second Raider" }).waitFor();
  await settle(p);

  // The grenade's blast, previewed: both raiders in it.
  await p.getByRole("link", { name: /Show the area: .*Grenade.* at Depot Raider/ }).click();
  await p.locator("#map [data-preview=area]").waitFor();
  const blast = await p.locator(".cx-preview").innerText();
  check(blast.includes("Depot Raider") && blast.includes("Second Raider") && blast.includes("(2)"),
    `the blast catches both raiders: ${blast}`);
  check((await p.locator("#map [data-preview=scatter]").count()) === 3 && /d10 m beyond \(CX-RNG-15\)/.test(blast),
    `the scatter rings are drawn and told: ${blast}`);
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
