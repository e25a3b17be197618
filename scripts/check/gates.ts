import { axeGate } from './axe.ts';
import type { Gate } from './gate.ts';
import { htmlValidateGate } from './html-validate.ts';
import { lighthouseGate } from './lighthouse.ts';
import { nuHtmlCheckerGate } from './nu-html-checker.ts';
import { structuredDataGate } from './structured-data.ts';

/** Every quality gate `npm run check` runs, quickest first so a broken page shows up early. */
export const gates: Gate[] = [structuredDataGate, htmlValidateGate, nuHtmlCheckerGate, axeGate, lighthouseGate];
