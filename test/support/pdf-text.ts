/**
 * The text of a PDF, as pdftotext (poppler-utils) reads it, in reading order with the layout
 * kept. If it is missing and this runs as root on Debian, it is installed with apt-get, as the
 * browser is; otherwise the error says how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function pdftotext(): string {
  const found = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('pdftotext is missing: installing poppler-utils with apt-get for the print tests…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit' });
    if (existsSync('/usr/bin/pdftotext')) return '/usr/bin/pdftotext';
  }
  throw new Error(
    'The print tests read PDFs with pdftotext: install it with `sudo apt-get install -y poppler-utils`.',
  );
}

export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'print-'));
  try {
    const file = join(dir, 'printout.pdf');
    writeFileSync(file, pdf);
    return execFileSync(pdftotext(), ['-layout', file, '-'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
