/** A file's size for people: "2.5 MB", or whole KB (at least 1) below a megabyte. */
export const fileSizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
