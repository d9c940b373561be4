/** Where a progress bar is drawn: a TTY stream (stderr), so piped output never carries it. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

const WIDTH = 20;

/** `[#####---------------] 1/4 statements` */
export function progressLine(done: number, total: number): string {
  const filled = total > 0 ? Math.round((done / total) * WIDTH) : WIDTH;
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} statements`;
}

/**
 * A one-line progress bar redrawn in place; it draws only on a TTY and only for more than one statement,
 * and `finish` erases it so the report that follows starts on a clean line.
 */
export function progressBar(stream: ProgressStream) {
  let drawn = false;
  return {
    update(done: number, total: number): void {
      if (!stream.isTTY || total < 2) return;
      stream.write(`\r${progressLine(done, total)}`);
      drawn = true;
    },
    finish(): void {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
