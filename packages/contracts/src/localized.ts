import { z } from 'zod';

/** Text shown to a user, always in both product languages. */
export const Localized = z.object({ zh: z.string(), en: z.string() });
export type Localized = z.infer<typeof Localized>;

export const Language = z.enum(['zh', 'en']);
export type Language = z.infer<typeof Language>;
