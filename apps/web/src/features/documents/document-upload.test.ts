import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test-utils/fetch-stub';
import { ORG_ID } from '../../test-utils/fixtures';
import { clearTokens, getAccessToken, storeTokens } from '../../lib/tokens';
import { uploadDocument, uploadErrorText } from './document-upload';
import { stubXhr } from './fake-xhr';
import { makeDocument } from './test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
});

const target = { folderId: null, visibility: 'private' as const, teamId: null };

describe('uploadDocument', () => {
  it('sends the fields before the file with the access token, and reports progress', async () => {
    storeTokens('access-1', 'refresh-1');
    const xhr = stubXhr();
    const progress: number[] = [];
    const done = uploadDocument(ORG_ID, target, new File(['x'], 'a.txt'), {
      onProgress: (part) => progress.push(part),
    });
    const request = xhr.sent[0];
    expect(request?.headers.Authorization).toBe('Bearer access-1');
    expect([...(request?.body?.keys() ?? [])]).toEqual(['visibility', 'file']);
    request?.progress(1, 4);
    request?.respond(201, { data: [makeDocument({ name: 'a.txt' })] });
    expect((await done).name).toBe('a.txt');
    expect(progress).toEqual([0.25]);
  });

  it('refreshes an expired access token once and sends the file again', async () => {
    storeTokens('expired', 'refresh-1');
    const xhr = stubXhr();
    const stub = stubFetch({
      'POST /auth/refresh': { body: { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } } },
    });
    const done = uploadDocument(ORG_ID, target, new File(['x'], 'a.txt'), { onProgress: () => undefined });
    xhr.sent[0]?.respond(401, { error: 'Your session has expired', code: 'auth.token_expired' });
    await vi.waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(getAccessToken()).toBe('access-2');
    expect(xhr.sent[1]?.headers.Authorization).toBe('Bearer access-2');
    xhr.sent[1]?.respond(201, { data: [makeDocument()] });
    await expect(done).resolves.toMatchObject({ name: 'Handbook.docx' });
  });

  it('turns a refusal into the server’s words, or plain ones when it sent none', async () => {
    const xhr = stubXhr();
    const done = uploadDocument(ORG_ID, target, new File(['x'], 'big.pdf'), { onProgress: () => undefined });
    xhr.sent[0]?.respond(413, null);
    const error = await done.catch((refusal: unknown) => refusal);
    expect(uploadErrorText(error)).toBe('This file is too large to upload.');
  });
});
