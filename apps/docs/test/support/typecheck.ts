// Type-checks TypeScript files with the compiler options of tsconfig.samples.json (which resolves
// @vendor/api-client through the workspace, i.e. the client's built dist/ and its .d.ts).
import path from 'node:path';
import ts from 'typescript';
import { docsRoot } from './docs-bundle.js';

export function samplesCompilerOptions(): ts.CompilerOptions {
  const configPath = path.join(docsRoot, 'tsconfig.samples.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, docsRoot).options;
}

/** @param files absolute file name -> source text (in memory; not read from disk) */
export function typecheck(files: Record<string, string>): Map<string, string[]> {
  const options = samplesCompilerOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[path.resolve(name)] ?? readFile(name);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) in files || fileExists(name);
  const program = ts.createProgram(Object.keys(files), options, host);
  const result = new Map<string, string[]>();
  for (const name of Object.keys(files)) {
    const source = program.getSourceFile(name);
    const diagnostics = source ? ts.getPreEmitDiagnostics(program, source) : [];
    result.set(
      name,
      diagnostics.map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        return `${where ? `${where.line + 1}:${where.character + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return result;
}
