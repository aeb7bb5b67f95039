// «Темпай»: the little behaviour htmx does not give us. No inline scripts (CSP).
(function () {
  "use strict";

  // After htmx swaps in a drill's feedback (or a fresh drill), move keyboard
  // focus there, so keyboard and screen-reader users land on the verdict.
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

  // The 34-tile palette (tutor/tiles/palette.py): the arrow keys move between
  // the tiles of a suit (left/right, Home/End) and to the suit above or below
  // (up/down, same place in the row); Space still ticks, Tab still visits
  // every tile: these are plain checkboxes, the keys only move focus.
  var STEPS = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };

  function enabled(row) {
    return Array.prototype.filter.call(
      row.querySelectorAll("input[type=checkbox]"), function (box) { return !box.disabled; });
  }

  function paletteTarget(box, key) {
    var row = box.closest(".palette__tiles");
    var boxes = enabled(row);
    var at = boxes.indexOf(box);
    if (key in STEPS) {
      var to = Math.min(boxes.length - 1, Math.max(0, at + STEPS[key]));
      return boxes[to];
    }
    var rows = Array.prototype.slice.call(box.closest(".palette").querySelectorAll(".palette__tiles"));
    var next = rows[rows.indexOf(row) + (key === "ArrowDown" ? 1 : -1)];
    if (!next) {
      return null;
    }
    var place = Array.prototype.indexOf.call(row.querySelectorAll("input[type=checkbox]"), box);
    var others = enabled(next);
    return others[Math.min(place, others.length - 1)] || null;
  }

  document.addEventListener("keydown", function (event) {
    var box = event.target;
    var moves = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
    if (!box.matches || !box.matches(".palette__tiles input[type=checkbox]") ||
        moves.indexOf(event.key) < 0 || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var target = paletteTarget(box, event.key);
    event.preventDefault();  // the page must not scroll under the learner's finger
    if (target) {
      target.focus();
    }
  });
})();
