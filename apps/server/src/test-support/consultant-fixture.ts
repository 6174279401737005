import type { Session } from '@keel/contract';
import { bearer, bodyOf, mailsTo, registrationPayload, uniqueEmail, type TestContext } from './test-app.js';

/** Registers a consultant account (with its own practice organization) through the API. */
export async function registerConsultant(context: TestContext, overrides: Record<string, unknown> = {}) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/auth/consultant-register',
    payload: registrationPayload({ email: uniqueEmail('consultant'), organizationName: 'Coach & Co', ...overrides }),
  });
  if (response.statusCode !== 201) throw new Error(`consultant registration failed: ${response.body}`);
  return bodyOf<{ data: Session }>(response).data;
}

/** The token of the latest consultant invitation mailed to `email`, read from the outbox. */
export async function mailedConsultantToken(context: TestContext, email: string): Promise<string> {
  const [mail] = await mailsTo(context, email);
  const token = /[?&]token=([^\s&]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no consultant invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

/** A client admin invites the consultant and the consultant accepts: an active grant. */
export async function grantAccess(context: TestContext, client: Session, consultant: Session, accessLevel = 'admin') {
  const organizationId = client.user.organizationId;
  const invited = await context.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${organizationId}/consultants`,
    headers: bearer(client),
    payload: { email: consultant.user.email, accessLevel },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
  const token = await mailedConsultantToken(context, consultant.user.email);
  const accepted = await context.app.inject({
    method: 'POST',
    url: '/api/v1/consultant/invitations/accept',
    headers: bearer(consultant),
    payload: { organizationId, token },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return bodyOf<{ data: { id: string; version: number } }>(invited).data;
}

/** Switches the consultant into `organizationId`; the answer's session acts there. */
export async function switchInto(context: TestContext, consultant: Session, organizationId: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/consultant/switch',
    headers: bearer(consultant),
    payload: { organizationId },
  });
}
