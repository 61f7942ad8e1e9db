/**
 * Which requests the server answers at all. A page on another site can make a browser send
 * requests here (DNS rebinding gives it the server's address under its own name); the browser then
 * says so in `Host` (the name it looked up) and in `Origin`. Only names that mean this server, on
 * the port it listens on, are answered, so such a page never reaches the API or, through it, the
 * credentialed upstream.
 */

/** Names under which a browser on this machine reaches a server listening on loopback. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** A name (lower case) and the port it must come with; null takes any port or none. */
interface HostRule {
  name: string;
  port: number | null;
}

export interface HostCheck {
  /** Null when the request may be answered; otherwise why not, with the status to answer. */
  refusal(
    headers: { host: string | undefined; origin: string | undefined },
    target: string,
    localPort: number,
    /** The client's address; a loopback name is answered only to a client on this machine. */
    remoteAddress?: string,
  ): { status: 421 | 403; detail: string } | null;
  /** The names this server answers to on `port`, for people to read. */
  describe(port: number): string[];
}

/**
 * `--allowed-host` values: a name (any port, as behind a reverse proxy on 80 or 443) or a name and
 * port. Throws with a message for the person who typed it.
 */
export function parseAllowedHost(text: string): string {
  const rule = parseHost(text.trim());
  if (rule === null || rule.name === '') {
    throw new Error(
      `--allowed-host takes a host name or address, with an optional :port (such as explorer.example.org or 192.168.1.20:5173), not "${text}".`,
    );
  }
  return rule.port === null ? rule.name : `${rule.name}:${String(rule.port)}`;
}

/**
 * `listenHost` is the address given to listen on; it is answered to as well (with the port),
 * besides the loopback names. `extra` are the `--allowed-host` values.
 */
export function createHostCheck(listenHost: string, extra: readonly string[] = []): HostCheck {
  const listen = bracketed(listenHost.toLowerCase());
  // Names answered on the listening port only.
  const onPort: string[] = [...new Set([...LOOPBACK_NAMES, listen])];
  const rules: HostRule[] = extra.flatMap((text) => {
    const rule = parseHost(text);
    return rule === null ? [] : [rule];
  });

  const allowed = (authority: string, localPort: number, local: boolean): boolean => {
    const host = parseHost(authority);
    if (host === null) return false;
    // A loopback name means "this machine" only to a client on it: another machine that sends it
    // is not addressing this server by any name it was given.
    if (!local && LOOPBACK_NAMES.includes(host.name)) return false;
    if (host.port === localPort && onPort.includes(host.name)) return true;
    return rules.some((r) => r.name === host.name && (r.port === null || r.port === host.port));
  };

  const describe = (port: number): string[] => [
    ...onPort.map((name) => `${name}:${String(port)}`),
    ...rules.map((r) => (r.port === null ? r.name : `${r.name}:${String(r.port)}`)),
  ];
  const misdirected = (port: number, what: string) => ({
    status: 421 as const,
    detail:
      `This server answers only requests addressed to ${describe(port).join(', ')}; ${what}. ` +
      'To reach it under another name, start it with --allowed-host NAME.',
  });

  return {
    refusal({ host, origin }, target, localPort, remoteAddress) {
      const local = remoteAddress === undefined || isLoopbackAddress(remoteAddress);
      if (host === undefined || host === '') {
        return misdirected(localPort, 'this one named no host');
      }
      // An absolute request target names the host it is for, whatever Host says.
      const named = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(target)?.[1];
      for (const authority of named === undefined ? [host] : [host, named]) {
        if (!allowed(authority, localPort, local)) {
          const loopback = !local && LOOPBACK_NAMES.includes(parseHost(authority)?.name ?? '');
          return misdirected(
            localPort,
            `this one was addressed to ${clip(authority)}` +
              (loopback ? ', a name that means this machine only to a client on it' : ''),
          );
        }
      }
      if (origin !== undefined) {
        const from = originAuthority(origin);
        if (from === null || !allowed(from, localPort, local)) {
          return {
            status: 403,
            detail: `This server answers only the explorer's own pages, not requests from ${clip(origin)}.`,
          };
        }
      }
      return null;
    },
    describe,
  };
}

/**
 * Whether an address (as given to listen on, or a client's) is this machine's loopback: 127.0.0.0/8,
 * ::1 (also as an IPv4-mapped or bracketed address) or `localhost`.
 */
export function isLoopbackAddress(address: string): boolean {
  const plain = address
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:(?=\d+\.)/, '');
  return plain === 'localhost' || plain === '::1' || /^127\.\d+\.\d+\.\d+$/.test(plain);
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`, lower case; null when it is none of those. */
function parseHost(authority: string): HostRule | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]*)(?::(\d{1,5}))?$/i.exec(authority);
  if (!match) return null;
  const name = (match[1] ?? '').toLowerCase();
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && port > 65_535) return null;
  return { name, port };
}

/** The host and port an `Origin` names, the scheme's default port written out; null if none. */
function originAuthority(origin: string): string | null {
  const match = /^(https?):\/\/([^/?#@]+)$/i.exec(origin);
  if (!match) return null;
  const [, scheme = '', authority = ''] = match;
  if (/:\d+$/.test(authority)) return authority;
  return `${authority}:${scheme.toLowerCase() === 'https' ? '443' : '80'}`;
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function clip(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 80 ? `${printable.slice(0, 80)}…` : printable;
}
