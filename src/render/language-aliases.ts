/**
 * Fence languages documentation sites write that Shiki's own table (`bundledLanguagesInfo`, ids
 * and aliases) lacks, to the Shiki language they mean. Shiki knows `go` but not `golang`, so a
 * ported site's ```` ```golang ```` blocks were shown plain with "did you mean erlang" (issue 40).
 * Only names that mean one language unambiguously; `text` and the like stay plain as any
 * unknown name does.
 */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  golang: 'go',
  patch: 'diff',
  svg: 'xml',
  ex: 'elixir',
  exs: 'elixir',
  ml: 'ocaml',
  pl: 'perl',
  sbt: 'scala',
  gradle: 'groovy',
  sol: 'solidity',
  psql: 'sql',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
};
