// A four-step checkout wizard for the recording tests
// (testdata/pages/README.md): each step replaces the form's DOM (new
// elements, new ids), as a single-page app's router does. Steps: Address
// (Full name, Email, Address), Delivery (radios "Standard (3-5 days) —
// $4.99", "Express (next day) — $14.99"), Payment (Card number), Review
// (the choices, "Place order"), then the outcome: heading "Thank you!"
// and status "Order confirmed for NAME, Express (next day)". The variant
// (window.CHECKOUT_VARIANT): "original"; "reworked" (new classes and ids,
// fields reordered, a Phone field inserted, new prices, a banner);
// "broken" (the outcome is "Payment failed").
(() => {
  const variant = window.CHECKOUT_VARIANT || "original";
  const rw = variant === "reworked";
  const id = (s) => (rw ? "v2-" : "") + s + "-" + Math.random().toString(36).slice(2, 6);
  const cls = (s) => "sc-" + (rw ? "Zq" : "Ab") + s;
  const state = { step: 0, name: "", email: "", address: "", phone: "", ship: "", card: "" };
  const ships = rw
    ? [["standard", "Standard (3-5 days) — $5.49"], ["pickup", "Pick up in store — free"], ["express", "Express (next day) — $16.99"]]
    : [["standard", "Standard (3-5 days) — $4.99"], ["express", "Express (next day) — $14.99"]];
  const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  function field(key, label, type) {
    const i = id(key);
    return `<div class="${cls("f1")}"><label for="${i}">${label}</label>` +
      `<input id="${i}" class="${cls("i2")}" name="${key}" type="${type || "text"}" value="${esc(state[key])}" data-k="${key}"></div>`;
  }

  function body() {
    switch (state.step) {
      case 0: {
        const f = [field("name", "Full name"), field("email", "Email", "email"), field("address", "Address")];
        if (rw) f.splice(0, 2, f[1], field("phone", "Phone (optional)", "tel"), f[0]);
        return `<h2>Address</h2>${f.join("")}`;
      }
      case 1:
        return `<h2>Delivery</h2><fieldset class="${cls("g3")}"><legend>Shipping speed</legend>` +
          ships.map(([v, l]) => {
            const i = id("ship-" + v);
            return `<div class="${cls("r4")}"><input type="radio" name="ship" id="${i}" value="${v}"${state.ship === v ? " checked" : ""}>` +
              `<label for="${i}">${l}</label></div>`;
          }).join("") + `</fieldset>`;
      case 2:
        return `<h2>Payment</h2>${field("card", "Card number")}`;
      case 3: {
        const ship = ships.find(([v]) => v === state.ship);
        return `<h2>Review</h2><dl class="${cls("d5")}"><dt>Name</dt><dd>${esc(state.name)}</dd>` +
          `<dt>Delivery</dt><dd>${ship ? esc(ship[1].split(" — ")[0]) : "none"}</dd></dl>`;
      }
    }
    return "";
  }

  function render() {
    const app = document.getElementById("app");
    if (state.step === 4) {
      const ship = ships.find(([v]) => v === state.ship);
      app.innerHTML = variant === "broken"
        ? `<h1>Payment failed</h1><p role="status">The card was declined.</p>`
        : `<h1>Thank you!</h1><p role="status">Order confirmed for ${esc(state.name)}, ${ship ? esc(ship[1].split(" — ")[0]) : "no delivery"}</p>`;
      return;
    }
    const last = state.step === 3;
    app.innerHTML = (rw ? `<div class="${cls("b0")}" role="note">New: pay in three instalments!</div>` : "") +
      `<h1>Checkout</h1><p class="${cls("s9")}">Step ${state.step + 1} of 4</p>` +
      `<form class="${cls("w8")}" novalidate>${body()}` +
      (state.step > 0 ? `<button type="button" class="${cls("k7")}" data-back="1">Back</button>` : "") +
      `<button type="submit" class="${cls("k7")} ${cls("k6")}">${last ? "Place order" : "Continue"}</button></form>`;
  }

  document.addEventListener("input", (e) => {
    if (e.target.dataset && e.target.dataset.k) state[e.target.dataset.k] = e.target.value;
  });
  document.addEventListener("change", (e) => {
    if (e.target.name === "ship") state.ship = e.target.value;
  });
  document.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest("[data-back]")) {
      state.step--;
      setTimeout(render, 20);
    }
  });
  document.addEventListener("submit", (e) => {
    e.preventDefault();
    state.step++;
    setTimeout(render, 20);
  });
  render();
})();
