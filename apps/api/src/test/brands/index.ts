import path from 'node:path';

/** A bank's brand other than the demo's: another name, logo, colours, typeface and support contacts. */
export const SECOND_BRAND_DIR = path.resolve(import.meta.dirname, 'second');
