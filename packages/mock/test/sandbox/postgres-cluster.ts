// The tests' throwaway Postgres cluster: the one starter the bench uses too (test/support/postgres-cluster.mjs).
export { startCluster, type Cluster } from '../support/postgres-cluster.mjs';
