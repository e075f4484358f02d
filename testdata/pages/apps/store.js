// A React-style store for the recording tests (testdata/pages/README.md):
// product cards are plain divs with hashed class names, and the whole
// page is rendered again from its state on every cart change, so every
// card, button and cart line is a new element after each click. The
// variant (window.STORE_VARIANT, set by the page) changes what a real
// release changes: "original"; "reworked" (new class hashes and ids,
// products reordered, one inserted, new prices, a banner); "renamed" (the
// reworked one with the Linen notebook renamed "Linen journal");
// "lookalike" (the reworked one with a "Linen notebook refill"); "broken"
// (the order fails: "Payment failed").
(() => {
  const variant = window.STORE_VARIANT || "original";
  // "renamed" is the reworked release with the Linen notebook renamed
  // "Linen journal": a recording that adds the notebook must fail.
  // "lookalike" is the reworked release with a "Linen notebook refill"
  // inserted, whose name holds the notebook's.
  const reworked = variant === "reworked" || variant === "renamed" || variant === "lookalike";
  const h = (name) => "css-" + (reworked ? "r" : "") + name; // hashed class names
  let products = [
    { id: "p1", name: "Blue mug", price: 9.5 },
    { id: "p2", name: "Linen notebook", price: 12 },
    { id: "p3", name: "Brass pen", price: 24 },
    { id: "p4", name: "Oak desk tray", price: 31 },
  ];
  if (reworked) {
    products = [
      { id: "x9", name: "Brass pen", price: 26.5 },
      { id: "x7", name: "Felt coaster set", price: 7 },
      { id: "x1", name: "Oak desk tray", price: 29 },
      { id: "x4", name: "Linen notebook", price: 13.75 },
      { id: "x2", name: "Blue mug", price: 11 },
    ];
  }
  if (variant === "renamed") {
    products = products.map((p) => (p.name === "Linen notebook" ? { ...p, name: "Linen journal" } : p));
  }
  if (variant === "lookalike") {
    products.splice(1, 0, { id: "x5", name: "Linen notebook refill", price: 4 });
  }
  const state = { cart: [], placed: false };
  const money = (n) => "$" + n.toFixed(2);
  const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  function card(p) {
    return `<div class="${h("1q2w3e")}" data-key="${p.id}">` +
      `<div class="${h("9f8e7d")}">${esc(p.name)}</div>` +
      `<div class="${h("5t6y7u")}">${money(p.price)}</div>` +
      `<button class="${h("b4n5m6")}" data-add="${p.id}">Add to cart</button></div>`;
  }

  function render() {
    const app = document.getElementById("app");
    if (state.placed) {
      app.innerHTML = variant === "broken"
        ? `<h1 class="${h("h1x")}">Payment failed</h1><p role="status">Your card was declined.</p>`
        : `<h1 class="${h("h1x")}">Thank you!</h1><p role="status">Order placed: ${state.cart.length} items</p>`;
      return;
    }
    const lines = state.cart.map((id) => products.find((p) => p.id === id));
    const total = lines.reduce((s, p) => s + p.price, 0);
    app.innerHTML =
      (reworked ? `<div class="${h("bn1")}" role="note">Free shipping on orders over $50!</div>` : "") +
      `<h1 class="${h("t1")}">Desk goods</h1>` +
      `<div class="${h("g7h8")}">${products.map(card).join("")}</div>` +
      `<div class="${h("c0v9")}"><h2>Your cart</h2>` +
      `<ul aria-label="Cart items">${lines.map((p) => `<li>${esc(p.name)}</li>`).join(" ")}</ul>` +
      `<div class="${h("tt5")}">Total: ${money(total)}</div>` +
      `<button class="${h("b4n5m6")} ${h("pr1")}" data-place="1"${lines.length ? "" : " disabled"}>Place order</button></div>`;
  }

  document.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.add) state.cart.push(b.dataset.add);
    if (b.dataset.place) state.placed = true;
    // React would commit after the event; so do we.
    setTimeout(render, 30);
  });
  render();
})();
