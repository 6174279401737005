import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/ARCHITECTURE.md are lint rules (eslint.boundaries.js, spread into eslint.config.js).
// Each case lints one import with those rules alone (no type-aware parsing, so this stays fast) and checks that the
// bad import is refused by `no-restricted-imports` with the boundary's own message, and that the good one passes.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let eslint: ESLint;
let importBoundaries: Linter.Config[];

beforeAll(async () => {
  const boundariesFile = pathToFileURL(`${repoRoot}eslint.boundaries.js`).href;
  ({ importBoundaries } = (await import(boundariesFile)) as { importBoundaries: Linter.Config[] });
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...importBoundaries],
  });
});

async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { thing } from '${specifier}';\nexport const used = thing;\n`, {
    filePath: `${repoRoot}${filePath}`,
  });
  if (!result) throw new Error('no lint result');
  const fatal = result.messages.filter((message) => message.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: {
  rule: string;
  file: string;
  bad: string[];
  good: string[];
  message: RegExp;
}[] = [
  {
    rule: 'packages/contract imports only zod and its own files',
    file: 'packages/contract/src/some-schema.ts',
    bad: ['drizzle-orm', '../../../apps/server/src/config.js', '../package.json', './../../web/x.js', 'vitest'],
    good: ['zod', 'zod/mini', './common.js'],
    message: /depends on zod only/,
  },
  {
    rule: 'db/ imports no http/',
    file: 'apps/server/src/db/some-plumbing.ts',
    bad: ['../http/errors.js'],
    good: ['./scope.js', '../config.js'],
    message: /never imports HTTP code/,
  },
  {
    rule: 'plumbing imports nothing from modules/',
    file: 'apps/server/src/http/some-hook.ts',
    bad: ['../modules/auth/index.js', '../modules/people/people.table.js'],
    good: ['./errors.js', '../db/scope.js'],
    message: /Plumbing .* knows no feature module/,
  },
  {
    rule: 'plumbing imports nothing from modules/ (realtime, spreadsheet, mail, storage, db)',
    file: 'apps/server/src/realtime/some-hub.ts',
    bad: ['../modules/teams/index.js'],
    good: ['../db/scope.js'],
    message: /Plumbing .* knows no feature module/,
  },
  {
    rule: 'metrics plumbing imports nothing from modules/',
    file: 'apps/server/src/metrics/some-collector.ts',
    bad: ['../modules/revisions/index.js'],
    good: ['../jobs/job-queue.js'],
    message: /Plumbing .* knows no feature module/,
  },
  {
    rule: 'db/schema.ts names only the modules’ table files',
    file: 'apps/server/src/db/schema.ts',
    bad: ['../modules/todos/todos.repository.js', '../modules/todos/index.js'],
    good: ['../modules/todos/todos.table.js'],
    message: /aggregates the modules/,
  },
  {
    rule: 'ui/ imports no features/',
    file: 'apps/web/src/ui/SomePrimitive.tsx',
    bad: ['../features/todos/todos.api', '@/features/todos/components/TodoRow'],
    good: ['./Button', 'react'],
    message: /domain-free primitives; move this into a feature/,
  },
  {
    rule: 'ui/ never uses the API client',
    file: 'apps/web/src/ui/SomePrimitive.tsx',
    bad: ['../lib/api-client', '../lib/api-client.ts'],
    good: ['../lib/file-size'],
    message: /never calls the API/,
  },
  {
    rule: 'the web app never imports the server',
    file: 'apps/web/src/features/todos/todos.api.ts',
    bad: ['../../../../server/src/config.js'],
    good: ['@keel/contract', '../../lib/api-client'],
    message: /talks to the server over HTTP only/,
  },
  {
    rule: 'modules meet only through index.ts, tables included',
    file: 'apps/server/src/modules/todos/todos.repository.ts',
    bad: ['../people/people.table.js', '../teams/teams.repository.js', '../audit/audit.table.js'],
    good: ['../people/index.js', './todos.table.js', '../../db/scope.js'],
    message: /through its index\.ts; only the owning module queries its tables/,
  },
  {
    rule: 'table files may reference other modules’ tables for foreign keys, nothing else',
    file: 'apps/server/src/modules/todos/todos.table.ts',
    bad: ['../people/people.repository.js'],
    good: ['../people/people.table.js', '../teams/teams.table.js'],
    message: /table files may import other table files for foreign keys/,
  },
];

describe('import boundaries (eslint.boundaries.js)', () => {
  it('are what the repository lint (eslint.config.js) applies', async () => {
    const project = new ESLint({ cwd: repoRoot });
    const applied = {
      'apps/server/src/modules/todos/todos.repository.ts': 'boundaries/modules',
      'apps/server/src/http/authenticate.ts': 'boundaries/plumbing',
      'apps/web/src/ui/Button.tsx': 'boundaries/web-ui',
      'packages/contract/src/index.ts': 'boundaries/contract',
    };
    for (const [file, name] of Object.entries(applied)) {
      const config = (await project.calculateConfigForFile(`${repoRoot}${file}`)) as Linter.Config;
      const own = importBoundaries.find((entry) => entry.name === name);
      const [severity, options] = config.rules?.['no-restricted-imports'] as [number, unknown];
      expect(severity, file).toBe(2);
      expect(options, file).toEqual((own?.rules?.['no-restricted-imports'] as unknown[] | undefined)?.[1]);
    }
  });

  for (const boundary of cases) {
    it(`${boundary.rule}: refuses ${boundary.bad.join(', ')}`, async () => {
      for (const specifier of boundary.bad) {
        const messages = await restrictedImports(boundary.file, specifier);
        expect(messages, specifier).toHaveLength(1);
        expect(messages[0], specifier).toMatch(boundary.message);
      }
    });
    it(`${boundary.rule}: lets ${boundary.good.join(', ')} through`, async () => {
      for (const specifier of boundary.good) {
        expect(await restrictedImports(boundary.file, specifier), specifier).toEqual([]);
      }
    });
  }
});
