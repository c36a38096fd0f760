// A person's initials for the avatar shown instead of a missing photo (issue 27): the first letter
// of the first and of the last word of the name (a title before it left out), upper-cased (Latin) or as written (Arabic). The
// letters are whole characters (Array.from: a letter outside the BMP is not split in half).
// Between two Arabic letters a zero-width non-joiner keeps them apart: joined, they read as a word.

const ZWNJ = '\u200c';
const ARABIC = /\p{Script=Arabic}/u;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  // A title written before the name ("Dr.", "Eng.", "د.") is not the person's initial.
  while (words.length > 1 && words[0]!.endsWith('.')) words.shift();
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last]
    .filter((word): word is string => word !== undefined)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase());
  return letters.join(letters.every((letter) => ARABIC.test(letter)) ? ZWNJ : '');
}
