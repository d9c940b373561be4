import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseReply, DatabaseRequest, PgliteThreadSettings } from './pglite-client.ts';

/**
 * The embedded database's thread (see pglite-client.ts): it owns the PGlite instance, applies the migrations, then
 * runs the queries the main thread sends, one reply per request.
 */
const port = parentPort!;
const settings = (workerData as { data: PgliteThreadSettings }).data;
mkdirSync(settings.path, { recursive: true });
const client = await PGlite.create(settings.path);
await migrate(drizzle(client), { migrationsFolder: settings.migrationsFolder });

port.on('message', (request: DatabaseRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ type: 'ready' });

async function answer(request: DatabaseRequest): Promise<DatabaseReply> {
  try {
    return { id: request.id, ok: true, result: await run(request) };
  } catch (error) {
    const { message, code, detail, position } = error as Error & Record<string, unknown>;
    return { id: request.id, ok: false, error: { message, code, detail, position } };
  }
}

async function run(request: DatabaseRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      // drizzle asks for some types as the server's text (timestamps, dates): an identity parser keeps them so.
      const parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, (value: string) => value]));
      const result = await client.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await client.exec(request.sql);
      return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case 'close':
      await client.close();
      return null;
  }
}
