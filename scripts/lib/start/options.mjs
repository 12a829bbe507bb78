// Parses `npm start -- [--docs-port 8080] [--mock-port 4010] [--skip-build]`. Errors name the option.
export const USAGE = `Usage: npm start -- [--docs-port 8080] [--mock-port 4010] [--skip-build]

Regenerates and builds everything from openapi/spec.yaml, then serves the API docs and the mock on 127.0.0.1.
  --docs-port <port>  port of the docs server (default 8080; 0 picks a free one)
  --mock-port <port>  port of the mock (default 4010; 0 picks a free one)
  --skip-build        serve what was built before (no generate, no build)`;

export function parseStartArgs(argv) {
  const options = { docsPort: 8080, mockPort: 4010, skipBuild: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--docs-port') options.docsPort = port(flag, value());
    else if (flag === '--mock-port') options.mockPort = port(flag, value());
    else if (flag === '--skip-build') options.skipBuild = true;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else throw new Error(`unknown option ${arg} (see npm start -- --help)`);
  }
  return options;
}

function port(flag, raw) {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65535) throw new Error(`${flag} must be a port number from 0 to 65535 (got ${raw})`);
  return value;
}
