/** Placeholder replaced below when browser tests are written. */
export default function setup() {}
