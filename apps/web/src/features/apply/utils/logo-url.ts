/** product.md §9: the logo's cache-busting number runs from 1 to 1000. */
export const LOGO_CACHE_BUST_MIN = 1;
export const LOGO_CACHE_BUST_MAX = 1000;

export function logoCacheBust(random: () => number = Math.random): number {
  const span = LOGO_CACHE_BUST_MAX - LOGO_CACHE_BUST_MIN + 1;
  return LOGO_CACHE_BUST_MIN + Math.min(span - 1, Math.floor(random() * span));
}

/** product.md §2: the business logo sits at {public blob base}/{imageRelativeDirectory}/logo.png. */
export function businessLogoUrl(
  blobBaseUrl: string,
  imageRelativeDirectory: string,
  random: () => number = Math.random,
): string {
  const base = blobBaseUrl.replace(/\/+$/, '');
  const directory = imageRelativeDirectory.replace(/^\/+|\/+$/g, '');
  const path = directory ? `${base}/${directory}/logo.png` : `${base}/logo.png`;
  return `${path}?v=${logoCacheBust(random)}`;
}
