import type { Headline, Meeting } from '@keel/contract';
import { useSession } from '../../../../lib/session-store';
import { countOf } from '../../../../lib/words';
import { TextLink } from '../../../../ui/TextLink';
import { cx } from '../../../../ui/cx';
import { ReceivedMessages } from '../../../headlines/components/CascadingMessages';
import { CreateHeadlineForm } from '../../../headlines/components/CreateHeadlineForm';
import { TeamHeadlineList } from '../../../headlines/components/TeamHeadlineList';
import { useHeadlines } from '../../../headlines/headlines.api';
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
  const headlines = useHeadlines(meeting.teamId, false);
  const people = usePeople();
  const loaded = headlines.data?.pages.flatMap((page) => page.data) ?? [];
  const items = loaded.filter((headline) => forThisMeeting(headline, meeting));
  const earlier = loaded.length - items.length;

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
        <TeamHeadlineList
          headlines={headlines}
          items={items}
          readOnly={readOnly}
          empty={
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {readOnly
                ? 'No headlines to discuss.'
                : 'No headlines to discuss. Add one above: short news about customers and employees.'}
            </p>
          }
        />
        {earlier > 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`${countOf(earlier, 'headline', 'headlines')} discussed before this meeting: see the `}
            <TextLink to="/headlines">Headlines page</TextLink>.
          </p>
        ) : null}
      </div>
    </section>
  );
}
