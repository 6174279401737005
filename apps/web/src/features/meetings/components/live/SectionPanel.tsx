import type { ReactNode } from 'react';
import type { Meeting } from '@keel/contract';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { TextLink } from '../../../../ui/TextLink';
import { cx } from '../../../../ui/cx';
import { useTerminology } from '../../../terminology/terminology.api';
import { formatDuration, minutesText, spokenDuration } from './meeting-clock';
import { sectionLink, sectionPurpose } from './section-guide';

interface SectionPanelProps {
  meeting: Meeting;
  index: number;
  spentSeconds: number;
  large: boolean;
  /** Set while the person looks at another section than the meeting's: brings them back. */
  onFollow: (() => void) | null;
  children?: ReactNode;
}

/** The section on screen: its timer against its plan, what the team does in it, and where its objects live. */
export function SectionPanel({ meeting, index, spentSeconds, large, onFollow, children }: SectionPanelProps) {
  const terms = useTerminology();
  const section = meeting.sections[index];
  if (!section) return null;
  const planned = section.minutes * 60;
  const over = spentSeconds > planned;
  const link = sectionLink(section.kind, meeting.teamId, terms);
  const meetingSection = meeting.sections[meeting.currentSection];
  return (
    <Card className="space-y-4" role="region" aria-labelledby="section-title">
      {onFollow && meetingSection ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">
          <p role="status">{`You are looking ahead or back. The meeting is at “${meetingSection.title}”.`}</p>
          <Button size="sm" onClick={onFollow}>
            Back to where the meeting is
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2
          id="section-title"
          className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-3xl' : 'text-xl')}
        >
          {section.title}
        </h2>
        <p className="tabular-nums" data-testid="section-timer">
          <span className="sr-only">
            {`${spokenDuration(spentSeconds)} spent of ${section.minutes} minutes planned${over ? ', over time' : ''}`}
          </span>
          <span
            aria-hidden="true"
            className={cx(
              'flex flex-wrap items-baseline gap-x-2 font-semibold leading-tight',
              large ? 'text-5xl' : 'text-3xl',
            )}
          >
            <span className={over ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-slate-50'}>
              {formatDuration(spentSeconds)}
            </span>
            <span className="text-slate-600 dark:text-slate-400">{` / ${minutesText(section.minutes)}`}</span>
          </span>
        </p>
      </div>
      {over ? (
        <p className="text-sm font-semibold text-red-700 dark:text-red-300">
          {`Over time by ${formatDuration(spentSeconds - planned)}`}
        </p>
      ) : null}
      <p className={cx('text-slate-800 dark:text-slate-200', large ? 'text-xl' : 'text-base')}>
        {sectionPurpose(section.kind, terms)}
      </p>
      {link ? (
        <p>
          <TextLink to={link.to} target="_blank" rel="noreferrer">
            {link.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </TextLink>
        </p>
      ) : null}
      {children}
    </Card>
  );
}
