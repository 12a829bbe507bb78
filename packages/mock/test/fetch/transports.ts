// The two ways a test reaches the mock: the server over loopback, and the in-process fetch. The test-double
// suites run each case through both, so "answers exactly as the server does" is checked, not assumed.
import { createMockFetch, type MockFetchOptions } from '../../src/fetch.js';
import { startMock, type StartMockOptions } from '../../src/index.js';

export interface Transport {
  /** the base URL to put in front of a path */
  base: string;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  close(): Promise<void>;
}

export type TransportName = 'server' | 'in-process';
export const TRANSPORTS: TransportName[] = ['server', 'in-process'];

type Options = StartMockOptions & MockFetchOptions;

export async function openTransport(name: TransportName, options: Options = {}): Promise<Transport> {
  if (name === 'server') {
    const mock = await startMock({ onWarning: () => {}, ...options });
    return { base: mock.url, fetch: (url, init) => fetch(url, init), close: () => mock.close() };
  }
  const mockFetch = createMockFetch({ onWarning: () => {}, ...options });
  return { base: 'http://mock.local', fetch: (url, init) => mockFetch(url, init), close: async () => {} };
}
