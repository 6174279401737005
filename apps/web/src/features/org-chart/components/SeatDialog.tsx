import { useState } from 'react';
import {
  createOrgChartSeatRequestSchema,
  SEAT_HOLDERS_MAX,
  SEAT_ROLES_MAX,
  updateOrgChartSeatRequestSchema,
  type OrgChartSeat,
  type SeatHolderInput,
} from '@keel/contract';
import { errorText, isConflict } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import type { Person } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useCreateSeat, useUpdateSeat } from '../org-chart.api';

interface SeatDialogProps {
  /** The seat to edit (its newest version), or null to add one under `parentId`. */
  seat: OrgChartSeat | null;
  parentId: string | null;
  parentTitle: string | null;
  people: readonly Person[];
  teams: readonly { id: string; name: string }[];
  onClose: () => void;
  /** A new seat was added: the chart shows and chooses it. */
  onCreated: (seatId: string) => void;
}

interface SeatDraft {
  title: string;
  rolesText: string;
  teamId: string;
  holderIds: string[];
  openSeat: string;
}

const draftOf = (seat: OrgChartSeat | null): SeatDraft => ({
  title: seat?.title ?? '',
  rolesText: seat?.roles.join('\n') ?? '',
  teamId: seat?.teamId ?? '',
  holderIds: seat?.holders.flatMap((holder) => holder.userId ?? []) ?? [],
  openSeat: seat?.holders.find((holder) => holder.userId === null)?.placeholderName ?? '',
});

const requestOf = (draft: SeatDraft) => ({
  title: draft.title,
  roles: draft.rolesText
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  teamId: draft.teamId || null,
  holders: [
    ...draft.holderIds.map((userId): SeatHolderInput => ({ userId })),
    ...(draft.openSeat.trim() ? [{ placeholderName: draft.openSeat }] : []),
  ],
});

/** Adds or edits a seat: title, roles (one a line, about five), team, the members in it and a named open seat. */
export function SeatDialog({ seat, parentId, parentTitle, people, teams, onClose, onCreated }: SeatDialogProps) {
  const terms = useTerminology();
  const [base, setBase] = useState(seat);
  const [draft, setDraft] = useState(() => draftOf(seat));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [adding, setAdding] = useState('');
  const create = useCreateSeat();
  const update = useUpdateSeat();
  const mutation = base ? update : create;
  const stale = update.isError && isConflict(update.error);
  const set = (changes: Partial<SeatDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const nameOf = (id: string) =>
    people.find((person) => person.id === id)?.name ??
    base?.holders.find((holder) => holder.userId === id)?.name ??
    'A former member';

  const save = () => {
    const request = requestOf(draft);
    const parsed = base
      ? updateOrgChartSeatRequestSchema.safeParse({ version: base.version, ...request })
      : createOrgChartSeatRequestSchema.safeParse({ parentId, ...request });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please check the seat’s details');
      return;
    }
    setInvalid(null);
    if (base) update.mutate({ id: base.id, version: base.version, ...request }, { onSuccess: onClose });
    else
      create.mutate(
        { parentId, ...request },
        {
          onSuccess: (created) => {
            onCreated(created.id);
            onClose();
          },
        },
      );
  };
  const reload = () => {
    setBase(seat);
    setDraft(draftOf(seat));
    update.reset();
  };
  const addHolder = () => {
    if (adding && !draft.holderIds.includes(adding)) set({ holderIds: [...draft.holderIds, adding] });
    setAdding('');
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={base ? `Edit seat: ${base.title}` : parentTitle ? `New seat reporting to ${parentTitle}` : 'New top seat'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={mutation.isPending} disabled={stale}>
            {base ? 'Save seat' : 'Add seat'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {stale ? (
          <Banner
            tone="warning"
            action={
              <Button size="sm" variant="secondary" onClick={reload}>
                Reload
              </Button>
            }
          >
            {errorText(update.error, 'Someone else changed this seat since you opened it. Reload to see their change.')}
          </Banner>
        ) : mutation.isError ? (
          <Banner tone="error">{errorText(mutation.error, 'The seat could not be saved. Please try again.')}</Banner>
        ) : invalid ? (
          <Banner tone="error">{invalid}</Banner>
        ) : null}
        <TextField
          label="Title"
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
          required
        />
        <TextAreaField
          label={`Roles, one a line (about five, at most ${SEAT_ROLES_MAX})`}
          rows={5}
          value={draft.rolesText}
          onChange={(event) => set({ rolesText: event.target.value })}
        />
        <SelectField
          label={terms.team_label}
          value={draft.teamId}
          onChange={(event) => set({ teamId: event.target.value })}
        >
          <option value="">No {terms.team_label}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Who holds this seat (at most {SEAT_HOLDERS_MAX})
          </legend>
          {draft.holderIds.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Nobody yet.</p>
          ) : (
            <ul className="space-y-1">
              {draft.holderIds.map((id) => (
                <li
                  key={id}
                  className="flex items-center justify-between gap-2 text-sm text-slate-900 dark:text-slate-100"
                >
                  <span className="min-w-0 truncate">{nameOf(id)}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => set({ holderIds: draft.holderIds.filter((other) => other !== id) })}
                  >
                    Remove {nameOf(id)}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label="Add a person"
              className="min-w-0 flex-1"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
            >
              <PersonOptions
                people={people.filter((person) => !draft.holderIds.includes(person.id))}
                none="Choose a person"
              />
            </SelectField>
            <Button variant="secondary" onClick={addHolder} disabled={!adding}>
              Add person
            </Button>
          </div>
          <TextField
            label="Open seat (the role you are hiring for, if any)"
            value={draft.openSeat}
            onChange={(event) => set({ openSeat: event.target.value })}
          />
        </fieldset>
      </div>
    </Dialog>
  );
}
