import { useState } from 'react';
import type { Issue } from '@keel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { organizationKey } from '../../../../lib/organization-query';
import { useOrganizationId, useSession } from '../../../../lib/session-store';
import { SaveProblem } from '../../../../ui/ConflictBanner';
import { EmptyNote, ListStates, ShowMore } from '../../../../ui/ListPage';
import { cx } from '../../../../ui/cx';
import { useMyDepartments } from '../../../departments/departments.api';
import { IssueDialog } from '../../../issues/components/IssueDialog';
import { IssueList } from '../../../issues/components/IssueList';
import { inRankOrder } from '../../../issues/issue-order';
import { useIssueList, type IssueListFilters } from '../../../issues/issues.api';
import { usePeople } from '../../../people/people.api';
import { useTerminology } from '../../../terminology/terminology.api';
import { LARGE_LIST_TYPE } from './large-type';
import type { MeetingSectionProps } from './section-props';
import { useIssueListChanges } from '../../../issues/use-issue-list-changes';

const OPEN: IssueListFilters = { horizon: 'short_term', status: 'open', search: '' };
/** Newest solved first, so this meeting's are on the first page. */
const SOLVED: IssueListFilters = { horizon: 'short_term', status: 'solved', search: '' };

/** Solved since the meeting started (a meeting not started yet has solved nothing). */
export function solvedDuring(issues: readonly Issue[], startedAt: string | null): Issue[] {
  if (!startedAt) return [];
  const start = Date.parse(startedAt);
  return issues.filter((issue) => issue.solvedAt !== null && Date.parse(issue.solvedAt) >= start);
}

/**
 * The team's open short-term issues in rank order: everyone votes, whoever leads picks the top three and
 * the order; opening one discusses it and solves it into to-dos. What this meeting solved stays listed.
 */
export function IssuesSection({ meeting, large, canLead }: MeetingSectionProps) {
  const terms = useTerminology();
  const singular = terms.issue_singular;
  const plural = terms.issues_label;
  const user = useSession((state) => state.user);
  const readOnly = user?.role === 'observer';
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const open = useIssueList(meeting.teamId, OPEN);
  const solved = useIssueList(meeting.teamId, SOLVED);
  const people = usePeople();
  const departments = useMyDepartments();
  const changes = useIssueListChanges(meeting.teamId, OPEN);
  const [openId, setOpenId] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'issue') });

  const issues = inRankOrder(open.data?.pages.flatMap((page) => page.data) ?? []);
  const solvedHere = solvedDuring(solved.data?.pages[0]?.data ?? [], meeting.startedAt);
  const shown = [...issues, ...solvedHere].find((issue) => issue.id === openId);
  const guide = readOnly
    ? null
    : canLead
      ? `Vote, then pick the top three with 1, 2 and 3. Open a ${singular} to discuss and solve it.`
      : `Vote for the ones to solve first. Open a ${singular} to discuss and solve it.`;

  return (
    <section aria-labelledby="meeting-issues-title" className="space-y-3">
      <div>
        <h3
          id="meeting-issues-title"
          className={cx('font-semibold text-slate-900 dark:text-slate-50', large ? 'text-xl' : 'text-base')}
        >
          {plural}
        </h3>
        {guide ? (
          <p className={cx('text-slate-700 dark:text-slate-300', large ? 'text-lg' : 'text-sm')}>{guide}</p>
        ) : null}
      </div>
      <SaveProblem
        error={changes.error}
        singular={singular}
        fallback={`Could not change the ${singular}.`}
        onReload={() => {
          changes.reset();
          void reload();
        }}
      />
      <ListStates
        query={open}
        loadingLabel={`Loading ${plural}`}
        errorFallback={`The ${plural} could not be loaded.`}
        isEmpty={issues.length === 0}
        empty={<EmptyNote>{`No open ${plural}.`}</EmptyNote>}
      >
        <div className={cx('space-y-2', large && LARGE_LIST_TYPE)}>
          <IssueList
            issues={issues}
            label={`Open ${plural}`}
            readOnly={readOnly}
            sortable={canLead}
            onOpen={(issue) => setOpenId(issue.id)}
            onRank={changes.onRank}
            onVote={changes.onVote}
            onReorder={changes.onReorder}
          />
          <ShowMore
            hasMore={open.hasNextPage}
            loading={open.isFetchingNextPage}
            onMore={() => open.fetchNextPage()}
            className="text-center"
          />
        </div>
      </ListStates>
      {solvedHere.length > 0 ? (
        <section aria-labelledby="meeting-solved-title" className={cx('space-y-2', large && LARGE_LIST_TYPE)}>
          <h4 id="meeting-solved-title" className="font-semibold text-slate-900 dark:text-slate-50">
            Solved in this meeting
          </h4>
          <IssueList
            issues={solvedHere}
            label={`${plural} solved in this meeting`}
            readOnly
            sortable={false}
            onOpen={(issue) => setOpenId(issue.id)}
            onRank={() => undefined}
            onVote={() => undefined}
            onReorder={() => undefined}
          />
        </section>
      ) : null}
      {shown && user ? (
        <IssueDialog
          issue={shown}
          people={people.data ?? []}
          departments={departments.data?.departments ?? []}
          currentUserId={user.id}
          readOnly={readOnly}
          terms={terms}
          onClose={() => setOpenId(null)}
          onReload={reload}
        />
      ) : null}
    </section>
  );
}
