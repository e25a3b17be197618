/**
 * One line as a terminal should receive it: control characters (those of an escape sequence, a
 * carriage return, a line end; not tabs) written out as `\x1b`, `\x0a`. A file name, a content
 * excerpt or a plugin's words may hold them, and a terminal would obey them (colour, a window
 * title, the clipboard), or start a new line with whatever follows, which could pass for a line
 * of the engine's own (`✔ Built …`). Callers split their text into lines first.
 */
export function printable(line: string): string {
  return line.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
