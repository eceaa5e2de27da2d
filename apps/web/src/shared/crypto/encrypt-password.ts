import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Utf8 from 'crypto-js/enc-utf8';

const options = (key: string) => ({ iv: Utf8.parse(key), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 });

/** AES-128-CBC, key = IV = the configured 16-char key, base64 output (spec §9). Obfuscation only; TLS protects. */
export const encryptPassword = (plain: string, key: string): string =>
  AES.encrypt(Utf8.parse(plain), Utf8.parse(key), options(key)).toString();

export function decryptPassword(cipher: string, key: string): string {
  try {
    return AES.decrypt(cipher, Utf8.parse(key), options(key)).toString(Utf8);
  } catch {
    return '';
  }
}
