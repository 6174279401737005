import { startMailCapture } from './mail-capture.js';
import { startOidcProvider } from './oidc-provider.js';

/** Runs once per Playwright run: the mail capture and the OpenID provider live as long as the run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stopMail = await startMailCapture();
  const stopOidc = await startOidcProvider();
  return async () => {
    await Promise.all([stopMail(), stopOidc()]);
  };
}
