import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { meetings } from './meetings.table.js';

/** An ILIKE pattern finding `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The recap's texts a search reads: jsonpath in lax mode, so a recap without one of them matches nothing there. */
const RECAP_TEXTS = [
  '$.newTodos[*].title',
  '$.solvedIssues[*].title',
  '$.cascadingMessages[*].text',
  '$.notes',
] as const;

/**
 * Meetings whose name, team's name (as it is now), or frozen recap (the titles of the to-dos it created and of
 * the issues it solved, the messages it cascaded, its notes) contains `search`, whatever the case. No index serves a
 * substring: the list walks the organization's meetings newest first (`meetings_history_idx`) and stops at
 * the page's end, so a rare word reads every meeting of the organization that the other filters leave
 * (decision 0011).
 */
export function meetingMatches(search: string, teamName: AnyColumn): SQL {
  const pattern = containsPattern(search);
  const inRecap = RECAP_TEXTS.map(
    (path) =>
      sql`exists (select 1 from jsonb_path_query(${meetings.recap}, ${sql.raw(`'${path}'`)}) as text(value)
        where text.value #>> '{}' ilike ${pattern})`,
  );
  return sql`(${meetings.name} ilike ${pattern} or ${teamName} ilike ${pattern} or ${sql.join(inRecap, sql` or `)})`;
}
