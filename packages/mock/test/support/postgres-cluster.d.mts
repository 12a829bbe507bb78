// Types of postgres-cluster.mjs (plain JavaScript, so that the bench runs it without a build).

export interface Cluster {
  url: string;
  port: number;
  /** Stops the server (the data stays), e.g. to test a database outage. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  destroy(): Promise<void>;
}

/** Starts a throwaway cluster on a free loopback port; throws with the reason when Postgres cannot start. */
export function startCluster(): Promise<Cluster>;
