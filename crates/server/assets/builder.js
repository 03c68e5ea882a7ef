// The builders' field marks: after each check the server has filled every
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
})();
