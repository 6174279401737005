import { HEADLINE_TYPES, type Headline } from '@keel/contract';
import { Button } from '../../../ui/Button';
import { CreateIssueFromHeadline } from './CreateIssueFromHeadline';
import { TYPE_LABELS, aboutOf } from './HeadlineFields';

interface Props {
  headlines: Headline[];
  readOnly: boolean;
  busyId: string | null;
  onToggleDiscussed: (headline: Headline) => void;
  onEdit: (headline: Headline) => void;
  onArchive: (headline: Headline) => void;
  onRestore: (headline: Headline) => void;
}

function HeadlineItem({
  headline,
  readOnly,
  busyId,
  onToggleDiscussed,
  onEdit,
  onArchive,
  onRestore,
}: Props & { headline: Headline }) {
  const about = aboutOf(headline);
  const discussed = headline.status === 'discussed';
  const archived = headline.archivedAt !== null;
  const busy = busyId === headline.id;
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3">
      {/* The label around the box is its 44 px tap target on a touch screen. */}
      <label className="inline-flex shrink-0 justify-center pointer-coarse:size-11 pointer-coarse:items-center">
        <input
          type="checkbox"
          checked={discussed}
          disabled={readOnly || busy || archived}
          onChange={() => onToggleDiscussed(headline)}
          aria-label={`Discussed: ${headline.text}`}
          className="mt-1 size-4 shrink-0 accent-blue-700 pointer-coarse:mt-0 dark:accent-blue-400"
        />
      </label>
      {/* The text takes the row; on a narrow screen the buttons wrap below it. */}
      <div className="min-w-0 flex-1 basis-56 wrap-anywhere">
        <p
          className={
            discussed ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'
          }
        >
          {headline.text}
        </p>
        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {headline.owner.name}
          {about ? <> · about {about}</> : null}
          {archived ? <> · archived</> : null}
        </p>
      </div>
      {readOnly ? null : (
        <div className="ml-auto flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" onClick={() => onEdit(headline)} aria-label={`Edit: ${headline.text}`}>
            Edit
          </Button>
          {archived ? null : <CreateIssueFromHeadline headline={headline} />}
          {archived ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => onRestore(headline)}
              aria-label={`Restore: ${headline.text}`}
            >
              Restore
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => onArchive(headline)}
              aria-label={`Archive: ${headline.text}`}
            >
              Archive
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** Headlines grouped by type (customer, employee, other), each group newest first. */
export function HeadlineList(props: Props) {
  return (
    <div className="space-y-6">
      {HEADLINE_TYPES.map((type) => {
        const group = props.headlines.filter((headline) => headline.type === type);
        if (group.length === 0) return null;
        const headingId = `headlines-${type}`;
        return (
          <section key={type} aria-labelledby={headingId}>
            <h3
              id={headingId}
              className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
            >
              {TYPE_LABELS[type]} ({group.length})
            </h3>
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {group.map((headline) => (
                <HeadlineItem key={headline.id} {...props} headline={headline} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
