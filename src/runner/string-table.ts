/**
 * Numbers distinct strings, in the order first seen. A string is copied when first seen: one cut
 * out of a page's HTML by a regular expression is a view that would keep the whole page alive.
 */
export class StringTable {
  readonly strings: string[] = [];
  readonly #numbers = new Map<string, number>();

  readonly number = (text: string): number => {
    let n = this.#numbers.get(text);
    if (n === undefined) {
      const copy = ` ${text}`.slice(1);
      n = this.strings.length;
      this.strings.push(copy);
      this.#numbers.set(copy, n);
    }
    return n;
  };

  readonly text = (n: number): string => this.strings[n]!;
}
