/**
 * Encryption at rest for certificates and their passwords: AES-256-GCM with a 32-byte key
 * (from DATA_DIR/secret.key or env). Layout: iv(12) | tag(16) | ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('La clave de cifrado debe tener 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
    },
  };
}
