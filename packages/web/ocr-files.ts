/// <reference types="node" />
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The OCR files served by the app itself under /app/ocr/ (nothing is fetched from a CDN at run time): tesseract.js's
 * worker, the LSTM builds of its WebAssembly core (plain, SIMD and relaxed SIMD: the worker picks what the browser
 * runs) and the English and simplified Chinese language data of the @tesseract.js-data packages (the `best_int`
 * models, 2.9 and 1.7 MB gzipped). Copied into the build, and served from node_modules by the dev server.
 */
function ocrFiles(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const tesseract = dirname(require.resolve('tesseract.js/package.json'));
  const core = dirname(createRequire(join(tesseract, 'package.json')).resolve('tesseract.js-core/package.json'));
  const lang = (code: string) =>
    join(
      dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)),
      '4.0.0_best_int',
      `${code}.traineddata.gz`,
    );
  return {
    'ocr/worker.min.js': join(tesseract, 'dist', 'worker.min.js'),
    ...Object.fromEntries(
      ['', 'simd-', 'relaxedsimd-'].map((variant) => {
        const name = `tesseract-core-${variant}lstm.wasm.js`;
        return [`ocr/core/${name}`, join(core, name)];
      }),
    ),
    'ocr/lang/eng.traineddata.gz': lang('eng'),
    'ocr/lang/chi_sim.traineddata.gz': lang('chi_sim'),
  };
}

export function ocrAssets(): Plugin {
  const files = ocrFiles();
  return {
    name: 'sqltune-ocr-assets',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0]?.replace(/^\/app\//, '') ?? '';
        const source = files[path];
        if (!source) return next();
        response.setHeader('content-type', path.endsWith('.js') ? 'text/javascript' : 'application/gzip');
        createReadStream(source).pipe(response);
      });
    },
  };
}
