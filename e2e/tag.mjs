// A registered ruleset (playground tag, crates/tag) at the web table, driven
// by crates/server/tests/server/tag_browser.rs: the server registers tag
// with one line and creates a tag campaign; nothing of its page is tag's
// own code. The GM opens an encounter from the dashboard and invites Alice
// (on a phone); Alice joins with her runner from the page's "Join with a
// runner" form; the GM brings in Bob and a hidden Ghost, sets the order by
// typing command lines and begins. Alice tags Bob from her buttons and ends
// her turn; the GM ends Bob's; the Ghost tags Alice's runner from the GM's
// buttons. Alice's page never names the Ghost: her log says she was tagged
// (or dodged) "someone unseen". The GM takes the last command back.
// Screenshots of every step go to $NANITE_SHOTS (prefixed `tag-`).
//
// Environment: NANITE_GM_LINK (the tag campaign's GM link), NANITE_SHOTS,
// NANITE_CHROMIUM, NANITE_PROFILES.
import { harness } from "./harness.mjs";

const h = harness({ prefix: "tag" });
const { gmLink, check } = h;
let gm = null;
let al = null;

/** Waits until `page` has taken in every live update. */
async function settle(page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForFunction(() => document.body.dataset.settled === "yes");
    await page.waitForTimeout(150);
  }
}

/** Sends the choice form `form` (after `fill`), and returns the result. */
async function send(page, form, fill) {
  if (fill) {
    await form.locator("details.params").evaluate((d) => { d.open = true; });
    await fill(form);
  }
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/"));
  await form.locator("> button").click();
  const answer = await answered;
  check(answer.ok(), `${await form.locator("> button").innerText()} was accepted (${answer.status()}: ${await answer.text()})`);
  await page.waitForFunction(() => !document.querySelector("form[aria-busy=true]"));
  await settle(page);
}

/** The choice form whose button says `label`. */
function choice(page, label) {
  return page.locator("form.act", { has: page.locator("> button", { hasText: label }) }).first();
}

/** Types `line` into the command line and waits for it to be taken. */
async function typed(page, line) {
  const box = page.locator("section.command-line form");
  await box.locator("#cmd-line").fill(line);
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/script"));
  await box.getByRole("button", { name: "Send" }).click();
  const answer = await answered;
  check(answer.ok(), `\`${line}\` was taken (${answer.status()}: ${await answer.text()})`);
  await settle(page);
}

/** A runner's fields in a join form. */
function runner(id, name, dodge, hidden) {
  return async (form) => {
    await form.getByLabel("Handle").fill(id);
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Dodge (1 to 5)").fill(String(dodge));
    if (hidden) await form.getByLabel("Hidden from the players").check();
  };
}

async function main() {
  gm = await h.open("gm", { width: 1280, height: 900 });
  al = await h.open("alice", { width: 390, height: 844 }); // a phone

  // 1. The GM creates a second tag campaign from the page (the server
  // offers the rulesets registered on it), then, in the first, opens an
  // encounter and invites Alice.
  await h.join(gm.page, gmLink);
  check((await gm.page.locator("#dashboard").innerText()).includes("Playground tag"), "the dashboard names the ruleset");
  await gm.page.locator("details > summary", { hasText: "Playground tag" }).click();
  const create = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Playground tag campaign" }) });
  await create.getByLabel("Name").fill("Tag Rematch");
  await create.getByRole("button", { name: "Create Playground tag campaign" }).click();
  check((await create.locator("input.link").inputValue()).includes("/join/"), "the new tag campaign's GM link is shown");
  const open = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Open encounter" }) });
  await open.getByLabel("Name").fill("The yard");
  await open.getByRole("button", { name: "Open encounter" }).click();
  await gm.page.getByRole("link", { name: "The yard" }).first().waitFor();
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByRole("button", { name: "Create link" }).click();
  const aliceLink = await invite.locator("input.link").inputValue();
  await h.shot(gm.page, "gm-dashboard");
  await gm.page.getByRole("link", { name: "The yard" }).first().click();
  await gm.page.getByRole("heading", { name: "The yard", exact: true }).waitFor();

  // 2. Alice joins the table and, from the page, the game with her runner.
  await h.join(al.page, aliceLink);
  await al.page.getByRole("link", { name: "The yard" }).first().click();
  await al.page.getByRole("heading", { name: "The yard", exact: true }).waitFor();
  await h.shot(al.page, "alice-before-joining");
  await send(al.page, choice(al.page, "Join with a runner"), runner("ann", "Ann", 2, false));
  await al.page.locator("article.combatant", { hasText: "Ann" }).waitFor();

  // 3. The GM brings in Bob and a hidden Ghost, sets the order by typed
  // lines, and begins.
  await settle(gm.page);
  await send(gm.page, choice(gm.page, "Bring in a runner"), runner("bob", "Bob", 5, false));
  await send(gm.page, choice(gm.page, "Bring in a runner"), runner("ghost", "Ghost", 1, true));
  for (const line of ["initiative ann 6", "initiative bob 5", "initiative ghost 4", "begin"]) await typed(gm.page, line);
  await h.shot(gm.page, "gm-begun");
  await settle(al.page);
  await al.page.locator("h2", { hasText: "Actions of Ann" }).waitFor();
  check(!(await al.page.content()).includes("Ghost"), "Alice's page never names the hidden runner");
  await h.shot(al.page, "alice-her-turn");

  // 4. Alice tags Bob (1 chance in 6) and ends her turn; the GM ends Bob's.
  const tag = choice(al.page, "Tag Bob");
  check((await tag.innerText()).includes("17% to hit"), "the tag shows its exact odds");
  await send(al.page, tag);
  await h.shot(al.page, "alice-tagged-at-bob");
  const afterTag = await al.page.locator("ol.log").innerText();
  check(/Ann tags Bob|Bob dodges Ann/.test(afterTag), `Alice's log tells the tag: ${afterTag}`);
  await send(al.page, choice(al.page, "End the turn"));
  if (/Bob is out/.test(afterTag)) {
    await settle(gm.page);
  } else {
    await settle(gm.page);
    await gm.page.locator("h2", { hasText: "Actions of Bob" }).waitFor();
    await send(gm.page, choice(gm.page, "End the turn"));
  }

  // 5. The hidden Ghost tags Ann from the GM's buttons.
  await gm.page.locator("h2", { hasText: "Actions of Ghost" }).waitFor();
  await gm.page.locator('[data-target-pick][value="ann"]').check();
  await send(gm.page, gm.page.locator('[data-target-group="ann"] form.act-tag').first());
  await h.shot(gm.page, "gm-ghost-tagged");
  await settle(al.page);
  const heard = await al.page.locator("ol.log").innerText();
  check(/someone unseen/.test(heard), `Alice hears of someone unseen: ${heard}`);
  check(!(await al.page.content()).includes("Ghost"), "Alice's page still never names the Ghost");
  await h.shot(al.page, "alice-tagged-by-someone-unseen");

  // 6. The GM takes the Ghost's tag back from the GM controls.
  h.expectConfirm("Take back the last command? The game is replayed without it.");
  const answered = gm.page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/undo"));
  await gm.page.getByRole("button", { name: "Undo the last command" }).click();
  check((await answered).status() === 201, "the GM's undo is taken");
  check(h.confirmed(), "the undo asked for confirmation");
  await settle(al.page);
  await h.shot(gm.page, "gm-after-undo");
  await h.shot(al.page, "alice-after-undo");
}

await h.run("tag at the web table", main, () => [["gm", gm], ["alice", al]]);
