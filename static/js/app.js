// «Темпай»: the little behaviour htmx does not give us. No inline scripts (CSP).
(function () {
  "use strict";

  var OFFLINE = "Нет связи — попробуйте ещё раз.";

  // After htmx swaps in a drill's feedback (or a fresh drill), move keyboard
  // focus there, so keyboard and screen-reader users land on the verdict.
  function focusMarked() {
    var target = document.querySelector("[data-autofocus]");
    if (!target) {
      return false;
    }
    target.removeAttribute("data-autofocus");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "nearest", behavior: "smooth" });
    return true;
  }

  // The first control of a drill: where a new practice problem puts the learner.
  function focusFirstControl(drill) {
    var control = drill && drill.querySelector(".drill__form input:not([type=hidden]), .drill__form select, .drill__form button");
    if (control) {
      control.focus({ preventScroll: true });
      drill.scrollIntoView({ block: "start" });
    }
  }

  // The drill's status region hears only the short verdict (data-say), once;
  // emptied first so the same verdict twice in a row is announced again.
  function announce(area) {
    var drill = area && area.closest(".drill");
    var region = drill && drill.querySelector("[role=status][id^=say-]");
    var source = area.querySelector("[data-say]");
    if (!region || !source) {
      return;
    }
    region.textContent = "";
    window.setTimeout(function () {
      region.textContent = source.getAttribute("data-say");
    }, 50);
  }

  // A request that never got an answer (network down, server gone): say so in
  // the drill's feedback area instead of leaving the button to do nothing.
  function offline(event) {
    var source = event.detail && event.detail.elt;
    var drill = source && source.closest(".drill");
    var area = drill && drill.querySelector(".drill__feedback");
    if (!area) {
      return;
    }
    var box = document.createElement("div");
    box.className = "feedback feedback--error";
    box.setAttribute("data-verdict", "offline");
    box.setAttribute("role", "alert");
    var title = document.createElement("p");
    title.className = "feedback__title";
    title.textContent = OFFLINE;
    box.appendChild(title);
    area.replaceChildren(box);
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.matches(".drill__feedback")) {
      announce(target);
    }
    // an outerHTML swap settles the new element, not the target: look in the page
    var fresh = document.querySelector("[data-focus-first]");
    if (fresh) {
      fresh.removeAttribute("data-focus-first");
      focusFirstControl(fresh);
      return;
    }
    focusMarked();
  });
  // A 5xx that is not one of our fragments (a proxy's or a crashed worker's page)
  // is not swapped into the drill: it counts as no answer at all.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status >= 500 && xhr.responseText.indexOf("data-verdict") === -1) {
      event.detail.shouldSwap = false;
      offline(event);
    }
  });
  document.addEventListener("htmx:sendError", offline);
  document.addEventListener("htmx:timeout", offline);
  document.addEventListener("htmx:responseError", offline);

  // «Следующее упражнение →»: follow the link, then put focus on that drill.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-focus-target]");
    var drill = link && document.getElementById(link.getAttribute("data-focus-target"));
    if (!drill) {
      return;
    }
    event.preventDefault();
    history.pushState(null, "", "#" + drill.id);
    drill.focus({ preventScroll: true });
    drill.scrollIntoView({ block: "start" });
  });

  // A full page: the feedback of a plain (no-htmx) answer, else a new practice
  // problem's first control.
  document.addEventListener("DOMContentLoaded", function () {
    if (focusMarked()) {
      return;
    }
    var fresh = document.querySelector("[data-focus-first]");
    if (fresh) {
      fresh.removeAttribute("data-focus-first");
      focusFirstControl(fresh);
    }
  });

  // A lesson's drill form starts with no controls of its own: each names the form
  // of the page without JS (templates/drills/_frame.html, data-owner), so Chromium's
  // look at every form after load does not draw the drills far below the screen.
  // The first touch of a drill gives them back to its form, before a click or a
  // submit reaches the form or htmx (capture phase).
  function claimControls(event) {
    var form = event.target.closest && event.target.closest("form[data-owner]");
    if (!form) {
      return;
    }
    var owner = form.getAttribute("data-owner");
    form.removeAttribute("data-owner");
    Array.prototype.forEach.call(form.querySelectorAll("[form]"), function (control) {
      if (control.getAttribute("form") === owner) {
        control.removeAttribute("form");
      }
    });
  }
  ["focusin", "pointerdown", "click", "submit"].forEach(function (type) {
    document.addEventListener(type, claimControls, true);
  });

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
