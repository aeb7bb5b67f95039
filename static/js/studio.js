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

// Unsaved text is never lost: every change is kept in this browser (localStorage,
// keyed by the lesson and the version it started from) and comes back when the
// editor is opened again; leaving the page with unsaved text asks first. Saving
// the version forgets the draft. Without JavaScript the browser's own form
// restore is all there is.
(function () {
  "use strict";

  var area = document.getElementById("studio-source");
  if (!area || !area.hasAttribute("data-draft-key")) return;
  var key = area.getAttribute("data-draft-key");
  var version = area.getAttribute("data-draft-version");
  var saved = area.value;
  var dirty = false;

  function read() {
    try {
      return JSON.parse(window.localStorage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  }

  function write(text) {
    try {
      window.localStorage.setItem(key, JSON.stringify({ version: version, text: text }));
    } catch (error) { /* storage full or off: the leave warning still guards the text */ }
  }

  function forget() {
    try { window.localStorage.removeItem(key); } catch (error) { /* nothing kept */ }
  }

  function refreshPreview() {
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }

  var draft = read();
  var notice = document.querySelector("[data-draft-notice]");
  if (draft && draft.version === version && typeof draft.text === "string" && draft.text !== saved) {
    area.value = draft.text;
    dirty = true;
    if (notice) notice.hidden = false;
    refreshPreview();
  } else if (draft) {
    forget();  // saved meanwhile, or started from an older version: the saved text wins
  }

  area.addEventListener("input", function () {
    dirty = area.value !== saved;
    if (dirty) write(area.value); else forget();
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-draft-drop]")) return;
    area.value = saved;
    dirty = false;
    forget();
    if (notice) notice.hidden = true;
    refreshPreview();
  });

  if (area.form) {
    area.form.addEventListener("submit", function () {
      dirty = false;
      forget();
    });
  }

  window.addEventListener("beforeunload", function (event) {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = "";  // older browsers need it set to show the question
  });
})();
