// Ariadne's in-page action helpers, added to the isolated world's __ariadne.
(() => {
  const A = globalThis.__ariadne;
  if (A.actions) return;
  A.actions = true;
})()
