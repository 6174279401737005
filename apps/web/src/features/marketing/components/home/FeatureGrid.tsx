import {
  CalendarCheck,
  ChartColumn,
  CircleAlert,
  FileText,
  Layers,
  ListTodo,
  Network,
  Target,
  Users,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { card, container, mutedText, sectionHeading } from '../styles';

const FEATURES: readonly { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  {
    title: 'Quarterly priorities',
    text: 'Set the few things that matter this quarter, break them into milestones and see who owns what.',
    Icon: Target,
  },
  {
    title: 'Scorecard',
    text: 'Track the weekly and monthly numbers that tell you whether the business is on course.',
    Icon: ChartColumn,
  },
  {
    title: 'Issues',
    text: 'Capture problems as they surface and work through them one by one until they are solved.',
    Icon: CircleAlert,
  },
  {
    title: 'To-dos',
    text: 'Turn decisions into short, owned commitments that are reviewed at the next meeting.',
    Icon: ListTodo,
  },
  {
    title: 'Meetings',
    text: 'Weekly, quarterly and annual meetings with a clear agenda and a history you can look back on.',
    Icon: CalendarCheck,
  },
  {
    title: 'Business plan',
    text: 'A two-page plan with your long-term vision, annual goals, core values and strategy.',
    Icon: FileText,
  },
  {
    title: 'Organizational chart',
    text: 'Make roles and accountabilities visible, from the leadership team to every seat.',
    Icon: Network,
  },
  {
    title: 'Processes and documents',
    text: 'Document how the work gets done and keep company documents next to it.',
    Icon: Layers,
  },
  {
    title: 'Departments',
    text: 'Give each department its own priorities, scorecard, meetings, to-dos and issues.',
    Icon: Users,
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="py-16 sm:py-20">
      <div className={container}>
        <h2 id="features-heading" className={sectionHeading}>
          Everything your leadership team runs on
        </h2>
        <p className={`mt-3 max-w-2xl ${mutedText}`}>
          One place for the plan, the numbers and the weekly follow-through, instead of a folder of spreadsheets and
          slide decks.
        </p>
        <ul className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className={card}>
              <Icon aria-hidden="true" className="h-6 w-6 text-blue-700 dark:text-blue-300" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className={`mt-1 text-sm ${mutedText}`}>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
