import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, ocrWorkerPolicy } from './security-headers.ts';

describe('the OCR worker policy', () => {
  it("adds 'wasm-unsafe-eval' to the scripts of the OCR files only, and changes nothing else", () => {
    const page = contentSecurityPolicy();
    const worker = ocrWorkerPolicy(page);
    expect(page).not.toContain('wasm-unsafe-eval');
    expect(worker).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(worker.replace(" 'wasm-unsafe-eval'", '')).toBe(page);
  });
});
