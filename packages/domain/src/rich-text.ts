import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

/**
 * docs/requirements.md section 5 and 9: rich-text messages keep only links and
 * bold, and links only with http, https, mailto, tel, ftp, data:image, relative
 * or anchor targets. Raster data images only: an SVG data URL can carry script.
 */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel|ftp):|data:image\/(?:png|gif|jpe?g|webp|bmp)[;,]|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export const RICH_TEXT_CONFIG = {
  ALLOWED_TAGS: ['a', 'b', 'strong'],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'class'],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
} satisfies Config;

/**
 * A sanitiser bound to a window: the browser passes its own, the server a
 * jsdom window, so both run the same DOMPurify configuration.
 */
export const createRichTextSanitizer = (window: WindowLike): ((html: string) => string) => {
  const purify = createDOMPurify(window);
  // A link opening a new tab must not hand the opener to the target page.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) => purify.sanitize(html, { ...RICH_TEXT_CONFIG, RETURN_TRUSTED_TYPE: false });
};
