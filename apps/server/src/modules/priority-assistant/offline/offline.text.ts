/**
 * Text tools of the offline engine: one normalization (lower case, accents dropped) so the word lists of
 * English, Spanish, French and German are written once without accents; a light stemmer; TF-IDF similarity;
 * and number and date finders that work on digits and month names whatever the language.
 */

export type Language = 'en' | 'es' | 'fr' | 'de';

const COMBINING_MARK = /\p{M}/u;

/**
 * Lower case without accents, plus, for each character of the result, where it came from in the original: the
 * reasons quote the person's own words ("3 new customers"), not the normalized copy.
 */
export function normalizeWithOrigin(text: string): { text: string; origin: number[] } {
  let normalized = '';
  const origin: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const folded = (text[index] ?? '').toLowerCase().normalize('NFD');
    for (const char of folded) {
      if (COMBINING_MARK.test(char)) continue;
      normalized += char;
      origin.push(index);
    }
  }
  return { text: normalized, origin };
}

export const normalize = (text: string) => normalizeWithOrigin(text).text;

const STOP_WORDS_BY_LANGUAGE: Record<Language, string> = {
  en: 'a an and are as at be been by for from has have in into is it its of on or our so that the their this to was we will with within per all new than then also up out over about after before each',
  es: 'el la los las un una unos unas y o de del al en con por para que es son su sus nuestro nuestra se lo como mas este esta antes hasta',
  fr: 'le la les un une des et ou de du au aux en avec par pour que qui est sont son sa ses notre nos ce cette dans sur plus avant ici',
  de: 'der die das den dem des ein eine einen einem und oder von zu zum zur mit fur auf im in ist sind sein unser unsere bis vor nach bei',
};

export const STOP_WORDS: ReadonlySet<string> = new Set(
  Object.values(STOP_WORDS_BY_LANGUAGE).flatMap((words) => words.split(' ')),
);

const LANGUAGE_STOP_WORDS = Object.fromEntries(
  Object.entries(STOP_WORDS_BY_LANGUAGE).map(([language, words]) => [language, new Set(words.split(' '))]),
) as Record<Language, Set<string>>;

const WORD = /[\p{L}\p{N}]+/gu;

export function tokenize(normalizedText: string): string[] {
  return normalizedText.match(WORD) ?? [];
}

/** The language whose common little words the text uses most; English when none stands out. */
export function detectLanguage(normalizedText: string): Language {
  const counts: Record<Language, number> = { en: 0, es: 0, fr: 0, de: 0 };
  for (const token of tokenize(normalizedText)) {
    for (const language of ['en', 'es', 'fr', 'de'] as const) {
      if (LANGUAGE_STOP_WORDS[language].has(token)) counts[language] += 1;
    }
  }
  let best: Language = 'en';
  for (const language of ['es', 'fr', 'de'] as const) if (counts[language] > counts[best]) best = language;
  return best;
}

// Longest first; a suffix is only cut when at least four letters remain, so short words keep their meaning.
const SUFFIXES = [
  'aciones',
  'ations',
  'ciones',
  'ation',
  'ments',
  'mente',
  'ement',
  'ungen',
  'ings',
  'ment',
  'ness',
  'cion',
  'ing',
  'ies',
  'ied',
  'ers',
  'ung',
  'eur',
  'ed',
  'es',
  'er',
  'en',
  'ly',
  's',
  'e',
];

/** A light stemmer: enough for "customers" and "customer" (or "clientes" and "cliente") to count as one word. */
export function stem(token: string): string {
  for (const suffix of SUFFIXES) {
    if (token.length - suffix.length >= 4 && token.endsWith(suffix)) return token.slice(0, -suffix.length);
  }
  return token;
}

/** The words that carry meaning: no little words, no bare numbers, no one- or two-letter words. */
export function contentTokens(normalizedText: string): string[] {
  return tokenize(normalizedText).filter((token) => token.length > 2 && !STOP_WORDS.has(token) && !/^\d/.test(token));
}

export interface WeightedDocument {
  weights: Map<string, number>;
  norm: number;
  /** A stem's first written form in this document, to name shared words in a reason. */
  surfaces: Map<string, string>;
}

/** TF-IDF vectors of texts that are compared with each other; the inverse document frequency is over these texts. */
export function buildCorpus(texts: readonly string[]): WeightedDocument[] {
  const counted = texts.map((text) => {
    const counts = new Map<string, number>();
    const surfaces = new Map<string, string>();
    for (const token of contentTokens(normalize(text))) {
      const term = stem(token);
      counts.set(term, (counts.get(term) ?? 0) + 1);
      if (!surfaces.has(term)) surfaces.set(term, token);
    }
    return { counts, surfaces };
  });
  const documentFrequency = new Map<string, number>();
  for (const { counts } of counted) {
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  return counted.map(({ counts, surfaces }) => {
    const weights = new Map<string, number>();
    let squares = 0;
    for (const [term, count] of counts) {
      // Smoothed so that a word every text shares still counts a little (two texts are a corpus too).
      const weight = (1 + Math.log(count)) * Math.log(1 + texts.length / (documentFrequency.get(term) ?? 1));
      weights.set(term, weight);
      squares += weight * weight;
    }
    return { weights, norm: Math.sqrt(squares), surfaces };
  });
}

export function cosineSimilarity(a: WeightedDocument, b: WeightedDocument): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small.weights) dot += weight * (large.weights.get(term) ?? 0);
  return dot / (a.norm * b.norm);
}

/** The words two documents share, the weightiest first (ties alphabetically, so the answer is stable). */
export function sharedWords(a: WeightedDocument, b: WeightedDocument, limit = 3): string[] {
  const shared: { word: string; weight: number }[] = [];
  for (const [term, weight] of a.weights) {
    const other = b.weights.get(term);
    if (other !== undefined) shared.push({ word: a.surfaces.get(term) ?? term, weight: weight * other });
  }
  // Plain code-unit order, not localeCompare: the answer must not depend on the machine's locale.
  shared.sort((x, y) => y.weight - x.weight || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
  return shared.slice(0, limit).map((entry) => entry.word);
}

/** A regular expression matching any of `phrases` (normalized) as whole words. */
export function wordListPattern(phrases: readonly string[], flags = 'gu'): RegExp {
  const escaped = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, flags);
}
