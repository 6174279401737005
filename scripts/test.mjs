import { existsSync } from 'node:fs';
import { runSteps } from './run-steps.mjs';

// `npm test`: every test there is. The PostgreSQL pass runs when TEST_DATABASE_URL names a server
// (CI starts one); the browser journeys run when Chromium is installed (CI installs it).
const postgresUrl = process.env.TEST_DATABASE_URL;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

runSteps([
  // tsc and eslint are each single-threaded: side by side they take the time of the longer one.
  {
    together: [
      { title: 'type check', command: 'npm run typecheck' },
      { title: 'lint', command: 'npm run lint' },
    ],
  },
  { title: 'unit and integration tests (embedded PGlite)', command: 'npx vitest run', env: { TEST_DATABASE_URL: '' } },
  {
    title: 'integration tests on PostgreSQL',
    command: 'npx vitest run --project server',
    skip: postgresUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  { title: 'build', command: 'npm run build' },
  {
    title: 'browser journeys (Playwright, Chromium)',
    command: 'npx playwright test -c e2e/playwright.config.ts',
    skip: existsSync(chromium) ? undefined : `no Chromium at ${chromium}; install Debian's chromium`,
  },
]);
