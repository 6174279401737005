import { describe, expect, it } from 'vitest';
import { chooseDepartment, storeDepartment, storedDepartmentId } from './department-selection';

const sales = { id: 's', name: 'Sales', is_leadership_team: false };
const leadership = { id: 'l', name: 'Leadership', is_leadership_team: true };
const ops = { id: 'o', name: 'Operations', is_leadership_team: false };

describe('chooseDepartment (spec section 4)', () => {
  it('keeps the stored department when it is still available', () => {
    expect(chooseDepartment([sales, leadership, ops], 'o')).toBe(ops);
  });

  it('falls back to the leadership department when the stored one is gone or unset', () => {
    expect(chooseDepartment([sales, leadership, ops], 'gone')).toBe(leadership);
    expect(chooseDepartment([sales, leadership, ops], null)).toBe(leadership);
  });

  it('falls back to the first department without a leadership one', () => {
    expect(chooseDepartment([sales, ops], 'gone')).toBe(sales);
  });

  it('chooses nothing from an empty list', () => {
    expect(chooseDepartment([], 'o')).toBeNull();
  });
});

describe('storeDepartment', () => {
  it('remembers the id and the department under the spec keys', () => {
    storeDepartment(ops);
    expect(storedDepartmentId()).toBe('o');
    expect(JSON.parse(localStorage.getItem('selectedDepartment') ?? '{}')).toEqual(ops);
  });
});
