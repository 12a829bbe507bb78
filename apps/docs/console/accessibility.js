// Repairs four ARIA mistakes in Scalar 1.76.0's request client, found by axe-core inside the request dialog
// (serious or critical): each fix is named after the rule it answers, runs whenever Scalar adds elements, and only
// touches an element that still has the mistake. Remove a fix once Scalar's release no longer needs it (the
// accessibility test fails when one is needed again).
(function repairConsoleAria() {
  /** aria-input-field-name: the request body's code editor is a textbox without a name. */
  function nameTheBodyEditor(root) {
    for (const editor of root.querySelectorAll('.cm-content[role="textbox"]:not([aria-label]):not([aria-labelledby])')) {
      editor.setAttribute('aria-label', 'Request body');
    }
  }

  /** aria-prohibited-attr: buttons marked role="none" keep their label; they are buttons, so the role goes. */
  function restoreLabelledButtons(root) {
    for (const button of root.querySelectorAll('button[role="none"][aria-label]')) button.removeAttribute('role');
  }

  /** aria-required-attr: the key/value inputs are comboboxes that never say whether their list is open. */
  function stateTheComboboxes(root) {
    for (const input of root.querySelectorAll('[role="combobox"]:not([aria-expanded])')) input.setAttribute('aria-expanded', 'false');
  }

  /** aria-valid-attr-value: copy buttons that point at an element that is not there. */
  function dropDanglingControls(root) {
    for (const element of root.querySelectorAll('[aria-controls]')) {
      const ids = element.getAttribute('aria-controls').split(/\s+/).filter(Boolean);
      const allMissing = ids.every((id) => document.getElementById(id) === null);
      if (allMissing) element.removeAttribute('aria-controls');
    }
  }

  function repair() {
    nameTheBodyEditor(document);
    restoreLabelledButtons(document);
    stateTheComboboxes(document);
    dropDanglingControls(document);
  }

  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      repair();
    });
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'aria-controls', 'aria-expanded'] });
  repair();
})();
