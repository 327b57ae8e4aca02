/** The company as `GET /api/admin/company` answers it, and a file as base64 for JSON uploads. */
export interface Company extends Record<string, unknown> {
  ruc: string;
  hasLogo: boolean;
  certificate: null | { subject: string; issuer: string; serialNumber: string; notBefore: string; notAfter: string; daysToExpiry: number };
}

export const toBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
