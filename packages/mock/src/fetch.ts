// @vendor/api-mock/fetch: the mock as a fetch function, without a port or a process.
export { createMockFetch, type MockFetch, type MockFetchOptions, type MockFetchSandboxOptions, type SandboxFetch } from './fetch/create-mock-fetch.js';
export type { FaultKindOption, FaultOptions, LatencyOptions } from './faults/chaos.js';
export type { FaultKind } from './core/prefer-header.js';
export type { JournalEntry } from './journal/request-journal.js';
export type { JournalFilter } from './journal/journal-recorder.js';
