// Ariadne's in-page locator helpers, added to the isolated world's __ariadne.
(() => {
  const A = globalThis.__ariadne;
  if (A.locators) return;
  A.locators = true;
})()
