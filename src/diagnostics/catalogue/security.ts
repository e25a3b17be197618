import { area, entry } from './define.ts';

/** The codes of the section "Security" of docs/errors.md, in its order. */
export const security = area({
  title: 'Security',
  codes: {
    'invalid-security': entry<{ reason: string }>({
      severity: 'error',
      message: (p) => p.reason,
      cause:
        "`security.csp` has a malformed directive name or source, or a source that would let injected markup run script (`'unsafe-inline'` in `script-src`, say)",
      fix: 'name the hosts the site needs instead ([security](security.md#the-content-security-policy))',
    }),
  },
});
