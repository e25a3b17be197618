import fs from 'node:fs';
import path from 'node:path';

/** What an output folder holds now: its files and its folders (itself first), paths relative to it. */
export interface FolderSurvey {
  files: string[];
  folders: string[];
}

/** Lists a folder once for every check made before it is replaced (following no links); undefined when it does not exist. */
export function surveyFolder(target: string): FolderSurvey | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(target, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  const survey: FolderSurvey = { files: [], folders: [''] };
  for (const entry of entries) {
    const relative = path.relative(target, path.join(entry.parentPath, entry.name));
    (entry.isDirectory() ? survey.folders : survey.files).push(relative);
  }
  return survey;
}
