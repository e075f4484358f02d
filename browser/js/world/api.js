  function dataURL(href) {
    if (!href.startsWith("data:")) return href;
    const comma = href.indexOf(",");
    return comma === -1 ? href : href.slice(0, comma + 1) + "\u2026";
  }

  globalThis.__ariadne = {
    doc, handleOf, elementOf, isSecret, markSecret, snapshot, lines, refresh, refreshStats, version: pageVersion, getRole, accessibleName,
    // For locators.js, which reads roles, names and labels as Playwright's
    // getBy* queries do.
    newCaches, withCaches, hiddenForAria, labelsOf, idRefs, isNativelyDisabled,
    normalizeWS, nameFromContentRoles,
  };
  return doc;
