// The API console: Scalar's API reference with its request client, on the console's copy of the contract.
// /console/config.json says which servers to offer first (the local sandbox under `npm start`, a hosted sandbox
// given at build time) and, under `npm start`, a token for the example tenant. The token is kept in memory by
// the console (never in a URL, never in storage) and only sent to the server the reader picks.
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
  if (config.token) {
    const note = document.getElementById('console-token-note');
    note.textContent = `The bearer token field holds a token for the sandbox's example tenant "${config.tenant}", made when npm start started.`;
    note.hidden = false;
  }
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
