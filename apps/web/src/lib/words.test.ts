import { describe, expect, it } from 'vitest';
import { countOf, pluralOf } from './words';

describe('countOf', () => {
  it.each([
    [0, '0 votes'],
    [1, '1 vote'],
    [2, '2 votes'],
    [1200, '1,200 votes'],
  ])('says %i as “%s”', (count, text) => {
    expect(countOf(count, 'vote', 'votes')).toBe(text);
  });

  it('uses the forms it is given, capitals included', () => {
    expect(countOf(1, 'WIG', 'WIGs')).toBe('1 WIG');
    expect(countOf(3, 'Level 10 Meeting', 'Level 10 Meetings')).toBe('3 Level 10 Meetings');
  });
});

describe('pluralOf', () => {
  it.each([
    ['Department', 'Departments'],
    ['Team', 'Teams'],
    ['Quarter', 'Quarters'],
    ['Company', 'Companies'],
    ['Business Unit', 'Business Units'],
    ['Business', 'Businesses'],
    ['Branch', 'Branches'],
    ['Day', 'Days'],
    ['WIG', 'WIGs'],
    ['KPI', 'KPIs'],
    ['V/TO', 'V/TOs'],
    ['Level 10 Meeting', 'Level 10 Meetings'],
    ['Weekly Check-in', 'Weekly Check-ins'],
    ['Équipe', 'Équipes'],
    ['squad', 'squads'],
    ['Q', 'Qs'],
    ['Team ', 'Teams'],
  ])('makes %s into %s', (singular, plural) => {
    expect(pluralOf(singular)).toBe(plural);
  });

  it('leaves a name ending in a number as it is rather than inventing a form', () => {
    expect(pluralOf('Team 7')).toBe('Team 7');
  });

  it('keeps every character of a long accented name', () => {
    const name = 'Équipe dirigeante élargie – réunion hebdomadaire à Genève ÉÉ';
    expect(pluralOf(name)).toBe(`${name}s`);
  });
});
