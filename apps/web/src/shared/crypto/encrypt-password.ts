import { cbc } from '@noble/ciphers/aes.js';

// Plain JS, not WebCrypto: crypto.subtle exists only in secure contexts, and consoles are often opened over http on a LAN.
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const aes = (key: string) => {
  const bytes = utf8.encode(key);
  return cbc(bytes, bytes);
};

/** AES-128-CBC with PKCS#7, key = IV = the configured 16-char key, base64 output (spec §9). Obfuscation only; TLS protects. */
export const encryptPassword = (plain: string, key: string): string => toBase64(aes(key).encrypt(utf8.encode(plain)));

/** The password back, or '' when the text is not base64, not a whole number of blocks, or not this key's. */
export function decryptPassword(cipher: string, key: string): string {
  try {
    return strictUtf8.decode(aes(key).decrypt(fromBase64(cipher)));
  } catch {
    return '';
  }
}
