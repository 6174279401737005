import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so a NUL anywhere in a JSON body or the query string (a value
 * or a key) is refused with 400 before validation, instead of failing in the database with 500.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const path = nulPath(request.body) ?? nulPath(request.query);
    if (path !== undefined) {
      throw badRequest('request.nul_character', 'Text cannot contain NUL characters', [
        { path, message: 'Remove the NUL character' },
      ]);
    }
  });
}

/** Where the first NUL is (a dotted path, '' for the value itself), or undefined. Iterative: bodies may nest deeply. */
function nulPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}
