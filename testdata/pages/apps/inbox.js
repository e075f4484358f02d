// A React-style inbox for the assertion tests (testdata/pages/README.md):
// message cards and drafts are plain divs with hashed class names, and
// the whole page is rendered again from its state on every click, so
// every element is a new one after each. What the assertions check:
//
//   - note "Offline mode": in the ARIA tree but collapsed to zero height
//     (not visible);
//   - three identical drafts "(no subject)" (a count: only nth tells them
//     apart);
//   - Archive on a message removes it, writes "Archived: SUBJECT. N
//     messages left." into the status and shows a toast with button
//     "Undo" that goes away 6 s later (hidden once gone; long enough
//     for a script on a loaded machine to find it before it goes).
//
// The variant (window.INBOX_VARIANT, set by the page): "original";
// "reworked" (new class hashes, messages reordered, one more message, a
// banner); "broken-visible" (the offline note is shown); "broken-hidden"
// (the toast stays); "broken-count" (four drafts); "broken-text"
// (archiving fails: "Could not archive: SUBJECT.").
(() => {
  const variant = window.INBOX_VARIANT || "original";
  const reworked = variant === "reworked";
  const h = (name) => "css-" + (reworked ? "r" : "") + name;
  let messages = [
    { id: "m1", from: "Ada", subject: "Quarterly report" },
    { id: "m2", from: "Grace", subject: "Lunch on Friday" },
    { id: "m3", from: "Alan", subject: "Code review" },
  ];
  if (reworked) {
    messages = [
      { id: "q7", from: "Alan", subject: "Code review" },
      { id: "q2", from: "Ada", subject: "Quarterly report" },
      { id: "q9", from: "Edsger", subject: "Travel plans" },
      { id: "q4", from: "Grace", subject: "Lunch on Friday" },
    ];
  }
  const drafts = variant === "broken-count" ? 4 : 3;
  const state = { status: "", toast: false };
  const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const shown = variant === "broken-visible";
  const stays = variant === "broken-hidden";
  let toastTimer = 0;

  function card(m) {
    return `<div class="${h("k3j4")}" role="listitem" data-key="${m.id}">` +
      `<div class="${h("f9e8")}">${esc(m.from)}</div><div class="${h("s7u6")}">${esc(m.subject)}</div>` +
      `<button class="${h("b1n2")}" data-archive="${m.id}">Archive</button></div>`;
  }

  function render() {
    const app = document.getElementById("app");
    const collapsed = shown ? "" : ' style="height:0;overflow:hidden;margin:0;padding:0"';
    app.innerHTML =
      (reworked ? `<div class="${h("bn1")}" role="note" aria-label="News">New: keyboard shortcuts</div>` : "") +
      `<h1 class="${h("t1")}">Inbox</h1>` +
      `<div class="${h("o0f")}" role="note" aria-label="Offline mode"${collapsed}>You are offline; changes are kept.</div>` +
      `<div class="${h("l1s")}" role="list" aria-label="Messages">${messages.map(card).join("")}</div>` +
      `<h2 class="${h("t2")}">Drafts</h2>` +
      `<div class="${h("d1r")}" role="list" aria-label="Drafts">` +
      Array.from({ length: drafts }, () => `<div class="${h("d2f")}" role="listitem">(no subject)</div>`).join("") + `</div>` +
      `<p role="status" class="${h("st1")}">${esc(state.status)}</p>` +
      (state.toast ? `<div class="${h("to1")}" role="region" aria-label="Message archived"><button class="${h("b1n2")}" data-undo="1">Undo</button></div>` : "");
  }

  document.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || !b.dataset.archive) return;
    const m = messages.find((x) => x.id === b.dataset.archive);
    if (variant === "broken-text") {
      state.status = `Could not archive: ${m.subject}.`;
    } else {
      messages = messages.filter((x) => x !== m);
      state.status = `Archived: ${m.subject}. ${messages.length} messages left.`;
    }
    state.toast = true;
    clearTimeout(toastTimer);
    if (!stays) {
      toastTimer = setTimeout(() => { state.toast = false; render(); }, 6000);
    }
    render();
  });
  render();
})();
