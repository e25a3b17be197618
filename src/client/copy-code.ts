import { createElement as h, useState } from 'react';

/**
 * The copy button of a highlighted block (`markdown.shiki.copyButton`): a site's island module
 * default-exports it (`export { CopyCodeButton as default } from 'stillsite/copy-code'`). The build
 * writes its markup beside each block (`render/code-meta.ts`), the same as this renders, so the
 * button is there, inert, without JavaScript, and copies the block's text once hydrated.
 */
export function CopyCodeButton() {
  const [copied, setCopied] = useState(false);
  return h(
    'button',
    {
      type: 'button',
      className: 'copy-code',
      onClick: (event: { currentTarget: HTMLElement }) => {
        const code = event.currentTarget.closest('.code-block')?.querySelector('pre code');
        if (!code?.textContent) return;
        void navigator.clipboard.writeText(code.textContent).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      },
    },
    copied ? COPIED_LABEL : COPY_LABEL,
  );
}

/** The button's words, before and after a copy (what the build writes, and what hydration must find). */
export const COPY_LABEL = 'Copy';
export const COPIED_LABEL = 'Copied';
