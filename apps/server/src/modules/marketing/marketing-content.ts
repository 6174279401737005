import { readFileSync } from 'node:fs';
import { NO_MARKETING_CLAIMS, marketingContentSchema, type MarketingContent } from '@keel/contract';
import { z } from 'zod';

/**
 * Reads the operator's marketing claims once, at start. No file: no claims. A file that cannot be read or does
 * not match the schema stops the start with a message naming the file and the fault: an operator who wrote a
 * claims file meant those claims to show, and a server that quietly drops them would hide the mistake.
 */
export function loadMarketingContent(file: string | undefined): MarketingContent {
  if (!file) return NO_MARKETING_CLAIMS;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`MARKETING_CONTENT_FILE ${file} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`MARKETING_CONTENT_FILE ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = marketingContentSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `MARKETING_CONTENT_FILE ${file} does not match the expected content:\n${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}
