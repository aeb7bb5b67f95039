// Game review (/review/<id>): the arrow keys step through the table. Each step is a
// link (templates/review/game.html) that htmx follows into #table; without
// JavaScript the links work as they are. «n» jumps to the next flagged decision.
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", n: "flag" };

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" ||
      (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    var rel = KEYS[event.key];
    if (!rel || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) {
      return;
    }
    var link = document.querySelector("#table [data-step-" + rel + "]");
    if (!link || link.tagName !== "A") {
      return;
    }
    event.preventDefault();
    link.click();
  });
})();
