/**
 * Development-only localStorage keys (SPEC 2, 4, 9). Kept out of STORAGE_KEYS so that a
 * production build, where every use of them sits behind import.meta.env.DEV, carries none of them.
 */

/** The organization subdomain sent as X-Organization-ID ('main' means none). */
export const DEV_ORG_SUBDOMAIN_KEY = 'devOrgSubdomain';
/** SPEC 4: a change of this key reloads the organization configuration too. */
export const DEV_ORG_CONTEXT_KEY = 'devOrgContext';
/** 'true' sends the bypass-2FA header with the password sign-in. */
export const DEV_BYPASS_2FA_KEY = 'devBypass2FA';
