/**
 * Text as a terminal should receive it: control characters (those of an escape sequence, a
 * carriage return; not tabs and line ends) written out as `\x1b`. A file name, a content
 * excerpt or a plugin's words may hold them, and a terminal would obey them (colour, a window
 * title, the clipboard).
 */
export function printable(line: string): string {
  return line.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
