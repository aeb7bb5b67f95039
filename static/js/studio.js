// The studio's editor (/studio/<id>): a click on a check message's line number
// puts the cursor at the start of that line of the source and scrolls to it.
// No inline script (CSP); the preview itself is refreshed by htmx.
(function () {
  "use strict";

  function lineStart(text, line) {
    var offset = 0;
    for (var n = 1; n < line; n += 1) {
      var next = text.indexOf("\n", offset);
      if (next < 0) return text.length;
      offset = next + 1;
    }
    return offset;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-line]") : null;
    var area = document.getElementById("studio-source");
    if (!button || !area) return;
    var line = Math.max(1, parseInt(button.getAttribute("data-line"), 10) || 1);
    var start = lineStart(area.value, line);
    area.focus();
    area.setSelectionRange(start, start);
    var height = parseFloat(window.getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 3) * height);
    area.scrollIntoView({ block: "nearest" });
  });
})();
