/** Fields the engine itself reads from every entry; a collection's schema must produce them. */
export interface BaseData {
  title: string;
  description: string;
  h1?: string;
  hidden?: boolean;
  sort?: number;
  createdDate?: string;
  updatedDate?: string;
  template?: string;
}

/** One validated page of content. */
export interface Entry<T extends BaseData = BaseData> {
  collection: string;
  /** The page's URL path, e.g. `/projects/acme`. */
  url: string;
  slug: string;
  /** Absolute path of the source file. */
  file: string;
  /** Path relative to the content folder. */
  relative: string;
  data: T;
  body: string;
  /** Line of the file on which the body starts. */
  bodyLine: number;
  /** A `_name.md` list page: never in menu lists. */
  listPage: boolean;
  /** Built and reachable, but in no menu, listing, count, sitemap or feed. */
  hidden: boolean;
  template: string;
}
