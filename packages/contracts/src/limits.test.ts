import { describe, expect, it } from 'vitest';
import { FIELD_BYTE_LIMITS, formatByteLimit, MAX_FIELD_BYTES, utf8Bytes } from './limits.ts';

describe('the shared limits', () => {
  it('count UTF-8 bytes, as the server does with Buffer.byteLength', () => {
    for (const text of ['SELECT 1', '-- 订单\nSELECT 1', '😀']) {
      expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('say a limit the same way in every message', () => {
    expect(formatByteLimit(FIELD_BYTE_LIMITS.sql)).toBe('2 MiB (2,097,152 bytes)');
    expect(MAX_FIELD_BYTES).toBe(FIELD_BYTE_LIMITS.sql);
  });
});
