/**
 * Hands a file to the browser's downloads: a Blob behind an object URL and a link with `download`,
 * which the Content-Security-Policy allows (no script, no style), and which keeps the parts as they
 * are rather than joining a large file into one string first.
 */

/** Long enough for the browser to have started the download. */
const REVOKE_AFTER_MS = 60_000;

export function saveFile(parts: readonly string[], fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts as string[], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, REVOKE_AFTER_MS);
  }
}
