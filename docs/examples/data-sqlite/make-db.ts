// Builds shop.db from shop.sql: `node docs/examples/data-sqlite/make-db.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const here = import.meta.dirname;
const file = path.join(here, 'shop.db');
fs.rmSync(file, { force: true });
const db = new DatabaseSync(file);
db.exec(fs.readFileSync(path.join(here, 'shop.sql'), 'utf8'));
db.exec('VACUUM');
db.close();
