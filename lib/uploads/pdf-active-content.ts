import { inflateSync } from 'node:zlib';

// Whether a PDF could run something when a browser shows it inline: the portfolio route
// (app/portfolio.pdf/route.ts) sends such a file as a download instead. Conservative on purpose:
// a false alarm only costs a download instead of the viewer, a miss could run a script.

/**
 * PDF names that make a reader run code or act on its own: scripts, starting programs, actions
 * on opening or on events (`/AA`), forms that post or import, other files (remote, embedded),
 * rich media and XFA forms. Plain links (`/URI`) are left alone: a brochure is full of them.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'OpenAction',
  'AA',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'RichMedia',
  'EmbeddedFile',
  'EmbeddedFiles',
  'XFA',
]);

/** What makes the bytes an HTML/SVG document too (a polyglot), wherever it stands in the file. */
const HTML_MARKERS = /<(?:script|html|head|body|svg|iframe|object|embed|!doctype)/i;

/** A PDF name: a slash and the regular characters after it (PDF 32000-1, 7.2.2 and 7.3.5). */
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]+)/g;

/** `#xx` in a name is that byte: `/J#61vaScript` is `/JavaScript`. */
const decodeName = (name: string) => name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function activeName(text: string): string | null {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    if (ACTIVE_NAMES.has(name)) return `/${name}`;
  }
  return null;
}

/** An object stream's dictionary is looked for at most this far before its `stream` keyword. */
const DICTIONARY_REACH = 4096;
/** A decoded object stream larger than this is treated as active (a decompression bomb). */
const MAX_DECODED = 64 * 1024 * 1024;

/**
 * Objects inside compressed object streams (`/Type /ObjStm`, PDF 1.5) are not visible in the raw
 * bytes, so each one is inflated and read too. One that cannot be inflated (another filter, an
 * encrypted file, a cut stream) counts as active: what it holds cannot be known.
 */
function activeInObjectStreams(text: string, data: Buffer): string | null {
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    if (text.slice(match.index - 3, match.index) === 'end') continue;
    const before = text.slice(Math.max(0, match.index - DICTIONARY_REACH), match.index);
    const dictionary = before.slice(before.lastIndexOf(' obj') + 1);
    if (![...dictionary.matchAll(NAME)].some((name) => decodeName(name[1]!) === 'ObjStm')) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return 'an unreadable object stream';
    let decoded: Buffer;
    try {
      decoded = inflateSync(data.subarray(start, end), { maxOutputLength: MAX_DECODED });
    } catch {
      return 'an unreadable object stream';
    }
    const found = activeName(decoded.toString('latin1'));
    if (found) return found;
    streams.lastIndex = end;
  }
  return null;
}

/**
 * What in the PDF could be active, for the log and the tests (`/JavaScript`, `<script`...), or null
 * for a plain document. Reads the bytes as they are, then every compressed object stream.
 */
export function pdfActiveContent(data: Buffer): string | null {
  const text = data.toString('latin1');
  const html = HTML_MARKERS.exec(text);
  if (html) return html[0].toLowerCase();
  return activeName(text) ?? activeInObjectStreams(text, data);
}
