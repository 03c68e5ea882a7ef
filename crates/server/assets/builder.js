// The builders' field marks and folding steps: after each check the server has filled every
// field's message slot (`<p id="b-STR-error" data-for="b-STR"
// data-invalid="true">`); this marks the field itself with aria-invalid so
// assistive technology and the page's style flag it, and clears the mark
// once the server finds the field fine. Nothing is computed here: points,
// money and problems all come from the server's check.
(function () {
  "use strict";
  function mark() {
    document.querySelectorAll(".field-error[data-for]").forEach(function (slot) {
      var field = document.getElementById(slot.dataset.for);
      if (!field || !/^(INPUT|SELECT|TEXTAREA)$/.test(field.tagName)) return;
      if (slot.dataset.invalid === "true") field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
  }
  document.addEventListener("htmx:afterSettle", mark);
  document.addEventListener("htmx:oobAfterSwap", mark);

  // The steps fold (`details.step`): on a phone the page starts with the
  // first step (who) as it is and the others folded to their headings and
  // what is left to spend. A step holding a field the check marks at fault opens
  // and its heading says so, so every problem is still shown at once; a
  // link of the summary to a field opens its step.
  function steps() {
    document.querySelectorAll("details.step").forEach(function (step) {
      var faults = 0;
      step.querySelectorAll(".field-error[data-invalid=true]").forEach(function (slot) {
        var field = document.getElementById(slot.dataset.for);
        if (field && step.contains(field) && /^(INPUT|SELECT|TEXTAREA)$/.test(field.tagName)) faults += 1;
      });
      step.classList.toggle("step-fault", faults > 0);
      var note = step.querySelector(":scope > summary .step-note");
      if (faults > 0) {
        if (!note) {
          note = document.createElement("span");
          note.className = "step-note";
          step.querySelector(":scope > summary").append(note);
        }
        note.textContent = " " + faults + (faults === 1 ? " field to fix" : " fields to fix");
        step.open = true;
      } else if (note) {
        note.remove();
      }
    });
  }
  document.addEventListener("htmx:afterSettle", steps);
  document.addEventListener("click", function (ev) {
    var link = ev.target.closest && ev.target.closest("a[href^='#']");
    if (!link) return;
    var target = document.getElementById(link.getAttribute("href").slice(1));
    var step = target && target.closest("details.step");
    if (step) step.open = true;
  }, true);
  if (window.matchMedia("(max-width: 40rem)").matches) {
    document.querySelectorAll("details.step").forEach(function (step) {
      if (!step.querySelector("[aria-invalid=true]")) step.open = false;
    });
  }
})();
