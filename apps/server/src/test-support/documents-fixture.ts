import { expect } from 'vitest';
import type { Document, Session } from '@keel/contract';
import { bearer, bodyOf, PNG_BYTES, queryAsOwner } from './test-app.js';
import type { TeamSuiteState } from './team-fixtures.js';

/** Bytes each type is recognised by: the storage decides the type from these, never from the name. */
export const pdfBytes = (padding = 0) =>
  Buffer.from(`%PDF-1.4\n${'%'.repeat(padding)}\n1 0 obj\n<<>>\nendobj\n%%EOF\n`);
export const pngBytes = PNG_BYTES;
/** A Windows executable (its "MZ" header), whatever it is named. */
export const exeBytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

export interface FormFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser sends it: the fields, then the files. */
export function multipartForm(fields: Record<string, string>, files: readonly FormFile[]) {
  const boundary = `----keel${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Requests of the documents routes for one suite. */
export function documentsKit(t: TeamSuiteState<'admin'>) {
  const url = (path: string, org = t.orgId) => `/api/v1/organizations/${org}${path}`;

  const send = (session: Session | null, path: string, fields: Record<string, string>, files: FormFile[]) => {
    const form = multipartForm(fields, files);
    return t.context.app.inject({
      method: 'POST',
      url: url(path),
      headers: { ...form.headers, ...(session ? bearer(session) : {}) },
      payload: form.payload,
    });
  };

  const upload = async (session: Session, files: FormFile[], fields: Record<string, string> = {}) => {
    const response = await send(session, '/documents', fields, files);
    expect(response.statusCode, response.body).toBe(201);
    return bodyOf<{ data: Document[] }>(response).data;
  };

  const uploadOne = async (
    session: Session,
    name: string,
    fields: Record<string, string> = {},
    content = pdfBytes(),
  ) => {
    const [document] = await upload(session, [{ name, content }], fields);
    if (!document) throw new Error('nothing uploaded');
    return document;
  };

  const countRows = async (table: string) => {
    const [row] = await queryAsOwner<{ count: number }>(
      t.context.database,
      `select count(*)::int as count from ${table} where organization_id = '${t.orgId}'`,
    );
    return row?.count ?? 0;
  };

  return { url, send, upload, uploadOne, countRows };
}
