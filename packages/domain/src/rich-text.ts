import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { SANITIZER_ALLOWED_URI_SCHEMES, SANITIZER_DATA_IMAGE_TYPES } from './constants.js';

const DATA_IMAGE = 'data:image';

/**
 * docs/requirements.md section 5 and 9: rich-text messages keep only links and
 * bold, and links only with the schemes of SANITIZER_ALLOWED_URI_SCHEMES,
 * relative or anchor targets. A `data:image` link holds one of
 * SANITIZER_DATA_IMAGE_TYPES. Built from the two lists, so the rule has one
 * definition; the tail is DOMPurify's own: anything that is no scheme (a
 * relative path, an anchor) passes.
 */
const allowedUriPattern = (): RegExp => {
  const schemes = SANITIZER_ALLOWED_URI_SCHEMES.filter((scheme) => scheme !== DATA_IMAGE).join('|');
  const imageTypes = SANITIZER_DATA_IMAGE_TYPES.join('|');
  return new RegExp(`^(?:(?:${schemes}):|data:image/(?:${imageTypes})[;,]|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`, 'i');
};

const ALLOWED_URI = allowedUriPattern();

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
