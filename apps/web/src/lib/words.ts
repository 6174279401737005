const englishPlurals = new Intl.PluralRules('en-US');

/**
 * A count with the form of its word English wants: "1 vote", "0 votes", "1,200 rows". Both forms are
 * given by the caller (a term's singular and plural come from the terminology), so nothing is guessed.
 */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('en-US')} ${englishPlurals.select(count) === 'one' ? singular : plural}`;
}

const ACRONYM = /^[\p{Lu}\p{N}/&.-]+$/u;
const SIBILANT_END = /(s|x|z|ch|sh)$/iu;
const CONSONANT_Y_END = /[^aeiou]y$/iu;

/**
 * The plural of a name the terminology keeps only in the singular (Department, Team, Quarter...): the
 * regular English ending on its last word, in the writer's capitals. An acronym takes a small "s"
 * (WIG → WIGs, KPI → KPIs); every other letter is kept as written (Équipe → Équipes, Company → Companies).
 */
export function pluralOf(name: string): string {
  const trimmed = name.trimEnd();
  const lastWord = trimmed.split(/\s+/u).at(-1) ?? '';
  if (lastWord === '' || !/\p{L}/u.test(lastWord)) return trimmed;
  if (ACRONYM.test(lastWord)) return `${trimmed}s`;
  if (CONSONANT_Y_END.test(trimmed)) return `${trimmed.slice(0, -1)}ies`;
  if (SIBILANT_END.test(trimmed)) return `${trimmed}es`;
  return `${trimmed}s`;
}
