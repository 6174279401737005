import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { storageOAuthProviderSchema, type StorageDriverKind, type StorageSettings } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { CloudDrivePanel } from '../components/CloudDrivePanel';
import { DriverChoices } from '../components/DriverChoices';
import { MoveProgress } from '../components/MoveProgress';
import { S3SettingsForm } from '../components/S3SettingsForm';
import { StorageUsage } from '../components/StorageUsage';
import { SwitchDialog } from '../components/SwitchDialog';
import { useStorageSettings, useSwitchStorage } from '../storage-settings.api';
import { notReadyReason, placeLabel } from '../storage-words';

type ReturnNotice = { tone: 'success' | 'error'; text: string } | null;
interface OAuthReturn {
  notice: ReturnNotice;
  connected: StorageDriverKind | null;
}

/** What the provider's consent round trip came back with (`?connected=` or `?error=`), read once. */
function useOAuthReturnNotice(): OAuthReturn {
  const [params, setParams] = useSearchParams();
  const [found] = useState((): OAuthReturn => {
    const connected = storageOAuthProviderSchema.safeParse(params.get('connected'));
    const error = params.get('error');
    if (connected.success)
      return {
        connected: connected.data,
        notice: { tone: 'success', text: `${placeLabel(connected.data)} is connected.` },
      };
    if (error) return { connected: null, notice: { tone: 'error', text: `The connection did not complete: ${error}` } };
    return { connected: null, notice: null };
  });
  const hasReturnParams = params.has('connected') || params.has('error');
  useEffect(() => {
    // A reload or a shared link must not repeat the message.
    if (!hasReturnParams) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [hasReturnParams, setParams]);
  return found;
}

/** /organization-settings/storage (admins): where the organization's files are kept. */
export default function StorageSettingsPage() {
  usePageMeta({
    title: 'Storage configuration',
    description: "Where your organization's files are kept.",
    robots: 'noindex,nofollow',
  });
  const settings = useStorageSettings();
  const returned = useOAuthReturnNotice();
  const [notice, setNotice] = useState(returned.notice);
  const [chosen, setChosen] = useState<StorageDriverKind | null>(returned.connected);

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-4xl space-y-6 py-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          Storage configuration
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Choose where your organization&apos;s files are kept: on this server, in your own S3 bucket, or in your
          company&apos;s Google Drive, OneDrive or SharePoint.
        </p>
      </div>
      {notice ? (
        <Banner
          tone={notice.tone}
          action={
            <Button variant="ghost" size="sm" onClick={() => setNotice(null)}>
              Dismiss
            </Button>
          }
        >
          {notice.text}
        </Banner>
      ) : null}
      {settings.isPending ? <Spinner label="Loading the storage settings" className="size-6" /> : null}
      {settings.isError ? (
        <Banner tone="error">
          {errorText(settings.error, 'The storage settings could not be loaded. Please reload the page.')}
        </Banner>
      ) : null}
      {settings.data ? (
        <StorageSettingsView settings={settings.data} chosen={chosen ?? settings.data.driver} onChoose={setChosen} />
      ) : null}
    </section>
  );
}

interface ViewProps {
  settings: StorageSettings;
  chosen: StorageDriverKind;
  onChoose: (driver: StorageDriverKind) => void;
}

function StorageSettingsView({ settings, chosen, onChoose }: ViewProps) {
  const retry = useSwitchStorage();
  const [switching, setSwitching] = useState(false);
  const { move } = settings;
  const moving = move?.status === 'running';
  const reason = notReadyReason(settings, chosen);
  const place = placeLabel(chosen);

  return (
    <>
      {move ? (
        <Card>
          <MoveProgress
            move={move}
            retrying={retry.isPending}
            retryError={retry.error}
            onRetry={() => retry.mutate({ driver: move.to, moveExisting: true, version: settings.version })}
          />
        </Card>
      ) : null}
      <Card>
        <DriverChoices settings={settings} chosen={chosen} onChoose={onChoose} />
      </Card>
      <Card>
        <section aria-labelledby="storage-place-title" className="space-y-4">
          <h2 id="storage-place-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {place}
          </h2>
          {chosen === 'local' ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Files are kept on the disk of the server Keel runs on, in its data folder. Nothing to set up; include that
              folder in the server&apos;s backups.
            </p>
          ) : null}
          {chosen === 's3' ? <S3SettingsForm saved={settings.s3} /> : null}
          {chosen === 'google_drive' || chosen === 'microsoft' ? (
            <CloudDrivePanel provider={chosen} settings={settings} />
          ) : null}
          <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
            {chosen === settings.driver ? (
              <p className="text-sm font-medium text-slate-900 dark:text-white">New files are kept here.</p>
            ) : (
              <>
                <Button
                  className="h-auto! min-h-10 py-2 text-left pointer-coarse:min-h-11"
                  disabled={reason !== null || moving}
                  onClick={() => setSwitching(true)}
                >
                  Use {place} for new files
                </Button>
                {reason || moving ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {moving ? 'Wait until the move of the existing files has finished.' : reason}
                  </p>
                ) : null}
              </>
            )}
          </div>
        </section>
      </Card>
      <Card>
        <StorageUsage usage={settings.usage} />
      </Card>
      {switching ? <SwitchDialog settings={settings} driver={chosen} onClose={() => setSwitching(false)} /> : null}
    </>
  );
}
