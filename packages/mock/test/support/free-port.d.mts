// Types of free-port.mjs.

/** A loopback port free right now (the system may hand it out again once it is closed). */
export function freePort(): Promise<number>;
