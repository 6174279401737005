// The architecture's import boundaries as `no-restricted-imports` settings (docs/ARCHITECTURE.md, shared DESIGN.md).
// Kept apart from eslint.config.js so apps/server/src/lint-boundaries.test.ts can lint snippets with these rules
// alone (no type-aware parsing: fast).

const webNeverServer = {
  group: ['**/apps/server/**', '@keel/server', '**/server/src/**'],
  message: 'The web app talks to the server over HTTP only; share types through @keel/contract.',
};
const uiNeverFeatures = {
  group: ['**/features/**'],
  message: 'ui/ holds domain-free primitives; move this into a feature.',
};
const uiNeverApiClient = {
  group: ['**/lib/api-client', '**/lib/api-client.*'],
  message: 'ui/ holds domain-free primitives and never calls the API; pass data or callbacks in from a feature.',
};
const plumbingNeverModules = {
  regex: '(^|/)modules/',
  message:
    'Plumbing (http, db, jobs, realtime, mail, storage, spreadsheet, metrics, events, outbound) knows no feature module; let the module call it.',
};
const dbNeverHttp = {
  regex: '(^|/)http/',
  message: 'db/ is below http/: the database plumbing never imports HTTP code.',
};
/** `../other/anything-but-index.js`: a module reaches another only through its index.ts. */
const moduleThroughIndex = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)',
  message:
    'Import another module through its index.ts; only the owning module queries its tables (call its repository functions).',
};
/** Table files may still reference other modules' tables for foreign keys. */
const moduleThroughIndexOrTable = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)(?![^/]+\\.table\\.js$)',
  message: 'Import another module through its index.ts (table files may import other table files for foreign keys).',
};

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export const importBoundaries = [
  {
    name: 'boundaries/contract',
    // The contract depends on zod only.
    files: ['packages/contract/src/**/*.ts'],
    ignores: testFiles,
    rules: restrict({
      // zod, or one of its own files: `./x.js` (src/ is flat; nothing outside it).
      regex: '^(?!zod(/|$)|\\./(?!.*\\.\\.))',
      message: '@keel/contract depends on zod only (and its own files).',
    }),
  },
  {
    name: 'boundaries/web',
    // The web app never reaches into the server.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: restrict(webNeverServer),
  },
  {
    name: 'boundaries/web-ui',
    // Primitives know nothing of features and never call the API.
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: restrict(webNeverServer, uiNeverFeatures, uiNeverApiClient),
  },
  {
    name: 'boundaries/plumbing',
    files: ['apps/server/src/{http,jobs,realtime,mail,storage,spreadsheet,metrics,events,outbound}/**/*.ts'],
    ignores: testFiles,
    rules: restrict(plumbingNeverModules),
  },
  {
    name: 'boundaries/db',
    files: ['apps/server/src/db/**/*.ts'],
    ignores: [...testFiles, 'apps/server/src/db/schema.ts'],
    rules: restrict(plumbingNeverModules, dbNeverHttp),
  },
  {
    name: 'boundaries/db-schema',
    // The one place plumbing names modules: every table, for Drizzle and drizzle-kit.
    files: ['apps/server/src/db/schema.ts'],
    rules: restrict(dbNeverHttp, {
      regex: '(^|/)modules/(?![^/]+/[^/]+\\.table\\.js$)',
      message: "db/schema.ts aggregates the modules' *.table.ts files and nothing else of them.",
    }),
  },
  {
    name: 'boundaries/modules',
    // A module reaches another only through its index.ts, tables included: only the owner queries a table.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/routes.ts', 'apps/server/src/modules/**/*.table.ts', ...testFiles],
    rules: restrict(moduleThroughIndex),
  },
  {
    name: 'boundaries/module-tables-and-tests',
    // Foreign keys: a table file may reference another module's table file. Tests may read tables to arrange fixtures.
    files: ['apps/server/src/modules/**/*.table.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: restrict(moduleThroughIndexOrTable),
  },
];
