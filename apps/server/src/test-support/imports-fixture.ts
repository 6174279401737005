import ExcelJS from 'exceljs';
import type { Session } from '@keel/contract';
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
