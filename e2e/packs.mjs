// A campaign's own content pack and its compendium, driven by
// crates/cli/tests/browser.rs.
//
// The GM creates a Compound X campaign and invites Alice (on a phone, for
// the slot vex). Alice's Vex with the Rail SMG is refused: the built-in
// sample pack has no such weapon. The GM opens Content packs, uploads a
// broken pack (refused whole, every problem listed with its file and line),
// then the Rustbelt pack (the sample plus the Rail SMG), sees that it breaks
// nothing and switches to it. Alice imports Vex again, now accepted; her
// sheet links the Rail SMG to the compendium, which shows its numbers,
// range brackets and rule IDs. Going back to the built-in pack would break
// Vex: the check lists why, and the switch is refused. Screenshots go to $NANITE_SHOTS
// (packs-NN-*.png), each step's page audited.
import { join, dirname } from "node:path";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { harness } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const h = harness({ prefix: "packs" });
const { gmLink, check } = h;
const fixtures = join(here, "fixtures");
const filesOf = (dir) => readdirSync(join(fixtures, dir)).filter((f) => f.endsWith(".toml")).map((f) => join(fixtures, dir, f));

let gm = null;
let alice = null;
async function main() {
  gm = await h.open("gm", { width: 1280, height: 900 });
  alice = await h.open("alice", { width: 390, height: 844 }); // a phone

  // 1. The GM creates a campaign and invites Alice for Vex.
  await h.join(gm.page, gmLink);
  const newCampaign = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create Compound X campaign" }) });
  await newCampaign.getByLabel("Name").fill("Rustbelt nights");
  await newCampaign.getByRole("button", { name: "Create Compound X campaign" }).click();
  const campaignLink = await newCampaign.locator("input.link").inputValue();
  await h.join(gm.page, campaignLink);
  await gm.page.getByRole("heading", { name: "Rustbelt nights" }).waitFor();
  const invite = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Create link" }) });
  await invite.getByLabel("Role").selectOption("player");
  await invite.getByLabel(/Label/).fill("Alice");
  await invite.getByLabel(/Character slot/).fill("vex");
  await invite.getByRole("button", { name: "Create link" }).click();
  await gm.page.locator("#dashboard").getByRole("cell", { name: "Alice", exact: true }).waitFor();
  await h.join(alice.page, await invite.locator("input.link").inputValue());

  // 2. Vex with the Rail SMG is refused under the built-in sample pack.
  const imp = alice.page.locator("form", { has: alice.page.getByRole("button", { name: "Import", exact: true }) });
  await imp.locator("#import-file").setInputFiles(join(fixtures, "rail-vex.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await imp.locator("output.result.problem", { hasText: "rail-smg" }).waitFor();
  await h.shot(alice.page, "rail-smg-unknown-to-the-sample-pack");

  // 3. The GM opens Content packs and uploads a broken pack: refused whole,
  //    every problem with its file and line.
  await gm.page.getByRole("link", { name: "Content packs" }).click();
  await gm.page.getByRole("heading", { name: "Content packs" }).waitFor();
  const upload = gm.page.locator("form", { has: gm.page.getByRole("button", { name: "Upload and check" }) });
  await upload.getByLabel("Pack files").setInputFiles(filesOf("rustbelt-broken"));
  await upload.getByRole("button", { name: "Upload and check" }).click();
  const problems = upload.locator("output.result.problem");
  await problems.waitFor();
  const said = await problems.innerText();
  check(said.includes("weapons.toml line") && said.includes("sonic"), `the broken pack's problems name file and line: ${said}`);
  check((await problems.locator("li").count()) > 1, "every problem is listed at once");
  await h.shot(gm.page, "broken-pack-refused");

  // 4. The Rustbelt pack: accepted as version 1; it breaks nothing; switch.
  await upload.getByLabel("Pack files").setInputFiles(filesOf("rustbelt"));
  await upload.getByRole("button", { name: "Upload and check" }).click();
  await gm.page.getByRole("heading", { name: "Switch to version 1" }).waitFor();
  check(await gm.page.getByText(/nothing to break/).isVisible(), "version 1 breaks no file");
  await h.shot(gm.page, "version-1-checked");
  await gm.page.getByRole("button", { name: "Switch the campaign to it" }).click();
  await gm.page.getByText("version 1 of its own pack").waitFor();
  await h.shot(gm.page, "switched-to-version-1");

  // 5. Alice imports Vex again: accepted now.
  await alice.page.reload();
  await imp.locator("#import-file").setInputFiles(join(fixtures, "rail-vex.toml"));
  await imp.getByRole("button", { name: "Import", exact: true }).click();
  await imp.locator("output.result", { hasText: "Saved Vex Marrow" }).waitFor();

  // 6. Her sheet links the Rail SMG to its compendium entry.
  await alice.page.getByRole("link", { name: "Vex Marrow" }).click();
  // (The "Between fights" card links it too: the weapon's own card is the last.)
  const rail = alice.page.getByRole("link", { name: "Rail SMG" }).last();
  await rail.waitFor();
  await alice.page.locator("#carried dl.state").waitFor();
  await h.shot(alice.page, "sheet-with-the-rail-smg");
  await rail.click();
  await alice.page.waitForURL(/compendium#weapon-rail-smg$/);
  const entry = alice.page.locator("#weapon-rail-smg");
  await entry.waitFor();
  const text = await entry.innerText();
  for (const want of ["Rail SMG", "3d10 + 6", "Dot Sight", "CX-RNG-02"]) {
    check(text.includes(want), `the compendium entry shows ${want}: ${text}`);
  }
  const wide = await alice.page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `the compendium fits the phone's width: ${wide} px`);
  // The whole compendium is long; the search keeps the entry alone.
  await alice.page.getByLabel(/Search/).fill("rail smg");
  await alice.page.getByRole("button", { name: "Search" }).click();
  await alice.page.waitForURL(/q=rail/);
  await alice.page.locator("#weapon-rail-smg").waitFor();
  check((await alice.page.locator("article.entry").count()) === 1, "the search keeps the Rail SMG alone");
  await h.shot(alice.page, "compendium-entry-on-a-phone");

  // 7. The GM searches the compendium by rule ID.
  await gm.page.getByRole("link", { name: "Compendium" }).click();
  await gm.page.getByLabel(/Search/).fill("CX-RNG-02 ballistic");
  await gm.page.getByRole("button", { name: "Search" }).click();
  await gm.page.locator("#weapon-rail-smg").waitFor();
  check((await gm.page.locator("article.entry").count()) > 1, "a search by rule ID finds every ballistic weapon");
  await h.shot(gm.page, "compendium-search");

  // 8. Going back to the built-in pack would break Vex: the check says so
  //    before the switch, and the switch is refused unless confirmed.
  await gm.page.getByRole("link", { name: "Content packs" }).click();
  await gm.page.getByRole("row", { name: /built in/ }).getByRole("link", { name: "Check and switch" }).click();
  await gm.page.getByRole("heading", { name: "Switch to the built-in sample pack" }).waitFor();
  const broken = await gm.page.locator("ul.diagnostics").innerText();
  check(broken.includes("character vex") && broken.includes("rail-smg"), `the check lists Vex and why: ${broken}`);
  await gm.page.getByRole("button", { name: "Switch the campaign to it" }).click();
  const refused = gm.page.locator("output.result.problem", { hasText: "would break 1 file: character vex" });
  await refused.waitFor();
  await h.shot(gm.page, "switch-back-would-break-vex");
}

await h.run("packs scenario", main, () => [["gm", gm], ["alice", alice]]);
