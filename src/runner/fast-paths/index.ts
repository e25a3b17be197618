import { quickFrontMatterPath } from '../../content/front-matter-yaml.ts';
import { gfmGuardsPath, proseReaderPath } from '../../render/markdown.ts';
import { pageScannerPath } from '../../render/page-scan.ts';
import { lineEncoderPath } from '../../seo/crawlers.ts';
import { encodedLines } from './encoded-lines.ts';
import { quickFrontMatter } from './front-matter-yaml.ts';
import { remarkAutolinksWhereNeeded } from './gfm-autolinks.ts';
import { remarkGuardTables } from './gfm-table-guard.ts';
import { scanHtml } from './html-scan.ts';
import { proseMarkdownHtml } from './prose-markdown.ts';

/**
 * The fast paths: hand-written stand-ins for libraries, each put where its stage takes it from
 * (a `FastPath` of `core/fast-paths.ts`, which `SITE_FAST_PATHS=off` leaves empty). Imported
 * for this by the runner's modules that start a build's work, on the main thread
 * (`render-pool.ts`) and in each worker (`render-service.ts`), before any page is read.
 * `scripts/bench/fast-paths.ts` measures what each saves.
 */
quickFrontMatterPath.use(quickFrontMatter);
proseReaderPath.use(proseMarkdownHtml);
gfmGuardsPath.use([remarkAutolinksWhereNeeded, remarkGuardTables]);
pageScannerPath.use(scanHtml);
lineEncoderPath.use(encodedLines);
