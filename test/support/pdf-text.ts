/**
 * The text of a PDF, as pdftotext (poppler-utils) reads it, in reading order with the layout
 * kept; installed with apt-get where it can be, as the browser is.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemTool } from './system-tool';

let found: string | undefined;
const pdftotext = () =>
  (found ??= systemTool({
    paths: ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'],
    pkg: 'poppler-utils',
    usedBy: 'The print tests',
  }));

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
