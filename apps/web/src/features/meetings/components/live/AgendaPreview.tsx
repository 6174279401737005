import { useState } from 'react';
import { errorText, isConflict } from '../../../../lib/api-client';
import { usePageMeta } from '../../../../lib/page-meta';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Spinner } from '../../../../ui/Spinner';
import { cx } from '../../../../ui/cx';
import { useMeetingTypes, useStartMeeting } from '../../meetings.api';
import { minutesText } from './meeting-clock';

interface AgendaPreviewProps {
  teamId: string;
  typeKey: string;
  /** The heading while the type loads, or when it cannot be found. */
  fallbackTitle: string;
  large: boolean;
  /** Someone else started a meeting meanwhile: show theirs. */
  refetchRunning: () => unknown;
}

/** No meeting runs: the agenda the team will follow, and the button that starts it for everyone. */
export function AgendaPreview({ teamId, typeKey, fallbackTitle, large, refetchRunning }: AgendaPreviewProps) {
  const types = useMeetingTypes(teamId);
  const start = useStartMeeting();
  const [notice, setNotice] = useState<string | null>(null);
  const type = types.data?.find((candidate) => candidate.key === typeKey);
  usePageMeta({
    title: type?.name ?? fallbackTitle,
    description: 'The agenda of the team’s meeting, and the button that starts it',
    robots: 'noindex,nofollow',
  });

  const heading = (
    <h1 className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-4xl' : 'text-2xl')}>
      {type?.name ?? fallbackTitle}
    </h1>
  );
  if (types.isPending)
    return (
      <div className="space-y-4">
        {heading}
        <Spinner className="size-8" label="Loading the agenda…" />
      </div>
    );
  if (types.isError)
    return (
      <div className="space-y-4">
        {heading}
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void types.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(types.error, 'The agenda could not be loaded.')}
        </Banner>
      </div>
    );

  if (!type)
    return (
      <div className="space-y-4">
        {heading}
        <Banner tone="info" title="This team has no meeting of this type">
          Check the address, or choose a meeting from the meetings page.
        </Banner>
      </div>
    );
  const sections = type.sections.filter((section) => section.visible);
  const planned = sections.reduce((total, section) => total + section.minutes, 0);

  const begin = () => {
    setNotice(null);
    start.mutate(
      { teamId, typeKey },
      {
        onError: (error) => {
          if (isConflict(error)) void refetchRunning();
          setNotice(errorText(error, 'The meeting could not be started. Please try again.'));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <header>
        {heading}
        <p className="text-sm text-slate-700 dark:text-slate-300">{`No meeting is running. Planned: ${planned} minutes.`}</p>
      </header>
      <Card>
        <h2 className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-50">Agenda</h2>
        <ol className="divide-y divide-slate-200 dark:divide-slate-700">
          {sections.map((section, index) => (
            <li
              key={`${index}-${section.title}`}
              className={cx(
                'flex justify-between gap-2 py-2 text-slate-900 dark:text-slate-50',
                large ? 'text-lg' : 'text-sm',
              )}
            >
              <span>{section.title}</span>
              <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-300">
                {minutesText(section.minutes)}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      {notice ? <Banner tone={start.error && isConflict(start.error) ? 'info' : 'error'}>{notice}</Banner> : null}
      <Button size="lg" loading={start.isPending} onClick={begin}>
        Start the meeting
      </Button>
    </div>
  );
}
