import type { MeetingSectionKind, Terminology } from '@keel/contract';

/** What the team does in a section of this kind, in the organization's words. */
export function sectionPurpose(kind: MeetingSectionKind, terms: Terminology): string {
  switch (kind) {
    case 'check_in':
      return 'Each person shares one personal and one professional good news from the past week.';
    case 'scorecard':
      return `Read the ${terms.scorecard_label} aloud: each owner says on track or off track; anything off track becomes an issue.`;
    case 'priorities':
      return `Each owner says whether each of their ${terms.priorities_label} is on track or off track; off track ones become issues.`;
    case 'headlines':
      return 'Share short news about customers and employees; anything that needs discussion becomes an issue.';
    case 'todos':
      return `Go through last week's ${terms.todos_label}: each owner says done or not done.`;
    case 'issues':
      return `Pick the most important ${terms.issues_label} and solve them one at a time (${terms.problem_solving_process}).`;
    case 'conclude':
      return 'Recap the new to-dos, decide what to tell others, and rate the meeting from 1 to 10.';
    case 'review':
      return 'Look back at the last period: what was achieved, what was not, and what was learned.';
    case 'business_plan':
      return 'Read the business plan together and agree what still holds and what needs to change.';
    case 'org_chart':
      return 'Check that every seat has the right person and that each owner knows their numbers.';
    case 'next_priorities':
      return `Agree the ${terms.priorities_label} for the next period, each with one owner.`;
    case 'team_health':
      return 'Talk openly about how the team works together and what would make it stronger.';
    case 'swot':
      return 'List strengths, weaknesses, opportunities and threats, then pick what matters most.';
    case 'annual_plan':
      return 'Set the one-year plan and the goals for the year ahead.';
    case 'commit':
      return 'Each person says what they commit to before the next meeting.';
    case 'account':
      return 'Each person reports on what they committed to last time.';
    case 'clear_path':
      return 'Name what stands in the way and agree who clears it.';
    case 'notes':
      return 'Agree the next steps and who tells whom.';
  }
}

export interface SectionLink {
  label: string;
  to: string;
}

/** The team's own page for the section's live objects, where one exists for a team. */
export function sectionLink(kind: MeetingSectionKind, teamId: string, terms: Terminology): SectionLink | null {
  const team = encodeURIComponent(teamId);
  switch (kind) {
    case 'scorecard':
      return { label: `Open the team's ${terms.scorecard_label}`, to: `/scorecard?teamId=${team}` };
    case 'priorities':
      return { label: `Open the team's ${terms.priorities_label}`, to: `/departments/${team}/priorities` };
    case 'todos':
      return { label: `Open the team's ${terms.todos_label}`, to: `/departments/${team}/todos` };
    case 'issues':
      return { label: `Open the team's ${terms.issues_label}`, to: `/departments/${team}/issues` };
    default:
      return null;
  }
}
