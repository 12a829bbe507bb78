// The sandbox with the default in-memory store.
import { startMock } from '../../src/index.js';
import { describeSandboxBehaviour } from './behaviour.js';
import { describeQuotas } from './quotas.js';

describeSandboxBehaviour('memory', () => startMock({ sandbox: { secret: 'sandbox-test-secret' }, onWarning: () => {} }));
describeQuotas('memory', (limits) => startMock({ sandbox: { secret: 'sandbox-test-secret', ...limits }, onWarning: () => {} }));
