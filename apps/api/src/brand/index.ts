export { BrandError, DEFAULT_BRAND_DIR, loadBrand, type Brand } from './brand-file.js';
export { brandAssets, type BrandAssets } from './brand-assets.js';
