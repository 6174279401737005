import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detectContentType } from './content-type.js';
import { UPLOAD_HEAD_BYTES } from './upload-spool.js';

const DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/svg+xml',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

const detect = (head: Buffer, fileName: string) => detectContentType(head, fileName, DOCUMENT_TYPES);

const PDF = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function withMagic(hex: string, length = 512): Buffer {
  const bytes = Buffer.alloc(length);
  Buffer.from(hex, 'hex').copy(bytes);
  return bytes;
}

const ELF = withMagic('7f454c4602010100');
const WINDOWS_EXE = withMagic('4d5a90000300000004000000ffff0000');
const LEGACY_OFFICE = withMagic('d0cf11e0a1b11ae1', UPLOAD_HEAD_BYTES);

describe('detectContentType', () => {
  it('lets the bytes decide, whatever the name says', async () => {
    expect(await detect(PDF, 'report.pdf')).toBe('application/pdf');
    expect(await detect(PDF, 'holiday.png')).toBe('application/pdf');
    expect(await detect(PNG, 'scan.pdf')).toBe('image/png');
    expect(await detect(PNG, 'no-extension')).toBe('image/png');
  });

  it('refuses executables renamed as documents', async () => {
    for (const executable of [ELF, WINDOWS_EXE]) {
      expect(await detect(executable, 'invoice.pdf')).toBeNull();
      expect(await detect(executable, 'notes.txt')).toBeNull();
      expect(await detect(executable, 'logo.svg')).toBeNull();
    }
  });

  it('refuses a recognised type that is not allowed', async () => {
    expect(await detectContentType(PDF, 'report.pdf', ['image/png'])).toBeNull();
    expect(await detectContentType(Buffer.from('plain words'), 'a.txt', ['text/csv'])).toBeNull();
  });

  it('accepts UTF-8 text by its extension', async () => {
    expect(await detect(Buffer.from('Agenda: review the plan, café included\n'), 'agenda.txt')).toBe('text/plain');
    expect(await detect(Buffer.from('Title,Owner\nCall,Ada\n'), 'todos.CSV')).toBe('text/csv');
    expect(await detect(Buffer.from('# Heading\n\n- item\n'), 'readme.md')).toBe('text/markdown');
    expect(await detect(Buffer.alloc(0), 'empty.txt')).toBe('text/plain');
  });

  it('refuses text with a NUL byte, invalid UTF-8 or an unknown extension', async () => {
    expect(await detect(Buffer.from('almost text\u0000more'), 'notes.txt')).toBeNull();
    expect(await detect(Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x21]), 'notes.txt')).toBeNull();
    expect(await detect(Buffer.from('plain words'), 'script.sh')).toBeNull();
    expect(await detect(Buffer.from('plain words'), 'no-extension')).toBeNull();
  });

  it('accepts a head cut inside a multi-byte character, but not a whole file that ends inside one', async () => {
    const cut = Buffer.concat([Buffer.alloc(UPLOAD_HEAD_BYTES - 1, 'a'), Buffer.from('é').subarray(0, 1)]);
    expect(cut.length).toBe(UPLOAD_HEAD_BYTES);

    expect(await detect(cut, 'long.txt')).toBe('text/plain');
    expect(await detect(cut.subarray(UPLOAD_HEAD_BYTES - 10), 'short.txt')).toBeNull();
  });

  it('recognises SVG only by an <svg> root in text, with or without an XML declaration', async () => {
    const declared = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    const bare = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10"></svg>');

    expect(await detect(declared, 'logo.svg')).toBe('image/svg+xml');
    expect(await detect(bare, 'logo.SVG')).toBe('image/svg+xml');
    expect(await detect(bare, 'logo.txt')).toBe('text/plain');
    expect(await detect(Buffer.from('<html><body>hi</body></html>'), 'logo.svg')).toBeNull();
    expect(await detect(Buffer.from('<svg>\u0000</svg>'), 'logo.svg')).toBeNull();
  });

  it('tells the legacy Office formats apart by extension, and refuses the bare container', async () => {
    expect(await detect(LEGACY_OFFICE, 'minutes.doc')).toBe('application/msword');
    expect(await detect(LEGACY_OFFICE, 'budget.XLS')).toBe('application/vnd.ms-excel');
    expect(await detect(LEGACY_OFFICE, 'deck.ppt')).toBe('application/vnd.ms-powerpoint');
    expect(await detect(LEGACY_OFFICE, 'minutes.pdf')).toBeNull();
    expect(await detect(LEGACY_OFFICE, 'minutes.txt')).toBeNull();
  });

  it('recognises a modern Office file from its first bytes', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Plan').addRow(['Goal', 'Owner']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());

    expect(await detect(xlsx.subarray(0, UPLOAD_HEAD_BYTES), 'plan.pdf')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});
