import { useState } from 'react';
import type { Headline, Meeting } from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session-store';
import { countOf } from '../../../../lib/words';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { ListStates, ShowMore } from '../../../../ui/ListPage';
import { TextLink } from '../../../../ui/TextLink';
import { cx } from '../../../../ui/cx';
import { undoToast } from '../../../../ui/undo-toast';
import { ReceivedMessages } from '../../../headlines/components/CascadingMessages';
import { CreateHeadlineForm } from '../../../headlines/components/CreateHeadlineForm';
import { EditHeadlineDialog, STALE_MESSAGE } from '../../../headlines/components/EditHeadlineDialog';
import { HeadlineList } from '../../../headlines/components/HeadlineList';
import { isStale, useHeadlineAction, useHeadlines, type HeadlineAction } from '../../../headlines/headlines.api';
import { usePeople } from '../../../people/people.api';
import { LARGE_LIST_TYPE } from './large-type';
import type { MeetingSectionProps } from './section-props';

/**
 * What the meeting goes through: the headlines not yet discussed, and those discussed during this meeting
 * (so ticking one off does not make it vanish while the team still talks about it).
 */
export const forThisMeeting = (headline: Headline, meeting: Pick<Meeting, 'startedAt' | 'createdAt'>) =>
  headline.status === 'new' || headline.updatedAt >= (meeting.startedAt ?? meeting.createdAt);

/**
 * The meeting team's headlines and the cascading messages it received: a headline added in place, ticked
 * off as discussed, or turned into an issue in one click.
 */
export function HeadlinesSection({ meeting, large }: MeetingSectionProps) {
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const [editing, setEditing] = useState<Headline | null>(null);
  const headlines = useHeadlines(meeting.teamId, false);
  const people = usePeople();
  const action = useHeadlineAction();
  const stale = action.isError && isStale(action.error);
  const loaded = headlines.data?.pages.flatMap((page) => page.data) ?? [];
  const items = loaded.filter((headline) => forThisMeeting(headline, meeting));
  const earlier = loaded.length - items.length;

  const run = (input: HeadlineAction, onDone?: (headline: Headline) => void) =>
    action.mutate(input, { onSuccess: (headline) => onDone?.(headline) });

  const archive = (headline: Headline) =>
    run({ kind: 'archive', id: headline.id, version: headline.version }, (archived) =>
      undoToast('Headline archived', () => run({ kind: 'restore', id: archived.id, version: archived.version })),
    );

  const reload = async () => {
    action.reset();
    await headlines.refetch();
  };

  const reloadEditing = async () => {
    const result = await headlines.refetch();
    return result.data?.pages.flatMap((page) => page.data).find((item) => item.id === editing?.id);
  };

  const subheading = cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-xl' : 'text-base');
  return (
    <section aria-label={`Headlines of ${meeting.teamName}`} className={cx('space-y-5', large && LARGE_LIST_TYPE)}>
      {readOnly ? null : (
        <div className="space-y-2">
          <h3 className={subheading}>Add a headline</h3>
          <CreateHeadlineForm teamId={meeting.teamId} userId={user?.id ?? ''} people={people.data ?? []} />
        </div>
      )}
      <ReceivedMessages teamId={meeting.teamId} readOnly={readOnly} />
      <div className="space-y-3">
        <h3 className={subheading}>Headlines</h3>
        {stale ? (
          <Banner
            tone="warning"
            action={
              <Button size="sm" variant="secondary" onClick={() => void reload()}>
                Reload
              </Button>
            }
          >
            {STALE_MESSAGE}
          </Banner>
        ) : action.isError ? (
          <Banner tone="error">
            {errorText(action.error, 'The headline could not be changed. Please try again.')}
          </Banner>
        ) : null}
        <ListStates
          query={headlines}
          loadingLabel="Loading headlines"
          errorFallback="The headlines could not be loaded."
          isEmpty={items.length === 0}
          empty={
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {readOnly
                ? 'No headlines to discuss.'
                : 'No headlines to discuss. Add one above: short news about customers and employees.'}
            </p>
          }
        >
          <HeadlineList
            headlines={items}
            readOnly={readOnly}
            busyId={action.isPending ? (action.variables?.id ?? null) : null}
            onToggleDiscussed={(headline) =>
              run({
                kind: 'discussed',
                id: headline.id,
                version: headline.version,
                discussed: headline.status !== 'discussed',
              })
            }
            onEdit={setEditing}
            onArchive={archive}
            onRestore={(headline) => run({ kind: 'restore', id: headline.id, version: headline.version })}
          />
        </ListStates>
        <ShowMore
          hasMore={headlines.hasNextPage}
          loading={headlines.isFetchingNextPage}
          onMore={() => headlines.fetchNextPage()}
          label="Show more headlines"
          variant="ghost"
        />
        {earlier > 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`${countOf(earlier, 'headline', 'headlines')} discussed before this meeting: see the `}
            <TextLink to="/headlines">Headlines page</TextLink>.
          </p>
        ) : null}
      </div>
      {editing ? (
        <EditHeadlineDialog
          headline={editing}
          people={people.data ?? []}
          onClose={() => setEditing(null)}
          onReload={reloadEditing}
        />
      ) : null}
    </section>
  );
}
