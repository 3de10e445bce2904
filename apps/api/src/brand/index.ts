export { BrandError, DEFAULT_BRAND_DIR, loadBrand, REQUIRED_LETTERS, type Brand, type BrandColours } from './brand-file.js';
export { BRAND_PATH, brandAssets, type BrandAssets } from './brand-assets.js';
