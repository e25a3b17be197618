// The engine's copy button, as this site's island (markdown.shiki.copyButton names it).
export { CopyCodeButton as default } from 'stillsite/copy-code';
