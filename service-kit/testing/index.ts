// Helpers for integration tests: every test file gets its own database and queue names on
// the servers `npm test` started, so files run in parallel without seeing each other.
export * from './helpers';
export * from './calendar';
export * from './harness';
export * from './listener';
export * from './command-count';
export * from './mailpit';
export * from './object-storage';
export * from './ports';
export * from './postgres-stats';
export * from './raw-client';
export * from './privacy';
export * from './zip';
