// «Темпай»: the little behaviour htmx does not give us. No inline scripts (CSP).
// After htmx swaps in a drill's feedback (or a fresh drill), move keyboard
// focus there, so keyboard and screen-reader users land on the verdict.
(function () {
  "use strict";

  function focusMarked() {
    var target = document.querySelector("[data-autofocus]");
    if (!target) {
      return;
    }
    target.removeAttribute("data-autofocus");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  document.addEventListener("htmx:afterSettle", focusMarked);
  // A page rendered after a plain (no-htmx) answer also marks its feedback.
  document.addEventListener("DOMContentLoaded", focusMarked);
})();
