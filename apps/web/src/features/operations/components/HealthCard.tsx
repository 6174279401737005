import type { ComponentType, ReactNode, SVGProps } from 'react';
import type { HealthLevel } from '@keel/contract';
import { Card } from '../../../ui/Card';
import { HEALTH_LEVEL_WORDS } from '../words';
import { StatusBadge, type BadgeTone } from './StatusBadge';

const LEVEL_TONES: Record<HealthLevel, BadgeTone> = { green: 'good', amber: 'warning', red: 'bad' };

export function HealthLevelBadge({ level }: { level: HealthLevel }) {
  return <StatusBadge tone={LEVEL_TONES[level]}>{HEALTH_LEVEL_WORDS[level]}</StatusBadge>;
}

interface HealthCardProps {
  title: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  level: HealthLevel;
  reason: string;
  /** Name and value, in the order they are read. */
  figures: Array<[string, ReactNode]>;
  children?: ReactNode;
}

/** One part of the system: its level in a word and an icon, why, and its figures. */
export function HealthCard({ title, Icon, level, reason, figures, children }: HealthCardProps) {
  return (
    <Card className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-600 dark:text-slate-300" />
          {title}
        </h2>
        <HealthLevelBadge level={level} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">{reason}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {figures.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
