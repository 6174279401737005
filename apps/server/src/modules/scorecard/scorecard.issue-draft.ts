import { ISSUE_TITLE_MAX } from '@keel/contract';
import type { IssueDraft } from '../issues/index.js';
import * as errors from './scorecard.errors.js';
import * as repository from './scorecard.repository.js';

const SUFFIX = ' is off track';

/** The issue a measurable off track becomes: named after it, on its team's list, linked back to it. */
export async function measurableIssueDraft(organizationId: string, id: string): Promise<IssueDraft> {
  const [row] = await repository.findMeasurables(organizationId, [id]);
  if (!row) throw errors.measurableNotFound();
  return {
    teamId: row.teamId,
    title: `${row.title.slice(0, ISSUE_TITLE_MAX - SUFFIX.length)}${SUFFIX}`,
    description: row.description,
    source: { kind: 'measurable', id: row.id },
  };
}
