/**
 * The portal's mark beside its name in every bar: the drawing of public/favicon.svg written into the page,
 * so that a page's first paint waits on no request for it (the icon file stays for the browser's tab).
 */
export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <path
        d="M9 12.5A2.5 2.5 0 0 1 11.5 10h9a2.5 2.5 0 0 1 2.5 2.5V21a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
      />
      <path d="M13 10V8.5A1.5 1.5 0 0 1 14.5 7h3A1.5 1.5 0 0 1 19 8.5V10" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
