// The rooms of the repository's root, lowest first, each with why it sits where it does. An import may point at its
// own room or a room ranked below it, never above; rooms of one rank do not import each other. Read by the guard
// (tests/architecture/root-imports.test.ts) and by `npm run look` (scripts/look.mjs).

/** The folders the root's graph is read from; each package's own folders are its own guard's (packages/<name>/test/architecture). */
export const ROOT_FOLDERS = ['lib', 'apps/docs/codegen', 'apps/docs/console', 'apps/docs/scripts', 'apps/docs/src', 'apps/docs/test', 'scripts', 'bench', 'tests'];

/** @type {import('./import-graph.mjs').RoomRule[]} */
export const ROOT_ROOMS = [
  { room: 'packages/*', rank: 0, prefixes: ['packages/'], why: 'the packages (the spec model, the breaking comparer, what we publish): each guards its own layers' },
  { room: 'lib', rank: 1, prefixes: ['lib/'], why: 'helpers several rooms share: JSON text, Python names, free ports, TypeScript import, the published packages, this graph' },
  { room: 'apps/docs/codegen', rank: 2, prefixes: ['apps/docs/codegen/'], why: 'the docs\' pages, samples and Postman collection, from the spec model' },
  { room: 'apps/docs/console', rank: 2, prefixes: ['apps/docs/console/'], why: 'the try-it console\'s browser code' },
  { room: 'apps/docs/src', rank: 2, prefixes: ['apps/docs/src/'], why: 'the docs\' generated inputs and compiled samples' },
  { room: 'apps/docs/scripts', rank: 2, prefixes: ['apps/docs/scripts/'], why: 'the docs site\'s build and serve steps' },
  { room: 'scripts/generators', rank: 3, prefixes: ['scripts/generators/'], why: 'the steps of `npm run generate`: spec model and docs codegen into generated files' },
  { room: 'bench/lib', rank: 4, prefixes: ['bench/lib/'], why: 'what the bench measures with: processes, statistics, spec examples, reports' },
  { room: 'bench/servers', rank: 5, prefixes: ['bench/servers/'], why: 'the servers a bench section starts in a child process' },
  { room: 'bench', rank: 6, prefixes: ['bench/'], why: 'the bench sections, their settings and budgets' },
  { room: 'scripts/lib', rank: 7, prefixes: ['scripts/lib/'], why: 'the commands\' own helpers: bundling, running steps, the start command\'s parts' },
  { room: 'scripts/test-runtimes', rank: 7, prefixes: ['scripts/test-runtimes/'], why: 'the runtime checks\' fixtures and entries (`npm run test:runtimes`)' },
  { room: 'scripts', rank: 8, prefixes: ['scripts/'], why: 'the commands (`npm run <name>`), each runnable alone' },
  { room: 'tests', rank: 9, prefixes: ['tests/', 'apps/docs/test/'], why: 'the tests: they may import anything below' },
];
