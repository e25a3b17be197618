import type { CurrentOutput, OutputFile, Staging } from './write.ts';

/** A file taken unchanged from the current output: its bytes are read only if a later stage asks. */
export class CarriedFile implements OutputFile {
  readonly path: string;
  readonly hash: string;
  readonly #source: CurrentOutput;
  #contents: Uint8Array | undefined;
  constructor(path: string, hash: string, source: CurrentOutput) {
    this.path = path;
    this.hash = hash;
    this.#source = source;
  }
  get contents(): Uint8Array {
    return (this.#contents ??= this.#source.read(this.path));
  }
}

/** A page written to the staging area as it was rendered: its bytes are read back only if a later stage asks. */
export class StagedFile implements OutputFile {
  readonly path: string;
  readonly hash: string;
  readonly #staging: Staging;
  constructor(path: string, hash: string, staging: Staging) {
    this.path = path;
    this.hash = hash;
    this.#staging = staging;
  }
  get contents(): Uint8Array {
    return this.#staging.read(this.path);
  }
}
