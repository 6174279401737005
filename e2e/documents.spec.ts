import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import { openPage, registerViaApi, settled } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { PHONE, expectFitsViewport } from './support/layout.js';
import { solidPng } from './support/png.js';
import { nextWrite } from './support/work.js';

/** A small PDF whose bytes make it one: the header, one empty page, the trailer. */
const pdfFile = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
/** An ELF executable's first bytes, named as if it were a PDF. */
const disguisedExecutable = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);

test('upload files, preview one, add a version and restore the first, move it into a folder and download it', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request);
  await openPage(page, owner, '/documents', 'Documents');
  await expect(page.getByText('This folder is empty', { exact: false })).toBeVisible();

  // A folder to file things in later.
  await page.getByRole('button', { name: 'New folder' }).click();
  const newFolder = page.getByRole('dialog', { name: /New folder/ });
  await newFolder.getByLabel('Folder name').fill('Board packs');
  const folderCreated = nextWrite(page, '/document-folders');
  await newFolder.getByRole('button', { name: /Create|Save/ }).click();
  expect((await folderCreated).status()).toBe(201);
  await expect(page.getByRole('button', { name: 'Board packs', exact: true })).toBeVisible();

  // Three files at once: a PDF and an image are kept, an executable named .pdf is refused by its bytes.
  consoleGuard.allowResponse(415, '/documents');
  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'Budget 2027.pdf', mimeType: 'application/pdf', buffer: pdfFile('first draft') },
    { name: 'Team photo.png', mimeType: 'image/png', buffer: solidPng(40, 30, [30, 90, 200]) },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: disguisedExecutable },
  ]);
  await expect(page.getByTestId('upload-status-Budget 2027.pdf')).toHaveText(/Uploaded/);
  await expect(page.getByTestId('upload-status-Team photo.png')).toHaveText(/Uploaded/);
  await expect(page.getByTestId('upload-status-invoice.pdf')).toHaveText(/cannot be uploaded/i);
  await expect(page.getByRole('table').getByRole('button', { name: 'Budget 2027.pdf', exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('button', { name: 'invoice.pdf', exact: true })).toHaveCount(0);
  await settled(page);
  await expectNoAxeViolations(page, 'the documents page with uploads');

  // The image previews in the page, fetched with the session and shown from memory.
  await page.getByRole('table').getByRole('button', { name: 'Team photo.png', exact: true }).click();
  const photo = page.getByRole('dialog', { name: 'Team photo.png' });
  const preview = photo.getByRole('img', { name: 'Preview of Team photo.png' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
  await expectNoAxeViolations(page, 'a document with its preview');
  await photo.getByRole('button', { name: 'Close' }).click();

  // A second version of the PDF, then the first restored as a third.
  await page.getByRole('table').getByRole('button', { name: 'Budget 2027.pdf', exact: true }).click();
  const budget = page.getByRole('dialog', { name: 'Budget 2027.pdf' });
  const versionUploaded = nextWrite(page, /\/versions$/);
  await budget.getByLabel('New version file').setInputFiles({
    name: 'Budget 2027 v2.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('second draft, with the board’s changes'),
  });
  expect((await versionUploaded).status()).toBe(201);
  const versions = budget.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await budget.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: /Restore version 1/ }));
  const restored = nextWrite(page, /\/versions\/1\/restore$/);
  await confirm
    .getByRole('button', { name: /Restore/ })
    .last()
    .click();
  expect((await restored).status()).toBe(200);
  await expect(versions.getByRole('listitem')).toHaveCount(3);

  // Moved into the folder: gone from the top level, there inside it.
  await budget.getByRole('button', { name: 'Move', exact: true }).click();
  const move = page.getByRole('dialog', { name: /Move Budget 2027.pdf/ });
  await move.getByRole('button', { name: 'Open Board packs' }).click();
  const moved = nextWrite(page, /\/documents\/[0-9a-f-]+$/);
  await move.getByRole('button', { name: 'Move to Board packs' }).click();
  expect((await moved).status()).toBe(200);
  await expect(move).toBeHidden();
  await budget.getByRole('button', { name: 'Close' }).click();
  await expect(budget).toBeHidden();
  const contents = page.getByRole('table');
  await expect(contents.getByRole('button', { name: 'Budget 2027.pdf', exact: true })).toHaveCount(0);
  await contents.getByRole('button', { name: 'Board packs', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Folder path' }).getByText('Board packs')).toBeVisible();

  // The download is the restored first version, byte for byte.
  await contents.getByRole('button', { name: 'Budget 2027.pdf', exact: true }).click();
  const download = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: 'Budget 2027.pdf' })
    .getByRole('button', { name: 'Download', exact: true })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Budget 2027.pdf');
  expect((await readFile(await file.path())).toString('latin1')).toContain('% first draft');
  await page.getByRole('dialog', { name: 'Budget 2027.pdf' }).getByRole('button', { name: 'Close' }).click();

  // On a phone: the folder's list still fits, and search finds the file from the top level.
  await page.setViewportSize(PHONE);
  await page.goto('/documents');
  await page.getByLabel('Search by name in all folders').fill('budget');
  await expect(contents.getByRole('button', { name: 'Budget 2027.pdf', exact: true })).toBeVisible();
  await expect(contents.getByRole('button', { name: 'Team photo.png', exact: true })).toHaveCount(0);
  await settled(page);
  await expectFitsViewport(page, 'the documents page on a phone');
  await expectNoAxeViolations(page, 'the documents page on a phone');
});
