import { z } from 'zod';

/** Where in the user's input a problem is: 1-based line and column. */
export const SourceLocation = z.object({ line: z.number().int(), column: z.number().int() });
export type SourceLocation = z.infer<typeof SourceLocation>;

/** A problem reported to the user: code, bilingual message, and where it is when known. */
export const Message = z.object({
  code: z.number().int(),
  message: z.object({ zh: z.string(), en: z.string() }),
  field: z.string().optional(),
  /** The file `line` and `column` are in, when the input is several files (the XML files of a mapper upload). */
  file: z.string().optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  /** With 4111: seconds until the same request is answered again (also the Retry-After header). */
  retryAfterSeconds: z.number().int().optional(),
});
export type Message = z.infer<typeof Message>;
