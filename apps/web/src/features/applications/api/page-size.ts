/** Applications per page of /applications (its own module: the page's early requests need it alone, 0466). */
export const APPLICATIONS_PAGE_SIZE = 10;
