// The page side of layout.py's checks, evaluated through the DevTools protocol (no page
// script: the portal's Content-Security-Policy stays whole). One arrow function of
// ({check, least, exclude}) returning one line per finding.
({ check, least, exclude }) => {
  const describe = (e) => {
    const cls = typeof e.className === "string" ? e.className : e.className?.baseVal ?? "";
    const label = (e.getAttribute("aria-label") || e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    const classes = cls ? "." + cls.trim().split(/\s+/).join(".") : "";
    return `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${classes} "${label}"`;
  };
  const shown = (e) => {
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    return style.visibility !== "hidden" && style.display !== "none"
      && box.width > 0 && box.height > 0 && !e.closest("[hidden], [inert]");
  };

  // A box made focusable only so the keyboard can scroll it (a chat's messages, a log) is no
  // pointer target.
  const scrolls = (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowY)
    && !e.matches("a, button, input, select, textarea, summary, [role=button], [role=link]");

  // Every shown interactive element smaller than `least` px either way, and every pair that
  // overlaps; a control inside another (an input inside a link) counts as the outer one.
  const targets = () => {
    const interactive = "a[href], button, input:not([type=hidden]), select, textarea, summary,"
      + " [role=button], [role=link], [tabindex]:not([tabindex='-1'])";
    const found = [];
    // Under a modal dialog the page is inert: the dialog's controls are the targets.
    const scope = document.querySelector("dialog:modal") ?? document;
    const boxes = [...scope.querySelectorAll(interactive)]
      .filter((e) => shown(e) && !scrolls(e) && !(exclude && e.closest(exclude)))
      .filter((e, _, all) => !all.some((o) => o !== e && o.contains(e)))
      .map((e) => [e, e.getBoundingClientRect()]);
    for (const [e, box] of boxes) {
      if (box.width < least - 0.5 || box.height < least - 0.5) {
        found.push(`too small: ${describe(e)} is ${box.width.toFixed(1)} x ${box.height.toFixed(1)} px`);
      }
    }
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    boxes.forEach(([e, box], i) => {
      for (const [other, otherBox] of boxes.slice(i + 1)) {
        if (overlap(box, otherBox)) found.push(`overlap: ${describe(e)} and ${describe(other)}`);
      }
    });
    return found;
  };

  // Every shown element with text whose content is wider than its box, where the box does
  // not scroll (inline boxes have no width of their own; form controls draw their own text).
  const clipped = () => {
    const skipped = ["INPUT", "SELECT", "TEXTAREA", "OPTION", "SCRIPT", "STYLE"];
    const found = [];
    for (const e of document.querySelectorAll("body, body *")) {
      if (e instanceof SVGElement || skipped.includes(e.tagName) || !shown(e)) continue;
      const style = getComputedStyle(e);
      if (style.display === "inline" || ["auto", "scroll"].includes(style.overflowX)) continue;
      if (!e.innerText?.trim()) continue;
      if (e.scrollWidth > e.clientWidth + 1) {
        found.push(`clipped: ${describe(e)} holds ${e.scrollWidth} px in ${e.clientWidth} px`);
      }
    }
    return found;
  };

  return check === "targets" ? targets() : clipped();
}
