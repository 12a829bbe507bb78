export { startMock, PortInUseError, type StartMockOptions, type RunningMock, type RunningSandbox, type RunningServer } from './http/server.js';
export type { FaultKindOption, FaultOptions, LatencyOptions } from './faults/chaos.js';
export type { FaultKind } from './answers/prefer-header.js';
export type { JournalEntry } from './journal/request-journal.js';
export type { JournalFilter } from './journal/journal-recorder.js';
export type { CorsOptions, CorsSetting } from './http/cors.js';
export type { SandboxOptions } from './sandbox/create-sandbox.js';
export type { SpecSource } from './spec/load-spec.js';
export type { ErrorShape, Violation } from './types.js';
