import { z } from 'zod';
import { uuidSchema } from '@keel/contract';
import type { FeedbackPosition } from './feedback.repository.js';
import * as errors from './feedback.errors.js';

const positionSchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), uuidSchema]);

/** Opaque to clients: base64url of the last row's position. */
export const encodeCursor = (position: FeedbackPosition) =>
  Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');

export function decodeCursor(cursor: string | undefined): FeedbackPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [createdAt, id] = positionSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt, id };
  } catch {
    throw errors.invalidCursor();
  }
}
