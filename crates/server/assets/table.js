// nanite web table: the live connection and the forms that talk to /api.
//
// Live: one WebSocket per page on /api/campaigns/{id}/live?after=N. Every
// entry (and the catch-up after a reconnect) makes htmx fetch the page's
// fragments again ("nanite-update" on <body>). A dropped connection is
// retried with a growing pause and resumes after the last version seen.
//
// Forms: <form data-api="/api/..." data-method="POST"> is sent as JSON
// (fields by name; data-type="number", "bool", "optional", "json", "file-text",
// "skip"; dotted names nest; data-body holds fixed JSON the fields are added
// to; data-fields names, by id, fields outside the form that it sends too,
// such as the sheet's one roll-mode choice), or as text (data-send="FIELD": that field's text or file). Every
// change carries the CSRF token and an idempotency key, so a double click
// acts once. Answers are shown as text in the form's <output>, results of
// commands as a card, and the dice a command needs from a player who rolls
// their own are asked for all at once in the dice dialog.
(function () {
  "use strict";

  var body = document.body;
  var campaign = body.dataset.campaign;
  var csrfMeta = document.querySelector('meta[name="csrf-token"]');
  var csrf = csrfMeta ? csrfMeta.content : "";
  var version = Number(body.dataset.version || 0);
  var status = document.getElementById("live-status");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function setStatus(text, state) {
    if (!status) return;
    status.textContent = text;
    status.dataset.state = state;
  }

  // ---- htmx: send the CSRF token with its requests ----
  document.addEventListener("htmx:configRequest", function (ev) {
    ev.detail.headers["X-CSRF-Token"] = csrf;
  });

  // ---- live updates ----
  var refreshTimer = null;
  // Whether the page shows the last update it heard of: "no" from an
  // update's arrival until its fragment is swapped in (browser tests wait
  // for "yes" before reading or filling the page).
  body.dataset.settled = "yes";
  ["htmx:afterSettle", "htmx:responseError", "htmx:sendError"].forEach(function (name) {
    document.addEventListener(name, function () {
      if (!refreshTimer) body.dataset.settled = "yes";
    });
  });
  function refresh() {
    body.dataset.settled = "no";
    if (refreshTimer) return;
    refreshTimer = setTimeout(function () {
      refreshTimer = null;
      if (window.htmx) window.htmx.trigger(body, "nanite-update");
    }, 60);
  }

  var socket = null;
  var retry = 0;
  var caughtUp = false;
  function connect() {
    if (!campaign) return;
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var url = scheme + "//" + location.host + "/api/campaigns/" +
      encodeURIComponent(campaign) + "/live?after=" + version;
    caughtUp = false;
    var missed = 0;
    setStatus(retry ? "reconnecting…" : "connecting…", "connecting");
    socket = new WebSocket(url);
    socket.onopen = function () { retry = 0; };
    socket.onmessage = function (msg) {
      var entry;
      try { entry = JSON.parse(msg.data); } catch (e) { return; }
      if (entry.type === "caught_up") {
        caughtUp = true;
        if (typeof entry.version === "number" && entry.version > version) version = entry.version;
        setStatus("live", "live");
        if (missed > 0) refresh();
        return;
      }
      if (typeof entry.version === "number" && entry.version > version) version = entry.version;
      body.dataset.version = String(version);
      if (caughtUp) refresh(); else missed++;
    };
    socket.onclose = function (ev) {
      socket = null;
      if (ev.code === 4001) {
        setStatus("your invitation was revoked: ask the GM for a new link", "ended");
        return;
      }
      setStatus("connection lost: reconnecting…", "down");
      retry++;
      var pause = Math.min(5000, 250 * Math.pow(2, Math.min(retry, 5)));
      setTimeout(connect, pause);
    };
  }
  window.addEventListener("online", function () { if (!socket) connect(); });
  connect();
  window.naniteLive = {
    // For the browser tests: drop the connection as a network would.
    drop: function () { if (socket) socket.close(); },
    version: function () { return version; }
  };

  // ---- "your turn": the title, and a sound the player may turn on ----
  // A tracker's fragment carries #turn-call (data-turn "yours", "npc" or
  // "none"); on the first drawing and after every refresh the title says
  // it, and when the turn comes to the viewer a short chime plays if they
  // turned the sound on (off by default; remembered in localStorage).
  var baseTitle = document.title;
  var lastTurn = null;
  var SOUND = "nanite-turn-sound";
  var audio = null;
  function soundOn() {
    try { return window.localStorage.getItem(SOUND) === "on"; } catch (e) { return false; }
  }
  function chime() {
    body.dataset.chimes = String(Number(body.dataset.chimes || 0) + 1);
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      if (audio.state === "suspended") audio.resume();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.08;
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start();
      osc.frequency.setValueAtTime(880, audio.currentTime + 0.15);
      osc.stop(audio.currentTime + 0.35);
    } catch (e) { /* no sound on this device: the title still says it */ }
  }
  function turnCall() {
    var call = document.getElementById("turn-call");
    if (!call) return;
    var turn = call.dataset.turn;
    document.title = turn === "yours" ? "\u25B6 Your turn · " + baseTitle
      : turn === "npc" ? "NPC turn · " + baseTitle : baseTitle;
    body.dataset.turn = turn;
    if (turn === "yours" && lastTurn !== null && lastTurn !== "yours" && soundOn()) chime();
    lastTurn = turn;
  }
  var top = document.querySelector("header.top");
  if (document.getElementById("turn-call") && top) {
    var sound = el("span", "turn-sound");
    var soundBox = el("input");
    soundBox.type = "checkbox";
    soundBox.id = "turn-sound";
    soundBox.checked = soundOn();
    var soundLabel = el("label", null, "Sound on my turn");
    soundLabel.htmlFor = "turn-sound";
    soundBox.addEventListener("change", function () {
      try { window.localStorage.setItem(SOUND, soundBox.checked ? "on" : "off"); } catch (e) { /* not remembered */ }
      // A click lets the page play sound from now on; the chime says how it sounds.
      if (soundBox.checked) chime();
    });
    sound.appendChild(soundBox);
    sound.appendChild(soundLabel);
    top.insertBefore(sound, status);
  }
  turnCall();
  document.addEventListener("htmx:afterSwap", turnCall);

  // ---- forms that talk to /api ----
  function key() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function setPath(obj, path, value) {
    var parts = path.split(".");
    var at = obj;
    for (var i = 0; i < parts.length - 1; i++) {
      if (typeof at[parts[i]] !== "object" || at[parts[i]] === null) at[parts[i]] = {};
      at = at[parts[i]];
    }
    at[parts[parts.length - 1]] = value;
  }

  function readFile(input) {
    return new Promise(function (resolve, reject) {
      var file = input.files && input.files[0];
      if (!file) { resolve(null); return; }
      var r = new FileReader();
      r.onload = function () { resolve(String(r.result)); };
      r.onerror = function () { reject(new Error("the file could not be read")); };
      r.readAsText(file);
    });
  }

  // Every file of a multiple file input, as { name: text } (a content
  // pack's TOML files).
  function readFiles(input) {
    var files = Array.prototype.slice.call(input.files || []);
    return Promise.all(files.map(function (file) {
      return new Promise(function (resolve, reject) {
        var r = new FileReader();
        r.onload = function () { resolve([file.name, String(r.result)]); };
        r.onerror = function () { reject(new Error(file.name + " could not be read")); };
        r.readAsText(file);
      });
    })).then(function (pairs) {
      var out = {};
      pairs.forEach(function (p) { out[p[0]] = p[1]; });
      return out;
    });
  }

  async function jsonBody(form) {
    var out = form.dataset.body ? JSON.parse(form.dataset.body) : {};
    var fields = Array.prototype.slice.call(form.querySelectorAll("[name]"));
    (form.dataset.fields || "").split(/\s+/).forEach(function (id) {
      var shared = id && document.getElementById(id);
      if (shared && shared.name) fields.push(shared);
    });
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      var type = f.dataset.type || "";
      if (type === "skip" || f.disabled) continue;
      var value;
      if (type === "bool") value = f.checked;
      else if (type === "list") {
        // Ticked boxes of one name make a list (the level-up's feats).
        if (!f.checked) continue;
        var list = f.name.split(".").reduce(function (o, k) { return o && o[k]; }, out);
        setPath(out, f.name, (Array.isArray(list) ? list : []).concat([f.value]));
        continue;
      } else if (type === "files-text") value = await readFiles(f);
      else if (type === "file-text") {
        value = await readFile(f);
        if (value === null) continue;
      } else if (type === "json") {
        // A square's {"x": 3, "y": 4}, as the choice's option wrote it.
        if (f.value === "") continue;
        value = JSON.parse(f.value);
      } else if (type === "number") {
        if (f.value === "" || (f.dataset.zero === "skip" && Number(f.value) === 0)) continue;
        value = Number(f.value);
      } else {
        value = f.value;
        if (type === "optional" && value.trim() === "") continue;
      }
      setPath(out, f.name, value);
    }
    var physical = fields.filter(function (f) { return f.name === "physical"; })[0];
    var ownDice = document.querySelector("[data-own-dice]");
    var command = /\/(commands|script)$/.test(form.dataset.api);
    if (((physical && physical.checked) || (command && ownDice && ownDice.checked)) && !out.dice) out.dice = [];
    return out;
  }

  function output(form) {
    var o = form.querySelector("output.result");
    if (!o) { o = el("output", "result"); form.appendChild(o); }
    return o;
  }

  function showLines(target, title, lines) {
    target.textContent = "";
    target.appendChild(el("h2", null, title));
    // A breakdown is indented under its line, two spaces a level.
    (lines || []).forEach(function (l) {
      var depth = Math.min(3, Math.floor((l.length - l.replace(/^ +/, "").length) / 2));
      target.appendChild(el("p", depth ? "breakdown depth-" + depth : null, l.trim()));
    });
    target.hidden = false;
  }

  function showAnswer(form, data) {
    var out = output(form);
    out.textContent = "";
    out.className = "result ok";
    if (data.gm_link || data.link) {
      // A link shown in a part would be swapped away by the next refresh:
      // data-link-to names a place outside it.
      var holder = (form.dataset.linkTo && document.querySelector(form.dataset.linkTo)) || out;
      holder.textContent = "";
      var link = location.origin + (data.gm_link || data.link);
      var who = data.invite && data.invite.label ? " for " + data.invite.label : "";
      holder.appendChild(el("span", null, data.gm_link
        ? "Campaign created; it is in your campaign list (Campaigns, at the top). Its GM link, for another device or a co-GM: "
        : "Link" + who + " (send it to them; only its fingerprint is kept, so to give it again make a new link): "));
      var box = el("input", "link");
      box.value = link;
      box.readOnly = true;
      box.setAttribute("aria-label", "invitation link" + who);
      box.addEventListener("focus", function () { box.select(); });
      holder.appendChild(box);
      if (holder !== out) {
        holder.hidden = false;
        out.textContent = "New link made.";
        box.focus();
      }
      return;
    }
    var entry = data.entry;
    if (entry && entry.type === "roll") {
      var what = entry.what ? entry.what + ": " : "";
      if (entry.hidden) out.textContent = what + entry.expression + ": " + entry.hidden;
      else out.textContent = what + entry.expression + " = " + entry.total;
      return;
    }
    if (entry && entry.type === "chat") {
      out.textContent = entry.whisper_to ? "Whispered to " + entry.whisper_to.label + "." : "Said to everyone.";
      var said = form.querySelector('[name="text"]');
      if (said) said.value = "";
      return;
    }
    if (entry && entry.lines) {
      var card = form.dataset.show && document.querySelector(form.dataset.show);
      if (card) showLines(card, "Your last action", entry.lines);
      out.textContent = "Done.";
      return;
    }
    if (data.made) {
      // Copies of an NPC: the names they entered under.
      var names = data.made.map(function (m) { return m.name + " (" + m.id + ")"; });
      var shown = form.dataset.show && document.querySelector(form.dataset.show);
      if (shown) showLines(shown, form.classList.contains("copies") ? "Copies added" : "Combatants added", names);
      out.textContent = "Added " + names.join(", ") + ".";
      return;
    }
    if (data.character) {
      var warn = (data.diagnostics || []).map(function (d) { return d.message; });
      out.textContent = "Saved " + data.character.name + (warn.length ? ", with warnings: " + warn.join("; ") : ".");
      return;
    }
    out.textContent = data.replayed ? "Already done." : "Done.";
  }

  // Each field a diagnostic names (`skills.smgs`, `stat`, `feats[2]`) is
  // marked in the form, its problem written beside it: the field of that
  // name, or the group whose data-diag is the name without its index.
  function markFields(form, diagnostics) {
    diagnostics.forEach(function (d) {
      if (!d.field || d.severity === "warning") return;
      var base = d.field.replace(/\[[0-9]+\]$/, "");
      var at = Array.prototype.filter.call(form.querySelectorAll("[name]"), function (e) {
        return e.name === d.field && e.type !== "checkbox";
      })[0] || Array.prototype.filter.call(form.querySelectorAll("[data-diag]"), function (e) {
        return e.dataset.diag === base;
      })[0];
      if (!at) return;
      var id = (at.id || "f-" + base.replace(/[^A-Za-z0-9_-]/g, "-")) + "-problem";
      var note = document.getElementById(id);
      if (!note) {
        note = el("span", "field-problem marked");
        note.id = id;
        if (at.tagName === "FIELDSET") at.appendChild(note);
        else at.insertAdjacentElement("afterend", note);
      }
      note.textContent = (note.textContent ? note.textContent + " " : "") + d.message + (d.rule ? " (" + d.rule + ")" : "") + ".";
      if (at.tagName === "FIELDSET") at.classList.add("at-fault");
      else at.setAttribute("aria-invalid", "true");
      var by = (at.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      if (by.indexOf(id) < 0 && at.tagName !== "FIELDSET") at.setAttribute("aria-describedby", by.concat([id]).join(" "));
    });
  }

  // A new answer clears the marks of the last one.
  function clearMarks(form) {
    form.querySelectorAll(".field-problem.marked").forEach(function (n) { n.remove(); });
    form.querySelectorAll("[aria-invalid=true]").forEach(function (n) { n.removeAttribute("aria-invalid"); });
    form.querySelectorAll(".at-fault").forEach(function (n) { n.classList.remove("at-fault"); });
  }

  function showProblem(form, err, retry) {
    var out = output(form);
    out.textContent = "";
    out.className = "result problem";
    out.setAttribute("role", "alert");
    out.appendChild(el("span", null, err.message || "the server refused this"));
    if (err.diagnostics) {
      var ul = el("ul", "diagnostics");
      err.diagnostics.forEach(function (d) {
        var li = el("li", d.severity === "error" ? "error" : "warning");
        li.textContent = (d.file ? d.file + " " : "") + (d.line ? "line " + d.line + ": " : "") + (d.field ? d.field + ": " : "") + d.message + (d.rule ? " (rule " + d.rule + ")" : "") + (d.help ? ". " + d.help : "");
        ul.appendChild(li);
      });
      out.appendChild(ul);
      markFields(form, err.diagnostics);
    }
    if (err.line) {
      // A script line that does not read: how to write it, and the word at
      // fault selected in the box.
      if (err.line.help) out.appendChild(el("span", "help", " " + err.line.help));
      var box = form.querySelector('[name="line"]');
      if (box) {
        box.setAttribute("aria-invalid", "true");
        if (err.line.column) {
          var at = err.line.column - 1;
          var end = box.value.indexOf(" ", at);
          box.focus();
          box.setSelectionRange(at, end < 0 ? box.value.length : end);
        }
        box.addEventListener("input", function () { box.removeAttribute("aria-invalid"); }, { once: true });
      }
    }
    if (retry && err.needed && err.needed.dice) {
      // Every die the command needs, asked for at once in the dice dialog.
      out.className = "result";
      out.removeAttribute("role");
      out.textContent = err.code === "invalid_die"
        ? "A die was off its faces: correct it in the dice dialog."
        : "Your dice are asked for in the dice dialog.";
      askDice(form, err, retry);
    }
  }

  // ---- the dice dialog: every die of a command at once ----
  // err.needed.dice lists each die (sides, purpose, role, how, given,
  // only_if). A d100 is its tens then its ones d10, shown together. Each
  // face is checked against 1..sides before anything is sent; Cancel (or
  // Escape) closes it and sends nothing.
  function askDice(form, err, send) {
    var old = document.getElementById("dice-dialog");
    if (old) old.remove();
    var dice = err.needed.dice;
    var dialog = el("dialog", "dice-dialog");
    dialog.id = "dice-dialog";
    dialog.setAttribute("aria-labelledby", "dice-title");
    dialog.setAttribute("aria-describedby", "dice-intro");
    var box = el("form", "dice-form");
    box.noValidate = true;
    box.method = "dialog";
    var title = el("h2", null, "Roll your dice");
    title.id = "dice-title";
    box.appendChild(title);
    var missing = dice.filter(function (d) { return d.given === null || d.given === undefined; });
    var maybe = missing.filter(function (d) { return d.only_if; }).length;
    var intro = el("p", null, "This needs " + (missing.length === 1 ? "1 die" : missing.length + " dice") +
      (maybe ? " (" + maybe + " of them only if an earlier die calls for it: leave those empty if it did not)" : "") +
      ". Roll them and enter each face.");
    intro.id = "dice-intro";
    box.appendChild(intro);
    var fields = [];
    var atFault = err.code === "invalid_die" ? err.needed.purpose : null;
    function field(die, n, label, hint) {
      var id = "die-face-" + n;
      var wrap = el("div", "die-field");
      var lab = el("label", null, label);
      lab.htmlFor = id;
      var input = el("input");
      input.id = id;
      input.type = "number";
      input.inputMode = "numeric";
      input.min = "1";
      input.max = String(die.sides);
      input.step = "1";
      input.required = !die.only_if;
      if (die.given !== null && die.given !== undefined) input.value = String(die.given);
      var help = el("span", "hint", hint);
      help.id = id + "-hint";
      var problem = el("span", "field-problem");
      problem.id = id + "-problem";
      problem.setAttribute("aria-live", "polite");
      input.setAttribute("aria-describedby", help.id + " " + problem.id);
      wrap.appendChild(lab);
      wrap.appendChild(input);
      wrap.appendChild(help);
      wrap.appendChild(problem);
      fields.push({ die: die, input: input, problem: problem });
      if (atFault && die.purpose === atFault && (die.given === null || die.given === undefined)) {
        input.setAttribute("aria-invalid", "true");
        problem.textContent = err.message;
      }
      return wrap;
    }
    var list = el("div", "dice-list");
    for (var i = 0; i < dice.length; i++) {
      var die = dice[i];
      var kept = die.given !== null && die.given !== undefined;
      var when = die.only_if ? " (" + die.only_if + ")" : "";
      var next = dice[i + 1];
      if (die.role === "tens" && next && next.role === "ones") {
        var set = el("fieldset", "d100" + (die.only_if ? " maybe" : ""));
        var what = die.purpose.split(", ")[0];
        set.appendChild(el("legend", null, "d100 for " + what + when +
          ": roll two d10, the tens die and the ones die"));
        set.appendChild(field(die, i, "Tens die (1 to 10)", "its face: 1 for 10, 2 for 20 ... 9 for 90, 10 for 00 or 0"));
        set.appendChild(field(next, i + 1, "Ones die (1 to 10)", "its face, 10 for 0; 00 and 0 together read 100"));
        var reads = el("p", "reads");
        reads.setAttribute("aria-live", "polite");
        (function (tens, ones, reads) {
          var show = function () {
            var t = Number(tens.value), o = Number(ones.value);
            if (t >= 1 && t <= 10 && o >= 1 && o <= 10) {
              var v = (t % 10) * 10 + (o % 10);
              reads.textContent = "Reads " + (v === 0 ? 100 : v) + ".";
            } else reads.textContent = "";
          };
          tens.addEventListener("input", show);
          ones.addEventListener("input", show);
          show();
        })(fields[fields.length - 2].input, fields[fields.length - 1].input, reads);
        set.appendChild(reads);
        list.appendChild(set);
        i++;
        continue;
      }
      var one = field(die, i, "d" + die.sides + " for " + die.purpose + when + (kept ? " (entered)" : ""), die.how);
      if (die.only_if) one.classList.add("maybe");
      list.appendChild(one);
    }
    box.appendChild(list);
    var buttons = el("div", "dice-buttons");
    var go = el("button", null, "Send the dice");
    go.type = "submit";
    var cancel = el("button", "secondary", "Cancel");
    cancel.type = "button";
    buttons.appendChild(go);
    buttons.appendChild(cancel);
    box.appendChild(buttons);
    dialog.appendChild(box);
    document.body.appendChild(dialog);
    var opener = form.querySelector('button[type="submit"]');
    var close = function () {
      if (dialog.open) dialog.close();
      dialog.remove();
      if (opener && document.contains(opener)) opener.focus();
    };
    var cancelled = function () {
      close();
      var out = output(form);
      out.className = "result";
      out.textContent = "Cancelled: nothing was sent and nothing changed.";
    };
    cancel.addEventListener("click", cancelled);
    dialog.addEventListener("cancel", function (ev) { ev.preventDefault(); cancelled(); });
    box.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var firstBad = null;
      var typed = [];
      fields.forEach(function (f) {
        var raw = f.input.value.trim();
        var bad = null;
        if (raw === "") {
          if (f.input.required) bad = "Enter this die's face, from 1 to " + f.die.sides + ".";
        } else if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > f.die.sides) {
          bad = "A d" + f.die.sides + " shows 1 to " + f.die.sides + "; enter a face in that range.";
        }
        f.problem.textContent = bad || "";
        if (bad) {
          f.input.setAttribute("aria-invalid", "true");
          if (!firstBad) firstBad = f.input;
        } else {
          f.input.removeAttribute("aria-invalid");
          if (raw !== "") typed.push({ sides: f.die.sides, purpose: f.die.purpose, value: Number(raw) });
        }
      });
      if (firstBad) { firstBad.focus(); return; }
      close();
      send(typed);
    });
    dialog.showModal();
    var first = fields.filter(function (f) { return f.input.getAttribute("aria-invalid") === "true"; })[0] ||
      fields.filter(function (f) { return f.input.value === ""; })[0] || fields[0];
    if (first) first.input.focus();
  }

  async function send(form, payload, idem) {
    var api = form.dataset.api;
    var method = (form.dataset.method || "POST").toUpperCase();
    var headers = { "X-CSRF-Token": csrf, "Idempotency-Key": idem };
    var init = { method: method, headers: headers, credentials: "same-origin" };
    if (payload !== undefined) {
      if (typeof Blob !== "undefined" && payload instanceof Blob) {
        headers["Content-Type"] = "application/octet-stream";
        init.body = payload;
      } else if (typeof payload === "string") {
        headers["Content-Type"] = "text/plain; charset=utf-8";
        init.body = payload;
      } else {
        headers["Content-Type"] = "application/json";
        init.body = JSON.stringify(payload);
      }
    }
    var res = await fetch(api, init);
    var data = {};
    try { data = await res.json(); } catch (e) { data = {}; }
    return { ok: res.ok, data: data };
  }

  async function submit(form) {
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    var button = form.querySelector('button[type="submit"]');
    if (button && button.getAttribute("aria-disabled") === "true") return;
    var payload;
    try {
      if (form.dataset.send) {
        var field = form.querySelector('[name="' + form.dataset.send + '"]');
        // An archive goes as it is (the packs page's .zip or .tar.gz).
        if (field && field.type === "file" && field.dataset.type === "binary") payload = field.files[0] || null;
        else payload = field && field.type === "file" ? await readFile(field) : (field ? field.value : "");
        if (payload === null) throw new Error("choose a file first");
      } else if ((form.dataset.method || "POST").toUpperCase() !== "DELETE") {
        payload = await jsonBody(form);
      }
    } catch (e) {
      showProblem(form, { message: e.message });
      return;
    }
    var attempt = async function (dice) {
      if (dice && payload && typeof payload === "object") payload.dice = dice;
      clearMarks(form);
      if (button) button.disabled = true;
      form.setAttribute("aria-busy", "true");
      try {
        var answer = await send(form, payload, key());
        if (answer.ok) {
          sentAfresh(form);
          showAnswer(form, answer.data);
          if (answer.data.version && answer.data.version > version) version = answer.data.version;
          var made = answer.data.character && answer.data.character.id;
          if (form.dataset.goPack && answer.data.pack) {
            location.href = form.dataset.goPack.replace("{pack}", String(answer.data.pack.version));
            return;
          }
          if (form.dataset.goDone) {
            location.href = form.dataset.goDone;
            return;
          }
          if (form.dataset.go && made) {
            location.href = form.dataset.go.replace("{id}", encodeURIComponent(made));
            return;
          }
          // A prepared encounter started: on to its tracker.
          if (form.dataset.goEncounter && answer.data.encounter) {
            location.href = form.dataset.goEncounter.replace("{id}", encodeURIComponent(answer.data.encounter));
            return;
          }
          refresh();
        } else {
          var err = answer.data.error || { message: "the server answered without saying why" };
          var again = (err.code === "dice_needed" || err.code === "invalid_die") &&
            err.needed && err.needed.dice ? function (dice) { attempt(dice); } : null;
          showProblem(form, err, again);
        }
      } catch (e) {
        showProblem(form, { message: "the server could not be reached; try again when the connection is back" });
      } finally {
        if (button) button.disabled = false;
        form.removeAttribute("aria-busy");
      }
    };
    await attempt(null);
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.dataset || !form.dataset.api) return;
    ev.preventDefault();
    submit(form);
  });

  // ---- "I roll my own dice": the seat's choice, kept by the server, so
  // every roll the rules give the player waits for their dice ----
  document.addEventListener("change", function (ev) {
    var box = ev.target;
    // (No id on the box: htmx would copy a settled element's old `style`
    // attribute onto its new copy by id, which the page's CSP refuses.)
    if (!box || !box.hasAttribute || !box.hasAttribute("data-own-dice") || !campaign) return;
    box.disabled = true;
    fetch("/api/campaigns/" + encodeURIComponent(campaign) + "/own-dice", {
      method: "PUT",
      credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf, "Idempotency-Key": key(), "Content-Type": "application/json" },
      body: JSON.stringify({ own: box.checked })
    }).then(function (res) {
      if (!res.ok) box.checked = !box.checked;
    }).catch(function () {
      box.checked = !box.checked;
    }).then(function () {
      box.disabled = false;
      box.dataset.saved = box.checked ? "own" : "server";
    });
  });

  // ---- parts that hold store records outside the live stream ----
  // (characters uploaded, invitations made or revoked): fetched again every
  // data-poll milliseconds while the page is visible, and swapped in only
  // when they changed, so focus is not lost for nothing.
  // The first fetch, at once, is the baseline: what the page was rendered
  // with (a change between the render and a later first fetch would
  // otherwise be taken for the baseline and never shown).
  document.querySelectorAll("[data-poll]").forEach(function (part) {
    var last = null;
    var poll = async function () {
      if (document.visibilityState !== "visible") return;
      try {
        var res = await fetch(part.getAttribute("hx-get"), { credentials: "same-origin" });
        if (!res.ok) return;
        var html = await res.text();
        if (html !== last) {
          if (last !== null) {
            var was = keep(part);
            part.innerHTML = html;
            restore(part, was);
            if (window.htmx) window.htmx.process(part);
          }
          last = html;
        }
      } catch (e) { /* the live status already says the connection is down */ }
    };
    poll();
    setInterval(poll, Number(part.dataset.poll) || 1000);
  });

  // ---- the tracker's target picker ----
  var picked = null;
  function applyPick() {
    var radios = document.querySelectorAll("[data-target-pick]");
    if (!radios.length) return;
    var known = Array.prototype.some.call(radios, function (r) { return r.value === picked; });
    if (picked && known) {
      radios.forEach(function (r) { r.checked = r.value === picked; });
    }
    var chosen = document.querySelector("[data-target-pick]:checked");
    var value = chosen ? chosen.value : null;
    document.querySelectorAll("[data-target-group]").forEach(function (g) {
      g.hidden = g.dataset.targetGroup !== value;
    });
  }
  document.addEventListener("change", function (ev) {
    if (ev.target.matches && ev.target.matches("[data-target-pick]")) {
      picked = ev.target.value;
      applyPick();
    }
  });
  document.addEventListener("htmx:afterSwap", applyPick);

  // ---- what the user opened or typed survives a part's refresh ----
  // A part is drawn again whenever anyone changes the table (a live update,
  // or a polled part such as the dashboard): a fold the user opened (a GM
  // panel on a card, "Add NPCs to ...") stays as they left it, and each
  // field they changed since its form was last sent is put back by id, a
  // chosen file too. A form sent and answered starts afresh.
  function foldKey(d) {
    if (d.dataset.gmPanel) return "panel:" + d.dataset.gmPanel;
    if (d.id) return "id:" + d.id;
    var summary = d.querySelector(":scope > summary");
    var form = d.closest("form[data-body]");
    if (form) return "form:" + form.dataset.api + "|" + form.dataset.body + "|" + (summary ? summary.textContent.trim() : "");
    var owner = d.parentElement ? d.parentElement.closest("[id],[aria-label]") : null;
    return "fold:" + (owner ? owner.id || owner.getAttribute("aria-label") : "") + "|" +
      (summary ? summary.textContent.trim() : "");
  }
  /** Calls `each(details, key)` for `root`'s folds, keys told apart by
   * their order where the same fold repeats (each action's options). */
  function folds(root, each) {
    var seen = {};
    root.querySelectorAll("details").forEach(function (d) {
      var key = foldKey(d);
      seen[key] = (seen[key] || 0) + 1;
      each(d, key + "#" + seen[key]);
    });
  }
  function noteTyped(ev) {
    var f = ev.target;
    if (f && f.id && f.form && /^(INPUT|SELECT|TEXTAREA)$/.test(f.tagName)) f.dataset.typed = "yes";
  }
  document.addEventListener("input", noteTyped, true);
  document.addEventListener("change", noteTyped, true);
  // (A fold the user opened or closed: a summary's click, by mouse or key.)
  document.addEventListener("click", function (ev) {
    var summary = ev.target && ev.target.closest ? ev.target.closest("summary") : null;
    if (summary && summary.parentElement && summary.parentElement.tagName === "DETAILS") {
      summary.parentElement.dataset.touched = "yes";
    }
  }, true);
  /** What the user made of `root`'s folds and fields, before it is drawn again. */
  function keep(root) {
    var was = { folds: {}, typed: [] };
    folds(root, function (d, key) { if (d.dataset.touched) was.folds[key] = d.open; });
    root.querySelectorAll("[data-typed=yes]").forEach(function (f) {
      var t = { id: f.id };
      if (f.type === "file") t.files = f.files;
      else if (f.type === "checkbox" || f.type === "radio") t.checked = f.checked;
      else t.value = f.value;
      was.typed.push(t);
    });
    return was;
  }
  /** Puts back in the redrawn `root` what `keep` saw. */
  function restore(root, was) {
    if (!was) return;
    folds(root, function (d, key) {
      var open = was.folds[key];
      if (open === undefined) return;
      d.open = open;
      d.dataset.touched = "yes";
    });
    was.typed.forEach(function (t) {
      var f = document.getElementById(t.id);
      if (!f || !root.contains(f)) return;
      if (t.files) {
        try { f.files = t.files; } catch (e) { return; }
      } else if (t.checked !== undefined) f.checked = t.checked;
      else f.value = t.value;
      f.dataset.typed = "yes";
    });
  }
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function (ev) { kept = keep(ev.detail.target); });
  document.addEventListener("htmx:afterSwap", function (ev) {
    restore(ev.detail.target, kept);
    kept = null;
  });

  // ---- keep the keyboard's place when a part is refreshed ----
  var focusKey = null;
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var active = document.activeElement;
    focusKey = null;
    if (!active || !ev.detail.target.contains(active)) return;
    var form = active.closest("form");
    if (active.id) focusKey = { id: active.id };
    else if (form && form.dataset.body) focusKey = { body: form.dataset.body, api: form.dataset.api };
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!focusKey) return;
    var again = null;
    if (focusKey.id) again = document.getElementById(focusKey.id);
    else {
      document.querySelectorAll("form[data-body]").forEach(function (f) {
        if (!again && f.dataset.body === focusKey.body && f.dataset.api === focusKey.api) {
          again = f.querySelector("button");
        }
      });
    }
    focusKey = null;
    if (again && !again.closest("[hidden]")) again.focus();
  });

  function sentAfresh(form) {
    form.querySelectorAll("[data-typed]").forEach(function (f) { delete f.dataset.typed; });
    form.querySelectorAll("details[data-touched]").forEach(function (d) { delete d.dataset.touched; });
  }

  // ---- phones: the whole log on demand, kept across the part's refreshes ----
  var wholeLog = false;
  function applyLog() {
    document.querySelectorAll("[data-log-more]").forEach(function (button) {
      var log = button.parentElement.querySelector("ol.log");
      if (log) log.classList.toggle("all", wholeLog);
      button.setAttribute("aria-expanded", wholeLog ? "true" : "false");
      button.textContent = wholeLog ? "Show the latest entries only" : "Show the whole log";
    });
  }
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("[data-log-more]");
    if (!button) return;
    wholeLog = !wholeLog;
    applyLog();
  });
  document.addEventListener("htmx:afterSwap", applyLog);
})();
