import { apiFetch, errorFromBody } from './api-client';

const ENCODED_NAME = /filename\*=UTF-8''([^;]+)/i;
const PLAIN_NAME = /filename="?([^";]+)"?/i;

/** The file name the server gave: as written (accents and all) when it sent one, else its plain-ASCII stand-in. */
export function fileNameOf(disposition: string, fallback: string): string {
  const encoded = ENCODED_NAME.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return PLAIN_NAME.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads an API file with the signed-in person's credentials (a plain link would carry none) under the
 * name the server gives it; answers that name. A refusal throws the API's error.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<string> {
  const response = await apiFetch(path);
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => null));
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition') ?? '', fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the blob to the browser's download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
