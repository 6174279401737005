import { inflateSync } from 'node:zlib';

/**
 * The text a PDF reader would copy from a document that pdfkit wrote with embedded fonts: its content streams
 * show glyph numbers, and each font's ToUnicode map turns them back into letters. Only what pdfkit writes is
 * read (direct `/Length`, FlateDecode or plain streams, `[<hex> kern <hex>] TJ`), which is enough to prove that
 * a name with accents is in the file as text and not as shapes. One string per line shown, in file order.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = new Map<number, { dictionary: string; stream: string | null }>();
  const source = pdf.toString('latin1');
  // Streams are skipped by their length: font data may hold any bytes, "endobj" included.
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const bodyStart = header.lastIndex;
    const end = source.indexOf('endobj', bodyStart);
    const streamAt = source.indexOf('stream', bodyStart);
    if (streamAt < 0 || streamAt > end) {
      objects.set(Number(match[1]), { dictionary: source.slice(bodyStart, end), stream: null });
      header.lastIndex = end;
      continue;
    }
    const dictionary = source.slice(bodyStart, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? 0);
    const start = streamAt + 'stream'.length + (source[streamAt + 6] === '\r' ? 2 : 1);
    const bytes = pdf.subarray(start, start + length);
    const stream = dictionary.includes('/FlateDecode') ? inflateSync(bytes) : bytes;
    objects.set(Number(match[1]), { dictionary, stream: stream.toString('latin1') });
    header.lastIndex = start + length;
  }

  const toUnicodeOf = new Map<string, Map<number, string>>();
  for (const { dictionary } of objects.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dictionary)?.[1] ?? '';
    for (const [, name, reference] of fonts.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(reference))?.dictionary ?? '';
      const cmap = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      if (name && cmap) toUnicodeOf.set(name, glyphMap(objects.get(Number(cmap))?.stream ?? ''));
    }
  }

  const lines: string[] = [];
  for (const { dictionary, stream } of objects.values()) {
    if (stream === null || /\/Type\s*\/|\/Subtype|\/Length1/.test(dictionary) || stream.includes('begincmap')) continue;
    let glyphs = new Map<number, string>();
    for (const [, font, shown] of stream.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (font) glyphs = toUnicodeOf.get(font) ?? new Map<number, string>();
      if (shown === undefined) continue;
      const hex = [...shown.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]!).join('');
      let line = '';
      for (let index = 0; index < hex.length; index += 4) {
        line += glyphs.get(parseInt(hex.slice(index, index + 4), 16)) ?? '\uFFFD';
      }
      lines.push(line);
    }
  }
  return lines;
}

/** A ToUnicode CMap's `bfrange` (with arrays, as pdfkit writes them) and `bfchar` entries. */
function glyphMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A ligature's entry spells its letters with spaces between them: <0066 0066 0069> is "ffi".
  const unicode = (hex: string) =>
    String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, first, last, targets] of block!.matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi,
    )) {
      const from = parseInt(first!, 16);
      const to = parseInt(last!, 16);
      if (targets!.startsWith('[')) {
        [...targets!.matchAll(/<([0-9a-f\s]*)>/gi)].forEach((target, offset) =>
          map.set(from + offset, unicode(target[1]!)),
        );
      } else {
        const base = parseInt(targets!.slice(1, -1), 16);
        for (let code = from; code <= to; code += 1) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, target] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set(parseInt(code!, 16), unicode(target!));
    }
  }
  return map;
}
