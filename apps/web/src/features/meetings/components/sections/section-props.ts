import type { Meeting } from '@keel/contract';

export interface MeetingSectionProps {
  meeting: Meeting;
  large: boolean;
  canLead: boolean;
}
