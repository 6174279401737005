import toast from 'react-hot-toast';
import type { AccountSession } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from '../user-settings.api';

/** A short name for a browser's user agent; the full string stays in the title. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? userAgent.slice(0, 60));
}

const when = (iso: string) => new Date(iso).toLocaleString();

function SessionRow({ session }: { session: AccountSession }) {
  const signOut = useSignOutSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white" title={session.userAgent ?? undefined}>
          {deviceName(session.userAgent)}
          {session.current ? (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {session.ipAddress ?? 'Unknown address'} · signed in {when(session.signedInAt)} · last used{' '}
          {when(session.lastUsedAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={signOut.isPending}
          aria-label={`Sign out ${deviceName(session.userAgent)} (signed in ${when(session.signedInAt)})`}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => toast.success('Signed out'),
              onError: (error) => toast.error(errorText(error, 'Sign-out failed')),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

export function SessionsSection() {
  const sessions = useAccountSessions();
  const others = useSignOutOtherSessions();
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Where you are signed in</h2>
        <Button
          variant="secondary"
          disabled={!hasOthers}
          loading={others.isPending}
          onClick={() =>
            others.mutate(undefined, {
              onSuccess: ({ signedOut }) =>
                toast.success(
                  signedOut === 1 ? 'Signed out of 1 other session' : `Signed out of ${signedOut} other sessions`,
                ),
              onError: (error) => toast.error(errorText(error, 'Sign-out failed')),
            })
          }
        >
          Sign out everywhere else
        </Button>
      </div>
      {sessions.isPending ? (
        <div className="mt-4">
          <Spinner label="Loading your sessions" className="size-6" />
        </div>
      ) : sessions.isError ? (
        <Banner tone="error" className="mt-4">
          {errorText(sessions.error, 'Your sessions could not be loaded. Please refresh the page.')}
        </Banner>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Sessions">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}
