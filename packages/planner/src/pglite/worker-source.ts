/**
 * The code of one PGlite worker thread, as CommonJS source for `new Worker(source, { eval: true })`.
 * It is plain JavaScript on purpose: an eval'd worker runs in any host (tsx, vitest, a bundle) without a loader.
 * It owns one PGlite instance and answers requests { id, op, ... } with { id, ok, result | error }.
 * All values come back as PostgreSQL's text output (every parser is the identity), so callers see exactly
 * what PostgreSQL printed and results compare reliably.
 */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SEGMENT_BYTES = 131072 * 8192;
let db;

function identityParsers(types) {
  const parsers = {};
  for (const key of Object.keys(types.parsers)) {
    if (/^[0-9]+$/.test(key)) parsers[Number(key)] = (value) => value;
  }
  return parsers;
}

function exists(FS, path) {
  try { FS.stat(path); return true; } catch { return false; }
}

// One lazily zeroed buffer (virtual memory only) that empty relation files are pointed at when they are sized:
// allocating a fresh multi-GB ArrayBuffer per file made V8 collect garbage for "external memory pressure"
// (5-15 ms per file). Copy-on-write keeps it safe: the first write to such a file gets it a private copy.
let zeros = null;
function zeroView(size) {
  if (!zeros || zeros.length < size) zeros = new Uint8Array(Math.max(size, SEGMENT_BYTES));
  return zeros.subarray(0, size);
}

function patchCopyOnWrite(node) {
  const ops = node.stream_ops;
  if (!ops || ops.sqltuneCopyOnWrite || typeof ops.write !== 'function') return;
  const write = ops.write;
  ops.write = function (stream, ...rest) {
    const target = stream.node;
    if (target && target.sqltuneSharedZero) {
      target.contents = new Uint8Array(target.contents);
      target.sqltuneSharedZero = false;
    }
    return write.call(this, stream, ...rest);
  };
  ops.sqltuneCopyOnWrite = true;
}

function setFileSize(FS, path, bytes) {
  const node = FS.lookupPath(path).node;
  const memfs = node.contents === null || node.contents === undefined || node.contents instanceof Uint8Array;
  if (memfs && bytes > 0 && (node.usedBytes === 0 || node.sqltuneSharedZero)) {
    patchCopyOnWrite(node);
    node.contents = zeroView(bytes);
    node.usedBytes = bytes;
    node.sqltuneSharedZero = true;
    return;
  }
  if (node.sqltuneSharedZero) {
    // Shrinking to nothing (a copy of the shared zeros would commit real memory).
    node.contents = new Uint8Array(0);
    node.usedBytes = 0;
    node.sqltuneSharedZero = false;
    if (bytes === 0) return;
  }
  FS.truncate(path, bytes);
}

// Sets a relation fork's size as sparse, zero-filled segment files of at most 1 GB each (PostgreSQL's RELSEG_SIZE).
function setRelationSize(relPath, bytes) {
  const FS = db.Module.FS;
  const base = workerData.dataDir + '/' + relPath;
  for (let i = 0; ; i++) {
    const path = i === 0 ? base : base + '.' + i;
    const want = Math.max(0, Math.min(SEGMENT_BYTES, bytes - i * SEGMENT_BYTES));
    if (i === 0) { setFileSize(FS, path, want); continue; }
    if (want > 0) {
      if (!exists(FS, path)) FS.writeFile(path, new Uint8Array(0));
      setFileSize(FS, path, want);
    } else if (exists(FS, path)) {
      FS.unlink(path);
    } else {
      break;
    }
  }
  return true;
}

function serializeError(error) {
  const e = error || {};
  return {
    message: String(e.message || e),
    code: e.code,
    position: e.position,
    internalPosition: e.internalPosition,
    detail: e.detail,
    hint: e.hint,
    severity: e.severity,
    where: e.where,
  };
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const r = await db.query(message.sql, message.params || [], message.rowMode ? { rowMode: message.rowMode } : undefined);
      return { rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.affectedRows };
    }
    case 'exec': {
      const results = await db.exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) }));
    }
    case 'setRelationSize':
      return setRelationSize(message.relPath, message.bytes);
    case 'dump': {
      const blob = await db.dumpDataDir('none');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await db.close();
      return true;
    default:
      throw new Error('unknown op ' + message.op);
  }
}

(async () => {
  try {
    const { PGlite, types } = require(workerData.pglitePath);
    const options = { parsers: identityParsers(types), startParams: workerData.startParams };
    if (workerData.wasmModule) options.pgliteWasmModule = workerData.wasmModule;
    if (workerData.template) options.loadDataDir = new Blob([workerData.template]);
    if (workerData.extensions.length > 0) {
      options.extensions = {};
      for (const e of workerData.extensions) options.extensions[e.name] = require(e.modulePath)[e.exported];
    }
    db = await PGlite.create(options);
    const version = await db.query('select version() as v');
    parentPort.on('message', async (message) => {
      try {
        const result = await handle(message);
        const transfer = result instanceof Uint8Array ? [result.buffer] : [];
        parentPort.postMessage({ id: message.id, ok: true, result }, transfer);
      } catch (error) {
        parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) });
      }
    });
    parentPort.postMessage({ ready: true, version: version.rows[0].v });
  } catch (error) {
    parentPort.postMessage({ ready: false, error: serializeError(error) });
  }
})();
`;
