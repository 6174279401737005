import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { buildZip, deflatedText, deflatedZeros } from '../test-support/zip-fixture.js';
import { readSpreadsheet } from './read-spreadsheet.js';

const csv = (text: string, fileName = 'todos.csv') => readSpreadsheet({ content: Buffer.from(text), fileName });

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function workbook(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('CSV', () => {
  it('reads comma, semicolon and tab files, with or without a BOM, quoted cells included', async () => {
    for (const [text, name] of [
      ['Title,Owner\n"Call, then write",ada@example.com\n', 'a.csv'],
      ['\uFEFFTitle;Owner\r\n"Call, then write";ada@example.com\r\n', 'b.csv'],
      ['Title\tOwner\n"Call, then write"\tada@example.com\n', 'c.tsv'],
    ] as const) {
      const result = await csv(text, name);
      expect(result.format).toBe('csv');
      expect(result.sheets).toHaveLength(1);
      expect(result.sheets[0]).toMatchObject({
        headers: ['Title', 'Owner'],
        rows: [{ rowNumber: 2, cells: ['Call, then write', 'ada@example.com'] }],
      });
    }
  });

  it('keeps formula-looking cells as literal text and script as text', async () => {
    const result = await csv('Title,Details\n"=HYPERLINK(""http://x"",""y"")",<script>alert(1)</script>\n');
    expect(result.sheets[0]!.rows[0]!.cells).toEqual(['=HYPERLINK("http://x","y")', '<script>alert(1)</script>']);
  });

  it('skips blank lines but keeps the row numbers a spreadsheet shows, and pads short rows', async () => {
    const result = await csv('Title,Owner,Due\n\nFirst\n,,\nSecond,bo@example.com,2026-01-02\n');
    expect(result.sheets[0]!.rows).toEqual([
      { rowNumber: 3, cells: ['First', '', ''] },
      { rowNumber: 5, cells: ['Second', 'bo@example.com', '2026-01-02'] },
    ]);
  });

  it('reads Windows-1252 and UTF-16 text as Excel saves it', async () => {
    const latin = await readSpreadsheet({
      content: Buffer.from([...Buffer.from('Title\n'), 0x43, 0x61, 0x66, 0xe9, 0x0a]),
      fileName: 'latin.csv',
    });
    expect(latin.sheets[0]!.rows[0]!.cells).toEqual(['Café']);
    const utf16 = await readSpreadsheet({
      content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Title\tOwner\nCafé\tAda\n', 'utf16le')]),
      fileName: 'unicode.txt',
    });
    expect(utf16.sheets[0]).toMatchObject({ headers: ['Title', 'Owner'], rows: [{ cells: ['Café', 'Ada'] }] });
  });

  it('refuses 50,000 rows with the real count, and says how to proceed', async () => {
    const text = `Title\n${Array.from({ length: 50_000 }, (_, index) => `To-do ${index}`).join('\n')}\n`;
    const error = await refusal(csv(text));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      'This file has 50,000 rows; one import takes at most 10,000. Split the file and import each part.',
    );
  });

  it('accepts exactly 10,000 rows', async () => {
    const text = `Title\n${Array.from({ length: 10_000 }, (_, index) => `To-do ${index}`).join('\n')}\n`;
    expect((await csv(text)).sheets[0]!.rows).toHaveLength(10_000);
  });

  it('refuses an empty file, blank lines only, and a header without rows', async () => {
    expect((await refusal(csv(''))).code).toBe('spreadsheet.empty');
    expect((await refusal(csv('\n\n , \n'))).code).toBe('spreadsheet.empty');
    expect((await refusal(csv('Title,Owner\n'))).code).toBe('spreadsheet.no_rows');
  });

  it('refuses a file over the size limit with 413', async () => {
    const error = await refusal(
      readSpreadsheet({ content: Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), fileName: 'big.csv' }),
    );
    expect(error.statusCode).toBe(413);
  });
});

describe('not a spreadsheet', () => {
  it('refuses a PNG, a text file renamed .xlsx, a PDF, and an old .xls with clear messages', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    for (const [content, fileName] of [
      [png, 'photo.png'],
      [png, 'photo.csv'],
      [Buffer.from('Dear team,\nplease find attached...\n'), 'notes.xlsx'],
      [Buffer.from('%PDF-1.7\n'), 'report.pdf'],
    ] as const) {
      const error = await refusal(readSpreadsheet({ content, fileName }));
      expect(error.statusCode).toBe(415);
      expect(error.message).toBe('This file is not a CSV or Excel (.xlsx) workbook.');
    }
    const xls = await refusal(
      readSpreadsheet({ content: Buffer.from('d0cf11e0a1b11ae1000000', 'hex'), fileName: 'old.xls' }),
    );
    expect(xls.code).toBe('spreadsheet.legacy_xls');
  });

  it('refuses a zip that is not a workbook, and a damaged one', async () => {
    const notWorkbook = buildZip([{ name: 'readme.txt', compressed: deflatedText('hello'), declaredSize: 5 }]);
    expect((await refusal(readSpreadsheet({ content: notWorkbook, fileName: 'a.xlsx' }))).code).toBe(
      'spreadsheet.unsupported',
    );
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expect((await refusal(readSpreadsheet({ content: damaged, fileName: 'b.xlsx' }))).code).toBe(
      'spreadsheet.unreadable',
    );
  });
});

describe('xlsx', () => {
  it('reads every sheet as text: numbers, dates as ISO, rich text, links, formulas as their cached result', async () => {
    const content = await workbook((book) => {
      const rocks = book.addWorksheet('Rocks');
      rocks.addRow(['Title', 'Due Date', 'Score', 'Done', 'Link', 'Sum', 'Pending']);
      rocks.addRow([
        { richText: [{ text: 'Launch ' }, { text: 'v2', font: { bold: true } }] },
        new Date(Date.UTC(2026, 2, 31)),
        42.5,
        true,
        { text: 'Spec', hyperlink: 'https://example.com' },
        { formula: 'C2*2', result: 85 },
        { formula: 'C2*3' },
      ]);
      rocks.addRow(['=HYPERLINK("http://x","y")']);
      const milestones = book.addWorksheet('Milestones');
      milestones.addRow(['Rock', 'Milestone']);
      milestones.addRow(['Launch v2', 'Beta']);
    });
    const result = await readSpreadsheet({ content, fileName: 'ninety.xlsx' });
    expect(result.format).toBe('xlsx');
    expect(result.sheets.map((sheet) => sheet.name)).toEqual(['Rocks', 'Milestones']);
    expect(result.sheets[0]!.rows).toEqual([
      { rowNumber: 2, cells: ['Launch v2', '2026-03-31', '42.5', 'TRUE', 'Spec', '85', '=C2*3'] },
      { rowNumber: 3, cells: ['=HYPERLINK("http://x","y")', '', '', '', '', '', ''] },
    ]);
    expect(result.sheets[1]).toMatchObject({
      headers: ['Rock', 'Milestone'],
      rows: [{ cells: ['Launch v2', 'Beta'] }],
    });
  });

  it('reads the workbook whatever its name says, and names blank header cells by column', async () => {
    const content = await workbook((book) => {
      const sheet = book.addWorksheet('Data');
      sheet.addRow(['Title', null, 'Owner']);
      sheet.addRow(['One', 'x', 'ada@example.com']);
    });
    const result = await readSpreadsheet({ content, fileName: 'export.bin' });
    expect(result.sheets[0]!.headers).toEqual(['Title', 'Column B', 'Owner']);
  });

  it('refuses more than 10,000 rows in a sheet', async () => {
    const content = await workbook((book) => {
      const sheet = book.addWorksheet('Big');
      sheet.addRow(['Title']);
      for (let index = 0; index < 10_001; index += 1) sheet.addRow([`Row ${index}`]);
    });
    const error = await refusal(readSpreadsheet({ content, fileName: 'big.xlsx' }));
    expect(error.message).toContain('This file has 10,001 rows');
  });
});

describe('zip bombs', () => {
  it('refuses an entry declaring 200 MB of zeros before inflating anything', async () => {
    const bomb = buildZip([
      {
        name: 'xl/worksheets/sheet1.xml',
        compressed: await deflatedZeros(200 * 1024 * 1024),
        declaredSize: 200 * 1024 * 1024,
      },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await refusal(readSpreadsheet({ content: bomb, fileName: 'bomb.xlsx' }));
    expect(error.code).toBe('spreadsheet.too_expanded');
  });

  it('refuses a bomb that lies about its size, stopping as soon as the real bytes pass what it declared', async () => {
    const bomb = buildZip([
      { name: 'xl/worksheets/sheet1.xml', compressed: await deflatedZeros(200 * 1024 * 1024), declaredSize: 1000 },
    ]);
    const started = Date.now();
    const error = await refusal(readSpreadsheet({ content: bomb, fileName: 'bomb.xlsx' }));
    expect(error.code).toBe('spreadsheet.too_expanded');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses many small entries adding up past the budget, and too many entries', async () => {
    const chunk = await deflatedZeros(900 * 1024);
    const many = buildZip(
      Array.from({ length: 120 }, (_, index) => ({
        name: `part${index}.xml`,
        compressed: chunk,
        declaredSize: 900 * 1024,
      })),
    );
    expect((await refusal(readSpreadsheet({ content: many, fileName: 'many.xlsx' }))).code).toBe(
      'spreadsheet.too_expanded',
    );
    const tiny = deflatedText('x');
    const crowded = buildZip(
      Array.from({ length: 1001 }, (_, index) => ({ name: `f${index}`, compressed: tiny, declaredSize: 1 })),
    );
    expect((await refusal(readSpreadsheet({ content: crowded, fileName: 'crowded.xlsx' }))).code).toBe(
      'spreadsheet.too_many_parts',
    );
  });

  it('refuses a compression ratio above 100:1 on a large entry even under the budget', async () => {
    const bomb = buildZip([
      {
        name: 'xl/sharedStrings.xml',
        compressed: await deflatedZeros(50 * 1024 * 1024),
        declaredSize: 50 * 1024 * 1024,
      },
    ]);
    expect((await refusal(readSpreadsheet({ content: bomb, fileName: 'ratio.xlsx' }))).code).toBe(
      'spreadsheet.too_expanded',
    );
  });
});
