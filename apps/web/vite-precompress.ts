import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends with a content-encoding; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;
/** Below about one TCP packet, compressing saves no round trip. */
const MIN_BYTES = 1024;

/**
 * Writes `x.br` and `x.gz` beside each built text asset, compressed once at
 * the highest levels, so the server sends them with a content-encoding
 * (@fastify/static's preCompressed) instead of compressing per request.
 * Source maps stay uncompressed: browsers fetch them only with developer tools open.
 */
export function precompress(): Plugin {
  return {
    name: 'onboarding:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      // The build manifest (.vite/) is the server's to read, never sent.
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const filePath = path.join(outDir, file);
          const content = await readFile(filePath);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${filePath}.br`, br), writeFile(`${filePath}.gz`, gz)]);
        }),
      );
    },
  };
}
