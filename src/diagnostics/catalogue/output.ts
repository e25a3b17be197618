import { area, entry } from './define.ts';

/** The codes of the section "The output folder" of docs/errors.md, in its order. */
export const output = area({
  title: 'The output folder',
  intro:
    'These stop `site build` before it changes anything, each as one line ending with its code, and\nnever leave anything behind ([the output folder and atomicity](security.md#the-output-folder-and-atomicity)).',
  codes: {
    'output-overlaps-source': entry<{ out: string; relation: string; where: string }>({
      severity: 'error',
      message: (p) =>
        `${p.out} ${p.relation} ${p.where}: every build replaces its output folder whole, so it must be a folder of its own, such as dist/ in the project.`,
      cause:
        "`--out` is, holds or lies inside the project root (holding it or being it), the content or public folder, a folder of the site's code, `.site-cache` or `node_modules` (exit 2)",
      fix: 'give the output a folder of its own, such as `dist`',
    }),
    'output-not-ours': entry<{ target: string }>({
      severity: 'error',
      message: (p) =>
        `${p.target} holds files that no build of this engine wrote (it has no _headers file from \`site build\`), so a build will not replace it: empty it, or choose another --out.`,
      cause:
        '`--out` names a folder that holds files but no `_headers` written by `site build`: no build wrote it, so none replaces it (exit 2)',
      fix: 'choose another `--out`, or empty the folder if its files are not needed',
    }),
    'output-locked': entry<{ target: string; pid?: number }>({
      severity: 'error',
      message: (p) =>
        `another build${p.pid === undefined ? '' : ` (pid ${p.pid})`} is writing to ${p.target} now, so this one stopped and changed nothing. Wait for it to end and build again.`,
      cause: 'another `site build` into the same folder is running (exit 1)',
      fix: 'wait for it to end and build again; a lock left by a killed build is taken over by itself',
    }),
    'output-not-writable': entry<{ parent: string; errno?: string; target: string } | { readOnly: string; target: string }>({
      severity: 'error',
      message: (p) =>
        'readOnly' in p
          ? `${p.readOnly} is read-only, so this build could not replace ${p.target}: it stopped and changed nothing. Make it writable (chmod -R u+w ${p.target}) or choose another --out.`
          : `${p.parent} cannot be written (${p.errno}): a build writes its next output beside ${p.target} and swaps it in, so it stopped and changed nothing. Make that folder writable, or choose another --out.`,
      cause: 'the output, a folder in it, or the folder it is in is read-only (exit 1)',
      fix: 'make it writable (`chmod -R u+w dist`) or choose another `--out`',
    }),
    'output-path-outside': entry<{ path: string; target: string }>({
      severity: 'error',
      message: (p) =>
        `the build was to write ${JSON.stringify(p.path)}, which is no path inside ${p.target}, so it stopped and wrote nothing there. Report it: the site's paths are checked before this.`,
      cause:
        'a file of the output has a path that is absolute, holds `..` or leads out of the output folder: the last check before anything is written (exit 1); the paths a site and its content name are refused earlier, at their line (`unsafe-output-path`), so this means a bug or an edited build cache',
      fix: 'remove `.site-cache/build/` and build again; if it stays, report it',
    }),
    'output-write-failed': entry<{ target: string; errno: string }>({
      severity: 'error',
      message: (p) =>
        `${p.target} could not be written (${p.errno}: ${p.errno === 'EFBIG' ? 'a file is larger than the file-size limit allows' : p.errno === 'EDQUOT' ? 'the disk quota is used up' : 'the disk is full'}), so the build stopped; the previous output is whole. Make room and build again.`,
      cause:
        'the disk holding the output (or the folder beside it, where the next output is made) is full, the quota is used up, or a file passes the file-size limit (`ulimit -f`) (exit 1)',
      fix: 'free some space (or raise the limit) and build again',
    }),
  },
});
