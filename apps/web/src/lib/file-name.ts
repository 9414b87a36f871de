/** product.md §9: a displayed file name is cut at 40 characters, followed by '...'. */
export const DISPLAYED_FILE_NAME_MAX = 40;

export function truncateFileName(name: string, max: number = DISPLAYED_FILE_NAME_MAX): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** Files that operating systems drop beside real ones; the drop area ignores them (product.md §2). */
export const IGNORED_FILE_NAMES: readonly string[] = ['.DS_Store', 'Thumbs.db'];

export function isIgnoredFile(name: string): boolean {
  return IGNORED_FILE_NAMES.includes(name);
}

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function hasAcceptedExtension(name: string, accepted: readonly string[]): boolean {
  const extension = fileExtension(name);
  return accepted.some((candidate) => candidate.replace(/^\./, '').toLowerCase() === extension);
}
