import { useState } from 'react';
import type { HealthLevel, SystemHealth } from '@keel/contract';
import Archive from 'lucide-react/icons/archive';
import Database from 'lucide-react/icons/database';
import HardDrive from 'lucide-react/icons/hard-drive';
import Layers from 'lucide-react/icons/layers';
import Mail from 'lucide-react/icons/mail';
import Radio from 'lucide-react/icons/radio';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ListPage, ListStates } from '../../../ui/ListPage';
import { TextLink } from '../../../ui/TextLink';
import { HealthCard } from '../components/HealthCard';
import { RelativeTime } from '../components/RelativeTime';
import { useNow } from '../components/time-hooks';
import { useSystemHealth } from '../operations.api';
import { byteSize, durationWords, exactTime, milliseconds } from '../words';

const count = (value: number) => value.toLocaleString('en-US');

function checkedWords(checkedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - checkedAt) / 1000));
  if (seconds < 1) return 'Checked just now';
  if (seconds < 120) return `Checked ${countOf(seconds, 'second', 'seconds')} ago`;
  return `Checked ${countOf(Math.round(seconds / 60), 'minute', 'minutes')} ago`;
}

function summary(health: SystemHealth): { tone: 'success' | 'warning' | 'error'; text: string } {
  const parts: Array<[string, HealthLevel]> = [
    ['Database', health.database.level],
    ['Mail', health.mail.level],
    ['Job queue', health.jobs.level],
    ['File storage', health.storage.level],
    ['Backups', health.backups.level],
    ['Live connections', health.realtime.level],
  ];
  const broken = parts.filter(([, level]) => level === 'red').map(([name]) => name);
  const warned = parts.filter(([, level]) => level === 'amber').map(([name]) => name);
  if (broken.length > 0)
    return {
      tone: 'error',
      text: `Not working: ${broken.join(', ')}.${warned.length ? ` Needs attention: ${warned.join(', ')}.` : ''}`,
    };
  if (warned.length > 0)
    return { tone: 'warning', text: `Needs attention: ${warned.join(', ')}. Everything else is healthy.` };
  return { tone: 'success', text: 'Every part is healthy.' };
}

function HealthCards({ health, now }: { health: SystemHealth; now: number }) {
  const when = (at: string | null, never: string) => (at ? <RelativeTime at={at} now={now} /> : never);
  const { database, mail, jobs, storage, backups, realtime } = health;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <HealthCard
        title="Database"
        Icon={Database}
        level={database.level}
        reason={database.reason}
        figures={[
          ['Reachable', database.reachable ? 'Yes' : 'No'],
          ['Response time', database.latencyMs === null ? 'Not measured' : milliseconds(database.latencyMs)],
          ['Kind', database.kind === 'embedded' ? 'Embedded (inside the server)' : 'PostgreSQL server'],
          ['Size', database.sizeBytes === null ? 'Not known' : byteSize(database.sizeBytes)],
        ]}
      />
      <HealthCard
        title="Mail"
        Icon={Mail}
        level={mail.level}
        reason={mail.reason}
        figures={[
          ['Mode', mail.mode === 'smtp' ? 'Sent through the mail server (SMTP)' : 'Written to the log, not sent'],
          ['Last delivery', when(mail.lastDeliveryAt, 'None yet')],
          ['Waiting to be sent', count(mail.queued)],
          ['Failed', count(mail.failed)],
        ]}
      />
      <HealthCard
        title="Job queue"
        Icon={Layers}
        level={jobs.level}
        reason={jobs.reason}
        figures={[
          ['Jobs waiting', count(jobs.depth)],
          ['Oldest waiting since', when(jobs.oldestWaitingAt, 'None waiting')],
          ['Failed', count(jobs.failed)],
        ]}
      >
        {jobs.failed > 0 ? (
          <TextLink to="/admin/failed-operations" className="text-sm">
            See the failed operations
          </TextLink>
        ) : null}
      </HealthCard>
      <HealthCard
        title="File storage"
        Icon={HardDrive}
        level={storage.level}
        reason={storage.reason}
        figures={[
          ['Free space', storage.freeBytes === null ? 'Not known' : byteSize(storage.freeBytes)],
          ['Total space', storage.totalBytes === null ? 'Not known' : byteSize(storage.totalBytes)],
        ]}
      />
      <HealthCard
        title="Backups"
        Icon={Archive}
        level={backups.level}
        reason={backups.reason}
        figures={
          backups.applies
            ? [
                ['Last backup', when(backups.lastBackupAt, 'None yet')],
                ['Backups kept', count(backups.kept)],
              ]
            : [['Backups here', 'Not needed: the PostgreSQL server is backed up by its own operator']]
        }
      />
      <HealthCard
        title="Live connections"
        Icon={Radio}
        level={realtime.level}
        reason={realtime.reason}
        figures={[['Open connections', count(realtime.connections)]]}
      />
    </div>
  );
}

/**
 * /admin/system-health (admins and owners): each part the organization depends on, green, amber or
 * red with the reason, asked again every 10 seconds while the page is open.
 */
export default function SystemHealthPage() {
  usePageMeta({
    title: 'System health',
    description: 'The state of the services this organization depends on',
    robots: 'noindex,nofollow',
  });
  const health = useSystemHealth();
  const now = useNow(1000);
  // Only a refresh asked for shows on the button: the 10-second poll must not disable it (and take its focus).
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void health.refetch().finally(() => setRefreshing(false));
  };
  const data = health.data;
  const overall = data ? summary(data) : null;
  return (
    <ListPage
      titleId="system-health-title"
      title="System health"
      subtitle="The database, mail, background jobs, file storage, backups and live connections, checked every 10 seconds."
      actions={
        <Button variant="secondary" loading={refreshing} onClick={refresh}>
          Refresh
        </Button>
      }
    >
      <ListStates
        // A failed poll keeps the last figures on screen (with a warning); only a first load that fails shows the error.
        query={{
          isPending: health.isPending,
          isError: health.isError && !data,
          error: health.error,
          refetch: health.refetch,
        }}
        loadingLabel="Loading the system health…"
        errorFallback="The system health could not be loaded. Please try again."
        isEmpty={false}
        empty={null}
      >
        {data && overall ? (
          <>
            {health.isError ? (
              <Banner tone="warning">
                {`The last check failed: ${errorText(health.error, 'the server did not answer')}. The figures below are from the check before.`}
              </Banner>
            ) : null}
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
              <span>Version {data.version}</span>
              <span>Up for {durationWords(data.uptimeSeconds)}</span>
              <time dateTime={data.checkedAt} title={exactTime(data.checkedAt)}>
                {checkedWords(health.dataUpdatedAt, now)}
              </time>
            </p>
            <Banner tone={overall.tone}>{overall.text}</Banner>
            <HealthCards health={data} now={now} />
          </>
        ) : null}
      </ListStates>
    </ListPage>
  );
}
