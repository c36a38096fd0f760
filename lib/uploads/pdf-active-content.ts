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

/** A decoded object stream larger than this is treated as active (a decompression bomb). */
const MAX_DECODED = 64 * 1024 * 1024;

/** PDF white space (PDF 32000-1, 7.2.2). */
const SPACE = '\0\t\n\f\r ';
/** `N G obj`: where an indirect object starts. */
const OBJECT_START = /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj/g;
/** A `stream` keyword and its end of line, not the end of an `endstream`. */
const STREAM_KEYWORD = /(?<!end)stream(?:\r\n|\n|\r)/g;
/** What may follow a name: a delimiter, white space or the end (a longer name is another name). */
const NAME_END = String.raw`(?![^\0\t\n\f\r ()<>[\]{}/%])`;
const FILTER = new RegExp(String.raw`/Filter${NAME_END}`);
/** Parameters of a filter (a PNG predictor scrambles the inflated bytes). */
const FILTER_PARAMETERS = new RegExp(String.raw`/(?:DecodeParms|DP)${NAME_END}`);
/** The one filter an object stream here may have, named directly: `/FlateDecode` or `[/FlateDecode]`. */
const FLATE_ONLY = new RegExp(String.raw`/Filter[\0\t\n\f\r ]*(?:/FlateDecode|\[[\0\t\n\f\r ]*/FlateDecode[\0\t\n\f\r ]*\])${NAME_END}`);

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    if (SPACE.includes(text[i]!)) i++;
    else if (text[i] === '%') while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    else break;
  }
  return i;
}

/**
 * Where the dictionary that opens at `at` (`<<`) closes, just past its `>>`, or -1 when it never
 * does: nested dictionaries, literal strings (nested parentheses, escapes), hex strings and
 * comments are stepped over, so a `>>` inside any of them does not end it. Any length.
 */
function dictionaryEnd(text: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '<' && text[i + 1] === '<') {
      depth++;
      i += 2;
    } else if (c === '>' && text[i + 1] === '>') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else if (c === '<') {
      const close = text.indexOf('>', i);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === '(') {
      let nesting = 0;
      for (; i < text.length; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '(') nesting++;
        else if (text[i] === ')' && --nesting === 0) break;
      }
      i++;
    } else if (c === '%') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else i++;
  }
  return -1;
}

const UNREADABLE = 'an unreadable object stream';

/** What an object stream holds that is active, or why it cannot be read. */
function activeInObjectStream(dictionary: string, data: Buffer): string | null {
  const names = dictionary.replace(NAME, (_, name: string) => `/${decodeName(name)}`);
  const filtered = FILTER.test(names);
  // Deflate alone, named directly: a second filter, parameters or a filter given by reference
  // would leave what is inflated here other than what a reader decodes.
  if (filtered && (!FLATE_ONLY.test(names) || FILTER_PARAMETERS.test(names))) return UNREADABLE;
  let decoded: Buffer;
  try {
    decoded = inflateSync(data, { maxOutputLength: MAX_DECODED });
  } catch {
    // Without a filter the bytes are the objects themselves, already read with the rest of the file.
    return filtered ? UNREADABLE : null;
  }
  return activeName(decoded.toString('latin1'));
}

/**
 * Objects inside compressed object streams (`/Type /ObjStm`, PDF 1.5) are not visible in the raw
 * bytes, so each one is inflated and read too. The file is walked object by object: each
 * dictionary is read to its closing `>>` however long it is (a padded dictionary once hid an
 * object stream from a look-back of 4 KB), and a stream's data is stepped over whole. What cannot
 * be followed counts as active, since what it holds cannot be known: an object stream that cannot
 * be inflated (another filter, an encrypted file, a cut stream), a dictionary that never closes,
 * or a `stream` keyword outside every object this walk found.
 */
function activeInObjectStreams(text: string, data: Buffer): string | null {
  const streamData: [number, number][] = [];
  OBJECT_START.lastIndex = 0;
  for (let match = OBJECT_START.exec(text); match; match = OBJECT_START.exec(text)) {
    const open = skipSpace(text, match.index + match[0].length);
    if (!text.startsWith('<<', open)) continue;
    const close = dictionaryEnd(text, open);
    if (close < 0) return UNREADABLE;
    const keyword = skipSpace(text, close);
    const eol = /^stream(\r\n|\n|\r)/.exec(text.slice(keyword, keyword + 8));
    if (!eol) {
      OBJECT_START.lastIndex = close;
      continue;
    }
    const start = keyword + eol[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return UNREADABLE;
    streamData.push([start, end]);
    OBJECT_START.lastIndex = end;
    const dictionary = text.slice(open, close);
    if (![...dictionary.matchAll(NAME)].some((name) => decodeName(name[1]!) === 'ObjStm')) continue;
    const found = activeInObjectStream(dictionary, data.subarray(start, end));
    if (found) return found;
  }
  // Every `stream` keyword must be one of the streams above: a reader that repairs a file could
  // find one this walk did not.
  const starts = new Set(streamData.map(([start]) => start));
  let next = 0;
  for (const match of text.matchAll(STREAM_KEYWORD)) {
    while (next < streamData.length && streamData[next]![1] <= match.index) next++;
    const inside = next < streamData.length && streamData[next]![0] <= match.index;
    if (!inside && !starts.has(match.index + match[0].length)) return 'a stream outside any object';
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
