// nanite web table: the Station map. Loaded after table.js on a Station
// game's page (which keeps the live connection and refreshes #station).
//
// Selecting: a click (or Enter/Space) on a unit of the map, or on its
// button under the panel, selects it: its card, the squares it may move to
// and its targets' attacks show. With a unit selected, a click on an enemy
// the unit can attack picks it as the target. Acting: any element with
// data-cmd sends {"command": ...} to the game's commands endpoint; data-post
// sends data-body (or {}) to that URL. Every change carries the CSRF token
// and an idempotency key; answers show as a card with the lines the server
// narrated (the breakdown lines indented), refusals as a problem line.
(function () {
  "use strict";

  var root = document.getElementById("station");
  if (!root) return;
  var api = root.dataset.api;
  var csrfMeta = document.querySelector('meta[name="csrf-token"]');
  var csrf = csrfMeta ? csrfMeta.content : "";
  var card = document.getElementById("result-card");
  var problem = document.getElementById("st-problem");
  var selected = null;
  var target = null;
  var deploy = "";
  var busy = false;

  function key() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function toggle(node, on) {
    // SVG elements ignore the hidden attribute: a class hides both kinds.
    if (on) node.classList.remove("st-hide"); else node.classList.add("st-hide");
  }

  function apply() {
    var units = root.querySelectorAll("[data-unit]");
    var known = Array.prototype.some.call(units, function (u) { return u.dataset.unit === selected; });
    if (!known) { selected = null; target = null; }
    root.querySelectorAll("[data-panel-of]").forEach(function (p) { toggle(p, p.dataset.panelOf === selected); });
    root.querySelectorAll("[data-moves-of]").forEach(function (g) { toggle(g, g.dataset.movesOf === selected && !deploy); });
    root.querySelectorAll("[data-attack-of]").forEach(function (g) {
      toggle(g, g.dataset.attackOf === selected + ":" + target);
    });
    root.querySelectorAll("[data-deploy-of]").forEach(function (g) { toggle(g, g.dataset.deployOf === deploy); });
    units.forEach(function (u) {
      u.classList.toggle("st-selected", u.dataset.unit === selected);
      u.classList.toggle("st-targeted", u.dataset.unit === target);
    });
    root.querySelectorAll("[data-pick]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.pick === selected ? "true" : "false");
    });
    var none = root.querySelector("[data-when-none]");
    if (none) none.hidden = !!selected;
    var pick = root.querySelector("[data-deploy-pick]");
    if (pick) pick.value = deploy;
    if (deploy && pick && pick.value !== deploy) deploy = "";
  }

  function choose(id) {
    if (selected && id !== selected && root.querySelector('[data-attack-of="' + CSS.escape(selected + ":" + id) + '"]')) {
      target = id;
    } else {
      selected = id;
      target = null;
    }
    deploy = "";
    apply();
  }

  function showResult(title, lines) {
    card.textContent = "";
    card.appendChild(el("h2", null, title));
    var pre = null;
    (lines || []).forEach(function (l) {
      if (/^\s/.test(l)) {
        if (!pre) { pre = el("pre", "st-breakdown-card"); card.appendChild(pre); }
        pre.textContent += l.replace(/^\s+/, "") + "\n";
      } else {
        pre = null;
        card.appendChild(el("p", null, l));
      }
    });
    card.hidden = false;
  }

  async function post(url, payload, title) {
    if (busy) return;
    busy = true;
    root.setAttribute("aria-busy", "true");
    problem.hidden = true;
    try {
      var res = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, "Idempotency-Key": key() },
        body: JSON.stringify(payload)
      });
      var data = {};
      try { data = await res.json(); } catch (e) { data = {}; }
      if (res.ok) {
        var entry = data.entry || {};
        var lines = entry.lines || [];
        if (entry.moves) {
          lines = [];
          entry.moves.forEach(function (m) { lines = lines.concat(m.lines || []); });
        }
        if (lines.length) showResult(title, lines);
        if (window.htmx) window.htmx.trigger(document.body, "nanite-update");
      } else {
        var err = data.error || { message: "the server answered without saying why" };
        problem.textContent = err.message + (err.rule ? " (rule " + err.rule + ")" : "");
        problem.hidden = false;
      }
    } catch (e) {
      problem.textContent = "the server could not be reached; try again when the connection is back";
      problem.hidden = false;
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
  }

  function act(node) {
    if (node.dataset.confirm && !window.confirm(node.dataset.confirm)) return;
    if (node.dataset.cmd) {
      var payload = JSON.parse(node.dataset.cmd);
      post(api + "/commands", payload, node.getAttribute("aria-label") || node.textContent.trim());
    } else if (node.dataset.post) {
      post(node.dataset.post, node.dataset.body ? JSON.parse(node.dataset.body) : {}, node.textContent.trim());
    }
  }

  root.addEventListener("click", function (ev) {
    var node = ev.target.closest("[data-cmd], [data-post], [data-unit], [data-pick]");
    if (!node || !root.contains(node)) return;
    if (node.disabled) return;
    if (node.dataset.cmd || node.dataset.post) act(node);
    else choose(node.dataset.unit || node.dataset.pick);
  });
  root.addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    var node = ev.target.closest("g[data-cmd], g[data-unit]");
    if (!node) return;
    ev.preventDefault();
    if (node.dataset.cmd) act(node); else choose(node.dataset.unit);
  });
  root.addEventListener("change", function (ev) {
    if (ev.target.matches("[data-deploy-pick]")) {
      deploy = ev.target.value;
      apply();
    }
  });
  // A refresh replaces the board: keep the keyboard's place on it (the
  // same unit or square, else the selected unit).
  var focusKey = null;
  document.body.addEventListener("htmx:beforeSwap", function (ev) {
    focusKey = null;
    var active = document.activeElement;
    if (ev.detail.target !== root || !active || !root.contains(active)) return;
    focusKey = {
      unit: active.dataset ? active.dataset.unit : null,
      cmd: active.dataset ? active.dataset.cmd : null,
    };
  });
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    if (ev.detail.target !== root) return;
    apply();
    if (!focusKey) return;
    var again = null;
    root.querySelectorAll("[data-cmd]").forEach(function (n) {
      if (!again && focusKey.cmd && n.dataset.cmd === focusKey.cmd && !n.closest(".st-hide")) again = n;
    });
    if (!again && (focusKey.unit || selected)) {
      again = root.querySelector('g[data-unit="' + CSS.escape(focusKey.unit || selected) + '"]');
    }
    focusKey = null;
    if (again) again.focus();
  });
  apply();
})();
