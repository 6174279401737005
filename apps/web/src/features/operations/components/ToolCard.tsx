import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../ui/Card';

interface ToolCardProps {
  to: string;
  title: string;
  line: string;
  /** A live figure, when one helps to decide whether to open the tool. */
  figure?: ReactNode;
}

/** One admin tool: its name as the link (the whole card is its tap area), what it does, and a live figure. */
export function ToolCard({ to, title, line, figure }: ToolCardProps) {
  return (
    <Card className="relative grid h-full content-start gap-1 p-4 hover:border-blue-400 dark:hover:border-blue-500">
      <h3 className="text-base font-semibold">
        <Link
          to={to}
          className="text-blue-700 underline-offset-2 after:absolute after:inset-0 after:rounded-lg hover:underline dark:text-blue-300"
        >
          {title}
        </Link>
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-200">{line}</p>
      {figure ? <div className="mt-1 text-sm">{figure}</div> : null}
    </Card>
  );
}
