import type { Page } from 'playwright-core';

/**
 * Lays out the blocks a page draws only near the viewport (`content-visibility: auto`): until a
 * visitor scrolls to them they have no boxes, so a full-page picture shows them blank and axe
 * reads no colours or target sizes there. Afterwards they are drawn as that visitor sees them.
 */
export function layOutSkippedBlocks(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*'))
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  });
}
