/** The public API of the engine: what a site's templates import. */
export { defineCollection, defineSite } from './site-definition.ts';
export type { BaseData, CollectionDefinition, LayoutProps, PageProps, SchemaHelpers, SiteContext, SiteDefinition, TemplateDefinition } from './site-definition.ts';
export type { Catalogue, CollectionQuery, ContentIndexItem, Entry } from './catalogue.ts';
export { contentIndexItemSchema } from './catalogue.ts';
export type { DerivedRoute, Route } from './routes.ts';
export { Ref, isCalendarDate } from './schema-helpers.ts';
export { compareEntries, compareNewestFirst } from './ordering.ts';
export { Island, componentMarkup } from './render/island.tsx';
export { renderMarkdown } from './render/markdown.ts';
export { z } from 'zod';
export { SiteConfigError } from './config-error.ts';
export { JsonLd, serializeJsonLd, type JsonLdObject } from './render/head.tsx';
export { OG_SIZE } from './og/definition.ts';
export { useImage, useOptionalImage } from './images/context.tsx';
export type { ImageManifest, ImageSource, ResponsiveImage } from './images/manifest.ts';
export type { ImageSettings } from './images/options.ts';
export type { DrawnImageSpec, FileImageSpec, OgFont, OgImageRef, OgImageSpec, OgTemplateProps, SocialImages } from './og/definition.ts';
export type { FeedAuthor, FeedDefinition, RobotsDefinition } from './seo/definition.ts';
