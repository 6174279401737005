import type { Meeting } from '@keel/contract';
import { cx } from '../../../../ui/cx';
import { formatDuration, minutesText, spokenDuration } from './meeting-clock';

interface AgendaListProps {
  meeting: Meeting;
  seconds: number[];
  /** The section on this screen (the meeting's, or one the person browses). */
  shownIndex: number;
  large: boolean;
  /** What a click does: moves everyone (a lead) or only this screen (everyone else). */
  onChoose: (index: number) => void;
  chooseHint: string;
}

/** The agenda with each section's time against its plan; the meeting's current section is marked. */
export function AgendaList({ meeting, seconds, shownIndex, large, onChoose, chooseHint }: AgendaListProps) {
  return (
    <nav aria-label="Agenda">
      <p id="agenda-hint" className="sr-only">
        {chooseHint}
      </p>
      <ol className="space-y-1">
        {meeting.sections.map((section, index) => {
          const spent = seconds[index] ?? 0;
          const planned = section.minutes * 60;
          const over = spent > planned;
          const current = index === meeting.currentSection;
          const shown = index === shownIndex;
          return (
            <li key={`${index}-${section.title}`}>
              <button
                type="button"
                aria-current={current ? 'step' : undefined}
                aria-describedby="agenda-hint"
                onClick={() => onChoose(index)}
                className={cx(
                  'flex w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left pointer-coarse:min-h-11',
                  large ? 'text-lg' : 'text-sm',
                  current
                    ? 'border-blue-700 bg-blue-50 dark:border-blue-300 dark:bg-blue-950'
                    : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
                  shown && !current ? 'ring-2 ring-slate-400' : undefined,
                )}
              >
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900 dark:text-slate-50">
                    {current ? (
                      <span aria-hidden="true" className="mr-1 font-bold">
                        ▶
                      </span>
                    ) : null}
                    {section.title}
                  </span>
                  {current ? (
                    <span className="block text-xs font-semibold text-blue-800 dark:text-blue-200">Now</span>
                  ) : null}
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  <span className="sr-only">
                    {`${spokenDuration(spent)} spent of ${section.minutes} minutes planned${over ? ', over time' : ''}`}
                  </span>
                  <span aria-hidden="true" className="block text-slate-700 dark:text-slate-300">
                    <span className={over ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
                      {formatDuration(spent)}
                    </span>
                    {` / ${minutesText(section.minutes)}`}
                  </span>
                  {over ? (
                    <span aria-hidden="true" className="block text-xs font-semibold text-red-700 dark:text-red-300">
                      Over by {formatDuration(spent - planned)}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
