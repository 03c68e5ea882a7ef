// nanite web table: on a phone, the choices the engine refuses fold away.
//
// A turn offers thirty-odd choices, many of them greyed with the engine's
// reason; on a narrow screen they push the live choices, the log and the
// roll box thousands of pixels down. Under 40rem the actions card shows
// the choices that can be taken (and those at 0 % to hit, which can still
// be pressed), and one button at its end shows the refused ones with why
// (and hides them again); the choice is kept across live refreshes. The
// refused choices are hidden by table.css (`.fold-refused`), never with
// `style` attributes, which the pages' Content-Security-Policy refuses.
(function () {
  "use strict";
  var shown = false;

  function refused(section) {
    return Array.prototype.filter.call(
      section.querySelectorAll("form.act > button[aria-disabled=true]"),
      function (b) { return !b.closest("[hidden]"); }
    ).length;
  }

  function apply() {
    document.querySelectorAll("section.actions").forEach(function (section) {
      var n = refused(section);
      var toggle = section.querySelector(":scope > .refused-toggle");
      if (n === 0) {
        if (toggle) toggle.remove();
        section.classList.remove("fold-refused");
        return;
      }
      if (!toggle) {
        toggle = document.createElement("button");
        toggle.type = "button";
        toggle.className = "refused-toggle";
        toggle.addEventListener("click", function () { shown = !shown; apply(); });
        section.append(toggle);
      }
      section.classList.toggle("fold-refused", !shown);
      toggle.setAttribute("aria-expanded", String(shown));
      toggle.textContent = shown
        ? "Hide the " + n + " choices not possible now"
        : "Show the " + n + " choices not possible now, and why";
    });
  }

  document.addEventListener("htmx:afterSwap", apply);
  document.addEventListener("change", function (ev) {
    if (ev.target.matches && ev.target.matches("[data-target-pick]")) setTimeout(apply, 0);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply);
  else apply();
})();
