// The database drivers are optional peer dependencies: the stateless mock and the in-memory sandbox do
// not need them, so installs stay small. Asking for --data or --database-url without them says what to install.
export class MissingDriverError extends Error {
  override name = 'MissingDriverError';
}

export async function importOptional<T>(name: string, load: () => Promise<T>, purpose: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    if (missing && String((error as Error).message).includes(name)) {
      throw new MissingDriverError(`${purpose} needs the ${name} package: npm install ${name}`, { cause: error });
    }
    throw error;
  }
}
