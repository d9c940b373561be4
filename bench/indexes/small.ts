/** Tables too small for an index to pay: a scan reads a few pages. */
import { type BenchGroup, id, type TableSpec, word } from './cases.ts';

const regions: TableSpec = { name: 'regions', rows: 50, columns: [id, word('label', 50)] };
const currencies: TableSpec = { name: 'currencies', rows: 300, columns: [id, word('code', 300), word('zone', 5)] };

export const small: BenchGroup = {
  name: 'small',
  tables: [regions, currencies],
  cases: [
    { name: 'no-index-tiny-table', expectsIndex: false, sql: "SELECT id FROM regions WHERE label = 'label_3'" },
    {
      name: 'no-index-small-join',
      expectsIndex: false,
      sql: "SELECT c.code FROM currencies c JOIN regions r ON r.id = c.id WHERE r.label = 'label_7'",
    },
    {
      name: 'no-index-small-order',
      expectsIndex: false,
      sql: 'SELECT code FROM currencies ORDER BY zone, code LIMIT 5',
    },
  ],
};
