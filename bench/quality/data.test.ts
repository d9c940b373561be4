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

  it('copies the sales, returns, items and inventory, not the other dimensions', () => {
    for (const name of ['store_sales', 'catalog_returns', 'web_sales', 'item', 'inventory', 'store']) {
      expect(three.get(name)!.rowCount).toBe(3 * one.get(name)!.rowCount);
      expect([...three.get(name)!.rows()].length).toBe(three.get(name)!.rowCount);
    }
    for (const name of ['date_dim', 'customer', 'promotion'])
      expect(three.get(name)!.rowCount).toBe(one.get(name)!.rowCount);
  });

  it("gives each copy of an item its own key and other manufacturer and manager ids, keeping the item's id", () => {
    const items = three.get('item')!;
    const keys = column(items, 'i_item_sk');
    expect(new Set(keys).size).toBe(keys.length);
    const ids = column(one.get('item')!, 'i_item_id');
    expect(column(items, 'i_item_id')).toEqual([...ids, ...ids, ...ids]);
    const manufacturers = column(items, 'i_manufact_id').map(Number);
    const count = ids.length;
    expect(Math.min(...manufacturers)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...manufacturers)).toBeLessThanOrEqual(1000);
    for (let i = 0; i < count; i++) {
      expect(manufacturers[count + i]).not.toBe(manufacturers[i]);
      expect(manufacturers[2 * count + i]).not.toBe(manufacturers[count + i]);
    }
    const covered = (table: TableData) => new Set(column(table, 'i_manufact_id')).size;
    expect(covered(items)).toBeGreaterThan(2 * covered(one.get('item')!));
  });

  it('gives each copy of the store its own key, market and name', () => {
    const markets = column(three.get('store')!, 's_market_id');
    expect(new Set(markets).size).toBe(markets.length);
    expect(column(three.get('store')!, 's_store_name')).toEqual(['ought', 'able', 'pri']);
    expect(new Set(column(three.get('store')!, 's_store_sk')).size).toBe(markets.length);
    const storeKeys = new Set(column(three.get('store')!, 's_store_sk'));
    expect(column(three.get('store_sales')!, 'ss_store_sk').filter((k) => k !== null && !storeKeys.has(k))).toEqual([]);
  });

  it('joins every copied sale and inventory row to an item of its own copy', () => {
    const itemKeys = new Set(column(three.get('item')!, 'i_item_sk'));
    for (const [table, key] of [
      ['store_sales', 'ss_item_sk'],
      ['web_returns', 'wr_item_sk'],
      ['inventory', 'inv_item_sk'],
    ] as const) {
      const keys = column(three.get(table)!, key).filter((k) => k !== null);
      expect(keys.filter((k) => !itemKeys.has(k))).toEqual([]);
      expect(new Set(keys).size).toBeGreaterThan(new Set(column(one.get(table)!, key)).size);
    }
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
