import { beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../test-support/corpus.ts';
import { multipliedTpcdsTables, type TableData } from './data.ts';

const byName = (tables: TableData[]) => new Map(tables.map((t) => [t.name, t] as const));
const column = (table: TableData, name: string) => {
  const i = table.columns.indexOf(name);
  return [...table.rows()].map((row) => row[i]!);
};

describe.runIf(corpusAvailable())('the TPC-DS sample multiplied', () => {
  // Read in beforeAll, not in the describe body: vitest runs the body of a skipped describe too, and the corpus is
  // not there when this one is skipped.
  let one: Map<string, TableData>;
  let three: Map<string, TableData>;
  beforeAll(() => {
    one = byName(multipliedTpcdsTables(1));
    three = byName(multipliedTpcdsTables(3));
  });

  it('copies the sales and returns, not the dimensions nor inventory', () => {
    for (const name of ['store_sales', 'catalog_returns', 'web_sales']) {
      expect(three.get(name)!.rowCount).toBe(3 * one.get(name)!.rowCount);
      expect([...three.get(name)!.rows()].length).toBe(three.get(name)!.rowCount);
    }
    for (const name of ['date_dim', 'item', 'customer', 'inventory'])
      expect(three.get(name)!.rowCount).toBe(one.get(name)!.rowCount);
  });

  it('gives each copy its own tickets and orders, so keys stay unique and a return joins its own sale', () => {
    const sales = three.get('store_sales')!;
    const keys = [...sales.rows()].map(
      (r) => `${r[sales.columns.indexOf('ss_item_sk')]}/${r[sales.columns.indexOf('ss_ticket_number')]}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    const saleTickets = new Set(column(sales, 'ss_ticket_number'));
    const returned = column(three.get('store_returns')!, 'sr_ticket_number');
    expect(returned.filter((t) => saleTickets.has(t)).length).toBe(
      column(one.get('store_returns')!, 'sr_ticket_number').filter((t) =>
        new Set(column(one.get('store_sales')!, 'ss_ticket_number')).has(t),
      ).length * 3,
    );
  });

  it('keeps the dimension keys and NULLs of the copied rows', () => {
    const copies = column(three.get('store_sales')!, 'ss_sold_date_sk');
    const original = column(one.get('store_sales')!, 'ss_sold_date_sk');
    expect(copies).toEqual([...original, ...original, ...original]);
    expect(original).toContain(null);
  });
});
