// The sandbox with the default in-memory store.
import { startMock } from '../../src/index.js';
import { describeSandboxBehaviour } from './behaviour.js';

describeSandboxBehaviour('memory', () => startMock({ sandbox: { secret: 'sandbox-test-secret' }, onWarning: () => {} }));
