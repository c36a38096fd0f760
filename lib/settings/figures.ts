// The company's key figures (issue 37 item 2: "1,200+ events since 2008" on Home and About), as
// staff write them in Settings: one per line, the number, a "|", the words. Isomorphic and
// import-free: the settings' schema refuses what this cannot read, the pages show what it reads.

export const FIGURES_LIMITS = { count: 6, valueChars: 16, labelChars: 80 } as const;

export interface KeyFigure {
  /** As written: "1,200+", "24/7", "15". */
  value: string;
  label: string;
}

/** The lines that hold a figure (blank lines are nothing). */
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The figures of a setting's text, in its order (a line that is no figure is left out: the save refuses it). */
export function parseFigures(text: string): KeyFigure[] {
  return lines(text).flatMap((line) => {
    const parts = line.split('|');
    if (parts.length !== 2) return [];
    const [value, label] = parts.map((part) => part.trim()) as [string, string];
    return value && label && value.length <= FIGURES_LIMITS.valueChars && label.length <= FIGURES_LIMITS.labelChars
      ? [{ value, label }]
      : [];
  });
}

/** Why a setting's text is not a list of figures (a code under `validation`), or null. */
export function figuresProblem(text: string): 'figuresTooMany' | 'figureLine' | null {
  const all = lines(text);
  if (all.length > FIGURES_LIMITS.count) return 'figuresTooMany';
  return parseFigures(text).length === all.length ? null : 'figureLine';
}
