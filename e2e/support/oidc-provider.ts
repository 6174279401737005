import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';

export const oidcPort = () => Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 3917) + 2);
export const OIDC_CLIENT_ID = 'keel-e2e-google';

const subjectFile = () => path.join(process.env.E2E_DATA_DIR ?? '.', 'oidc-subject');

/** Journeys choose who the provider says signed in: the next ID tokens carry this subject. */
export function useOidcSubject(subject: string): void {
  writeFileSync(subjectFile(), subject);
}

/**
 * A local OpenID provider standing in for Google during the run (the e2e server's GOOGLE_ISSUER_URL).
 * Its authorize endpoint answers at once with a code, as if the person had signed in there.
 */
export async function startOidcProvider(): Promise<() => Promise<void>> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.aud !== OIDC_CLIENT_ID) return;
    try {
      token.payload.sub = readFileSync(subjectFile(), 'utf8').trim();
    } catch {
      // No subject chosen yet: the provider's default one stays.
    }
  });
  await server.start(oidcPort(), 'localhost');
  return () => server.stop();
}
