import ExcelJS from 'exceljs';
import { beforeAll } from 'vitest';
import type { ImportMapping, Session } from '@keel/contract';
import { addTeam, useTeamSuite, type TeamSuiteState } from './team-fixtures.js';
import { bearer, type TestContext } from './test-app.js';

/** A multipart body with text fields first (as a browser's FormData sends them) and then the file. */
export function importForm(
  fields: Record<string, string>,
  file: { name: string; content: Buffer; field?: string } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----keel-import-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function sendImport(
  context: TestContext,
  session: Session | null,
  path: string,
  body: { payload: Buffer; headers: Record<string, string> },
  extraHeaders: Record<string, string> = {},
) {
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${session?.user.organizationId ?? '00000000-0000-4000-8000-000000000000'}/imports/${path}`,
    headers: { ...(session ? bearer(session) : {}), ...body.headers, ...extraHeaders },
    payload: body.payload,
  });
}

/** Ninety's rocks export: a Rocks sheet and a Milestones sheet tied to rocks by title. */
export async function ninetyRocksWorkbook(
  rocks: (string | Date | null)[][],
  milestones: (string | Date | null)[][],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const rockSheet = book.addWorksheet('Rocks');
  rockSheet.addRow([
    'Title',
    'Description',
    'Owner',
    'Due Date',
    'Completed On',
    'Created Date',
    'Team',
    'Level',
    'Status',
  ]);
  for (const row of rocks) rockSheet.addRow(row);
  const milestoneSheet = book.addWorksheet('Milestones');
  milestoneSheet.addRow(['Rock', 'Title', 'Owner', 'Due Date', 'Completed On']);
  for (const row of milestones) milestoneSheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const csvFile = (lines: string[], name = 'import.csv') => ({
  name,
  content: Buffer.from(`${lines.join('\n')}\n`),
});

/** The cast of an import route test: the team suite with an admin, and a second team (Sales) of the owner's. */
export interface ImportsSuiteState extends TeamSuiteState<'admin'> {
  admin: Session;
  /** The owner's Sales team, which an import's Team column can name. */
  salesId: string;
}

/**
 * Registers the suite's cast (filled in before its first test, closed after its last; read it inside tests) and
 * returns callers of the two import routes that read it once it is ready.
 */
export function useImportsSuite() {
  const { state } = useTeamSuite(['admin']);
  const t = state as ImportsSuiteState;
  beforeAll(async () => {
    t.admin = t.members.admin;
    t.salesId = await addTeam(t.context, t.owner, 'Sales');
  });

  /** POST imports/{kind} as `session`, into the suite's team (with the mapping, when given, as the form's JSON). */
  const commit = (
    session: Session | null,
    kind: string,
    file: { name: string; content: Buffer },
    headers: Record<string, string> = {},
    mapping?: ImportMapping,
  ) =>
    sendImport(
      t.context,
      session,
      kind,
      importForm({ teamId: t.teamId, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) }, file),
      headers,
    );
  /** POST imports/{kind}/preview as `session` with the given form fields (and by default a one-row CSV). */
  const preview = (
    session: Session | null,
    kind: string,
    fields: Record<string, string>,
    file: { name: string; content: Buffer } = csvFile(['Title', 'One']),
  ) => sendImport(t.context, session, `${kind}/preview`, importForm(fields, file));

  return { state: t, commit, preview };
}
