/** The public API of the engine: what a site's templates import. */
export { defineCollection, defineSite, defineTemplate } from './site/definition.ts';
export type {
  CollectionData,
  CollectionDefinition,
  ContentFile,
  LayoutProps,
  PageProps,
  NavigationMode,
  SiteDefinition,
  SiteInput,
  TemplateDefinition,
  TemplateProps,
} from './site/definition.ts';
export type { SiteContext } from './site/context.ts';
export type { BaseData, Entry, EntryDates, Heading } from './content/entry.ts';
export type { LoadedEntry, LoaderCache, LoaderContext } from './content/collection.ts';
export type { SchemaHelpers } from './content/schema-helpers.ts';
export type { Catalogue, CollectionQuery, ContentIndexItem } from './content/catalogue.ts';
export { contentIndexItemSchema } from './content/catalogue.ts';
export type { DerivedRoute, Route } from './routes/routes.ts';
export { paginate, pageUrl, type PaginateOptions, type Pagination } from './routes/paginate.ts';
export { Ref, isCalendarDate } from './content/schema-helpers.ts';
export { compareEntries, compareNewestFirst } from './content/ordering.ts';
export { firstHeading, firstParagraph } from './content/computed.ts';
export { Island } from './render/island.ts';
export type { HydrateStrategy } from './client/strategies.ts';
export type { ClientDefinition, ClientRuntime, SearchFields, SearchOptions } from './site/definition.ts';
export { renderMarkdown } from './render/markdown.ts';
export { z } from 'zod';
export { SiteConfigError } from './diagnostics/config-error.ts';
export { JsonLd, serializeJsonLd, type JsonLdObject } from './render/head.ts';
export { OG_SIZE } from './site/social-images.ts';
export { useImage, useOptionalImage } from './images/context.ts';
export type { ImageManifest, ImageSource, ResponsiveImage } from './images/manifest.ts';
export type { ImageSettings } from './site/image-options.ts';
export type {
  DrawnImageSpec,
  FileImageSpec,
  OgFont,
  OgImageRef,
  OgImageSpec,
  OgTemplateProps,
  SocialImages,
} from './site/social-images.ts';
export type { FeedAuthor, FeedDefinition, RobotsDefinition } from './site/feeds.ts';
export { defineStrings } from './i18n/definition.ts';
export type { I18nDefinition, LocaleDefinition, Translate, UiStringKey, UiStrings } from './i18n/definition.ts';
export type { PageLocale, Translation } from './i18n/page-locale.ts';
