import { SMART_LETTERS, type Session } from '@keel/contract';
import type { ModelBehaviour, ReceivedModelRequest } from './model-stand-in.js';
import { queryAsOwner, type TestContext } from './test-app.js';
import { leadershipTeamOf } from './team-fixtures.js';

/** The quarter the route tests write in: fiscal 2026's fourth quarter, with the fiscal year starting in January. */
export const QUARTER = { year: 2026, quarter: 4, due: '2026-12-15' };

export const smartAnswer = {
  verdicts: SMART_LETTERS.map((letter) => ({ letter, met: true, reason: `The draft meets ${letter}.` })),
  rewrite: { title: 'Cut onboarding to 2 days by December 15', description: 'Measured on every new account.' },
};
export const milestoneAnswer = {
  kind: 'a process change',
  milestones: [
    { title: 'Measure onboarding today', dueDate: '2026-10-20' },
    { title: 'Remove the slowest steps', dueDate: '2026-11-20' },
    { title: 'Onboarding in 2 days', dueDate: '2026-12-15' },
  ],
};

/** A valid answer to whichever task the request is (by the JSON schema's name it was asked with). */
export function validAnswers(request: ReceivedModelRequest): ModelBehaviour {
  const task = request.body.response_format?.json_schema?.name;
  if (task === 'milestones') return { kind: 'text', text: JSON.stringify(milestoneAnswer) };
  if (task === 'alignment') {
    const data = JSON.parse(request.body.messages[1]!.content) as { priorities: { id: string }[] };
    const priorities = data.priorities.map((priority) => ({
      priorityId: priority.id,
      relatedCompanyPriorityIds: [],
      suggestion: null,
    }));
    return { kind: 'text', text: JSON.stringify({ priorities }) };
  }
  return { kind: 'text', text: JSON.stringify(smartAnswer) };
}

/** An organization's annual goal and company priority of QUARTER (on its leadership team), by SQL. */
export async function seedStrategy(context: TestContext, session: Session, words: string) {
  const organizationId = session.user.organizationId;
  const teamId = await leadershipTeamOf(context, session);
  await queryAsOwner(
    context.database,
    `update organizations set fiscal_year_start_month = 1 where id = '${organizationId}'`,
  );
  const [goal] = await queryAsOwner<{ id: string }>(
    context.database,
    `insert into annual_goals (organization_id, team_id, year, title, position)
     values ('${organizationId}', '${teamId}', ${QUARTER.year}, 'Goal: ${words}', 0) returning id`,
  );
  const [priority] = await queryAsOwner<{ id: string }>(
    context.database,
    `insert into priorities (organization_id, team_id, owner_id, title, scope, year, quarter, due_date)
     values ('${organizationId}', '${teamId}', '${session.user.id}', 'Company priority: ${words}', 'company',
             ${QUARTER.year}, ${QUARTER.quarter}, '${QUARTER.due}') returning id`,
  );
  return { teamId, goalId: goal!.id, priorityId: priority!.id };
}
