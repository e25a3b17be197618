/** A reason `site init` wrote nothing: a usage error, told as it is. */
export class InitError extends Error {}
