import { useState } from 'react';
import type { StorageOAuthProvider, StorageSettings } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useDisconnectStorage, useStartStorageOAuth } from '../storage-settings.api';
import { notConfiguredText, placeLabel } from '../storage-words';
import { ConnectionTest } from './ConnectionTest';
import { MicrosoftDrivePicker } from './MicrosoftDrivePicker';

const ACCOUNT: Record<StorageOAuthProvider, string> = { google_drive: 'Google', microsoft: 'Microsoft' };

const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** A cloud drive: connect through the provider's consent page, see the connection, pick the drive, disconnect. */
export function CloudDrivePanel({ provider, settings }: { provider: StorageOAuthProvider; settings: StorageSettings }) {
  const start = useStartStorageOAuth();
  const disconnect = useDisconnectStorage();
  const [confirming, setConfirming] = useState(false);
  const connection = provider === 'google_drive' ? settings.googleDrive : settings.microsoft;
  const place = placeLabel(provider);
  const account = ACCOUNT[provider];
  const keptThere = settings.usage.some((usage) => usage.driver === provider && usage.files > 0);
  const disconnectBlocked = settings.driver === provider || keptThere;

  if (!settings.providers[provider].configured) return <Banner tone="info">{notConfiguredText(provider)}.</Banner>;

  const connectError = start.isError ? (
    <Banner tone="error">{errorText(start.error, `Keel could not reach ${account}. Please try again.`)}</Banner>
  ) : null;

  if (!connection)
    return (
      <div className="space-y-3">
        {connectError}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {provider === 'google_drive'
            ? `Connect a Google account that may write to your organization's Drive. Keel keeps its files in a folder of its own there.`
            : 'Connect a Microsoft account, then choose its OneDrive or a SharePoint library for Keel’s files.'}{' '}
          You will be sent to {account} to agree, then brought back here.
        </p>
        <Button loading={start.isPending} onClick={() => start.mutate(provider)}>
          Connect {place}
        </Button>
      </div>
    );

  return (
    <div className="space-y-4">
      {connectError}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-800 dark:text-slate-200">Connected as</dt>
        <dd className="wrap-anywhere text-slate-700 dark:text-slate-300">
          {connection.connectedAs} (since {dateText(connection.connectedAt)})
        </dd>
        {connection.locationName ? (
          <>
            <dt className="font-medium text-slate-800 dark:text-slate-200">
              {provider === 'google_drive' ? 'Folder' : 'Drive'}
            </dt>
            <dd className="wrap-anywhere text-slate-700 dark:text-slate-300">{connection.locationName}</dd>
          </>
        ) : null}
      </dl>
      {provider === 'microsoft' ? <MicrosoftDrivePicker connection={connection} version={settings.version} /> : null}
      <ConnectionTest driver={provider} disabled={provider === 'microsoft' && !connection.locationId} />
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button variant="secondary" loading={start.isPending} onClick={() => start.mutate(provider)}>
          Connect another account
        </Button>
        <Button variant="danger" disabled={disconnectBlocked} onClick={() => setConfirming(true)}>
          Disconnect {place}
        </Button>
      </div>
      {disconnectBlocked ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          To disconnect, first send new files to another place and move the files kept in {place} to it.
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Disconnect ${place}?`}
          confirmLabel="Disconnect"
          danger
          busy={disconnect.isPending}
          onCancel={() => {
            disconnect.reset();
            setConfirming(false);
          }}
          onConfirm={() =>
            disconnect.mutate({ provider, version: settings.version }, { onSuccess: () => setConfirming(false) })
          }
        >
          {disconnect.isError ? (
            <Banner tone="error" className="mb-3">
              {errorText(disconnect.error, `${place} could not be disconnected. Please try again.`)}
            </Banner>
          ) : null}
          <p>
            Keel will stop using the access {connection.connectedAs} gave. You can connect an account again at any time.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
