/**
 * The otpauth:// URL as a QR code (qrcode.react, SVG), loaded lazily by EnrolPanel so the login and
 * profile screens carry it only when someone enrols.
 * @example <QrCode value="otpauth://totp/Emite:ana@empresa.ec?secret=…" />
 */
import { QRCodeSVG } from 'qrcode.react';

export default function QrCode({ value }: { value: string }) {
  return <QRCodeSVG value={value} size={184} level="M" marginSize={2} role="img" aria-label="Código QR para la aplicación de autenticación" />;
}
