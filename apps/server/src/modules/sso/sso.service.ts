import { createHash } from 'node:crypto';
import type { SsoProvider, SsoSession } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inAccountScope, inTenant, inUserScope } from '../../db/scope.js';
import { recordAuditEvent } from '../audit/index.js';
import type { AccessClaims, AuthService } from '../auth/index.js';
import { listActiveMembershipsOfUser } from '../organizations/index.js';
import * as errors from './sso.errors.js';
import { newAuthorizationRequest, type OidcClients } from './sso.oidc.js';
import * as repository from './sso.repository.js';

export interface ClientMeta {
  ipAddress: string;
  userAgent: string;
}

export interface SsoServiceDeps {
  db: Database;
  auth: AuthService;
  oidc: OidcClients;
  now?: () => Date;
  /** Where failures that the person only sees as "could not confirm" are written down. */
  log?: { warn: (details: object, message: string) => void };
}

/** Long enough to pick an account and pass the provider's own checks, short enough to be useless later. */
export const STATE_TTL_MS = 10 * 60 * 1000;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

export function createSsoService(deps: SsoServiceDeps) {
  const { db, oidc } = deps;
  const now = deps.now ?? (() => new Date());

  function settings(provider: SsoProvider) {
    const found = oidc.settingsOf(provider);
    if (!found) throw errors.notConfigured(provider);
    return found;
  }

  async function begin(provider: SsoProvider, link: AccessClaims | null): Promise<{ authUrl: string }> {
    const options = settings(provider);
    const request = newAuthorizationRequest();
    const authUrl = await oidc.authorizationUrl(provider, options, request);
    const at = now();
    await inAccountScope(db, async () => {
      await repository.deleteStatesExpiredBefore(at);
      await repository.insertState({
        stateHash: hashState(request.state),
        provider,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        linkUserId: link?.userId ?? null,
        linkOrganizationId: link?.organizationId ?? null,
        expiresAt: new Date(at.getTime() + STATE_TTL_MS),
      });
    });
    return { authUrl };
  }

  /** Claims the state in its own transaction: a replayed or racing callback finds it used. */
  async function claimState(provider: SsoProvider, state: string, caller: AccessClaims | null) {
    return inAccountScope(db, async () => {
      const row = await repository.findStateForUpdate(hashState(state));
      if (!row || row.provider !== provider) throw errors.stateInvalid();
      if (row.usedAt) throw errors.stateUsed();
      if (row.expiresAt <= now()) throw errors.stateExpired();
      // Left unclaimed: the web refreshes an expired access token and retries once.
      if (row.linkUserId && caller?.userId !== row.linkUserId) throw errors.linkSessionMismatch();
      if (!(await repository.markStateUsed(row.id, now()))) throw errors.stateUsed();
      return row;
    });
  }

  async function signIn(provider: SsoProvider, userId: string, meta: ClientMeta): Promise<SsoSession> {
    const account = await inAccountScope(db, () => repository.findAccount(userId));
    if (!account || account.status !== 'active') throw errors.userInactive();
    const memberships = await inUserScope(db, userId, () => listActiveMembershipsOfUser(userId));
    const chosen = memberships.find((m) => m.organizationId === account.lastOrganizationId) ?? memberships[0];
    if (!chosen) throw errors.userNotFound();
    // Two-factor sign-in is not asked here: the identity provider did the authenticating.
    const session = await deps.auth.sessionFor(userId, chosen.organizationId, meta);
    await inTenant(db, { organizationId: chosen.organizationId, userId }, () =>
      recordAuditEvent(chosen.organizationId, {
        actorUserId: userId,
        action: 'auth.signed_in',
        targetType: 'user',
        targetId: userId,
        summary: { method: provider },
        ...meta,
      }),
    );
    return { ...session, token: session.accessToken, linked: false };
  }

  return {
    start: (provider: SsoProvider) => begin(provider, null),

    startLink(provider: SsoProvider, claims: AccessClaims) {
      // A consultant acting inside a client links nothing there: identities belong to their own account.
      if (claims.originalOrganizationId) throw errors.linkWhileImpersonating();
      return begin(provider, claims);
    },

    /**
     * Finishes a flow: the state must be one this server started, unused and fresh; the provider's ID
     * token must carry its nonce. A sign-in then needs an identity linked earlier; a link attaches it.
     */
    async complete(
      provider: SsoProvider,
      input: { code: string; state: string },
      caller: AccessClaims | null,
      meta: ClientMeta,
    ): Promise<SsoSession> {
      const options = settings(provider);
      const row = await claimState(provider, input.state, caller);

      let identity;
      try {
        identity = await oidc.verify(provider, options, {
          code: input.code,
          state: input.state,
          nonce: row.nonce,
          codeVerifier: row.codeVerifier,
        });
      } catch (error) {
        deps.log?.warn({ err: error, provider }, 'single sign-on: the provider answer was refused');
        throw errors.authenticationFailed(provider);
      }

      if (row.linkUserId && row.linkOrganizationId && caller) {
        const organizationId = row.linkOrganizationId;
        const userId = row.linkUserId;
        await inAccountScope(db, async () => {
          const existing = await repository.findIdentity(provider, identity.subject);
          if (existing && existing.userId !== userId) throw errors.identityTaken(provider);
          await repository.upsertIdentity({ provider, subject: identity.subject, userId, email: identity.email });
        });
        await inTenant(db, { organizationId, userId }, () =>
          recordAuditEvent(organizationId, {
            actorUserId: userId,
            action: 'user.identity_linked',
            targetType: 'user',
            targetId: userId,
            summary: { provider },
            ...meta,
          }),
        );
        const session = await deps.auth.sessionFor(userId, organizationId, meta);
        return { ...session, token: session.accessToken, linked: true };
      }

      const linked = await inAccountScope(db, () => repository.findIdentity(provider, identity.subject));
      // No account is made here, and an e-mail address alone never reaches one (decision 0005).
      if (!linked) throw errors.userNotFound();
      return signIn(provider, linked.userId, meta);
    },

    configured: () => ({
      google: Boolean(oidc.settingsOf('google')),
      microsoft: Boolean(oidc.settingsOf('microsoft')),
    }),
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
