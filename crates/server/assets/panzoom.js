// nanite web table: maps and grids pan and zoom by touch, mouse and keyboard.
//
// Any element marked `data-pan-zoom="<key>"` takes part (the key names its
// view, kept per page while the live updates draw the map again):
// - an <svg> with a viewBox zooms and pans through its viewBox, drawn as wide
//   as its box allows and never wider than its own size;
// - any other element (the D20 grid's table) zooms with CSS `zoom` and pans
//   by scrolling its parent box.
// One finger (or the mouse) drags the view, two fingers pinch it, Ctrl with
// the wheel (a trackpad's pinch) zooms; a drag never counts as a tap on
// what it started on. A toolbar before the map zooms in and out, pans and
// resets the view from the keyboard, and a square or unit the keyboard
// focuses out of the view is brought into it. `data-pan-zoom-label` names
// the map in the toolbar's labels ("the map" unless given). Sizes go
// through the CSSOM (`el.style.x = ...`), which the pages'
// Content-Security-Policy allows, never through `style` attributes.
(function () {
  "use strict";
  var views = {}; // key -> the view the person chose
  var DRAG = 6; // px a pointer moves before it is a drag, not a tap
  var suppress = null; // the element whose next click a drag swallows

  function keyOf(el) { return location.pathname + "#" + (el.getAttribute("data-pan-zoom") || "map"); }
  function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }

  // A <svg>: the view is the viewBox (x, y, zoom s: the box shows 1/s of
  // the map's width and height).
  function svgMap(el) {
    var vb = el.viewBox.baseVal;
    var full = { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
    var natural = Number(el.getAttribute("width")) || full.w;
    el.style.maxWidth = natural + "px";
    var view = null;
    function initial() {
      // Squares never smaller than two thirds of their size at first: a
      // narrow screen starts zoomed in on the top left corner.
      var shown = el.getBoundingClientRect().width || natural;
      return { s: clamp((natural * 2) / (3 * shown), 1, 8), x: full.x, y: full.y };
    }
    function apply() {
      var w = full.w / view.s, h = full.h / view.s;
      view.x = clamp(view.x, full.x, full.x + full.w - w);
      view.y = clamp(view.y, full.y, full.y + full.h - h);
      el.setAttribute("viewBox", [view.x, view.y, w, h].map(function (n) { return Math.round(n * 100) / 100; }).join(" "));
      el.dataset.zoom = view.s.toFixed(2);
    }
    function unitsPerPx() { return full.w / view.s / (el.getBoundingClientRect().width || 1); }
    return {
      restore: function (saved) { view = saved ? { s: saved.s, x: saved.x, y: saved.y } : initial(); apply(); },
      save: function () { return { s: view.s, x: view.x, y: view.y }; },
      reset: function () { view = initial(); apply(); },
      // Zoom by `f` around the point (px, py) in page pixels (the centre if none).
      zoom: function (f, px, py) {
        var r = el.getBoundingClientRect();
        var fx = px === undefined ? 0.5 : (px - r.left) / (r.width || 1);
        var fy = py === undefined ? 0.5 : (py - r.top) / (r.height || 1);
        var w = full.w / view.s, h = full.h / view.s;
        var ax = view.x + fx * w, ay = view.y + fy * h;
        view.s = clamp(view.s * f, 1, 8);
        view.x = ax - fx * (full.w / view.s);
        view.y = ay - fy * (full.h / view.s);
        apply();
      },
      // Pan by (dx, dy) page pixels: the map follows the finger.
      pan: function (dx, dy) { var u = unitsPerPx(); view.x -= dx * u; view.y -= dy * u; apply(); },
      // Brings the box `b` (map units) into the view, centred, if it is not.
      show: function (b) {
        var w = full.w / view.s, h = full.h / view.s;
        if (b.x >= view.x && b.y >= view.y && b.x + b.width <= view.x + w && b.y + b.height <= view.y + h) return false;
        view.x = b.x + b.width / 2 - w / 2;
        view.y = b.y + b.height / 2 - h / 2;
        apply();
        return true;
      },
    };
  }

  // Any other element: CSS zoom, and its parent box scrolls.
  function boxMap(el) {
    var box = el.parentElement;
    var view = null;
    // The zoom at which the whole grid fits its box's width.
    function fit() {
      var natural = el.getBoundingClientRect().width / (view ? view.s : 1);
      return clamp(box.clientWidth / (natural || 1), 0.3, 1);
    }
    function apply() {
      el.style.zoom = String(view.s);
      box.scrollLeft = view.left;
      box.scrollTop = view.top;
      el.dataset.zoom = view.s.toFixed(2);
    }
    function read() { view.left = box.scrollLeft; view.top = box.scrollTop; }
    return {
      restore: function (saved) { view = saved ? { s: saved.s, left: saved.left, top: saved.top } : { s: 1, left: 0, top: 0 }; apply(); },
      save: function () { read(); return { s: view.s, left: view.left, top: view.top }; },
      reset: function () { view = { s: 1, left: 0, top: 0 }; apply(); },
      zoom: function (f, px, py) {
        read();
        var r = box.getBoundingClientRect();
        var ox = px === undefined ? box.clientWidth / 2 : px - r.left;
        var oy = py === undefined ? box.clientHeight / 2 : py - r.top;
        var lo = Math.min(fit(), 1);
        var s = clamp(view.s * f, lo, 2.5);
        var k = s / view.s;
        view.s = s;
        el.style.zoom = String(s);
        view.left = (view.left + ox) * k - ox;
        view.top = (view.top + oy) * k - oy;
        apply();
      },
      pan: function (dx, dy) { read(); view.left -= dx; view.top -= dy; apply(); },
    };
  }

  function button(text, label, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "pz-button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.addEventListener("click", act);
    return b;
  }

  function setup(el) {
    if (el.pzMap) return;
    var isSvg = el.namespaceURI === "http://www.w3.org/2000/svg";
    if (isSvg && !el.viewBox.baseVal) return;
    el.classList.add("pz-map");
    var map = isSvg ? svgMap(el) : boxMap(el);
    el.pzMap = map;
    var key = keyOf(el);
    var remember = function () { views[key] = map.save(); };
    map.restore(views[key]);

    // The toolbar, before the map's box (one, whatever the updates redraw).
    var host = el.parentElement;
    var prev = host.previousElementSibling;
    if (prev && prev.classList.contains("pz-tools")) prev.remove();
    var name = el.getAttribute("data-pan-zoom-label") || "the map";
    var step = function (dx, dy) {
      return function () {
        var r = el.getBoundingClientRect();
        map.pan(dx * Math.min(r.width, innerWidth) / 4, dy * Math.min(r.height, innerHeight) / 4);
        remember();
      };
    };
    var tools = document.createElement("div");
    tools.className = "pz-tools";
    tools.setAttribute("role", "toolbar");
    tools.setAttribute("aria-label", "Zoom and pan " + name);
    tools.append(
      button("+", "Zoom in on " + name, function () { map.zoom(1.4); remember(); }),
      button("\u2212", "Zoom out of " + name, function () { map.zoom(1 / 1.4); remember(); }),
      button("Reset", "Reset the view of " + name, function () { map.reset(); delete views[key]; }),
      button("\u2190", "Pan " + name + " left", step(1, 0)),
      button("\u2191", "Pan " + name + " up", step(0, 1)),
      button("\u2193", "Pan " + name + " down", step(0, -1)),
      button("\u2192", "Pan " + name + " right", step(-1, 0))
    );
    host.parentElement.insertBefore(tools, host);

    // Fingers and the mouse.
    var pointers = {};
    var start = null; // the gesture so far
    function count() { return Object.keys(pointers).length; }
    function pair() {
      var ps = Object.keys(pointers).map(function (k) { return pointers[k]; });
      var a = ps[0], b = ps[1];
      return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
    el.addEventListener("pointerdown", function (ev) {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;
      pointers[ev.pointerId] = { x: ev.clientX, y: ev.clientY };
      if (count() === 1) start = { x: ev.clientX, y: ev.clientY, moved: false };
      else if (count() === 2) { start = { pinch: pair(), moved: true }; try { el.setPointerCapture(ev.pointerId); } catch (e) { /* gone */ } }
    });
    el.addEventListener("pointermove", function (ev) {
      var p = pointers[ev.pointerId];
      if (!p || !start) return;
      var dx = ev.clientX - p.x, dy = ev.clientY - p.y;
      p.x = ev.clientX; p.y = ev.clientY;
      if (count() >= 2 && start.pinch) {
        var now = pair();
        if (start.pinch.d > 0 && now.d > 0) map.zoom(now.d / start.pinch.d, now.x, now.y);
        map.pan(now.x - start.pinch.x, now.y - start.pinch.y);
        start.pinch = now;
        return;
      }
      if (!start.moved && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < DRAG) return;
      if (!start.moved) {
        start.moved = true;
        try { el.setPointerCapture(ev.pointerId); } catch (e) { /* gone */ }
      }
      map.pan(dx, dy);
    });
    function lift(ev) {
      if (!pointers[ev.pointerId]) return;
      delete pointers[ev.pointerId];
      if (start && start.moved) {
        remember();
        suppress = el;
        setTimeout(function () { if (suppress === el) suppress = null; }, 400);
      }
      if (count() === 0) start = null;
      else if (count() === 1) {
        var k = Object.keys(pointers)[0];
        start = { x: pointers[k].x, y: pointers[k].y, moved: true };
      }
    }
    el.addEventListener("pointerup", lift);
    el.addEventListener("pointercancel", lift);
    // The keyboard's focus on a square or unit out of the view brings it in.
    if (map.show) {
      el.addEventListener("focusin", function (ev) {
        if (ev.target !== el && ev.target.getBBox && map.show(ev.target.getBBox())) remember();
      });
    }
    el.addEventListener("wheel", function (ev) {
      if (!ev.ctrlKey) return; // a plain wheel scrolls the page
      ev.preventDefault();
      map.zoom(Math.exp(-ev.deltaY / 200), ev.clientX, ev.clientY);
      remember();
    }, { passive: false });
  }

  // A drag is not a tap on whatever it started on.
  window.addEventListener("click", function (ev) {
    if (suppress && suppress.contains(ev.target)) {
      ev.stopPropagation();
      ev.preventDefault();
      suppress = null;
    }
  }, true);

  function scan(root) {
    if (root.matches && root.matches("[data-pan-zoom]")) setup(root);
    if (root.querySelectorAll) root.querySelectorAll("[data-pan-zoom]").forEach(setup);
  }
  function boot() {
    scan(document);
    new MutationObserver(function (records) {
      records.forEach(function (r) { r.addedNodes.forEach(function (n) { if (n.nodeType === 1) scan(n); }); });
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
  window.naniteMaps = { views: views };
})();
