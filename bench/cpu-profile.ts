/**
 * A DevTools CPU profile (the Profiler domain's), and where its time went: per function by its own
 * samples (self) and with what it calls (total), for the samples a caller picks. Used by the
 * load's profile (profile-load.ts) and the interactions' (interactions.ts).
 */

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A function as the lists name it: its name, its file and line. */
export const nodeName = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${String(n.callFrame.lineNumber + 1)}`;

/** Each sample's time, in ms on the profile's clock. */
export function sampleTimes(profile: CpuProfile): number[] {
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t / 1000);
  }
  return times;
}

/**
 * The ms of the samples `take` keeps (by index), per function: its own (`self`) and with what it
 * calls (`total`), and how many of them the page's thread was busy (not idle).
 */
export function tally(profile: CpuProfile, take: (i: number) => boolean = () => true) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const times = sampleTimes(profile);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if (!take(i)) continue;
    const dt = (times[i + 1] ?? times[i] ?? 0) - (times[i] ?? 0) || 0;
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    const own = nodeName(node);
    if (node.callFrame.functionName !== '(idle)') busy += dt;
    self.set(own, (self.get(own) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      if (!n) break;
      const key = nodeName(n);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  }
  return { self, total, busy };
}

/** The `top` largest of a tally's map, one a line. */
export function topList(m: ReadonlyMap<string, number>, top: number): string {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`)
    .join('\n');
}
