import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFile, lockOutput, OutputLockedError } from '../../src/output/lock.ts';
import { processStart } from '../../src/output/processes.ts';
import { tempFolders } from '../helpers/temp-folders.ts';

const tempFolder = tempFolders('site-lock-');
const releases: Array<() => void> = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

/** The pid of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the lock of an output folder', () => {
  it('stops a second build into the same folder while the first holds it, naming its pid', () => {
    const cache = tempFolder();
    const out = path.join(cache, 'dist');
    const file = lockFile(cache, out);
    releases.push(lockOutput(file, out));
    expect(() => lockOutput(file, out)).toThrow(OutputLockedError);
    expect(() => lockOutput(file, out)).toThrow(
      `another build (pid ${process.pid}) is writing to ${out} now, so this one stopped and changed nothing.`,
    );
    // Another output has a lock of its own.
    releases.push(lockOutput(lockFile(cache, `${out}-2`), `${out}-2`));
  });

  it('is free again once released, and leaves no file', () => {
    const cache = tempFolder();
    const file = lockFile(cache, 'dist');
    lockOutput(file, 'dist')();
    expect(fs.existsSync(file)).toBe(false);
    releases.push(lockOutput(file, 'dist'));
    expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
  });

  it('is taken over when its holder was killed, or its pid now belongs to another process', () => {
    const cache = tempFolder();
    const file = lockFile(cache, 'dist');
    fs.writeFileSync(file, `${endedPid()} 12345\n`);
    releases.push(lockOutput(file, 'dist'));
    releases.pop()!();
    // The parent process runs, but started at another time than the lock says: the pid was reused.
    const start = processStart(process.ppid);
    if (start) {
      fs.writeFileSync(file, `${process.ppid} ${Number(start) + 1}\n`);
      releases.push(lockOutput(file, 'dist'));
    }
  });
});
