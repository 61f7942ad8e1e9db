/**
 * A browser's renderer processes, through the DevTools protocol (`SystemInfo.getProcessInfo`; a
 * tab's page and its workers live in its renderer): how much memory they have taken (the most each
 * held at once, the kernel's peak resident size, VmHWM), and a raised priority for their main
 * threads while a test times the page's frames. A test that measures one tab does so in a browser
 * of its own, so every renderer's figure is that tab's.
 */
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type { Browser } from 'playwright-core';

interface ProcessInfo {
  readonly type: string;
  readonly id: number;
}

async function renderers(browser: Browser): Promise<number[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: ProcessInfo[];
    };
    return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } finally {
    await session.detach();
  }
}

/** The highest peak resident size of the browser's renderers so far, in bytes. */
export async function rendererPeakBytes(browser: Browser): Promise<number> {
  let peak = 0;
  for (const pid of await renderers(browser)) {
    const status = await readFile(`/proc/${String(pid)}/status`, 'utf8').catch(() => '');
    const kilobytes = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kilobytes * 1024);
  }
  if (peak === 0) throw new Error('No renderer process was found to measure.');
  return peak;
}

/**
 * Raises the priority of the renderers' main threads (on Linux, a process id names its main
 * thread), so that a frame's length is the page's work, not time the machine gave to other
 * processes: this machine's other work, and the page's own list workers and server. Where the
 * system does not allow it (not root), the frames are measured as they come.
 */
export async function favourRenderers(browser: Browser): Promise<void> {
  for (const pid of await renderers(browser)) {
    try {
      setPriority(pid, -10);
    } catch {
      // Not allowed here: measured as they come.
    }
  }
}

export const GB = 1024 ** 3;
