import { describe, expect, it } from 'vitest';
import { splitStatements } from '../sql-text.ts';
import { namedDatabases, withoutDatabaseQualifiers } from './names.ts';

const databasesOf = (schema: string) => [...namedDatabases(splitStatements(schema, 'mysql'))].sort();

describe('the databases a table structure names', () => {
  it('are the qualifiers of the tables it defines, indexes, references and reads, and the database it USEs', () => {
    const schema = `USE sakila;
CREATE TABLE shop.orders (id INT PRIMARY KEY, customer_id INT REFERENCES crm.customers (id));
CREATE INDEX orders_customer ON archive.orders (customer_id);
CREATE VIEW v AS SELECT o.id FROM sales.orders o JOIN stock.items i ON i.id = o.id;`;
    expect(databasesOf(schema)).toEqual(['archive', 'crm', 'sakila', 'sales', 'shop', 'stock']);
  });

  it("are not a join condition's or a call's qualifiers, which name tables and aliases (Sakila's film_list view)", () => {
    const schema = `CREATE VIEW film_list AS
SELECT film.film_id AS FID, EXTRACT(YEAR FROM film.last_update) AS y, TRIM(LEADING 'x' FROM c.name) AS n
FROM film LEFT JOIN film_category ON film_category.film_id = film.film_id
LEFT JOIN category c ON c.category_id = film_category.category_id
WHERE film.film_id IN (SELECT fa.film_id FROM sakila.film_actor fa);`;
    expect(databasesOf(schema)).toEqual(['sakila']);
    const view = splitStatements(schema, 'mysql')[0]!.text;
    const planned = withoutDatabaseQualifiers(view, namedDatabases(splitStatements(schema, 'mysql')));
    expect(planned).toContain('film.film_id AS FID');
    expect(planned).toContain('FROM       .film_actor fa');
  });
});
