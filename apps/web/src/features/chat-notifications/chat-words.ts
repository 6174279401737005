import type { ChatEvent, Terminology } from '@keel/contract';

/** Each event in the organization's own words (a "Rock off track", "Scorecard numbers missing"). */
export function chatEventLabel(event: ChatEvent, terms: Terminology): string {
  switch (event) {
    case 'meeting_concluded':
      return 'Meeting concluded, with its recap';
    case 'priority_off_track':
      return `${terms.priority_singular} off track`;
    case 'issue_raised':
      return `${terms.issue_singular} raised to the team`;
    case 'numbers_missing':
      return `${terms.scorecard_label} numbers missing at the reminder`;
  }
}
