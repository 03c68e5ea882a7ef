// Every Compound X action from the page alone, driven by
// crates/cli/tests/browser.rs: a GM and a player at one encounter, each
// acting only through the buttons and fields the tracker draws from the
// engine's choices. The player's character (built in the builder) and the
// GM's NPCs (a soldier with a grenade, a raider, a mage with a cloak) take
// turns until every kind of action below has been carried out at least
// once, the player's kinds by the player and the GM's by the GM.
//
// Environment: as e2e/table.mjs.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "actions" });
const { gmLink, base, check } = h;

// What each seat must carry out from the page. Some need the fight to get
// there first (a reload needs a shot, a grapple act a grapple): the walk
// keeps going until each has been possible.
const PLAYER_KINDS = ["sprint", "move", "aim", "fire", "reload", "stance", "melee", "grapple", "grapple_act",
  "treat", "check", "hold", "search", "stabilize", "end_turn"];
const GM_KINDS = ["throw", "cook", "suppress", "cast", "cloak", "uncloak", "fire", "move", "end_turn"];
const GM_HAND = ["afflict", "cure", "position", "conceal", "reveal"];

let gm = null;
let pl = null;

/** Opens the GM controls' section `summary` (left open if it is). */
async function openSection(page, summary) {
  await page.locator("details", { has: page.locator("summary", { hasText: summary }) })
    .evaluate((d) => { d.open = true; });
}

async function setDistance(page, a, b, metres) {
  await openSection(page, "Set a distance");
  const dist = page.locator("form", { has: page.getByRole("button", { name: "Set distance" }) });
  await dist.locator("#dist-a").fill(a);
  await dist.locator("#dist-b").fill(b);
  await dist.locator("#dist-m").fill(String(metres));
  await dist.getByRole("button", { name: "Set distance" }).click();
  await page.locator("#result-card", { hasText: `${metres} m` }).waitFor();
}

async function addNpc(page, id, file, side) {
  const add = page.locator("form", { has: page.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-id").fill(id);
  await add.locator("#add-char").selectOption("");
  await add.locator("#add-npc").setInputFiles(file);
  await add.locator("#add-side").fill(side);
  await add.getByRole("button", { name: "Add combatant" }).click();
  await page.locator(`article.combatant[data-id="${id}"], article.combatant:has-text("${id}")`).first().waitFor().catch(() => {});
  await page.locator("#result-card:not([hidden])").waitFor();
}

/** Waits until `page` shows every update it heard of, and a little more
 * for one still on its way. */
async function settle(page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction(() => document.body.dataset.settled === "yes");
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => document.body.dataset.settled === "yes");
}

/** Carries out the first allowed choice of `kind` on `page`, trying each
 * target in the picker; `fill` sets its fields. Returns the result's text,
 * or null when no such choice is allowed now. */
async function act(page, kind, fill, label) {
  await settle(page);
  const picks = await page.locator("[data-target-pick]").evaluateAll((els) => els.map((e) => e.value));
  const scopes = [null, ...picks];
  for (const target of scopes) {
    // Taps a person makes for it: the target (unless already picked), the
    // options (opened, each field set) and the button.
    let taps = 1;
    if (target) {
      const pick = page.locator(`[data-target-pick][value="${target}"]`);
      if (!(await pick.isChecked())) taps += 1;
      await pick.check();
    }
    const scope = target
      ? page.locator(`[data-target-group="${target}"]`)
      : page.locator("section.actions > div.buttons:not([data-target-group]), section.gm-hand div.buttons");
    let forms = scope.locator(`form.act-${kind}:has(> button:not([aria-disabled=true]))`);
    if (label) forms = forms.filter({ has: page.locator("> button", { hasText: label }) });
    const form = forms.first();
    if ((await form.count()) === 0) continue;
    if (fill) {
      await form.locator("details.params").evaluate((d) => { d.open = true; });
      taps += 1 + (await fill(form) || 0);
    }
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/"));
    await form.locator("> button").click();
    await answered;
    await page.waitForFunction(() => !document.querySelector("form[aria-busy=true]"));
    const problem = page.locator("output.result.problem");
    if ((await problem.count()) === 0) await settle(page);
    if ((await problem.count()) > 0) {
      const why = await problem.first().innerText();
      // A choice as offered is the engine's to allow; only fields the
      // walk filled in may make it refuse (the page says why).
      if (!fill) throw new Error(`${kind} was refused: ${why}`);
      console.log(`${kind} with its fields filled was refused: ${why}`);
      return null;
    }
    lastTaps = taps;
    return await page.locator("#result-card").innerText();
  }
  return null;
}

/** The taps the last carried-out choice took. */
let lastTaps = 0;

const done = { player: new Set(), gm: new Set(), hand: new Set() };

async function walkTurn(who, page, kinds) {
  for (const want of kinds) {
    if (want === "end_turn" || done[who].has(want)) continue;
    const kind = want === "sprint" ? "move" : want;
    // A sprint needs its runner on its feet (CX-MOVE-04).
    if (want === "sprint") await act(page, "stance", undefined, "Go standing");
    const fill = want === "sprint"
      ? async (f) => { await f.getByLabel("sprint").check(); await f.getByLabel("metres").fill("2"); return 2; }
      : undefined;
    const result = await act(page, kind, fill);
    if (result !== null) {
      done[who].add(want);
      if (who === "player") console.log(`phone (390x844) taps for the player's ${want}: ${lastTaps}`);
      await h.shot(page, `${who}-${want}`);
    }
  }
}

async function main() {
  gm = await h.open("gm", { width: 1280, height: 900 });
  pl = await h.open("player", { width: 390, height: 844 }); // a phone

  await h.join(gm.page, gmLink);
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("Every action");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  await h.join(gm.page, await newCampaign.locator("input.link").inputValue());
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByRole("button", { name: "Create link" }).click();
  const playerLink = await invite.locator("input.link").inputValue();

  // The player builds Kit, a soldier with an SMG and some medicine.
  await h.join(pl.page, playerLink);
  await pl.page.getByRole("link", { name: /Build a character/ }).click();
  await pl.page.waitForURL(/\/build$/);
  await pl.page.getByLabel("Name").fill("Kit");
  await pl.page.getByLabel("Race").selectOption("human");
  await pl.page.getByLabel("Class").selectOption("soldier");
  await h.fillSoldier(pl.page);
  await pl.page.getByLabel("Name").press("Tab");
  await pl.page.getByRole("button", { name: "Save the character" }).click();
  await pl.page.waitForURL(/\/characters\//);

  // The GM opens the encounter: Kit beside a raider, Nyx (a mage) with
  // Kit, Vex (a soldier with grenades) across the yard.
  await gm.page.locator("#dashboard li", { hasText: "Kit" }).waitFor();
  const openEnc = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await openEnc.getByLabel("Name").fill("The yard");
  await openEnc.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The yard" }).click();
  await gm.page.waitForURL(/\/e\//);
  await gm.page.locator("#live-status[data-state=live]").waitFor();
  const add = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Add combatant" }) });
  await add.locator("#add-id").fill("kit");
  await add.locator("#add-char").selectOption({ label: "Kit" });
  await add.locator("#add-side").fill("crew");
  await add.getByRole("button", { name: "Add combatant" }).click();
  await gm.page.getByRole("article", { name: "Kit", exact: true }).waitFor();
  const examples = join(here, "..", "examples", "compound-x");
  await addNpc(gm.page, "nyx", join(here, "fixtures", "nyx.toml"), "crew");
  await addNpc(gm.page, "raider", join(examples, "raider.toml"), "raiders");
  await addNpc(gm.page, "vex", join(examples, "vex.toml"), "raiders");
  for (const [a, b, m] of [["kit", "raider", 1], ["kit", "nyx", 1], ["kit", "vex", 12], ["nyx", "raider", 6],
    ["nyx", "vex", 10], ["raider", "vex", 3]]) {
    await setDistance(gm.page, a, b, m);
  }
  await gm.page.getByRole("button", { name: "Roll initiative for everyone" }).click();
  await gm.page.locator("#result-card:not([hidden])", { hasText: "initiative" }).waitFor();
  await gm.page.getByRole("button", { name: "Begin the fight" }).click();
  await gm.page.locator(".status", { hasText: "Round 1" }).waitFor();
  await h.shot(gm.page, "gm-begun");

  await pl.page.goto(`${base}/c/${new URL(gm.page.url()).pathname.split("/")[2]}`);
  await pl.page.getByRole("link", { name: "The yard" }).click();
  await pl.page.waitForURL(/\/e\//);
  await pl.page.locator("#live-status[data-state=live]").waitFor();

  // The GM's own hand, before anyone acts.
  for (const kind of GM_HAND) {
    if ((await act(gm.page, kind)) !== null) done.hand.add(kind);
  }

  await h.shot(gm.page, "gm-hand");

  for (let turn = 0; turn < 40; turn++) {
    const left = PLAYER_KINDS.filter((k) => !done.player.has(k)).length + GM_KINDS.filter((k) => !done.gm.has(k)).length;
    if (left === 0) break;
    const mine = (await pl.page.locator("section.actions").count()) > 0;
    const who = mine ? "player" : "gm";
    const page = mine ? pl.page : gm.page;
    const activeName = await gm.page.locator(".turn b").innerText();
    // Down the raider once the player has struck and grappled, so the
    // player can stabilize it: the GM's hazard, a little at a time.
    if (mine && done.player.has("grapple_act") && !done.player.has("stabilize")) {
      const raider = gm.page.getByRole("article", { name: "Depot Raider", exact: true }).locator(".wounded");
      await openSection(gm.page, "Adjust: deal damage");
      const harm = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Deal damage" }) });
      for (let i = 0; i < 30 && !/^(down|dead)$/.test(await raider.innerText()); i++) {
        await harm.locator("#harm-t").fill("raider");
        await harm.locator("#harm-n").fill("12");
        await harm.locator("#harm-apl").fill("20");
        await harm.locator("#harm-why").fill(`a falling crate ${i}`);
        await harm.getByRole("button", { name: "Deal damage" }).click();
        await gm.page.locator("#result-card", { hasText: `crate ${i}` }).waitFor();
        await settle(gm.page);
      }
      check((await raider.innerText()) === "down", `the raider is down, not ${await raider.innerText()}`);
      await settle(pl.page);
    }
    // Vex slips out of sight (its attacks gave it away), so the player has
    // someone to search for.
    if (mine && !done.player.has("search")) {
      const vexHides = async (f) => {
        await f.getByLabel("who").selectOption("vex");
        await f.getByLabel(/DC a search/).fill("40");
      };
      await act(gm.page, "conceal", vexHides); // refused while it is still undetected

      await settle(pl.page);
    }
    // The command line: a line that does not read marks the word at fault;
    // one that reads is given as its command.
    if (mine && !done.player.has("typed")) {
      await settle(pl.page);
      const line = pl.page.locator("form", { has: pl.page.locator("#cmd-line") });
      await line.locator("#cmd-line").fill("kit fire burts raider");
      await line.getByRole("button", { name: "Send" }).click();
      await line.locator("output.result.problem", { hasText: "burts" }).waitFor();
      check(await line.locator("#cmd-line[aria-invalid=true]").count() === 1, "the box marks the line at fault");
      const chosen = await pl.page.evaluate(() => {
        const box = document.getElementById("cmd-line");
        return box.value.slice(box.selectionStart, box.selectionEnd);
      });
      check(chosen === "burts", `the word at fault is selected, not "${chosen}"`);
      await h.shot(pl.page, "player-typed-wrong");
      await line.locator("#cmd-line").fill("kit act \"shout a warning\" 1");
      await line.getByRole("button", { name: "Send" }).click();
      await pl.page.locator("#result-card", { hasText: "shout a warning" }).waitFor();
      await settle(pl.page);
      await h.shot(pl.page, "player-typed");
      done.player.add("typed");
    }
    await walkTurn(who, page, mine ? PLAYER_KINDS : GM_KINDS);
    const ended = await act(page, "end_turn");
    check(ended !== null, `${who} could not end ${activeName}'s turn`);
    done[who].add("end_turn");
    await gm.page.waitForFunction((n) => {
      const b = document.querySelector(".turn b");
      return !b || b.innerText !== n;
    }, activeName).catch(() => {});
  }
  const missing = [
    ...PLAYER_KINDS.filter((k) => !done.player.has(k)).map((k) => `player: ${k}`),
    ...GM_KINDS.filter((k) => !done.gm.has(k)).map((k) => `gm: ${k}`),
    ...GM_HAND.filter((k) => !done.hand.has(k)).map((k) => `gm hand: ${k}`),
  ];
  check(missing.length === 0, `never carried out from the page: ${missing.join(", ")}`);
  await h.shot(pl.page, "player-after-the-walk");
}

await h.run("every action from the page", main, () => [["gm", gm], ["player", pl]]);
