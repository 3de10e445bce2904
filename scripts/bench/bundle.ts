import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { DEFAULT_BRAND_DIR, loadBrand } from '../../apps/api/src/brand/index.js';
import { REPO_ROOT } from './servers.js';

/**
 * The first screen's JavaScript, gzipped: the entry chunk and its static
 * imports, plus the /start/authentication route's lazy chunk and its static
 * imports, plus the Estonian texts (a lazy chunk the first paint waits
 * for). Found from a Vite manifest: apps/web is built again with its own
 * config into a temporary folder, where the build also gives each chunk's
 * modules, and beside it two "hello" apps with the same config: bare React 19,
 * and the stack floor, which uses (minimally, so nothing is tree-shaken away)
 * exactly the libraries the first screen ships in its framework chunk
 * (apps/web/vite-first-load-chunks.ts).
 */

export type Chunk = { file: string; bytes: number; gzipBytes: number };
export type BundleResult = {
  firstScreen: Chunk[];
  firstScreenGzip: number;
  bareReact: Chunk[];
  bareReactGzip: number;
  ratio: number;
  /** The same "hello" with exactly the framework the first screen ships (STACK_FLOOR_PACKAGES), built with the same config. */
  stackFloor: Chunk[];
  stackFloorGzip: number;
  stackFloorRatio: number;
  stackFloorPackages: string[];
  /** The npm packages whose modules are in the first screen's chunks, and those of them the stack floor does not import. */
  firstScreenPackages: string[];
  packagesBeyondStackFloor: string[];
  /** Chunks loaded only when a later screen opens. */
  lazy: Chunk[];
  /** Minified bytes of the first screen by package or folder, largest first. */
  firstScreenComposition: { source: string; bytes: number }[];
  /** Whether the entry chunk has the same name (so the same content hash) as the one in apps/web/dist/index.html. */
  isSameAsDist: boolean;
  /**
   * The demo brand's typeface (apps/api/brand): the one face the page preloads for the first screen, and every face
   * with its letters, as a page loads only those its letters need (WOFF2 is compressed already: bytes as sent).
   */
  fonts: { family: string; preloadBytes: number; faces: { unicodeRange: string; bytes: number; preload: boolean }[] };
};

const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
const WEB_CONFIG = path.join(WEB_ROOT, 'vite.config.ts');
const AUTHENTICATION_ROUTE = 'src/features/auth/authentication-page.tsx';
// The first paint also waits for the texts of the language, a chunk of their own (src/i18n/i18n.ts): Estonian, the default.
const DEFAULT_LANGUAGE_TEXTS = 'src/i18n/catalogues/et.ts';

type Built = { manifest: Manifest; modulesOf: Map<string, Record<string, { renderedLength: number }>> };

async function buildWithManifest(root: string, outDir: string): Promise<Built> {
  const output = await build({ configFile: WEB_CONFIG, root, logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false } });
  const outputs = (Array.isArray(output) ? output : [output]) as {
    output?: { type: string; fileName: string; modules?: Record<string, { renderedLength: number }> }[];
  }[];
  const modulesOf = new Map<string, Record<string, { renderedLength: number }>>();
  for (const item of outputs.flatMap((each) => each.output ?? [])) {
    if (item.type === 'chunk' && item.modules) modulesOf.set(item.fileName, item.modules);
  }
  return { manifest: JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest, modulesOf };
}

/** Where the minified bytes of some chunks come from: a package in node_modules, or a folder of this repository. */
function composition(modulesOf: Built['modulesOf'], files: readonly string[]): { source: string; bytes: number }[] {
  const bytes = new Map<string, number>();
  for (const file of files) {
    for (const [id, module] of Object.entries(modulesOf.get(file) ?? {})) {
      const clean = id.replace(/^\0/, '').split('?')[0] ?? id;
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
      const inRepo = path.relative(REPO_ROOT, clean).split(path.sep);
      const source = inPackage?.[1] ?? (clean.startsWith(REPO_ROOT) ? inRepo.slice(0, inRepo[0] === 'packages' ? 3 : 4).join('/') : clean.slice(0, 40));
      bytes.set(source, (bytes.get(source) ?? 0) + module.renderedLength);
    }
  }
  return [...bytes].map(([source, total]) => ({ source, bytes: total })).sort((a, b) => b.bytes - a.bytes);
}

function chunkOf(outDir: string, file: string): Chunk {
  const content = readFileSync(path.join(outDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const jsFiles = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys].map((key) => manifest[key]?.file).filter((file): file is string => !!file && file.endsWith('.js'));
const sum = (chunks: readonly Chunk[]) => chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0);

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  if (!key) throw new Error('the manifest has no entry');
  return key;
}

const HELLO_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>hello</title>\n    <script type="module" src="/src/main.tsx"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const BARE_REACT_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Hello() {
  return <h1>hello</h1>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Hello />
  </StrictMode>,
);
`;

/** What the first screen's framework chunk holds (with their own dependencies: scheduler, cookie, use-sync-external-store, ...). */
const STACK_FLOOR_PACKAGES = ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', '@tanstack/react-query', 'react-hook-form'];

// Each library used as the app uses it, once: a browser router with one route, an i18n instance with one text, a query
// client provided to the tree, and a form with one registered field.
const STACK_FLOOR_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';

void i18next.use(initReactI18next).init({ lng: 'et', resources: { et: { translation: { hello: 'tere' } } }, interpolation: { escapeValue: false } });

const queryClient = new QueryClient();

function Hello() {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm<{ name: string }>();
  return (
    <form onSubmit={handleSubmit(() => undefined)}>
      <h1>{t('hello')}</h1>
      <input {...register('name', { required: true })} />
    </form>
  );
}

const router = createBrowserRouter([{ path: '/', element: <Hello /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
`;

/** Builds a one-file "hello" app with the web config in its own folder; answers its JS chunks and the packages in them. */
async function helloApp(tempRoot: string, name: string, main: string): Promise<{ chunks: Chunk[]; packages: string[] }> {
  const root = path.join(tempRoot, name);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  // The libraries resolve from the repository's node_modules.
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  writeFileSync(path.join(root, 'index.html'), HELLO_HTML);
  writeFileSync(path.join(root, 'src/main.tsx'), main);
  const outDir = path.join(root, 'dist');
  const { manifest, modulesOf } = await buildWithManifest(root, outDir);
  const files = jsFiles(manifest, staticClosure(manifest, entryKey(manifest)));
  return { chunks: files.map((file) => chunkOf(outDir, file)), packages: packagesOf(modulesOf, files) };
}

/** The npm packages whose modules are in the given chunks, by name. */
function packagesOf(modulesOf: Built['modulesOf'], files: readonly string[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    for (const id of Object.keys(modulesOf.get(file) ?? {})) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

function brandFonts(): BundleResult['fonts'] {
  const { typeface } = loadBrand(DEFAULT_BRAND_DIR);
  return {
    family: typeface.family,
    preloadBytes: typeface.screen.find((face) => face.preload)?.bytes.length ?? 0,
    faces: typeface.screen.map((face) => ({ unicodeRange: face.unicodeRange, bytes: face.bytes.length, preload: face.preload })),
  };
}

export async function measureBundle(): Promise<BundleResult> {
  // The web config imports a constant without an extension; Vite 8 warns about it on every build.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  const tempRoot = mkdtempSync(path.join(tmpdir(), 'onboarding-bench-bundle-'));
  try {
    const outDir = path.join(tempRoot, 'web');
    const { manifest, modulesOf } = await buildWithManifest(WEB_ROOT, outDir);
    const entry = entryKey(manifest);
    if (!manifest[AUTHENTICATION_ROUTE]) throw new Error(`${AUTHENTICATION_ROUTE} is not a chunk of the build; has the route moved?`);
    const texts = manifest[DEFAULT_LANGUAGE_TEXTS] ? [...staticClosure(manifest, DEFAULT_LANGUAGE_TEXTS)] : [];
    const firstKeys = new Set([...staticClosure(manifest, entry), ...staticClosure(manifest, AUTHENTICATION_ROUTE), ...texts]);
    const firstScreen = jsFiles(manifest, firstKeys).map((file) => chunkOf(outDir, file));
    const firstFiles = new Set(firstScreen.map((chunk) => chunk.file));
    const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
    const lazy = allJs
      .filter((file) => !firstFiles.has(file))
      .map((file) => chunkOf(outDir, file))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const bareReact = (await helloApp(tempRoot, 'bare-react', BARE_REACT_MAIN)).chunks;
    const stackFloor = await helloApp(tempRoot, 'stack-floor', STACK_FLOOR_MAIN);
    const firstScreenPackages = packagesOf(modulesOf, [...firstFiles]);
    const distIndex = readFileSync(path.join(WEB_ROOT, 'dist/index.html'), 'utf8');
    const entryFile = manifest[entry]?.file ?? '';
    return {
      firstScreen,
      firstScreenGzip: sum(firstScreen),
      bareReact,
      bareReactGzip: sum(bareReact),
      ratio: sum(firstScreen) / sum(bareReact),
      stackFloor: stackFloor.chunks,
      stackFloorGzip: sum(stackFloor.chunks),
      stackFloorRatio: sum(firstScreen) / sum(stackFloor.chunks),
      stackFloorPackages: STACK_FLOOR_PACKAGES,
      firstScreenPackages,
      packagesBeyondStackFloor: firstScreenPackages.filter((name) => !stackFloor.packages.includes(name)),
      lazy,
      firstScreenComposition: composition(modulesOf, [...firstFiles]),
      isSameAsDist: distIndex.includes(`/${entryFile}`),
      fonts: brandFonts(),
    };
  } finally {
    rmSync(tempRoot, { recursive: true, force: true });
  }
}
