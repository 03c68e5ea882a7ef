// What every browser scenario shares (run by crates/cli/tests/browser.rs):
// headless Chromium contexts for the GM and the players, numbered
// screenshots, joining with a link, and the checks that hold on every page
// of the web table whatever the scenario:
//
// - no dialog opens unless the step asked for that confirmation (a dialog
//   is how an injected script would show itself);
// - no script error;
// - nothing the Content-Security-Policy refuses (an inline script or
//   style, a script from elsewhere): each violation the page reports, and
//   each "Refused to ..." the browser logs, fails the scenario;
// - no request leaves nanite (the table works without the internet);
// - every screenshot step's page passes the accessibility audit
//   (audit.mjs: WCAG AA contrast, named controls).
//
// Environment: NANITE_GM_LINK (the server's printed GM link), NANITE_SHOTS,
// NANITE_CHROMIUM, NANITE_PROFILES (a scratch directory).
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { audit } from "./audit.mjs";

const here = dirname(fileURLToPath(import.meta.url));

const args = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** A scenario's harness: `prefix` names its screenshots (`d20-01-...`). */
export function harness({ prefix = "", shotsDefault = ["target", "e2e"] } = {}) {
  const gmLink = process.env.NANITE_GM_LINK;
  const shots = process.env.NANITE_SHOTS || join(here, "..", ...shotsDefault);
  const profiles = process.env.NANITE_PROFILES || join(here, "..", "target", `e2e-profiles${prefix ? "-" + prefix : ""}`);
  const executablePath = process.env.NANITE_CHROMIUM || "/usr/bin/chromium";
  const base = new URL(gmLink).origin;
  mkdirSync(shots, { recursive: true });
  const failures = [];
  const contexts = [];
  let expectedConfirm = null;
  let step = 0;
  const name = (what) => `${prefix ? prefix + "-" : ""}${what}`;

  return {
    gmLink,
    base,
    shots,
    failures,

    /** A browser context for `who` with a page of `viewport`'s size. */
    async open(who, viewport) {
      const ctx = await chromium.launchPersistentContext(join(profiles, name(who)), {
        executablePath, headless: true, args, viewport,
      });
      contexts.push(ctx);
      const page = ctx.pages()[0] || (await ctx.newPage());
      // Generous: a cold machine still compiling may be slow to start a
      // page or to pass a live update on; a wait that fails says what never
      // came, and a hung scenario is stopped by the Rust test after 5 minutes.
      page.setDefaultTimeout(30000);
      page.on("dialog", async (d) => {
        if (d.type() === "confirm" && expectedConfirm !== null && d.message() === expectedConfirm) {
          expectedConfirm = null;
          await d.accept();
          return;
        }
        failures.push(`${who}: a dialog opened (${d.message()}): user content ran as script, or a confirmation no step expected`);
        await d.dismiss();
      });
      page.on("pageerror", (e) => failures.push(`${who}: page error ${e.message}`));
      // The policy's refusals: the browser logs each one ("Refused to apply
      // inline style ...") and fires a securitypolicyviolation event, which
      // a script added before the page's own hands to the console too.
      await ctx.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(`CSP violation: ${e.violatedDirective} refused ${e.blockedURI || "inline"} at ${e.sourceFile || document.URL}:${e.lineNumber}`);
        });
      });
      page.on("console", (m) => {
        const text = m.text();
        if (/^CSP violation: |^Refused to |Content Security Policy/.test(text)) {
          failures.push(`${who}: ${text} (on ${page.url()})`);
        }
      });
      await ctx.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(base) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
        failures.push(`${who}: the page asked for ${url}, which is not served by nanite`);
        return route.abort();
      });
      return { ctx, page };
    },

    /** The next confirmation dialog the scenario means to accept. */
    expectConfirm(message) {
      expectedConfirm = message;
    },

    /** Whether the expected confirmation was asked (and accepted). */
    confirmed() {
      return expectedConfirm === null;
    },

    /** A numbered full-page screenshot, and the page's accessibility audit. */
    async shot(page, what) {
      step += 1;
      const file = join(shots, `${name(String(step).padStart(2, "0"))}-${what}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`step ${step}: ${what} -> ${file}`);
      for (const p of await audit(page)) failures.push(`step ${step} (${what}): ${p}`);
    },

    /** Fails the scenario with `what` unless `ok`. */
    check(ok, what) {
      if (!ok) throw new Error(what);
    },

    /** Opens every folded step of the builder on `page` with a tap on its
     * heading (a phone starts with all but the first folded). */
    async openSteps(page) {
      const folded = page.locator("details.step:not([open]) > summary");
      while (await folded.count()) await folded.first().click();
    },

    /** Fills the builder (open on `page`) with a legal human soldier's
     * stats, skills and SMG, leaving name, race and class as they are. */
    async fillSoldier(page) {
      await this.openSteps(page);
      const stats = { STR: 6, PER: 7, FORT: 6, CHA: 6, INT: 5, DEX: 6, LUCK: 6 };
      for (const [code, v] of Object.entries(stats)) await page.locator(`#b-${code}`).fill(String(v));
      await page.locator("#b-sk-smgs").fill("30");
      await page.locator("#b-sk-awareness").fill("10");
      await page.getByLabel("Primary weapon").selectOption("smg");
      await page.locator("#b-m1").fill("2");
    },

    /** Joins the table with an invitation `link` and waits for live updates. */
    async join(page, link) {
      await page.goto(link);
      await page.getByRole("button", { name: "Join the table" }).click();
      await page.waitForURL(/\/c\//);
      await page.locator("#live-status[data-state=live]").waitFor();
    },

    /** Runs `main`, then reports: exits 1 with every failure, or says `title` passed. */
    async run(title, main, pages) {
      try {
        await main();
      } catch (e) {
        failures.push(e.stack || String(e));
        for (const [who, p] of pages()) {
          if (p) await p.page.screenshot({ path: join(shots, `${name("failed")}-${who}.png`), fullPage: true }).catch(() => {});
        }
      } finally {
        for (const ctx of contexts) await ctx.close().catch(() => {});
      }
      if (failures.length) {
        console.error(`${title} failed:\n` + failures.join("\n"));
        process.exit(1);
      }
      console.log(`${title} passed`);
    },
  };
}
