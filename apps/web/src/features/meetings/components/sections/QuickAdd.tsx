import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import type { Meeting } from '@keel/contract';
import { useSession } from '../../../../lib/session-store';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { CreateHeadlineForm } from '../../../headlines/components/CreateHeadlineForm';
import { CreateIssueForm } from '../../../issues/components/CreateIssueForm';
import { useAssignablePeople, usePeople } from '../../../people/people.api';
import { useTerminology } from '../../../terminology/terminology.api';
import { CreateTodoForm } from '../../../todos/components/CreateTodoForm';

type Kind = 'todo' | 'issue' | 'headline';
const KINDS: Kind[] = ['todo', 'issue', 'headline'];

/** The first field of the form just opened, so typing can start at once. */
const firstField = (panel: HTMLElement | null) =>
  panel?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea, select');

/**
 * Under every section: add a to-do, an issue or a headline for the meeting's team without leaving the
 * section. One form opens at a time below the buttons; Escape closes it and gives focus back to its button.
 */
export function QuickAdd({ meeting }: { meeting: Meeting }) {
  const terms = useTerminology();
  const user = useSession((state) => state.user);
  const [adding, setAdding] = useState<Kind | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const buttons = useRef<Partial<Record<Kind, HTMLButtonElement | null>>>({});
  const panelId = useId();

  useEffect(() => {
    if (adding) firstField(panelRef.current)?.focus();
  }, [adding]);

  // Observers only read: they have nothing to add.
  if (!user || user.role === 'observer') return null;

  const names: Record<Kind, string> = { todo: terms.todo_singular, issue: terms.issue_singular, headline: 'headline' };
  const close = () => {
    const opener = adding ? buttons.current[adding] : null;
    setAdding(null);
    opener?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };

  return (
    <Card role="region" aria-label={`Add to ${meeting.teamName}`} className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {KINDS.map((kind) => (
          <Button
            key={kind}
            ref={(element) => {
              buttons.current[kind] = element;
            }}
            size="sm"
            variant="secondary"
            aria-expanded={adding === kind}
            aria-controls={adding === kind ? panelId : undefined}
            onClick={() => setAdding((current) => (current === kind ? null : kind))}
          >
            <Plus aria-hidden="true" className="size-4" />
            {`New ${names[kind]}`}
          </Button>
        ))}
      </div>
      {adding ? (
        <div id={panelId} ref={panelRef} onKeyDown={onKeyDown}>
          <AddForm kind={adding} teamId={meeting.teamId} userId={user.id} />
        </div>
      ) : null}
    </Card>
  );
}

function AddForm({ kind, teamId, userId }: { kind: Kind; teamId: string; userId: string }) {
  const terms = useTerminology();
  const members = usePeople();
  const assignable = useAssignablePeople();
  if (kind === 'todo')
    return (
      <CreateTodoForm
        teamId={teamId}
        people={assignable.data ?? []}
        currentUserId={userId}
        singular={terms.todo_singular}
        plural={terms.todos_label}
      />
    );
  if (kind === 'issue')
    return (
      <CreateIssueForm
        teamId={teamId}
        horizon="short_term"
        people={members.data ?? []}
        singular={terms.issue_singular}
      />
    );
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">New headline</h2>
      <CreateHeadlineForm teamId={teamId} userId={userId} people={members.data ?? []} />
    </div>
  );
}
