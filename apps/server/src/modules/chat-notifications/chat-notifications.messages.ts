import type { ChatEvent, MeetingRecap, Terminology } from '@keel/contract';
import type { DomainEvent } from '../../events/domain-events.js';
import { issueTitles } from '../issues/index.js';
import { concludedMeetingRecap } from '../meetings/index.js';
import { priorityForNotice } from '../priorities/index.js';
import { NUMBERS_MISSING_EVENT } from '../scorecard/index.js';
import { teamNames } from '../teams/index.js';
import { organizationLabels } from '../terminology/index.js';
import type { ChatMessage } from './chat-notifications.format.js';

/** The chat event an audited change (or published notice) may become; whether it does can need a read. */
export function chatEventOf(type: string): ChatEvent | undefined {
  switch (type) {
    case 'meeting.concluded':
      return 'meeting_concluded';
    case 'priority.status_changed':
    case 'priority.update_posted':
      return 'priority_off_track';
    case 'issue.created':
    case 'issue.raised_from_source':
      return 'issue_raised';
    case NUMBERS_MISSING_EVENT:
      return 'numbers_missing';
    default:
      return undefined;
  }
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The team an event concerns, read cheaply before anything else: no connection listening, no further read. */
export async function teamOfEvent(organizationId: string, chatEvent: ChatEvent, event: DomainEvent) {
  if (chatEvent !== 'priority_off_track') return stringOf(event.data.teamId);
  // A weekly update tells of a status it changed; one that keeps the status is no news for the channel.
  if (event.type === 'priority.update_posted' && event.data.status !== 'off_track') return undefined;
  if (!event.subjectId) return undefined;
  const priority = await priorityForNotice(organizationId, event.subjectId);
  return priority?.status === 'off_track' ? priority.teamId : undefined;
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

function recapMessage(
  meeting: { name: string; teamName: string; recap: MeetingRecap },
  words: Terminology,
  appUrl: string,
): ChatMessage {
  const { recap } = meeting;
  const facts = [
    recap.averageRating === null ? 'not rated' : `rated ${recap.averageRating.toFixed(1)} / 10`,
    `${recap.present} of ${recap.expected} present`,
    `${minutesOf(recap.spentSeconds)} min of ${recap.plannedMinutes} planned`,
  ];
  if (recap.todoCompletion) {
    facts.push(`${words.todos_label} due this week: ${recap.todoCompletion.done} of ${recap.todoCompletion.due} done`);
  }
  return {
    title: `${meeting.teamName}: ${meeting.name} concluded`,
    summary: `${facts.join(' · ')}.`,
    sections: [
      {
        heading: `New ${words.todos_label}`,
        lines: recap.newTodos.map((todo) => `${todo.title} (${todo.ownerName}, due ${todo.dueDate})`),
      },
      { heading: `${words.issues_label} solved`, lines: recap.solvedIssues.map((issue) => issue.title) },
      { heading: 'Cascading messages', lines: recap.cascadingMessages.map((message) => message.text) },
      { heading: 'Notes', lines: recap.notes.trim() ? [recap.notes] : [] },
    ],
    link: { label: 'Open the meeting history in Keel', url: `${appUrl}/meeting-history` },
  };
}

/** The message of an event for a team's channel, or undefined when the event turns out not to be one (gone since). */
export async function messageOfEvent(
  organizationId: string,
  chatEvent: ChatEvent,
  event: DomainEvent,
  teamId: string,
  appUrl: string,
): Promise<ChatMessage | undefined> {
  const words = await organizationLabels(organizationId);
  const [teamName = 'A team'] = await teamNames(organizationId, [teamId]);
  const subjectId = event.subjectId;
  switch (chatEvent) {
    case 'meeting_concluded': {
      const meeting = subjectId ? await concludedMeetingRecap(organizationId, subjectId) : undefined;
      return meeting && recapMessage(meeting, words, appUrl);
    }
    case 'priority_off_track': {
      const priority = subjectId ? await priorityForNotice(organizationId, subjectId) : undefined;
      if (!priority) return undefined;
      return {
        title: `${teamName}: ${words.priority_singular} off track`,
        summary: `${priority.title} (${priority.ownerName}, due ${priority.dueDate}) is now off track.`,
        sections: [],
        link: { label: `Open ${words.priorities_label} in Keel`, url: `${appUrl}/quarterly-priorities` },
      };
    }
    case 'issue_raised': {
      const title = subjectId ? (await issueTitles(organizationId, [subjectId])).get(subjectId) : undefined;
      if (title === undefined) return undefined;
      return {
        title: `${teamName}: new ${words.issue_singular} raised`,
        summary: title,
        sections: [],
        link: { label: `Open ${words.issues_label} in Keel`, url: `${appUrl}/issues` },
      };
    }
    case 'numbers_missing': {
      const titles = Array.isArray(event.data.measurables) ? event.data.measurables.map(String) : [];
      if (titles.length === 0) return undefined;
      return {
        title: `${teamName}: ${words.scorecard_label} numbers missing`,
        summary: `${titles.length} ${titles.length === 1 ? 'number has' : 'numbers have'} not been entered yet.`,
        sections: [{ heading: 'Still to enter', lines: titles }],
        link: { label: `Open ${words.scorecard_label} in Keel`, url: `${appUrl}/scorecard` },
      };
    }
  }
}
