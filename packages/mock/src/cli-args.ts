// Parses `vendor-api-mock --port 4010 [--host 127.0.0.1] [--spec bundle.json]`.
export interface CliOptions {
  port: number;
  host: string;
  spec?: string;
  help: boolean;
}

export const USAGE = `Usage: vendor-api-mock [--port 4010] [--host 127.0.0.1] [--spec path/to/openapi.json]

Serves the Platform API's OpenAPI document with Prism: examples for valid requests,
validation errors in each operation's own error shape, 401 without a bearer token.`;

export function parseCliArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: 4010, host: '127.0.0.1', help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port':
      case '-p': {
        const raw = value();
        const port = Number(raw);
        if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`--port must be an integer from 0 to 65535 (got ${raw})`);
        options.port = port;
        break;
      }
      case '--host':
        options.host = value();
        break;
      case '--spec':
        options.spec = value();
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return options;
}
