import type { ComponentType } from 'react';
import type { PageProps } from 'stillsite';
import { MEASUREMENT_ID_META } from './google-tag.ts';

/**
 * The site's head elements plus, when there is a measurement id, a `<meta>` carrying it to the
 * analytics startup module (data in the page, not an inline script, so a strict CSP holds).
 * Without an id the head is returned unchanged and the page holds no trace of analytics.
 */
export function withMeasurementId(
  Head: ComponentType<PageProps<any>> | undefined,
  measurementId: string | undefined,
): ComponentType<PageProps<any>> | undefined {
  if (!measurementId) return Head;
  return function HeadWithMeasurementId(props: PageProps<any>) {
    return (
      <>
        {Head ? <Head {...props} /> : null}
        <meta name={MEASUREMENT_ID_META} content={measurementId} />
      </>
    );
  };
}
