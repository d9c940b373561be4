// Plain values, no schema: the web app's feedback form imports them without bringing zod along.

/** The longest feedback detail text, in characters (UTF-16 code units, as the browser's maxLength counts). */
export const FEEDBACK_DETAIL_MAX_CHARS = 2000;
