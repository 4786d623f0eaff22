import { messages } from '../messages.ts';

/** A `{field}` placeholder of a module's api_url, replaced by the lookup's value of that field. */
export const PLACEHOLDER = /\{([^{}]+)\}/g;

export const DEMO_API_PREFIX = '/demo-api/';

/** Only resolves relative paths; `.invalid` is reserved, so it never names a real host. */
const IN_PROCESS_ORIGIN = 'http://in-process.invalid';

/**
 * Where an in-process call to the demo provider really goes: its path with every dot segment
 * resolved (`..`, `%2e%2e`, backslashes, as URL parsers and routers read them) plus its query, or
 * null when that is not under /demo-api/.
 */
export function demoApiTarget(path: string): string | null {
  if (!path.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(path, IN_PROCESS_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== IN_PROCESS_ORIGIN || !url.pathname.startsWith(DEMO_API_PREFIX)) return null;
  return url.pathname + url.search;
}

/**
 * Whether a placeholder sits in the scheme, user, host or port of an absolute api_url: there it
 * would let whoever runs a lookup choose the server that receives the module's secret headers.
 * Asked of the URL parser itself (does the origin change with the value?) so that none of its
 * leniencies (backslashes, missing slashes, tabs) slips past.
 */
export function placeholderInAuthority(apiUrl: string): boolean {
  const [first, ...others] = ['x', 'y0', '1'].map((value) => {
    try {
      const url = new URL(apiUrl.replaceAll(PLACEHOLDER, value));
      return `${url.protocol}//${url.username}:${url.password}@${url.host}`;
    } catch {
      return null;
    }
  });
  return others.some((signature) => signature !== first);
}

/** Why an admin's api_url cannot be saved, or null when it can. */
export function apiUrlProblem(apiUrl: string): string | null {
  const probe = apiUrl.replaceAll(PLACEHOLDER, 'x');
  if (apiUrl.startsWith(DEMO_API_PREFIX)) {
    return demoApiTarget(probe) === null ? messages.apiUrlOutsideDemoApi : null;
  }
  if (placeholderInAuthority(apiUrl)) return messages.apiUrlPlaceholderInHost;
  let url: URL;
  try {
    url = new URL(probe);
  } catch {
    return messages.invalidUrl;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? null : messages.invalidUrl;
}
