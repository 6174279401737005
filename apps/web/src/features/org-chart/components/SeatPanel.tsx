import { useState } from 'react';
import { Link } from 'react-router';
import { ORG_CHART_SEATS_MAX, type PublishedOrgChartSeat } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/FormFields';
import { useCreateIssue } from '../../issues/issues.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useCreateTodos } from '../../todos/todos.api';
import { holdersText, possibleParents } from '../chart-layout';

interface SeatPanelProps {
  seat: PublishedOrgChartSeat;
  seats: readonly PublishedOrgChartSeat[];
  /** The draft's actions (edit, add, move, delete) are offered; otherwise only reading and raising. */
  editing: boolean;
  /** The team an issue or a to-do goes to when the seat has none: the one the person is looking at. */
  fallbackTeamId: string | null;
  currentUserId: string | null;
  moving: boolean;
  onEdit: () => void;
  onAddUnder: () => void;
  onMove: (parentId: string | null, position: number) => void;
  onDelete: () => void;
  onHistory: () => void;
  onClose: () => void;
}

const TOP = '';
const TITLE_MAX = 200;
const clip = (text: string) => (text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text);

/** The chosen seat's actions: the keyboard way to re-parent it ("Reports to"), and one-click issue or to-do. */
export function SeatPanel(props: SeatPanelProps) {
  const { seat, seats, editing, fallbackTeamId, currentUserId } = props;
  const terms = useTerminology();
  const [parentChoice, setParentChoice] = useState(seat.parentId ?? TOP);
  const [raised, setRaised] = useState<string | null>(null);
  const createIssue = useCreateIssue();
  const createTodos = useCreateTodos();
  const parents = possibleParents(seats, seat.id);
  const siblings = seats.filter((other) => other.parentId === seat.parentId).sort((a, b) => a.position - b.position);
  const place = siblings.findIndex((other) => other.id === seat.id);
  const teamId = seat.teamId ?? fallbackTeamId;
  const holder = seat.holders.find((one) => one.userId !== null);
  const subject = clip(`${seat.title} (${holdersText(seat)})`);
  const description = seat.roles.length
    ? `Roles of the seat:\n${seat.roles.map((role) => `- ${role}`).join('\n')}`
    : '';
  const failure = createIssue.error ?? createTodos.error;

  const raiseIssue = () => {
    if (!teamId) return;
    createIssue.mutate(
      { teamId, title: subject, description, ownerId: holder?.userId ?? null },
      { onSuccess: () => setRaised(`${terms.issue_singular} raised: ${subject}`) },
    );
  };
  const addTodo = () => {
    const ownerId = holder?.userId ?? currentUserId;
    if (!teamId || !ownerId) return;
    createTodos.mutate(
      { teamId, title: subject, details: description, ownerIds: [ownerId] },
      { onSuccess: () => setRaised(`${terms.todo_singular} added: ${subject}`) },
    );
  };

  return (
    <section
      aria-labelledby="seat-panel-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="seat-panel-title" className="text-lg font-semibold wrap-anywhere text-slate-900 dark:text-white">
            {seat.title}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{holdersText(seat)}</p>
        </div>
        <Button size="sm" variant="ghost" onClick={props.onClose}>
          Close seat details
        </Button>
      </div>
      {seat.roles.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800 dark:text-slate-200">
          {seat.roles.map((role, index) => (
            <li key={index} className="wrap-anywhere">
              {role}
            </li>
          ))}
        </ul>
      ) : null}
      {raised ? (
        <Banner tone="success">
          {raised}.{' '}
          <Link className="underline" to={raised.startsWith(terms.issue_singular) ? '/issues' : '/todos'}>
            Open the list
          </Link>
        </Banner>
      ) : null}
      {failure ? (
        <Banner tone="error">{errorText(failure, 'That could not be created. Please try again.')}</Banner>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <>
            <Button size="sm" onClick={props.onEdit}>
              Edit seat
            </Button>
            <Button size="sm" variant="secondary" onClick={props.onAddUnder}>
              Add a seat under {seat.title}
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="secondary" onClick={props.onHistory}>
          Holder history
        </Button>
        <Button size="sm" variant="secondary" onClick={raiseIssue} loading={createIssue.isPending} disabled={!teamId}>
          Raise an {terms.issue_singular}
        </Button>
        <Button size="sm" variant="secondary" onClick={addTodo} loading={createTodos.isPending} disabled={!teamId}>
          Add a {terms.todo_singular}
        </Button>
        {editing ? (
          <Button size="sm" variant="danger" onClick={props.onDelete}>
            Delete seat
          </Button>
        ) : null}
      </div>
      {editing ? (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label="Reports to"
            className="min-w-0 flex-1"
            value={parentChoice}
            onChange={(event) => setParentChoice(event.target.value)}
          >
            <option value={TOP}>Nobody (a top seat)</option>
            {parents.map((parent) => (
              <option key={parent.id} value={parent.id}>
                {parent.title}
              </option>
            ))}
          </SelectField>
          <Button
            size="sm"
            variant="secondary"
            loading={props.moving}
            disabled={(parentChoice || null) === seat.parentId}
            onClick={() => props.onMove(parentChoice || null, ORG_CHART_SEATS_MAX)}
          >
            Move
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={place <= 0 || props.moving}
            onClick={() => props.onMove(seat.parentId, place - 1)}
          >
            Move earlier
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={place < 0 || place >= siblings.length - 1 || props.moving}
            onClick={() => props.onMove(seat.parentId, place + 1)}
          >
            Move later
          </Button>
        </div>
      ) : null}
    </section>
  );
}
