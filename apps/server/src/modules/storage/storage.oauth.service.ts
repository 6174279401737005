import type { z } from 'zod';
import { STORAGE_DRIVER_LABELS, type StorageOAuthProvider, type storageOAuthCallbackQuerySchema } from '@keel/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { ensureGoogleDriveFolder } from '../../storage/drivers/google-drive-driver.js';
import { exchangeStorageCode, storageAuthorizationUrl } from '../../storage/oauth/storage-oauth.js';
import { isStorageError } from '../../storage/storage-driver.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, type Caller, type RequestMeta } from '../organizations/index.js';
import { createStorageSecrets, oauthConfigOf, type StorageSecrets } from './storage.drivers.js';
import * as errors from './storage.errors.js';
import { createStorageOAuthStates } from './storage.oauth-state.js';
import * as repository from './storage.repository.js';

/** Where the administrator's browser lands after the consent screen, on the web app's storage settings. */
export const STORAGE_SETTINGS_PAGE = '/organization-settings/storage';
/** The folder of the organization's Google Drive that Keel keeps its files in. */
export const GOOGLE_DRIVE_FOLDER_NAME = 'Keel';

type CallbackQuery = z.infer<typeof storageOAuthCallbackQuerySchema>;

const landing = (outcome: { connected: StorageOAuthProvider } | { error: string }) =>
  `${STORAGE_SETTINGS_PAGE}?${new URLSearchParams(
    'connected' in outcome ? { connected: outcome.connected } : { error: outcome.error },
  ).toString()}`;

/** A refusal on the callback, with the short text the settings page shows. */
class CallbackRefusal extends Error {}

export function createStorageOAuthService(deps: {
  db: Database;
  config: Config;
  changes: ChangeBus;
  secrets?: StorageSecrets;
  log?: { warn(details: object, message: string): void };
}) {
  const { db, config } = deps;
  const secrets = deps.secrets ?? createStorageSecrets(config.jwtSecret);
  const states = createStorageOAuthStates(config.jwtSecret);

  const requireConfig = (provider: StorageOAuthProvider) => {
    const oauth = oauthConfigOf(config, provider);
    if (!oauth) throw errors.providerNotConfigured(provider);
    return oauth;
  };

  /** Exchanges the code, then keeps the sealed token (and, for Google, the Keel folder) as the administrator. */
  async function connect(query: CallbackQuery, meta: RequestMeta): Promise<StorageOAuthProvider> {
    const state = query.state ? await states.verify(query.state) : null;
    if (!state) throw new CallbackRefusal('The connection request expired or is not valid. Please try again.');
    const place = STORAGE_DRIVER_LABELS[state.provider];
    if (query.error || !query.code) throw new CallbackRefusal(`${place} did not grant access.`);
    const oauth = oauthConfigOf(config, state.provider);
    if (!oauth) throw new CallbackRefusal(`${place} is not configured on this server.`);
    const caller: Caller = { organizationId: state.organizationId, userId: state.userId };
    // Only someone still an administrator may connect: checked before the code is spent.
    await asAdminReader(db, caller, () => Promise.resolve());
    const { refreshToken, account } = await exchangeStorageCode(state.provider, oauth, { code: query.code });
    const folder =
      state.provider === 'google_drive'
        ? await ensureGoogleDriveFolder({ config: oauth, refreshToken, name: GOOGLE_DRIVE_FOLDER_NAME })
        : null;
    await asAdmin(db, caller, async (member) => {
      const { organizationId } = member;
      const settings = await repository.lockSettings(organizationId);
      const sealed = secrets[state.provider].seal(refreshToken);
      const connectedAt = new Date();
      const changes: repository.StorageSettingsChanges =
        state.provider === 'google_drive'
          ? {
              googleRefreshTokenSealed: sealed,
              googleConnectedAs: account,
              googleConnectedAt: connectedAt,
              googleFolderId: folder?.id ?? null,
              googleFolderName: folder?.name ?? null,
            }
          : { microsoftRefreshTokenSealed: sealed, microsoftConnectedAs: account, microsoftConnectedAt: connectedAt };
      await repository.updateSettingsAtVersion(organizationId, settings.version, changes);
      await recordAuditEvent(organizationId, {
        actorUserId: member.userId,
        action: 'storage.connected',
        targetType: 'storage_settings',
        targetId: organizationId,
        summary: { provider: state.provider, account },
        ...meta,
      });
    });
    publishChange(deps.changes, caller, {
      teamId: null,
      entity: 'storage',
      ids: [caller.organizationId],
      action: 'updated',
    });
    return state.provider;
  }

  return {
    /** The provider's consent address for an administrator, with a signed state naming who asked. */
    async start(caller: Caller, provider: StorageOAuthProvider): Promise<{ authorizationUrl: string }> {
      await asAdminReader(db, caller, () => Promise.resolve());
      const oauth = requireConfig(provider);
      const state = await states.sign({ organizationId: caller.organizationId, userId: caller.userId, provider });
      return { authorizationUrl: storageAuthorizationUrl(provider, oauth, { state }) };
    },

    /** Where to send the browser: the settings page, saying what was connected or, briefly, what went wrong. */
    async callback(query: CallbackQuery, meta: RequestMeta): Promise<string> {
      try {
        return landing({ connected: await connect(query, meta) });
      } catch (error) {
        if (error instanceof CallbackRefusal || error instanceof AppError) return landing({ error: error.message });
        if (isStorageError(error)) {
          deps.log?.warn({ err: error }, 'storage connection failed at the provider');
          return landing({ error: `The provider refused the connection: ${error.message}` });
        }
        deps.log?.warn({ err: error }, 'storage connection failed');
        return landing({ error: 'The connection could not be completed. Please try again.' });
      }
    },
  };
}

export type StorageOAuthService = ReturnType<typeof createStorageOAuthService>;
