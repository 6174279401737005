import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Pencil from 'lucide-react/icons/pencil';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PLAN_SECTION_TITLE_MAX } from '@keel/contract';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { cx } from '../../../ui/cx';

export interface SectionControls {
  /** Renames (blank: back to the default title). */
  rename: (title: string) => Promise<void>;
  setHidden: (hidden: boolean) => Promise<void>;
  move: (offset: -1 | 1) => Promise<void>;
}

interface Props {
  sectionKey: string;
  title: string;
  customTitle: string | null;
  hidden: boolean;
  isFirst: boolean;
  isLast: boolean;
  canEdit: boolean;
  controls: SectionControls;
  /** The section as it reads. */
  children: ReactNode;
  /** The editor of its written part, while editing; absent for live sections (edited where they live). */
  editor?: {
    editing: boolean;
    start: () => void;
    cancel: () => void;
    save: () => void;
    busy: boolean;
    error: string | null;
    form: ReactNode;
  };
  /** Shown below the section's content (a save conflict, say). */
  notice?: ReactNode;
}

const escapeCancels = (cancel: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }
};

function RenameForm({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onKeyDown={escapeCancels(onCancel)}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void onSave(value).finally(() => setBusy(false));
      }}
    >
      <TextField
        label="Section title"
        hint="Leave it blank for the default title."
        className="min-w-0 flex-1"
        maxLength={PLAN_SECTION_TITLE_MAX}
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" size="sm" loading={busy}>
        Save title
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

/** One section of the plan: its title, its content edited in place, and its own title, visibility and place. */
export function PlanSection(props: Props) {
  const { title, hidden, canEdit, controls, editor } = props;
  const headingId = useId();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (work: Promise<void>) => {
    setBusy(true);
    void work.finally(() => setBusy(false));
  };

  return (
    <Card
      aria-labelledby={headingId}
      role="region"
      className={cx('space-y-3 break-inside-avoid', hidden && 'border-dashed opacity-80')}
      data-section={props.sectionKey}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {renaming ? (
          <RenameForm
            title={props.customTitle ?? ''}
            onCancel={() => setRenaming(false)}
            onSave={async (value) => {
              await controls.rename(value);
              setRenaming(false);
            }}
          />
        ) : (
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 wrap-anywhere dark:text-white">
            {title}
            {hidden ? (
              <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">(hidden)</span>
            ) : null}
          </h2>
        )}
        {canEdit && !renaming ? (
          <div className="flex flex-wrap gap-1">
            {editor && !editor.editing ? (
              <Button size="sm" variant="secondary" onClick={editor.start} aria-label={`Edit ${title}`}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => setRenaming(true)} aria-label={`Rename ${title}`}>
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={`${hidden ? 'Show' : 'Hide'} ${title}`}
              onClick={() => run(controls.setHidden(!hidden))}
            >
              {hidden ? (
                <Eye aria-hidden="true" className="size-4" />
              ) : (
                <EyeOff aria-hidden="true" className="size-4" />
              )}
              {hidden ? 'Show' : 'Hide'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy || props.isFirst}
              aria-label={`Move ${title} up`}
              onClick={() => run(controls.move(-1))}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy || props.isLast}
              aria-label={`Move ${title} down`}
              onClick={() => run(controls.move(1))}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : null}
      </div>
      {editor?.editing ? (
        <form
          aria-label={`Edit ${title}`}
          className="space-y-3"
          onKeyDown={escapeCancels(editor.cancel)}
          onSubmit={(event) => {
            event.preventDefault();
            editor.save();
          }}
        >
          {editor.form}
          {editor.error ? <Banner tone="error">{editor.error}</Banner> : null}
          <div className="flex gap-2">
            <Button type="submit" loading={editor.busy}>
              Save
            </Button>
            <Button variant="secondary" onClick={editor.cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        // A click on the text starts editing too (the Edit button is the keyboard's way in).
        <div className={cx(canEdit && editor && 'cursor-text')} onClick={canEdit && editor ? editor.start : undefined}>
          {props.children}
        </div>
      )}
      {props.notice}
    </Card>
  );
}
