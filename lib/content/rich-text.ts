import 'server-only';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// The service page's long text (issue 37): Markdown staff write, rendered on the server into
// HTML the page sends as is. Two kept libraries: markdown-it turns the Markdown into HTML (images
// off: the page never asks an address staff pasted for a picture), then sanitize-html keeps only
// the elements and attributes listed here, with http, https, mailto, tel and relative links:
// raw HTML in the text (a <script> and its content, an <iframe>, an <img onerror>, a style) is
// removed, not shown. The schema refuses markup and those schemes before anything is saved
// (lib/entities/fields.ts optionalWords); this is what holds for rows written another way (an
// import, a restore of an older archive).

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false, breaks: false }).disable(['image']);

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'blockquote', 'code', 'pre', 'br', 'hr'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's title is its one <h1>: the text's headings start one level below.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link in staff's text is not an endorsement, and never opens the page to the linked one.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer' } }),
  },
};

/** Markdown to sanitised HTML ('' for an empty text). */
export function renderRichText(text: string): string {
  if (!text.trim()) return '';
  return sanitizeHtml(markdown.render(text), ALLOWED);
}
