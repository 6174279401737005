import { TERMINOLOGY_PRESETS, type TerminologyPreset } from '@keel/contract';
import {
  CalendarCheck,
  ChartColumn,
  CircleAlert,
  FileText,
  ListTodo,
  Pause,
  Play,
  SkipForward,
  Target,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { focusRing, secondaryButton } from './styles';
import { DEMO_FADE_MS, useFrameworkRotation } from './use-framework-rotation';

type TermKey = keyof TerminologyPreset['terms'];

const CONCEPTS: readonly { key: TermKey; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { key: 'priorities', label: 'Priorities', Icon: Target },
  { key: 'scorecard', label: 'Scorecard', Icon: ChartColumn },
  { key: 'issues', label: 'Issues', Icon: CircleAlert },
  { key: 'todos', label: 'To-dos', Icon: ListTodo },
  { key: 'blueprint', label: 'Business plan', Icon: FileText },
  { key: 'meetings', label: 'Meetings', Icon: CalendarCheck },
];

export function FrameworkDemo({ presets = TERMINOLOGY_PRESETS }: { presets?: readonly TerminologyPreset[] }) {
  const { index, autoPlaying, fading, select, next, toggleAutoPlay } = useFrameworkRotation(presets.length);
  const current = presets[index];
  if (!current) return null;

  return (
    <div className="space-y-5">
      <div role="group" aria-label="Methodologies" className="flex flex-wrap gap-2">
        {presets.map((preset, presetIndex) => {
          const selected = presetIndex === index;
          return (
            <button
              key={preset.key}
              type="button"
              aria-pressed={selected}
              onClick={() => select(presetIndex)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${focusRing} ${
                selected
                  ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-400 dark:text-slate-950'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              {preset.name}
            </button>
          );
        })}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={toggleAutoPlay}
          aria-label={autoPlaying ? 'Auto-Playing: pause the rotation' : 'Paused: resume the rotation'}
          className={secondaryButton}
        >
          {autoPlaying ? (
            <Pause aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Play aria-hidden="true" className="h-4 w-4" />
          )}
          {autoPlaying ? 'Auto-Playing' : 'Paused'}
        </button>
        <button
          type="button"
          onClick={next}
          disabled={autoPlaying}
          className={`${secondaryButton} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          Next
          <SkipForward aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>

      {/* Announcing every automatic switch would talk over the visitor, so only manual changes are spoken. */}
      <p aria-live={autoPlaying ? 'off' : 'polite'} className="sr-only">
        Showing {current.fullName} terms.
      </p>

      <div
        data-testid="framework-terms"
        style={{ transitionDuration: `${DEMO_FADE_MS}ms` }}
        className={`rounded-xl border border-slate-200 bg-slate-50 p-4 transition-opacity motion-reduce:transition-none dark:border-slate-700 dark:bg-slate-800 ${
          fading ? 'opacity-0' : 'opacity-100'
        }`}
      >
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{current.fullName}</h3>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {CONCEPTS.map(({ key, label, Icon }) => (
            <div key={key} className="rounded-lg bg-white p-3 dark:bg-slate-900">
              <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-300">
                <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-blue-700 dark:text-blue-300" />
                {label}
              </dt>
              <dd className="mt-1 text-base font-semibold text-slate-900 dark:text-white">{current.terms[key]}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
