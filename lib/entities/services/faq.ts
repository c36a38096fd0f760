// A service's questions and answers (issue 37), one text field per language: blocks parted by a
// blank line, the block's first line the question, the lines after it the answer. One textarea
// per language keeps the entity's one field list (a bilingual pair like any other) and works
// without scripts; the Arabic page falls back to the English pairs when no Arabic is written.
// Isomorphic: the schema checks it in the form as the page reads it.

/** The most pairs a service's FAQ holds. */
export const FAQ_MAX = 20;

export interface FaqPair {
  question: string;
  answer: string;
}

const blocks = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean);

/** The pairs of a FAQ text; a block without an answer line is left out (the schema refuses it). */
export function parseFaq(text: string): FaqPair[] {
  return blocks(text).flatMap((block) => {
    const [question = '', ...rest] = block.split(/\r?\n/).map((line) => line.trim());
    const answer = rest.filter(Boolean).join(' ');
    return question && answer ? [{ question, answer }] : [];
  });
}

/** Why a FAQ text cannot be saved: a question without an answer, or too many pairs; null when it can. */
export function faqProblem(text: string): 'faqAnswerMissing' | 'tooMany' | null {
  const found = blocks(text);
  if (found.length > FAQ_MAX) return 'tooMany';
  return found.every((block) => /\r?\n\s*\S/.test(block)) ? null : 'faqAnswerMissing';
}
