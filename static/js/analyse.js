// Hand analyser: the «Скопировать» buttons of exported drill blocks. Without
// JavaScript the buttons stay hidden and the block is selected by hand.
(function () {
  "use strict";

  function reveal(root) {
    root.querySelectorAll("[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) {
      return;
    }
    var area = document.getElementById(button.getAttribute("data-copy"));
    if (!area) {
      return;
    }
    area.select();
    var done = function () { button.textContent = "Скопировано"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(done, function () {});
    } else {
      button.textContent = "Выделено: нажмите Ctrl+C";
    }
  });

  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSettle", function (event) { reveal(event.target); });
})();
