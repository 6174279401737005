import {
  microsoftDriveListSchema,
  startStorageOAuthResponseSchema,
  storageSettingsSchema,
  storageTestResultSchema,
  type ChooseMicrosoftDriveRequest,
  type SaveS3SettingsRequest,
  type StorageDriverKind,
  type StorageOAuthProvider,
  type StorageSettings,
  type SwitchStorageRequest,
} from '@keel/contract';
import { apiRequest } from '../../lib/api-client';
import { useOrganizationMutation } from '../../lib/organization-mutation';
import { useOrganizationQuery } from '../../lib/organization-query';

/** The realtime entity: a change of the settings or a step of a move refreshes every view of them. */
const ENTITY = 'storage';
/**
 * The Microsoft drives are read from Graph on each call, so they live under a key of their own that the
 * move's frequent 'storage' events do not refetch; a new connection (another connectedAt) does.
 */
const DRIVES_KEY = 'storage_microsoft_drives';
export const MOVE_POLL_MS = 2000;

const settingsPath = (organizationId: string, rest = '') =>
  `/organizations/${encodeURIComponent(organizationId)}/storage-settings${rest}`;

const isMoving = (settings: StorageSettings | undefined) => settings?.move?.status === 'running';

/** The settings; while a move runs they are also polled, in case a live update is missed. */
export const useStorageSettings = () =>
  useOrganizationQuery(
    ENTITY,
    ['settings'],
    (organizationId, { signal }) => apiRequest(settingsPath(organizationId), { schema: storageSettingsSchema, signal }),
    { refetchInterval: (query) => (isMoving(query.state.data) ? MOVE_POLL_MS : false) },
  );

export const useMicrosoftDrives = (connectedAt: string | null) =>
  useOrganizationQuery(
    DRIVES_KEY,
    [connectedAt ?? 'none'],
    (organizationId, { signal }) =>
      apiRequest(settingsPath(organizationId, '/microsoft/drives'), {
        schema: microsoftDriveListSchema.shape.data,
        signal,
      }),
    { enabled: connectedAt !== null, staleTime: 5 * 60_000 },
  );

export const useSaveS3Settings = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: SaveS3SettingsRequest) =>
    apiRequest(settingsPath(organizationId, '/s3'), { schema: storageSettingsSchema, method: 'PUT', body }),
  );

/** A test changes nothing, so no view refetches after it. */
export const useTestStorage = () =>
  useOrganizationMutation([], (organizationId, driver: StorageDriverKind) =>
    apiRequest(settingsPath(organizationId, '/test'), {
      schema: storageTestResultSchema,
      method: 'POST',
      body: { driver },
    }),
  );

export const useSwitchStorage = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: SwitchStorageRequest) =>
    apiRequest(settingsPath(organizationId, '/switch'), { schema: storageSettingsSchema, method: 'POST', body }),
  );

/** Asks for the provider's consent page and hands the whole window over to it. */
export const useStartStorageOAuth = () =>
  useOrganizationMutation([], async (organizationId, provider: StorageOAuthProvider) => {
    const { authorizationUrl } = await apiRequest(settingsPath(organizationId, `/oauth/${provider}/start`), {
      schema: startStorageOAuthResponseSchema,
      method: 'POST',
    });
    window.location.assign(authorizationUrl);
  });

export const useChooseMicrosoftDrive = () =>
  useOrganizationMutation([ENTITY], (organizationId, body: ChooseMicrosoftDriveRequest) =>
    apiRequest(settingsPath(organizationId, '/microsoft/drive'), { method: 'PUT', body }),
  );

export const useDisconnectStorage = () =>
  useOrganizationMutation(
    [ENTITY, DRIVES_KEY],
    (organizationId, { provider, version }: { provider: StorageOAuthProvider; version: number }) =>
      apiRequest(settingsPath(organizationId, `/disconnect/${provider}`), { method: 'POST', body: { version } }),
  );
