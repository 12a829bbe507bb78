// How the CLI names itself in usage lines, the sandbox banner and error messages. Always the scoped package:
// `npx` with an unscoped name would ask the public registry, where anyone may publish that name.
export const PACKAGE_NAME = '@vendor/api-mock';
/** The command a partner types; inside the repository `npm run mock -- ...` runs the same CLI. */
export const COMMAND = `npx ${PACKAGE_NAME}`;
