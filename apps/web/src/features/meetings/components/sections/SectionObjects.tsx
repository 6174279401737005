import type { ReactNode } from 'react';
import type { MeetingSectionKind } from '@keel/contract';
import { HeadlinesSection } from './HeadlinesSection';
import { IssuesSection } from './IssuesSection';
import { PrioritiesSection } from './PrioritiesSection';
import { ScorecardSection } from './ScorecardSection';
import { TodosSection } from './TodosSection';
import type { MeetingSectionProps } from './section-props';

type SectionObjectsView = (props: MeetingSectionProps) => ReactNode;

/**
 * The team's live objects each kind of section works on. Kinds of the other methodologies reuse them:
 * a 4DX "account" goes through last week's commitments (to-dos), "clear the path" through the issues;
 * a planning day's review and next period's work on the priorities, its seat review on the numbers.
 */
const VIEW_OF_KIND: Partial<Record<MeetingSectionKind, SectionObjectsView>> = {
  scorecard: ScorecardSection,
  org_chart: ScorecardSection,
  priorities: PrioritiesSection,
  review: PrioritiesSection,
  next_priorities: PrioritiesSection,
  headlines: HeadlinesSection,
  todos: TodosSection,
  account: TodosSection,
  issues: IssuesSection,
  clear_path: IssuesSection,
};

/** The objects of the section on screen, or nothing for a section that is only talk (check-in, team health…). */
export function SectionObjects({ kind, ...props }: MeetingSectionProps & { kind: MeetingSectionKind }) {
  const View = VIEW_OF_KIND[kind];
  return View ? <View {...props} /> : null;
}
