/** The firm, in one place: every page, feed and image takes its facts from here. */
export const identity = {
  name: 'Kestrel Point Consulting',
  shortName: 'Kestrel Point',
  founded: 1998,
  /** The default origin; SITE_ORIGIN or `site build --origin` override it. */
  origin: 'https://kestrelpoint.example',
  email: 'hello@kestrelpoint.example',
  /**
   * Where the consultation request form on /contact posts: the https:// address a form service
   * (Formspree, Basin, Getform, …) gives the firm, or undefined: then /contact shows no form, only
   * the e-mail address and LinkedIn. SITE_FORM_ENDPOINT overrides it for one build (`none` turns
   * it off); see templates/contact/form-endpoint.ts.
   */
  formEndpoint: undefined as string | undefined,
  linkedIn: 'https://www.linkedin.com/company/kestrel-point-consulting',
  lang: 'en-US',
  /**
   * The firm's Google Analytics 4 measurement id (`G-…`), or undefined: then no analytics code
   * ships at all. SITE_GA_ID overrides it for one build (`none` turns it off); see templates/analytics/.
   */
  gaMeasurementId: undefined as string | undefined,
} as const;
