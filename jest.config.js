// One jest run, four kinds of test. Each integration test file gets its own database and
// queue names, so files run in parallel against the one set of servers npm test starts.
const transform = {
  '^.+\\.([tj]sx?|mjs)$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
  ],
};
// The gateway's proxy (http-proxy-middleware 4, httpxy) ships as ES modules only: compiled to CommonJS for jest like our own code.
const ESM_ONLY_PACKAGES = ['http-proxy-middleware', 'httpxy', 'is-plain-obj'];
const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'services',
      testMatch: ['<rootDir>/{contracts,service-kit,gateway}/test/**/*.test.ts', '<rootDir>/services/*/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/serial/'],
    },
    { ...common, displayName: 'web', testMatch: ['<rootDir>/web/test/**/*.test.{ts,tsx}'] },
    { ...common, displayName: 'system', testMatch: ['<rootDir>/tests/{api,events,ops,security}/**/*.test.ts'], testPathIgnorePatterns: ['/serial/'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/tests/browser/**/*.test.ts'], testPathIgnorePatterns: ['/serial/'] },
    // On the scaled stack (two of every process, a broker cluster), after everything else: the
    // fault run alone, then the system tests and the booking and chat journeys in the browser.
    { ...common, displayName: 'scaled', testMatch: ['<rootDir>/tests/scaled/**/*.test.ts'] },
    {
      ...common,
      displayName: 'scaled-journeys',
      testMatch: [
        '<rootDir>/tests/api/**/*.test.ts',
        '<rootDir>/tests/browser/{public-booking,public-booking-form,manage-booking,public-chat,maintenance-chat}.test.ts',
      ],
    },
    // Restart shared servers, kill stack processes or switch a setting every other file meets
    // (double opt-in, an offering's mail settings): run alone, after everything else.
    {
      ...common,
      displayName: 'serial',
      testMatch: ['<rootDir>/**/test/serial/**/*.test.ts', '<rootDir>/tests/{security,browser}/serial/**/*.test.ts', '<rootDir>/tests/faults/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
