// Accessibility basics checked on a live page (issue 7, item 7): every
// visible piece of text has WCAG AA contrast against what is really behind
// it (4.5:1, or 3:1 for large text: 24px, or 18.66px bold), and every
// visible form control and button has an accessible name. Run on every
// screenshot step, so each state the scenarios reach is audited, not only
// the first page.
//
// The background of a text is found by walking up its ancestors and laying
// their background colours over white; background images are not used by
// nanite's pages (a page that starts using one must extend this walk).
// Inactive controls (disabled or aria-disabled) are exempt from the contrast
// rule, as WCAG 1.4.3 says, but must still be named. Text inside an SVG (the
// Station map's letters and costs) is not measured: it is painted over the
// map's own shapes, which this walk cannot see; the map carries a legend and
// an accessible name for every square and unit instead.

/** Problems on `page`, as sentences naming the element and the fix. */
export async function audit(page) {
  return page.evaluate(() => {
    const problems = [];
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, below) => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1);
    };
    const luminance = ([r, g, b]) => {
      const ch = (v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const ratio = (a, b) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    const background = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      let colour = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const visible = (el) => {
      const s = getComputedStyle(el);
      if (s.visibility === "hidden" || s.display === "none" || Number(s.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.closest("[hidden]") === null;
    };
    const inactive = (el) => el.closest("[disabled], [aria-disabled=true]") !== null;
    const describe = (el) => {
      const text = (el.textContent || el.value || "").trim().replace(/\s+/g, " ").slice(0, 40);
      const id = el.id ? `#${el.id}` : "";
      const cls = el.classList.length ? `.${[...el.classList].join(".")}` : "";
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };

    // Contrast: each element that directly holds visible text.
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || seen.has(el) || !n.textContent.trim()) continue;
      seen.add(el);
      if (!visible(el) || inactive(el) || el.closest("script, style, noscript, option, svg")) continue;
      const s = getComputedStyle(el);
      const size = parseFloat(s.fontSize);
      const bold = Number(s.fontWeight) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      const need = large ? 3 : 4.5;
      const back = background(el);
      const fore = over(parse(s.color), back);
      const got = ratio(fore, back);
      if (got + 1e-9 < need) {
        problems.push(
          `${describe(el)}: text contrast ${got.toFixed(2)}:1 (${s.color} on rgb(${back.slice(0, 3).map(Math.round).join(", ")})), below WCAG AA ${need}:1; darken the text or lighten its background`,
        );
      }
    }

    // Names: form controls and buttons.
    const named = (el) => {
      if ((el.getAttribute("aria-label") || "").trim()) return true;
      const by = el.getAttribute("aria-labelledby");
      if (by && by.split(/\s+/).some((id) => (document.getElementById(id)?.textContent || "").trim())) return true;
      if (el.labels && [...el.labels].some((l) => l.textContent.trim())) return true;
      if ((el.getAttribute("title") || "").trim()) return true;
      if (el.tagName === "BUTTON") return el.textContent.trim() !== "";
      if (el.tagName === "INPUT" && ["submit", "button", "reset"].includes(el.type)) return (el.value || "").trim() !== "";
      return false;
    };
    for (const el of document.querySelectorAll("input, select, textarea, button")) {
      if (el.type === "hidden" || !visible(el)) continue;
      if (!named(el)) problems.push(`${describe(el)}: a control without an accessible name; give it a <label> or aria-label`);
    }
    return problems;
  });
}
