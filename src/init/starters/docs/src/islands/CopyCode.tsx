// The engine's copy button of code blocks, as this site's island (markdown.shiki.copyButton names it).
export { CopyCodeButton as default } from 'stillsite/copy-code';
