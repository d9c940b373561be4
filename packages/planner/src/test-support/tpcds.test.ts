import { describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../../test-support/corpus.ts';
import {
  businessKey,
  customerDemographicsRow,
  dateDimRow,
  TPCDS_TABLES,
  timeDimRow,
  tpcdsQueries,
  tpcdsRows,
  tpcdsTables,
} from './tpcds.ts';

/** date_dim columns dsdgen numbers its own way (see dateDimRow), left out of the comparison with the sample. */
const DSDGEN_QUIRKS = new Set([
  'd_holiday',
  'd_following_holiday',
  'd_last_dom',
  'd_quarter_seq',
  'd_fy_quarter_seq',
  'd_same_day_lq',
  'd_qoy',
  'd_quarter_name',
]);

describe('TPC-DS dimensions computed from their keys', () => {
  it('writes business keys as dsdgen does', () => {
    expect(businessKey(2_415_022)).toBe('AAAAAAAAOKJNECAA');
    expect(businessKey(1)).toBe('AAAAAAAABAAAAAAA');
    expect(businessKey(2)).not.toBe(businessKey(1));
  });

  it('computes a date of the benchmark years by the calendar', () => {
    // 2001-03-15, a Thursday: Julian day 2451984.
    const row = dateDimRow(2_451_984);
    expect(row.slice(2, 11)).toEqual(['2001-03-15', '1214', '5281', '405', '2001', '4', '3', '15', '1']);
    expect(row[14]).toBe('Thursday');
    expect(row[17]).toBe('N');
    expect(dateDimRow(2_451_986)[17]).toBe('Y'); // Saturday
  });

  it('leaves out the hours outside the meals', () => {
    expect(timeDimRow(8 * 3600 + 61).slice(2, 10)).toEqual([
      '28861',
      '8',
      '1',
      '1',
      'AM',
      'first',
      'morning',
      'breakfast',
    ]);
    expect(timeDimRow(15 * 3600)[9]).toBeNull();
    expect(timeDimRow(20 * 3600)[6]).toBe('PM');
  });

  describe.runIf(corpusAvailable())('against the corpus sample', () => {
    it('matches the sample date_dim from 1901, except where dsdgen has quirks', () => {
      const { columns, rows } = tpcdsRows('date_dim');
      const compared = rows.filter((row) => row[2]! >= '1901-01-01');
      expect(compared.length).toBeGreaterThan(9000);
      for (const row of compared) {
        const computed = dateDimRow(Number(row[0]));
        const differing = columns.filter((column, i) => !DSDGEN_QUIRKS.has(column) && computed[i] !== row[i]);
        expect(differing, `d_date_sk ${row[0]}`).toEqual([]);
      }
    });

    it('matches the sample time_dim and customer_demographics row for row', () => {
      for (const [table, rowOf] of [
        ['time_dim', timeDimRow],
        ['customer_demographics', customerDemographicsRow],
      ] as const) {
        const { rows } = tpcdsRows(table);
        expect(rows.length).toBe(10_000);
        for (const row of rows) expect(rowOf(Number(row[0])), `${table} ${row[0]}`).toEqual(row);
      }
    });

    it('completes the three dimensions so that every fact row finds its date, time and demographics', () => {
      const tables = tpcdsTables();
      expect([...tables.keys()]).toEqual(TPCDS_TABLES);
      const keys = (table: string) => new Set(tables.get(table)!.rows.map((r) => r[0]));
      const dimensions: Array<[RegExp, Set<string | null>]> = [
        [/_date_sk$/, keys('date_dim')],
        [/_time_sk$/, keys('time_dim')],
        [/_cdemo_sk$/, keys('customer_demographics')],
      ];
      expect(keys('date_dim').size).toBe(73_049);
      for (const fact of ['store_sales', 'catalog_returns', 'web_sales']) {
        const { columns, rows } = tables.get(fact)!;
        for (const [pattern, present] of dimensions) {
          for (const i of columns.flatMap((c, i) => (pattern.test(c) ? [i] : []))) {
            const missing = rows.filter((r) => r[i] !== null && !present.has(r[i]!));
            expect(missing.length, `${fact}.${columns[i]}`).toBe(0);
          }
        }
      }
      // The sample's own rows are kept as they are, first.
      expect(tables.get('date_dim')!.rows[0]).toEqual(tpcdsRows('date_dim').rows[0]);
    });

    it('reads NULLs and the float-written integers of the sample', () => {
      const { columns, rows } = tpcdsRows('store_sales');
      const date = columns.indexOf('ss_sold_date_sk');
      expect(rows.some((r) => r[date] === null)).toBe(true);
      expect(rows.every((r) => r[date] === null || /^\d+$/.test(r[date]!))).toBe(true);
      // A decimal keeps its digits.
      expect(rows.some((r) => /\.\d/.test(r[columns.indexOf('ss_list_price')] ?? ''))).toBe(true);
    });

    it('reads the 99 queries', () => {
      const queries = tpcdsQueries();
      expect(queries.map((q) => q.number)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
      expect(queries[0]!.original).toMatch(/^WITH customer_total_return/);
    });
  });
});
