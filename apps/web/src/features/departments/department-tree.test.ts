import { describe, expect, it } from 'vitest';
import { departmentTree, selfAndDescendants } from './department-tree';
import { department } from './department-test-data';

const list = [
  department('s', 'sales', { parentTeamId: 'l' }),
  department('b', 'Berlin', { parentTeamId: 's' }),
  department('o', 'Ops'),
  department('l', 'Leadership Team', { isLeadershipTeam: true }),
  department('x', 'Orphan', { parentTeamId: 'gone' }),
];

describe('departmentTree', () => {
  it('puts leadership first, children under their parent, and orphans at the top level', () => {
    expect(departmentTree(list).map((row) => [row.department.name, row.depth])).toEqual([
      ['Leadership Team', 0],
      ['sales', 1],
      ['Berlin', 2],
      ['Ops', 0],
      ['Orphan', 0],
    ]);
  });
});

describe('selfAndDescendants', () => {
  it('names the department and everything under it', () => {
    expect([...selfAndDescendants(list, 'l')].sort()).toEqual(['b', 'l', 's']);
    expect([...selfAndDescendants(list, 'o')]).toEqual(['o']);
  });
});
