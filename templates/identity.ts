/** The firm, in one place: every page, feed and image takes its facts from here. */
export const identity = {
  name: 'Kestrel Point Consulting',
  shortName: 'Kestrel Point',
  founded: 1998,
  /** The default origin; SITE_ORIGIN or `site build --origin` override it. */
  origin: 'https://kestrelpoint.example',
  email: 'hello@kestrelpoint.example',
  linkedIn: 'https://www.linkedin.com/company/kestrel-point-consulting',
  lang: 'en-US',
  /** Google Analytics 4 measurement id; none means no analytics code ships at all. */
  gaMeasurementId: process.env.GA_MEASUREMENT_ID || undefined,
} as const;
