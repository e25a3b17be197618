import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectWorkFolder } from '../helpers/temp-folders.ts';
import { buildInMemory, minimalProject } from './project.ts';

// Issue 39, hole 10: a hard link to a file outside the project was published. A hard link has no
// target to check: a file with n names is published only when the build finds all n in the
// content and public folders (docs/security.md, "Hard links").

const work = projectWorkFolder('security-hard-links-');

const refused = (link: string) =>
  `${link}  hard link: is a hard link: the file has 2 names, and one is not in the content or public folder, so it may be a secret or the site's source  [hard-link-outside]`;

describe('a hard link under the content or public folder', () => {
  it('is refused when its other name lies elsewhere: outside the project, a dot-file, the site source', async () => {
    const { root, content, publicDir } = minimalProject(work);
    const outside = fs.mkdtempSync(path.join(work, 'outside-'));
    fs.writeFileSync(path.join(outside, 'id_rsa.txt'), 'PRIVATE KEY from outside the project\n');
    fs.writeFileSync(path.join(outside, 'page.md'), '---\ntitle: Outside\ndescription: A page from outside.\n---\nOUTSIDE PAGE\n');
    fs.writeFileSync(path.join(root, '.env'), 'SECRET_TOKEN=from-dot-env\n');
    fs.linkSync(path.join(outside, 'id_rsa.txt'), path.join(content, 'key.txt'));
    fs.linkSync(path.join(outside, 'page.md'), path.join(content, 'outside.md'));
    fs.linkSync(path.join(root, '.env'), path.join(publicDir, 'env.txt'));
    fs.linkSync(path.join(root, 'site.config.tsx'), path.join(content, 'config.txt'));
    const { lines, published, writer, result } = await buildInMemory(root);
    expect(lines.sort()).toEqual(
      [refused('content/key.txt'), refused('content/outside.md'), refused('public/env.txt'), refused('content/config.txt')].sort(),
    );
    expect(published).toEqual([]);
    expect(result.routes.map((route) => route.url)).not.toContain('/outside');
    const everything = [...writer.files.values()].map((bytes) => Buffer.from(bytes).toString()).join('\n');
    for (const text of ['PRIVATE KEY', 'OUTSIDE PAGE', 'SECRET_TOKEN', 'defineSite']) expect(everything).not.toContain(text);
  }, 60_000);

  it('is published when the build finds all its names in the content and public folders', async () => {
    const { root, content, publicDir } = minimalProject(work);
    fs.writeFileSync(path.join(content, 'notes.txt'), 'Plain notes.\n');
    fs.mkdirSync(path.join(content, 'copies'));
    fs.linkSync(path.join(content, 'notes.txt'), path.join(content, 'copies', 'notes.txt'));
    fs.linkSync(path.join(publicDir, 'favicon.svg'), path.join(content, 'icon.svg'));
    const { lines, published } = await buildInMemory(root);
    expect(lines).toEqual([]);
    expect(published).toEqual(expect.arrayContaining(['copies/notes.txt', 'favicon.svg', 'icon.svg', 'notes.txt']));
  }, 60_000);
});
