const NAME_MAX_LENGTH = 512;
// A segment may not start with a dot: no `.`, no `..`, no hidden file (the local driver's `.incoming` stays out of reach).
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/**
 * Names are chosen by callers (`org-uuid/2026/11/file-uuid`), never by users: anything that could step outside a
 * driver's root or folder is refused.
 */
export function isSafeStorageName(name: string): boolean {
  if (name.length === 0 || name.length > NAME_MAX_LENGTH || name.includes('..')) return false;
  return name.split('/').every((segment) => SAFE_SEGMENT.test(segment));
}
