import type { Localized, Report, StatementReport } from '@sqltune/contracts';

/** A bilingual text built line by line; every answer of the built-in assistant is one. */
export class Lines {
  readonly zh: string[] = [];
  readonly en: string[] = [];

  add(zh: string, en: string): this {
    this.zh.push(zh);
    this.en.push(en);
    return this;
  }

  addLocalized(text: Localized, prefix: Localized = { zh: '', en: '' }): this {
    return this.add(`${prefix.zh}${text.zh}`, `${prefix.en}${text.en}`);
  }

  get empty(): boolean {
    return this.zh.length === 0;
  }

  done(): Localized {
    return { zh: this.zh.join('\n'), en: this.en.join('\n') };
  }
}

/** A number as the report holds it, only shortened: never a value the report does not give. */
export function num(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return String(Number(value.toFixed(2)));
}

/** A ratio as a percentage; never rounded up to 100 % when it is not (99.99 % stays 99.99 %). */
export function percent(ratio: number): string {
  const value = ratio * 100;
  for (const digits of [1, 2, 3]) {
    const text = String(Number(value.toFixed(digits)));
    if (text !== '100' || ratio >= 1) return `${text}%`;
  }
  return '>99.99%';
}

export function bytes(size: number): string {
  if (size >= 1024 ** 3) return `${Number((size / 1024 ** 3).toFixed(1))} GiB`;
  if (size >= 1024 ** 2) return `${Number((size / 1024 ** 2).toFixed(1))} MiB`;
  if (size >= 1024) return `${Number((size / 1024).toFixed(1))} KiB`;
  return `${size} B`;
}

/** At most this many statements are walked through in one answer; the rest are counted. */
export const MAX_STATEMENTS = 5;

/** The statements an answer covers, with the heading each gets when there are several. */
export function eachStatement(report: Report, lines: Lines, body: (statement: StatementReport) => void): void {
  const shown = report.statements.slice(0, MAX_STATEMENTS);
  for (const statement of shown) {
    if (report.statements.length > 1) {
      const where = statement.location ? `${statement.location.file ? `${statement.location.file} ` : ''}` : '';
      const line = statement.location ? `${where}L${statement.location.line}` : '';
      lines.add(
        `【语句 ${statement.index + 1}${line ? `（${line}）` : ''}】`,
        `[Statement ${statement.index + 1}${line ? ` (${line})` : ''}]`,
      );
    }
    body(statement);
  }
  const rest = report.statements.length - shown.length;
  if (rest > 0) {
    lines.add(`……另有 ${rest} 条语句，请在结果页查看。`, `…and ${rest} more statements: see them on the result page.`);
  }
}
