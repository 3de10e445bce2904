import { createRichTextSanitizer } from '@onboarding/domain';
import { useMemo } from 'react';

let sanitizer: ((html: string) => string) | undefined;

/**
 * docs/requirements.md sections 5 and 9: a rich-text message keeps only links and bold, and links only to the
 * allowed URL schemes. The domain's one sanitiser, bound to this window once.
 */
export function sanitizeRichText(html: string): string {
  sanitizer ??= createRichTextSanitizer(window);
  return sanitizer(html);
}

type RichTextProps = {
  /** Rich text as its author wrote it: it is sanitised here, never shown otherwise. */
  html: string;
  as?: 'div' | 'blockquote' | 'p';
  className?: string;
};

/** A rich-text message shown as its links and bold, and as its text for everything else. */
export function RichText({ html, as: Element = 'div', className }: RichTextProps) {
  const safe = useMemo(() => sanitizeRichText(html), [html]);
  // The only way React takes HTML; what it takes has passed the sanitiser above.
  return <Element className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
