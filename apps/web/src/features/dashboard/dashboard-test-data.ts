import { beforeEach } from 'vitest';
import { addDays, type Dashboard } from '@keel/contract';
import { ORG_ID, makeUser } from '../../test-utils/fixtures';
import { DEPT, makeDepartment, signedInForEachTest } from '../../test-utils/team-stubs';
import { useSelectedDepartmentStore } from '../departments/departments.api';
import { localToday } from '../todos/todo-dates';
import { useQuickAdd } from './quick-add-store';

export { DEPT };
export const OTHER_DEPT = '44444444-4444-4444-8444-444444444444';
export const DEPARTMENTS = [makeDepartment(DEPT, 'Operations'), makeDepartment(OTHER_DEPT, 'Sales')];
export const ME = makeUser().id;
export const dashboardPath = `/organizations/${ORG_ID}/me/dashboard`;

/** The dashboard tests' set-up: signed in, Operations selected, Quick add closed; cleaned up after each. */
export function dashboardTestSetup() {
  signedInForEachTest();
  beforeEach(() => {
    useSelectedDepartmentStore.setState({ selectedId: DEPT });
    useQuickAdd.setState({ open: false, kind: 'todo' });
  });
}

const ops = { id: DEPT, name: 'Operations' };
const sales = { id: OTHER_DEPT, name: 'Sales' };
const stamp = '2026-01-05T10:00:00.000Z';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A to-do as the dashboard lists it (the to-dos API's answer, plus its team). */
export const todo = (n: number, title: string, dueDate: string, team = ops) => ({
  id: uuid(n),
  title,
  details: '',
  ownerId: ME,
  owner: { id: ME, name: 'Ada Lovelace' },
  teamId: team.id,
  team,
  isPrivate: false,
  dueDate,
  status: 'open' as const,
  doneAt: null,
  source: null,
  groupId: null,
  createdById: ME,
  createdAt: stamp,
  updatedAt: stamp,
  version: 2,
});

const base = (today: string) => ({
  today,
  quarter: { year: 2026, quarter: 4, start: '2026-10-01', end: '2026-12-31' },
  teams: [ops, sales],
});

/** A full dashboard in the server's order: overdue to-do first. */
export function fullDashboard(today = localToday()): Dashboard {
  return {
    ...base(today),
    priorities: {
      items: [
        {
          id: uuid(10),
          title: 'Open the Lyon office',
          status: 'off_track',
          scope: 'team',
          progress: 50,
          dueDate: '2026-12-31',
          team: ops,
          milestoneCount: 2,
          milestonesDone: 1,
          version: 1,
        },
      ],
      total: 1,
    },
    milestones: {
      items: [
        {
          id: uuid(11),
          title: 'Hire a manager',
          dueDate: addDays(today, 3),
          priority: { id: uuid(10), title: 'Open the Lyon office' },
          team: ops,
          version: 1,
        },
      ],
      total: 1,
    },
    todos: {
      items: [
        todo(1, 'Send the invoice', addDays(today, -1), sales),
        todo(2, 'Call the bank', today),
        todo(3, 'Book the venue', addDays(today, 7)),
      ],
      total: 7,
      overdue: 1,
    },
    issues: {
      items: [
        {
          id: uuid(20),
          title: 'Churn is up',
          horizon: 'short_term',
          priorityRank: 1,
          team: sales,
          createdAt: stamp,
          version: 1,
        },
      ],
      total: 1,
    },
    headlines: {
      items: [
        {
          id: uuid(30),
          text: '<script>alert(1)</script> Won Acme',
          type: 'customer',
          status: 'new',
          owner: { id: ME, name: 'Ada Lovelace' },
          team: ops,
          createdAt: stamp,
          version: 1,
        },
      ],
      total: 1,
    },
  };
}

export function emptyDashboard(today = localToday()): Dashboard {
  const none = { items: [], total: 0 };
  return {
    ...base(today),
    priorities: none,
    milestones: none,
    todos: { ...none, overdue: 0 },
    issues: none,
    headlines: none,
  };
}
