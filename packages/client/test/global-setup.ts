// Starts @vendor/api-mock once for the whole run; tests read its URL with inject('mockUrl').
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
    mockError: string;
  }
}

export default async function setup(project: TestProject) {
  try {
    const { startMock } = await import('@vendor/api-mock');
    const mock = await startMock({ port: 0, host: '127.0.0.1', onWarning: (line) => console.error(`[api-mock warning] ${line}`) });
    project.provide('mockUrl', mock.url);
    project.provide('mockError', '');
    return () => mock.close();
  } catch (error) {
    // Only the mock-backed tests need it; they fail with this message instead of the whole run failing.
    project.provide('mockUrl', '');
    project.provide('mockError', error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
