/**
 * The size limits of a submission, one home for the web app (checked before sending and on upload) and the server
 * (checked again on receipt): docs/design.md, "Bounded input" and "The editor and uploads". Sizes are UTF-8 bytes
 * of the text as typed or read. Over a limit is refused with a code (4207 a field, 4211 too many files), never cut.
 */
export const FIELD_BYTE_LIMITS = {
  /** The statement(s), or a mapper's XML: the spec's upload limit for one file. */
  sql: 2 * 1024 * 1024,
  schema: 1024 * 1024,
  stats: 1024 * 1024,
  plan: 1024 * 1024,
  workload: 1024 * 1024,
} as const;
export type SubmissionField = keyof typeof FIELD_BYTE_LIMITS;
/** The largest field: the multipart parser's per-field and per-file limit, so that truncation means "too large". */
export const MAX_FIELD_BYTES = Math.max(...Object.values(FIELD_BYTE_LIMITS));
/** Text files per submission: one .sql or .xml file, read into the SQL (or XML) field. */
export const MAX_TEXT_FILES = 1;
/** Images read by OCR (in the browser) into a field at once. */
export const MAX_OCR_IMAGES = 3;
/** One image for OCR: larger photos take long to read in a phone's browser and rarely read better. */
export const IMAGE_BYTE_LIMIT = 10 * 1024 * 1024;
/** The image types OCR reads. */
export const OCR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/bmp', 'image/gif'] as const;

/** UTF-8 bytes of a text, the unit of every limit (the same count in the browser and in Node). */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A limit as both messages show it: `2 MiB (2,097,152 bytes)`. */
export function formatByteLimit(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB (${bytes.toLocaleString('en-US')} bytes)`;
}
