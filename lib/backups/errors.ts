// A backup or restore that cannot go on says why in one line (the CLI prints it and exits 1; the
// runner records it). Nothing else is thrown to the operator: an unexpected error is wrapped.

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** The one line an operator reads: our own message as it is, anything else with its cause. */
export function oneLine(error: unknown): string {
  const text = error instanceof BackupError ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  return text.replace(/\s+/g, ' ').trim();
}

/** A full disk (or quota) where a file was being written: the one message, whichever write hit it. */
export function diskFull(error: unknown, where: string): BackupError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new BackupError(
      `No space left in ${where}: free some space (or point BACKUP_DIR elsewhere) and run it again; nothing was kept of this run.`,
    );
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return new BackupError(
      `${where} cannot be written (${code}): give the server's user write access, or set BACKUP_DIR to a writable folder.`,
    );
  return null;
}
