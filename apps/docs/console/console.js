// The API console: Scalar's API reference with its request client, on the console's copy of the contract.
// /console/config.json says which servers to offer first (the local sandbox under `npm start`, a hosted sandbox
// given at build time) and, under `npm start`, a token for the example tenant. The token is kept in memory by
// the console (never in a URL, never in storage) and only sent to the server the reader picks.
// One click sends: "Test Request" opens the request dialog and sends the operation's pre-filled example at once
// (operations that delete, end or replace something wait for the dialog's Send).

/** `get /api/svc/v1/mcp/{id}` for each operation the contract marks `x-destructive` (the build writes it on each). */
function destructiveOperations(contract) {
  const found = new Set();
  for (const [path, pathItem] of Object.entries(contract.paths || {})) {
    for (const [method, operation] of Object.entries(pathItem)) {
      if (operation && typeof operation === 'object' && operation['x-destructive'] === true) found.add(`${method} ${path}`);
    }
  }
  return found;
}

/** How long a dialog may take to show its operation before the reader is left to press Send themselves. */
const DIALOG_WAIT_MS = 120000;

/**
 * Clicks the request dialog's Send once it shows this operation. Scalar 1.76.0 offers no option to send on opening;
 * its Send button's label names the method and the path ("Send get request to <server>/api/svc/v1/teams/{id}"),
 * which tells this operation's dialog from the one shown before.
 */
function sendWhenShown(method, path) {
  const label = `Send ${method} request to `;
  const findSend = () =>
    [...document.querySelectorAll('[role="dialog"] button')].find((button) => {
      const text = button.textContent.trim();
      return !button.disabled && button.getClientRects().length > 0 && text.includes(label) && text.endsWith(path);
    });
  let observer;
  const giveUp = setTimeout(() => observer && observer.disconnect(), DIALOG_WAIT_MS);
  const trySend = () => {
    const send = findSend();
    if (!send) return false;
    clearTimeout(giveUp);
    if (observer) observer.disconnect();
    send.click();
    return true;
  };
  if (trySend()) return;
  observer = new MutationObserver(trySend);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'disabled'] });
}

/** "Test Request (get /path)" sends at once, unless the operation is destructive. */
function sendOnTestRequest(contract) {
  const waitsForSend = destructiveOperations(contract);
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button.show-api-client-button') : null;
    if (!button) return;
    const called = /\((\w+) (\S+)\)$/.exec(button.textContent.trim());
    if (!called) return;
    const method = called[1].toLowerCase();
    const path = called[2];
    if (waitsForSend.has(`${method} ${path}`)) return;
    sendWhenShown(method, path);
  }, true); // capture: Scalar's button stops the click from bubbling
}

(async function startConsole() {
  const [config, contract] = await Promise.all([
    fetch('/console/config.json', { cache: 'no-store' }).then((response) => response.json()),
    fetch('/console/openapi.json').then((response) => response.json()),
  ]);
  const sandboxes = config.servers;
  // Every operation carries its own servers (the build wrote them there): the sandboxes go first in each list.
  contract.servers = [...sandboxes, ...(contract.servers || [])];
  for (const pathItem of Object.values(contract.paths || {})) {
    for (const operation of Object.values(pathItem)) {
      if (operation && typeof operation === 'object' && Array.isArray(operation.servers)) {
        operation.servers = [...sandboxes, ...operation.servers];
      }
    }
  }
  const note = document.getElementById('console-token-note');
  const token = config.token ? ` The bearer token field holds a token for the sandbox's example tenant "${config.tenant}", made when npm start started.` : '';
  note.textContent = `Test Request sends the example at once; operations that delete, end or replace something wait for Send.${token}`;
  note.hidden = false;
  sendOnTestRequest(contract);
  window.Scalar.createApiReference('#console', {
    content: contract,
    withDefaultFonts: false,
    hideDarkModeToggle: true,
    persistAuth: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    authentication: {
      preferredSecurityScheme: 'jwt',
      securitySchemes: config.token ? { jwt: { token: config.token } } : {},
    },
  });
})();
