import { DATA_EXPORT_FORMAT, DATA_EXPORT_SCHEMA_VERSION } from '@keel/contract';

/** The README.md every archive carries: the format, for whoever opens it without Keel. */
export const ARCHIVE_README = `# Keel organization export

This archive holds all of one organization's data in Keel, as it was when the export was made.

- \`manifest.json\`: \`format\` ("${DATA_EXPORT_FORMAT}"), \`schemaVersion\` (${DATA_EXPORT_SCHEMA_VERSION}), when it was
  made, the organization's id and name, the number of rows of each table, the number of files, and any file that
  could not be read when the archive was made (\`missingFiles\`, with the reason).
- \`organization.json\`: the organization's settings (name, colours, time zone, fiscal calendar, methodology...).
- \`people.json\`: everyone who belongs or belonged to it: id, e-mail, first and last name. No password or secret.
- \`data/<table>.json\`: every row of the organization in that table, as a JSON array of objects, one row a line.
  Column names are the database's (snake_case); times are ISO 8601 in UTC; ids are UUIDs and refer to rows of
  the other tables (\`*_id\` columns) or to people (\`people.json\`).
- \`csv/<table>.csv\`: the same rows as CSV with a header line, for spreadsheets. Lists and objects are JSON text.
- \`files/<id>\`: the bytes of each stored file (documents, their versions, attachments), named by the id of its
  row in \`data/stored_files.json\`, which holds its type, size and SHA-256.

Left out on purpose: secrets (API keys, webhook signing secrets, calendar addresses, storage credentials, password
and token hashes) and bookkeeping that means nothing elsewhere (job queues, mail queue, delivery attempts).

Keel imports this archive into a new organization: ids are given anew, people are matched by e-mail or invited.
An archive changed by hand is refused if it no longer follows this layout.
`;
