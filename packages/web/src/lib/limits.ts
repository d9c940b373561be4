import { ErrorCode, FIELD_BYTE_LIMITS, formatByteLimit, type SubmissionField, utf8Bytes } from '@sqltune/contracts';
import i18n from '../i18n/index.ts';

/**
 * The shared field limits checked before sending (the server checks them again, with the same code): the first
 * field of `values` over its limit and the message for it, or null. The mapper's XML is the `sql` field.
 */
export function overLimit<F extends string>(
  values: readonly { name: F; limit: SubmissionField; text: string | undefined }[],
): { name: F; message: string } | null {
  for (const { name, limit, text } of values) {
    if (text && utf8Bytes(text) > FIELD_BYTE_LIMITS[limit]) {
      const message = i18n.t('editor.fieldTooLarge', {
        limit: formatByteLimit(FIELD_BYTE_LIMITS[limit]),
        code: ErrorCode.FIELD_TOO_LARGE,
      });
      return { name, message };
    }
  }
  return null;
}
