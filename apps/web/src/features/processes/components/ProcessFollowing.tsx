import type { Process } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { useAcknowledgeProcess } from '../processes.api';

interface ProcessFollowingProps {
  process: Process;
  /** Observers read processes but do not acknowledge them. */
  canAcknowledge: boolean;
}

/** "I follow this process", the measured share of the team that does, and who has and has not said so. */
export function ProcessFollowing({ process, canAcknowledge }: ProcessFollowingProps) {
  const terms = useTerminology();
  const acknowledge = useAcknowledgeProcess();
  const { following } = process;
  const done = process.people.filter((person) => person.acknowledgedAt !== null);
  const waiting = process.people.filter((person) => person.acknowledgedAt === null && person.inTeam);
  if (process.status !== 'published') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Members acknowledge a {terms.process_singular} once it is published.
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        <span className="text-2xl font-bold text-slate-900 dark:text-white" data-testid="followed-percent">
          {following.percent === null ? '—' : `${following.percent}%`}
        </span>{' '}
        followed by all:{' '}
        {following.memberCount === 0
          ? `the ${terms.team_label} has no members yet.`
          : `${following.acknowledgedCount} of ${countOf(following.memberCount, 'member', 'members')} of ${process.team.name} acknowledged version ${process.publishedVersion ?? ''}.`}
      </p>
      {canAcknowledge ? (
        process.acknowledgedByMe ? (
          <p className="text-sm font-medium text-green-800 dark:text-green-300">
            You follow this {terms.process_singular}.
          </p>
        ) : (
          <div>
            <Button loading={acknowledge.isPending} onClick={() => acknowledge.mutate(process.id)}>
              I follow this {terms.process_singular}
            </Button>
          </div>
        )
      ) : null}
      {acknowledge.isError ? (
        <Banner tone="error">
          {errorText(acknowledge.error, 'Your acknowledgement could not be saved. Please try again.')}
        </Banner>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <section aria-labelledby="acknowledged-heading">
          <h3 id="acknowledged-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
            Acknowledged ({done.length})
          </h3>
          {done.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Nobody yet.</p>
          ) : (
            <ul className="text-sm text-slate-800 dark:text-slate-200">
              {done.map((person) => (
                <li key={person.id}>
                  {person.name}
                  {person.inTeam ? '' : ` (not in ${process.team.name})`}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="waiting-heading">
          <h3 id="waiting-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
            Not yet ({waiting.length})
          </h3>
          {waiting.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Everyone in {process.team.name} has.</p>
          ) : (
            <ul className="text-sm text-slate-800 dark:text-slate-200">
              {waiting.map((person) => (
                <li key={person.id}>{person.name}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
