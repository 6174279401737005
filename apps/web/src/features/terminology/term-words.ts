import { TERMINOLOGY_DEFAULTS, type Terminology } from '@keel/contract';
import { pluralOf } from '../../lib/words';

/*
 * How a term is written on screen, everywhere: exactly as the organization (or its preset) stored it,
 * at the start of a sentence and in the middle of one ("New WIG", "All Rocks", "Start the Level 10
 * Meeting", "No Tasks yet."). No code lower-cases or re-capitalises a term: capitals cannot be guessed
 * back (WIG, V/TO, KPIs, "Level 10" are not ordinary words), and what one organization typed in small
 * letters stays in small letters. Plurals come from the terminology's plural labels; the few concepts it
 * names only in the singular get the regular English plural below. Counts read
 * "1 Task", "3 Tasks" through lib/words' countOf.
 */

/** The concepts the terminology names only in the singular. */
export type SingularOnlyTerm =
  'organization_label' | 'team_label' | 'department_label' | 'quarter_label' | 'year_label';

/** "Departments", "Teams", "Quarters": the plural of a concept the terminology names only in the singular. */
export const termPlural = (terms: Terminology, key: SingularOnlyTerm) => pluralOf(terms[key]);

/**
 * The sidebar's and page's name for the meetings: the methodology's own meetings (Level 10 Meetings,
 * WIG Sessions, Team Syncs), or the spec's neutral "Meetings" while the weekly meeting keeps its default name.
 */
export const meetingsLabel = (terms: Terminology) =>
  terms.weekly_meeting_label === TERMINOLOGY_DEFAULTS.weekly_meeting_label
    ? 'Meetings'
    : pluralOf(terms.weekly_meeting_label);
