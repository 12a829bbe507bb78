// Opens tenant administration on the shared Postgres: its own small pool (admin writes and a poll a second need
// few connections) and its tables. Imported only when a sandbox is administered; the URL never reaches a message.
import { createPgDriver } from '../store/pg-driver.js';
import { describeDatabaseError } from '../store/sql-overlay.js';
import { createTenantRegistry, type TenantLimits, type TenantRegistry } from './tenant-registry.js';

const ADMIN_POOL_SIZE = 2;

export async function openTenancy(databaseUrl: string, defaults: TenantLimits, warn: (line: string) => void): Promise<TenantRegistry> {
  const driver = await createPgDriver(databaseUrl, { max: ADMIN_POOL_SIZE });
  try {
    return await createTenantRegistry(driver, defaults, warn);
  } catch (error) {
    await driver.close().catch(() => {});
    throw new Error(`sandbox: cannot open tenant administration: ${describeDatabaseError(error)}`, { cause: error });
  }
}
