/** What stands in a log line where a secret was. */
export const REDACTED = '[REDACTED]';

/** Names of fields, headers and query parameters whose values never reach a log: passwords, tokens, keys, cookies. */
const SECRET_NAME = /password|passwd|pwd|secret|token|authori[sz]ation|cookie|credential|api[-_]?key|broker[-_]?key|private[-_]?key/i;

export const isSecretName = (name: string) => SECRET_NAME.test(name);

/** Query parameters, in a URL or anywhere in a line of text; the value ends at a separator, a quote or a backslash. */
const QUERY_PARAM = /([?&;])([^=&#?\s"\\]{1,64})=([^&#\s"\\]*)/g;

/** The URL with the values of secret query parameters (`?token=...`) replaced. */
export function redactUrl(url: string): string {
  return url.replace(QUERY_PARAM, secretParam);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const MAX_DEPTH = 8;

/**
 * A copy of a logged value in which every field with a secret name is replaced, at any depth of
 * plain objects and arrays. Other objects (requests, errors, buffers) are left to their serializers.
 */
export function redactFields<T>(value: T, extraNames?: ReadonlySet<string>): T {
  return walk(value, 0, new WeakSet(), extraNames) as T;
}

function walk(value: unknown, depth: number, seen: WeakSet<object>, extraNames?: ReadonlySet<string>): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((v) => walk(v, depth + 1, seen, extraNames));
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    copy[key] = isSecretName(key) || extraNames?.has(key) ? REDACTED : walk(v, depth + 1, seen, extraNames);
  }
  return copy;
}

type Replacer = (match: string, ...groups: string[]) => string;
const keepFirst: Replacer = (_match, head) => `${head}${REDACTED}`;
const secretParam: Replacer = (whole, sep, name) => (isSecretName(safeDecode(name)) ? `${sep}${name}=${REDACTED}` : whole);

/** Patterns that are secrets wherever they appear in a written line, whatever field or message holds them. */
const SECRET_TEXT: Array<[RegExp, Replacer]> = [
  [QUERY_PARAM, secretParam],
  // A JSON Web Token: its header is base64url JSON, which always starts with `eyJ`.
  [/eyJ[\w-]{5,}\.[\w-]+\.[\w-]*/g, () => REDACTED],
  [/(Bearer\s+)[^\s"\\,]+/gi, keepFirst],
  // Password hashes (bcrypt, argon2).
  [/\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g, () => REDACTED],
  [/\$argon2(?:id|i|d)\$[^\s"\\]+/g, () => REDACTED],
  // A failed query's parameters (Drizzle's error message ends with them); JSON text writes its newline as \n.
  [/(\\nparams: )(?:[^"\\]|\\[^n])*/g, keepFirst],
  // A string field with a secret name, wherever it sits in the JSON line.
  [/("([^"\\]{1,64})":)"(?:[^"\\]|\\.)*"/g, (whole, head, name) => (isSecretName(name) ? `${head}"${REDACTED}"` : whole)],
];

/** The finished JSON log line with every secret these patterns recognise replaced. */
export function redactLine(line: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replace]) => out.replace(pattern, replace), line);
}
