import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_PORTFOLIO_FILE } from '@/lib/settings/paths';
import { pdfActiveContent } from '@/lib/uploads/pdf-active-content';

// Which PDFs /portfolio.pdf sends as a download rather than inline (app/portfolio.pdf/route.ts).

/** A PDF whose catalog carries `catalog` (extra dictionary entries) and whose body ends with `extra`. */
const pdf = (catalog = '', extra = '') =>
  Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalog}>>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n${extra}startxref\n9\n%%EOF\n`,
    'latin1',
  );

/** A compressed object stream (PDF 1.5) holding `objects`, as a writer makes one. */
const objectStream = (objects: string, dictionary = '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode') => {
  const data = deflateSync(Buffer.from(`3 0 ${objects}`, 'latin1'));
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n5 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\nstartxref\n9\n%%EOF\n', 'latin1'),
  ]);
};

describe('active content in a PDF', () => {
  it('a plain document, links included, has none (the demo portfolio too)', () => {
    expect(pdfActiveContent(pdf())).toBeNull();
    expect(
      pdfActiveContent(pdf('', '3 0 obj\n<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.com/) >> >>\nendobj\n')),
    ).toBeNull();
    expect(pdfActiveContent(readFileSync(DEMO_PORTFOLIO_FILE))).toBeNull();
    expect(pdfActiveContent(objectStream('<< /Type /Page /Parent 2 0 R >>'))).toBeNull();
    // A name that only starts like one of the list is another name.
    expect(pdfActiveContent(pdf('/JSONish true /AAA 1 '))).toBeNull();
  });

  it('scripts and actions, by name, however the name is written', () => {
    const cases: [string, string][] = [
      ['/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ', '/OpenAction'],
      ['/Names << /JavaScript 3 0 R >> ', '/JavaScript'],
      ['/JS(app.alert(1))', '/JS'],
      ['/AA << /O 3 0 R >> ', '/AA'],
      ['/X << /S /Launch /F (cmd.exe) >> ', '/Launch'],
      ['/X << /S /SubmitForm /F (https://example.com/) >> ', '/SubmitForm'],
      ['/X << /S /ImportData >> ', '/ImportData'],
      ['/X << /S /GoToR /F (other.pdf) >> ', '/GoToR'],
      ['/X << /S /GoToE >> ', '/GoToE'],
      ['/Names << /EmbeddedFiles 3 0 R >> ', '/EmbeddedFiles'],
      ['/X << /Type /EmbeddedFile >> ', '/EmbeddedFile'],
      ['/X << /Subtype /RichMedia >> ', '/RichMedia'],
      ['/AcroForm << /XFA 3 0 R >> ', '/XFA'],
      // `#xx` is the byte itself: these are /JavaScript and /OpenAction.
      ['/Names << /J#61vaScript 3 0 R >> ', '/JavaScript'],
      ['/Open#41ction 3 0 R ', '/OpenAction'],
    ];
    for (const [catalog, found] of cases) expect(pdfActiveContent(pdf(catalog)), catalog).toBe(found);
  });

  it('an HTML or SVG document in the same bytes (a polyglot), in any case', () => {
    const cases: [string, string][] = [
      ['<script>alert(1)</script>', '<script'],
      ['<HTML><p>hi</p></HTML>', '<html'],
      ['<Body onload=alert(1)>', '<body'],
      ['<svg onload=alert(1)>', '<svg'],
      ['<iframe src=//example.com>', '<iframe'],
      ['<!DOCTYPE html>', '<!doctype'],
    ];
    for (const [html, found] of cases) expect(pdfActiveContent(pdf('', `% ${html}\n`)), html).toBe(found);
    expect(pdfActiveContent(Buffer.concat([Buffer.from('<html><body>'), pdf()]))).toBe('<html');
  });

  it('inside a compressed object stream, or in one that cannot be read', () => {
    expect(pdfActiveContent(objectStream('<< /S /JavaScript /JS (app.alert(1)) >>'))).toBe('/JavaScript');
    expect(pdfActiveContent(objectStream('<< /Type /Catalog /OpenAction 4 0 R >>', '/Type /Obj#53tm /N 1 /First 4'))).toBe('/OpenAction');
    // Another filter (or an encrypted file): what it holds cannot be known.
    const hidden = objectStream('<< /Type /Page >>')
      .toString('latin1')
      .replace(/stream\n[\s\S]*\nendstream/, 'stream\nnot deflate data\nendstream');
    expect(pdfActiveContent(Buffer.from(hidden, 'latin1'))).toBe('an unreadable object stream');
  });

  // The issue-34 probe: an object stream whose dictionary is over 4 KB (padding) was never read.
  it('reads an object stream whatever the length of its dictionary', () => {
    const padding = `/Padding [${'0 '.repeat(3000)}] /Note (a >> and an endobj 9 0 obj inside a string) `;
    expect(padding.length).toBeGreaterThan(4096);
    const dictionary = `/Type /ObjStm /N 1 /First 4 ${padding}/Filter /FlateDecode`;
    expect(pdfActiveContent(objectStream('<< /S /JavaScript /JS (app.alert(1)) >>', dictionary))).toBe('/JavaScript');
    expect(
      pdfActiveContent(
        objectStream('<< /Type /Catalog /OpenAction 4 0 R >>', `${padding}/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`),
      ),
    ).toBe('/OpenAction');
    // The same padded dictionary around plain objects is a plain document.
    expect(pdfActiveContent(objectStream('<< /Type /Page /Parent 2 0 R >>', dictionary))).toBeNull();
  });

  it('counts as active what the walk cannot follow', () => {
    const inside = '<< /S /JavaScript /JS (app.alert(1)) >>';
    // Filters and parameters that would leave the inflated bytes other than what a reader decodes.
    for (const filter of [
      '/Filter [/FlateDecode /FlateDecode]',
      '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 5 >>',
      '/Filter 7 0 R',
      '/Filter /LZWDecode',
    ])
      expect(pdfActiveContent(objectStream(inside, `/Type /ObjStm /N 1 /First 4 ${filter}`)), filter).toBe('an unreadable object stream');
    // A dictionary that never closes, and a stream that is no object's.
    expect(pdfActiveContent(pdf('', '3 0 obj\n<< /Type /ObjStm /N 1 (unclosed\nstream\n'))).toBe('an unreadable object stream');
    expect(pdfActiveContent(pdf('', '<< /Type /ObjStm >>\nstream\nxyz\nendstream\n'))).toBe('a stream outside any object');
  });
});
